"""What the device-flow analysis knows before it runs: a class's submodules, parameters and
buffers, which arguments are tensors, and which factory calls make no placed tensor (0-dim
numbers, empty placeholders). Pure syntax; no torch import."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from torchplace.lint.context import binding_count
from torchplace.lint.context import dotted_name as dotted
from torchplace.torch_names import TENSOR_FACTORIES

#: Evidence that a name is a tensor: it has these attributes or methods.
_TENSOR_ATTRS = frozenset(
    {"shape", "device", "dtype", "size", "view", "reshape", "transpose", "permute", "unsqueeze",
     "squeeze", "contiguous", "float", "half", "bfloat16", "dim", "ndim", "numel", "matmul",
     "masked_fill", "new_zeros", "new_ones", "new_empty", "new_full", "expand", "flatten",
     "softmax", "type_as", "clone", "detach", "chunk", "narrow", "repeat", "sum", "mean"}
)  # fmt: skip


_TENSOR_NAMES = frozenset(
    {"x", "hidden_states", "hidden_state", "inputs_embeds", "query", "key", "value", "logits",
     "input_tensor", "tensor", "input", "inp", "q", "k", "v", "sample", "latents",
     "encoder_hidden_states"}
)  # fmt: skip


_DTYPES = frozenset(
    {"float", "float16", "float32", "float64", "bfloat16", "half", "double", "long", "int",
     "int8", "int16", "int32", "int64", "uint8", "bool", "complex64", "complex128"}
)  # fmt: skip


_FINFO = frozenset({"min", "max", "eps", "tiny", "smallest_normal"})


_NUMBER_FUNCTIONS = frozenset({"float", "int", "len", "abs", "round", "bool", "min", "max"})


_SHAPED = frozenset({"zeros", "ones", "empty", "full", "rand", "randn"})


_LAYER = re.compile(r"(?:Embedding|Linear|Conv[123]d|LayerNorm|RMSNorm|GroupNorm|BatchNorm[123]d)$")


#: Layers without weights: their output stays on their input's device.
_NO_WEIGHTS = re.compile(r"Dropout|Identity|ReLU|GELU|SiLU|Tanh|Sigmoid|Softmax|Flatten|Pool")


@dataclass
class ClassFacts:
    """What a class's text says about its attributes: submodules and tensors of `self`."""

    methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=dict)
    submodules: set[str] = field(default_factory=set)
    #: Submodules built from a weight-bearing layer class (`nn.Embedding`, `nn.Linear`, ...):
    #: a CPU tensor fed to one of these meets its weights.
    layers: set[str] = field(default_factory=set)
    tensors: set[str] = field(default_factory=set)
    #: Submodules whose output stays with their input (dropout, activations).
    passthrough: set[str] = field(default_factory=set)
    #: The class each layer is built from, as written (`PositionEmbedding`, `nn.Linear`).
    layer_classes: dict[str, str] = field(default_factory=dict)
    #: Arguments of a layer the file defines itself that its `forward` uses only as numbers
    #: (slice bounds, comparisons), by position and by name: they meet no weight.
    bound_arguments: dict[str, frozenset[int | str]] = field(default_factory=dict)
    #: Plain attributes of a class that is not an `nn.Module`, made only by tensor factories
    #: without `device=` (or grown from themselves, `self.x = torch.cat([self.x, y])`).
    cpu_made: dict[str, ast.Call] = field(default_factory=dict)
    #: `__init__` takes a `device` argument: the object is told where its tensors live, so
    #: the tensors its methods are handed are on that device.
    given_device: bool = False
    #: The class's whole text (every method in full, not the stubs `regions` leaves), found
    #: only when asked for (`hyper_parameters`): finding it parses the whole file.
    whole: Callable[[], ast.ClassDef | None] | None = None
    #: The file's writes of attributes (`attribute_writes`: a subclass's `self.d_k = [...]`,
    #: `model.d_k = ...`), read once per file and only when its hyper-parameters ask; None
    #: when the whole file does not parse.
    writes: Callable[[], AttributeWrites | None] | None = None
    #: The file's text: a write of the attributes elsewhere is looked for there first.
    text: str | None = None
    _numbers: frozenset[str] | None = None

    @classmethod
    def of(cls, node: ast.ClassDef, cpu_made: bool = False) -> ClassFacts:
        """What the class's text says; `cpu_made` also reads every method for CPU-made
        attributes (a walk of the whole class: only the rule that needs it asks)."""
        facts = cls()
        for statement in node.body:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                facts.methods[statement.name] = statement
        init = facts.methods.get("__init__")
        if init is not None:
            facts.read_init(init)
        if cpu_made and not any((dotted(b) or "").endswith("Module") for b in node.bases):
            facts.cpu_made = _cpu_made_attributes(facts.methods.values())
            facts.given_device = init is not None and _takes_device(init)
        return facts

    def hyper_parameters(self) -> frozenset[str]:
        """Attributes that `__init__` sets only to a number, to one of its own arguments
        whose default is (or annotation says) a number, or to arithmetic of those, and no
        other method sets (`self.param_rand_factor = param_rand_factor`), read from the
        class's whole text so that no assignment that spoils one is missed, nor any write of
        an attribute of that name elsewhere in the file (a subclass, a script); none when
        that text is unknown. Read on first use: most flows never ask."""
        if self._numbers is None:
            whole = self.whole() if self.whole is not None else None
            found: set[str] = set()
            if whole is not None:
                methods = [
                    m for m in whole.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)
                ]
                init = next((m for m in methods if m.name == "__init__"), None)
                found = set() if init is None else _number_attributes(init, methods)
                # Only names the text assigns elsewhere need the file's tree read.
                suspect = found
                if found and self.text is not None:
                    suspect = found - _not_written_elsewhere(self.text, whole, found)
                if suspect and self.writes is not None:
                    writes = self.writes()
                    # Writes elsewhere in a file that does not parse cannot be read: none
                    # is sure then.
                    found = found - writes.outside(whole) if writes else set()
            self._numbers = frozenset(found)
        return self._numbers

    def read_init(self, init: ast.AST) -> None:
        """Note the submodules, parameters and buffers that `__init__` makes."""
        for node in ast.walk(init):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                called = dotted(node.value.func) or ""
                last = called.rpartition(".")[2]
                for target in node.targets:
                    name = self_attribute(target)
                    if name is None:
                        continue
                    if last == "Parameter":  # a plain tensor attribute stays where it was made
                        self.tensors.add(name)
                    elif last[:1].isupper():
                        self.submodules.add(name)
                        if _NO_WEIGHTS.search(last):
                            self.passthrough.add(name)
                        if _LAYER.search(last):
                            self.layers.add(name)
                            self.layer_classes[name] = called
            elif _registers(node):
                assert isinstance(node, ast.Call)
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    self.tensors.add(first.value)


