"""A `rank` parameter placed as a device, which no call in its own file fills: global or local
only its callers in other files say (fms-acceleration's `prepare_scattermoe(..., rank=rank)`,
`rank` being `torch.distributed.get_rank()` in the plugin that calls it). TPL402 flags it
where a caller passes the global rank, naming that call, and nowhere else."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

HELPER = """\
import torch


def prepare(model, rank=None, device_type="cuda"):
    device = torch.device(f"{device_type}:{rank}")
    return model.to(device)


class Worker:
    def __init__(self, model, rank):
        torch.cuda.set_device(rank)
        self.model = model
"""


def _findings(root: Path, caller: str) -> list[tuple[str, int, str]]:
    files = {"pkg/__init__.py": "", "pkg/helpers.py": HELPER, "pkg/plugin.py": caller}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL402",), preview=True), cache_dir=None)
    return sorted((Path(f.path).name, f.line, f.message) for f in result.findings)


@pytest.mark.parametrize(
    ("call", "line"),
    [
        ("prepare(model, rank=torch.distributed.get_rank())", 5),
        ('prepare(model, int(os.environ["RANK"]))', 5),
        ("Worker(model, torch.distributed.get_rank())", 11),
    ],
)
def test_a_caller_in_another_file_passing_the_global_rank_is_named(
    tmp_path: Path, call: str, line: int
) -> None:
    caller = (
        "import os\nimport torch\n\nfrom pkg.helpers import Worker, prepare\n\n\n"
        f"def setup(model):\n    return {call}\n"
    )
    found = _findings(tmp_path, caller)
    assert [(name, at) for name, at, _ in found] == [("helpers.py", line)]
    assert "that callers in other files give the global rank" in found[0][2]
    assert f"at {tmp_path / 'pkg/plugin.py'}:8 passes" in found[0][2]


def test_a_global_rank_bound_to_a_name_first_is_followed(tmp_path: Path) -> None:
    caller = (
        "import torch\n\nfrom pkg.helpers import prepare\n\n\n"
        "def setup(model):\n"
        "    rank, world_size = 0, 1\n"
        "    if torch.distributed.is_initialized():\n"
        "        rank = torch.distributed.get_rank()\n"
        "    return prepare(model, rank=rank)\n"
    )
    found = _findings(tmp_path, caller)
    assert [(name, at) for name, at, _ in found] == [("helpers.py", 5)]
    assert found[0][2].endswith("passes `torch.distributed.get_rank()`)")


@pytest.mark.parametrize(
    "call",
    [
        'prepare(model, rank=int(os.environ["LOCAL_RANK"]))',
        "prepare(model, rank=local_rank)",
        "prepare(model)",
        "prepare(model, *args)",
    ],
)
def test_callers_passing_no_global_rank_leave_it_alone(tmp_path: Path, call: str) -> None:
    caller = (
        "import os\n\nfrom pkg.helpers import prepare\n\n\n"
        f"def setup(model, local_rank, args):\n    return {call}\n"
    )
    assert _findings(tmp_path, caller) == []


def test_a_helper_its_own_file_calls_is_left_to_the_file_flow(tmp_path: Path) -> None:
    caller = (
        "import torch\n\nfrom pkg.helpers import prepare\n\n\n"
        "def setup(model):\n    return prepare(model, rank=torch.distributed.get_rank())\n"
    )
    own_call = HELPER + "\n\ndef main(model):\n    prepare(model, rank=0)\n"
    root = tmp_path
    for name, text in {
        "pkg/__init__.py": "",
        "pkg/helpers.py": own_call,
        "pkg/plugin.py": caller,
    }.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL402",), preview=True), cache_dir=None)
    # `prepare` is the file's (its own call passes 0); `Worker` has no caller at all.
    assert [f.line for f in result.findings] == []
