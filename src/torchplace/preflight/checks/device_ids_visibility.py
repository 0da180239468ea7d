"""`CUDA_VISIBLE_DEVICES` or `--device-ids` naming GPUs that do not exist or do not agree.

What it checks: `CUDA_VISIBLE_DEVICES` read the way CUDA reads it (a bad entry hides every GPU
after it, a repeated one hides all) and against this node's GPUs; vLLM's `--device-ids`
(physical indices or UUIDs): duplicates, mixed kinds, enough ids for the workers, and how they
compose with `CUDA_VISIBLE_DEVICES` (then they are indices into the visible list).
Why it matters: a typo here surfaces as "invalid device ordinal" or "No CUDA GPUs are
available" in a worker, minutes after launch, or silently picks other GPUs than meant.
How to fix: name each GPU once, by plain index or full UUID; with `--device-ids`, either leave
`CUDA_VISIBLE_DEVICES` unset or give indices into it.
"""

from __future__ import annotations

from torchplace import visible_devices
from torchplace.preflight.checks import Context, Result, Status, passed
from torchplace.preflight.checks._vllm import backend, node_need

NAME = "device-ids-visibility"
CODE = "PF106"
PATTERN = "cuda-visible-devices-misuse"
KINDS = ("vllm", "torchrun", "deepspeed", "python")
ENV = visible_devices.ENV_VAR


def run(context: Context) -> list[Result]:
    cvd = visible_devices.from_environ(context.env)
    results = _cvd_problems(context, cvd)
    engine = context.command.engine
    if engine is not None and engine["device_ids"]:
        results += _device_ids(context, cvd, list(engine["device_ids"]))
    if results:
        return results
    shown = f"{ENV}={cvd.raw}" if cvd.is_set else f"{ENV} unset"
    visible = context.visible_gpus
    seen = f"; {len(visible)} GPU(s) visible" if visible is not None else ""
    return passed(shown + seen + _composition(context, cvd))


def _cvd_problems(context: Context, cvd: visible_devices.VisibleDevices) -> list[Result]:
    fix = f"list each GPU once, e.g. {ENV}=0,1 or full UUIDs"
    results = []
    for problem in cvd.problems:
        upstream = "RuntimeError: No CUDA GPUs are available" if not cvd.entries else None
        results.append(
            Result(Status.FAIL, problem, "CUDA reads this once, at start-up", fix, upstream)
        )
    machine = context.machine
    if machine.known and not machine.already_filtered and cvd.is_set:
        uuids = [g.uuid or "" for g in machine.gpus]
        if cvd.kind is visible_devices.EntryKind.INDEX or all(uuids):
            for problem in visible_devices.check_against_hardware(cvd, uuids):
                results.append(
                    Result(
                        Status.FAIL,
                        problem,
                        "workers bound to the missing GPU fail",
                        fix,
                        "CUDA error: invalid device ordinal",
                    )
                )
    return results


def _device_ids(
    context: Context, cvd: visible_devices.VisibleDevices, ids: list[int | str]
) -> list[Result]:
    engine = context.command.engine
    assert engine is not None
    shown = ",".join(str(i) for i in ids)
    if len(set(ids)) != len(ids):
        return [
            _bad(
                f"--device-ids {shown} repeats a GPU",
                f"--device-ids must not contain duplicates: {ids}",
            )
        ]
    if len({isinstance(i, str) for i in ids}) > 1:
        return [
            _bad(
                f"--device-ids {shown} mixes indices and UUIDs",
                "--device-ids must not mix integer IDs and UUIDs",
            )
        ]
    results = []
    if backend(engine) == "ray":
        results.append(
            Result(
                Status.WARN,
                f"--device-ids {shown} with the Ray backend",
                "Ray chooses GPUs through placement groups",
                "drop --device-ids, or use the mp backend",
                "--device-ids has no effect when using the Ray executor. Use Ray placement "
                "groups for GPU selection instead.",
            )
        )
    results += _ids_exist(context, cvd, ids)
    need = node_need(engine)
    if len(ids) < need.gpus:
        results.append(
            _bad(
                f"--device-ids names {len(ids)} GPU(s); {need.how} needs {need.gpus}",
                f"--device-ids provides {len(ids)} devices, but DP rank 0 needs devices "
                f"[0, {need.gpus})",
            )
        )
    return results


def _ids_exist(
    context: Context, cvd: visible_devices.VisibleDevices, ids: list[int | str]
) -> list[Result]:
    if all(isinstance(i, int) for i in ids) and cvd.is_set and cvd.raw:
        count = cvd.count or 0
        return [
            _bad(
                f"--device-ids {i} with {ENV}={cvd.raw}: vLLM reads it as an index into the "
                f"{count} visible GPU(s)",
                f"--device-ids index {i} is out of range for {ENV}={cvd.raw} ({count} "
                "devices visible)",
            )
            for i in ids
            if isinstance(i, int) and not 0 <= i < count
        ]
    machine = context.machine
    if not machine.known or machine.already_filtered:
        return []
    count = len(machine.gpus)
    uuids = [g.uuid for g in machine.gpus if g.uuid]
    results = []
    for i in ids:
        if isinstance(i, int) and i >= count:
            results.append(
                _bad(
                    f"--device-ids {i}: this node has GPUs 0..{count - 1}",
                    "CUDA error: invalid device ordinal",
                )
            )
        elif isinstance(i, str) and uuids and not any(u.startswith(i) for u in uuids):
            results.append(_bad(f"--device-ids {i} matches no GPU UUID on this node", None))
    return results


def _composition(context: Context, cvd: visible_devices.VisibleDevices) -> str:
    engine = context.command.engine
    ids = engine["device_ids"] if engine is not None else None
    if not ids or not cvd.is_set or not all(isinstance(i, int) for i in ids):
        return ""
    picked = [cvd.entries[i] for i in ids if isinstance(i, int) and i < len(cvd.entries)]
    listed = ",".join(map(str, ids))
    return f"; --device-ids {listed} index into it: physical GPU(s) {','.join(picked)}"


def _bad(observed: str, upstream: str | None) -> Result:
    return Result(
        Status.FAIL,
        observed,
        "vLLM binds workers to these GPUs; a wrong id stops the engine at start-up",
        "name each GPU once: physical indices (or UUIDs) with CUDA_VISIBLE_DEVICES unset, or "
        "indices into CUDA_VISIBLE_DEVICES",
        upstream,
    )
