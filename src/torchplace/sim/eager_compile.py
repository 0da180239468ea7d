"""`torch.compile` under simulation: the function or module runs eagerly."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
from typing import Any

import torch


def eager_compile(original: Any) -> Any:
    """`torch.compile` under simulation runs the function eagerly (`disable=True`): virtual
    tensors have no kernels to generate, and dynamo would trace the simulator itself. Device
    checks are eager CUDA's; compile-only behaviour (graph breaks, recompiles) is not simulated."""

    @functools.wraps(original)
    def compile(model: Any = None, **kwargs: Any) -> Any:
        if model is None:  # `@torch.compile(mode=...)`
            return lambda function: compile(function, **kwargs)
        if isinstance(model, torch.nn.Module):  # the usual wrapper (`_orig_mod`), run eagerly
            from torch._dynamo.eval_frame import DisableContext, OptimizedModule

            return OptimizedModule(model, DisableContext())
        kwargs["disable"] = True
        return original(model, **kwargs)

    return compile
