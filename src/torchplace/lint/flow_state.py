"""What the device-flow pass holds while it walks one function, and how it records a meeting.

:class:`FlowState` keeps the values bound to names, the tensors whose device a name holds, the
names bound to Python numbers, the function's tensor arguments and its class's facts, and the
meetings (and `device_map` splits) found so far; `_meet` decides whether the operands of one
operation hold a CPU-made tensor beside a GPU tensor. Walking the statements and expressions
is the subclasses' work: calls in `flow_calls.CallFlow`, the rest in `flow.FunctionFlow`.
"""

from __future__ import annotations

import ast
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Protocol

from torchplace.lint.flow_element_reads import element_read_names
from torchplace.lint.flow_facts import ClassFacts, number, number_annotation, tensor_params
from torchplace.lint.flow_first_pass import FirstPasses
from torchplace.lint.flow_sizes import size_names
from torchplace.lint.flow_values import HelperCall, Kind, Meeting, Value, Values, join


class Callees(Protocol):
    """The file's own functions, to follow a CPU tensor into a call of one
    (`flow.LocalFunctions`)."""

    def follow(
        self,
        caller: FlowState,
        node: ast.Call,
        name: str,
        arguments: list[Values],
        keywords: dict[str | None, Values],
    ) -> Values: ...

    def returns_number(self, name: str) -> bool:
        """Whether the file's function `name` is annotated to return a Python number."""
        ...


#: Tensor methods that return a count (a Python int).
_COUNTS = frozenset({"numel", "dim", "ndimension", "nelement"})


