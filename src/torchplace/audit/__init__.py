"""`torchplace.audit(model, inputs=None)`: where every parameter, buffer and activation lives.

    report = torchplace.audit(model, {"input_ids": ids})
    print(report)                      # devices, layer map, transfers, findings
    report.to_dict(); report.svg(); report.html()

The report lists parameters and buffers per device, a per-module table, placement blocks, and
findings: modules split across devices, tied weights on different devices, buffers left behind,
an `hf_device_map` that disagrees with the tensors. With `inputs`, one forward pass is observed
(under `torch.no_grad()`): every copy between devices (from, to, count, bytes, at which module),
tensors created in `forward` on a device other than the module's, and the output's devices.
Works on real GPUs and under `torchplace.virtual_gpus`.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any

from torch import nn

from torchplace.audit import blame, checks, inventory, moe, offload
from torchplace.audit.findings import forward_findings, generation_findings
from torchplace.audit.observe import ForwardObserver, call_model, observe_forward
from torchplace.audit.report import (
    AuditFinding,
    AuditReport,
    Block,
    Creation,
    DeviceUsage,
    ForwardObservation,
    ModuleRow,
    Transfer,
)

__all__ = [
    "AuditFinding",
    "AuditReport",
    "Block",
    "Creation",
    "DeviceUsage",
    "ForwardObservation",
    "ForwardObserver",
    "ModuleRow",
    "Transfer",
    "audit",
]


def audit(
    model: nn.Module,
    inputs: Any = None,
    *,
    forward: Callable[[nn.Module, Any], Any] | None = None,
    device_map: dict[str, Any] | None = None,
    trace_moves: bool = False,
    title: str = "",
    generate: int = 0,
) -> AuditReport:
    """Audit where `model`'s tensors live; with `inputs`, observe one forward pass too.

    `inputs` is passed as `model(**inputs)` for a dict, `model(*inputs)` for a tuple or list,
    else `model(inputs)`; give `forward(model, inputs)` to call it another way. `device_map`
    defaults to the model's `hf_device_map`. A forward that raises is reported (error text and
    the module it failed in), not re-raised. Transfers are observed at placement-block
    boundaries (cheap: hooks on a few dozen modules); `trace_moves=True` also catches copies
    made inside `forward` by wrapping `Tensor.to` and friends (about 1.5 ms more per forward).
    `generate=N` (dict inputs) also observes `model.generate()` for N new tokens, step by step
    (see `torchplace.audit.generation`).
    """
    trees = inventory.subtrees(model)
    usage = inventory.device_usage(model)
    raw_map = device_map if device_map is not None else getattr(model, "hf_device_map", None)
    normalized = checks.normalize_device_map(raw_map, _accelerator(usage))
    usage = inventory.device_usage(model, _capacities(usage))
    rows = inventory.module_rows(model, trees)
    blocks = inventory.blocks(model, trees, normalized)
    findings = checks.run_all(model, usage, rows, trees, normalized)
    observation = None
    routes: list[moe.ExpertRouting] = []
    if inputs is not None:
        block_modules = tuple(name for block in blocks for name in block.modules)
        offloaded = _offloaded(model, trees, normalized)

        recorder = offload.CallRecorder(model, offloaded)
        with moe.routing(model, assign=_simulated()) as routes, recorder.recording():
            observation = observe_forward(
                model,
                inputs,
                trees,
                block_modules,
                forward or call_model,
                trace_moves=trace_moves,
                offloaded=offloaded,
                names=inventory.module_names(model),
            )
        never = offload.never_loaded_finding(
            recorder, model, not observation.completed, observation.error_module
        )
        blamed = blame.split_module_own_weights(
            model, observation, normalized
        ) or blame.model_code_failure(observation)
        if never is not None and blamed is None and "meta" in (observation.error or ""):
            blamed = never  # the meta weights it names are what stopped the forward
        elif never is not None:
            findings.append(never)  # another cause stopped the forward, or none did
        findings += forward_findings(observation, _meta_explained(usage, normalized), blamed)
        findings += moe.unreached_findings(routes)
    generation = None
    if generate and isinstance(inputs, dict):
        from torchplace.audit.generation import observe_generate

        observer = ForwardObserver(
            model,
            trees,
            tuple(name for block in blocks for name in block.modules),
            trace_moves=trace_moves,
            offloaded=_offloaded(model, trees, normalized),
        )
        generation = observe_generate(model, inputs, generate, observer)
        findings += generation_findings(generation)
    return AuditReport(
        model=_model_name(model),
        devices=usage,
        modules=rows,
        blocks=blocks,
        findings=findings,
        forward=observation,
        hf_device_map=normalized,
        parallel_wrapper=checks.parallel_wrapper(model),
        title=title,
        generation=generation,
        moe=routes,
    )


def _offloaded(
    model: nn.Module, trees: dict[str, inventory.Subtree], device_map: dict[str, str] | None
) -> dict[str, tuple[str, int]]:
    """Blocks that accelerate loads from CPU or disk at each call: (execution device, bytes)."""
    found = {}
    modules = dict(model.named_modules())
    for name, device in (device_map or {}).items():
        if device in {"cpu", "disk"} and name in modules and name in trees:
            target = checks.hook_execution_device(modules[name])
            if target is not None and target != "cpu":
                found[name] = (target, trees[name].bytes)
    return found


def _meta_explained(usage: list[DeviceUsage], device_map: dict[str, str] | None) -> bool:
    """Whether the model itself holds meta tensors (left on meta, or offloaded to cpu/disk)."""
    offloaded = any(device in {"cpu", "disk"} for device in (device_map or {}).values())
    return offloaded or any(u.device == "meta" for u in usage) or not _simulated()


def _simulated() -> bool:
    from torchplace.sim import devices

    return devices.active() is not None


def _accelerator(usage: list[DeviceUsage]) -> str:
    kinds = [u.device.partition(":")[0] for u in usage]
    return next((k for k in kinds if k not in {"cpu", "meta", "disk"}), "cuda")


def _capacities(usage: list[DeviceUsage]) -> dict[str, int]:
    """Total memory of each CUDA device in use, as torch reports it (real or virtual)."""
    import torch

    found: dict[str, int] = {}
    try:
        if not torch.cuda.is_available():
            return found
        count = torch.cuda.device_count()
        for row in usage:
            kind, _, index = row.device.partition(":")
            if kind == "cuda" and index.isdigit() and int(index) < count:
                found[row.device] = int(torch.cuda.get_device_properties(int(index)).total_memory)
    except (RuntimeError, AssertionError, AttributeError):
        return found
    return found


def _model_name(model: nn.Module) -> str:
    config = getattr(model, "config", None)
    source = getattr(config, "_name_or_path", "") or getattr(config, "model_type", "")
    return f"{type(model).__name__} ({source})" if source else type(model).__name__


class _CallableModule(types.ModuleType):
    """`torchplace.audit` is both this package and the function: importing the package binds
    the package to the attribute `torchplace.audit`, so the package forwards calls to `audit`."""

    def __call__(self, *args: Any, **kwargs: Any) -> AuditReport:
        return audit(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
