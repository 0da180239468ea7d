"""Compare real-GPU and simulated fidelity runs; exit 1 on any disagreement.

usage: python benchmarks/fidelity/compare.py real.json sim.json

Programs agree when both ran to a result and they agree on: raised or not, the exception
type(s), and the devices the message names.
"""

from __future__ import annotations

import json
import sys


def _outcome(record: dict[str, object] | None) -> str:
    if record is None:
        return "missing"
    if record.get("status") != "ok":
        return str(record.get("status"))
    if not record["raised"]:
        return "ok"
    devices = ",".join(record.get("devices") or []) or "-"  # type: ignore[arg-type]
    return f"{record['type']} [{devices}]"


def agree(real: dict[str, object] | None, sim: dict[str, object] | None) -> bool:
    if real is None or sim is None or real.get("status") != "ok" or sim.get("status") != "ok":
        return False
    keys = ("raised", "type", "devices")
    return all(real.get(k) == sim.get(k) for k in keys)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as handle:
        real = json.load(handle)["programs"]
    with open(argv[1], encoding="utf-8") as handle:
        sim = json.load(handle)["programs"]
    names = sorted(set(real) | set(sim))
    width = max([len(n) for n in names] + [7])
    print(f"{'program':{width}}  {'real':40}  {'sim':40}  agree")
    failures = 0
    for name in names:
        same = agree(real.get(name), sim.get(name))
        failures += not same
        mark = "yes" if same else "NO"
        print(
            f"{name:{width}}  {_outcome(real.get(name)):40}  {_outcome(sim.get(name)):40}  {mark}"
        )
    print(f"\n{len(names) - failures}/{len(names)} programs agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