def _number_attributes(
    init: ast.FunctionDef | ast.AsyncFunctionDef, methods: Iterable[ast.AST]
) -> set[str]:
    """The attributes `__init__` sets only to numbers, to its arguments with a number as
    default (or annotated as one) or to arithmetic of those, and no other method (nor a
    nested function) sets."""
    arguments = init.args
    positional = [*arguments.posonlyargs, *arguments.args]
    # Defaults belong to the last positional arguments; keyword-only ones may have none.
    defaults = dict(zip([a.arg for a in positional[::-1]], arguments.defaults[::-1], strict=False))
    defaults.update(
        (a.arg, d)
        for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        if d is not None
    )
    numeric = {name for name, default in defaults.items() if number(default)}
    # `temperature: float`: an argument annotated as a number is one.
    every = (*positional, *arguments.kwonlyargs)
    numeric.update(a.arg for a in every if number_annotation(a.annotation))
    # An argument `__init__` binds again (`weight = [weight] * n`) may hold anything.
    numeric = {name for name in numeric if binding_count(init, name) == 0}
    found: set[str] = set()
    spoiled: set[str] = set()
    for method in methods:
        for node in ast.walk(method):
            if isinstance(node, ast.Call) and (dotted(node.func) or "") == "setattr":
                return set()  # `setattr(self, name, value)`: any attribute may change
            if isinstance(node, ast.For | ast.AsyncFor | ast.withitem | ast.comprehension):
                target = node.optional_vars if isinstance(node, ast.withitem) else node.target
                spoiled.update(_self_attributes_in(target))
        for targets, value, node in assignments(method):
            for target in targets:
                name = self_attribute(target)
                if name is None:
                    # `self.t, self.m = temps, 0.1`: each attribute a tuple target sets.
                    spoiled.update(_self_attributes_in(target))
                    continue
                # `self.dt: P_float = SimulationParameter(dt)`: annotated as a number, it is
                # one whatever wraps it (rockpool's neurons).
                annotated = isinstance(node, ast.AnnAssign) and number_annotation(node.annotation)
                if (
                    method is init
                    and not isinstance(node, ast.AugAssign)
                    and (annotated or _of_numbers(value, numeric))
                ):
                    found.add(name)
                else:
                    spoiled.add(name)
    return found - spoiled


