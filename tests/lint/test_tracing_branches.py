"""A branch that runs only while a model is traced for export is not the multi-GPU run: no
rule reports it (`tracing_branches`, `ProjectIndex.only_while_tracing`)."""

from __future__ import annotations

import ast
from pathlib import Path

from torchplace.lint.tracing_branches import tracing_only_spans

from .project_tree import lint_tree

# icefall's relative positional encoding: an `arange` for the traced graph, `as_strided` else.
ATTENTION = """\
import torch
from torch import nn


class RelPositionalEncoding(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.proj = nn.Linear(n, n)

    def forward(self, x):
        time = x.shape[1]
        if torch.jit.is_tracing():
            positions = torch.arange(time - 1, -1, -1)
            return self.proj(x) + positions
        scale = torch.ones(x.shape[-1])
        return self.proj(x) * scale
"""


def test_the_traced_branch_is_left_and_the_training_path_is_read(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    found = lint_tree(tmp_path, {"attention.py": ATTENTION}, "TPL201")
    # Line 15 runs in training: still reported; line 13 runs only while tracing.
    assert found == ["attention.py:15"]


def test_tracing_tests_and_their_branches() -> None:
    source = """\
if torch.jit.is_tracing():
    a = 1
if is_jit_tracing() and x:
    b = 2
if not torch.onnx.is_in_onnx_export():
    c = 3
else:
    d = 4
if torch.jit.is_scripting():
    e = 5
if torch.jit.is_tracing() or x:
    f = 6
if self.runner.is_tracing():
    g = 7
if jit.is_tracing():
    h = 8
"""
    assert tracing_only_spans(ast.parse(source)) == [(2, 2), (4, 4), (8, 8), (16, 16)]
