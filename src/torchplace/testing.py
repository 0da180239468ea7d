"""Assertions for a project's own multi-GPU placement tests (run on real or virtual GPUs).

    from torchplace.testing import assert_context_invariants, assert_no_device_mismatch

    def test_binding():
        assert_context_invariants(2)          # seed 2's test, on every GPU

    def test_sharded_forward():
        assert_no_device_mismatch(MyModel(), (input_ids,), gpus=2,
                                  device_map={"embed": 0, "layers": 1, "head": 1})

Both run on real GPUs when there are enough, and on virtual GPUs (`torchplace.sim`) otherwise.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

__all__ = ["assert_context_invariants", "assert_no_device_mismatch"]


def _real_gpus() -> int:
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


@contextlib.contextmanager
def _gpus(n: int) -> Iterator[bool]:
    """Enough GPUs for the body: real ones when present, else a simulation (yields simulated?)."""
    from torchplace import sim

    if sim.active() is not None:
        if sim.active().count < n:  # type: ignore[union-attr]
            raise AssertionError(f"needs {n} GPUs; the active simulation has {sim.active().count}")  # type: ignore[union-attr]
        yield True
    elif _real_gpus() >= n:
        yield False
    else:
        with sim.virtual_gpus(n):
            yield True


def assert_context_invariants(n: int | None = None, threads: bool = True) -> Any:
    """Fail, with a per-device table, unless every GPU honours the runtime's invariants:
    `set_device` holds, allocations land there, the driver context is current, and threads
    started through torchplace's helpers get their device. Returns the report."""
    from torchplace.runtime import check_context_invariants

    wanted = n if n is not None else max(_real_gpus(), 1)
    with _gpus(wanted):
        report = check_context_invariants(devices=range(wanted), threads=threads)
    if not report.cuda_available:
        raise AssertionError(f"CUDA is not available: {report.skipped_reason}")
    if not report.ok:
        lines = [f"context invariants broken on {wanted} GPU(s):"]
        for device in report.devices:
            for check in device.checks:
                if check.status.value == "fail":
                    lines.append(
                        f"  cuda:{device.index} {check.name}: observed {check.observed},"
                        f" expected {check.expected} ({check.detail})"
                    )
        raise AssertionError("\n".join(lines))
    return report


def assert_no_device_mismatch(
    model: Any,
    inputs: Sequence[Any] | Mapping[str, Any],
    gpus: int = 2,
    device_map: Mapping[str, Any] | str | None = None,
    move_inputs: bool = True,
) -> Any:
    """Run one forward of `model` on `gpus` GPUs and fail with the explainer's diagnosis if any
    op mixes devices. Returns the output.

    `device_map` is handed to accelerate's `dispatch_model` (a dict of module name -> device,
    or "auto" / "balanced" / "sequential" via `infer_auto_device_map`). With `move_inputs`,
    tensor inputs go to the device of the model's first parameter first, as a server would.
    """
    import torch

    with _gpus(gpus):
        placed = _place(model, device_map, gpus)
        args, kwargs = _inputs(inputs, placed if move_inputs else None)
        try:
            with torch.no_grad():
                return placed(*args, **kwargs)
        except (RuntimeError, torch.AcceleratorError) as error:
            raise AssertionError(_diagnosis_text(error)) from error


def _place(model: Any, device_map: Mapping[str, Any] | str | None, gpus: int) -> Any:
    if device_map is None:
        return model
    from accelerate import dispatch_model

    if isinstance(device_map, str):
        import torch

        from torchplace.sim.models import infer_device_map

        if device_map not in {"auto", "balanced", "balanced_low_0", "sequential"}:
            raise ValueError(f"device_map={device_map!r}: use a dict or auto/balanced/sequential")
        memory = {i: torch.cuda.mem_get_info(i)[0] for i in range(gpus)}
        device_map = infer_device_map(model, device_map, None, memory)
    return dispatch_model(model, device_map=dict(device_map))  # type: ignore[arg-type]


def _inputs(
    inputs: Sequence[Any] | Mapping[str, Any], model: Any
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    import torch

    device = None
    if model is not None:
        first = next(iter(model.parameters()), None)
        device = first.device if first is not None else None

    def move(value: Any) -> Any:
        if device is not None and isinstance(value, torch.Tensor):
            return value.to(device)
        return value

    if isinstance(inputs, Mapping):
        return (), {k: move(v) for k, v in inputs.items()}
    return tuple(move(v) for v in inputs), {}


def _diagnosis_text(error: BaseException) -> str:
    try:
        from torchplace.explain.live_diagnose import diagnose
        from torchplace.explain.render import render_text

        return f"device mismatch in forward:\n{render_text(diagnose(error))}"
    except Exception as explain_failure:  # the original error must never be lost
        return f"device mismatch in forward: {error} (no diagnosis: {explain_failure})"
