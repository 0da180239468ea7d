"""Read the failing line's operands from its source and look them up without side effects.

Only names, attribute chains and constant subscripts of lists, tuples and dicts are evaluated;
calls never are. A call's receiver and arguments are looked at instead.
"""

from __future__ import annotations

import ast
import inspect
import linecache
from collections.abc import Iterator
from typing import Any

from torchplace.explain.live_frames import LiveFrame, position
from torchplace.explain.model import Operand

MAX_OPERANDS = 8
_UNSET = object()


def failing_node(frame: LiveFrame) -> ast.AST | None:
    """The AST node of the failing expression (exact on 3.11+), else the failing statement."""
    tree = _parse_file(frame.path)
    if tree is None:
        return None
    pos = position(frame)
    statement = None
    exact = None
    for node in ast.walk(tree):
        lineno = getattr(node, "lineno", None)
        end = getattr(node, "end_lineno", None)
        if lineno is None or end is None or not (lineno <= frame.lineno <= end):
            continue
        if (
            isinstance(node, ast.stmt)
            and not isinstance(node, _COMPOUND)
            and (statement is None or (end - lineno) <= _span(statement))
        ):
            statement = node
        if pos is not None and isinstance(node, ast.expr) and _same_position(node, pos):
            exact = node
    return exact or statement


_COMPOUND = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.If,
    ast.For,
    ast.While,
    ast.With,
    ast.Try,
    ast.AsyncFor,
    ast.AsyncWith,
    ast.Match,
)


def _span(node: ast.stmt) -> int:
    return (node.end_lineno or node.lineno) - node.lineno


def _same_position(node: ast.expr, pos: tuple[int, int, int, int]) -> bool:
    return (node.lineno, node.end_lineno, node.col_offset, node.end_col_offset) == pos


def _parse_file(path: str) -> ast.Module | None:
    lines = linecache.getlines(path)
    if not lines:
        return None
    try:
        return ast.parse("".join(lines))
    except (SyntaxError, ValueError):
        return None


def operand_exprs(node: ast.AST) -> list[ast.expr]:
    """The sub-expressions worth reporting: the op's operands, dug out of calls."""
    found: list[ast.expr] = []
    for expr in _operands_of(node):
        for safe in _safe_parts(expr):
            if not any(ast.dump(safe) == ast.dump(seen) for seen in found):
                found.append(safe)
    return found[: MAX_OPERANDS * 2]


def _operands_of(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Call):
        # `x.masked_fill(...)`: the receiver `x`; `self.lora_down(...)`: the module called.
        callee: list[ast.expr] = []
        if isinstance(node.func, ast.Attribute):
            callee = [node.func, node.func.value]
        callee = [e for e in callee if not (isinstance(e, ast.Name) and e.id == "self")]
        return callee + list(node.args) + [k.value for k in node.keywords]
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.Compare):
        return [node.left, *node.comparators]
    if isinstance(node, ast.Subscript):
        return [node.value, node.slice]
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return, ast.Expr)):
        value = node.value
        targets = node.targets if isinstance(node, ast.Assign) else []
        parts: list[ast.expr] = [value] if value is not None else []
        if isinstance(node, ast.AugAssign):
            parts.insert(0, node.target)
        return parts + [t for t in targets if isinstance(t, ast.Subscript)]
    return [node] if isinstance(node, ast.expr) else []


def _safe_parts(expr: ast.expr) -> Iterator[ast.expr]:
    """`expr` itself when it is safe to evaluate, else its safe sub-expressions."""
    if is_safe(expr):
        if isinstance(expr, (ast.List, ast.Tuple)):
            yield from expr.elts
        else:
            yield expr
        return
    if isinstance(expr, ast.Starred):
        yield from _safe_parts(expr.value)
        return
    for child in (
        _operands_of(expr)
        if isinstance(expr, (ast.Call, ast.BinOp))
        else (ast.iter_child_nodes(expr))
    ):
        if isinstance(child, ast.expr) and not isinstance(child, ast.Constant):
            yield from _safe_parts(child)


def is_safe(expr: ast.expr) -> bool:
    """Names, attribute chains, constant subscripts and lists/tuples of them."""
    if isinstance(expr, ast.Name):
        return True
    if isinstance(expr, ast.Attribute):
        return is_safe(expr.value)
    if isinstance(expr, ast.Subscript):
        return is_safe(expr.value) and _is_constant(expr.slice)
    if isinstance(expr, (ast.List, ast.Tuple)):
        return bool(expr.elts) and all(is_safe(e) for e in expr.elts)
    return False


def _is_constant(expr: ast.expr) -> bool:
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, (int, str))
    return (
        isinstance(expr, ast.UnaryOp)
        and isinstance(expr.op, ast.USub)
        and isinstance(expr.operand, ast.Constant)
    )


def evaluate(expr: ast.expr, frame: LiveFrame) -> Any:
    """The value of a safe expression in the frame, or _UNSET when it cannot be had safely."""
    try:
        return _evaluate(expr, frame)
    except Exception:
        return _UNSET


def _evaluate(expr: ast.expr, frame: LiveFrame) -> Any:
    if isinstance(expr, ast.Name):
        for scope in (frame.frame.f_locals, frame.frame.f_globals, frame.frame.f_builtins):
            if expr.id in scope:
                return scope[expr.id]
        return _UNSET
    if isinstance(expr, ast.Attribute):
        base = _evaluate(expr.value, frame)
        if base is _UNSET or _is_user_property(base, expr.attr):
            return _UNSET
        return getattr(base, expr.attr)
    if isinstance(expr, ast.Subscript):
        base = _evaluate(expr.value, frame)
        if not isinstance(base, (list, tuple, dict)):
            return _UNSET
        return base[ast.literal_eval(expr.slice)]
    return _UNSET


