"""`virtual_gpus(n)`: enter and leave a simulated machine."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from torchplace.sim import (
    cuda_api,
    cuda_driver,
    devices,
    distributed,
    errors,
    factories,
    forking,
    functional,
    hf,
    ops,
    serialization,
    tracing,
)
from torchplace.sim.patches import Patches

_lock = threading.Lock()
del ops  # imported for its op registrations


@contextlib.contextmanager
def virtual_gpus(
    n: int,
    memory: str | int = "141GiB",
    name: str = "NVIDIA H200",
    *,
    keep_values_up_to: str | int = "64MiB",
    rank: int | None = None,
    world_size: int | None = None,
) -> Iterator[devices.Machine]:
    """Run the body as if the machine had `n` CUDA GPUs of `memory` bytes each.

    See `torchplace.sim` for what is simulated. Not re-entrant: one simulation per process.
    """
    if n < 1:
        raise ValueError(f"virtual_gpus needs at least one GPU, got {n}")
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
        serialization.install(patches)
        forking.register()
        distributed.install(patches, machine, rank=rank, world_size=world_size)
        hf.install(patches)
        functional.install(patches)
        tracing.install(patches)
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
