"""The GPU-gated tests of the `gated` selections of run_transformers.py: counted, and each that
does not pass under simulation given its reason.

A test is GPU-gated when one of its skip decorators needs a GPU (`transformers_gates`), or when
it skipped on the CPU for a reason of its own body and runs under simulation (a device check
inside the test). Its simulated outcome is that of the RUN_SLOW=1 run when it is also `@slow`.
"""

from __future__ import annotations

import re
from typing import Any

from transformers_gates import is_gpu_gated

# why a GPU-gated test does not pass under simulation, from its simulated message
REASONS = (
    (r"requires Flash Attention", "needs the flash-attn package (CUDA kernels; not installable "
     "on a CPU machine, and the simulator runs no CUDA kernel)"),
    (r"requires the kernels library", "needs the `kernels` package (CUDA kernels fetched from "
     "the hub)"),
    (r"requires deepspeed", "needs DeepSpeed (not installed; its ZeRO-3 runs CUDA kernels)"),
    (r"requires bitsandbytes", "needs bitsandbytes (CUDA kernels)"),
    (r"couldn't connect to 'https://huggingface.co'|OfflineModeIsEnabled|LocalEntryNotFound",
     "loads a hub checkpoint (`@slow` integration test; no network here)"),
    (r"requires SentencePiece", "needs sentencepiece, not installed (the tokenizer of a hub "
     "checkpoint; a `@slow` integration test)"),
    (r"a Tensor with 2 elements cannot be converted to Scalar", "fails on GPUs too: "
     "nn.DataParallel gathers the replicas' DynamicCache; torch's gather turns each replica's "
     "0-dim sliding_window into a 2-element vector and transformers' cache rebuild calls "
     "`.item()` on it (cache_utils.py:2082), device-independent Python"),
    (r"Caught StopIteration in replica", "fails on GPUs too: a DataParallel replica has no "
     "registered parameters (torch's replicate), so transformers' `self.device`, "
     "`next(self.parameters())`, raises StopIteration (modeling_utils.py:905)"),
    (r"Caught TypeError in replica", "fails on GPUs too: transformers collects the vision "
     "tower's hidden states through a ContextVar (output_capturing.py), which DataParallel's "
     "worker threads do not inherit, so `selected_image_feature` is None (modeling_llava.py:144)"),
    (r"`flex_attention` does not support `dropout`", "fails on a GPU too: transformers refuses "
     "flex_attention with dropout in training mode before any tensor op (the installed "
     "release declares flex support the pinned tests' commit did not; see judged)"),
)  # fmt: skip


def reason_of(outcome: str, message: str) -> str:
    for pattern, reason in REASONS:
        if re.search(pattern, message):
            return reason
    if outcome == "skipped":  # one row per message, whatever model class it names
        generic = re.sub(r"\b[A-Z]\w*(ModelTest|Model)\b", "<model class>", message)
        return f"the suite's own skip, also on GPUs: {generic}"
    return f"unexplained: {message}"


def final(entry: dict[str, Any], test: str) -> list[Any]:
    slow = entry.get("sim_slow", {}).get("tests", {})
    return list(slow.get(test) or entry["sim"]["tests"].get(test, ["absent", 0, ""]))


def gated_tests(entry: dict[str, Any]) -> dict[str, str]:
    """test -> how it is GPU-gated ("decorator" or "body")."""
    gates, sim = entry.get("gates", {}), entry["sim"]["tests"]
    found = {}
    for test, (outcome, _, _) in entry["cpu"]["tests"].items():
        if outcome != "skipped":
            continue
        if is_gpu_gated(gates.get(test, [])):
            found[test] = "decorator"
        elif sim.get(test, ["absent"])[0] in ("passed", "failed", "error"):
            found[test] = "body"
    return found


def summarize(entry: dict[str, Any]) -> dict[str, Any]:
    gated = gated_tests(entry)
    counts = {"passed": 0, "failed": 0, "skipped": 0, "error": 0, "absent": 0}
    not_passing: dict[str, list[str]] = {}
    slow = set(entry.get("sim_slow", {}).get("tests", {}))
    for test in sorted(gated):
        outcome, _, message = final(entry, test)
        counts[outcome] += 1
        if outcome != "passed":
            not_passing.setdefault(reason_of(outcome, message), []).append(test)
    return {
        "cpu_skipped": sum(1 for o in entry["cpu"]["tests"].values() if o[0] == "skipped"),
        "gpu_gated": len(gated),
        "by_decorator": sum(1 for how in gated.values() if how == "decorator"),
        "in_body": sum(1 for how in gated.values() if how == "body"),
        "slow_run_with_run_slow": len(slow & set(gated)),
        "outcome_under_sim": counts,
        "not_passing_by_reason": not_passing,
    }


def table(summaries: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
        "| selection | CPU-skipped | GPU-gated (decorator + in body) | of them `@slow`, run with "
        "RUN_SLOW=1 | under sim pass/fail/skip/err | not passing |",
        "|---|---|---|---|---|---|",
    ]  # fmt: skip
    for name, s in summaries.items():
        c = s["outcome_under_sim"]
        lines.append(
            f"| {name} | {s['cpu_skipped']} | {s['gpu_gated']} ({s['by_decorator']} + "
            f"{s['in_body']}) | {s['slow_run_with_run_slow']} | {c['passed']}/{c['failed']}/"
            f"{c['skipped']}/{c['error']} | {c['failed'] + c['skipped'] + c['error']} |"
        )
    return lines


def reasons_table(summaries: dict[str, dict[str, Any]]) -> list[str]:
    merged: dict[str, list[str]] = {}
    for s in summaries.values():
        for reason, tests in s["not_passing_by_reason"].items():
            merged.setdefault(reason, []).extend(tests)
    lines = ["| reason | tests | which |", "|---|---|---|"]
    for reason, tests in sorted(merged.items(), key=lambda item: -len(item[1])):
        names = sorted({t.rsplit(".", 1)[-1] for t in tests})
        shown = ", ".join(f"`{n}`" for n in names[:12]) + (" ..." if len(names) > 12 else "")
        lines.append(f"| {reason.replace('|', '/')} | {len(tests)} | {shown} |")
    return lines


def per_arch_rows(entry: dict[str, Any], arch_of: Any) -> list[str]:
    """GPU-gated tests of one selection per architecture, with their simulated outcomes."""
    rows: dict[str, dict[str, int]] = {}
    for test in gated_tests(entry):
        empty = {"passed": 0, "failed": 0, "skipped": 0, "error": 0}
        counts = rows.setdefault(arch_of(test), empty)
        outcome = final(entry, test)[0]
        counts[outcome if outcome in counts else "error"] += 1
    lines = ["| architecture | GPU-gated | pass | fail | skip | error |", "|---" * 6 + "|"]
    for arch, c in sorted(rows.items()):
        lines.append(f"| {arch} | {sum(c.values())} | {' | '.join(str(v) for v in c.values())} |")
    return lines
