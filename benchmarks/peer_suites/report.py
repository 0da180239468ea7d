"""Write benchmarks/results/sim_peer_suites.md + .json from a run_accelerate.py result.

    python benchmarks/peer_suites/report.py RESULT.json --commit SHA --command "..." \
        [--date 2026-12-02] [--machine "CPU VM, 2 cores, 24 GiB"]

Per file: pass / fail / skip / error on the CPU and under `--torchplace-gpus 2`; every test
whose outcome differs, with the simulated run's message; and the cost: summed pytest time of
the tests that passed in both runs, simulated over CPU. The reasons, judged by reading each
failure, come from `accelerate_reasons.md` beside this script; the History table of the
results file already there is kept and one row added.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parents[1] / "results"
REASONS = Path(__file__).with_name("accelerate_reasons.md")
Outcomes = dict[str, list[Any]]


def tally(results: Outcomes) -> dict[str, int]:
    counts = {"passed": 0, "failed": 0, "skipped": 0, "error": 0}
    for outcome, _, _ in results.values():
        counts[outcome] += 1
    return counts


def changes(cpu: Outcomes, sim: Outcomes) -> list[tuple[str, str, str, str]]:
    rows = []
    for test in sorted(set(cpu) | set(sim)):
        before = cpu.get(test, ["absent", 0, ""])[0]
        after, _, message = sim.get(test, ["absent", 0, ""])
        if before != after:
            rows.append((test.rsplit(".", 1)[-1], before, after, message))
    return rows


def cost(cpu: Outcomes, sim: Outcomes) -> tuple[float, float]:
    both = [t for t in cpu if cpu[t][0] == "passed" and sim.get(t, ["", 0])[0] == "passed"]
    return sum(cpu[t][1] for t in both), sum(sim[t][1] for t in both)


def history(path: Path) -> list[str]:
    """The rows of the History table of an earlier results file (none when there is none)."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if "## History" not in text:
        return []
    rows = text.split("## History", 1)[1].splitlines()
    return [r for r in rows if r.startswith("| 20")]


def headline(data: dict[str, Any]) -> tuple[int, int]:
    """(skipped on the CPU and passing simulated, passing on the CPU and failing simulated)."""
    gained = lost = 0
    for entry in data["files"].values():
        for test, result in entry["cpu"].items():
            before, after = result[0], entry["sim"].get(test, ["absent"])[0]
            gained += before == "skipped" and after == "passed"
            lost += before == "passed" and after in ("failed", "error")
    return gained, lost


def render(data: dict[str, Any], options: argparse.Namespace) -> str:
    extra = data.get("repository_commit")
    source = f"accelerate {data['accelerate']} (tests from its sdist"
    if extra:
        source += (
            f"; tests/fsdp, tests/tp and the test configs, samples and examples it leaves out "
            f"from its repository at {extra[:10]}"
        )
    lines = [
        "# accelerate's own tests on 2 virtual GPUs (`pytest --torchplace-gpus 2`) vs the CPU",
        "",
        f"Date: {options.date}. Machine: {options.machine}. Commit: {options.commit}.",
        f"{source}), torch {data.get('torch', '2.13.0')}.",
        f"Command: `{options.command}`",
        *([options.note] if options.note else []),
        "",
        "| file | CPU pass/fail/skip/err | sim pass/fail/skip/err "
        "| sim/CPU time (tests passing in both) |",
        "|---|---|---|---|",
    ]  # fmt: skip
    totals = {"cpu": [0, 0, 0, 0], "sim": [0, 0, 0, 0]}
    cpu_time = sim_time = 0.0
    for name, entry in data["files"].items():
        cells = []
        for mode in ("cpu", "sim"):
            counts = list(tally(entry[mode]).values())
            totals[mode] = [a + b for a, b in zip(totals[mode], counts, strict=True)]
            cells.append("/".join(map(str, counts)))
        spent = cost(entry["cpu"], entry["sim"])
        cpu_time, sim_time = cpu_time + spent[0], sim_time + spent[1]
        ratio = f"{spent[1] / spent[0]:.2f}x" if spent[0] > 0.05 else "n/a"
        lines.append(f"| {name} | {cells[0]} | {cells[1]} | {ratio} |")
    overall = f"{sim_time / cpu_time:.2f}x" if cpu_time else "n/a"
    joined = ["/".join(map(str, totals[m])) for m in ("cpu", "sim")]
    gained, lost = headline(data)
    lines += [
        f"| **all** | {joined[0]} | {joined[1]} | {overall} |",
        "",
        f"Tests skipped on the CPU that pass simulated: {gained}. Tests that pass on the CPU and "
        f"fail or error simulated: {lost}.",
        "",
        "## Tests whose outcome differs",
        "",
    ]
    lines += ["| file | test | CPU | sim | sim message |", "|---|---|---|---|---|"]
    for name, entry in data["files"].items():
        for test, before, after, message in changes(entry["cpu"], entry["sim"]):
            lines.append(f"| {name} | {test} | {before} | {after} | {message.replace('|', '/')} |")
    if REASONS.exists():
        lines += ["", REASONS.read_text(encoding="utf-8").rstrip()]
    lines += ["", "## History", "", "| date | commit | figure |", "|---|---|---|"]
    lines += history(RESULTS / "sim_peer_suites.md")
    lines.append(
        f"| {options.date} | {options.commit} | {len(data['files'])} files: sim {joined[1]} vs "
        f"CPU {joined[0]} (pass/fail/skip/err); {gained} GPU tests pass that skip on the CPU; "
        f"{lost} CPU-passing tests fail |"
    )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("result")
    parser.add_argument("--commit", required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--date", default="2026-12-02")
    parser.add_argument("--machine", default="CPU VM, 2 cores (shared), 24 GiB")
    parser.add_argument("--note", default="", help="a line after the command (e.g. what ran when)")
    options = parser.parse_args()
    data = json.loads(Path(options.result).read_text(encoding="utf-8"))
    text = render(data, options)
    (RESULTS / "sim_peer_suites.md").write_text(text, encoding="utf-8")
    summary = {
        "date": options.date,
        "machine": options.machine,
        "repository_commit": data.get("repository_commit"),
        "commit": options.commit,
        "command": options.command,
        "accelerate": data["accelerate"],
        "files": {
            name: {
                "cpu": tally(entry["cpu"]),
                "sim": tally(entry["sim"]),
                "changed": changes(entry["cpu"], entry["sim"]),
                "runs": {"cpu": entry["cpu_run"], "sim": entry["sim_run"]},
            }
            for name, entry in data["files"].items()
        },
    }
    (RESULTS / "sim_peer_suites.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
