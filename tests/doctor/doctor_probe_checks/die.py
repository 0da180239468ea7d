"""A check that kills its own process, as the OOM killer or a segfault would."""

import os
import signal

from torchplace.doctor.result import Check, CheckResult

CHECK = Check(name="probe-die", category="test", order=3, timeout_s=20)


def run(env: object) -> CheckResult:
    print("probe-die: about to die", flush=True)  # must not corrupt the result pipe
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable")
