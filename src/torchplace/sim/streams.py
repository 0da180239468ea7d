"""CUDA streams and events on virtual GPUs: every operation is already complete, so they order
nothing; making a stream still needs its device's context, as `cudaStreamCreate` does."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import contextlib
from collections.abc import Iterator
from typing import Any

import torch

from torchplace.sim import devices


class Stream:
    """A CUDA stream that orders nothing: every operation is already complete."""

    def __init__(self, device: Any = None, priority: int = 0, **_: Any) -> None:
        machine = devices.require()
        index = machine.index_of(device)
        machine.work(index)  # cudaStreamCreate needs the device's context
        self.device = torch.device("cuda", index)
        self.priority = priority
        self.cuda_stream = 0

    def wait_stream(self, stream: Any) -> None: ...
    def wait_event(self, event: Any) -> None: ...
    def synchronize(self) -> None: ...

    def query(self) -> bool:
        return True

    def is_capturing(self) -> bool:
        return False  # no CUDA graph is ever being captured

    def record_event(self, event: Event | None = None) -> Event:
        recorded = event or Event()
        recorded.record(self)
        return recorded

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stream) and other.device == self.device

    def __hash__(self) -> int:
        return hash(self.device)

    def __enter__(self) -> Stream:
        return self

    def __exit__(self, *exc: object) -> None: ...


class Event:
    """A CUDA event that is always complete; elapsed_time is 0."""

    def __init__(self, enable_timing: bool = False, blocking: bool = False, **_: Any) -> None:
        self.enable_timing = enable_timing

    def record(self, stream: Any = None) -> None: ...
    def wait(self, stream: Any = None) -> None: ...
    def synchronize(self) -> None: ...

    def query(self) -> bool:
        return True

    def elapsed_time(self, end_event: Any) -> float:
        return 0.0


@contextlib.contextmanager
def stream(stream: Any = None) -> Iterator[None]:
    yield


def current_stream(device: Any = None) -> Stream:
    return Stream(device)


def accelerator_current_stream(device: Any = None) -> Stream:
    """`torch.accelerator.current_stream` (its own function: dynamo maps functions to rules)."""
    return Stream(device)
