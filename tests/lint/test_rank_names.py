"""Conventional rank names a project defines itself (`rank_names`): TPL402 reads
`self.process_index` as the global rank by accelerate's convention, unless the project's own
definition of the name says it is the local rank (contrastors' trainers, fresh-25)."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig, lint_paths
from torchplace.lint.rank_names import defines_as_local_rank, self_rank_name

BASE = """\
import os

import torch.distributed as dist


class BaseTrainer:
    def __init__(self, distributed):
        self.distributed = distributed

    @property
    def process_index(self):
        return {value}
"""
TRAINER = """\
import torch
from torch.nn.parallel import DistributedDataParallel

from .base import BaseTrainer


class MLMTrainer(BaseTrainer):
    def get_model(self, model):
        model = model.to(f"cuda:{self.process_index}")
        return DistributedDataParallel(model, device_ids=[self.process_index])
"""
LOCAL = 'int(os.environ.get("LOCAL_RANK", -1)) if self.distributed else 0'


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _defines(sources: dict[str, str], name: str = "process_index") -> bool:
    data = {path: text.encode() for path, text in sources.items()}
    return defines_as_local_rank(name, list(data), data.get)


@pytest.mark.parametrize(
    "value",
    [
        LOCAL,
        'int(os.environ["LOCAL_RANK"])',
        'os.getenv("SLURM_LOCALID")',
        "dist.get_local_rank()",
        "0",
    ],
)
def test_a_property_of_the_local_rank_defines_the_name(value: str) -> None:
    assert _defines({"base.py": BASE.format(value=value)})


@pytest.mark.parametrize(
    "value",
    [
        "dist.get_rank()",
        'int(os.environ["RANK"])',
        "self.accelerator.process_index",
        'int(os.environ["LOCAL_RANK"]) if self.distributed else dist.get_rank()',
    ],
)
def test_any_other_value_leaves_the_convention(value: str) -> None:
    assert not _defines({"base.py": BASE.format(value=value)})


def test_every_definition_in_the_project_must_be_local() -> None:
    local = BASE.format(value=LOCAL)
    assert _defines({"a.py": local, "b.py": "x = 1\n"})
    assigned = "class State:\n    def __init__(self, accelerator):\n"
    assigned += "        self.process_index = accelerator.process_index\n"
    assert not _defines({"a.py": local, "b.py": assigned})
    local_assignment = "import os\nclass S:\n    def __init__(self):\n"
    local_assignment += '        self.process_index = int(os.environ["LOCAL_RANK"])\n'
    assert _defines({"b.py": local_assignment})


def test_no_definition_or_an_unreadable_file_leaves_the_convention() -> None:
    assert not _defines({"a.py": "x = 1\n"})
    returns_nothing = "class T:\n    def process_index(self):\n        pass\n"
    assert not _defines({"a.py": returns_nothing})
    assert not defines_as_local_rank("process_index", ["gone.py"], lambda path: None)
    # A file that cannot be read, even around its statements (tabs and spaces mixed).
    mixed = "if x:\n\ty = 1\n        z = 2\n"
    assert not _defines({"a.py": BASE.format(value=LOCAL) + mixed})
    # One statement this Python cannot parse is cut; the rest of the file is read.
    assert _defines({"a.py": BASE.format(value=LOCAL) + "def broken(:\n"})


def test_only_a_conventional_name_read_on_self_is_taken_from_a_message() -> None:
    message = "`self.process_index` is the global rank, not this node's GPU"
    assert self_rank_name(message) == "process_index"
    assert self_rank_name("`self.rank` is the global rank, not this node's GPU") is None
    assert self_rank_name("`dist.get_rank()` is the global rank, not this node's GPU") is None


def _tpl402(project: Path) -> list[tuple[str, int]]:
    config = LintConfig(select=("TPL402",), preview=True)
    found = [f for f in lint_paths([str(project)], config) if f.code == "TPL402"]
    return sorted((Path(f.path).name, f.line) for f in found)


def test_tpl402_reads_the_projects_own_process_index(tmp_path: Path) -> None:
    project = tmp_path / "trainers"
    _write(project / "pyproject.toml", "")
    _write(project / "trainers" / "__init__.py", "")
    base = _write(project / "trainers" / "base.py", BASE.format(value=LOCAL))
    _write(project / "trainers" / "mlm.py", TRAINER)
    assert _tpl402(project) == []
    # The same trainer where the base class returns the global rank: both lines are flagged.
    base.write_text(BASE.format(value="dist.get_rank()"), encoding="utf-8")
    assert _tpl402(project) == [("mlm.py", 9), ("mlm.py", 10)]
