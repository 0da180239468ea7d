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


def _tpl402(root: Path, files: dict[str, str]) -> list[tuple[str, int]]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL402",), preview=True), cache_dir=None)
    return sorted((Path(f.path).name, f.line) for f in result.findings)


PLACE = (
    "import torch\n\n\ndef prepare(model, rank=None):\n"
    "    return model.to(torch.device(f'cuda:{rank}'))\n"
)


@pytest.mark.parametrize(
    ("files", "found"),
    [
        # A device the helper places only where its rank is 0.
        (
            {
                "pkg/helpers.py": "import torch\n\n\ndef prepare(model, rank=None):\n"
                "    if rank == 0:\n        model = model.to(f'cuda:{rank}')\n    return model\n",
                "pkg/plugin.py": "import torch.distributed as dist\nfrom pkg.helpers import prepare"
                "\n\n\ndef run(model):\n    return prepare(model, dist.get_rank())\n",
            },
            [],
        ),
        # A call only rank 0 makes.
        (
            {
                "pkg/helpers.py": PLACE,
                "pkg/plugin.py": "import torch.distributed as dist\nfrom pkg.helpers import prepare"
                "\n\n\ndef run(model):\n    rank = dist.get_rank()\n    if rank == 0:\n"
                "        prepare(model, rank)\n",
            },
            [],
        ),
        # Another module's function of the same name, called on that module.
        (
            {
                "pkg/helpers.py": PLACE,
                "pkg/other.py": "def prepare(model, rank=None):\n    return model\n",
                "pkg/plugin.py": "import torch.distributed as dist\nfrom pkg import other\n\n\n"
                "def run(model):\n    return other.prepare(model, dist.get_rank())\n",
            },
            [],
        ),
        # The helper's own module, called on it.
        (
            {
                "pkg/helpers.py": PLACE,
                "pkg/plugin.py": "import torch.distributed as dist\nfrom pkg import helpers\n\n\n"
                "def run(model):\n    return helpers.prepare(model, dist.get_rank())\n",
            },
            [("helpers.py", 5)],
        ),
        # A positional-only `rank`: the keyword goes to `**options`.
        (
            {
                "pkg/helpers.py": "import torch\n\n\ndef prepare(model, rank=0, /, **options):\n"
                "    return model.to(torch.device(f'cuda:{rank}'))\n",
                "pkg/plugin.py": "import os\nimport torch.distributed as dist\n"
                "from pkg.helpers import prepare\n\n\ndef run(model):\n"
                "    return prepare(model, int(os.environ['LOCAL_RANK']), rank=dist.get_rank())\n",
            },
            [],
        ),
        # Some object's method of the same name in the helper's file fills nothing.
        (
            {
                "pkg/helpers.py": PLACE + "\n\ndef build(trainer):\n    trainer.prepare()\n",
                "pkg/plugin.py": "import torch.distributed as dist\nfrom pkg.helpers import prepare"
                "\n\n\ndef run(model):\n    return prepare(model, dist.get_rank())\n",
            },
            [("helpers.py", 5)],
        ),
    ],
    ids=[
        "rank-0-in-the-callee",
        "rank-0-in-the-caller",
        "other-module",
        "own-module",
        "positional-only",
        "method",
    ],
)
def test_which_calls_pass_the_global_rank(
    tmp_path: Path, files: dict[str, str], found: list[tuple[str, int]]
) -> None:
    assert _tpl402(tmp_path, {"pkg/__init__.py": "", **files}) == found


def test_a_sibling_module_of_the_callers_script_shadows_the_helper(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": "[project]\nname = 'x'\n",
        "helpers.py": PLACE,
        "scripts/helpers.py": "def prepare(model, rank=None):\n    return model\n",
        "scripts/run.py": "import torch.distributed as dist\nfrom helpers import prepare\n\n\n"
        "def main(model):\n    return prepare(model, dist.get_rank())\n",
    }
    assert _tpl402(tmp_path, files) == []
    files["run.py"] = files.pop("scripts/run.py")  # beside the helper: its own import
    (tmp_path / "scripts" / "run.py").unlink()
    assert _tpl402(tmp_path, files) == [("helpers.py", 5)]


def test_a_caller_file_in_another_encoding_is_read(tmp_path: Path) -> None:
    plugin = (
        "# -*- coding: latin-1 -*-\nimport torch.distributed as dist\n"
        "from pkg.helpers import prepare\n\n\n"
        "def run(model):\n    s = '\xe9\xe9'; return prepare(model, dist.get_rank())\n"
    )
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "plugin.py").write_bytes(plugin.encode("latin-1"))
    assert _tpl402(tmp_path, {"pkg/__init__.py": "", "pkg/helpers.py": PLACE}) == [
        ("helpers.py", 5)
    ]


@pytest.mark.parametrize(
    ("imports", "call"),
    [
        ("import helpers", "helpers.prepare(model, dist.get_rank())"),
        ("import pkg.helpers", "pkg.helpers.prepare(model, dist.get_rank())"),
        ("import pkg.helpers as h", "h.prepare(model, dist.get_rank())"),
        ("from pkg.helpers import prepare", "prepare(model, int(os.environ['SLURM_PROCID']))"),
        ("from pkg.helpers import prepare", "prepare(model, world_rank)"),
        ("import pkg", "pkg.place(model, dist.get_rank())"),
    ],
    ids=["plain-import", "dotted-import", "import-as", "slurm", "world-rank", "package-init"],
)
def test_every_spelling_of_a_call_of_the_helper_is_read(
    tmp_path: Path, imports: str, call: str
) -> None:
    plugin = (
        f"import os\nimport torch.distributed as dist\n{imports}\n\n\n"
        f"def run(model, world_rank):\n    return {call}\n"
    )
    files = {
        "pyproject.toml": "[project]\nname = 'x'\n",
        "pkg/__init__.py": PLACE.replace("def prepare", "def place"),
        "pkg/helpers.py": PLACE,
        "helpers.py": PLACE,
        "pkg/plugin.py": plugin,
    }
    found = _tpl402(tmp_path, files)
    assert len(found) == 1 and found[0][1] == 5


def test_a_caller_file_with_a_statement_this_python_cannot_parse_is_read_around_it(
    tmp_path: Path,
) -> None:
    # The project phase reads the caller as the linter reads the linted file: its Python 2
    # `print` cut (reported), its call still read.
    caller = (
        "import torch\n\nfrom pkg.helpers import prepare\n\n\n"
        "def setup(model):\n    return prepare(model, rank=torch.distributed.get_rank())\n\n\n"
        "def log():\n    print 'ready'\n"
    )
    found = _findings(tmp_path, caller)
    assert [(name, at) for name, at, _ in found] == [("helpers.py", 5), ("plugin.py", 11)]
    assert found[1][2].startswith("1 line not checked (line 11)")
