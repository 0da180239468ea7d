"""Rerun transformers' whole model test files under simulation only, after simulator changes,
and check that no test failing there passes on the CPU.

The full comparison (`run_transformers.py --only whole`) runs each file on the CPU and under
simulation; this cheaper check runs the file once under `--torchplace-gpus 2` and runs on the
CPU only the tests that failed there. A failure that also fails (or skips) on the CPU is not
a simulator regression; one that passes on the CPU is, and is listed.

    PYTHONPATH=src python benchmarks/peer_suites/rerun_whole_sim.py llama gpt2 bert t5 \
        [--json OUT.json] [--timeout 3000]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import run_transformers  # a sibling script, not a package


def rerun(arch: str, timeout: int, work: Path) -> dict[str, object]:
    path = f"tests/models/{arch}/test_modeling_{arch}.py"
    simulated = run_transformers.run([path], None, True, timeout, work / f"{arch}_sim.xml")
    tests = simulated["tests"]
    failing = sorted(t for t, outcome in tests.items() if outcome[0] in ("failed", "error"))
    on_cpu: dict[str, object] = {}
    if failing:
        ids = [run_transformers.node_id(t) for t in failing]
        on_cpu = run_transformers.run(ids, None, False, timeout, work / f"{arch}_cpu.xml")["tests"]
    return {
        "status": simulated["status"],
        "wall_s": simulated["wall_s"],
        "sim": dict(Counter(outcome[0] for outcome in tests.values())),
        "sim_failing": {t: on_cpu.get(t, ("not run",))[0] for t in failing},  # type: ignore[index]
        "cpu_passing_sim_not": [t for t in failing if on_cpu.get(t, ("",))[0] == "passed"],  # type: ignore[index]
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archs", nargs="+")
    parser.add_argument("--timeout", type=int, default=3000, help="seconds per pytest run")
    parser.add_argument(
        "--json", type=Path, default=run_transformers.ROOT / ".corpus" / "rerun_whole.json"
    )
    options = parser.parse_args()
    run_transformers.link_installed_transformers()
    work = options.json.parent
    work.mkdir(parents=True, exist_ok=True)
    results = {}
    for arch in options.archs:
        results[arch] = rerun(arch, options.timeout, work)
        print(arch, json.dumps({k: v for k, v in results[arch].items() if k != "sim_failing"}))
    options.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 1 if any(r["cpu_passing_sim_not"] for r in results.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
