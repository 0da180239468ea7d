"""Device flow inside one function: where each tensor value was made, and where a CPU-made
tensor meets a tensor that lives on a GPU.

Every expression gets an abstract device (:class:`Kind`): made on the CPU by a factory without
`device=`, from an argument of the function, from a parameter, buffer or submodule of `self`,
on the thread's current GPU (`device="cuda"`), or unknown (None). Values flow through
assignments, tuple unpacking, `.view`-like methods, `*_like` / `new_*`, arithmetic,
`cat` / `stack`, lists built with `append`, and `return` of the class's own helper methods.
`.to(...)`, `.cuda()` and `.cpu()` end the flow: the code chose a device there.

A :class:`Meeting` is the evidence a rule needs: a CPU-made tensor and a GPU tensor in one
operation (arithmetic, a `torch` function, a tensor method, a call of a submodule whose weights
live on the GPU, `+=`, an assignment to `.data`). Indexing (`x[cpu_index]`) and `copy_` accept
tensors of another device and are no meeting.

One pass over the statements in order, each expression evaluated once: linear in the size of
the function. Branches are not merged precisely (the last assignment wins), which can only
lose meetings, never invent them.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

from torchplace.lint.context import dotted_name as dotted
from torchplace.lint.flow_facts import (
    ClassFacts,
    casts_dtype_only,
    factory_size,
    number,
    self_attribute,
    tensor_params,
)
from torchplace.lint.flow_ops import (
    BOUNDS,
    CLAMPS,
    CONTAINER_METHODS,
    CROSS_DEVICE,
    FOLLOW_INPUTS,
    JOINS,
    LEAVES,
    LEGACY_CONSTRUCTORS,
    MOVES,
    NAMESPACES,
    NCCL_COLLECTIVES,
    NOT_TENSORS,
    OPERATORS,
    SCALAR_FACTORIES,
    SEQUENCES,
    SHAPES,
    SIZE_ARGUMENTS,
    STRICT,
)
from torchplace.lint.flow_values import Kind, Meeting, Value, Values, join
from torchplace.torch_names import TENSOR_FACTORIES


class FunctionFlow:
    """The meetings of one function, found in one pass (see the module docstring)."""

    def __init__(
        self,
        function: ast.FunctionDef | ast.AsyncFunctionDef,
        qualify: Callable[[ast.AST], str | None],
        facts: ClassFacts | None = None,
        helper_return: Callable[[str], Values] | None = None,
        helper_items: Callable[[str], list[Values] | None] | None = None,
        nccl: bool = False,
        local: LocalFunctions | None = None,
        owners: bool = False,
        bindings: dict[str, Values] | None = None,
        inputs: bool = True,
    ) -> None:
        self.function = function
        self.qualify = qualify
        self.facts = facts or ClassFacts()
        self.helper_return = helper_return or (lambda name: ())
        #: What a helper returns position by position (`return negs, neg_idxs`), if known.
        self.helper_items = helper_items or (lambda name: None)
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
        self.splits: list[Meeting] = []
        self.returned: list[Value] = []
        self.env: dict[str, Values] = {}
        #: `device = x.device`: the tensors whose device a name holds.
        self.devices: dict[str, Values] = {}
        #: Names bound to a Python number (`n = x.shape[-1]`): `torch.tensor(n)` is 0-dim.
        self.numbers: set[str] = set()
        self._moving = False  # inside the receiver of `.to(device)`: the author places it
        arguments = function.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        self.self_name = every[0].arg if facts is not None and every else None
        #: Arguments that are tensors (`inputs=False`: not asked, as for `splits` alone).
        self.tensor_params = (
            tensor_params(function, every, self.self_name) if inputs else frozenset()
        )
        self.env.update(bindings or {})  # values of arguments known from a caller
        self._body(function.body)

    @property
    def returned_items(self) -> list[Values] | None:
        """The returned values position by position, when the tuples it returns have one
        length; else None. Other returns (`return y.new(0)`) cannot be unpacked into that many
        names, so a caller that unpacks the result never gets them."""
        shapes = {len(items) for items in self._tuple_returns}
        if len(shapes) != 1:
            return None
        return [join(*column) for column in zip(*self._tuple_returns, strict=True)]

    # -- statements ----------------------------------------------------------------------
    def _body(self, statements: Iterable[ast.stmt]) -> None:
        for statement in statements:
            self._statement(statement)

    def _statement(self, node: ast.stmt) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            return
        if isinstance(node, ast.Assign):
            values = self.eval(node.value)
            for target in node.targets:
                self._bind(target, values, node.value)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            self._bind(node.target, self.eval(node.value), node.value)
        elif isinstance(node, ast.AugAssign):
            left, right = self.eval(node.target), self.eval(node.value)
            symbol = OPERATORS.get(type(node.op), "?")
            self._meet(left, right, line=node.lineno, where=f"`{symbol}=`", at=node)
            if isinstance(node.target, ast.Name):
                self.env[node.target.id] = join(left, right)
        elif isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            if isinstance(value, ast.Tuple) and not any(
                isinstance(e, ast.Starred) for e in value.elts
            ):
                items = [self.eval(e) for e in value.elts]
                self._tuple_returns.append(items)
                self.returned.extend(join(*items))
            else:
                self.returned.extend(self.eval(value))
        elif isinstance(node, ast.Expr):
            self.eval(node.value)
        else:
            self._compound(node)

    def _compound(self, node: ast.stmt) -> None:
        for name in ("test", "iter", "subject", "exc"):
            part = getattr(node, name, None)
            if isinstance(part, ast.expr):
                self.eval(part)
        for item in getattr(node, "items", ()):  # with
            if isinstance(item, ast.withitem):
                self.eval(item.context_expr)
        target = getattr(node, "target", None)
        if isinstance(target, ast.expr):
            self._bind(target, (), None)
        for name in ("body", "orelse", "finalbody"):
            self._body(getattr(node, name, ()))
        for handler in getattr(node, "handlers", ()):
            self._body(handler.body)
        for case in getattr(node, "cases", ()):
            self._body(case.body)

    def _bind(self, target: ast.expr, values: Values, value: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = values
            if isinstance(value, ast.Attribute) and value.attr == "device":
                self.devices[target.id] = self.eval(value.value)
            else:
                self.devices.pop(target.id, None)
            if value is not None and self._numeric(value):
                self.numbers.add(target.id)
            else:
                self.numbers.discard(target.id)
        elif isinstance(target, ast.Tuple | ast.List):
            items = self._items.get(id(value)) if value is not None else None
            if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
                for element, part in zip(target.elts, value.elts, strict=True):
                    self._bind(element, self.eval(part), part)
            elif items is not None and len(items) == len(target.elts):
                for element, item in zip(target.elts, items, strict=True):
                    self._bind(element, item, None)
            else:
                for element in target.elts:
                    self._bind(element, values, None)
        elif isinstance(target, ast.Attribute) and target.attr == "data" and not _is_self(target):
            where = "an assignment to `.data`"
            owner = self.eval(target.value) or (
                Value(Kind.PLACED, target.lineno, f"`{dotted(target.value) or 'the tensor'}`"),
            )
            self._meet(owner, values, line=target.lineno, where=where, strict=True, at=target)
        elif isinstance(target, ast.Subscript) and self.eval(target.slice):
            # `x[mask] = v` indexes with a tensor: `index_put_` wants `v` on `x`'s device
            # unless it is 0-dim (measured: `benchmarks/lint_flow_op_devices.py`); basic
            # indexing (`x[1:3] = v`, `x[0] = v`) copies across devices and meets nothing.
            owner = self.eval(target.value)
            if owner:
                where = "an index assignment"
                self._meet(owner, values, line=target.lineno, where=where, at=target)
        elif isinstance(target, ast.Starred):
            self._bind(target.value, values, None)

    # -- expressions ---------------------------------------------------------------------
    def eval(self, node: ast.expr) -> Values:
        if isinstance(node, ast.Name):
            return self._name(node)
        if isinstance(node, ast.Attribute):
            return self._attribute(node)
        if isinstance(node, ast.Subscript):
            self.eval(node.slice)  # an index may live on another device
            return self.eval(node.value)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.BinOp):
            left, right = self.eval(node.left), self.eval(node.right)
            if any(isinstance(side, SEQUENCES) for side in (node.left, node.right)):
                return join(left, right)  # `outputs + (hidden,)`: a tuple, not a tensor op
            symbol = OPERATORS.get(type(node.op), "an operator")
            return self._meet(left, right, line=node.lineno, where=f"`{symbol}`", at=node)
        if isinstance(node, ast.Compare):
            values = self.eval(node.left)
            for comparator in node.comparators:
                values = self._meet(
                    values, self.eval(comparator), line=node.lineno, where="a comparison", at=node
                )
            return values
        if isinstance(node, ast.IfExp):
            self.eval(node.test)
            return join(self.eval(node.body), self.eval(node.orelse))
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            return join(*(self.eval(e) for e in node.elts))
        if isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp):
            for generator in node.generators:
                self.eval(generator.iter)
            return self.eval(node.elt)
        if isinstance(node, ast.Starred | ast.UnaryOp | ast.NamedExpr | ast.Await):
            inner = node.operand if isinstance(node, ast.UnaryOp) else node.value
            return self.eval(inner)
        if isinstance(node, ast.BoolOp):
            return join(*(self.eval(v) for v in node.values))
        if isinstance(node, ast.Dict):
            return join(*(self.eval(v) for v in node.values if v is not None))
        return ()

    def _name(self, node: ast.Name) -> Values:
        found = self.env.get(node.id)
        if found is not None:
            return found
        if node.id in self.tensor_params:
            return (Value(Kind.INPUT, node.lineno, f"`{node.id}`"),)
        return ()

    def _attribute(self, node: ast.Attribute) -> Values:
        if node.attr in NOT_TENSORS:
            self.eval(node.value)
            return ()
        base = node.value
        if isinstance(base, ast.Name) and base.id == self.self_name:
            made = self.facts.cpu_made.get(node.attr)
            if made is not None:
                size = factory_size(made)
                return (Value(Kind.CPU, made.lineno, f"`self.{node.attr}`", made, size=size),)
            if node.attr in self.facts.tensors and "cpu" not in node.attr.lower():
                label = f"`self.{node.attr}`"
                return (Value(Kind.MODULE, node.lineno, label, owner="self"),)
            return ()
        submodule = self_attribute(base)
        if node.attr in ("weight", "bias") and submodule in self.facts.submodules:
            return (Value(Kind.MODULE, node.lineno, f"`{dotted(node)}`", owner=submodule),)
        return self.eval(base) if node.attr in ("T", "mT", "data", "real", "imag") else ()

    def _call(self, node: ast.Call) -> Values:
        func = node.func
        # A literal list or tuple argument (`torch.cat([a, b])`) is evaluated element by
        # element, once: its elements are operands of their own.
        spread: list[Values] = []
        arguments: list[Values] = []
        for argument in node.args:
            if isinstance(argument, ast.List | ast.Tuple):
                elements = [self.eval(e) for e in argument.elts]
                spread.extend(elements)
                arguments.append(join(*elements))
            else:
                arguments.append(self.eval(argument))
                spread.append(arguments[-1])
        keywords = {kw.arg: self.eval(kw.value) for kw in node.keywords}
        if isinstance(func, ast.Attribute):
            receiver_name = self_attribute(func)
            if receiver_name is not None and isinstance(func.value, ast.Name):
                return self._self_call(node, receiver_name, arguments)
        qualified = self.qualify(func) or ""
        if qualified.rpartition(".")[2] == "Parameter" and arguments:
            return arguments[0]  # `nn.Parameter(t)` holds `t`'s storage
        if qualified.startswith(NAMESPACES):
            return self._torch_call(node, qualified, arguments, spread, keywords)
        if isinstance(func, ast.Attribute):
            return self._method(node, func, arguments)
        if isinstance(func, ast.Name) and qualified in ("min", "max") and len(spread) > 1:
            where = f"builtin `{qualified}` (it returns one of the tensors, with its device)"
            found = self._meet(*spread, line=node.lineno, where=where, strict=True, at=node)
            return found if all(spread) else ()  # `min(t, 200)` may be the Python number
        if isinstance(func, ast.Name) and self.local is not None:
            return self.local.follow(self, node, func.id, arguments, keywords)
        return ()

    def _self_call(self, node: ast.Call, name: str, arguments: list[Values]) -> Values:
        if name in self.facts.layers and not self._moving:
            where = f"`self.{name}(...)` (weights on the module's device)"
            gpu = Value(Kind.MODULE, node.lineno, f"the weights of `self.{name}`", owner=name)
            for values in arguments:  # a submodule's hooks move its inputs: no split here
                self._meet(values, (gpu,), line=node.lineno, where=where, at=node, split=False)
        if name in self.facts.passthrough:
            return join(*arguments)  # dropout, activations: the output stays with the input
        if name in self.facts.submodules:
            label = f"the output of `self.{name}`"
            return (Value(Kind.MODULE, node.lineno, label, owner=name),)
        if name in self.facts.methods:
            # What a helper returns: its CPU-made tensors, else it lives with its arguments.
            made = self.helper_return(name)
            placed = tuple([v for values in arguments for v in values if v.on_gpu][:1])
            items = self.helper_items(name)
            if items is not None:  # `negs, idxs = self.sample(...)`: unpacked by position
                cpu = [tuple(v for v in item if v.kind is Kind.CPU) for item in items]
                self._items[id(node)] = [found or placed for found in cpu]
            return made or placed
        # A callable held by `self` (a loss function given to `__init__`): with its arguments.
        return tuple(v for values in arguments for v in values if v.on_gpu)[:1]

    def _torch_call(
        self,
        node: ast.Call,
        qualified: str,
        arguments: list[Values],
        spread: list[Values],
        keywords: dict[str | None, Values],
    ) -> Values:
        name = qualified.rpartition(".")[2]
        if name in NCCL_COLLECTIVES and qualified.startswith("torch.distributed."):
            if any(kw.arg == "group" for kw in node.keywords) or not self.nccl:
                return ()  # a group of its own is often a CPU (gloo) group: no evidence
            sink = Value(Kind.COLLECTIVE, node.lineno, f"`{qualified}`")
            for values in spread:
                self._meet(values, (sink,), line=node.lineno, where=f"`{qualified}`", at=node)
            return ()
        if name in LEGACY_CONSTRUCTORS and qualified == f"torch.{name}":
            return (Value(Kind.CPU, node.lineno, f"`torch.{name}`", node),) if node.args else ()
        if name in TENSOR_FACTORIES and qualified == f"torch.{name}":
            if name in ("tensor", "as_tensor") and arguments and _is_input_tensor(node, arguments):
                return arguments[0]  # a copy of a tensor keeps its device
            if name in ("tensor", "as_tensor") and node.args and _elementwise(node.args[0]):
                return ()  # `torch.tensor(ids == 1)`: of an array, a tensor's copy keeps its device
            return self._factory(node, name)
        if name.endswith("_like") and node.args:
            return () if any(k.arg == "device" for k in node.keywords) else arguments[0]
        everything = [*spread, *keywords.values()]
        if name in SIZE_ARGUMENTS:
            everything = arguments[:1]  # `torch.multinomial(w, n)`: `n` is a count
        strict = (name in STRICT and not self._scalar_bounds(node, 1)) or name in JOINS
        where = f"`{qualified}`"
        found = self._meet(
            *everything,
            line=node.lineno,
            where=where,
            strict=strict,
            empties=name in JOINS,
            at=node,
        )
        # `F.binary_cross_entropy_with_logits(x, y, pos_weight=w)`: an option such as a
        # weight does not make the result a CPU tensor; the operands do.
        operands = {id(v) for values in spread for v in values}
        return tuple(v for v in found if v.kind is not Kind.CPU or id(v) in operands)

    def _factory(self, node: ast.Call, name: str) -> Values:
        device = next((kw.value for kw in node.keywords if kw.arg == "device"), None)
        if name in FOLLOW_INPUTS:
            return ()
        if device is None:
            if any(kw.arg is None or kw.arg == "out" for kw in node.keywords):
                return ()
            if any(kw.arg == "pin_memory" for kw in node.keywords):
                return ()  # pinned host memory: on the CPU on purpose, for async copies
            size = factory_size(node, name)
            if not size and name in SCALAR_FACTORIES and node.args:
                size = "scalar" if self._numeric(node.args[0]) else ""
            return (Value(Kind.CPU, node.lineno, f"`torch.{name}`", node, size=size),)
        return self._device_of(device, node, f"`torch.{name}(device=...)`") or ()

    def _numeric(self, node: ast.expr) -> bool:
        """A Python number the flow can see: a literal or builtin number (`flow_facts`), a
        name bound to one, a size (`x.shape[-1]`) or a `math` function's result (through
        the file's imports: `from math import sqrt as math_sqrt`)."""
        if number(node):
            return True
        if isinstance(node, ast.Name):
            return node.id in self.numbers
        if isinstance(node, ast.Subscript):
            return isinstance(node.value, ast.Attribute) and node.value.attr == "shape"
        if isinstance(node, ast.BinOp):
            return self._numeric(node.left) and self._numeric(node.right)
        if isinstance(node, ast.UnaryOp):
            return self._numeric(node.operand)
        if isinstance(node, ast.Call):
            return (self.qualify(node.func) or "").startswith("math.")
        return False

    def _device_of(self, device: ast.expr, node: ast.Call, label: str) -> Values | None:
        """The values a device expression places on: `x.device` (or a name bound to it) gives
        `x`'s GPU values, `"cuda"` the current GPU; None for any other expression."""
        if isinstance(device, ast.Attribute) and device.attr == "device":
            if not self._tensor_name(device.value):
                return None  # `self.device`, `model.device`: a device the code chose
            placed = self.eval(device.value)
        elif isinstance(device, ast.Name) and device.id in self.devices:
            placed = self.devices[device.id]
        elif isinstance(device, ast.Constant) and device.value == "cuda":
            return (Value(Kind.CURRENT, node.lineno, label, placed=True),)
        else:
            return None
        label = f"`{_text(node)}`"
        return tuple(
            Value(v.kind, node.lineno, label, owner=v.owner, placed=True)
            for v in placed
            if v.on_gpu
        )

    def _is_param(self, node: ast.Name) -> bool:
        return node.id in self.tensor_params and node.id not in self.env

    def _tensor_name(self, node: ast.expr) -> bool:
        """Whether `node.device` is a tensor's: a local name or argument that may hold one, a
        tensor of `self`, or any other expression; not `self`, `model` or `self.args`."""
        if isinstance(node, ast.Name):
            local = node.id in self.env or node.id in self.tensor_params
            return node.id != self.self_name and local
        if isinstance(node, ast.Attribute):
            owner = self_attribute(node)
            return owner in self.facts.tensors or node.attr in ("weight", "bias", "data")
        return True

    def _method(self, node: ast.Call, func: ast.Attribute, arguments: list[Values]) -> Values:
        method = func.attr
        moving = method in MOVES and not casts_dtype_only(node)
        outer, self._moving = self._moving, self._moving or moving
        receiver = self.eval(func.value)
        self._moving = outer
        if method == "append" and isinstance(func.value, ast.Name) and arguments:
            self.env[func.value.id] = join(receiver, arguments[0])
            return ()
        if method in MOVES or method == "type_as":
            if casts_dtype_only(node):
                return receiver
            return self._moved(node, method)
        if method in LEAVES or not receiver:
            return ()
        if method.startswith("new_"):
            return tuple(v for v in receiver if v.on_gpu) or receiver
        if method not in CROSS_DEVICE and method not in CONTAINER_METHODS | SHAPES:
            strict = method in STRICT and not self._scalar_bounds(node, 0)
            for values in arguments:
                self._meet(receiver, values, line=node.lineno, where=f"`.{method}(...)`",
                           strict=strict, at=node)  # fmt: skip
        return receiver

    def _scalar_bounds(self, node: ast.Call, first: int) -> bool:
        """`clamp(x, 0, hi)`: with a Python number among its bounds torch's argument parser
        picks the Scalar overload and reads a 0-dim tensor bound as a number, so a 0-dim CPU
        bound is fine there; with tensor bounds only (`clamp(x, lo, hi)`, `clamp(x, max=hi)`)
        the Tensor overload checks every bound's device (measured on an H200:
        `benchmarks/lint_flow_op_devices.py`)."""
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in CLAMPS:
            return False
        bounds = [*node.args[first:], *(k.value for k in node.keywords if k.arg in BOUNDS)]
        return any(self._numeric(bound) for bound in bounds)

    def _moved(self, node: ast.Call, method: str) -> Values:
        """Where `.to(...)` / `.cuda()` put a tensor, when the code says."""
        if method == "cuda" and not node.args:
            label = f"`{_text(node)}`"
            return (Value(Kind.CURRENT, node.lineno, label, placed=True),)
        if method != "to":
            return ()
        device = next((kw.value for kw in node.keywords if kw.arg == "device"), None)
        if device is None and node.args:
            device = node.args[0]
        if device is None or _names_cpu(device):
            return ()
        if isinstance(device, ast.Name) and (self.env.get(device.id) or self._is_param(device)):
            # `.to(other)`: onto another tensor's device, which is known only if it is a
            # name bound in this function or a parameter: the result is where that tensor is.
            label = f"`{_text(node)}`"
            found = self.eval(device)
            return tuple(Value(v.kind, node.lineno, label, owner=v.owner, placed=True)
                         for v in found if v.on_gpu)  # fmt: skip
        placed = self._device_of(device, node, f"`{_text(node)}`")
        if placed is None:  # `.to(self.device)`: a device the code chose, not the CPU
            return (Value(Kind.MOVED, node.lineno, f"`{_text(node)}`", placed=True),)
        return placed

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


