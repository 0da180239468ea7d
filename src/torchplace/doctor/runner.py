"""Run checks with isolation and hard timeouts; one crashing or hanging check never ends the run.

Two ways to run:

* isolated (the CLI's default): checks run one by one in a worker subprocess
  (`python -m torchplace.doctor.worker`) in its own session. A check that exceeds its timeout
  gets the worker's whole process group killed (so any ranks it spawned die with it) and is a
  FAIL; a worker that dies (segfault, `os._exit`) is a FAIL of the check it was running; a
  fresh worker takes the next check. The doctor's own process never imports torch.
* inline (fake environments in tests, and each rank under `--distributed`): checks run in a
  daemon thread of this process; a timeout is a FAIL and the run moves on.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator
from typing import IO, Any

from torchplace.doctor.progress import Progress
from torchplace.doctor.registry import LoadedCheck
from torchplace.doctor.result import CheckResult, Unavailable

DEFAULT_ENV_FACTORY = "torchplace.doctor.env:RealEnv"
CRASH_FIX = (
    "This is a doctor bug or an environment it does not expect: "
    "report it with the output of --json."
)


def execute(check: LoadedCheck, env: Any) -> CheckResult:
    """Run one check in this thread: Unavailable is SKIP, any other exception a FAIL of it."""
    start = time.perf_counter()
    try:
        result = check.run(env)
        if not isinstance(result, CheckResult):
            result = CheckResult.fail(
                f"check returned {type(result).__name__}, not a CheckResult", CRASH_FIX
            )
    except Unavailable as reason:
        result = CheckResult.skip(str(reason))
    except Exception as error:
        result = CheckResult.fail(
            f"check crashed: {type(error).__name__}: {error}",
            CRASH_FIX,
            traceback=traceback.format_exc(limit=8),
        )
    return result.named(check.name, time.perf_counter() - start)


def run_inline(
    checks: list[LoadedCheck],
    env: Any,
    progress: Progress | None = None,
    timeout_scale: float = 1.0,
) -> list[CheckResult]:
    """Run checks in this process, each in a daemon thread with its hard timeout."""
    progress = progress or Progress()
    results = []
    for position, check in enumerate(checks, 1):
        progress.start(check.name, position, len(checks))
        result = _in_thread(check, env, check.info.timeout_s * timeout_scale)
        progress.finish(result)
        results.append(result)
    return results


def _in_thread(check: LoadedCheck, env: Any, timeout: float) -> CheckResult:
    box: list[CheckResult] = []
    thread = threading.Thread(
        target=lambda: box.append(execute(check, env)), daemon=True, name=f"doctor-{check.name}"
    )
    thread.start()
    thread.join(timeout)
    if box:
        return box[0]
    return timed_out(check, timeout)


def timed_out(check: LoadedCheck, timeout: float, detail: str = "") -> CheckResult:
    return CheckResult.fail(
        f"did not finish within {timeout:.0f} s and was stopped{detail}",
        "Something on this host hangs: rerun with `torchplace doctor --only "
        f"{check.name}` and look at nvidia-smi, dmesg and NCCL_DEBUG=INFO output.",
    ).named(check.name, timeout)


class Worker:
    """A `torchplace.doctor.worker` subprocess in its own session; killed as a process group."""

    def __init__(self, env_factory: str = DEFAULT_ENV_FACTORY) -> None:
        self.env_factory = env_factory
        self.process: subprocess.Popen[bytes] | None = None
        self.stderr: IO[bytes] | None = None
        self.buffer = b""

    def _start(self) -> subprocess.Popen[bytes]:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the worker
        environ = dict(os.environ, TORCHPLACE_DOCTOR_PARENT_PID=str(os.getpid()))
        self.buffer = b""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "torchplace.doctor.worker", "--env-factory", self.env_factory],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            start_new_session=True,
            env=environ,
        )
        return self.process

    def run(self, check: LoadedCheck, timeout: float) -> CheckResult:
        process = self.process if self.process and self.process.poll() is None else self._start()
        assert process.stdin is not None
        start = time.monotonic()
        try:
            process.stdin.write((json.dumps({"module": check.module}) + "\n").encode())
            process.stdin.flush()
        except BrokenPipeError:
            pass
        line = self._read_line(process, start + timeout)
        if isinstance(line, bytes):
            try:
                return CheckResult.from_dict(json.loads(line))
            except (ValueError, KeyError) as error:
                return CheckResult.fail(f"unreadable result from the worker: {error}", CRASH_FIX)
        if line == "timeout":
            self.kill()
            return timed_out(check, timeout, "; its worker process group was killed")
        try:  # end of output: the worker is exiting; its status follows the closed pipe
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            code = None
        return self._died(check, code, time.monotonic() - start)

    def _read_line(self, process: subprocess.Popen[bytes], deadline: float) -> bytes | str:
        """One result line, or "timeout", or "eof" when the worker closed its output."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout"
            ready, _, _ = select.select([fd], [], [], min(remaining, 0.5))
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    return "eof"
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _died(self, check: LoadedCheck, code: int | None, seconds: float) -> CheckResult:
        how = f"exit code {code}"
        if code is not None and code < 0:
            try:
                how = f"signal {signal.Signals(-code).name}"
            except ValueError:
                how = f"signal {-code}"
        tail = self._stderr_tail()
        self.kill()
        return CheckResult.fail(
            f"the check's worker process died ({how})"
            + (f": {tail.splitlines()[-1]}" if tail else ""),
            CRASH_FIX,
            stderr_tail=tail,
        ).named(check.name, seconds)

    def _stderr_tail(self, limit: int = 4000) -> str:
        if self.stderr is None:
            return ""
        self.stderr.seek(0, os.SEEK_END)
        size = self.stderr.tell()
        self.stderr.seek(max(0, size - limit))
        return self.stderr.read().decode(errors="replace").strip()

    def kill(self) -> None:
        """Kill the worker and everything it started (its session's process group)."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.wait()
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                pipe.close()

    def close(self) -> None:
        """Let an idle worker exit on end of input, then make sure its group is gone."""
        process = self.process
        if process is not None and process.poll() is None and process.stdin is not None:
            try:
                process.stdin.close()
                process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if process is not None:
            try:
                os.killpg(process.pid, signal.SIGKILL)  # stragglers it may have left behind
            except (ProcessLookupError, PermissionError):
                pass
        self.kill()


def run_isolated(
    checks: list[LoadedCheck],
    progress: Progress | None = None,
    env_factory: str = DEFAULT_ENV_FACTORY,
    timeout_scale: float = 1.0,
) -> list[CheckResult]:
    """Run checks in a worker subprocess; hangs and crashes become FAILs of their check."""
    progress = progress or Progress()
    worker = Worker(env_factory)
    results = []
    with _terminate_as_exit():
        try:
            for position, check in enumerate(checks, 1):
                progress.start(check.name, position, len(checks))
                result = worker.run(check, check.info.timeout_s * timeout_scale)
                progress.finish(result)
                results.append(result)
        except BaseException:  # Ctrl-C or SIGTERM: take the worker's group down now
            worker.kill()
            raise
        finally:
            worker.close()
    return results


@contextlib.contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """Turn SIGTERM into SystemExit while checks run, so cleanup kills the worker group."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
