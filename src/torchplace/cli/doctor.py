"""Check a multi-GPU host (or a torchrun cluster) and give verdicts: PASS, WARN, FAIL, SKIP.

Exit codes: 0 nothing failed, 1 a check failed (or warned, with --strict), 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from torchplace.cli import UsageError

if TYPE_CHECKING:
    from torchplace.doctor.registry import LoadedCheck

EPILOG = """\
examples:
  torchplace doctor                      all checks on this host, as a table
  torchplace doctor --json --strict      machine-readable; exit 1 on any WARN or FAIL
  torchplace doctor --only nccl-all-reduce p2p-bandwidth
  torchplace doctor --list | --explain dev-shm
  torchrun --nnodes=2 --nproc-per-node=8 -m torchplace doctor --distributed
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="torchplace doctor",
        description=(__doc__ or "").splitlines()[0],
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON on stdout")
    parser.add_argument("--strict", action="store_true", help="exit 1 on WARN as well as FAIL")
    parser.add_argument("--only", nargs="+", metavar="CHECK", help="run only these checks")
    parser.add_argument("--skip", nargs="+", metavar="CHECK", default=[], help="leave these out")
    parser.add_argument("--list", action="store_true", help="list the checks and exit")
    parser.add_argument("--explain", metavar="CHECK", help="print a check's documentation")
    parser.add_argument("--docs", action="store_true", help="print docs/doctor.md (markdown)")
    parser.add_argument("--no-progress", action="store_true", help="no progress on stderr")
    parser.add_argument(
        "--timeout-scale",
        type=_bounded(float, 0.0, 100.0),
        default=1.0,
        metavar="X",
        help="multiply every check's hard timeout by X (slow or busy hosts)",
    )
    # Where the worker gets its environment: tests point it at a fake one.
    parser.add_argument("--env-factory", default=None, help=argparse.SUPPRESS)
    cluster = parser.add_argument_group("cluster (under torchrun)")
    cluster.add_argument(
        "--distributed",
        action="store_true",
        help="per-rank checks on every rank; rank 0 prints a cluster table",
    )
    cluster.add_argument(
        "--backend",
        choices=["nccl", "gloo"],
        help="all-reduce backend (default: nccl when every rank has a GPU)",
    )
    cluster.add_argument(
        "--all-reduce-bytes",
        type=_bounded(int, 0, 1 << 36),
        default=1 << 30,
        metavar="N",
        help="bytes per timed all-reduce (default 1 GiB)",
    )
    cluster.add_argument(
        "--timeout",
        type=_bounded(float, 0.0, 86400.0),
        default=180.0,
        metavar="S",
        help="a rank that has not finished after S seconds exits with FAIL",
    )
    return parser


def _bounded(kind: type[int] | type[float], low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number above `low` and at most `high` (a negative timeout or size
    would otherwise be used as given)."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not low < value <= high:
            raise argparse.ArgumentTypeError(f"must be above {low:g} and at most {high:g}")
        return value

    return parse


def _chosen(args: argparse.Namespace) -> list[LoadedCheck]:
    from torchplace.doctor import registry

    try:
        checks = registry.select(args.only)
        skipped = {registry.get(name).name for name in args.skip}
    except KeyError as error:
        raise UsageError(str(error.args[0])) from None
    return [c for c in checks if c.name not in skipped]


def _list() -> int:
    from torchplace.doctor import registry

    checks = registry.all_checks()
    width = max(len(c.name) for c in checks)
    for check in checks:
        print(f"{check.name:<{width}}  {check.info.category:<10}  {check.summary}")
    return 0


def _explain(name: str) -> int:
    from torchplace.doctor import docs, registry

    try:
        check = registry.get(name)
    except KeyError as error:
        raise UsageError(str(error.args[0])) from None
    print(docs.explain(check))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.list:
        return _list()
    if args.explain:
        return _explain(args.explain)
    if args.docs:
        from torchplace.doctor import docs

        sys.stdout.write(docs.markdown())
        return 0
    if args.distributed:
        return _distributed(args)
    return _local(args)


def _local(args: argparse.Namespace) -> int:
    from torchplace.doctor import progress, run_doctor
    from torchplace.doctor.report import render_table
    from torchplace.doctor.runner import DEFAULT_ENV_FACTORY

    checks = _chosen(args)
    display = progress.for_stream(sys.stderr, enabled=not args.no_progress)
    factory = args.env_factory or DEFAULT_ENV_FACTORY
    try:
        report = run_doctor(
            checks, env_factory=factory, progress=display, timeout_scale=args.timeout_scale
        )
    finally:
        display.close()
    if args.json:
        sys.stdout.write(report.to_json(args.strict))
    else:
        sys.stdout.write(render_table(report.results))
    print(f"doctor: {report.summary()}", file=sys.stderr)
    if not any(r.status.value != "SKIP" for r in report.results):
        print(
            "doctor: every check skipped: no GPU, NVML or CUDA build of torch here", file=sys.stderr
        )
    return report.exit_code(args.strict)


def _distributed(args: argparse.Namespace) -> int:
    from torchplace.doctor.distributed import run_distributed

    try:
        return run_distributed(
            json_output=args.json,
            strict=args.strict,
            nbytes=args.all_reduce_bytes,
            backend=args.backend,
            timeout_s=args.timeout,
        )
    except ValueError as error:
        raise UsageError(str(error)) from None