class LocalFunctions:
    """The module-level functions of a file, to follow a CPU tensor into a call of one (two
    calls deep at most: a helper of a helper)."""

    def __init__(
        self,
        functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef],
        resolve: Callable[[_Function], _Function | None] = lambda f: f,
    ) -> None:
        self.functions = functions
        #: The function's full text where the parse kept only a stub of it.
        self.resolve = resolve
        self.depth = 0

    def follow(
        self,
        caller: FunctionFlow,
        node: ast.Call,
        name: str,
        arguments: list[Values],
        keywords: dict[str | None, Values],
    ) -> Values:
        stub = self.functions.get(name)
        callee = self.resolve(stub) if stub is not None else None
        carried = [v for values in (*arguments, *keywords.values()) for v in values]
        if callee is None or self.depth >= 2 or not any(v.kind is Kind.CPU for v in carried):
            return ()
        parameters = [*callee.args.posonlyargs, *callee.args.args]
        bindings = {p.arg: values for p, values in zip(parameters, arguments, strict=False)}
        for keyword, values in keywords.items():
            if keyword is not None:
                bindings[keyword] = values
        self.depth += 1
        try:
            flow = FunctionFlow(
                callee, caller.qualify, nccl=caller.nccl, local=self, bindings=bindings
            )
        finally:
            self.depth -= 1
        mine = {id(v) for v in carried}
        for meeting in flow.meetings:
            if id(meeting.cpu) in mine:
                where = f"{meeting.where} in `{name}` (called at line {node.lineno})"
                caller.meetings.append(Meeting(meeting.cpu, meeting.gpu, meeting.line, where, node))
        return tuple(v for v in flow.returned if id(v) in mine)


