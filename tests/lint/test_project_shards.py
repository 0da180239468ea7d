"""TPL202's project fact reads code, not prose: a project shards its parameters when its code
calls FSDP or sets ZeRO stage 3, not when a comment or a docstring names them
(`ProjectIndex.shards_parameters`, `code_prose.first_in_code`)."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint.code_prose import first_in_code
from torchplace.lint.project_facts import SHARDS

from .project_tree import lint_tree

# SpeechBrain's max-norm constraint: new storage from the weight's own values.
LINEAR = """\
import torch
from torch import nn


class Linear(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Linear(n, n)

    def forward(self, x):
        self.w.weight.data = torch.renorm(self.w.weight.data, p=2, dim=0, maxnorm=1.0)
        return self.w(x)
"""


def _lines(root: Path, other: str) -> list[str]:
    (root / ".git").mkdir(parents=True)  # the project's root
    return lint_tree(root, {"nnet/linear.py": LINEAR, "nnet/other.py": other}, "TPL202")


def test_a_project_that_shards_in_code_keeps_the_finding(tmp_path: Path) -> None:
    wrap = "from torch.distributed.fsdp import FullyShardedDataParallel as FSDP\n\nm = FSDP(m)\n"
    assert _lines(tmp_path / "code", wrap) == ["linear.py:11"]
    config = 'ds_config = {"zero_optimization": {"stage": 3}}\n'
    assert _lines(tmp_path / "config", config) == ["linear.py:11"]


def test_prose_that_names_sharding_shards_nothing(tmp_path: Path) -> None:
    prose = (
        '"""Saving code on multiple processes (e.g. FSDP, where we need to collect)."""\n\n'
        "def init(m):\n    # Handle FSDP initialization\n"
        '    warn("set float32 with FSDP mixed precision")\n    return m\n'
    )
    assert _lines(tmp_path / "prose", prose) == []


def test_prose_spans_are_read_in_bytes() -> None:
    data = "# é FSDP\n'''é FSDP'''\nt = 'FSDP'\n".encode()
    match = first_in_code(SHARDS, data, python=True)
    assert match is not None and match.start() == data.index(b"'FSDP'") + 1
    # A file that does not parse counts every match; configuration files are not Python.
    assert first_in_code(SHARDS, b"# FSDP\n(\n", python=True) is not None
    assert first_in_code(SHARDS, b"# FSDP\n", python=False) is not None


def test_strings_that_are_data_are_code() -> None:
    # An embedded DeepSpeed config and a launch command shard parameters; a message does not.
    config = b'import json\nds = json.loads("""{"zero_optimization": {"stage": 3}}""")\n'
    assert first_in_code(SHARDS, config, python=True) is not None
    launch = b'subprocess.run("torchrun --nproc_per_node 8 train.py --strategy FSDP")\n'
    assert first_in_code(SHARDS, launch, python=True) is not None
    message = b'logger.warning("set float32 with FSDP mixed precision")\n'
    message += b'raise ValueError(f"FSDP needs {n} GPUs")\n'
    message += b'parser.add_argument("--fsdp", help="wrap with FSDP")\n'
    assert first_in_code(SHARDS, message, python=True) is None


def test_a_carriage_return_in_a_string_does_not_shift_the_lines() -> None:
    # `tokenize` and the parser count lines at newlines only: a lone CR inside a string
    # must not move the comment's span onto the code above it.
    data = b'SEP = "a\rb"\nmodel = fsdp.fully_shard(model)\n# wraps every block\n'
    match = first_in_code(SHARDS, data, python=True)
    assert match is not None and match.group(0) == b"fully_shard"


# few-shot-vid2vid's flow network: a submodule moved to its input's GPU in every forward; and
# nemo-automodel's Baichuan head, which gives its weight new storage on the first eval call.
MOVES = """\
from torch import nn


class FlowNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv2d(3, 2, 3)

    def forward(self, x):
        self.net.to(x.device)
        return self.net(x)
"""
NORM_HEAD = """\
import torch.nn.functional as F
from torch import nn


class NormHead(nn.Module):
    def forward(self, x):
        if not self.training:
            self.weight.data = F.normalize(self.weight)
        return F.linear(x, self.weight)
"""


def test_a_replacement_in_forward_is_flagged_only_where_the_project_shards(
    tmp_path: Path,
) -> None:
    # Unsharded, the new storage stays on the weight's device.
    root = tmp_path / "plain"
    (root / ".git").mkdir(parents=True)
    assert lint_tree(root, {"head.py": NORM_HEAD, "flow.py": MOVES}, "TPL202") == []
    # Sharded, the gathered weight is cut off from its shards; a move to the input's GPU,
    # where the sharded module already sits, is not.
    root = tmp_path / "sharded"
    (root / ".git").mkdir(parents=True)
    wrap = "from torch.distributed.fsdp import fully_shard\n\nfully_shard(model)\n"
    files = {"head.py": NORM_HEAD, "flow.py": MOVES, "train.py": wrap}
    assert lint_tree(root, files, "TPL202") == ["head.py:8"]


# AdvancedLiterateMachinery: one repository, many projects; one of them shards with ZeRO-3.
ZERO3 = '{"zero_optimization": {"stage": 3}}\n'
MAIN = "if __name__ == '__main__':\n    main()\n"


def test_another_sub_project_that_shards_says_nothing_of_this_one(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    files = {
        "OCR/VLPT/README.md": "# VLPT\n",
        "OCR/VLPT/main.py": MAIN,
        "OCR/VLPT/models/linear.py": LINEAR,
        "AIGC/TRCG/README.md": "# TRCG\n",
        "AIGC/TRCG/pyproject.toml": "[project]\nname = 'trcg'\n",
        "AIGC/TRCG/scripts/zero3.json": ZERO3,
        "AIGC/TRCG/model/linear.py": LINEAR,
    }
    found = lint_tree(tmp_path, files, "TPL202")
    assert found == ["linear.py:11"]  # TRCG's own model, not VLPT's


def test_a_documented_directory_that_runs_nothing_is_not_a_sub_project(tmp_path: Path) -> None:
    # A model zoo's README beside its modules: the repository's ZeRO-3 config still counts.
    (tmp_path / ".git").mkdir()
    files = {
        "README.md": "# project\n",
        "configs/zero3.json": ZERO3,
        "train.py": MAIN,
        "models/README.md": "# the models\n",
        "models/linear.py": LINEAR,
    }
    assert lint_tree(tmp_path, files, "TPL202") == ["linear.py:11"]


def test_the_repository_s_shared_code_speaks_for_every_sub_project(tmp_path: Path) -> None:
    # A documented model directory with its own demo script is a sub-project, but the FSDP
    # of the repository's root training script (in no sub-project) still wraps its models.
    (tmp_path / ".git").mkdir()
    files = {
        "train.py": "from torch.distributed.fsdp import FullyShardedDataParallel\n",
        "models/README.md": "# the models\n",
        "models/demo.py": MAIN,
        "models/linear.py": LINEAR,
    }
    assert lint_tree(tmp_path, files, "TPL202") == ["linear.py:11"]
