"""A check that starts a child process, records both PIDs, and hangs forever."""

import os
import subprocess
import sys
import time

from torchplace.doctor.result import Check, CheckResult

CHECK = Check(name="probe-hang", category="test", order=4, timeout_s=2)


def run(env: object) -> CheckResult:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    with open(os.environ["DOCTOR_PROBE_PIDS"], "w") as handle:
        handle.write(f"{os.getpid()} {child.pid}\n")
    while True:
        time.sleep(1)
    return CheckResult.passed("never")
