"""Audit the zoo: each architecture on 2 and 4 virtual GPUs, with `device_map="auto"` and with a
deliberately bad explicit map; outcome, time, peak memory and findings per audit.

    python benchmarks/audit_zoo/run.py [--only llama,t5] [--gpus 2,4] [--maps auto,bad]
        [--tokens 16] [--out benchmarks/results/audit_zoo.json] [--markdown PATH] [--merge]

Each audit runs in a child forked after the imports (so each is isolated and its peak memory
is its own `ru_maxrss`); the time is from reading the config to the finished report, imports
excluded (they are paid once per CLI run; measured once and reported beside the table).

The auto map: accelerate's "auto" (balanced) with each GPU's memory set a little above the
model's size over the GPU count, so that the model really spreads over all of them (with the
default 141 GiB a small model would sit on one). The bad map: the auto map with one decoder
(or vision) layer's first sub-block moved to another GPU, which splits a module transformers
marks as not to be split; where input and output embeddings are tied, the output head is
also moved. A bad map is caught when the audit reports it: an error or warning finding that
names the split (a split module, a split tied weight) or a forward stopped by the device
mismatch it causes.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from zoo import ARCHITECTURES, small_config  # noqa: E402

CAUGHT = {"error", "warning"}
BAD_MAP_FINDINGS = {
    "unsplittable-module-split-across-devices",
    "module-split-across-devices",
    "tied-weights-on-different-devices",
}
MISMATCH = "Expected all tensors to be on the same device"
ATTEMPTS: list[str] = []  # per-GPU budgets the auto map refused, with the audit's reason


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.combine:
        return combine(args)
    started = time.perf_counter()
    import_seconds = _import_everything()
    names = args.only.split(",") if args.only else list(ARCHITECTURES)
    cases = [
        (name, int(gpus), kind)
        for name in names
        for gpus in args.gpus.split(",")
        for kind in args.maps.split(",")
    ]
    old = json.loads(Path(args.out).read_text())["results"] if args.merge else []
    results: list[dict[str, Any]] = []
    for name, gpus, kind in cases:
        result = run_isolated(name, gpus, kind, args.tokens, args.timeout)
        results.append(result)
        print(_line(result), flush=True)
        # Written after every audit: a run cut short keeps what it measured.
        rows = _merged(old, results) if args.merge else results
        write(rows, args, import_seconds, time.perf_counter() - started, final=False)
    rows = _merged(old, results) if args.merge else results
    write(rows, args, import_seconds, time.perf_counter() - started, final=True)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated model types (default: all)")
    parser.add_argument("--gpus", default="2,4")
    parser.add_argument("--maps", default="auto,bad")
    parser.add_argument("--tokens", type=int, default=16)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per audit")
    parser.add_argument("--out", default=str(ROOT / "benchmarks/results/audit_zoo.json"))
    parser.add_argument("--markdown", default="")
    parser.add_argument("--merge", action="store_true", help="update the rows of --out")
    parser.add_argument("--history", action="store_true", help="add a history row (merged runs)")
    parser.add_argument(
        "--combine", default="", help="comma-separated result files of chunks: merge into --out"
    )
    return parser


def _import_everything() -> float:
    started = time.perf_counter()
    import accelerate  # noqa: F401
    import torch  # noqa: F401
    import transformers  # noqa: F401

    import torchplace.audit  # noqa: F401
    from torchplace.audit import build  # noqa: F401

    return time.perf_counter() - started


def run_isolated(name: str, gpus: int, kind: str, tokens: int, timeout: float) -> dict[str, Any]:
    """One audit in a forked child; its result comes back through a pipe."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: audit, send the result, leave without cleanup
        os.close(reader)
        resource.setrlimit(resource.RLIMIT_CPU, (int(timeout), int(timeout) + 5))
        try:
            result = audit_case(name, gpus, kind, tokens)
        except BaseException as error:
            result = {"outcome": "crashed", "error": _one_line(error), "trace": _trace()}
        with os.fdopen(writer, "w") as pipe:
            json.dump(result, pipe)
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader) as pipe:
        text = pipe.read()
    _, status, usage = os.wait4(pid, 0)
    result = json.loads(text) if text else {"outcome": "killed", "error": f"status {status}"}
    cpu = usage.ru_utime + usage.ru_stime  # unlike the wall time, not inflated by other jobs
    result.update(
        model_type=name, gpus=gpus, map=kind, peak_mib=round(usage.ru_maxrss / 1024),
        cpu_seconds=round(cpu, 2), load=round(os.getloadavg()[0], 1),
    )  # fmt: skip
    return result


