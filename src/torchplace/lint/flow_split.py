"""Modules that `device_map` spreads over several GPUs, and what their methods hold.

A module whose `forward` runs a list of blocks in sequence (`for block in self.layers:
hidden = block(hidden)`) is the one `device_map="auto"` splits: its blocks, and its other
submodules (embeddings, norms, heads) and its own parameters, may each sit on another GPU.
Accelerate's hooks move a submodule's inputs to its device, but nothing moves the tensors
that `forward` combines itself: the output of one submodule with that of another, or with a
parameter of the module.

When `__init__` is not in the file (or says little), what `forward` does with an attribute
tells what it is: `self.embed(x)` calls a submodule, `self.table.unsqueeze(0)` uses a
tensor (`self.scale * x` may be a float: not taken as evidence).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import dotted_name as dotted
from torchplace.lint.flow_facts import ClassFacts, self_attribute

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Tensor methods: `self.<attr>.<method>(...)` makes `attr` a tensor of the module.
_TENSOR_METHODS = frozenset(
    {"unsqueeze", "squeeze", "repeat", "expand", "view", "reshape", "permute", "transpose",
     "flatten", "chunk", "split", "narrow", "index_select", "expand_as", "t"}
)  # fmt: skip
#: Submodules whose output stays with their input: no weights to place.
_PASSTHROUGH = re.compile(
    r"drop|act|identity|relu|gelu|silu|tanh|sigmoid|softmax|flatten|pool|checkpoint|_func$|_fn$",
    re.IGNORECASE,
)


def blocks_run_in_sequence(method: _Function) -> set[str]:
    """The lists of blocks a method runs in sequence: `for block in self.layers: h =
    block(h)` (or `self.h[i]`, `enumerate(self.blocks)`), a tensor passed to a block coming
    back from it."""
    found: set[str] = set()
    for loop in _loops(method.body):
        listed = _iterated_attribute(loop.iter)
        if listed is None:
            continue
        blocks = _loop_names(loop.target) if _iterates_items(loop.iter) else set()
        blocks |= _taken_from(loop.body, listed)
        if any(_chained(call, loop.body) for call in _block_calls(loop.body, blocks, listed)):
            found.add(listed)
    return found


def init_layout(init: ast.AST | None) -> dict[str, tuple[int, str]]:
    """Where `__init__` first assigns each `self.<name>`, and the class it builds it from."""
    layout: dict[str, tuple[int, str]] = {}
    for node in ast.walk(init) if init is not None else ():
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
            continue
        built = (dotted(node.value.func) or "").rpartition(".")[2]
        for target in node.targets:
            name = self_attribute(target)
            if name is not None and built and built != "None":
                line = min(node.lineno, layout.get(name, (node.lineno, ""))[0])
                layout[name] = (line, built)
    return layout


def placed_apart(
    owners: set[str], layout: dict[str, tuple[int, str]], lists: set[str], tied: set[str]
) -> bool:
    """Whether `device_map` is known to split two holders of tensors. accelerate fills the GPUs
    in registration order, a module's own parameters first, so two holders share a GPU unless
    the block list is registered between them (the first and the last GPU: a parameter of the
    model itself counts as registered first) or one of them is a decoder's table tied to a
    weight placed before the decoder (`tied_names`). Holders registered side by side on one
    side of the blocks, as most `wte + wpe` pairs are, were never split in the maps
    measured. Without an `__init__` to read, every pair counts."""
    if not layout:
        return True
    if owners & tied:
        return True
    lines: list[int] = []
    for owner in owners:
        if owner == "self":
            lines.append(-1)
        elif owner in layout:
            lines.append(layout[owner][0])
        else:
            return False
    lines.sort()
    return any(lines[0] < layout[name][0] < lines[-1] for name in lists if name in layout)


def tied_names(text: str, class_name: str) -> set[str]:
    """Tables of `class_name` tied to a weight placed before its module: in the file's
    `_tied_weights_keys`, a key under `decoder` (`"model.decoder.embed_tokens.weight"`) names
    a table of the module the parent builds as `self.decoder = <class_name>(...)`. The decoder
    is registered after the encoder and its blocks, while its table is tied to the shared one
    at the front, where accelerate places tied weights together. (A decoder-only model's table
    is the first thing placed: its tied head joins it, so nothing is apart there.)"""
    built = {m.group(1) for m in _BUILT_AS_DECODER.finditer(text)}
    if class_name not in built:
        return set()
    names: set[str] = set()
    for listed in _TIED_KEYS.findall(text):
        for key in re.findall(r"[\"']([\w.]+)[\"']", listed):
            parts = key.split(".")
            if len(parts) >= 3 and parts[-1] == "weight" and parts[-3] == "decoder":
                names.add(parts[-2])
    return names


_BUILT_AS_DECODER = re.compile(r"self\.decoder\s*=\s*(\w+)\(")
_TIED_KEYS = re.compile(r"_tied_weights_keys\s*(?::[^=]*)?=\s*(\[[^\]]*\]|\{[^}]*\})")


def _loops(body: list[ast.stmt]) -> Iterator[ast.For | ast.AsyncFor]:
    """The `for` loops among the statements (not inside expressions: none are there)."""
    for statement in body:
        if isinstance(statement, ast.For | ast.AsyncFor):
            yield statement
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        for name in ("body", "orelse", "finalbody"):
            yield from _loops(getattr(statement, name, []))
        for handler in getattr(statement, "handlers", []):
            yield from _loops(handler.body)
        for case in getattr(statement, "cases", []):
            yield from _loops(case.body)


def _iterated_attribute(node: ast.expr) -> str | None:
    """`self.x`, `enumerate(self.x)`, `zip(self.x, ...)`, `range(len(self.x))`: `x`."""
    while isinstance(node, ast.Call) and node.args:
        node = node.args[0]
    if isinstance(node, ast.Subscript):
        node = node.value
    return self_attribute(node)


def _iterates_items(node: ast.expr) -> bool:
    """The loop's target takes the list's items (not `range(len(...))` indices)."""
    return not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "range")  # fmt: skip


def _loop_names(target: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _taken_from(body: list[ast.stmt], listed: str) -> set[str]:
    """Names bound to `self.<listed>[i]` in the loop (`block, past = self.h[i], pasts[i]`)."""
    names: set[str] = set()
    for node in (n for s in body for n in ast.walk(s)):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        pairs = [(target, value)]
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
            pairs = list(zip(target.elts, value.elts, strict=False))
        for name, item in pairs:
            from_list = isinstance(item, ast.Subscript) and self_attribute(item.value) == listed
            if isinstance(name, ast.Name) and from_list:
                names.add(name.id)
    return names


def _block_calls(body: list[ast.stmt], blocks: set[str], listed: str) -> Iterator[ast.Call]:
    for node in (n for s in body for n in ast.walk(s)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        named = isinstance(func, ast.Name) and func.id in blocks
        if named or (isinstance(func, ast.Subscript) and self_attribute(func.value) == listed):
            yield node


def _chained(call: ast.Call, body: list[ast.stmt]) -> bool:
    """A name given to the block is assigned again from the call on (its output)."""
    given = {
        a.id for a in (*call.args, *(k.value for k in call.keywords)) if isinstance(a, ast.Name)
    }
    assigned = (
        name
        for node in (n for s in body for n in ast.walk(s))
        if isinstance(node, ast.Assign) and node.lineno >= call.lineno
        for target in node.targets
        for name in _loop_names(target)
    )
    return any(name in given for name in assigned)


def infer_from_use(facts: ClassFacts, methods: list[_Function]) -> None:
    """Add what the methods' code shows: submodules called, tensors of `self` used."""
    for method in methods:
        for node in ast.walk(method):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                name = self_attribute(node.func)
                if name is not None and name not in facts.methods and not _helper_name(name):
                    facts.submodules.add(name)
                inner = self_attribute(node.func.value)
                if inner is not None and node.func.attr in _TENSOR_METHODS:
                    facts.tensors.add(inner)
    facts.tensors -= facts.submodules | set(facts.methods)
    facts.passthrough |= {n for n in facts.submodules if _PASSTHROUGH.search(n)}


def _helper_name(name: str) -> bool:
    """`self._prepare_mask(...)`, `self.get_head_mask(...)`: a method of a base class."""
    return name.startswith(("_", "get_", "prepare_", "compute_", "create_"))
