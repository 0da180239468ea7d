"""Progress on stderr while checks run: a live line on a terminal, one line per check in logs."""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

from torchplace.doctor.result import CheckResult

_SPINNER = "|/-\\"


class Progress:
    """Silent progress; the base for the two visible kinds."""

    def start(self, name: str, position: int, total: int) -> None:
        """A check is starting."""

    def finish(self, result: CheckResult) -> None:
        """A check has finished."""

    def close(self) -> None:
        """All checks have finished."""


class LineProgress(Progress):
    """One line per finished check, for logs and pipes."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.label = ""

    def start(self, name: str, position: int, total: int) -> None:
        self.label = f"[{position}/{total}] {name}"

    def finish(self, result: CheckResult) -> None:
        print(
            f"doctor: {self.label} {result.status.value} ({result.duration_s:.1f} s)",
            file=self.stream,
            flush=True,
        )


class LiveProgress(Progress):
    """A spinner line with the running check and its elapsed time, redrawn in place."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.label = ""
        self.started = time.monotonic()
        self.done: list[str] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._spin, daemon=True, name="doctor-progress")
        self.thread.start()

    def start(self, name: str, position: int, total: int) -> None:
        with self.lock:
            self.label = f"[{position}/{total}] {name}"
            self.started = time.monotonic()

    def finish(self, result: CheckResult) -> None:
        with self.lock:
            self.done.append(result.status.value[0])
            self.label = ""

    def _spin(self) -> None:
        tick = 0
        while not self.stop.wait(0.1):
            with self.lock:
                if self.label:
                    elapsed = time.monotonic() - self.started
                    marks = "".join(self.done)
                    line = f"{_SPINNER[tick % 4]} {self.label} {elapsed:4.1f} s  {marks}"
                    self.stream.write("\r\033[K" + line)
                    self.stream.flush()
            tick += 1

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=1)
        self.stream.write("\r\033[K")
        self.stream.flush()


def for_stream(stream: TextIO | None = None, enabled: bool = True) -> Progress:
    """Live progress on a terminal, line progress otherwise, nothing when disabled."""
    stream = stream or sys.stderr
    if not enabled:
        return Progress()
    return LiveProgress(stream) if stream.isatty() else LineProgress(stream)