def _not_written_elsewhere(text: str, owner: ast.ClassDef, names: set[str]) -> set[str]:
    """Of `names`, those the file's text never assigns as an attribute (`.name =`, `.name +=`,
    `.name, x =`) outside the class `owner`'s lines: no tree needs reading for them."""
    first, last = owner.lineno, owner.end_lineno or owner.lineno
    alternatives = "|".join(map(re.escape, sorted(names)))
    # `.name =`, `.name += 1`, `.name: list = ...`, or a tuple target `.name, other = ...` (any
    # `.name,` is taken: a call's argument only costs a read of the tree).
    pattern = re.compile(
        rf"\.({alternatives})\b\s*(?::[^=\n]+)?(?:[-+*/%@&|^]|//|\*\*|<<|>>)?=(?!=)"
        rf"|\.({alternatives})\b\s*,"
    )
    written = set()
    for match in pattern.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        if not first <= line <= last:
            written.add(match.group(1) or match.group(2))
    return names - written


@dataclass
class AttributeWrites:
    """A file's writes of attributes that are not numbers (`x.name = ...`, `+=`, in a tuple
    target), with the class holding each (the innermost; None outside classes) and whether
    it writes `self.<name>`; and each class's bases named in the file."""

    writes: list[tuple[int, str | None, bool, str]]
    bases: dict[str, set[str]]

    def outside(self, owner: ast.ClassDef) -> set[str]:
        """The attribute names written outside `owner` on what may be one of its objects:
        anything in a subclass or a base class of the file (`self.d_k = [...]` there),
        anything but `self.name` of another class (its own object), any object elsewhere (a
        script's `model.d_k = widths`)."""
        related = self.related(owner)
        first, last = owner.lineno, owner.end_lineno or owner.lineno
        return {
            attr
            for line, holder, on_self, attr in self.writes
            if not first <= line <= last
            and not (holder is not None and holder not in related and on_self)
        }

    def related(self, owner: ast.ClassDef) -> set[str]:
        """The file's classes deriving from `owner` and those it derives from, through each
        other too (a mixin's method that writes `self.d_k` runs on `owner`'s objects)."""
        found: set[str] = set()
        grew = True
        while grew:
            grew = False
            for child, parents in self.bases.items():
                if child not in found and parents & (found | {owner.name}):
                    found.add(child)
                    grew = True
        pending = [owner.name]
        while pending:
            for base in self.bases.get(pending.pop(), ()):
                if base in self.bases and base not in found and base != owner.name:
                    found.add(base)
                    pending.append(base)
        return found


def attribute_writes(module: ast.Module) -> AttributeWrites:
    """The writes of attributes `module` makes (`AttributeWrites`), in one walk."""
    writes: list[tuple[int, str | None, bool, str]] = []
    bases: dict[str, set[str]] = {}
    pending: list[tuple[ast.AST, str | None]] = [(module, None)]
    while pending:
        node, holder = pending.pop()
        if isinstance(node, ast.ClassDef):
            bases[node.name] = {(dotted(b) or "").rpartition(".")[2] for b in node.bases}
            holder = node.name
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            plain = not isinstance(node, ast.AugAssign)
            if not (plain and node.value is not None and number(node.value)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for t in ast.walk(target):
                        if isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store):
                            on_self = isinstance(t.value, ast.Name) and t.value.id == "self"
                            writes.append((node.lineno, holder, on_self, t.attr))
        pending.extend((child, holder) for child in ast.iter_child_nodes(node))
    return AttributeWrites(writes, bases)


