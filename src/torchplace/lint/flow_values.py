"""The vocabulary of the device-flow analysis (`flow`): the abstract device of a tensor
(:class:`Kind`), one abstract tensor (:class:`Value`), the tensors an expression may be
(`Values`) and how those of several operands join, and the evidence a rule reports
(:class:`Meeting`: a CPU-made tensor used together with a GPU tensor)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    CPU = "made on the CPU"
    INPUT = "from the input"
    MODULE = "a parameter, buffer or output of the module"
    CURRENT = "on the current GPU"
    MOVED = "placed by the code"
    PLACED = "a tensor that keeps its own device"
    COLLECTIVE = "NCCL needs tensors on the rank's GPU"


@dataclass(frozen=True)
class Value:
    """One abstract tensor: its kind, where it was made and how to name it in a message."""

    kind: Kind
    line: int
    label: str  # "`torch.arange`", "`hidden_states`", "`self.weight`"
    origin: ast.Call | None = None  # the factory call of a CPU value
    #: The module that holds it: "self" for a parameter or buffer of `self`, the submodule's
    #: name for its output (`wte` for `self.wte(ids)`); None when not known.
    owner: str | None = None
    #: A CPU value's size: "" (elements), "vector" (known 1-D: one element of it is 0-dim),
    #: "single" (1-D of one element, `torch.rand(1)`: squeezed or indexed it is 0-dim),
    #: "scalar" (0-dim: mixes in arithmetic with any device) or "empty" (a placeholder such
    #: as `torch.tensor([])`).
    size: str = ""
    #: Placed on purpose by the code: `.to(x.device)`, `device="cuda"`.
    placed: bool = False

    @property
    def on_gpu(self) -> bool:
        return self.kind is not Kind.CPU


#: The abstract value of an expression: the tensors it may be (usually zero or one).
Values = tuple[Value, ...]


@dataclass(frozen=True)
class Meeting:
    """A CPU-made tensor (`cpu`) used together with a GPU tensor (`gpu`) at `line`."""

    cpu: Value
    gpu: Value
    line: int
    where: str  # "`torch.cat`", "`+`", "`self.embed(...)`"
    at: ast.AST | None = None  # the operation

    def chain(self) -> str:
        made = f"made on the CPU at line {self.cpu.line}"
        if self.cpu.label.startswith("`self."):
            made = f"{self.cpu.label} {made}"
        return (
            f"{made}, meets {self.gpu.label} "
            f"({self.gpu.kind.value}) at line {self.line} in {self.where}"
        )


@dataclass(frozen=True)
class HelperCall:
    """A call of one of `self`'s methods (`self._embed(grid[0])`) and the values of its
    arguments where it is called."""

    name: str
    node: ast.Call
    arguments: list[Values]
    keywords: dict[str | None, Values]


def join(*operands: Values) -> Values:
    """The tensors any of the operands may be: one per kind and origin (the factory call, else
    the owner), four at most."""
    seen: dict[tuple[Kind, object], Value] = {}
    for values in operands:
        for value in values:
            key = id(value.origin) if value.origin else value.owner
            seen.setdefault((value.kind, key), value)
            if len(seen) >= 4:
                return tuple(seen.values())
    return tuple(seen.values())
