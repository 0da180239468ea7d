"""A check that raises."""

from torchplace.doctor.result import Check, CheckResult

CHECK = Check(name="probe-crash", category="test", order=2, timeout_s=20)


def run(env: object) -> CheckResult:
    raise ZeroDivisionError("probe crashed on purpose")
