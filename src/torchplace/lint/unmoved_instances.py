"""Whether a script's module class stays where it was built: every instance the file makes is
never moved.

A research script often defines its model class and builds it at its own top level
(AdaMerging's `adamerging_mtl_model = AdaMerging(paramslist, model, names, datasets)`), then
only calls its methods: the merge runs on the CPU and the merged weights go to the GPU one by
one. Nothing calls `.to()` or `.cuda()` on the instance, wraps it (`DataParallel(m)`,
`accelerator.prepare(m)`) or hands it to code that might: its plain tensor attributes stay
on the CPU with its parameters, and no `.to()` can leave them behind.

Read conservatively: every mention of the class in the file is a construction bound to a name
at the module's top level (outside any function, so importing the file would run the script:
no other module builds it), no class of the file derives from it, and each bound name is only
called or read for attributes that move nothing (`m.lambdas()`, `m(x)`), anywhere in the file.

The same holds for a module that plain objects of the file hold: a data processor (a class
of no base, or of the file's own plain classes, with no `to` or `cuda` of its own) that makes
an image transform in its `__init__` (mPLUG-DocOwl's `self.resizer = AnchorResize(...)` in
`DocProcessor`) and only calls it (`self.resizer(image)`). A plain object has no `.to()`
that could reach the module; the transform runs on the CPU with its tensors. Every mention of
the class is then such a construction, and every read of the attribute in the file is a
`self.` read inside those plain classes that moves nothing.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext
from torchplace.lint.flow_facts import self_attribute
from torchplace.lint.flow_ops import MOVES
from torchplace.lint.run_conditions import parent_map, per_file

#: Methods that move or re-place a module's tensors (on top of the moves themselves).
_PLACERS = MOVES | {"to_empty", "_apply", "apply", "type", "share_memory", "cpu"}


def built_and_never_moved(ctx: FileContext, class_node: ast.ClassDef) -> bool:
    """Whether the file builds `class_node` only at its top level and never moves, wraps or
    hands on an instance (see the module's docstring)."""
    # Keyed by line: `class_node` may come from the file's region tree, not the whole one.
    return class_node.lineno in per_file(ctx, "unmoved-instances", _unmoved_classes)


def _unmoved_classes(ctx: FileContext) -> frozenset[int]:
    """The lines of the module-level classes the file builds only at its top level and never
    moves."""
    tree = ctx.whole_tree()
    if tree is None:
        return frozenset()
    parents = parent_map({}, tree)
    in_functions = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for inner in ast.walk(node)
    }
    bases = {
        base.id
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for base in node.bases
        if isinstance(base, ast.Name)
    }
    names: dict[str, list[ast.Name]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.setdefault(node.id, []).append(node)
    unmoved: set[int] = set()
    for statement in tree.body:
        if not isinstance(statement, ast.ClassDef) or statement.name in bases:
            continue
        bound = _instances(statement.name, names, parents, in_functions)
        if bound is None:
            # Not the script's own instances: perhaps plain objects' (a data processor's).
            if _held_by_plain_objects(tree, statement.name, names, parents):
                unmoved.add(statement.lineno)
        elif all(_never_moved(n, names, parents, statement.name) for n in bound):
            unmoved.add(statement.lineno)
    return frozenset(unmoved)


def _plain_classes(tree: ast.Module) -> dict[str, ast.ClassDef]:
    """The file's top-level classes that are plain objects: no base but `object` or another
    plain class of the file (an imported base may be an `nn.Module`), and no `to`, `cuda` or
    `__getattr__` of their own that could reach what they hold."""
    classes = {s.name: s for s in tree.body if isinstance(s, ast.ClassDef)}
    plain: dict[str, ast.ClassDef] = {}
    changed = True
    while changed:
        changed = False
        for name, node in classes.items():
            if name in plain or node.keywords:
                continue
            if any(
                isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                and item.name in {"to", "cuda", "__getattr__"}
                for item in node.body
            ):
                continue
            if all(
                isinstance(base, ast.Name) and (base.id == "object" or base.id in plain)
                for base in node.bases
            ):
                plain[name] = node
                changed = True
    return plain


def _held_by_plain_objects(
    tree: ast.Module, class_name: str, names: dict[str, list[ast.Name]], parents: dict[int, ast.AST]
) -> bool:
    """Every mention of `class_name` is `self.<attr> = class_name(...)` in the `__init__` of a
    plain class of the file, and every mention of those attributes anywhere in the file is a
    `self.` read inside a plain class that only calls it or reads what moves nothing (see the
    module's docstring)."""
    plain = _plain_classes(tree)
    inside = {id(node): owner for owner in plain.values() for node in ast.walk(owner)}
    held: set[str] = set()
    for mention in names.get(class_name, []):
        call = parents.get(id(mention))
        assign = parents.get(id(call))
        init = parents.get(id(assign))
        if not (
            isinstance(call, ast.Call)
            and call.func is mention
            and isinstance(assign, ast.Assign)
            and len(assign.targets) == 1
            and self_attribute(assign.targets[0]) is not None
            and isinstance(init, ast.FunctionDef)
            and init.name == "__init__"
            and id(init) in inside
        ):
            return False
        held.add(str(self_attribute(assign.targets[0])))
    if not held:
        return False
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr in held):
            continue
        if self_attribute(node) is None or id(node) not in inside:
            return False  # another object's, or a module class's: that code may move it
        parent = parents.get(id(node))
        if isinstance(node.ctx, ast.Store):
            if not (isinstance(parent, ast.Assign) and _constructs(parent.value, class_name)):
                return False
            continue
        if isinstance(parent, ast.Call) and parent.func is node:
            continue  # `self.resizer(image)`: its forward
        if not isinstance(parent, ast.Attribute) or not _moves_nothing(parent, parents):
            return False  # handed on, wrapped or aliased: that code may move it
    return True


