"""Offloaded weights that accelerate never loads: a parent reads a child's weight directly.

accelerate's CPU or disk offload keeps an offloaded module's weights on the meta device and
loads them onto the execution GPU when the module that holds them is called (a hook on each
module with weights of its own). A module that reads a child's weight without calling the
child defeats it: `nn.MultiheadAttention` passes `self.out_proj.weight` to
`F.multi_head_attention_forward` and never calls `out_proj`, so in an offloaded SigLIP pooling
head (Gemma 3's vision tower) that weight is still on meta when the matmul needs it, and the
forward fails on real GPUs. The observed forward shows which weighted modules under an
offloaded block never ran while their parent did; the finding names them and the cure.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from torch import nn

from torchplace.audit.report import AuditFinding
from torchplace.report import Severity


class CallRecorder:
    """Which modules under the offloaded blocks were called during the observed forward."""

    def __init__(self, model: nn.Module, offloaded: dict[str, tuple[str, int]]) -> None:
        modules = dict(model.named_modules())
        self.watched: dict[str, nn.Module] = {}
        for block in offloaded:
            root = modules.get(block)
            if root is None:
                continue
            for name, module in root.named_modules():
                self.watched[f"{block}.{name}" if name else block] = module
        self.called: set[str] = set()
        self.completed: set[str] = set()

    @contextlib.contextmanager
    def recording(self) -> Iterator[CallRecorder]:
        handles = [
            module.register_forward_pre_hook(self._hook(name, self.called))
            for name, module in self.watched.items()
        ]
        handles += [
            module.register_forward_hook(self._hook(name, self.completed))
            for name, module in self.watched.items()
        ]
        try:
            yield self
        finally:
            for handle in handles:
                handle.remove()

    def _hook(self, name: str, into: set[str]) -> Any:
        def hook(module: nn.Module, *args: Any) -> None:
            into.add(name)

        return hook

    def never_loaded(self, failed_in: str | None = None) -> list[tuple[str, str, list[str]]]:
        """(parent, child, the child's own weights) for weighted children never called by a
        parent that ran to its end, or by the module the forward failed in (a child after the
        failure point was not skipped, only not reached: a parent that stopped early does not
        count)."""
        found = []
        for name, module in self.watched.items():
            if name not in self.completed and name != failed_in:
                continue
            for child, sub in module.named_children():
                full = f"{name}.{child}"
                weights = [n for n, _ in sub.named_parameters(recurse=False)]
                if weights and full in self.watched and full not in self.called:
                    found.append((name, full, weights))
        return found


def never_loaded_finding(
    recorder: CallRecorder, model: nn.Module, failed: bool, failed_in: str | None = None
) -> AuditFinding | None:
    """One finding naming the offloaded weights their parents read without calling their
    modules; an error when the forward failed (it stops there on real GPUs), else a warning.
    `failed_in`: the innermost module on the failed forward's traceback."""
    found = recorder.never_loaded(failed_in)
    if not found:
        return None
    parent, child, weights = found[0]
    kind = type(model.get_submodule(parent)).__name__
    others = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return AuditFinding(
        "offloaded-weights-never-loaded",
        Severity.ERROR if failed else Severity.WARNING,
        parent,
        f"`{parent}` ({kind}) is offloaded and reads the weights of its child `{child}` "
        f"({', '.join(weights)}) without calling it{others}: accelerate loads an offloaded "
        "module's weights only when that module is called, so they are still on the meta "
        f"device when {kind} uses them, and the forward fails on real GPUs as well. Keep "
        f'`{parent}`\'s block on a GPU, or pass `preload_module_classes=["{kind}"]` to '
        "accelerate's `dispatch_model` so its children's weights load with it.",
        pattern="offloaded-module-used-outside-scope",
        tensors=tuple(f"{child}.{w}" for w in weights),
    )
