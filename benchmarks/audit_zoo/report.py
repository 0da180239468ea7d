"""The markdown page of an audit-zoo run: the headline figures, one row per audit, history."""

from __future__ import annotations

from typing import Any


def headline(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures the claim rests on, over the auto-map audits and the bad-map audits."""
    auto = [r for r in results if r["map"] == "auto"]
    bad = [r for r in results if r["map"] == "bad"]
    types = sorted({r["model_type"] for r in results})
    observed = sorted(
        {r["model_type"] for r in auto}
        - {r["model_type"] for r in auto if r["outcome"] != "forward-observed"}
    )
    vlm = sorted({r["model_type"] for r in auto if r.get("images")})
    seen = sorted(
        {r["model_type"] for r in auto if r.get("images") and r["outcome"] == "forward-observed"}
    )
    model_code = sorted({r["model_type"] for r in auto if r["outcome"] == "model-code-failed"})
    cured = sorted({r["model_type"] for r in auto if r["outcome"] == "observed-after-cure"})
    moe = sorted({r["model_type"] for r in auto if r.get("moe")})
    every_expert = sorted(
        {r["model_type"] for r in auto if r.get("moe")}
        - {
            r["model_type"]
            for r in auto
            for m in r.get("moe", [])
            if m["reached"] < m["experts"] and m["chosen_by"] != "dense"
        }
    )
    raised = sum(
        any(f["id"] == "auto-map-cannot-place-piece" for f in r.get("findings", [])) for r in auto
    )
    return {
        "raised_shares": raised,
        "model_code_failed": model_code,
        "observed_after_cure": cured,
        "moe": moe,
        "moe_every_expert": every_expert,
        "architectures": len(types),
        "observed_all_auto": len(observed),
        "auto_audits": len(auto),
        "auto_observed": sum(r["outcome"] == "forward-observed" for r in auto),
        "auto_false_errors": sum(bool(r.get("errors")) for r in auto),
        "vlm_with_images": vlm,
        "images_observed": seen,
        "bad_audits": len(bad),
        "bad_caught": sum(bool(r.get("caught")) for r in bad),
        "max_seconds": max((r.get("seconds", 0) for r in results), default=0),
        "max_cpu_seconds": max((r.get("cpu_seconds", 0) for r in results), default=0),
        "max_peak_mib": max((r.get("peak_mib", 0) for r in results), default=0),
    }


def markdown(meta: dict[str, Any], results: list[dict[str, Any]]) -> str:
    h = headline(results)
    lines = [
        "# Audit zoo: transformers architectures on virtual GPUs",
        "",
        f"- date: {meta['date']}",
        f"- machine: {meta['machine']} (shared with other jobs: times are upper bounds)",
        f"- commit: {meta['commit']}",
        f"- command: `{meta['command']}`",
        *[
            f"  - chunk or rerun (a later row replaces an earlier one): `{c}`"
            for c in meta.get("chunks", [])
        ],
        "  (chunks ran while the branch moved on; rerun rows after each fix they needed)"
        if meta.get("chunks")
        else "",
        f"- imports (paid once per CLI run, not in the times below): {meta['import_seconds']} s",
        "",
        f"**{h['observed_all_auto']} of {h['architectures']} architectures** audit with an "
        f"observed forward on every auto map ({h['auto_observed']}/{h['auto_audits']} auto-map "
        f"audits; {h['auto_false_errors']} with an error finding). Image inputs built for "
        f"{len(h['vlm_with_images'])} ({', '.join(h['vlm_with_images'])}); forward observed "
        f"with images for {len(h['images_observed'])} ({', '.join(h['images_observed'])}). "
        "Bad maps caught: "
        f"**{h['bad_caught']}/{h['bad_audits']}**. Slowest audit {h['max_seconds']:.1f} s wall "
        f"({h['max_cpu_seconds']:.1f} s CPU at most, imports excluded), "
        f"largest peak {h['max_peak_mib']} MiB.",
        "",
        f"Forward stopped by the model's own code whatever the placement (`model-code-failed`: "
        f"the error names no device): {', '.join(h['model_code_failed']) or 'none'}. "
        "The auto map splits a module whose code does not survive the split, and the forward "
        "is observed with it kept whole (`split-module-uses-own-weights`, cure tried): "
        f"{', '.join(h['observed_after_cure']) or 'none'}. "
        f"MoE architectures: {len(h['moe'])}; every expert of every MoE layer reached on every "
        f"auto map: {len(h['moe_every_expert'])} ({', '.join(h['moe_every_expert'])}).",
        "",
        f"`auto-map-cannot-place-piece` on {h['raised_shares']} of {h['auto_audits']} auto-map "
        "audits: the zoo's per-GPU budget (the model's size over the GPUs, plus a margin) is "
        "smaller than the scaled models' embeddings (vocabularies of 32k-256k tokens at width "
        "64 are most of their size), so accelerate's balanced share cannot hold them; the audit "
        "places such a model as accelerate would with the shares raised, and says so.",
        "",
        "Configs: transformers' defaults for each model type scaled down by "
        "`benchmarks/audit_zoo/zoo.py` (2 layers, width 64, 4 heads, at most 4 experts). "
        "Peak memory is the audit process's maximum RSS (imports included).",
        "",
        "| model type | class | GPUs | map | outcome | inputs | wall s | CPU s | load | MiB "
        "| caught | findings |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        ids = ", ".join(f"{f['severity'][0]}:{f['id']}" for f in r.get("findings", []))
        note = r.get("forward_error") or r.get("error") or ""
        outcome = r["outcome"] + (f" ({_short(note)})" if note else "")
        caught = "" if r.get("caught") is None else ("yes" if r["caught"] else "**no**")
        lines.append(
            f"| {r['model_type']} | {r.get('model_class', '')} | {r['gpus']} | {r['map']} | "
            f"{outcome} | {', '.join(r.get('inputs', []))} | {r.get('seconds', 0):.1f} | "
            f"{r.get('cpu_seconds', 0):.1f} | {r.get('load', '')} | "
            f"{r.get('peak_mib', 0)} | {caught} | {ids} |"
        )
    lines += ["", "## Why the other auto-map forwards stop", ""]
    lines += [f"- {cause}" for cause in causes(results)]
    lines += ["", "## History", "", "| date | commit | figure |", "|---|---|---|"]
    for row in meta.get("history", []):
        lines.append(f"| {row['date']} | {row['commit']} | {row['figure']} |")
    return "\n".join(lines) + "\n"


def figure(results: list[dict[str, Any]]) -> str:
    h = headline(results)
    return (
        f"{h['observed_all_auto']}/{h['architectures']} observed forward (auto maps), "
        f"bad maps caught {h['bad_caught']}/{h['bad_audits']}, max {h['max_seconds']:.1f} s wall "
        f"/ {h['max_cpu_seconds']:.1f} s CPU, "
        f"{h['max_peak_mib']} MiB"
    )


# What stopped each failed auto-map forward, matched on the error text (judged by reading the
# traceback and reproducing the failing operation alone; see docs/audit.md).
_ON_CPU = (
    "a value lands on the CPU mid-forward; suspected, not confirmed: the simulator's `type_as` "
    "misplacing values (reproduced alone, it moves them to meta)"
)
CAUSES = (
    ("Cannot copy out of meta", "simulator: `Tensor.type()` of a virtual tensor names no CUDA "
     "device, so `type_as` (RMSNorm in Gemma, Gemma 2, PaliGemma) moves the value to meta"),
    ("expanded size of the tensor (0)", "simulator: `torch.arange(n, device='cuda:N')` reports "
     "shape [0], breaking `torch.meshgrid` in the Qwen2-VL / Qwen2.5-VL vision tower"),
    ("not simulated", "simulator: a value needed by data-dependent code (`.item()` in "
     "DeBERTa-v2's relative positions) that value-less weights do not have"),
    ("could not infer", "accelerate: `infer_auto_device_map` raises IndexError on DeBERTa-v2's "
     "tied weights with 4 GPUs (reported as one line asking for an explicit map)"),
    ("and cpu", _ON_CPU),
    ("other tensors on cpu", _ON_CPU),
    ("different from other tensors on cuda", "Mllama on 2 GPUs: the vision model concatenates "
     "hidden states of layers placed on different GPUs; not yet confirmed on real GPUs"),
)  # fmt: skip


# Findings in which the audit itself names the cause of a failed forward (audit/blame.py).
BLAMING = ("split-module-uses-own-weights", "model-code-failed")


def causes(results: list[dict[str, Any]]) -> list[str]:
    """One line per cause: the audit's own finding where it names one (the longest text of
    rows that start alike: earlier rows kept 300 characters), else the judged cause."""
    found: dict[str, tuple[str, set[str]]] = {}
    for r in results:
        if r["map"] != "auto" or r["outcome"] == "forward-observed":
            continue
        text = r.get("forward_error") or r.get("error") or ""
        blamed = [f for f in r.get("findings", []) if f["id"] in BLAMING]
        cause = (
            f"the audit's finding `{blamed[0]['id']}`: {_generic(blamed[0]['message'])}"
            if blamed
            else next((c for key, c in CAUSES if key in text), "not yet explained: " + text[:80])
        )
        key = cause[:250]
        longest, types = found.get(key, ("", set()))
        found[key] = (max(longest, cause, key=len), types | {r["model_type"]})
    return [f"{', '.join(sorted(types))}: {cause}" for cause, types in found.values()]


def _generic(message: str) -> str:
    """A finding's message without the GPU numbers, so that 2- and 4-GPU rows share a line."""
    import re

    return re.sub(r"cuda:\d+", "cuda:N", message).replace("|", "/")


def _short(text: str) -> str:
    return text.replace("|", "/").replace("\n", " ")[:120]