def audit_case(name: str, gpus: int, kind: str, tokens: int) -> dict[str, Any]:
    import torch

    from torchplace.audit import audit, build, cure
    from torchplace.sim import virtual_gpus

    torch.set_num_threads(1)
    started = time.perf_counter()
    directory = Path(f"/tmp/torchplace-audit-zoo/{name}")
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "config.json").write_text(json.dumps(small_config(name)))
    try:
        prepared = build.prepare(str(directory))
    except build.PlacementError as error:
        return {"outcome": "config-refused", "error": str(error)}
    dtype = torch.bfloat16
    memory = _spreading_memory(prepared, gpus, dtype)
    notes: list[Any] = []
    with virtual_gpus(gpus, memory=memory * 8):
        model, memory = _place_auto(build, prepared, gpus, dtype, memory, notes)
        device_map = dict(model.hf_device_map)
        moved: list[str] = []
        if kind == "bad":
            device_map, moved = bad_map(model, device_map, gpus)
            model = build.place(prepared, gpus, device_map, dtype, memory * 8)
        inputs = build.sample_inputs(model, tokens)
        report = audit(model, inputs, trace_moves=True)
        report.findings[:0] = notes
        if kind == "auto":
            cure.confirm(
                report,
                model,
                lambda keep: build.place(
                    prepared, gpus, "auto", dtype, memory * 8, keep_whole=keep
                ),
                lambda placed: audit(placed, build.sample_inputs(placed, tokens)),
            )
    seconds = time.perf_counter() - started
    return _summary(report, inputs, device_map, moved, seconds, prepared)


def _place_auto(
    build: Any, prepared: Any, gpus: int, dtype: Any, memory: int, notes: list[Any]
) -> Any:
    """accelerate's auto map under a per-GPU budget, raised until nothing goes to disk; the
    model and the budget that placed it."""
    for _ in range(6):
        try:
            return build.place(prepared, gpus, "auto", dtype, memory, notes), memory
        except build.PlacementError as error:
            if "does not fit" not in str(error):
                raise
            ATTEMPTS.append(f"{memory / 2**20:.1f} MiB a GPU: {error}")
            memory = memory * 3 // 2
    return build.place(prepared, gpus, "auto", dtype, memory, notes), memory


def _spreading_memory(prepared: Any, gpus: int, dtype: Any) -> int:
    """Per-GPU memory a little above size / gpus, so that "auto" spreads the model."""
    from torchplace.audit import build

    model = build._build_empty(prepared, dtype)
    size = sum(p.numel() * p.element_size() for p in model.parameters())
    largest = max(
        (sum(p.numel() * p.element_size() for p in m.parameters()) for m in _layers(model)),
        default=0,
    )
    return int(size / gpus * 1.2) + 2 * largest + (1 << 20)


def _layers(model: Any) -> list[Any]:
    classes = set(getattr(model, "_no_split_modules", None) or [])
    return [m for m in model.modules() if type(m).__name__ in classes]


