"""TPL203 tensor-attribute-not-registered."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope, has_star_kwargs, keyword
from torchplace.lint.cpu_exports import exports_on_the_cpu
from torchplace.lint.flow_facts import (
    casts_dtype_only,
    factory_size,
    number_expression,
    self_attribute,
)
from torchplace.lint.flow_ops import LEAVES, MOVES, NOT_TENSORS
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import (
    FACTORY_CANDIDATE,
    called_as_written,
    without_comments,
)
from torchplace.lint.run_conditions import arm_test, cpu_only, parent_map
from torchplace.lint.tensor_method_names import TENSOR_METHOD_NAMES
from torchplace.lint.unmoved_instances import built_and_never_moved
from torchplace.report import Finding
from torchplace.torch_names import TENSOR_FACTORIES

#: Methods that keep a new tensor a plain tensor (`torch.arange(n).float()`).
_TENSOR_METHODS = {
    "float",
    "half",
    "bfloat16",
    "long",
    "int",
    "bool",
    "view",
    "reshape",
    "unsqueeze",
    "expand",
    "repeat",
    "t",
    "contiguous",
    "clone",
    "tril",
    "triu",
}


class TensorAttributeNotRegistered(Rule):
    """## What it does
    Flags `self.x = torch.<factory>(...)` in the `__init__` of an `nn.Module` subclass when
    the tensor is neither a parameter nor registered with `register_buffer`.

    ## Why is this bad?
    A plain tensor attribute is invisible to `module.to(device)`, `.cuda()`, `device_map`
    dispatch and `state_dict`. After the model moves, the weights are on the GPU and this
    tensor is still on the CPU (or on whichever GPU the first shard used), and `forward`
    fails with `Expected all tensors to be on the same device, but found at least two
    devices, cuda:0 and cpu!`.

    ## Example
    ```python
    def __init__(self, dim):
        super().__init__()
        self.mask = torch.ones(dim, dim).tril()
    ```

    Use instead:
    ```python
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("mask", torch.ones(dim, dim).tril(), persistent=False)
    ```
    or move it where it is used: `self.mask.to(hidden_states.device)`.

    Not flagged: attributes the module never reads outside the method that makes them (a tensor
    `__init__` uses only to compute another), moves where it reads them
    (`self.bins.to(x.device)`, `self.window.type_as(x)`, also after reshaping or indexing it:
    `self.u.repeat(b, h, w).cuda()`, `self.bounds[0].float().to(x.device)`) or assigns again in
    another method (its storage too, `self.x.data = ...`; writes into it, `self.grid[:, 0] =
    ...`, are not reads), attributes only handed to code the file does not show (another
    module's function, a held object's method: `self.quantizer.apply(x, self.clip_val)`) or read
    only into Python (`len(self.x)`, `self.x.tolist()`, an f-string) or handed to a function of
    the file that moves it (`qmax = qmax.to(device)` in Qwen's `quantize_cache_v`) or read only
    where the input is on the CPU (the `else` of `if x.is_cuda:`), or that the module fills
    with CPU copies and reads only as a record (`self.codes[i:j] = codes.cpu()`, then its
    shape, `.tolist()`, or handed back whole to a logger), each read any of these
    (`self.coef_a.diff().to(q.device)` beside `len(self.coef_a)`), or read only as an index
    (`joints[:, self.joint_map]`: a CPU index serves a tensor on any device); classes a script
    builds at its top level and never moves, wraps or hands on (`m = Merger(...)`, then only
    `m.lambdas()` and `m(x)`: the tensor stays on the CPU with the weights) or that only plain
    objects of the file make and call (a data processor's image transform: `self.resizer =
    AnchorResize(...)`, then `self.resizer(image)`), 0-dim numbers of `torch.tensor` of a number
    argument (annotated `float`, given a number as its default, or asserted one with
    `isinstance`), of a setting read with a number as its default (`conf.get("scale", 1.0)`) or
    of `math` of those (`math.cos(m)`), empty placeholders (`torch.tensor([])`,
    `torch.empty(0)`) that code replaces later (a KV cache bound by the engine), and models of
    serving engines, which build each model under `with torch.device(...)` on the rank's GPU and
    never move it: files that import vLLM or SGLang, and projects whose own loader builds its
    models so (`with target_device: model = initialize_model(...)`, as vLLM's forks do), and
    ONNX export scripts that name no CUDA (`cpu_exports`).

    ## Fix safety
    No automatic fix: registering a buffer can change the `state_dict` keys.

    ## References
    - https://github.com/Lightning-AI/pytorch-lightning/issues/1978
    - https://github.com/ChaoningZhang/MobileSAM/pull/47
    - https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.register_buffer
    """

    code = "TPL203"
    name = "tensor-attribute-not-registered"
    preview = True
    # A test's toy module lives on the one device its test picks (flsim's `Quadratic1D` in
    # its CPU unit tests, fresh-95): skipped in tests, as the rest of the forward family is.
    in_tests = False
    contexts = "`__init__` of modules; not in serving-engine files"
    summary = "Tensor attribute set in __init__ is not a buffer: `.to()` and device_map skip it"
    pattern = "buffer-left-on-other-device"
    candidate = FACTORY_CANDIDATE
    file_gate = ("torch", "__init__")
    candidate_scope = "init"
    project_condition = "not-built-by-an-engine"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if exports_on_the_cpu(ctx):
            return  # an ONNX export script that names no CUDA: nothing leaves the CPU
        if ctx.imports_module("vllm") or ctx.imports_module("sglang"):
            # Engines build each model under `with torch.device(...)` on the rank's bound GPU
            # and never move it: a plain attribute is made where the weights are.
            return
        registered: dict[int, str] = {}
        for located in ctx.assignments:
            node = located.node
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            target = node.targets[0]
            if not (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
            ):
                continue
            owner = _module_class(ctx, located.scope)
            if owner is None:
                continue
            factory = _factory_call(ctx, node.value)
            if factory is None:
                continue
            text = registered.setdefault(id(owner.node), ctx.node_text(owner.node))
            if re.search(rf"register_buffer\(\s*[\"']{target.attr}[\"']", text):
                continue
            start = getattr(owner.node, "lineno", 0)
            function = located.scope.function
            span: ast.AST = function.node if function is not None else node
            if any(
                isinstance(inner, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef)
                and inner is not span
                for inner in ast.walk(span)
            ):
                span = node  # a hook or closure made there may read it after `.to()`
            building = (
                getattr(span, "lineno", node.lineno) - start,
                (getattr(span, "end_lineno", None) or node.lineno) - start,
            )
            if _managed_elsewhere(text, target.attr, node.lineno - start, building):
                continue
            if isinstance(owner.node, ast.ClassDef) and built_and_never_moved(ctx, owner.node):
                continue  # the script's own instances stay on the CPU with their weights
            if _only_handed_to_other_code(ctx, owner.node, target.attr, span):
                continue  # where it meets a tensor is that code's, which this file does not show
            if ctx.qualified(factory.func) in _OF_VALUE and _python_number(located.scope, factory):
                continue  # `torch.tensor(drop_rate)` of a `float` argument: a 0-dim number
            if _filled_from_the_cpu(text, target.attr):
                continue  # a record the module keeps on the CPU on purpose
            message = f"`self.{target.attr}` is a plain tensor: `.to()` and device_map skip it"
            yield self.finding(ctx, factory, message)


def _managed_elsewhere(text: str, attr: str, assigned_at: int, building: tuple[int, int]) -> bool:
    """The module never reads the attribute after it is built (reads in the method that
    assigns it, lines `building` of `text`, run before any `.to()`: UniAD's `self.map_x`
    serves only to compute another attribute in `__init__`), or assigns it again outside this
    line (a placeholder that a method replaces, a state it moves itself): no weight is met
    where `.to()` left it. Reads moved where they are read (`self.bins.to(x.device)`) are
    `_only_handed_to_other_code`'s."""
    # A comment that names it (`# self.f0_bins.to(f0.device)`) reads nothing.
    lines = without_comments(text).splitlines()
    # A write into the attribute (`self.grid[:, 0] = torch.linspace(...)`: basic indexing
    # copies across devices) fills it; only reads meet the module's weights.
    uses = re.compile(rf"\bself\.{attr}\b(?!\s*=[^=]|\s*{_INDEX}\s*=[^=])")
    first, last = building
    reads = [
        m for i, line in enumerate(lines) if not first <= i <= last for m in uses.finditer(line)
    ]
    if not reads:
        return True
    # `self.x.data = ...` swaps its storage: assigned again too (learn2learn's backed-up
    # batch-norm statistics, copied from the running buffers before they are read).
    again = re.compile(rf"\bself\.{attr}(?:\.data)?\s*=[^=]")
    return any(again.search(line) for i, line in enumerate(lines) if i != assigned_at)


def _only_handed_to_other_code(
    ctx: FileContext, owner: ast.AST, attr: str, building: ast.AST
) -> bool:
    """Every read of `self.<attr>` outside the code that builds it is an argument of a call
    of code this file does not show: a function or class of another module, or a method of
    an object the module holds (`self.act_quantizer.apply(x, self.clip_val)`, LLM-QAT's KV
    quantizer, which reads the clip values one element at a time). Not a `torch` function, a
    tensor method, builtin `min` / `max`, nor a method or submodule of `self` (`self.f(x,
    self.clip_val)`): those meet it where the file shows. A read handed on is no evidence;
    nor is a read only for what Python sees of the tensor (`len(self.x)`, `self.x.tolist()`,
    `self.x.shape`, an f-string): it meets no other tensor (torchani's `atomic_numbers`), nor
    one handed to a function of the file that moves that parameter itself (`qmax =
    qmax.to(device)`), nor one moved where it is read (`_moved_where_read`): each read may
    be any of these."""
    tree = ctx.whole_tree()
    if tree is None:
        return False
    line = getattr(owner, "lineno", 0)
    # One walk of the file: the class, read whole, and the names of the functions and classes
    # the file defines (their bodies are shown here).
    whole: ast.ClassDef | None = None
    local = set(ctx.functions)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            local.add(node.name)
            if isinstance(node, ast.ClassDef) and node.lineno == line:
                whole = node
    if whole is None:
        return False
    first = getattr(building, "lineno", 0)
    last = getattr(building, "end_lineno", None) or first
    handed: set[int] = set()
    reads: list[ast.Attribute] = []
    placers = {
        f.name: f for f in tree.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    for node in ast.walk(whole):
        if isinstance(node, ast.Call) and (
            _other_code(ctx, node.func, local) or _host_reader(ctx, node.func)
        ):
            for argument in [*node.args, *(k.value for k in node.keywords)]:
                if self_attribute(argument) == attr:
                    handed.add(id(argument))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            callee = placers.get(node.func.id)
            for argument in _placed_arguments(node, callee) if callee else ():
                if self_attribute(argument) == attr:
                    handed.add(id(argument))  # the file's function moves it where it uses it
        elif isinstance(node, ast.FormattedValue) and self_attribute(node.value) == attr:
            handed.add(id(node.value))  # `f"... {self.atomic_numbers}"`: a message
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in _HOST_VIEWS
            and self_attribute(node.value) == attr
        ):
            handed.add(id(node.value))  # `self.x.tolist()`, `self.x.shape`: Python's view
        if (
            isinstance(node, ast.Attribute)
            and self_attribute(node) == attr
            and isinstance(node.ctx, ast.Load)
            and not first <= node.lineno <= last
        ):
            reads.append(node)
    parents = parent_map({}, whole)
    return bool(reads) and all(
        id(read) in handed
        or _moved_where_read(read, parents)
        or _read_on_cpu(read, parents)
        or _used_as_index(read, parents)
        for read in reads
    )


def _used_as_index(read: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`joints[:, self.joint_map, :]`: the read is (an item of) the index of a subscript, which
    takes a CPU index for a tensor on any device (PyMAF's joint maps)."""
    current, parent = read, parents.get(id(read))
    while isinstance(parent, ast.Tuple):
        current, parent = parent, parents.get(id(parent))
    return isinstance(parent, ast.Subscript) and parent.slice is current


def _read_on_cpu(read: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`read` runs only where the tensors it meets are on the CPU: the `else` of
    `if x.is_cuda:` (DM-Improves-AT's normalisation, whose CUDA arm reads a copy moved
    there), under `if not torch.cuda.is_available():`."""
    child, parent = read, parents.get(id(read))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
        tested = arm_test(parent, child)
        if tested is not None and cpu_only(*tested):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _moved_where_read(read: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`read` (`self.x`) is moved where it is read, after steps that keep its device and meet
    no other tensor: `self.x.to(d)`, `self.x[0].cuda()`, `self.coef_a.diff().to(q.device)`
    (miles-credit's hybrid sigma-pressure coefficients), or bound to a name that the next
    statement using it moves (`_moved_after_assignment`)."""
    current = read
    while True:
        parent = parents.get(id(current))
        if isinstance(parent, ast.Subscript) and parent.value is current:
            current = parent
            continue
        if not (isinstance(parent, ast.Attribute) and parent.value is current):
            return _moved_after_assignment(current, parents)
        call = parents.get(id(parent))
        if not (isinstance(call, ast.Call) and call.func is parent):
            return False
        if (parent.attr in MOVES and not casts_dtype_only(call)) or parent.attr == "type_as":
            return True
        if not re.fullmatch(_RESHAPE, parent.attr):
            return False
        current = call


def _moved_after_assignment(value: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`value` is all of `v = <value>`, and the first later statement of the same block that
    reads `v` moves it into `v` itself, `v = v.to(hidden_states.device)` (fusion-bench's layer
    positional encoding, expanded to the batch and then moved; not `.to(x.dtype)`, a cast,
    nor a moved copy under another name beside the CPU original); nothing rebinds `v`
    before that."""
    assign = parents.get(id(value))
    if not (
        isinstance(assign, ast.Assign)
        and assign.value is value
        and len(assign.targets) == 1
        and isinstance(assign.targets[0], ast.Name)
    ):
        return False
    name = assign.targets[0].id
    owner = parents.get(id(assign))
    block = next(
        (
            statements
            for field in ("body", "orelse", "finalbody")
            for statements in [getattr(owner, field, None)]
            if isinstance(statements, list) and any(s is assign for s in statements)
        ),
        None,
    )
    if block is None:
        return False
    after = block[next(i for i, s in enumerate(block) if s is assign) + 1 :]
    for statement in after:
        names = [n for n in ast.walk(statement) if isinstance(n, ast.Name) and n.id == name]
        if any(isinstance(n.ctx, ast.Load) for n in names):
            return (
                isinstance(statement, ast.Assign)
                and [ast.unparse(t) for t in statement.targets] == [name]
                and isinstance(statement.value, ast.Call)
                and _moves(statement.value, name)
            )
        if names:
            return False  # rebound before any read
    return False


#: Builtins that read a tensor into Python (a length, a string) and meet no other tensor.
_HOST_READERS = frozenset(
    {"len", "str", "repr", "print", "format", "list", "tuple", "int", "float"}
)
#: What a tensor shows Python without meeting another tensor: sizes, values, its device.
_HOST_VIEWS = LEAVES | NOT_TENSORS


def _host_reader(ctx: FileContext, func: ast.expr) -> bool:
    """`len(self.x)`, `str(self.x)`: a builtin that reads the tensor into Python."""
    return (
        isinstance(func, ast.Name)
        and func.id in _HOST_READERS
        and not (ctx.qualified(func) or "").startswith("torch.")
    )


def _placed_arguments(
    call: ast.Call, callee: ast.FunctionDef | ast.AsyncFunctionDef
) -> list[ast.expr]:
    """The arguments of `call` whose parameter the module-level function `callee` moves
    itself (`qmax = qmax.to(device)`: Qwen's `quantize_cache_v` moves the quantization
    bounds to the cache's device)."""
    parameters = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
    by_name = dict(zip(parameters, call.args, strict=False))
    by_name.update({k.arg: k.value for k in call.keywords if k.arg is not None})
    moved = {
        target.id
        for node in ast.walk(callee)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
        for target in node.targets
        if isinstance(target, ast.Name) and _moves(node.value, target.id)
    }
    return [by_name[name] for name in moved if name in by_name]


def _moves(call: ast.Call, name: str) -> bool:
    """`name.to(...)`, `name.cuda(...)`, `name.type_as(...)`, also with steps that keep the
    device after the move (`name.to(img).repeat(b, 1)`: IQA-PyTorch's NIQE statistics)."""
    moved = False
    node: ast.expr = call
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        step = node.func.attr
        if (step in MOVES and not casts_dtype_only(node)) or step == "type_as":
            moved = True
        elif not re.fullmatch(_RESHAPE, step):
            return False
        node = node.func.value
    return moved and isinstance(node, ast.Name) and node.id == name


def _other_code(ctx: FileContext, func: ast.expr, local: set[str]) -> bool:
    """A callee whose body this file does not show (see `_only_handed_to_other_code`)."""
    qualified = ctx.qualified(func) or ""
    if qualified.startswith("torch.") or qualified in ("min", "max", "sum"):
        return False
    if isinstance(func, ast.Name):
        return func.id not in local
    if not isinstance(func, ast.Attribute) or func.attr in TENSOR_METHOD_NAMES:
        return False
    # `self.f(...)` is a method or submodule of the module itself.
    return self_attribute(func) is None


#: Methods that change a tensor's shape, dtype or values from its own alone, and keep its
#: device.
_RESHAPE = (
    r"(?:repeat|reshape|view|expand|unsqueeze|squeeze|permute|transpose|flatten|contiguous"
    r"|float|double|half|long|int|bool|clone|detach"
    # steps computed from the tensor alone (`self.coef_a.diff()`)
    r"|diff|cumsum|cumprod|flip|abs|neg|sqrt|exp|log|sum|mean|t)"
)
#: An index (`[0]`, `[:, 1:]`): it keeps the tensor's device.
_INDEX = r"\[[^\[\]\n]*\]"


def _filled_from_the_cpu(text: str, attr: str) -> bool:
    """The class writes CPU copies into the attribute (`self.codes[i:i + n] = codes.cpu()`,
    `.to("cpu")`) and reads it only as a record: its shape or size, `len(...)`, a conversion
    to Python or the CPU (`.tolist()`, `.numpy()`, `.cpu()`, `.item()`), or handed back whole
    or sliced (`return self.codes`, `{"histogram": self.codes[:n]}`): DL-Art-School's
    code-usage histograms, kept on the CPU on purpose. A memory bank filled from the CPU but
    read against the query (`q @ self.queue.t()`) is met by a GPU tensor: not one."""
    code = without_comments(text)
    name = re.escape(attr)
    write = re.compile(
        rf"\bself\.{name}\s*{_INDEX}\s*=[^=\n][^\n]*"
        r"(?:\.cpu\(\s*\)|\.to\(\s*[\"']cpu[\"']\s*\))\s*$",
        re.MULTILINE,
    )
    if write.search(code) is None:
        return False
    for match in re.finditer(rf"\bself\.{name}\b", code):
        after = code[match.end() :]
        if re.match(rf"\s*(?:{_INDEX}\s*)?=[^=]", after):
            continue  # a write into it
        before = code[: match.start()]
        if re.match(r"\.(?:shape\b|size\(|tolist\(|numpy\(|cpu\(|item\()", after):
            continue
        if re.search(r"\blen\(\s*$", before) and re.match(r"\s*\)", after):
            continue
        handed_back = re.match(rf"(?:{_INDEX})?\s*(?:[,}}\n]|$)", after)
        if re.search(r"(?:\breturn|:)\s*$", before) and handed_back:
            continue
        return False
    return True


def _python_number(scope: Scope, factory: ast.Call) -> bool:
    """`torch.tensor(rate)` of a Python number: an argument of `__init__` that is a number
    (declared one, `rate: float`; given a number as its default, `rate=0.1`; or asserted one,
    `assert isinstance(rate, float)`), a number read in place (`flow_facts.number_expression`), or
    arithmetic and `math` functions of those and of literals (ArcFace's
    `torch.tensor(math.cos(m))`, `torch.tensor(math.sin(math.pi - m) * m)`)."""
    if not factory.args:
        return False
    function = scope.function
    node = function.node if function is not None else None
    numbers: set[str] = set()
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        numbers = _number_arguments(node)
    return number_expression(factory.args[0], numbers)


def _number_arguments(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The arguments of `node` that are numbers (see `_python_number`)."""
    positional = [*node.args.posonlyargs, *node.args.args]
    defaults = dict(zip([a.arg for a in positional[::-1]], node.args.defaults[::-1], strict=False))
    defaults.update(
        (a.arg, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True) if d
    )
    found: set[str] = set()
    for argument in [*positional, *node.args.kwonlyargs]:
        name = argument.arg
        if isinstance(argument.annotation, ast.Name):
            if argument.annotation.id in _NUMBERS:
                found.add(name)
            continue
        default = defaults.get(name)
        if (isinstance(default, ast.Constant) and type(default.value) in (int, float)) or any(
            _asserts_number(statement, name) for statement in node.body
        ):
            found.add(name)
    return found


_NUMBERS = ("float", "int", "bool")
#: Factories whose first argument is the value, not a size: a number makes a 0-dim tensor
#: (`torch.zeros(n)` of a number `n` is a vector of n).
_OF_VALUE = frozenset({"torch.tensor", "torch.as_tensor", "torch.scalar_tensor"})


def _asserts_number(statement: ast.stmt, name: str) -> bool:
    """`assert isinstance(name, float)` (or a tuple of number types)."""
    if not isinstance(statement, ast.Assert) or not isinstance(statement.test, ast.Call):
        return False
    test = statement.test
    if getattr(test.func, "id", None) != "isinstance" or len(test.args) != 2:
        return False
    subject, kinds = test.args
    names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
    return (
        isinstance(subject, ast.Name)
        and subject.id == name
        and all(isinstance(k, ast.Name) and k.id in _NUMBERS for k in names)
    )


def _module_class(ctx: FileContext, scope: Scope) -> Scope | None:
    """The class whose `__init__` this is, if it derives from a `...Module` class."""
    function = scope.function
    owner = scope.method_class
    if function is None or function is not scope or function.name != "__init__":
        return None
    if owner is None or not isinstance(owner.node, ast.ClassDef):
        return None
    for base in owner.node.bases:
        name = ctx.qualified(base) or ""
        if (name.endswith("Module") and "." in name) or name == "Module":
            return owner
    return None


def _factory_call(ctx: FileContext, value: ast.expr) -> ast.Call | None:
    """A `torch` factory without `device=`, possibly followed by plain tensor methods."""
    while (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _TENSOR_METHODS
    ):
        value = value.func.value
    if not isinstance(value, ast.Call):
        return None
    qualified = ctx.qualified(value.func) or ""
    factory = qualified.removeprefix("torch.")
    if not qualified.startswith("torch.") or factory not in TENSOR_FACTORIES:
        return None
    if not called_as_written(ctx, value):
        return None
    if keyword(value, "device") or has_star_kwargs(value):
        return None
    if factory_size(value, factory) == "empty":
        return None  # `torch.tensor([])`, `torch.empty(0)`: a placeholder replaced later
    if factory in ("tensor", "as_tensor") and value.args:
        first = value.args[0]
        if isinstance(first, ast.UnaryOp):
            first = first.operand
        if isinstance(first, ast.Constant):
            return None
    return value
