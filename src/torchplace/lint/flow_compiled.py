"""Functions compiled for the device: `@torch.jit.script`, `@torch.compile`, found from the
text before anything is parsed (candidate lines) and from the tree (the rule's check).

A scripted or compiled function is device math: its callers hand it the model's activations
and weights, so a tensor argument there is a GPU tensor, unlike an argument of a pipeline or
a collator (which the device-flow rules do not count as evidence). The text scan keeps the
factory calls without `device=` that lie in such a function; a file with no such decorator is
never parsed for the rule.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from functools import cache
from pathlib import PurePath

from torchplace.lint.flow_evidence import placed_call
from torchplace.lint.rule import AnyOf, FilteredAnyOf

#: The decorators, as written (`@torch.compile(dynamic=True)`, `@torch.jit.script`); the
#: tree check resolves them through the file's imports.
_DECORATOR = re.compile(r"@(?:torch\.)?(?:jit\.script(?:_method)?|compile)\b")
_DEF = re.compile(r"\n[ \t]*(?:async[ \t]+)?def[ \t]")
#: Qualified names of the decorators that compile the function they decorate.
COMPILERS = frozenset(
    {"torch.jit.script", "torch.jit.script_method", "torch.compile", "torch.jit.script_if_tracing"}
)


@cache
def _block_end(indent: int) -> re.Pattern[str]:
    """The next line at `indent` or less that starts code (not a comment, not a closing
    bracket of a multi-line signature)."""
    return re.compile(rf"\n(?=[ ]{{0,{indent}}}[^ \t\r\n\f#)\]}}])")


def compiled_spans(text: str) -> list[tuple[int, int]]:
    """Offsets of the functions the text decorates with a compiler, decorator to last line."""
    spans: list[tuple[int, int]] = []
    for match in _DECORATOR.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        indent = text[line_start : match.start()]
        if indent.strip(" "):
            continue  # `x = @...` cannot be; a decorator starts its line
        define = _DEF.search(text, match.end())
        if define is None:
            continue
        end = _block_end(len(indent)).search(text, define.end())
        spans.append((match.start(), end.start() if end is not None else len(text)))
    return spans


class CompiledFactories(FilteredAnyOf):
    """The matches of the factory patterns that lie in a compiled function and pass no
    `device=` (nor `out=`, `pin_memory=`, `**kwargs`)."""

    def select(self, string: str) -> list[re.Match[str]]:
        spans = compiled_spans(string) if "@" in string else []
        if not spans:
            return []
        return [
            m
            for m in AnyOf.finditer(self, string)
            if any(a <= m.start() < b for a, b in spans) and not placed_call(string, m.end())
        ]


def is_compiled(
    function: ast.FunctionDef | ast.AsyncFunctionDef, qualify: Callable[[ast.AST], str | None]
) -> bool:
    """Whether a decorator of `function` is one of `COMPILERS` (called or not)."""
    for decorator in function.decorator_list:
        named = decorator.func if isinstance(decorator, ast.Call) else decorator
        if qualify(named) in COMPILERS:
            return True
    return False


#: Directory and file names of data-pipeline code: datasets, collators and transforms run in
#: `DataLoader` workers on the CPU, where a scripted helper is handed CPU tensors on purpose.
_DATA_PIPELINE = re.compile(
    r"^(?:data|datasets?|dataloaders?|collat(?:e|or|ors|ion)|transforms?|preprocess\w*)$"
)


def in_data_pipeline(path: str) -> bool:
    """Whether a file lies in data-pipeline code (a `data/` or `datasets/` package, a
    `dataset.py`, `collate.py`, `transforms.py`, `preprocessing.py`)."""
    pure = PurePath(path)
    names = [*pure.parent.parts, pure.stem]
    return any(_DATA_PIPELINE.match(name.lower()) for name in names)
