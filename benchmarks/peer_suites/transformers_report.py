"""Write benchmarks/results/sim_peer_suites_transformers.md + .json from a run_transformers.py
result.

    python benchmarks/peer_suites/transformers_report.py RESULT.json [MORE.json ...] --commit SHA
        --command "..."
        [--date 2026-12-02] [--machine "CPU VM, 2 cores (shared), 24 GiB"]

Per selection: pass / fail / skip / error on the CPU and under `--torchplace-gpus 2`, the tests
that pass on the CPU and fail under simulation (regressions), and the cost (wall time of the
whole pytest run, and summed time of the tests passing in both runs, simulated over CPU). For
the model-parallel and offload tests, the simulated outcome per architecture.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from transformers_gated import per_arch_rows, reasons_table, summarize, table

from report import changes, cost, tally

RESULTS = Path(__file__).resolve().parents[1] / "results"
JUDGED = Path(__file__).with_name("transformers_judged.json")  # read failures, with reasons
NAME = "sim_peer_suites_transformers"


def arch_of(test: str) -> str:
    match = re.search(r"models\.([a-z0-9_]+)\.test_modeling_", test)
    return match.group(1) if match else "?"


def regressions(cpu: dict[str, Any], sim: dict[str, Any]) -> list[tuple[str, str]]:
    return [
        (test, sim.get(test, ["absent", 0, ""])[2])
        for test in sorted(cpu)
        if cpu[test][0] == "passed" and sim.get(test, ["absent"])[0] != "passed"
    ]


def per_arch(sim: dict[str, Any]) -> dict[str, dict[str, int]]:
    rows: dict[str, dict[str, int]] = {}
    for test, (outcome, _, _) in sim.items():
        row = rows.setdefault(arch_of(test), {"passed": 0, "failed": 0, "skipped": 0, "error": 0})
        row[outcome] += 1
    return dict(sorted(rows.items()))


def cells(results: dict[str, Any]) -> str:
    return "/".join(str(v) for v in tally(results).values())


def selection_rows(data: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    lines = [
        "| selection | CPU pass/fail/skip/err | sim pass/fail/skip/err | CPU pass, sim not "
        "| wall time sim/CPU | time of tests passing in both, sim/CPU |",
        "|---|---|---|---|---|---|",
    ]  # fmt: skip
    summary: dict[str, Any] = {}
    for name, entry in data["selections"].items():
        if name.startswith("gated"):
            continue
        if "carried_from" in entry:
            lines.append(carried_row(name, entry))
            summary[name] = entry
            continue
        cpu, sim = entry["cpu"]["tests"], entry["sim"]["tests"]
        walls = entry["cpu"]["wall_s"], entry["sim"]["wall_s"]
        spent = cost(cpu, sim)
        wall_ratio = f"{walls[1] / walls[0]:.2f}x ({walls[1]:.0f} s / {walls[0]:.0f} s)"
        ratio = f"{spent[1] / spent[0]:.2f}x" if spent[0] > 0.05 else "n/a"
        lost = regressions(cpu, sim)
        lines.append(
            f"| {name} | {cells(cpu)} | {cells(sim)} | {len(lost)} | {wall_ratio} | {ratio} |"
        )
        summary[name] = {
            "cpu": tally(cpu), "sim": tally(sim), "cpu_pass_sim_not": lost,
            "runs": {m: {"status": entry[m]["status"], "wall_s": entry[m]["wall_s"]}
                     for m in ("cpu", "sim")},
            "time_of_tests_passing_in_both_s": {"cpu": spent[0], "sim": spent[1]},
        }  # fmt: skip
    return lines, summary


def previous_history() -> list[str]:
    """The History rows of the result file being replaced (kept; the new row goes last)."""
    path = RESULTS / f"{NAME}.md"
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8").split("## History", 1)
    rows = text[1].splitlines() if len(text) == 2 else []
    return [r for r in rows if r.startswith("| 20")]


def carried(names: list[str]) -> dict[str, Any]:
    """Selections not rerun, as the result file being replaced has them (with its commit)."""
    path = RESULTS / f"{NAME}.json"
    if not names or not path.exists():
        return {}
    old = json.loads(path.read_text(encoding="utf-8"))
    return {
        n: {**old["selections"][n], "carried_from": old["selections"][n].get("carried_from",
                                                                            old["commit"])}
        for n in names
    }  # fmt: skip


def figure_of(name: str, s: dict[str, Any]) -> str:
    if "carried_from" in s:
        return f"{name}: as at {s['carried_from']}"
    if "gpu_gated" in s:
        c = s["outcome_under_sim"]
        return (f"{name}: {s['gpu_gated']} of {s['cpu_skipped']} CPU-skipped, under sim "
                f"{c['passed']}/{c['failed']}/{c['skipped']}/{c['error']}")  # fmt: skip
    return (
        f"{name}: sim {'/'.join(map(str, s['sim'].values()))} vs CPU "
        f"{'/'.join(map(str, s['cpu'].values()))}, {len(s['cpu_pass_sim_not'])} CPU-passing "
        "not passing under sim"
    )


def carried_row(name: str, entry: dict[str, Any]) -> str:
    """A selection not rerun: its row as the previous result file has it."""
    walls = entry["runs"]["cpu"]["wall_s"], entry["runs"]["sim"]["wall_s"]
    spent = entry["time_of_tests_passing_in_both_s"]
    ratio = f"{spent['sim'] / spent['cpu']:.2f}x" if spent["cpu"] > 0.05 else "n/a"
    return (
        f"| {name} (at {entry['carried_from']}) | {'/'.join(map(str, entry['cpu'].values()))} "
        f"| {'/'.join(map(str, entry['sim'].values()))} | {len(entry['cpu_pass_sim_not'])} "
        f"| {walls[1] / walls[0]:.2f}x ({walls[1]:.0f} s / {walls[0]:.0f} s) | {ratio} |"
    )


def sim_outcomes(entry: dict[str, Any]) -> dict[str, Any]:
    """The simulated outcome per test; for `@slow` tests rerun with RUN_SLOW=1, that run's."""
    return {**entry["sim"]["tests"], **entry.get("sim_slow", {}).get("tests", {})}


