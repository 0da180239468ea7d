"""A device map where accelerate's own inference gives none: the piece it cannot split.

accelerate's `"auto"` map first shares the model's size out over the GPUs
(`get_balanced_memory`: size / GPUs plus a buffer of the largest no-split block, or of the
mean leaf module when the model declares none), then fills each GPU up to its share. A module
that cannot be split (a leaf such as an embedding, a no-split block, or modules tied to one
weight) and is larger than one share has nowhere to go: accelerate sends it to disk, or fails
on the tied weights (`IndexError` in `get_module_size_with_ties`, DeBERTa-v2's tied embeddings
on 4 GPUs). Someone choosing a map wants a map and the reason, so the audit places the model as
accelerate would with each GPU's share raised to hold that piece, and says so: which piece, how
large, and the `max_memory` that gives the same map with `from_pretrained`.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

from torchplace.audit._tensors import human_bytes
from torchplace.audit.report import AuditFinding
from torchplace.report import Severity


class NoMapError(ValueError):
    """accelerate's inference gave no GPU placement; the message says why in one line."""


def largest_piece(model: nn.Module, dtype: torch.dtype) -> tuple[str, int]:
    """The largest part accelerate keeps on one device: a leaf module, a no-split block, or the
    modules that share a tied weight (the shared weight counted once); (names, bytes)."""
    from accelerate.utils import find_tied_parameters

    modules = dict(model.named_modules())
    no_split = set(getattr(model, "_no_split_modules", None) or [])
    pieces: dict[str, list[str]] = {}
    for name, module in modules.items():
        if name and (next(module.children(), None) is None or type(module).__name__ in no_split):
            pieces[name] = [name]
    for group in find_tied_parameters(model):
        owners = sorted({_owner(pieces, param) for param in group} - {""})
        if len(owners) > 1:
            members = [m for o in owners for m in pieces.pop(o)]
            pieces[" + ".join(f"`{o}`" for o in owners)] = members
    sizes = {key: _bytes([modules[m] for m in members], dtype) for key, members in pieces.items()}
    if not sizes:
        return "", 0
    name = max(sizes, key=lambda n: sizes[n])
    return (name if name.startswith("`") else f"`{name}`"), sizes[name]


def _bytes(modules: list[nn.Module], dtype: torch.dtype) -> int:
    """Bytes of the modules' tensors at `dtype` (floating ones), each tensor counted once."""
    seen: dict[int, int] = {}
    for module in modules:
        for tensor in [*module.parameters(), *module.buffers()]:
            size = (torch.finfo(dtype).bits // 8) if tensor.is_floating_point() else None
            seen[id(tensor)] = tensor.numel() * (size or tensor.element_size())
    return sum(seen.values())


def _owner(pieces: dict[str, list[str]], param: str) -> str:
    """The piece holding a parameter: the longest piece name that prefixes it."""
    found = [p for p in pieces if param.startswith(p + ".")]
    return max(found, key=len) if found else ""


def raised_shares(
    model: nn.Module, dtype: torch.dtype, max_memory: dict[Any, int], balanced: dict[Any, int]
) -> tuple[dict[Any, int], str, int]:
    """Each GPU's share raised to hold the largest piece, within its memory; NoMapError when the
    piece is larger than every GPU."""
    piece, size = largest_piece(model, dtype)
    room = max(max_memory.values(), default=0)
    need = size + size // 20  # accelerate also reserves room for the largest layer's output
    if need > room:
        raise NoMapError(
            f"the model does not fit on these GPUs: {piece} ({human_bytes(size)}) cannot be "
            f"split and, with room for its output, is larger than one GPU "
            f"({human_bytes(room)}); pass a larger --memory"
        )
    shares = {k: min(max_memory[k], max(balanced.get(k, 0), need)) for k in max_memory}
    return shares, piece, size


def fallback_finding(
    strategy: str, cause: str, piece: str, size: int, balanced: dict[Any, int],
    shares: dict[Any, int],
) -> AuditFinding:  # fmt: skip
    """The note that says why accelerate gave no map and which map the audit used instead."""
    low = min(balanced.values(), default=0)
    memory = ", ".join(f"{k}: '{_mib(v)}MiB'" for k, v in shares.items())
    return AuditFinding(
        "auto-map-cannot-place-piece",
        Severity.WARNING,
        piece.strip("`").split("` + `")[0],
        f"accelerate's {strategy!r} map gives no GPU placement for this model ({cause}): "
        f"{piece} ({human_bytes(size)}) cannot be split and is larger than the share of "
        f"memory accelerate balances onto a GPU ({human_bytes(low)}). The audit placed it as "
        "accelerate would with each GPU's share raised to hold it; the same map comes from "
        f"`from_pretrained(..., device_map={strategy!r}, max_memory={{{memory}}})`. A model "
        "that declares `_no_split_modules` lets accelerate balance around such pieces.",
    )


def _mib(size: int) -> int:
    return -(-size // (1 << 20))
