"""What a name may hold where a function reads it (`name_values`)."""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.name_values import possible_values, value_on_path
from torchplace.lint.source import SourceFile

_TEXT = """
import torch

DEVICE = "cpu"


def given(device):
    return device


def defaulted(device="cpu"):
    if device is None:
        device = "cuda"
    return device


def module_level():
    return DEVICE


def looped(devices):
    for device in devices:
        pass
    return device


def pathed(device):
    if device == "cpu":
        device = torch.device("cpu")
    else:
        ids = [int(i) for i in device.split(",")]
        device = torch.device("cuda")
        wrapped = ids
    return device
"""


def _values(function: str, name: str) -> list[str] | None:
    tree = ast.parse(_TEXT)
    ctx = FileContext(SourceFile("values.py", _TEXT), tree, candidate_lines=[])
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function)
    scope = Scope("function", function, node, parent=ctx.module_scope)
    found = possible_values(ctx, scope, name)
    return None if found is None else sorted(ast.unparse(v) for v in found[0])


def test_a_parameter_without_a_default_holds_what_the_caller_gives() -> None:
    assert _values("given", "device") is None


def test_a_parameter_holds_its_default_and_what_the_function_sets() -> None:
    assert _values("defaulted", "device") == ["'cpu'", "'cuda'"]


def test_a_name_the_function_neither_sets_nor_takes_holds_the_modules_value() -> None:
    assert _values("module_level", "DEVICE") == ["'cpu'"]


def test_a_loop_binding_is_not_read() -> None:
    assert _values("looped", "device") is None


def test_the_value_on_a_statements_own_path() -> None:
    tree = ast.parse(_TEXT)
    function = next(
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "pathed"
    )
    wrapped = next(
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "wrapped"
    )
    value = value_on_path(function, "device", wrapped)
    assert value is not None and ast.unparse(value) == "torch.device('cuda')"
    first = function.body[0]
    assert isinstance(first, ast.If)
    assert value_on_path(function, "device", first) is None  # the parameter: the caller's