def bad_map(model: Any, device_map: dict[str, Any], gpus: int) -> tuple[dict[str, Any], list[str]]:
    """The auto map with one unsplittable layer's first sub-block on another GPU (and a tied
    output head moved away from the input embeddings)."""
    classes = set(getattr(model, "_no_split_modules", None) or [])
    names = {id(m): n for n, m in model.named_modules()}
    layers = [m for m in model.modules() if type(m).__name__ in classes]
    if not layers:  # no _no_split_modules (DeBERTa-v2): the numbered layers of a stack
        layers = [m for n, m in model.named_modules() if n.rpartition(".")[2].isdigit()]
    vision = [m for m in layers if "vision" in names[id(m)] or "visual" in names[id(m)]]
    points = [_split_point(m, names[id(m)]) for m in (vision or []) + layers]
    found = [p for p in points if p is not None]
    if not found:
        raise ValueError("no layer with two weighted sub-blocks to move apart")
    layer_name, child_name = found[0]
    layer = dict(model.named_modules())[layer_name]
    home = _device_of(layer)
    other = (home + 1) % gpus
    new = dict(device_map)
    _expand(model, new, layer_name)
    new[f"{layer_name}.{child_name}"] = other
    moved = [f"{layer_name}.{child_name} -> cuda:{other}"]
    head = _tied_head(model)
    if head is not None:
        _expand(model, new, head)
        embed = _device_of(model.get_input_embeddings())
        new[head] = (embed + 1) % gpus
        moved.append(f"{head} -> cuda:{(embed + 1) % gpus}")
    return new, moved


def _split_point(layer: Any, name: str) -> tuple[str, str] | None:
    """The layer (or its only weighted descendant) and the first of its weighted children;
    None for a layer whose weights are all its own (nothing to move apart)."""
    while True:
        weighted = [
            (n, c) for n, c in layer.named_children() if next(c.parameters(), None) is not None
        ]
        if not weighted:
            return None
        if len(weighted) > 1:
            return name, weighted[0][0]
        child, layer = weighted[0]
        name = f"{name}.{child}"


def _expand(model: Any, device_map: dict[str, Any], target: str) -> None:
    """Replace the map entry covering `target` by entries for the children along the path."""
    key = next(
        (k for k in device_map if k == "" or target == k or target.startswith(k + ".")), None
    )
    if key is None or key == target:
        return
    device = device_map.pop(key)
    modules = dict(model.named_modules())
    prefix = key
    parts = target[len(key) :].lstrip(".").split(".")
    for part in parts:
        parent = modules[prefix]
        for child, _ in parent.named_children():
            device_map[f"{prefix}.{child}" if prefix else child] = device
        own = [n for n, _ in parent.named_parameters(recurse=False)]
        own += [n for n, _ in parent.named_buffers(recurse=False)]
        for tensor in own:
            device_map[f"{prefix}.{tensor}" if prefix else tensor] = device
        prefix = f"{prefix}.{part}" if prefix else part
        device_map.pop(prefix, None)
    device_map[target] = device


def _tied_head(model: Any) -> str | None:
    try:
        output = getattr(model, "get_output_embeddings", lambda: None)()
        inputs = getattr(model, "get_input_embeddings", lambda: None)()
    except NotImplementedError:  # CLIP, SigLIP: two towers, no single input embedding
        return None
    if output is None or inputs is None or output.weight is not inputs.weight:
        return None
    return next(n for n, m in model.named_modules() if m is output)


def _device_of(module: Any) -> int:
    for parameter in module.parameters():
        if parameter.device.type == "cuda":
            return int(parameter.device.index or 0)
    return 0


def _summary(
    report: Any,
    inputs: dict[str, Any],
    device_map: dict[str, Any],
    moved: list[str],
    seconds: float,
    prepared: Any,
) -> dict[str, Any]:
    forward = report.forward
    findings = [
        {"id": f.code, "severity": f.severity.value, "where": f.module, "message": f.message[:1200]}
        for f in report.findings
    ]
    devices = sorted({str(v) for v in device_map.values()})
    return {
        "outcome": _outcome(forward, findings),
        "model_class": prepared.model_class.__name__,
        "inputs": sorted(inputs),
        "images": "pixel_values" in inputs,
        "devices_used": devices,
        "moved": moved,
        "caught": caught(findings) if moved else None,
        "errors": sum(f["severity"] == "error" for f in findings),
        "findings": findings,
        "forward_error": None if forward is None or forward.completed else forward.error,
        "seconds": round(seconds, 2),
        "refused_budgets": list(ATTEMPTS),
        "moe": [
            {
                "module": m.module,
                "experts": m.experts,
                "reached": len(m.reached),
                "chosen_by": m.chosen_by,
            }
            for m in report.moe
        ],
    }


