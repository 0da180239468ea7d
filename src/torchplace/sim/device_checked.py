"""Pointwise ops whose CUDA kernels check every tensor argument's device, read from torch itself.

Most pointwise ops run through TensorIterator, which lets a CPU 0-dim tensor join a CUDA op as a
scalar; their entries in ATen's `native_functions.yaml` say `device_check: NoCheck`. Pointwise
ops without that line get the generated wrapper's check instead, which names the argument and
takes no exemption: `torch.clamp(x_cuda, torch.tensor(-1.0), torch.tensor(1.0))` raises "got min
is on cpu ... wrapper_CUDA_clamp_Tensor" on a real GPU (measured on an H200, torch 2.11), as do
`logaddexp`, `gcd`, `nextafter` and others. The list is read from the yaml that the installed
torch ships in `torchgen`, so it follows the torch version; without that file the pointwise tag
decides alone, as before.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

_BLOCK_START = re.compile(r"^- func: ([A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?\(", re.MULTILINE)


def codegen_checked_pointwise() -> frozenset[tuple[str, str]]:
    """(name, overload) of pointwise ops without `device_check: NoCheck`; "default" for none."""
    return _schema_facts()[0]


def structured() -> frozenset[tuple[str, str]]:
    """(name, overload) of structured kernels, named `wrapper_CUDA_<name>[_<overload>]` by CUDA.

    Other kernels' wrappers put the overload first (`wrapper_CUDA__index_select`); the error text
    names the wrapper, so the simulator's messages follow this.
    """
    return _schema_facts()[1]


@functools.cache
def _schema_facts() -> tuple[frozenset[tuple[str, str]], frozenset[tuple[str, str]]]:
    text = _native_functions_yaml()
    if text is None:
        return frozenset(), frozenset()
    checked: set[tuple[str, str]] = set()
    structured_ops: set[tuple[str, str]] = set()
    starts = list(_BLOCK_START.finditer(text))
    for index, start in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        block = text[start.end() : end]
        op = (start.group(1), start.group(2) or "default")
        declared = re.search(r"^\s+structured(?:_delegate)?:\s*\S", block, re.MULTILINE)
        if declared and not re.search(r"^\s+structured:\s*False", block, re.MULTILINE):
            structured_ops.add(op)
        tags = re.search(r"^\s+tags:\s*(.*)$", block, re.MULTILINE)
        if tags is None or "pointwise" not in tags.group(1):
            continue
        if not re.search(r"^\s+device_check:\s*NoCheck", block, re.MULTILINE):
            checked.add(op)
    return frozenset(checked), frozenset(structured_ops)


def _native_functions_yaml() -> str | None:
    try:
        import torchgen
    except ImportError:
        return None
    path = Path(torchgen.__file__).parent / "packaged" / "ATen" / "native" / "native_functions.yaml"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None
