"""Check a vLLM, torchrun or DeepSpeed launch command against this machine before it runs.

usage: torchplace preflight [options] -- COMMAND...
       torchplace preflight [options] --config engine.yaml

Exit codes: 0 nothing will fail, 1 something will fail, 2 bad input.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from torchplace.cli import EXIT_FINDINGS, EXIT_OK, UsageError

if TYPE_CHECKING:
    from torchplace.preflight.runner import PreflightResult

EPILOG = """examples:
  torchplace preflight -- vllm serve /models/llama-3-70b --tensor-parallel-size 8
  torchplace preflight --model-config llama-3-70b -- vllm serve meta-llama/Llama-3.1-70B -tp 3
  torchplace preflight --gpus 8 --gpu-memory 141GiB --config engine.yaml
  torchplace preflight -- torchrun --nproc-per-node 4 train.py
"""


# The most GPUs one node can hold (NVLink domains reach 72; leave room): a count above it is
# a typo, and would cost memory to plan for.
MAX_GPUS = 1024


def gpu_count(text: str) -> int:
    """`--gpus`: a whole number of GPUs on the planned node, 1 to MAX_GPUS."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of GPUs") from None
    if not 1 <= value <= MAX_GPUS:
        raise argparse.ArgumentTypeError(
            f"{value} GPUs: plan for 1 to {MAX_GPUS} GPUs per node (a CPU-only launch needs no "
            "preflight)"
        )
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser(prog: str, description: str) -> argparse.ArgumentParser:
    """Options shared by `preflight` and `launch`."""
    parser = _Parser(
        prog=prog,
        description=description,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--config", metavar="YAML", help="vLLM engine config (vllm serve --config)")
    parser.add_argument(
        "--model-config",
        metavar="PATH_OR_NAME",
        help="the model's config.json (a file, a directory, or a bundled name such as llama-3-70b)",
    )
    parser.add_argument(
        "--gpus", type=gpu_count, metavar="N", help=f"plan for a node with N GPUs (1-{MAX_GPUS})"
    )
    parser.add_argument("--gpu-memory", metavar="SIZE", help="memory of each GPU, e.g. 141GiB")
    parser.add_argument("--gpu-name", metavar="NAME", help="GPU model name, e.g. 'NVIDIA H200'")
    parser.add_argument(
        "--parser",
        choices=("auto", "vllm", "builtin"),
        default="auto",
        help="how to read vLLM arguments: vLLM's own parser when importable (auto), or the table",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


def split_command(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """Options before `--`, the command after it."""
    args = list(argv)
    if "--" in args:
        index = args.index("--")
        return args[:index], args[index + 1 :]
    return args, []


def run_checks(options: argparse.Namespace, command: list[str]) -> PreflightResult:
    """Parse the options and run preflight; bad input becomes UsageError (exit code 2)."""
    from torchplace.preflight.errors import PreflightInputError
    from torchplace.preflight.runner import Options, run_preflight
    from torchplace.preflight.sizes import parse_size
    from torchplace.preflight.vllm_args import vllm_available

    if options.config:
        command = _with_config(command, options.config)
    if not command:
        raise UsageError("no command given; write `torchplace preflight -- vllm serve MODEL ...`")
    use_vllm = {"auto": None, "vllm": True, "builtin": False}[options.parser]
    if use_vllm and not vllm_available():
        raise UsageError("--parser vllm: vLLM is not importable here; use --parser builtin")
    try:
        memory = parse_size(options.gpu_memory) if options.gpu_memory else None
        settings = Options(options.model_config, options.gpus, memory, options.gpu_name, use_vllm)
        return run_preflight(command, settings)
    except PreflightInputError as error:
        raise UsageError(str(error)) from None


def _with_config(command: list[str], path: str) -> list[str]:
    if not command:
        return ["vllm", "serve", "--config", path]
    return [*command, "--config", path]


def main(argv: Sequence[str]) -> int:
    from torchplace.preflight import render

    before, command = split_command(argv)
    parser = build_parser("torchplace preflight", __doc__.splitlines()[0] if __doc__ else "")
    parser.usage = (
        "torchplace preflight [options] -- COMMAND...\n"
        "       torchplace preflight [options] --config engine.yaml"
    )
    options = parser.parse_args(before)
    result = run_checks(options, command)
    print(render.as_json(result) if options.json else render.table(result), end="")
    return EXIT_FINDINGS if result.failed else EXIT_OK
