"""Branches that run only while a model is traced for export, never while it trains or serves.

Speech and vision models keep an export-friendly path beside the fast one: icefall's
attention builds its relative positions with `torch.arange(...)` under `if
torch.jit.is_tracing():` and with `as_strided` otherwise. The traced branch runs once, in the
one process that exports the model (onto the CPU, or onto the one GPU it traces on, where a
device mismatch fails the export at once); the multi-GPU code a device-placement finding
speaks of never takes it. A line is in such a branch when it lies in the body of an `if` whose
test is a tracing test (`torch.jit.is_tracing()`, a project function named `is_jit_tracing()`
called bare, `torch.onnx.is_in_onnx_export()`; not a method of another object), alone or as one
side of an `and`, or in the `else` of `if not <tracing test>:`. Not `torch.jit.is_scripting()`
nor `torch.compiler.is_compiling()`: a scripted or compiled model is what trains and serves.
"""

from __future__ import annotations

import ast

_TRACING_CALLS = frozenset({"is_tracing", "is_jit_tracing", "is_in_onnx_export"})


def tracing_only_spans(tree: ast.AST) -> list[tuple[int, int]]:
    """The `(first, last)` line spans of the file's branches that run only while tracing."""
    spans: list[tuple[int, int]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.If):
            continue
        if _tracing_only(node.test):
            spans += _span(node.body)
        elif _not_tracing(node.test):
            spans += _span(node.orelse)
    return spans


def _tracing_only(test: ast.expr) -> bool:
    """The test holds only while tracing: a tracing call, or an `and` with one."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_tracing_only(value) for value in test.values)
    return _is_tracing_call(test)


def _not_tracing(test: ast.expr) -> bool:
    """`not <tracing call>`: its `else` holds only while tracing."""
    return (
        isinstance(test, ast.UnaryOp)
        and isinstance(test.op, ast.Not)
        and _is_tracing_call(test.operand)
    )


def _is_tracing_call(node: ast.expr) -> bool:
    """`torch.jit.is_tracing()`, `jit.is_tracing()`, `torch.onnx.is_in_onnx_export()`, or a
    function of that name called bare (icefall's `is_jit_tracing()`); not a method of some
    other object (`self.runner.is_tracing()`: a trace-and-replay runner that trains)."""
    if not isinstance(node, ast.Call) or node.args or node.keywords:
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in _TRACING_CALLS
    if not isinstance(func, ast.Attribute) or func.attr not in _TRACING_CALLS:
        return False
    owner = func.value
    last = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
    return last in ("jit", "onnx")


def _span(statements: list[ast.stmt]) -> list[tuple[int, int]]:
    if not statements:
        return []
    last = max(getattr(s, "end_lineno", None) or s.lineno for s in statements)
    return [(statements[0].lineno, last)]
