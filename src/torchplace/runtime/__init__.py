"""Runtime helpers that keep every rank, thread and tensor on the right GPU.

- `bind_worker`: bind a launched worker to its GPU (checked) and start the process group.
- `DeviceGuard`: switch device with its CUDA context really current, restore on exit.
- `inherit_device`, `bound_thread`: threads and executor tasks start on their creator's device.
- `align_inputs`, `to_device_of`, `assert_same_device`: keep tensors with their layer.
- `DeviceFollowingAdapter`: a LoRA-style delta that follows its base layer's device.
- `check_context_invariants`: a structured per-device check used by the doctor and pytest plugin.

Needs torch; cuda-bindings is optional (otherwise libcuda is called through ctypes).
"""

from torchplace.runtime.adapter import DeviceFollowingAdapter
from torchplace.runtime.align import AlignHandle, align_inputs, assert_same_device, to_device_of
from torchplace.runtime.binding import WorkerBinding, bind_worker
from torchplace.runtime.errors import BindingError, ContextError, DeviceMismatchError
from torchplace.runtime.guard import DeviceGuard
from torchplace.runtime.invariants import (
    ContextInvariantReport,
    DeviceInvariants,
    InvariantCheck,
    Status,
    check_context_invariants,
)
from torchplace.runtime.threads import BoundThread, bound_thread, inherit_device

__all__ = [
    "AlignHandle",
    "BindingError",
    "BoundThread",
    "ContextError",
    "ContextInvariantReport",
    "DeviceFollowingAdapter",
    "DeviceGuard",
    "DeviceInvariants",
    "DeviceMismatchError",
    "InvariantCheck",
    "Status",
    "WorkerBinding",
    "align_inputs",
    "assert_same_device",
    "bind_worker",
    "bound_thread",
    "check_context_invariants",
    "inherit_device",
    "to_device_of",
]
