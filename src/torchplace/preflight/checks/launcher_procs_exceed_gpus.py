"""torchrun or DeepSpeed starting more processes per node than the node has visible GPUs.

What it checks: torchrun's `--nproc-per-node` (an integer; `gpu` and `auto` count the GPUs
themselves) and DeepSpeed's `--num_gpus` / `--include host:slots` against the GPUs visible on
this node, DeepSpeed's rule that `--num_gpus` / `--num_nodes` exclude `--include` /
`--exclude`, and that it drops `CUDA_VISIBLE_DEVICES` when those are given.
Why it matters: rank r binds `cuda:LOCAL_RANK`; a rank beyond the last GPU fails with
"invalid device ordinal" after every other rank has started and waits in the first collective.
How to fix: start one process per visible GPU (`--nproc-per-node gpu`), or make more GPUs
visible.
"""

from __future__ import annotations

import os

from torchplace import visible_devices
from torchplace.preflight.checks import NO_GPU_FACTS, Context, Result, Status, passed, skip
from torchplace.preflight.launchers import LauncherArgs, int_option

NAME = "launcher-procs-exceed-gpus"
CODE = "PF109"
PATTERN = "cuda-visible-devices-misuse"
KINDS = ("torchrun", "deepspeed")
ORDINAL = "torch.AcceleratorError: CUDA error: invalid device ordinal"


def run(context: Context) -> list[Result]:
    launcher = context.command.launcher
    assert launcher is not None
    if launcher.name == "torchrun":
        return _torchrun(context, launcher)
    return _deepspeed(context, launcher)


def _torchrun(context: Context, launcher: LauncherArgs) -> list[Result]:
    raw = str(launcher.get("nproc_per_node") or "1")
    if raw in ("gpu", "auto", "cpu", "xpu"):
        return passed(f"--nproc-per-node {raw}: torchrun counts the devices itself")
    try:
        nproc = int(raw)
    except ValueError:
        return [
            Result(
                Status.FAIL,
                f"--nproc-per-node {raw}",
                "not a number, gpu, auto, cpu or xpu",
                "use --nproc-per-node gpu",
                f"ValueError: Unsupported nproc_per_node value: {raw}",
            )
        ]
    return _compare(context, nproc, f"--nproc-per-node {nproc}")


def _compare(context: Context, procs: int, what: str, count: int | None = None) -> list[Result]:
    visible = context.visible_gpus
    if visible is None:
        return skip(f"{what}; {NO_GPU_FACTS}")
    count = len(visible) if count is None else count
    if procs <= count:
        return passed(f"{what}, {count} GPU(s) visible")
    return [
        Result(
            Status.FAIL,
            f"{what}, but {count} GPU(s) visible{_cvd(context)}",
            f"local ranks {count}..{procs - 1} have no GPU to bind",
            f"start {count} process(es) per node (--nproc-per-node gpu), or make more GPUs visible",
            ORDINAL,
        )
    ]


def _deepspeed(context: Context, launcher: LauncherArgs) -> list[Result]:
    num_gpus = _number(launcher, "num_gpus")
    num_nodes = _number(launcher, "num_nodes")
    include, exclude = str(launcher.get("include") or ""), str(launcher.get("exclude") or "")
    results = []
    if (num_gpus >= 0 or num_nodes >= 0) and (include or exclude):
        results.append(
            Result(
                Status.FAIL,
                "--num_gpus/--num_nodes with --include/--exclude",
                "DeepSpeed takes one way of choosing GPUs",
                "keep one of them",
                "ValueError: Cannot specify num_nodes/gpus with include/exclude",
            )
        )
    cvd = context.env.get(visible_devices.ENV_VAR)
    if cvd and (include or exclude or num_gpus > 0 or num_nodes > 1):
        results.append(_cvd_ignored(cvd))
    hostfile = str(launcher.get("hostfile") or "/job/hostfile")
    if num_nodes > 1 and not os.path.isfile(hostfile):
        results.append(
            Result(
                Status.FAIL,
                f"--num_nodes {num_nodes} without a hostfile ({hostfile})",
                "DeepSpeed finds other nodes only through a hostfile",
                "write a hostfile (host slots=N per line) and pass -H",
                "ValueError: Num nodes is >1 but no extra nodes available via hostfile",
            )
        )
    results += _deepspeed_gpus(context, num_gpus, include, cvd)
    return results


def _deepspeed_gpus(context: Context, num_gpus: int, include: str, cvd: str | None) -> list[Result]:
    visible = context.machine.gpus if context.machine.known else None
    if visible is None:
        return skip(f"DeepSpeed GPU selection; {NO_GPU_FACTS}")
    count = len(visible)  # DeepSpeed removes CUDA_VISIBLE_DEVICES and counts all GPUs
    if count == 0:
        return [
            Result(
                Status.FAIL,
                "no GPU on this node",
                "DeepSpeed needs at least one",
                "run on a GPU node",
                "RuntimeError: Unable to proceed, no GPU resources available",
            )
        ]
    if num_gpus > count:
        return _compare(context, num_gpus, f"--num_gpus {num_gpus}", count)
    missing = [s for s in _local_slots(include) if s >= count]
    if missing:
        return [
            Result(
                Status.FAIL,
                f"--include {include}: this node has GPUs 0..{count - 1}",
                "DeepSpeed checks each slot against the node's GPUs",
                f"include slots in 0..{count - 1}",
                f"ValueError: No slot '{missing[0]}' specified on host 'localhost'",
            )
        ]
    used = num_gpus if num_gpus > 0 else len(_local_slots(include)) or count
    return passed(f"DeepSpeed uses {used} of {count} GPU(s)")


def _number(launcher: LauncherArgs, key: str) -> int:
    value = int_option(launcher, key, -1)
    return -1 if value is None else value


def _local_slots(include: str) -> list[int]:
    slots = []
    for spec in include.split("@"):
        host, _, listed = spec.partition(":")
        if host in ("localhost", "127.0.0.1") and listed:
            slots += [int(s) for s in listed.split(",") if s.strip().isdigit()]
    return slots


def _cvd_ignored(cvd: str) -> Result:
    return Result(
        Status.WARN,
        f"CUDA_VISIBLE_DEVICES={cvd} together with --include/--exclude/--num_gpus/--num_nodes",
        "DeepSpeed deletes CUDA_VISIBLE_DEVICES when these are given and picks GPUs from 0",
        "choose GPUs one way: drop those flags, or unset CUDA_VISIBLE_DEVICES and use --include "
        f"localhost:{cvd}",
        f"Detected VISIBLE_DEVICES={cvd} but ignoring it because one or several of "
        "--include/--exclude/--num_gpus/--num_nodes cl args were used. If you want to use "
        "CUDA_VISIBLE_DEVICES don't pass any of these arguments to deepspeed.",
    )


def _cvd(context: Context) -> str:
    raw = context.env.get(visible_devices.ENV_VAR)
    return f" (CUDA_VISIBLE_DEVICES={raw})" if raw is not None else ""
