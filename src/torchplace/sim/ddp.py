"""DistributedDataParallel over virtual parameters: what DDP's C++ reducer does, kept in Python.

The C++ reducer allocates its buckets on the parameters' C++ device (meta for virtual tensors),
so DDP runs in its Python-reducer mode; around that mode this module keeps what DDP does on real
GPUs: inputs moved to `device_ids[0]`, rank 0's buffers broadcast, comm hooks given buckets.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
from typing import Any

import torch

from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor


def install(patches: Patches) -> None:
    """Route DDP over virtual parameters through the Python reducer and the parts kept here."""
    ddp = torch.nn.parallel.DistributedDataParallel
    patches.set(ddp, "__init__", _make_ddp_init(ddp.__init__))
    patches.set(ddp, "_pre_forward", _make_ddp_pre_forward(ddp._pre_forward))
    patches.set(ddp, "_post_forward", _make_ddp_post_forward(ddp._post_forward))
    register = ddp._register_accum_grad_hook
    patches.set(ddp, "_register_accum_grad_hook", _make_register_accum_grad_hook(register))


def _make_ddp_init(original: Any) -> Any:
    """DDP over virtual parameters reduces gradients with its Python reducer.

    The C++ reducer flattens gradients into buckets it allocates on the parameters' C++ device
    (meta for virtual tensors), so the values would never reach the process group; DDP's Python
    reducer (its `python_reducer` mode) all-reduces each gradient through the group instead, with
    the same results, honouring `no_sync()` and comm hooks.
    """

    @functools.wraps(original)
    def __init__(self: Any, module: Any, *args: Any, **kwargs: Any) -> None:
        if not any(type(p) is VirtualTensor for p in module.parameters()):
            original(self, module, *args, **kwargs)
            return
        import torch._dynamo.config as dynamo_config

        mode = dynamo_config.optimize_ddp
        dynamo_config.optimize_ddp = "python_reducer"
        try:
            original(self, module, *args, **kwargs)
        finally:
            dynamo_config.optimize_ddp = mode
        # the C++ reducer's own hooks would still run when a program arms it directly
        # (accelerate's `trigger_sync_in_backward` calls `reducer.prepare_for_backward`)
        self._remove_autograd_hooks()
        self._torchplace_reducer = True

    return __init__


class _GradBucket:
    """One parameter's gradient as the C++ reducer's `dist.GradBucket` shows it to a comm hook.

    DDP's Python reducer hands hooks a `(grad, param)` pair, which only the fp16/bf16 compression
    hooks accept; PowerSGD and user hooks read `bucket.buffer()`, `index()`, `is_last()`... as
    they do on real GPUs. Buckets hold one parameter each, numbered in reverse parameter order as
    the reducer's are (bucket 0 holds the last layers; the last bucket reduced is the first's).
    """

    def __init__(self, index: int, count: int, param: torch.Tensor) -> None:
        assert param.grad is not None
        self._index, self._count, self._param = index, count, param
        self._buffer = param.grad.detach().reshape(-1).clone()

    def index(self) -> int:
        return self._index

    def is_last(self) -> bool:
        return self._index == self._count - 1

    def buffer(self) -> torch.Tensor:
        return self._buffer

    def set_buffer(self, buffer: torch.Tensor) -> None:
        self._buffer = buffer

    def gradients(self) -> list[torch.Tensor]:
        return [self._buffer.view(self._param.shape)]

    def parameters(self) -> list[torch.Tensor]:
        return [self._param]


def _make_register_accum_grad_hook(original: Any) -> Any:
    """Gradient hooks of DDP over virtual parameters: comm hooks get a `_GradBucket`, and their
    future's result becomes the gradient, as the C++ reducer does with a bucket's result."""

    @functools.wraps(original)
    def _register_accum_grad_hook(self: Any) -> None:
        params = [p for p in self._module_parameters if p.requires_grad]
        if not any(type(p) is VirtualTensor for p in params):
            original(self)
            return
        import torch.distributed._functional_collectives as fcol

        def reduce(param: torch.Tensor, *, index: int) -> None:
            if not self.require_backward_grad_sync or param.grad is None:
                return
            if not self._comm_hooks:
                gradient = param.grad / self.process_group.size()
                param.grad.copy_(fcol.all_reduce(gradient, "sum", self.process_group))
                return
            for hook, state in self._comm_hooks:
                result = hook(state, _GradBucket(index, len(params), param)).wait()
                param.grad.copy_(result.reshape(param.grad.shape))

        for position, param in enumerate(params):
            index = len(params) - 1 - position
            self._accum_grad_hooks.append(
                param.register_post_accumulate_grad_hook(functools.partial(reduce, index=index))
            )

    return _register_accum_grad_hook


def _make_ddp_pre_forward(original: Any) -> Any:
    """What DDP's forward does besides arming the C++ reducer, for DDP over virtual parameters.

    In its Python-reducer mode DDP hands the inputs to the module untouched; with the C++ reducer
    (real GPUs) it first broadcasts rank 0's buffers, moves the inputs to `device_ids[0]` (CPU
    inputs reach a CUDA module) and casts them for mixed precision. That part is kept here.
    """

    @functools.wraps(original)
    def _pre_forward(self: Any, *inputs: Any, **kwargs: Any) -> Any:
        if not getattr(self, "_torchplace_reducer", False):
            return original(self, *inputs, **kwargs)
        from torch.distributed.utils import _cast_forward_inputs, _to_kwargs

        if self._check_sync_bufs_pre_fwd():
            self._sync_buffers()
        if self.device_ids:
            target = torch.device(self.device_type, self.device_ids[0])
            moved = _to_kwargs(inputs, kwargs, target, self.use_side_stream_for_tensor_copies)
            inputs, kwargs = moved[0][0], moved[1][0]
        if self.mixed_precision is not None:
            inputs, kwargs = _cast_forward_inputs(
                self.mixed_precision.param_dtype, *inputs, **kwargs
            )
        return inputs, kwargs

    return _pre_forward


def _make_ddp_post_forward(original: Any) -> Any:
    """After the forward: buffers synced there when a buffer hook asks, and whether the next
    forward syncs them (DDP's own bookkeeping, skipped in its Python-reducer mode)."""

    @functools.wraps(original)
    def _post_forward(self: Any, output: Any) -> Any:
        if not getattr(self, "_torchplace_reducer", False):
            return original(self, output)
        if self._check_sync_bufs_post_fwd():
            self._sync_buffers()
        self.require_forward_param_sync = (
            torch.is_grad_enabled() and self.require_backward_grad_sync
        )
        return output

    return _post_forward