class FlowState(ABC):
    """The state of the pass over one function (see the module docstring). Constructing a
    subclass runs the pass."""

    def __init__(
        self,
        function: ast.FunctionDef | ast.AsyncFunctionDef,
        qualify: Callable[[ast.AST], str | None],
        facts: ClassFacts | None = None,
        helper_return: Callable[[str], Values] | None = None,
        helper_items: Callable[[str], list[Values] | None] | None = None,
        helper_numbers: Callable[[str], bool] | None = None,
        nccl: bool = False,
        local: Callees | None = None,
        owners: bool = False,
        bindings: dict[str, Values] | None = None,
        inputs: bool = True,
        type_parameters: frozenset[str] = frozenset(),
    ) -> None:
        self.function = function
        self.qualify = qualify
        #: Parameters every call fills with a tensor type (`flow_method_bindings`).
        self.type_parameters = type_parameters
        self.facts = facts or ClassFacts()
        self.helper_return = helper_return or (lambda name: ())
        #: What a helper returns position by position (`return negs, neg_idxs`), if known.
        self.helper_items = helper_items or (lambda name: None)
        #: Whether a helper returns only a Python number of the module (`numeric_returns`).
        self.helper_numbers = helper_numbers or (lambda name: False)
        #: Whether every `return` of this function gives a number made of literals, numbers
        #: and the module's attributes that hold no tensor (`self.drop_prob / self.size**2`);
        #: None before the first `return`.
        self.numeric_returns: bool | None = None
        #: Calls of helpers whose result is unpacked position by position.
        self._items: dict[int, list[Values]] = {}
        self._tuple_returns: list[list[Values]] = []
        #: Whether the file uses NCCL: only then is a collective on the default group a sink.
        self.nccl = nccl
        #: The file's module-level functions, for following a CPU tensor into a call of one.
        self.local = local
        #: Whether to record `splits`: outputs of two submodules (or a submodule's output and
        #: a parameter of `self`) in one op, which `device_map` may have put on two GPUs.
        self.owners = owners
        self.meetings: list[Meeting] = []
        #: Calls of `self`'s helper methods with the values of their arguments, for a class
        #: flow that binds a helper's parameters to what its callers pass.
        self.helper_calls: list[HelperCall] = []
        self.splits: list[Meeting] = []
        self.returned: list[Value] = []
        self.env: dict[str, Values] = {}
        #: `device = x.device`: the tensors whose device a name holds.
        self.devices: dict[str, Values] = {}
        #: Names bound to a Python number (`n = x.shape[-1]`): `torch.tensor(n)` is 0-dim.
        self.numbers: set[str] = set()
        #: Names bound to an object a class of another library builds (`ds = EMNIST(...)`):
        #: its `.data` is that object's attribute, not a tensor's storage.
        self.objects: set[str] = set()
        self._element_reads: frozenset[str] | None = None
        self._moving = False  # inside the receiver of `.to(device)`: the author places it
        #: The loops around the statement the pass is at, innermost last.
        self._loops: list[ast.For | ast.AsyncFor | ast.While] = []
        self._first_passes: FirstPasses | None = None
        arguments = function.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        self.self_name = every[0].arg if facts is not None and every else None
        #: Arguments that are tensors (`inputs=False`: not asked, as for `splits` alone).
        self.tensor_params = (
            tensor_params(function, every, self.self_name) if inputs else frozenset()
        )
        # `mask_param: int`: an argument annotated as a Python number is one (until rebound).
        self.numbers.update(p.arg for p in every if number_annotation(p.annotation))
        # `x.view(b, n, heads, self.head_size)`: sizes are numbers (`flow_sizes`).
        sizes = size_names(function, self.self_name, qualify)
        self.numbers.update(sizes.parameters)
        #: Attributes of `self` this function gives as sizes: numbers.
        self.size_attributes = sizes.attributes
        self.env.update(bindings or {})  # values of arguments known from a caller
        self._body(function.body)

    @property
    def element_reads(self) -> frozenset[str]:
        """Names read only one element at a time (`pc_range[0]`): each read is 0-dim. Read
        from the function only when a subscript of a CPU tensor asks (two walks of it)."""
        if self._element_reads is None:
            self._element_reads = element_read_names(self.function)
        return self._element_reads

    def unpack_by_position(self, call: ast.Call, items: list[Values]) -> None:
        """What `call` returns, position by position, for a tuple assignment of its result
        (`out, mask, dur = process_duration(...)`): each name gets its own item."""
        self._items[id(call)] = items

    @abstractmethod
    def _body(self, statements: Iterable[ast.stmt]) -> None:
        """Walk statements in order (`flow.FunctionFlow`)."""

    @abstractmethod
    def eval(self, node: ast.expr) -> Values:
        """The tensors an expression may be, each expression evaluated once
        (`flow.FunctionFlow`)."""

    def _numeric(self, node: ast.expr) -> bool:
        """A Python number the flow can see: a literal or builtin number (`flow_facts`), a
        name bound to one, a size read off a tensor (`x.shape[-1]`, `x.size(1)`,
        `x.numel()`, `x.dim()`, `len(x)`; not `x.shape[1:]`, a tuple), a `math` function's
        result (through the file's imports: `from math import sqrt as math_sqrt`), or that of
        a function of the file annotated to return one."""
        if number(node):
            return True
        if isinstance(node, ast.Name):
            return node.id in self.numbers
        if isinstance(node, ast.Subscript):
            shape = isinstance(node.value, ast.Attribute) and node.value.attr == "shape"
            return shape and not isinstance(node.slice, ast.Slice)
        if isinstance(node, ast.BinOp):
            return self._numeric(node.left) and self._numeric(node.right)
        if isinstance(node, ast.UnaryOp):
            return self._numeric(node.operand)
        if isinstance(node, ast.Call):
            return self._numeric_call(node)
        return False

    def _plain_number(self, node: ast.expr) -> bool:
        """A Python number made only of numbers: one the flow sees as such (`_numeric`), a
        hyper-parameter of the module (`self.temperature`, set in `__init__` only from a
        number or an argument that defaults to or is annotated as one, `flow_facts`), or
        arithmetic of those."""
        if isinstance(node, ast.UnaryOp):
            return self._plain_number(node.operand)
        if isinstance(node, ast.BinOp):
            return self._plain_number(node.left) and self._plain_number(node.right)
        if self._numeric(node):
            return True
        if not isinstance(node, ast.Attribute):
            return False
        own = isinstance(node.value, ast.Name) and node.value.id == self.self_name
        if own and node.attr in self.size_attributes:
            return True
        return own and node.attr in self.facts.hyper_parameters()

    def _numeric_call(self, call: ast.Call) -> bool:
        func = call.func
        if isinstance(func, ast.Attribute):
            size = func.attr == "size" and len(call.args) == 1
            if size or (func.attr in _COUNTS and not call.args and not call.keywords):
                return True  # `x.size(1)`, `x.numel()`
        if isinstance(func, ast.Name):
            if func.id == "len" and len(call.args) == 1:
                return True
            if self.local is not None and self.local.returns_number(func.id):
                return True  # `def _get_mask_param(...) -> int` of the same file
        return (self.qualify(func) or "").startswith("math.")

    def _builds_object(self, node: ast.expr | None) -> bool:
        """A call of a class outside torch (`EMNIST(root)`, `datasets.MNIST(root)`), named
        by the file's imports: it builds an object, not a tensor. Classes are told by their
        capitalised name; torch's own (`Parameter`, `Tensor`) may be tensors."""
        if not isinstance(node, ast.Call):
            return False
        qualified = self.qualify(node.func) or ""
        root, _, rest = qualified.partition(".")
        last = qualified.rpartition(".")[2]
        return bool(rest) and root != "torch" and last[:1].isupper()

    # -- meetings ------------------------------------------------------------------------
    def _meet(
        self,
        *operands: Values,
        line: int,
        where: str,
        strict: bool = False,
        empties: bool = False,
        at: ast.AST | None = None,
        split: bool = True,
    ) -> Values:
        """Record a CPU value of one operand meeting a GPU value of another (one operand that
        may be either, `a if c else b`, meets nothing by itself). A 0-dim CPU tensor counts
        only where `strict` (an op that does not take CPU scalars: `cat`, `clamp`, builtin
        `min`), an empty placeholder only where `empties` (`cat`, registering it)."""
        for index, values in enumerate(operands):
            cpu = next((v for v in values if _counts(v, strict, empties)), None)
            if cpu is None or any(v.on_gpu for v in values):
                continue
            others = (
                v
                for i, o in enumerate(operands)
                if i != index and not _may_be_cpu(o)
                for v in o
                if v.on_gpu
            )
            gpu = next(others, None)
            if gpu is not None:
                self.meetings.append(Meeting(cpu, gpu, line, where, at))
                return (gpu,)
        if self.owners and split:
            self._split(operands, line, where, at)
        placed = tuple(v for values in operands for v in values if v.on_gpu)
        # A 0-dim CPU number or a placeholder beside a GPU tensor: the result is on the GPU;
        # an operand that may be either keeps the result so.
        either = any(_may_be_cpu(values) and any(v.on_gpu for v in values) for values in operands)
        return join(placed) if placed and not either else join(*operands)

    def _split(
        self, operands: tuple[Values, ...], line: int, where: str, at: ast.AST | None
    ) -> None:
        held = [
            next((v for v in values if v.kind is Kind.MODULE and v.owner), None)
            for values in operands
        ]
        found = [v for v in held if v is not None]
        for first in found:
            second = next((v for v in found if v.owner != first.owner), None)
            if second is not None:
                self.splits.append(Meeting(first, second, line, where, at))
                return


def _counts(value: Value, strict: bool, empties: bool) -> bool:
    if value.kind is not Kind.CPU:
        return False
    if value.size == "scalar":
        return strict
    if value.size == "empty":
        return empties
    return True


def _may_be_cpu(values: Values) -> bool:
    """An operand that may hold a CPU-made tensor (a list grown with tensors of both kinds,
    `a if c else b`): no evidence that the other operand meets a GPU tensor there."""
    return any(v.kind is Kind.CPU for v in values)
