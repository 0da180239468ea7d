"""Cross-check of the virtual audit against a real GPU: the first ten zoo architectures, each
with a map that splits the model between `cuda:0` and `cpu` (accelerate's CPU offload).

    python benchmarks/audit_zoo/gpu_check.py --mode virtual --out virtual.json   # CPU, sim
    python benchmarks/audit_zoo/gpu_check.py --mode real --out real.json \\
        --compare benchmarks/results/audit_zoo_gpu_virtual.json --markdown cmp.md  # one GPU

Both modes build the same scaled-down config (`zoo.small_config`) with the same map: input
embeddings and the first half of the layers on GPU 0, the other half, the final norm and the
output head on "cpu". Real mode builds the model with random weights on the CPU and dispatches
it with accelerate on the real `cuda:0`; virtual mode builds it on the meta device and places
it with `torchplace audit`'s own build on one virtual GPU. Each audits a 16-token forward.

Besides the ten, `GENERATE` rows audit `generate()` for a few tokens on the same split map
(`torchplace audit --generate`): each step's tokens and copy routes are compared too.

Agreement, per row: the same forward outcome, the same error/warning finding codes, the same
input and output devices, the same set of (source, target, module) transfers, and for the
generate rows the same steps. Real mode also runs virtual mode on the same machine (same torch:
the simulator answers a mix of CUDA and meta tensors with the installed torch's meta kernels,
which change between versions) and compares with it first; the comparison with `--compare`
(the virtual run recorded in the repository) follows. Exit 0 when every row agrees with the
same-machine virtual run, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from zoo import ARCHITECTURES, small_config  # noqa: E402

FIRST_TEN = ARCHITECTURES[:10]
GENERATE = {"llama --generate 3": ("llama", 3), "t5 --generate 3": ("t5", 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("real", "virtual"), required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default="", help="comma-separated rows (model types)")
    parser.add_argument("--compare", default="", help="the other mode's JSON to compare with")
    parser.add_argument("--markdown", default="")
    parser.add_argument(
        "--dry-run", action="store_true", help="real mode on one virtual GPU (no CUDA needed)"
    )
    args = parser.parse_args(argv)
    names = args.only.split(",") if args.only else [*FIRST_TEN, *GENERATE]
    rows = [run_one(name, args.mode, args.dry_run) for name in names]
    for row in rows:
        print(json.dumps({k: row[k] for k in ("model_type", "completed", "codes", "seconds")}))
    Path(args.out).write_text(json.dumps({"mode": args.mode, "rows": rows}, indent=1) + "\n")
    sections, primary = [], None
    if args.mode == "real":
        here = virtual_here(args.out, names)
        primary = [compare(row, here.get(row["model_type"])) for row in rows]
        sections.append(comparison_markdown(primary, args, "virtual audit on this machine"))
    if args.compare:
        other = {r["model_type"]: r for r in json.loads(Path(args.compare).read_text())["rows"]}
        verdicts = [compare(row, other.get(row["model_type"])) for row in rows]
        sections.append(comparison_markdown(verdicts, args, f"virtual audit in {args.compare}"))
        primary = primary or verdicts
    text = "\n".join(sections)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    return 0 if primary is None or all(v["agree"] for v in primary) else 1


def virtual_here(out: str, names: list[str]) -> dict[str, dict[str, Any]]:
    """The virtual rows made on this machine, in a fresh process (no real CUDA state)."""
    import subprocess

    target = str(Path(out).with_name(Path(out).stem + "_virtual_here.json"))
    command = [sys.executable, __file__, "--mode", "virtual", "--out", target]
    subprocess.run([*command, "--only", ",".join(names)], check=False, timeout=400)
    if not Path(target).exists():
        return {}
    return {r["model_type"]: r for r in json.loads(Path(target).read_text())["rows"]}


def split_map(model: Any) -> dict[str, Any]:
    """First half of the unsplittable layers (and all before them) on 0, the rest on cpu."""
    classes = set(getattr(model, "_no_split_modules", None) or [])
    names = [n for n, m in model.named_modules() if type(m).__name__ in classes]
    names = [n for n in names if not any(n.startswith(o + ".") for o in names)]
    second_half = set(names[len(names) // 2 :])
    device_map: dict[str, Any] = {}
    for name, module in model.named_children():
        _assign(model, name, module, second_half, device_map)
    output = getattr(model, "get_output_embeddings", lambda: None)()
    inputs = getattr(model, "get_input_embeddings", lambda: None)()
    if output is not None and inputs is not None and output.weight is inputs.weight:
        head = next(n for n, m in model.named_modules() if m is output)
        embed = next(n for n, m in model.named_modules() if m is inputs)
        home = next(
            (v for k, v in device_map.items() if embed == k or embed.startswith(k + ".")), 0
        )
        if head in device_map:  # a tied head stays with its embeddings: a good map, not a bad one
            device_map[head] = home
    return device_map


def _assign(model: Any, name: str, module: Any, late: set[str], device_map: dict[str, Any]) -> None:
    inside = [n for n in late if n.startswith(name + ".")]
    if name in late:
        device_map[name] = "cpu"
    elif not inside:
        device_map[name] = "cpu" if _after(model, name, late) else 0
    else:
        for child, sub in module.named_children():
            _assign(model, f"{name}.{child}", sub, late, device_map)
        for pname, _ in module.named_parameters(recurse=False):
            device_map[f"{name}.{pname}"] = 0


def _after(model: Any, name: str, late: set[str]) -> bool:
    """Modules registered after the first late layer (final norm, output head) go to cpu."""
    order = [n for n, _ in model.named_modules()]
    first_late = min((order.index(n) for n in late), default=len(order))
    return order.index(name) > first_late


def run_one(name: str, mode: str, dry_run: bool = False) -> dict[str, Any]:
    """One architecture's audit; errors become the row's `error` (the other rows go on)."""
    import contextlib

    from torchplace.sim import virtual_gpus

    started = time.perf_counter()
    try:
        with virtual_gpus(1) if dry_run else contextlib.nullcontext():
            return _audit_one(name, mode, started)
    except Exception as error:  # a benchmark row records any failure
        return {"model_type": name, "completed": False, "error": f"{type(error).__name__}: "
                f"{str(error)[:300]}", "codes": [], "seconds": 0.0, "device_map": {},
                "inputs": {}, "outputs": {}, "transfers": []}  # fmt: skip


def _audit_one(row: str, mode: str, started: float) -> dict[str, Any]:
    import torch

    from torchplace.audit import audit, build

    name, generate = GENERATE.get(row, (row, 0))
    prepared = build.prepare_config(small_config(name))
    dtype = torch.bfloat16
    if mode == "real":
        from accelerate import dispatch_model

        torch.manual_seed(0)
        model = prepared.model_class._from_config(prepared.config, dtype=dtype).eval()
        if hasattr(model, "tie_weights"):
            model.tie_weights()
        device_map = split_map(model)
        model = dispatch_model(model, device_map, main_device=torch.device("cuda", 0))
        inputs = build.sample_inputs(model, 16)
        report = audit(model, inputs, trace_moves=True, generate=generate)
    else:
        from torchplace.sim import virtual_gpus

        with virtual_gpus(1):
            empty = build._build_empty(prepared, dtype)
            empty.tie_weights()  # as place() does: a tied head is one tensor with its embeddings
            device_map = split_map(empty)
            model = build.place(prepared, 1, dict(device_map), dtype, 1 << 34)
            inputs = build.sample_inputs(model, 16)
            report = audit(model, inputs, trace_moves=True, generate=generate)
    return _row(row, report, device_map, time.perf_counter() - started)


def _row(name: str, report: Any, device_map: dict[str, Any], seconds: float) -> dict[str, Any]:
    forward = report.forward
    return {
        "model_type": name,
        "device_map": {k: str(v) for k, v in device_map.items()},
        "completed": bool(forward and forward.completed),
        "error": forward.error if forward and not forward.completed else None,
        "codes": sorted({f.code for f in report.findings if f.severity.value != "note"}),
        "inputs": dict(forward.input_devices) if forward else {},
        "outputs": dict(forward.output_devices) if forward else {},
        "transfers": sorted(
            [t.source, t.target, t.module] for t in (forward.transfers if forward else [])
        ),
        "seconds": round(seconds, 2),
        "generation": _steps(report.generation),
    }


def _steps(generation: Any) -> dict[str, Any] | None:
    """A generate row's comparable part: outcome and, per step, tokens in and copy routes."""
    if generation is None:
        return None
    steps = [[s.tokens, sorted(s.routes)] for s in generation.steps]
    return {"completed": generation.completed, "error": generation.error, "steps": steps}


def compare(row: dict[str, Any], other: dict[str, Any] | None) -> dict[str, Any]:
    if other is None:
        return {"model_type": row["model_type"], "agree": False, "differences": ["missing"]}
    keys = ("device_map", "completed", "codes", "inputs", "outputs", "transfers", "generation")
    differences = [key for key in keys if row.get(key) != other.get(key)]
    return {"model_type": row["model_type"], "agree": not differences, "differences": differences}


def comparison_markdown(verdicts: list[dict[str, Any]], args: Any, against: str) -> str:
    agreed = sum(v["agree"] for v in verdicts)
    lines = [
        f"# {args.mode} GPU vs {against}: {agreed}/{len(verdicts)} rows agree",
        "",
        f"compared {args.out} with the {against}",
        "",
        "| model type | agree | differing fields |",
        "|---|---|---|",
    ]
    for v in verdicts:
        lines.append(
            f"| {v['model_type']} | {'yes' if v['agree'] else 'no'} | "
            f"{', '.join(v['differences'])} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
