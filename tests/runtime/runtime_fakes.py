"""A fake CUDA runtime and driver that behave, per thread, as FACTS.md measured."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import torch


@dataclass
class FakeCuda:
    """CUDA as FACTS.md measured it, per thread: a fresh thread's runtime device is 0 and no
    context is current; `set_device` makes that device's context current; any runtime call that
    needs a context (here `current_stream().query()`) makes the runtime device's current."""

    count: int = 2
    set_device_makes_context: bool = True
    calls: list[str] = field(default_factory=list)
    local: threading.local = field(default_factory=threading.local)

    def runtime_device(self) -> int:
        return getattr(self.local, "device", 0)

    def context(self) -> int | None:
        return getattr(self.local, "context", None)

    def set_device(self, device: Any) -> None:
        index = device if isinstance(device, int) else torch.device(device).index
        self.calls.append(f"set_device({index})")
        self.local.device = index
        if self.set_device_makes_context:
            self.local.context = index

    def current_stream(self, device: Any = None) -> Any:
        fake = self

        class Stream:
            def query(self) -> bool:
                fake.local.context = fake.runtime_device()
                return True

        return Stream()

    def query(self) -> tuple[int, int]:
        context = self.context()
        return (0, context) if context is not None else (201, -1)
