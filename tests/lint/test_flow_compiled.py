"""TPL209's context: which functions are compiled, and which files are data-pipeline code."""

from __future__ import annotations

import pytest

from torchplace.lint import LintConfig, lint_source
from torchplace.lint.flow_compiled import CompiledFactories, compiled_spans, in_data_pipeline

SCRIPTED = """import torch
from torch import Tensor


@torch.jit.script
def shift(x: Tensor, offset: int) -> Tensor:
    feature_offset = 1 + torch.arange(0, x.size(1) * offset, offset)
    return x + feature_offset


def plain(x: Tensor) -> Tensor:
    return x + torch.arange(3)
"""


def test_spans_cover_the_decorated_function_only() -> None:
    (start, end), *more = compiled_spans(SCRIPTED)
    assert not more
    inside = SCRIPTED[start:end]
    assert "def shift" in inside and "return x + feature_offset" in inside
    assert "def plain" not in inside


def test_candidates_are_the_factories_of_compiled_functions() -> None:
    candidate = CompiledFactories(r"(?<=arange\()")
    lines = {SCRIPTED.count("\n", 0, m.start()) + 1 for m in candidate.finditer(SCRIPTED)}
    assert lines == {7}


def test_a_multi_line_decorator_and_signature_are_one_function() -> None:
    text = "@torch.compile(\n    dynamic=True,\n)\ndef f(\n    x,\n):\n    return x\n\ny = 1\n"
    ((start, end),) = compiled_spans(text)
    assert text[start:end].rstrip().endswith("return x")


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("pkg/datasets/build.py", True),
        ("pkg/data/collate.py", True),
        ("pkg/dataset.py", True),
        ("pkg/transforms.py", True),
        ("pkg/models/rff/functional.py", False),
        ("pkg/metadata.py", False),
        ("pkg/database/ops.py", False),
    ],
)
def test_data_pipeline_paths(path: str, expected: bool) -> None:
    assert in_data_pipeline(path) is expected


def test_the_rule_skips_data_pipeline_files_and_flags_model_code() -> None:
    config = LintConfig(select=("TPL209",))
    flagged = lint_source(SCRIPTED, "pkg/models/embedding.py", config)
    assert [f.line for f in flagged if f.code == "TPL209"] == [7]
    assert not [f for f in lint_source(SCRIPTED, "pkg/datasets/build.py", config)]
