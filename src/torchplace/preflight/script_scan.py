"""What a launched Python script does that preflight cares about, read from its syntax tree.

Only the script file itself is read (never imported, never run): where it calls
`init_process_group`, and where it builds a vLLM engine (`LLM(...)`, `EngineArgs(...)`,
`AsyncEngineArgs(...)`) with which keyword arguments.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from torchplace import safe_data

ENGINE_CALLS = {"LLM", "EngineArgs", "AsyncEngineArgs"}
_UNKNOWN = object()


@dataclass(frozen=True)
class EngineCall:
    """One `LLM(...)`-like call: its line, callee and literal keyword values (None: not literal)."""

    line: int
    callee: str
    keywords: dict[str, Any]


@dataclass
class ScriptFacts:
    path: str
    imports_vllm: bool = False
    init_process_group_lines: list[int] = field(default_factory=list)
    engine_calls: list[EngineCall] = field(default_factory=list)


def scan(path: str) -> ScriptFacts | None:
    """Facts about the script at `path`; None when it is missing or does not parse."""
    file = Path(path)
    if not file.is_file() or file.suffix != ".py":
        return None
    try:
        # Bounded read (size, regular file, UTF-8); an unreadable or odd script is skipped.
        text = safe_data.read_text(file)
        tree = ast.parse(text, filename=path)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # DataError is a ValueError
        return None
    facts = ScriptFacts(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            facts.imports_vllm |= _imports_vllm(node)
        elif isinstance(node, ast.Call):
            _record_call(node, facts)
    return facts


def _imports_vllm(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] == "vllm"
    return any(alias.name.split(".")[0] == "vllm" for alias in node.names)


def _record_call(node: ast.Call, facts: ScriptFacts) -> None:
    name = _callee(node.func)
    if name == "init_process_group":
        facts.init_process_group_lines.append(node.lineno)
    elif name in ENGINE_CALLS:
        keywords = {k.arg: _literal(k.value) for k in node.keywords if k.arg is not None}
        facts.engine_calls.append(EngineCall(node.lineno, name, keywords))


def _callee(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return None