def rerun_lines(data: dict[str, Any]) -> list[str]:
    """The simulated reruns a selection had after a simulator fix (`--rerun-sim`)."""
    lines = []
    for name, entry in data["selections"].items():
        for rerun in entry.get("sim_reruns", []):
            names = sorted({t.split("::")[1] for t in rerun["tests"]})
            lines.append(
                f"{name}: {len(rerun['tests'])} tests ({', '.join(names)}) were rerun under "
                f"simulation at {rerun['commit']} after a simulator fix, in {rerun['wall_s']} s; "
                "their outcomes are the rerun's."
            )
    return [*lines, ""] if lines else []


def gated_section(data: dict[str, Any], summary: dict[str, Any]) -> list[str]:
    gated = {n: summarize(e) for n, e in data["selections"].items() if n.startswith("gated")}
    if not gated:
        return []
    summary.update({f"{n} (GPU-gated)": s for n, s in gated.items()})
    return [
        "",
        "## GPU-gated tests: skipped on the CPU, run on 2 virtual GPUs",
        "",
        "`gated:FILE`: the tests of a whole file that skip on the CPU; `gated-parallel`: in the "
        "files of the 29 other architectures, the tests with a GPU-requiring skip decorator "
        "beyond the five model-parallel and offload tests. GPU-gated: a skip decorator needs a "
        "GPU (`require_torch_gpu`, `_accelerator`, `_multi_gpu`, `_multi_accelerator`, "
        "`_large_*`, fp16/bf16 on the device; read through `@slow`, which hides them in a run's "
        "message), or the test skipped on the CPU by a device check in its body and runs under "
        "simulation. `@slow` ones are run again under simulation with RUN_SLOW=1, and counted "
        "with that outcome.",
        "",
        *table(gated),
        "",
        *rerun_lines(data),
        "GPU-gated tests that do not pass under simulation, by reason:",
        "",
        *reasons_table(gated),
        *per_arch_section(data),
    ]


def per_arch_section(data: dict[str, Any]) -> list[str]:
    entry = data["selections"].get("gated-parallel")
    if entry is None:
        return []
    return ["", "`gated-parallel` per architecture:", "", *per_arch_rows(entry, arch_of)]


