"""A process forked after CUDA initialised cannot use CUDA: torch's own error in the child.

torch poisons fork when CUDA initialises: a handler registered with `pthread_atfork` marks the
child, `torch.cuda._is_in_bad_fork()` then says so and `torch.cuda._lazy_init` raises
"Cannot re-initialize CUDA in forked subprocess..." on the child's first CUDA call. A CPU build
registers nothing, so the simulator registers its own handler (`os.register_at_fork`, once per
process; it does nothing unless a simulation is active), answers `_is_in_bad_fork` for the
virtual machine, and lets torch's `_lazy_init` raise its own message.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import os
import threading

import torch

# torch's own function, taken before any simulation replaces `torch.cuda._lazy_init`.
_torch_lazy_init = torch.cuda._lazy_init
_registered = False
_lock = threading.Lock()
_TEXT = (
    "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you "
    "must use the 'spawn' start method"
)


def register() -> None:
    """Install the fork handler (once per process: `os.register_at_fork` cannot be undone)."""
    global _registered
    with _lock:
        if not _registered and hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=_after_fork_in_child)
            _registered = True


def _after_fork_in_child() -> None:
    from torchplace.sim import devices  # devices imports this module

    machine = devices.active()
    if machine is not None:
        machine.after_fork_in_child()


def raise_reinit_error() -> None:
    """Raise torch's error for CUDA use in a bad fork (`torch.cuda._is_in_bad_fork` must say so).

    torch's `_lazy_init` checks the bad fork before anything a CPU build lacks, so its own
    message (whatever the installed version says) is raised; the text above is the fallback.
    """
    if torch.cuda._is_in_bad_fork():
        _torch_lazy_init()  # type: ignore[no-untyped-call]
    raise RuntimeError(_TEXT)
