"""Audit a Hugging Face model's placement on N virtual GPUs: layers, memory, transfers, findings.

    torchplace audit --config llama-3-70b --gpus 8 --device-map auto --tokens 128 --svg map.svg
    torchplace audit ./saved-model --gpus 2 --generate 4

Builds the model from its config with no weights (or, for a directory with saved weights,
loads it with `from_pretrained` and the device map), places it on N simulated GPUs, runs one
forward of `--tokens` tokens (and `generate()` for `--generate` tokens) and reports where every
parameter, buffer and activation is. Exit codes: 0 no error findings, 1 error findings, 2 bad
input.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from torchplace.cli import EXIT_FINDINGS, EXIT_OK, UsageError

_STRATEGIES = ("auto", "balanced", "balanced_low_0", "sequential")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="torchplace audit",
        description="Build a Hugging Face model from its config on N virtual GPUs and audit "
        "where its parameters, buffers and activations are.",
    )
    parser.add_argument(
        "model",
        nargs="?",
        help="a directory with config.json (and saved weights, loaded with from_pretrained), "
        "a config.json, or a bundled name",
    )
    parser.add_argument(
        "--config",
        help="config.json, a directory holding one, or a bundled name: built without weights",
    )
    parser.add_argument("--gpus", type=int, default=1, help="number of virtual GPUs (default 1)")
    parser.add_argument(
        "--device-map",
        default="auto",
        help=f"{'|'.join(_STRATEGIES)} or a JSON file mapping module names to GPU indices",
    )
    parser.add_argument("--dtype", default="bf16", help="bf16 (default), fp16 or fp32")
    parser.add_argument("--tokens", type=int, default=128, help="tokens in the forward; 0: none")
    parser.add_argument(
        "--generate",
        type=int,
        default=0,
        metavar="N",
        help="also observe generate() for N new tokens, step by step (default 0: none)",
    )
    parser.add_argument("--memory", default="141GiB", help="memory of each virtual GPU")
    parser.add_argument("--gpu-name", default="NVIDIA H200", help="name of the virtual GPUs")
    parser.add_argument("--json", metavar="PATH", help="write the report as JSON ('-': stdout)")
    parser.add_argument("--svg", metavar="PATH", help="write the SVG map of layers by device")
    parser.add_argument("--html", metavar="PATH", help="write an HTML page with the map")
    parser.add_argument(
        "--all-modules", action="store_true", help="also print the per-module table"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    _validate(args)
    started = time.perf_counter()
    report = _run(args)
    _write_outputs(report, args)
    seconds = time.perf_counter() - started
    errors = len(report.errors)
    print(
        f"torchplace audit: {len(report.findings)} finding(s), {errors} error(s) "
        f"in {seconds:.1f} s",
        file=sys.stderr,
    )
    return EXIT_FINDINGS if errors else EXIT_OK


def _validate(args: argparse.Namespace) -> None:
    from torchplace.audit.limits import MAX_GPUS, MAX_NEW_TOKENS, MAX_TOKENS

    if (args.model is None) == (args.config is None):
        raise UsageError("give the model to audit: a directory or config as MODEL, or --config")

    if not 1 <= args.gpus <= MAX_GPUS:
        raise UsageError(
            f"--gpus must be between 1 and {MAX_GPUS}, got {args.gpus} (torch numbers a device "
            f"with 8 bits: cuda:0 to cuda:{MAX_GPUS - 1})"
        )
    if not 0 <= args.tokens <= MAX_TOKENS:
        raise UsageError(
            f"--tokens must be between 0 and {MAX_TOKENS}, got {args.tokens} (the observed "
            "forward holds a tokens x tokens attention mask)"
        )
    if not 0 <= args.generate <= MAX_NEW_TOKENS:
        raise UsageError(f"--generate must be between 0 and {MAX_NEW_TOKENS}, got {args.generate}")
    if args.generate and not args.tokens:
        raise UsageError("--generate needs a prompt: pass --tokens N (N > 0)")
    for option in ("json", "svg", "html"):
        path = getattr(args, option)
        if path and path != "-" and not Path(path).resolve().parent.is_dir():
            raise UsageError(f"--{option} {path!r}: the directory does not exist")


def _run(args: argparse.Namespace) -> Any:
    from torchplace.audit import audit, build, cure, pretrained
    from torchplace.sim import parse_memory, virtual_gpus

    try:
        dtype = build.parse_dtype(args.dtype)
        memory = parse_memory(args.memory)
        device_map: Any = args.device_map
        if device_map not in _STRATEGIES:
            if not Path(device_map).exists():
                raise build.PlacementError(
                    f"--device-map {device_map!r} is neither one of {', '.join(_STRATEGIES)} "
                    "nor an existing JSON file"
                )
            device_map = build.load_device_map(device_map, args.gpus)
        source = args.model or args.config
        _progress(f"reading {source}")
        prepared = build.prepare(source)
        weights = args.model is not None and pretrained.weights_in(prepared.directory)
        with virtual_gpus(args.gpus, memory=memory, name=args.gpu_name):
            notes: list[Any] = []
            if weights:
                _progress(f"loading {weights} weights on {args.gpus} virtual GPU(s)")
                model = pretrained.load(prepared, args.gpus, device_map, dtype, memory)
            else:
                _progress(f"placing on {args.gpus} virtual GPU(s) ({args.device_map})")
                model = build.place(prepared, args.gpus, device_map, dtype, memory, notes)
            inputs = build.sample_inputs(model, args.tokens) if args.tokens else None
            _progress(f"auditing{f' a {args.tokens}-token forward' if inputs else ''}")
            title = f"{prepared.source} on {args.gpus} x {args.gpu_name} ({args.device_map})"
            # Time does not matter on virtual GPUs: trace every copy, not only block boundaries.
            if args.generate:
                _progress(f"observing generate() for {args.generate} new tokens")
            report = audit(model, inputs, title=title, trace_moves=True, generate=args.generate)
            report.findings[:0] = notes
            if inputs is not None and isinstance(device_map, str) and not weights:
                cure.confirm(
                    report,
                    model,
                    lambda keep: build.place(
                        prepared, args.gpus, device_map, dtype, memory, keep_whole=keep
                    ),
                    lambda placed: audit(placed, build.sample_inputs(placed, args.tokens)),
                )
            return report
    except (build.PlacementError, ValueError) as error:  # SizeError is a ValueError
        raise UsageError(str(error)) from error


def _progress(message: str) -> None:
    print(f"torchplace audit: {message}...", file=sys.stderr, flush=True)


def _write_outputs(report: Any, args: argparse.Namespace) -> None:
    if args.json == "-":
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(report.text(all_modules=args.all_modules), end="")
    if args.json and args.json != "-":
        Path(args.json).write_text(json.dumps(report.to_dict(), indent=2) + "\n", encoding="utf-8")
    if args.svg:
        Path(args.svg).write_text(report.svg(), encoding="utf-8")
    if args.html:
        Path(args.html).write_text(report.html(), encoding="utf-8")
