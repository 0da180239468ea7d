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
    return {
        "architectures": len(types),
        "observed_all_auto": len(observed),
        "auto_audits": len(auto),
        "auto_observed": sum(r["outcome"] == "forward-observed" for r in auto),
        "auto_false_errors": sum(bool(r.get("errors")) for r in auto),
        "vlm_with_images": vlm,
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
        *[f"  - chunk, run in parallel: `{c}`" for c in meta.get("chunks", [])],
        f"- imports (paid once per CLI run, not in the times below): {meta['import_seconds']} s",
        "",
        f"**{h['observed_all_auto']} of {h['architectures']} architectures** audit with an "
        f"observed forward on every auto map ({h['auto_observed']}/{h['auto_audits']} auto-map "
        f"audits; {h['auto_false_errors']} with an error finding). VLMs fed images: "
        f"{len(h['vlm_with_images'])} ({', '.join(h['vlm_with_images'])}). Bad maps caught: "
        f"**{h['bad_caught']}/{h['bad_audits']}**. Slowest audit {h['max_seconds']:.1f} s wall "
        f"({h['max_cpu_seconds']:.1f} s CPU at most, imports excluded), "
        f"largest peak {h['max_peak_mib']} MiB.",
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


def _short(text: str) -> str:
    return text.replace("|", "/").replace("\n", " ")[:120]
