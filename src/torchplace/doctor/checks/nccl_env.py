"""NCCL environment variables that contradict this host's topology or break NCCL.

What it checks:
    `NCCL_P2P_DISABLE` or `NCCL_P2P_LEVEL=LOC` on a host with NVLink between visible GPUs;
    `NCCL_SHM_DISABLE` together with `NCCL_P2P_DISABLE` (intra-node traffic then goes through
    the network stack); `NCCL_SOCKET_IFNAME` naming no interface that exists; `NCCL_ALGO` /
    `NCCL_PROTO` overrides; `NCCL_DEBUG=TRACE` left on.

Why it matters:
    These variables are copied from old bug reports and cluster templates and then forgotten.
    `NCCL_P2P_DISABLE=1` on an NVLink host cuts all-reduce bandwidth several times over; an
    interface name that does not exist makes `init_process_group` fail or hang; forced
    algorithms and protocols defeat NCCL's tuning for this topology.

How to fix:
    Unset the variable (`unset NCCL_P2P_DISABLE`), or set it only on the hosts that need it, and
    name an interface from `ip -br link` in `NCCL_SOCKET_IFNAME`.
"""

from __future__ import annotations

from collections.abc import Mapping

from torchplace.doctor.checks.peer_access import links_by_pair
from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Status, Unavailable, worst

CHECK = Check(name="nccl-env", category="nccl", order=80, timeout_s=60)


def _enabled(value: str | None) -> bool:
    return value is not None and value.strip() not in ("", "0")


def _has_nvlink(env: Env) -> bool | None:
    try:
        count = env.cuda().device_count()
    except Unavailable:
        return None
    links = links_by_pair(env, count)
    return any(link.is_nvlink for link in links.values()) if links else None


def interface_problem(value: str, interfaces: list[str]) -> str | None:
    """NCCL_SOCKET_IFNAME semantics: `^` excludes, `=` matches exactly, else prefix match."""
    if value.startswith("^"):
        return None
    exact = value.startswith("=")
    names = [n.strip() for n in value.lstrip("=").split(",") if n.strip()]
    matched = [n for n in names for i in interfaces if (i == n if exact else i.startswith(n))]
    if matched:
        return None
    return (
        f"NCCL_SOCKET_IFNAME={value!r} matches no interface here "
        f"({', '.join(interfaces) or 'none found'}): init_process_group will fail or hang"
    )


def findings(
    environ: Mapping[str, str], nvlink: bool | None, interfaces: list[str]
) -> list[tuple[Status, str]]:
    found: list[tuple[Status, str]] = []
    p2p_off = _enabled(environ.get("NCCL_P2P_DISABLE"))
    level = environ.get("NCCL_P2P_LEVEL", "").strip().upper()
    if nvlink and p2p_off:
        found.append((Status.WARN, "NCCL_P2P_DISABLE=1 on a host whose GPUs share NVLink"))
    if nvlink and level in ("LOC", "0"):
        found.append((Status.WARN, f"NCCL_P2P_LEVEL={level} disables P2P over NVLink"))
    if p2p_off and _enabled(environ.get("NCCL_SHM_DISABLE")):
        found.append(
            (
                Status.WARN,
                "NCCL_P2P_DISABLE and NCCL_SHM_DISABLE: GPUs on this host talk through "
                "the network stack",
            )
        )
    ifname = environ.get("NCCL_SOCKET_IFNAME")
    problem = interface_problem(ifname, interfaces) if ifname and interfaces else None
    if problem:
        found.append((Status.FAIL, problem))
    for name in ("NCCL_ALGO", "NCCL_PROTO"):
        if environ.get(name):
            found.append((Status.WARN, f"{name}={environ[name]} overrides NCCL's tuning"))
    if environ.get("NCCL_DEBUG", "").upper() == "TRACE":
        found.append((Status.WARN, "NCCL_DEBUG=TRACE slows every collective"))
    return found


def run(env: Env) -> CheckResult:
    nccl_vars = {k: v for k, v in env.environ.items() if k.startswith("NCCL_")}
    found = findings(env.environ, _has_nvlink(env), env.net_interfaces())
    if not found:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(nccl_vars.items())) or "no NCCL_* set"
        return CheckResult.passed(shown, variables=nccl_vars)
    status = worst([s for s, _ in found])
    fix = (
        "Unset the variable for this host (e.g. `unset NCCL_P2P_DISABLE`) and name an existing "
        "interface in NCCL_SOCKET_IFNAME (`ip -br link`)."
    )
    return CheckResult(status, "; ".join(text for _, text in found), fix, {"variables": nccl_vars})