def _outcome(forward: Any, findings: list[dict[str, Any]]) -> str:
    """forward-observed; model-code-failed (the error names no device: transformers' own code
    fails whatever the placement, see audit/blame.py); observed-after-cure (the map splits a
    module whose code does not survive it, and the forward completes with it kept whole, see
    audit/cure.py); or forward-failed."""
    if forward is not None and forward.completed:
        return "forward-observed"
    if any(f["id"] == "model-code-failed" for f in findings):
        return "model-code-failed"
    if any("the observed forward completes." in f["message"] for f in findings):
        return "observed-after-cure"  # audit/cure.py: the split module kept whole
    return "forward-failed"


def combine(args: Any) -> int:
    """Merge the rows of chunk runs (run in parallel on a shared machine) into `--out`."""
    parts = [json.loads(Path(p).read_text()) for p in args.combine.split(",")]
    rows: list[dict[str, Any]] = []
    for part in parts:
        rows = _merged(rows, part["results"])
    rows = [r for r in rows if r["model_type"] in ARCHITECTURES]  # renamed types drop out
    for row in rows:  # one definition of "caught" for rows measured by earlier runs
        if row.get("moved"):
            row["caught"] = caught(row["findings"])
    args.history = True
    args.chunk_commands = [p["command"] for p in parts]
    imports = max(p["import_seconds"] for p in parts)
    write(rows, args, imports, max(p["run_seconds"] for p in parts), final=True)
    return 0


def caught(findings: list[dict[str, Any]]) -> bool:
    """The bad map is reported: a placement finding that names it, or the observed forward
    stopped by the device mismatch it causes (with the module where it happened)."""
    serious = [f for f in findings if f["severity"] in CAUGHT]
    return any(f["id"] in BAD_MAP_FINDINGS for f in serious) or any(
        f["id"] == "forward-failed" and MISMATCH in f["message"] for f in serious
    )


def _merged(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    def key(row: dict[str, Any]) -> tuple[str, int, str]:
        return (row["model_type"], row["gpus"], row["map"])

    rows = {key(r): r for r in old}
    rows.update({key(r): r for r in new})
    order = {name: i for i, name in enumerate(ARCHITECTURES)}
    return sorted(
        rows.values(), key=lambda r: (order.get(r["model_type"], 99), r["gpus"], r["map"])
    )


def _line(r: dict[str, Any]) -> str:
    caught = "" if r.get("caught") is None else f" caught={r['caught']}"
    note = r.get("forward_error") or r.get("error") or ""
    return (
        f"{r['model_type']:12s} {r['gpus']} {r['map']:4s} {r['outcome']:16s} "
        f"{r.get('seconds', 0):5.1f}s cpu {r['cpu_seconds']:4.1f}s {r['peak_mib']:5d}MiB "
        f"images={r.get('images')}"
        f"{caught} {[f['id'] for f in r.get('findings', [])]} {str(note)[:160]}"
    )


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"[:400]


def _trace() -> str:
    return "".join(traceback.format_exc().splitlines(keepends=True)[-6:])[-1500:]


def write(
    results: list[dict[str, Any]], args: Any, imports: float, total: float, final: bool
) -> None:
    from report import figure, markdown

    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    meta = {
        "date": datetime.date.today().isoformat(),
        "machine": f"CPU VM, {os.cpu_count()} cores, {_memory_gib()} GiB, {platform.machine()}",
        "commit": commit,
        "command": "python benchmarks/audit_zoo/run.py " + " ".join(sys.argv[1:]),
        "import_seconds": round(imports, 1),
        "run_seconds": round(total, 1),
        "chunks": getattr(args, "chunk_commands", []),
    }
    history = []
    if Path(args.out).exists():
        history = json.loads(Path(args.out).read_text()).get("history", [])
    if final and (
        args.history or not args.only
    ):  # a full run makes a history row; a partial one updates rows
        history.append({"date": meta["date"], "commit": commit, "figure": figure(results)})
    meta["history"] = history
    Path(args.out).write_text(json.dumps({**meta, "results": results}, indent=1) + "\n")
    target = args.markdown or str(Path(args.out).with_suffix(".md"))
    Path(target).write_text(markdown(meta, results))


def _memory_gib() -> int:
    return round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30)


if __name__ == "__main__":
    raise SystemExit(main())
