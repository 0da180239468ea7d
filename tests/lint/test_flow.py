"""The device-flow analysis: meetings found with their chain, and work linear in the function."""

from __future__ import annotations

import ast

import pytest

from torchplace.lint import LintConfig, lint_source
from torchplace.lint.context import dotted_name
from torchplace.lint.flow import FunctionFlow
from torchplace.lint.flow_facts import ClassFacts


def _flow(code: str) -> FunctionFlow:
    module = ast.parse(code)
    owner = next(n for n in module.body if isinstance(n, ast.ClassDef))
    facts = ClassFacts.of(owner)
    return FunctionFlow(facts.methods["forward"], dotted_name, facts)


def _long_forward(statements: int) -> str:
    lines = ["class Long(nn.Module):", "    def forward(self, x):", "        y0 = torch.arange(3)"]
    for i in range(1, statements):
        lines.append(f"        y{i} = torch.zeros(3) + y{i - 1}[0] + x")
    return "\n".join(lines) + "\n"


def test_the_chain_names_where_the_cpu_tensor_was_made_and_what_it_met() -> None:
    flow = _flow(
        "class M(nn.Module):\n"
        "    def forward(self, hidden_states):\n"
        "        pad = torch.zeros(2, 3)\n"
        "        pad = pad.view(1, 2, 3)\n"
        "        return torch.cat([pad, hidden_states])\n"
    )
    assert [m.chain() for m in flow.meetings] == [
        "made on the CPU at line 3, meets `hidden_states` (from the input) at line 5 in `torch.cat`"
    ]


@pytest.mark.parametrize(
    "body",
    [
        "idx = torch.arange(4)\n        return x[idx]",
        "m = torch.ones(4).to(x.device)\n        return x * m",
        "if torch.rand(1) > 0.5:\n            return x\n        return x",
        "n = torch.tensor(2.0)\n        return x * n",
        "m = torch.ones(4)\n        return m * 2",
        "buf = torch.zeros(4)\n        x.copy_(buf)\n        return x",
    ],
)
def test_no_meeting_without_a_gpu_tensor_on_the_other_side(body: str) -> None:
    flow = _flow(f"class M(nn.Module):\n    def forward(self, x):\n        {body}\n")
    assert flow.meetings == []


def test_work_is_linear_in_the_statements_of_a_forward(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: 4,000 statements took 145 s when every factory re-scanned the function."""
    counts = []
    for statements in (200, 400):
        calls = 0
        original = FunctionFlow.eval

        def counting(self: FunctionFlow, node: ast.expr, original=original) -> object:
            nonlocal calls
            calls += 1
            return original(self, node)

        monkeypatch.setattr(FunctionFlow, "eval", counting)
        findings = lint_source(
            "import torch\nfrom torch import nn\n" + _long_forward(statements),
            config=LintConfig(select=("TPL201",)),
        )
        monkeypatch.setattr(FunctionFlow, "eval", original)
        assert len(findings) == statements - 1
        counts.append(calls)
    assert counts[1] <= 2 * counts[0] + 10


@pytest.mark.parametrize(
    ("body", "meets"),
    [
        # measured on an H200 (benchmarks/lint_flow_op_devices.py)
        ("mask = x > 0\n        x[mask] = torch.tensor([1.0, 2.0])", "an index assignment"),
        ("x[0:2] = torch.tensor([1.0, 2.0])", None),  # basic indexing copies across devices
        ("mask = x > 0\n        x[mask] = torch.tensor(1.0)", None),  # a 0-dim value
        ("y = torch.clamp(x, torch.tensor(0.0), torch.tensor(1.0))", "`torch.clamp`"),
        ("y = torch.clamp(x, 0, torch.tensor(1.0))", None),  # the Scalar overload reads it
        ("y = x.clamp(0, torch.tensor(1.0))", None),
    ],
)
def test_index_assignment_and_clamp_bounds_meet_as_torch_decides(
    body: str, meets: str | None
) -> None:
    flow = _flow(f"class M(nn.Module):\n    def forward(self, x):\n        {body}\n")
    places = [m.chain().rpartition(" in ")[2] for m in flow.meetings]
    assert places == ([meets] if meets else [])


# A 1-D CPU vector scaled by the module's hyper-parameter: one element of it is 0-dim.
HYPER_PARAMETER = """\
import torch
from torch import nn


class Jitter(nn.Module):
    def __init__(self, n, factor=0.1):
        super().__init__()
        self.f = nn.Parameter(torch.zeros(n))
        self.factor = factor
{filler}
    def forward(self, x, scale):
        change = torch.rand(2) * {operand}
        return x * (self.f * change[0])
{spoiler}"""
FILLER = "".join(f"\n    def helper_{i}(self, a):\n        return a + {i}\n" for i in range(60))
SPOILER = "\n    def set_factor(self, per_channel):\n        self.factor = per_channel\n"


@pytest.mark.parametrize("filler", ["", FILLER], ids=["short", "long"])
def test_a_hyper_parameter_is_read_from_the_whole_class(filler: str) -> None:
    config = LintConfig(select=("TPL201",), preview=True)
    clean = HYPER_PARAMETER.format(filler=filler, operand="self.factor", spoiler="")
    assert lint_source(clean, "m.py", config) == []
    # Another method sets it to something else: a method the linter keeps as a stub in a long
    # file must still be read, or the finding would depend on the file's length.
    spoiled = HYPER_PARAMETER.format(filler=filler, operand="self.factor", spoiler=SPOILER)
    assert [f.code for f in lint_source(spoiled, "m.py", config)] == ["TPL201"]


def test_arithmetic_with_an_unknown_operand_may_broadcast() -> None:
    config = LintConfig(select=("TPL201",), preview=True)
    for operand in ("(scale * 2)", "scale", "(self.factor * scale)"):
        code = HYPER_PARAMETER.format(filler="", operand=operand, spoiler="")
        assert [f.code for f in lint_source(code, "m.py", config)] == ["TPL201"], operand
    code = HYPER_PARAMETER.format(filler="", operand="(2 * self.factor - 1)", spoiler="")
    assert lint_source(code, "m.py", config) == []


@pytest.mark.parametrize(
    ("size", "met"),
    [
        ("hidden_states.size(1)", False),  # an int: `torch.tensor(n)` is 0-dim
        ("len(hidden_states)", False),
        ("hidden_states.shape[-1]", False),
        ("hidden_states.shape[1:]", True),  # a tuple: `torch.tensor(n)` has elements
    ],
)
def test_a_size_read_off_a_tensor_is_a_number_a_slice_of_its_shape_is_not(
    size: str, met: bool
) -> None:
    flow = _flow(
        "class M(nn.Module):\n"
        "    def forward(self, hidden_states):\n"
        f"        n = {size}\n"
        "        return hidden_states * torch.tensor(n)\n"
    )
    assert bool(flow.meetings) is met