def render(data: dict[str, Any], options: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    lines = [
        "# transformers' own model tests on 2 virtual GPUs (`--torchplace-gpus 2`) vs the CPU",
        "",
        f"Date: {options.date}. Machine: {options.machine}. Commit: {options.commit}.",
        f"transformers {data['transformers']} installed; its test files from "
        f"{data['tests_source']} at {data['tests_commit']} (pinned in "
        "`benchmarks/peer_suites/transformers_tests.json`; see the note there), torch 2.13.0 CPU.",
        f"Command: `{options.command}`",
        "",
    ]  # fmt: skip
    rows, summary = selection_rows(data)
    lines += rows
    parallel = data["selections"].get("parallel")
    arch_rows: dict[str, Any] = {}
    if parallel:
        arch_rows = parallel.get("per_arch") or per_arch(parallel["sim"]["tests"])
        ran = [a for a, r in arch_rows.items() if r["passed"] + r["failed"] + r["error"]]
        clean = [a for a in ran if arch_rows[a]["failed"] + arch_rows[a]["error"] == 0]
        lines += [
            "",
            "## Model-parallel and offload tests per architecture (simulated run)",
            "",
            f"Architectures whose tests ran: {len(ran)}; all of them passing: {len(clean)}. "
            "On the CPU every one of these tests skips (they need 1 or 2 GPUs).",
            "",
            "| architecture | pass | fail | skip | error |",
            "|---|---|---|---|---|",
        ]
        for arch, row in arch_rows.items():
            lines.append(f"| {arch} | {' | '.join(str(v) for v in row.values())} |")
        summary["parallel"]["per_arch"] = arch_rows
    lines += gated_section(data, summary)
    lines += [
        "",
        "A simulated run marked `(reused)` CPU / fewer tests ran only the tests that passed on the "
        "CPU (`--sim-cpu-passing`): its wall time is not like for like; the last column is.",
        "",
        "## Simulated failures and skips of GPU-gated tests, judged",
        "",
        "Skips under simulation are the suite's own `unittest.skip` decorators (their messages "
        "are in the table below); they skip on GPUs too.",
        "",
    ]
    judged = json.loads(JUDGED.read_text(encoding="utf-8"))
    lines += [f"- `{test}`: **{j['verdict']}**. {j['reason']}" for test, j in judged.items()]
    lines += ["", "## Tests that pass on the CPU and not under simulation", ""]
    lost = [(n, t, m) for n, s in summary.items() for t, m in s.get("cpu_pass_sim_not", [])]
    lines += [f"- {n}: `{t}`: {m}" for n, t, m in lost] or ["None."]
    lines += ["", "## Tests whose outcome differs (all)", ""]
    lines += ["| selection | test | CPU | sim | sim message |", "|---|---|---|---|---|"]
    for name, entry in data["selections"].items():
        if "carried_from" in entry:
            continue
        for test, before, after, message in changes(entry["cpu"]["tests"], sim_outcomes(entry)):
            lines.append(f"| {name} | {test} | {before} | {after} | {message.replace('|', '/')} |")
    figure = "; ".join(figure_of(n, s) for n, s in summary.items())
    lines += ["", "## History", "", "| date | commit | figure |", "|---|---|---|"]
    lines += [
        r for r in previous_history() if not r.startswith(f"| {options.date} | {options.commit} |")
    ]
    lines.append(f"| {options.date} | {options.commit} | {figure} |")
    meta = {"date": options.date, "machine": options.machine, "commit": options.commit,
            "command": options.command, "transformers": data["transformers"],
            "tests_source": data["tests_source"], "tests_commit": data["tests_commit"],
            "selections": summary}  # fmt: skip
    return "\n".join(lines) + "\n", meta


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", help="run_transformers.py results, merged")
    parser.add_argument("--commit", required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--date", default="2026-12-02")
    parser.add_argument("--machine", default="CPU VM, 2 cores (shared), 24 GiB")
    parser.add_argument(
        "--carry", nargs="*", default=[], metavar="SELECTION",
        help="selections not rerun: keep their rows from the current result file",
    )  # fmt: skip
    options = parser.parse_args()
    merged: dict[str, Any] = {"selections": carried(options.carry)}
    for result in options.results:
        data = json.loads(Path(result).read_text(encoding="utf-8"))
        selections = {**merged.get("selections", {}), **data["selections"]}
        merged = {**data, "selections": selections}
    text, meta = render(merged, options)
    (RESULTS / f"{NAME}.md").write_text(text, encoding="utf-8")
    (RESULTS / f"{NAME}.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