def _of_numbers(value: ast.expr, numeric: set[str]) -> bool:
    """A number (`number`, which takes `x * 2` for one), or a number made of `__init__`'s
    numeric arguments (`number_expression`: `self.d_k = out_dim // n_att_heads`, DIG's
    attention scale, then `torch.tensor(self.d_k)`, 0-dim)."""
    return number(value) or number_expression(value, numeric)


def number_expression(value: ast.expr, numbers: set[str]) -> bool:
    """A literal number, a name in `numbers`, a number read in place (`float(x)`, a setting
    read with a number as its default), `math.pi`, a `math` function of numbers, or
    arithmetic of those: each side of an operation must be one (`np.arange(8) * 2` is
    not)."""
    if isinstance(value, ast.Constant):
        return type(value.value) in (int, float)
    if isinstance(value, ast.Name):
        return value.id in numbers
    if _reads_a_number(value):
        return True
    if isinstance(value, ast.Attribute):
        return isinstance(value.value, ast.Name) and value.value.id == "math"
    if isinstance(value, ast.UnaryOp):
        return number_expression(value.operand, numbers)
    if isinstance(value, ast.BinOp):
        return number_expression(value.left, numbers) and number_expression(value.right, numbers)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        func = value.func
        if isinstance(func.value, ast.Name) and func.value.id == "math" and not value.keywords:
            return bool(value.args) and all(number_expression(a, numbers) for a in value.args)
    return False


def _reads_a_number(value: ast.expr) -> bool:
    """`float(x)`, `int(x)`, or a setting read with a number as its default
    (`conf["skebs"].get("dissipation_scaling_coefficient", 1.0)`, miles-credit): a number."""
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    if isinstance(func, ast.Name):
        return func.id in ("float", "int") and len(value.args) == 1
    if isinstance(func, ast.Attribute) and func.attr == "get" and len(value.args) == 2:
        default = value.args[1]
        return isinstance(default, ast.Constant) and type(default.value) in (int, float)
    return False


def _self_attributes_in(target: ast.AST | None) -> set[str]:
    """The attributes of `self` a target sets, in tuples and starred parts too."""
    if target is None:
        return set()
    found = (self_attribute(node) for node in ast.walk(target))
    return {name for name in found if name is not None}


def assignments(root: ast.AST) -> Iterator[tuple[list[ast.expr], ast.expr, ast.stmt]]:
    """Each assignment under `root` with a value (`=`, `+=`, an annotated one): its targets,
    its value and the statement."""
    for node in ast.walk(root):
        if isinstance(node, ast.Assign):
            yield node.targets, node.value, node
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None:
            yield [node.target], node.value, node


