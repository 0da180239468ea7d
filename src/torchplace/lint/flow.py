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
the function. The two arms of an `if` each start from the state before it (a tensor made in
one never reaches the other), and an arm that returns or jumps reaches nothing after the `if`;
after it, branches are not merged precisely (the last assignment wins), which can only lose
meetings, never invent them.

The pass is layered over several modules: `flow_values` (the abstract values and meetings),
`flow_ops` (what torch operations do with devices, by name), `flow_state` (what the pass holds
and how it records a meeting), `flow_calls` (the values of calls) and this one (statements,
the other expressions, and following a call into the file's own functions).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import replace

from torchplace.lint.context import dotted_name as dotted
from torchplace.lint.flow_calls import CallFlow, reduces_all
from torchplace.lint.flow_element_reads import integer_literal, made_from_data
from torchplace.lint.flow_facts import factory_size, returns_number, self_attribute
from torchplace.lint.flow_first_pass import FirstPasses
from torchplace.lint.flow_ops import NOT_TENSORS, OPERATORS, SCALAR_FACTORIES, SEQUENCES
from torchplace.lint.flow_state import FlowState
from torchplace.lint.flow_values import Kind, Meeting, Value, Values, join
from torchplace.lint.run_conditions import EXITS


class FunctionFlow(CallFlow):
    """The meetings of one function, found in one pass (see the module docstring)."""

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
            # `ret += (choice,)` grows a tuple or list, as `outputs + (hidden,)` does: no op.
            if not isinstance(node.value, SEQUENCES):
                self._meet(left, right, line=node.lineno, where=f"`{symbol}=`", at=node)
            if isinstance(node.target, ast.Name):
                self.env[node.target.id] = join(left, right)
        elif isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            numeric = self._module_number(value)
            self.numeric_returns = numeric and self.numeric_returns is not False
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
        if isinstance(node, ast.If):
            self._if_else(node)
            return
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
        loop = node if isinstance(node, ast.For | ast.AsyncFor | ast.While) else None
        if loop is not None:
            self._loops.append(loop)
        self._body(getattr(node, "body", ()))
        if loop is not None:
            self._loops.pop()
        for name in ("orelse", "finalbody"):
            self._body(getattr(node, name, ()))
        for handler in getattr(node, "handlers", ()):
            self._body(handler.body)
        for case in getattr(node, "cases", ()):
            self._body(case.body)

    def _if_else(self, node: ast.If) -> None:
        """The two arms of an `if` each start from what held before it: a tensor the
        first arm makes never reaches the second. An arm that ends in `return`, `raise`,
        `continue` or `break` reaches nothing after the `if` either. After it, as
        elsewhere, the last assignment wins: the second arm's, else the first's."""
        self.eval(node.test)
        env, devices = dict(self.env), dict(self.devices)
        self._body(node.body)
        first_env, first_devices = self.env, self.devices
        self.env, self.devices = dict(env), dict(devices)
        for name in self._replaced_on_first_pass(node):
            # The second arm runs only after the first replaced these (`flow_first_pass`).
            for now, first in ((self.env, first_env), (self.devices, first_devices)):
                if name in first:
                    now[name] = first[name]
                else:
                    now.pop(name, None)
        self._body(node.orelse)
        if _leaves(node.body):
            return  # only the second arm (or nothing) runs on past the `if`
        if _leaves(node.orelse):
            self.env, self.devices = first_env, first_devices
            return
        for after, first, before in (
            (self.env, first_env, env),
            (self.devices, first_devices, devices),
        ):
            for name, values in first.items():
                if after.get(name) is before.get(name) and values is not before.get(name):
                    after[name] = values

    def _replaced_on_first_pass(self, node: ast.If) -> frozenset[str]:
        if not self._loops or not node.orelse:
            return frozenset()
        if self._first_passes is None:
            self._first_passes = FirstPasses(self.function)
        return self._first_passes.replaced(self._loops[-1], node)

    def _keeps_rank(self, call: ast.Call) -> bool:
        """The call's result has its tensor input's rank (a cast, `torch.cat`) or is made by
        a 1-D factory: a 1-D tensor stays known as 1-D through it."""
        qualified = self.qualify(call.func) or ""
        if qualified.startswith("torch."):
            return qualified.rpartition(".")[2] in _SAME_RANK_FUNCTIONS
        return isinstance(call.func, ast.Attribute) and call.func.attr in _SAME_RANK_METHODS

    def _reshapes_a_number(self, call: ast.Call) -> bool:
        """The call reshapes, broadcasts or stacks (`GIVES_DIMENSIONS`) a 0-dim tensor made
        right there (`w.sum().unsqueeze(0)`, `torch.stack([a.mean(), b.std()])`,
        `torch.tensor(1.0).expand(4)`): it comes out with dimensions. A name is not followed
        back: the value it holds may be an op's result with a tensor of unknown device
        (`torch.where(mask, 0, cpu_0dim)`), on the GPU whatever its shape."""
        qualified = self.qualify(call.func) or ""
        if qualified.startswith("torch."):
            if qualified.rpartition(".")[2] not in GIVES_DIMENSIONS or not call.args:
                return False
            first = call.args[0]
            items = first.elts if isinstance(first, ast.List | ast.Tuple) else [first]
            return any(self._makes_a_number(item) for item in items)
        func = call.func
        return (
            isinstance(func, ast.Attribute)
            and func.attr in GIVES_DIMENSIONS
            and self._makes_a_number(func.value)
        )

    def _makes_a_number(self, node: ast.expr) -> bool:
        """`_makes_a_number`, and `torch.tensor` of a number the flow sees as plain
        (`torch.tensor(self.margin)`: `_plain_number`)."""
        if _makes_a_number(node):
            return True
        if not isinstance(node, ast.Call) or not node.args:
            return False
        factory = (self.qualify(node.func) or "").rpartition(".")[2]
        return factory in SCALAR_FACTORIES and self._plain_number(node.args[0])

    def _element_of_data(self, node: ast.Subscript, values: Values) -> bool:
        """`pc_range[0]` of CPU tensors built from data the file does not spell out
        (`torch.tensor(cfg["point_cloud_range"])`), which the function reads only element by
        element (`flow_element_reads`): one number of a row."""
        return (
            isinstance(node.value, ast.Name)
            and integer_literal(node.slice)
            and all(v.kind is Kind.CPU and made_from_data(v.origin) for v in values)
            and node.value.id in self.element_reads
        )

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
            if self._builds_object(value):
                self.objects.add(target.id)
            else:
                self.objects.discard(target.id)
        elif isinstance(target, ast.Tuple | ast.List):
            items = self._items.get(id(value)) if value is not None else None
            if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
                for element, part in zip(target.elts, value.elts, strict=True):
                    self._bind(element, self.eval(part), part)
            elif items is not None and len(items) == len(target.elts):
                for element, item in zip(target.elts, items, strict=True):
                    self._bind(element, item, None)
            elif value is not None and _reads_shape(value):
                # `batch, dim, h, w = x.data.shape`: sizes, Python numbers (IQA-PyTorch's DeepDC).
                for element in target.elts:
                    self._bind(element, (), None)
                    if isinstance(element, ast.Name):
                        self.numbers.add(element.id)
            else:
                for element in target.elts:
                    self._bind(element, values, None)
        elif (
            isinstance(target, ast.Attribute)
            and target.attr == "data"
            and not _is_self(target)
            and not (isinstance(target.value, ast.Name) and target.value.id in self.objects)
        ):
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
            values = self.eval(node.value)
            if values and (
                _element_of_vector(values, node.slice, self.numbers)
                or self._element_of_data(node, values)
            ):
                # `t_steps[-2]` of a 1-D CPU tensor is 0-dim: a CPU scalar, which mixes in
                # arithmetic with a tensor of any device.
                return tuple(replace(v, size="scalar") for v in values)
            # A plain slice keeps a 1-D tensor 1-D; `[:, None]` or a mask may not.
            return values if isinstance(node.slice, ast.Slice) else _rank_unknown(values)
        if isinstance(node, ast.Call):
            values = self._call(node)
            if any(v.size == "single" for v in values) and _squeezes(node):
                # `torch.rand(1).squeeze()`: one element, no dimension left (torchaudio's
                # mask bounds): a 0-dim CPU number.
                return tuple(replace(v, size="scalar") if v.size == "single" else v for v in values)
            if any(v.size in _ONE_D for v in values) and not self._keeps_rank(node):
                return _rank_unknown(values, made_here=node)
            if any(v.size == "scalar" for v in values) and self._reshapes_a_number(node):
                # `w.sum().unsqueeze(0)`, `torch.stack([a.mean(), b.std()])`: no longer 0-dim.
                return _rank_unknown(values, made_here=node, scalars=True)
            return values
        if isinstance(node, ast.BinOp):
            left, right = self.eval(node.left), self.eval(node.right)
            if any(isinstance(side, SEQUENCES) for side in (node.left, node.right)):
                return join(left, right)  # `outputs + (hidden,)`: a tuple, not a tensor op
            symbol = OPERATORS.get(type(node.op), "an operator")
            met = self._meet(left, right, line=node.lineno, where=f"`{symbol}`", at=node)
            if self._no_tensor(node.left, left) or self._no_tensor(node.right, right):
                return met  # `1.0 + torch.rand(2) * self.factor`: still 1-D
            if _one_element(left) and _one_element(right):
                return met  # `torch.rand(1) * (n - value)` of one-element tensors: one element
            return _rank_unknown(met)  # broadcasting may add dimensions
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

    def _module_number(self, node: ast.expr) -> bool:
        """A number the function computes from literals, numbers it can see and attributes of
        `self` that hold no tensor, parameter, buffer or submodule the class makes
        (`self.drop_prob / (self.block_size ** 2)`): no tensor of its arguments."""
        if isinstance(node, ast.BinOp):
            return self._module_number(node.left) and self._module_number(node.right)
        if isinstance(node, ast.UnaryOp):
            return self._module_number(node.operand)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            facts = self.facts
            held = (*facts.tensors, *facts.cpu_made, *facts.submodules, *facts.methods)
            return node.value.id == self.self_name and node.attr not in held
        return self._numeric(node)

    def _no_tensor(self, node: ast.expr, values: Values) -> bool:
        """An operand that adds no dimensions: a Python number made only of numbers (one
        the flow sees as such, `_numeric`: a literal, a name bound to one, a size read off a
        tensor; or a hyper-parameter of the module such as `self.param_rand_factor`, set in
        `__init__` only from a number or an argument whose default is one), and arithmetic of
        those: `scale * 2` with `scale` unknown may be a tensor."""
        return not values and self._plain_number(node)

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
        self._numbers: dict[str, bool] = {}  # function name -> annotated to return a number

    def returns_number(self, name: str) -> bool:
        if name not in self._numbers:
            self._numbers[name] = returns_number(self.functions, self.resolve, name)
        return self._numbers[name]

    def follow(
        self,
        caller: FlowState,
        node: ast.Call,
        name: str,
        arguments: list[Values],
        keywords: dict[str | None, Values],
    ) -> Values:
        carried = [v for values in (*arguments, *keywords.values()) for v in values]
        if self.depth >= 2 or not any(v.kind is Kind.CPU for v in carried):
            return ()
        bound = bind_call(self.functions, self.resolve, name, arguments, keywords)
        if bound is None:
            return ()
        callee, bindings = bound
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


_Function = ast.FunctionDef | ast.AsyncFunctionDef


def bind_call(
    functions: dict[str, _Function],
    resolve: Callable[[_Function], _Function | None],
    name: str,
    arguments: list[Values],
    keywords: dict[str | None, Values],
) -> tuple[_Function, dict[str, Values]] | None:
    """The file's function `name` (its full text, through `resolve`) and the caller's values
    bound to its parameters, by position and by keyword; None for a function not found."""
    stub = functions.get(name)
    callee = resolve(stub) if stub is not None else None
    if callee is None:
        return None
    parameters = [*callee.args.posonlyargs, *callee.args.args]
    bindings = {p.arg: values for p, values in zip(parameters, arguments, strict=False)}
    bindings.update({k: v for k, v in keywords.items() if k is not None})
    return callee, bindings


def _is_self(node: ast.Attribute) -> bool:
    """`self.data = ...`: an object's attribute named `data`, not a tensor's storage."""
    return isinstance(node.value, ast.Name) and node.value.id == "self"


#: Calls whose result has the rank of their input (or is a 1-D factory's own result):
#: dtype casts and copies, `torch.cat` of 1-D tensors.
_SAME_RANK_METHODS = frozenset(
    {
        "float",
        "double",
        "half",
        "bfloat16",
        "long",
        "int",
        "bool",
        "to",
        "clone",
        "detach",
        "contiguous",
        "cpu",
        "flip",
        "sort",
        "cumsum",
        "cumprod",
        "abs",
        "sqrt",
        "exp",
        "log",
    }
)
_SAME_RANK_FUNCTIONS = frozenset(
    {
        "cat",
        "concat",
        "concatenate",
        "arange",
        "linspace",
        "logspace",
        "randperm",
        "tensor",
        "as_tensor",
    }
)
#: Calls that give a tensor dimensions: reshapes, broadcasts, stacks (a 0-dim tensor comes out
#: 1-D or more).
GIVES_DIMENSIONS = frozenset(
    {"unsqueeze", "expand", "expand_as", "view", "view_as", "reshape", "reshape_as", "repeat",
     "tile", "broadcast_to", "unflatten", "stack", "hstack", "vstack", "dstack", "atleast_1d",
     "atleast_2d", "atleast_3d", "repeat_interleave"}
)  # fmt: skip


#: The sizes of a CPU value known to be 1-D.
_ONE_D = ("vector", "single")


def _squeezes(call: ast.Call) -> bool:
    """`x.squeeze()`, `x.squeeze(0)`, `torch.squeeze(x)`: of a 1-D tensor of one element, a
    0-dim one."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("squeeze", "squeeze_"):
        return False
    torch_function = dotted(func.value) == "torch"
    dims = call.args[1:] if torch_function else call.args
    if call.keywords or (torch_function and not call.args):
        return False
    if not dims:
        return True
    dim = dims[0]
    if isinstance(dim, ast.UnaryOp) and isinstance(dim.op, ast.USub):
        return len(dims) == 1 and isinstance(dim.operand, ast.Constant) and dim.operand.value == 1
    return len(dims) == 1 and isinstance(dim, ast.Constant) and dim.value == 0


def _one_element(values: Values) -> bool:
    """Operands that are all CPU tensors of one element or none (`torch.rand(1)`, a 0-dim
    number): broadcast together they keep one element."""
    return bool(values) and all(
        v.kind is Kind.CPU and v.size in ("single", "scalar") for v in values
    )


def _makes_a_number(node: ast.expr) -> bool:
    """A call that makes a 0-dim tensor: a full reduction (`w.sum()`) or a factory of one
    (`torch.tensor(1.0)`, `torch.zeros(())`: `factory_size`)."""
    if not isinstance(node, ast.Call):
        return False
    return reduces_all(node) or factory_size(node) == "scalar"


def _rank_unknown(
    values: Values, made_here: ast.AST | None = None, scalars: bool = False
) -> Values:
    """The values with no claim to be 1-D (nor, with `scalars`, 0-dim): a reshape, a
    broadcast or an unknown call may give them more dimensions (`arange(16).view(4, 4)`,
    `w.sum().expand(8)`); arithmetic keeps a 0-dim tensor 0-dim. A value the call itself
    makes (`made_here`: a factory, `torch.zeros(())`) keeps its size."""
    sizes = (*_ONE_D, "scalar") if scalars else _ONE_D
    if not any(v.size in sizes for v in values):
        return values
    return tuple(
        replace(v, size="")
        if v.size in sizes and (made_here is None or v.origin is not made_here)
        else v
        for v in values
    )


def _leaves(block: list[ast.stmt]) -> bool:
    """The block never runs on past its end: its last statement returns, raises, or jumps
    (`continue`, `break`), or is an `if` both of whose arms do."""
    if not block:
        return False
    last = block[-1]
    if isinstance(last, EXITS):
        return True
    return isinstance(last, ast.If) and _leaves(last.body) and _leaves(last.orelse)


def _element_of_vector(values: Values, index: ast.expr, numbers: set[str]) -> bool:
    """`index` picks one element (an integer: a literal, a name bound to a number) of
    tensors that are all 1-D CPU tensors."""
    if not all(v.kind is Kind.CPU and v.size in _ONE_D for v in values):
        return False
    if integer_literal(index):
        return True
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        index = index.operand  # `t[-n]`
    return isinstance(index, ast.Name) and index.id in numbers


def _reads_shape(value: ast.expr) -> bool:
    """`x.shape`, `x.data.shape`, `x.size()`: a tuple of sizes."""
    if isinstance(value, ast.Attribute):
        return value.attr == "shape"
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "size"
        and not value.args
        and not value.keywords
    )
