"""Compute capability of NVIDIA GPUs, from the name NVML reports (or `--gpu-name`).

Only what preflight needs to know about a GPU model that its memory does not say: which
quantisation kernels vLLM may use on it. AMD and unknown names give None (no verdict).
"""

from __future__ import annotations

import re

# Most specific first: "A100" before "A10", "L40" before "L4", "H200" / "H20" before "H2".
_CAPABILITY: tuple[tuple[str, int], ...] = (
    (r"\bG?B300\b", 103),
    (r"\bG?B200\b|\bB100\b", 100),
    (r"RTX 50\d\d|RTX PRO \d+ Blackwell", 120),
    (r"\bGH200\b|\bH100\b|\bH200\b|\bH800\b|\bH20\b", 90),
    (r"\bL40S?\b|\bL4\b|\bL20\b|RTX 40\d\d|RTX \d+ Ada", 89),
    (r"\bA100\b|\bA800\b|\bA30\b", 80),
    (r"\bA10G?\b|\bA40\b|\bA16\b|\bA2\b|RTX 30\d\d|RTX A\d+", 86),
    (r"\bT4\b|RTX 20\d\d|TITAN RTX|Quadro RTX", 75),
    (r"\bV100", 70),
    (r"\bP100\b", 60),
    (r"\bP40\b|\bP4\b|GTX 10\d\d", 61),
)


def compute_capability(name: str) -> int | None:
    """`major * 10 + minor` as vLLM compares it (`DeviceCapability.to_int()`), or None."""
    if not name or "AMD" in name.upper() or "INSTINCT" in name.upper():
        return None
    for pattern, capability in _CAPABILITY:
        if re.search(pattern, name):
            return capability
    return None
