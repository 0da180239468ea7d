"""Child processes of a simulated process run simulated too, the way coverage.py measures them.

On entering `virtual_gpus`, the machine's settings go into the environment (`TORCHPLACE_SIM_GPUS`,
`..._MEMORY`, `..._NAME`, `..._KEEP_VALUES`) and the directory of `torchplace/sim/autostart`
(which holds a `sitecustomize.py`) goes in front of `PYTHONPATH`. Every Python child started
from then on (`subprocess`, `multiprocessing` spawn/forkserver, `torch.multiprocessing.spawn`,
`torchrun`, `accelerate launch`) imports that `sitecustomize` at start-up: it waits for the
child's own `import torch` and then enters the same simulation, with the child's own
`CUDA_VISIBLE_DEVICES` read when CUDA initialises. A child that never imports torch pays one
small import; a process without `TORCHPLACE_SIM_GPUS` does nothing. Leaving the simulation
puts the environment back.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import os
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager

GPUS = "TORCHPLACE_SIM_GPUS"
MEMORY = "TORCHPLACE_SIM_MEMORY"
NAME = "TORCHPLACE_SIM_NAME"
KEEP_VALUES = "TORCHPLACE_SIM_KEEP_VALUES"
KEYS = (GPUS, MEMORY, NAME, KEEP_VALUES)
BOOT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "autostart")


def child_environment(
    environ: MutableMapping[str, str], gpus: int, memory: int, name: str, keep_values: int
) -> None:
    """Write the settings children start from into `environ` (os.environ or a child's env)."""
    environ[GPUS] = str(gpus)
    environ[MEMORY] = str(memory)
    environ[NAME] = name
    environ[KEEP_VALUES] = str(keep_values)
    paths = [p for p in environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != BOOT_DIR]
    environ["PYTHONPATH"] = os.pathsep.join([BOOT_DIR, *paths])


def without_inheritance(environ: MutableMapping[str, str]) -> MutableMapping[str, str]:
    """`environ` with the simulation's start-up settings removed (for children that set up
    their own simulation: the plugin's rank processes, `sim --nproc-per-node` workers)."""
    for key in KEYS:
        environ.pop(key, None)
    paths = [p for p in environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != BOOT_DIR]
    if paths:
        environ["PYTHONPATH"] = os.pathsep.join(paths)
    else:
        environ.pop("PYTHONPATH", None)
    return environ


@contextmanager
def exported(gpus: int, memory: int, name: str, keep_values: int) -> Iterator[None]:
    """Children started inside inherit the simulation; the environment is restored after."""
    keys = (*KEYS, "PYTHONPATH")
    saved = {key: os.environ.get(key) for key in keys}
    child_environment(os.environ, gpus, memory, name, keep_values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def settings_from_environment() -> dict[str, object] | None:
    """The `virtual_gpus` arguments a child inherits, or None when it inherits none."""
    gpus = os.environ.get(GPUS, "").strip()
    if not gpus:
        return None
    settings: dict[str, object] = {"n": int(gpus)}
    if os.environ.get(MEMORY):
        settings["memory"] = int(os.environ[MEMORY])
    if os.environ.get(NAME):
        settings["name"] = os.environ[NAME]
    return settings


_inherited: list[object] = []  # the entered simulation, kept for the life of the process


def start_inherited() -> None:
    """Enter the simulation the parent described (called by `autostart/sitecustomize.py`)."""
    from torchplace.sim import devices
    from torchplace.sim.context import virtual_gpus

    settings = settings_from_environment()
    if settings is None or devices.active() is not None:
        return
    import atexit

    context = virtual_gpus(**settings)  # type: ignore[arg-type]
    context.__enter__()
    _inherited.append(context)
    atexit.register(context.__exit__, None, None, None)  # before interpreter teardown