def _is_user_property(obj: Any, name: str) -> bool:
    """A property written outside torch could do anything: do not run it."""
    try:
        static = inspect.getattr_static(obj, name)
    except AttributeError:
        return False
    if not isinstance(static, property) or static.fget is None:
        return False
    module = getattr(static.fget, "__module__", "") or ""
    return not module.startswith("torch")


def collect(frame: LiveFrame, describe: Any) -> list[tuple[Operand, Any]]:
    """Operands of the failing expression in `frame` that hold tensors (or lists of them),
    each with the value it held."""
    node = failing_node(frame)
    if node is None:
        return []
    found: list[tuple[Operand, Any]] = []
    for expr in operand_exprs(node):
        value = evaluate(expr, frame)
        if value is _UNSET:
            continue
        text = ast.unparse(expr)
        for label, item in _expand(text, value):
            operand = describe(label, item)
            if operand is not None:
                operand.at = f"{frame.path}:{frame.lineno}"
                found.append((operand, item))
        if len(found) >= MAX_OPERANDS:
            break
    return found[:MAX_OPERANDS]


def requested_device(frame: LiveFrame) -> str | None:
    """The device the failing call asked for (`device=`, `set_device(n)`), as `cuda:N`."""
    node = failing_node(frame)
    if isinstance(node, (ast.Assign, ast.Expr, ast.Return, ast.AnnAssign)):
        node = node.value
    if not isinstance(node, ast.Call):
        return None
    candidates = [k.value for k in node.keywords if k.arg in {"device", "device_id"}]
    name = str(getattr(node.func, "attr", getattr(node.func, "id", ""))).lstrip("_")
    if name in {"set_device", "device", "cuda", "to"} and node.args:
        candidates.append(node.args[-1] if name == "device" else node.args[0])
    for expr in candidates:
        value = _format_or_evaluate(expr, frame)
        text = device_text(value)
        if text is not None:
            return text
    return None


def _format_or_evaluate(expr: ast.expr, frame: LiveFrame) -> Any:
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, ast.JoinedStr):
        parts = []
        for part in expr.values:
            if isinstance(part, ast.Constant):
                parts.append(str(part.value))
            elif isinstance(part, ast.FormattedValue) and is_safe(part.value):
                value = evaluate(part.value, frame)
                if not isinstance(value, (int, str)):
                    return _UNSET
                parts.append(str(value))
            else:
                return _UNSET
        return "".join(parts)
    return evaluate(expr, frame) if is_safe(expr) else _UNSET


def device_text(value: Any) -> str | None:
    """`cuda:N` for an int, a device string or a `torch.device`; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return f"cuda:{value}"
    if isinstance(value, str) and value.startswith(("cuda", "cpu", "meta")):
        return value
    if type(value).__name__ == "device":
        return str(value)
    return None


def _expand(text: str, value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, (list, tuple)) and 0 < len(value) <= MAX_OPERANDS:
        for index, item in enumerate(value):
            yield f"{text}[{index}]", item
    else:
        yield text, value


def op_name(frame: LiveFrame) -> str | None:
    """The name of the failing call or operator, read from the source (`matmul` for `@`)."""
    node = failing_node(frame)
    if isinstance(node, (ast.Assign, ast.Return, ast.Expr, ast.AugAssign)):
        node = node.value
    if isinstance(node, ast.Call):
        func = node.func
        return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if isinstance(node, ast.BinOp):
        return _BINOPS.get(type(node.op))
    if isinstance(node, ast.Subscript):
        return "indexing"
    return None


_BINOPS: dict[type[ast.operator], str] = {
    ast.MatMult: "matmul (@)",
    ast.Add: "add (+)",
    ast.Sub: "sub (-)",
    ast.Mult: "mul (*)",
    ast.Div: "div (/)",
    ast.Pow: "pow (**)",
}


def assignment_of(frame: LiveFrame, name: str) -> tuple[int, ast.expr] | None:
    """The last `name = ...` above the failing line in the failing function: (line, value)."""
    tree = _parse_file(frame.path)
    if tree is None:
        return None
    function = _enclosing_function(tree, frame)
    if function is None:
        return None
    best: tuple[int, ast.expr] | None = None
    for node in ast.walk(function):
        if not isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            continue
        if node.value is None or node.lineno >= frame.lineno:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = {t.id for tgt in targets for t in ast.walk(tgt) if isinstance(t, ast.Name)}
        if name in names and (best is None or node.lineno > best[0]):
            best = (node.lineno, node.value)
    return best


def _enclosing_function(tree: ast.Module, frame: LiveFrame) -> ast.AST | None:
    name = frame.frame.f_code.co_name
    if name == "<module>":
        return tree
    found = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            end = node.end_lineno or node.lineno
            if node.lineno <= frame.lineno <= end:
                found = node
    return found


def derivation(frame: LiveFrame, operand_expr: str) -> tuple[int, str, list[str]] | None:
    """How a plain-name operand was computed: (line, source of the value, safe names in it)."""
    if not operand_expr.isidentifier():
        return None
    found = assignment_of(frame, operand_expr)
    if found is None:
        return None
    line, value = found
    names = [ast.unparse(e) for e in operand_exprs(ast.Expr(value=value)) if is_safe(e)]
    return line, ast.unparse(value), names
