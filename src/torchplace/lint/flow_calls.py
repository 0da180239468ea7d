"""The values of calls in the device flow: torch factories and functions, tensor methods,
moves (`.to(...)`, `.cuda()`), calls of `self`'s submodules and helper methods, builtin `min` /
`max`, and calls of the file's own functions (followed by `flow.LocalFunctions`). A call is
where most meetings of a CPU-made tensor with a GPU tensor happen."""

from __future__ import annotations

import ast
from dataclasses import replace

from torchplace.lint.context import binding_count
from torchplace.lint.context import dotted_name as dotted
from torchplace.lint.ctc_loss_arguments import (
    LENGTHS,
    PARAMETERS,
    assignments,
    blank_is_zero,
    passed_for,
    spells_int32,
    with_assignments,
)
from torchplace.lint.flow_facts import casts_dtype_only, factory_size, self_attribute
from torchplace.lint.flow_method_bindings import names_tensor_type
from torchplace.lint.flow_ops import (
    BOUNDS,
    CLAMPS,
    CONTAINER_METHODS,
    CROSS_DEVICE,
    FOLLOW_INPUTS,
    FULL_REDUCTIONS,
    JOINS,
    LEAVES,
    LEGACY_CONSTRUCTORS,
    MOVES,
    NAMESPACES,
    NCCL_COLLECTIVES,
    PASS_THROUGH,
    SCALAR_FACTORIES,
    SEQUENCES,
    SHAPES,
    SIZE_ARGUMENTS,
    STRICT,
)
from torchplace.lint.flow_state import FlowState
from torchplace.lint.flow_values import HelperCall, Kind, Value, Values, join
from torchplace.lint.tensor_method_names import TENSOR_METHOD_NAMES
from torchplace.torch_names import TENSOR_FACTORIES


class CallFlow(FlowState):
    """The calls of the pass over one function; `flow.FunctionFlow` evaluates the other
    expressions and walks the statements."""

    def _call(self, node: ast.Call) -> Values:
        found = self._call_values(node)
        if found:
            return found
        # `self.compute_bias(n, m, device=x.device)`: a call told a tensor's device returns
        # its tensors there (a name's device only: the expression is evaluated again).
        device = next((kw.value for kw in node.keywords if kw.arg == "device"), None)
        named = isinstance(device, ast.Attribute) and isinstance(device.value, ast.Name)
        if device is None or not (named or isinstance(device, ast.Name | ast.Constant)):
            return ()
        return self._device_of(device, node, "") or ()

    def _call_values(self, node: ast.Call) -> Values:
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
                return self._self_call(node, receiver_name, arguments, keywords)
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

    def _self_call(
        self,
        node: ast.Call,
        name: str,
        arguments: list[Values],
        keywords: dict[str | None, Values],
    ) -> Values:
        if name in self.facts.layers and not self._moving:
            where = f"`self.{name}(...)` (weights on the module's device)"
            gpu = Value(Kind.MODULE, node.lineno, f"the weights of `self.{name}`", owner=name)
            # Arguments its own `forward` reads only as numbers (slice bounds) meet no weight.
            bound = self.facts.bound_arguments.get(name, frozenset())
            given = [v for i, v in enumerate(arguments) if i not in bound]
            for values in given:  # a submodule's hooks move its inputs: no split here
                self._meet(values, (gpu,), line=node.lineno, where=where, at=node, split=False)
        if name in self.facts.passthrough:
            return join(*arguments)  # dropout, activations: the output stays with the input
        if name in self.facts.submodules:
            label = f"the output of `self.{name}`"
            return (Value(Kind.MODULE, node.lineno, label, owner=name),)
        if name in self.facts.methods:
            self.helper_calls.append(HelperCall(name, node, arguments, keywords))
            # What a helper returns: its CPU-made tensors, else it lives with its arguments,
            # unless it only computes a number from the module's settings.
            made = self.helper_return(name)
            if self.helper_numbers(name):
                return made
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
        if qualified.startswith(PASS_THROUGH):
            return ()  # a custom op or `checkpoint(fn, *args)`: no torch op mixes the arguments
        if name in NCCL_COLLECTIVES and qualified.startswith("torch.distributed."):
            if any(kw.arg == "group" for kw in node.keywords) or not self.nccl:
                return ()  # a group of its own is often a CPU (gloo) group: no evidence
            sink = Value(Kind.COLLECTIVE, node.lineno, f"`{qualified}`")
            for values in spread:
                self._meet(values, (sink,), line=node.lineno, where=f"`{qualified}`", at=node)
            return ()
        if name in LEGACY_CONSTRUCTORS and qualified == f"torch.{name}":
            if not node.args or any(kw.arg in ("device", None) for kw in node.keywords):
                # Given `device=` (or `**kwargs`), it makes a CPU tensor only when told the CPU
                # and raises for a GPU (TPL904): no CPU-made tensor to follow, as the candidate
                # lines (`flow_evidence.placed_call`) already say.
                return ()
            # `torch.Tensor([])`: an empty placeholder (`torch.Tensor(3)` has three elements)
            first = node.args[0]
            empty = isinstance(first, ast.List | ast.Tuple) and not first.elts
            size = "empty" if empty and len(node.args) == 1 else ""
            return (Value(Kind.CPU, node.lineno, f"`torch.{name}`", node, size=size),)
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
        if name == "ctc_loss":
            everything = self._ctc_operands(node, arguments, keywords)
        reduced = bool(arguments) and reduces_all(node)
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
        result = tuple(v for v in found if v.kind is not Kind.CPU or id(v) in operands)
        if reduced:  # `torch.max(length)`: 0-dim
            return tuple(replace(v, size="scalar") if v.kind is Kind.CPU else v for v in result)
        return result

    def _ctc_operands(
        self, node: ast.Call, arguments: list[Values], keywords: dict[str | None, Values]
    ) -> list[Values]:
        """The operands of `ctc_loss` that must share its log-probabilities' device: its CPU
        targets and lengths are expected, except lengths on the cuDNN path
        (`ctc_loss_arguments`)."""
        if any(isinstance(a, ast.Starred) for a in node.args):
            return []

        def values(name: str) -> Values:
            index = PARAMETERS.index(name)
            return arguments[index] if index < len(arguments) else keywords.get(name, ())

        kept = [values("log_probs")]
        if not blank_is_zero(node):
            return kept
        assigned = assignments(self.function)

        def int32(name: str) -> bool:
            written = with_assignments(assigned, passed_for(node, name))
            return spells_int32([*written, *(v.origin for v in values(name))])

        if not int32("targets"):
            return kept
        kept.extend(values(name) for name in LENGTHS if int32(name))
        return kept

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
                # `torch.tensor(self.temperature)`: 0-dim, a number to any device's arithmetic.
                size = "scalar" if self._plain_number(node.args[0]) else ""
            return (Value(Kind.CPU, node.lineno, f"`torch.{name}`", node, size=size),)
        return self._device_of(device, node, f"`torch.{name}(device=...)`") or ()

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

    def _tensor_type(self, node: ast.expr) -> bool:
        """A tensor type (`names_tensor_type`), or a parameter every call of this method
        fills with one and the method never binds again (`type_parameters`)."""
        if isinstance(node, ast.Name) and node.id in self.type_parameters:
            return binding_count(self.function, node.id) == 0
        return names_tensor_type(node)

    def _method(self, node: ast.Call, func: ast.Attribute, arguments: list[Values]) -> Values:
        method = func.attr
        # `.type(x.type())`, `.type("torch.cuda.FloatTensor")`: a CUDA tensor type moves the
        # tensor off the CPU, to the current GPU (the type holds no index, unlike
        # `.type_as(x)`); where it lands is left unknown here, as for `.type_as(x)`. The
        # type of a tensor the flow knows is on the CPU keeps it there.
        casts = casts_dtype_only(node)
        if method == "type" and node.args and self._tensor_type(node.args[0]):
            typed = arguments[0] if arguments else ()
            casts = False  # `.type(dtype)` where `dtype` holds a tensor type, not a dtype
            if not typed or any(v.on_gpu for v in typed):
                method = "type_as"
        moving = (method in MOVES or method == "type_as") and not casts
        outer, self._moving = self._moving, self._moving or moving
        receiver = self.eval(func.value)
        self._moving = outer
        if method == "append" and isinstance(func.value, ast.Name) and arguments:
            self.env[func.value.id] = join(receiver, arguments[0])
            return ()
        if method in MOVES or method == "type_as":
            if casts:
                return receiver
            return self._moved(node, method)
        if method in LEAVES or not receiver:
            return ()
        if method.startswith("new_"):
            return tuple(v for v in receiver if v.on_gpu) or receiver
        if _tensor_op(method) and method not in CROSS_DEVICE | CONTAINER_METHODS | SHAPES:
            strict = method in STRICT and not self._scalar_bounds(node, 0)
            for values in arguments:
                self._meet(receiver, values, line=node.lineno, where=f"`.{method}(...)`",
                           strict=strict, at=node)  # fmt: skip
        if reduces_all(node):
            # `length.max()` of a CPU tensor is 0-dim: a number to any device's arithmetic.
            return tuple(replace(v, size="scalar") if v.kind is Kind.CPU else v for v in receiver)
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