def _text(node: ast.AST, limit: int = 60) -> str:
    """Short source text of an expression for a message."""
    text = ast.unparse(node)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _names_cpu(device: ast.expr) -> bool:
    """`"cpu"`, `torch.device("cpu")`, `cpu_device`: a move to the CPU."""
    if isinstance(device, ast.Constant):
        return isinstance(device.value, str) and device.value.startswith("cpu")
    if isinstance(device, ast.Call) and device.args:
        return _names_cpu(device.args[0])
    name = dotted(device) or ""
    return "cpu" in name.rpartition(".")[2].lower()


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


_Function = ast.FunctionDef | ast.AsyncFunctionDef


def _elementwise(node: ast.expr) -> bool:
    """A comparison of arrays (`ids == 1`): its operand is a tensor or an array, not a list."""
    return isinstance(node, ast.Compare) and not isinstance(node.left, SEQUENCES)


def _is_input_tensor(node: ast.Call, arguments: list[Values]) -> bool:
    """`torch.tensor(t)` of a value already known to be a tensor on a GPU."""
    return bool(node.args) and any(v.on_gpu for v in arguments[0])


def _is_self(node: ast.Attribute) -> bool:
    """`self.data = ...`: an object's attribute named `data`, not a tensor's storage."""
    return isinstance(node.value, ast.Name) and node.value.id == "self"
