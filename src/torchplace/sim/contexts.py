"""Which GPU's CUDA context is current on each thread, as the driver (`cuCtxGetDevice`) sees it.

The CUDA runtime keeps a current device per thread (torch's `current_device()`, 0 in a new
thread) but makes a context current on a thread only when that thread needs one. Measured on
2x H200 (FACTS.md): in a fresh thread `cuCtxGetDevice` returns CUDA_ERROR_INVALID_CONTEXT;
`set_device(n)` makes device n's primary context current; `torch.cuda.device(n)` does so only
when n is not already the runtime's current device; work (an allocation, a kernel,
`synchronize`) makes the current device's context current. Work on another device goes through
torch's device guard: it switches to that device (its context becomes current) and switches
back only if the previous device already has a primary context (c10's `MaybeSetDevice`),
otherwise the other device's context stays current.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import threading


class _ThreadState(threading.local):
    device: int | None = None  # the device whose context is current on this thread
    # Devices whose work would change nothing now (asked for every op's result: an allocation)
    settled: frozenset[int] = frozenset()


class Contexts:
    """Per-thread current context and the process's primary contexts, for one machine."""

    def __init__(self) -> None:
        self._local = _ThreadState()
        self._primary: set[int] = set()  # devices whose primary context exists (process-wide)

    def current(self) -> int | None:
        """Index of the device whose context is current on this thread; None when none is."""
        return self._local.device

    def make_current(self, index: int) -> None:
        """`cudaSetDevice(index)`: creates the device's primary context and makes it current."""
        self._primary.add(index)
        self._local.device = index
        self._local.settled = frozenset()

    def settled(self, index: int) -> bool:
        """Whether work on `index` would change nothing on this thread (see `work`)."""
        return index in self._local.settled

    def unsettle(self) -> None:
        """The runtime's device changed on this thread: `work` must look again."""
        self._local.settled = frozenset()

    def retain_primary(self, index: int) -> None:
        """`cuDevicePrimaryCtxRetain`: the context exists, current nowhere new."""
        self._primary.add(index)

    def has_primary(self, index: int) -> bool:
        return index in self._primary

    def clear(self) -> None:
        """`cuCtxSetCurrent(NULL)`: no context current on this thread."""
        self._local.device = None
        self._local.settled = frozenset()

    def work(self, index: int, runtime_device: int) -> None:
        """This thread ran CUDA work on `index` while the runtime's device is `runtime_device`."""
        local = self._local
        if index == runtime_device:
            if local.device != index:
                self.make_current(index)
            local.settled = local.settled | {index}  # the same work again would change nothing
            return
        self.make_current(index)  # the guard switches to the tensor's device...
        if runtime_device in self._primary:  # ...and back only where a context exists
            local.device = runtime_device
            # primary contexts are never destroyed: the same work again ends here again
            local.settled = local.settled | {index}