def _takes_device(init: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    arguments = init.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    return any(a.arg == "device" for a in every)


def _cpu_made_attributes(methods: Iterable[ast.AST]) -> dict[str, ast.Call]:
    """`self.x = torch.zeros(n)` (no `device=`) in some method, and every other assignment
    of `self.x` another such factory or one that grows it from itself."""
    made: dict[str, ast.Call] = {}
    spoiled: set[str] = set()
    for method in methods:
        for node in ast.walk(method):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                name = self_attribute(target)
                if name is None:
                    continue
                if _cpu_factory(node.value):
                    assert isinstance(node.value, ast.Call)
                    made.setdefault(name, node.value)
                elif not _grows_itself(node.value, name):
                    spoiled.add(name)
    return {name: call for name, call in made.items() if name not in spoiled}


def _cpu_factory(node: ast.expr) -> bool:
    if not isinstance(node, ast.Call) or any(kw.arg in ("device", None) for kw in node.keywords):
        return False
    name = dotted(node.func) or ""
    return name.startswith("torch.") and name[6:] in TENSOR_FACTORIES


def _grows_itself(node: ast.expr, name: str) -> bool:
    """`torch.cat([self.x, y])`, optionally cast with `.to(dtype)`: stays where `self.x` is."""
    func = node.func if isinstance(node, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr == "to":
        assert isinstance(node, ast.Call)
        return casts_dtype_only(node) and _grows_itself(func.value, name)
    if not isinstance(node, ast.Call) or (dotted(node.func) or "") not in _GROWERS:
        return False
    return any(self_attribute(n) == name for n in ast.walk(node))


_GROWERS = frozenset({"torch.cat", "torch.concat", "torch.stack", "torch.hstack", "torch.vstack"})


def self_attribute(node: ast.AST) -> str | None:
    """`name` of `self.name` (any first parameter spelled `self`)."""
    value = node.value if isinstance(node, ast.Attribute) else None
    if isinstance(value, ast.Name) and value.id == "self":
        assert isinstance(node, ast.Attribute)
        return node.attr
    return None


def _registers(node: ast.AST) -> bool:
    """`self.register_buffer("name", ...)` or `register_parameter`."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    return node.func.attr in ("register_buffer", "register_parameter") and bool(node.args)


def tensor_params(
    function: ast.AST, parameters: list[ast.arg], self_name: str | None
) -> frozenset[str]:
    """Parameters with evidence of being tensors: annotated so, named so, or used so."""
    names = {p.arg for p in parameters if p.arg != self_name and "cpu" not in p.arg.lower()}
    tensors = {n for n in names if n in _TENSOR_NAMES}
    for p in parameters:
        if p.annotation is not None and _tensor_annotation(p.annotation):
            tensors.add(p.arg)
    for node in ast.walk(function):
        if isinstance(node, ast.Subscript) and _multi_index(node.slice):
            if isinstance(node.value, ast.Name) and node.value.id in names:
                tensors.add(node.value.id)  # `x[:, 0]` indexes an array, not a list
            continue
        if not isinstance(node, ast.Attribute) or node.attr not in _TENSOR_ATTRS:
            continue
        if isinstance(node.value, ast.Name) and node.value.id in names:
            tensors.add(node.value.id)
    return frozenset(tensors)


def number_annotation(annotation: ast.expr | None) -> bool:
    """`int`, `float`, `bool` (or their quoted names), or a project's type alias named for one
    (`P_float`, `rt.P_int`: a short prefix, then the number type): a Python number. Not
    `torch.float` (a dtype, annotating a tensor) nor `List_float` (a container)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        name = annotation.value
    elif isinstance(annotation, ast.Name):
        name = annotation.id
    elif isinstance(annotation, ast.Attribute):
        name = annotation.attr
        if _NUMBER_ALIAS.fullmatch(name) is None:
            return False  # `torch.float`, `np.bool`: a dtype, not Python's type
    else:
        return False
    return name in ("int", "float", "bool") or _NUMBER_ALIAS.fullmatch(name) is not None


#: A project's alias of a number type: a capital and at most one more letter, `_`, the type
#: (`P_float`; not `ctypes.c_int`).
_NUMBER_ALIAS = re.compile(r"[A-Z][A-Za-z]?_(?:int|float|bool)")


_Function = ast.FunctionDef | ast.AsyncFunctionDef


def returns_number(
    functions: Mapping[str, _Function],
    resolve: Callable[[_Function], _Function | None],
    name: str,
) -> bool:
    """Whether the function `name` among `functions` is annotated to return a Python number
    (`def _get_mask_param(...) -> int`); `resolve` gives its full text where the parse kept
    only a stub of it."""
    function = functions.get(name)
    full = resolve(function) if function is not None else None
    return full is not None and number_annotation(full.returns)


def casts_dtype_only(call: ast.Call) -> bool:
    """`.to(torch.float32)`, `.to(x.dtype)`, `.to(dtype=...)`, `.to(int)`: no device change
    (not with `**kwargs`, which may carry one)."""
    if any(kw.arg in ("device", None) for kw in call.keywords):
        return False
    if not call.args:
        return any(kw.arg == "dtype" for kw in call.keywords)
    first = call.args[0]
    if isinstance(first, ast.Attribute):
        return first.attr == "dtype" or first.attr in _DTYPES
    if isinstance(first, ast.Call):  # `.to(_get_dtype(config))`, `.to(get_dtype())`
        first = first.func
        name = first.attr if isinstance(first, ast.Attribute) else getattr(first, "id", "")
        return "dtype" in name
    # `.to(int)`, `.to(float)`, `.to(bool)`: Python's types name torch's default dtypes
    # (hippynn's `mask_counts += arr.to(int)`).
    return isinstance(first, ast.Name) and ("dtype" in first.id or first.id in _PYTHON_DTYPES)


#: Python types `Tensor.to` takes as dtypes.
_PYTHON_DTYPES = frozenset({"int", "float", "bool", "complex"})


def is_scalar(factory: str, call: ast.Call) -> bool:
    """A 0-dim result (`torch.tensor(1.0)`, `torch.zeros(())`, `torch.tensor(self.pad_token_id)`:
    one id) or an empty placeholder
    (`torch.empty(0)`, `torch.tensor([])`): both mix with tensors of any device or are
    replaced before use."""
    if not call.args:
        return factory in ("tensor", "empty", "zeros")
    first = call.args[0]
    if factory == "empty" and tiny_shape(call.args):
        return True  # `torch.empty(1)`, `torch.empty([0])`: a placeholder argument
    if factory in ("tensor", "as_tensor", "scalar_tensor"):
        empty = isinstance(first, ast.List | ast.Tuple) and not first.elts
        return empty or number(first) or _one_id(first)
    if factory in _SHAPED:
        if isinstance(first, ast.Tuple | ast.List) and not first.elts:
            return True
        return factory == "empty" and isinstance(first, ast.Constant) and first.value == 0
    return False


#: A setting named for one id or index (`pad_token_id`, `image_token_index`, `ignore_idx`):
#: a Python int by the naming convention of configs (a list of them is `..._ids`).
_ONE_ID = re.compile(r"(?:^|_)(?:id|idx|index)$")


def _one_id(node: ast.expr) -> bool:
    """`self.pad_token_id`, `config.image_token_index`: an attribute holding one id."""
    return isinstance(node, ast.Attribute) and _ONE_ID.search(node.attr) is not None


def factory_size(call: ast.Call, factory: str | None = None) -> str:
    """ "" for a tensor with elements, "vector" for one known to be 1-D (an element of it is
    0-dim), "single" for a 1-D one of one element (`torch.rand(1)`: squeezed, it is 0-dim),
    "scalar" for a 0-dim one, "empty" for a placeholder."""
    name = factory or (dotted(call.func) or "").rpartition(".")[2]
    if not is_scalar(name, call):
        if not _one_dimensional(name, call):
            return ""
        return "single" if _one_element(name, call) else "vector"
    first = call.args[0] if call.args else None
    if isinstance(first, ast.List | ast.Tuple) and not first.elts:
        return "empty" if name in ("tensor", "as_tensor") or not call.args[1:] else "scalar"
    if name == "empty":
        return "empty"
    return "scalar"


#: Factories whose result is always 1-D.
_ONE_DIMENSIONAL = frozenset({"arange", "linspace", "logspace", "randperm"})


def _one_dimensional(factory: str, call: ast.Call) -> bool:
    """`torch.linspace(1, 0, n)`, `torch.arange(n)`, `torch.tensor([0.5, 1.0])` (a flat list
    of numbers), `torch.rand(2)` or `torch.zeros((3,))` (one literal size): a 1-D tensor."""
    if factory in _ONE_DIMENSIONAL:
        return True
    if factory in ("tensor", "as_tensor") and call.args:
        first = call.args[0]
        return isinstance(first, ast.List | ast.Tuple) and all(number(e) for e in first.elts)
    if factory in _SHAPED and call.args:
        # `torch.full(size, value)` takes one size argument; the others take sizes as
        # arguments (`torch.rand(2)`) or one sequence (`torch.rand((2,))`).
        sizes = call.args[:1] if factory == "full" else call.args
        if len(sizes) != 1:
            return False
        size = sizes[0]
        if isinstance(size, ast.Tuple | ast.List):
            return len(size.elts) == 1 and _literal_count(size.elts[0])
        return factory != "full" and _literal_count(size)
    return False


def _one_element(factory: str, call: ast.Call) -> bool:
    """`torch.rand(1)`, `torch.zeros((1,))`, `torch.tensor([p])` of a 1-D factory: one
    element."""
    if factory in _ONE_DIMENSIONAL or not call.args:
        return False
    first = call.args[0]
    if factory in ("tensor", "as_tensor"):
        return isinstance(first, ast.List | ast.Tuple) and len(first.elts) == 1
    size = first.elts[0] if isinstance(first, ast.Tuple | ast.List) and first.elts else first
    return isinstance(size, ast.Constant) and size.value == 1


def _literal_count(node: ast.AST) -> bool:
    """A literal positive integer: the length of one dimension, never a shape."""
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value > 0


#: NumPy and torch functions that make arrays (of several elements, most often).
_ARRAY_MAKERS = frozenset(
    {"arange", "linspace", "logspace", "array", "asarray", "zeros", "ones", "full", "empty",
     "eye", "meshgrid", "stack", "concatenate", "tile", "repeat", "tensor", "rand", "randn"}
)  # fmt: skip


def _makes_an_array(node: ast.AST) -> bool:
    """`np.arange(8)`, `numpy.linspace(0, 1, n)`: a call that makes an array, not a number."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in _CONSTANT_LIBRARIES
        and node.func.attr in _ARRAY_MAKERS
    )


def _library_constant(node: ast.AST) -> bool:
    """`np.pi`, `numpy.e`, `torch.inf`: a library's float constant."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in _CONSTANT_LIBRARIES
        and node.attr in _FLOAT_CONSTANTS
    )


#: Modules whose float constants (`_FLOAT_CONSTANTS`) code names as numbers.
_CONSTANT_LIBRARIES = frozenset({"np", "numpy", "torch"})
_FLOAT_CONSTANTS = frozenset({"pi", "e", "inf", "nan", "euler_gamma"})


def number(node: ast.AST) -> bool:
    """An expression that is a Python number (never a list or a tensor with elements)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int | float | bool)
    if isinstance(node, ast.UnaryOp):
        return number(node.operand)
    if isinstance(node, ast.BinOp):
        sides = (node.left, node.right)
        if any(isinstance(s, ast.List | ast.Tuple | ast.ListComp) for s in sides):
            return False
        # A library's constant counts only beside another number: `np.arange(8) * np.pi`
        # is an array, and so is `2 * np.pi * np.arange(8)`.
        if any(_library_constant(s) for s in sides):
            return all(number(s) for s in sides)
        if any(_makes_an_array(s) for s in sides):
            return False
        return any(number(s) for s in sides)
    if isinstance(node, ast.Attribute):
        math = isinstance(node.value, ast.Name) and node.value.id == "math"
        return math or node.attr in _FINFO or _library_constant(node)  # `math.pi`, `np.pi`
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id in _NUMBER_FUNCTIONS
        if isinstance(func, ast.Attribute):
            named = isinstance(func.value, ast.Name) and func.value.id == "math"
            return named or (func.attr in ("size", "dim", "numel", "item") and bool(node.args))
    return False


def tiny_shape(args: list[ast.expr]) -> bool:
    """A shape of at most one element written as constants: `1`, `0`, `[0]`, `(1,)`."""
    elements: list[ast.expr] = []
    for arg in args:
        elements.extend(arg.elts if isinstance(arg, ast.List | ast.Tuple) else [arg])
    return all(isinstance(e, ast.Constant) and e.value in (0, 1) for e in elements)


def _multi_index(index: ast.expr) -> bool:
    return isinstance(index, ast.Tuple) and any(isinstance(e, ast.Slice) for e in index.elts)


def _tensor_annotation(annotation: ast.expr) -> bool:
    """`torch.Tensor`, `Tensor`, `Optional[torch.Tensor]`, `torch.Tensor | None`; not a
    container of tensors (`dict[str, torch.Tensor]`)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.replace("torch.", "") in ("Tensor", "Optional[Tensor]")
    if isinstance(annotation, ast.BinOp):  # `torch.Tensor | None`
        return _tensor_annotation(annotation.left) or _tensor_annotation(annotation.right)
    if isinstance(annotation, ast.Subscript):
        outer = dotted(annotation.value) or ""
        return outer.endswith("Optional") and _tensor_annotation(annotation.slice)
    name = dotted(annotation) or ""
    return name.rpartition(".")[2] in ("Tensor", "FloatTensor", "LongTensor", "BoolTensor")