def _elementwise(node: ast.expr) -> bool:
    """A comparison of arrays (`ids == 1`): its operand is a tensor or an array, not a list."""
    return isinstance(node, ast.Compare) and not isinstance(node.left, SEQUENCES)


def _is_input_tensor(node: ast.Call, arguments: list[Values]) -> bool:
    """`torch.tensor(t)` of a value already known to be a tensor on a GPU."""
    return bool(node.args) and any(v.on_gpu for v in arguments[0])


def reduces_all(node: ast.Call) -> bool:
    """`x.max()` or `torch.sum(x)`: a reduction over every element (`FULL_REDUCTIONS`, given
    no dimension), whose result is 0-dim."""
    func = node.func
    if not isinstance(func, ast.Attribute) or func.attr not in FULL_REDUCTIONS or node.keywords:
        return False
    if dotted(func.value) in ("torch", "torch.nn.functional"):
        return len(node.args) == 1
    return not node.args


def _tensor_op(method: str) -> bool:
    """`x.method(y)` on a value the flow knows mixes `x` and `y` in one op: a method of
    `torch.Tensor` (`x.__mul__(y)` too), of a distribution or a transform (`normal.log_prob(y)`;
    `tensor_method_names`, read from PyTorch), or a module's call of its layers on its input
    (`model.forward(x)`, `model.generate(ids)`, `vae.encode(x)`: `MODULE_RUNS`). Any other
    name (`tokenizer.tokenize(wav)`, `meter.update(v)`) is a method of another kind of
    object, which may move what it is given."""
    return method in TENSOR_METHOD_NAMES or method in MODULE_RUNS


#: Methods of models that run their layers on what they are given (Hugging Face's
#: `generate`, an autoencoder's `encode` and `decode`).
MODULE_RUNS = frozenset({"forward", "generate", "encode", "decode"})
