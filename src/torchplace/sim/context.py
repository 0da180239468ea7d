"""`virtual_gpus(n)`: enter and leave a simulated machine."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import contextlib
import os
import threading
from collections.abc import Iterator

from torchplace.sim import (
    autocast,
    cuda_api,
    cuda_driver,
    devices,
    distributed,
    errors,
    factories,
    forking,
    functional,
    hf,
    inherit,
    libcuda,
    ops,
    parallel,
    serialization,
    tracing,
)
from torchplace.sim.patches import Patches

_lock = threading.Lock()
del ops  # imported for its op registrations
MAX_GPUS = 128  # torch's device index is 8 bits wide: cuda:127 is the last one it can name
DEFAULT_KEEP_VALUES = "64MiB"


@contextlib.contextmanager
def virtual_gpus(
    n: int,
    memory: str | int = "141GiB",
    name: str = "NVIDIA H200",
    *,
    keep_values_up_to: str | int | None = None,
    rank: int | None = None,
    world_size: int | None = None,
) -> Iterator[devices.Machine]:
    """Run the body as if the machine had `n` CUDA GPUs of `memory` bytes each.

    See `torchplace.sim` for what is simulated. Not re-entrant: one simulation per process.
    `keep_values_up_to` defaults to `$TORCHPLACE_SIM_KEEP_VALUES`, else 64MiB.
    """
    if not 1 <= n <= MAX_GPUS:
        raise ValueError(f"virtual_gpus needs 1 to {MAX_GPUS} GPUs (torch's limit), got {n}")
    if keep_values_up_to is None:
        keep_values_up_to = os.environ.get(inherit.KEEP_VALUES) or DEFAULT_KEEP_VALUES
    machine = devices.Machine(
        count=n,
        memory=devices.parse_memory(memory),
        name=name,
        keep_values_limit=devices.parse_memory(keep_values_up_to),
    )
    with _lock:
        if devices.active() is not None:
            raise RuntimeError("torchplace sim: virtual_gpus is already active in this process")
        devices.set_active(machine)
    patches = Patches()
    library = None
    try:
        library = factories.register()
        cuda_api.install(patches, machine)
        cuda_driver.install(patches)
        libcuda.install(patches)
        serialization.install(patches)
        forking.register()
        distributed.install(patches, machine, rank=rank, world_size=world_size)
        hf.install(patches)
        functional.install(patches)
        autocast.install(patches)  # after functional: wraps its F.linear
        tracing.install(patches)
        parallel.install(patches)
        with inherit.exported(n, machine.memory, name, machine.keep_values_limit):
            yield machine
    except BaseException as error:
        errors.hide_sim_frames(error)
        raise
    finally:
        distributed.uninstall()
        patches.restore()
        serialization.uninstall()
        if library is not None:
            library._destroy()  # type: ignore[no-untyped-call]
        devices.set_active(None)