def _constructs(value: ast.AST, class_name: str) -> bool:
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == class_name
    )


def _instances(
    class_name: str,
    names: dict[str, list[ast.Name]],
    parents: dict[int, ast.AST],
    in_functions: set[int],
) -> set[str] | None:
    """The names the module's top level binds to `class_name(...)`, or None when the class
    is mentioned any other way (a call inside a function, a base, an argument)."""
    bound: set[str] = set()
    for mention in names.get(class_name, []):
        call = parents.get(id(mention))
        if isinstance(call, ast.Call) and _is_super(call):
            continue  # `super(Merger, self).__init__()`: no instance made
        assign = parents.get(id(call))
        if not (
            isinstance(call, ast.Call)
            and call.func is mention
            and isinstance(assign, ast.Assign)
            and id(assign) not in in_functions
            and len(assign.targets) == 1
            and isinstance(assign.targets[0], ast.Name)
        ):
            return None
        bound.add(assign.targets[0].id)
    return bound or None


def _is_super(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "super"


def _never_moved(
    name: str, names: dict[str, list[ast.Name]], parents: dict[int, ast.AST], class_name: str
) -> bool:
    """Each mention of `name` is a store of a `class_name(...)` construction, a call of the
    instance, or a read of an attribute chain that names no placer."""
    for mention in names.get(name, []):
        parent = parents.get(id(mention))
        if isinstance(mention.ctx, ast.Store):
            if not (
                isinstance(parent, ast.Assign)
                and isinstance(parent.value, ast.Call)
                and isinstance(parent.value.func, ast.Name)
                and parent.value.func.id == class_name
            ):
                return False
            continue
        if isinstance(parent, ast.Call) and parent.func is mention:
            continue  # `m(x)`: its forward
        if not isinstance(parent, ast.Attribute) or not _moves_nothing(parent, parents):
            return False  # handed on, wrapped or aliased: that code may move it
    return True


def _moves_nothing(chain: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """An attribute chain read off the instance (`m.lambdas()`, `m.scale.item()`) names no
    placer and replaces nothing."""
    current: ast.AST = chain
    while isinstance(current, ast.Attribute):
        if current.attr in _PLACERS:
            return False
        above = parents.get(id(current))
        if isinstance(above, ast.Call) and above.func is current:
            break  # `m.lambdas()`: the method's result, not the module, goes on
        if not isinstance(above, ast.Attribute):
            if isinstance(current.ctx, ast.Store | ast.Del):
                return False  # `m.weight = ...`: something replaced
            break
        current = above
    return True
