"""TPL210's reading of a file: its module-level functions, the candidate lines (factories in
them and their calls from methods), and the data-pipeline files it leaves alone."""

from __future__ import annotations

from torchplace.lint import LintConfig, lint_source
from torchplace.lint.flow_helpers import ForwardHelperFactories, helper_spans

MODEL = """import torch
from torch import nn


def causal_mask(length):
    return torch.ones(length, length).tril()


class Attention(nn.Module):
    def forward(self, scores):
        return scores + causal_mask(scores.shape[-1])
"""


def _lines(text: str, offsets: list[int]) -> list[int]:
    return [text.count("\n", 0, o) + 1 for o in offsets]


def test_spans_are_the_module_level_functions() -> None:
    spans = helper_spans(MODEL)
    assert list(spans) == ["causal_mask"]
    start, end = spans["causal_mask"]
    assert "tril()" in MODEL[start:end] and "class" not in MODEL[start:end]


def test_candidates_are_the_factory_and_its_call_from_a_method() -> None:
    candidate = ForwardHelperFactories(r"(?<=ones\()")
    offsets = [m.start() for m in candidate.finditer(MODEL)]
    assert _lines(MODEL, offsets) == [6, 11]


def test_a_file_without_forward_has_no_candidate() -> None:
    candidate = ForwardHelperFactories(r"(?<=ones\()")
    assert not list(candidate.finditer(MODEL.replace("def forward", "def __call__")))


def test_the_rule_skips_data_pipeline_files() -> None:
    config = LintConfig(select=("TPL210",))
    flagged = lint_source(MODEL, "pkg/models/attention.py", config)
    assert [f.line for f in flagged if f.code == "TPL210"] == [6]
    assert not lint_source(MODEL, "pkg/dataset/transforms.py", config)


def test_the_message_names_the_chain_from_forward_to_the_call() -> None:
    text = MODEL.replace(
        "        return scores + causal_mask(scores.shape[-1])",
        "        return self._masked(scores)\n\n"
        "    def _masked(self, projected):\n"
        "        return causal_mask(4) + self.proj(projected)",
    ).replace(
        "class Attention(nn.Module):\n",
        "class Attention(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.proj = nn.Linear(4, 4)\n\n",
    )
    (finding,) = lint_source(text, "pkg/models/attention.py", LintConfig(select=("TPL210",)))
    assert "`causal_mask`, called at line" in finding.message
    assert "in forward -> _masked:" in finding.message
    assert "the output of `self.proj`" in finding.message


DURATIONS = """import torch
from torch import nn


def process_duration(code, feats):
    out = feats[0].new_zeros((len(feats), 8))
    mask = torch.arange(8).repeat(len(feats), 1)
    return out, mask.bool(), code.float()


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.predictor = nn.Linear(8, 1)

    def forward(self, code, feats):
        out, mask, dur = process_duration(code, feats)
        pred = self.predictor(out)
        return pred[mask], dur
"""


def test_a_helper_s_returned_tuple_is_unpacked_by_position() -> None:
    # speech-resynthesis: the CPU mask is the second item; the first, the predictor's input,
    # is made from the inputs, and the mask only indexes.
    config = LintConfig(select=("TPL210",))
    assert not lint_source(DURATIONS, "pkg/models/generator.py", config)
    # The same mask in the first place meets the predictor's weights.
    swapped = DURATIONS.replace("return out, mask.bool(),", "return mask.bool(), out,")
    flagged = lint_source(swapped, "pkg/models/generator.py", config)
    assert [f.line for f in flagged] == [7]
