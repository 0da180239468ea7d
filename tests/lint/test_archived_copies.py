"""Archived copies (`archived_copies`): a dated copy of a script kept under `backups/`,
`code_save/`, `_legacy/` or `archive/`, in a folder nothing outside runs, imports or names,
gets no finding of any rule; the live script keeps its own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from torchplace.lint import LintConfig, launch_commands
from torchplace.lint.archived_copies import (
    ARCHIVE_FOLDERS,
    COPY_FOLDERS,
    WORD_FOLDERS,
    archive_folder,
    original_name,
)
from torchplace.lint.runner import run

SCRIPT = """\
import os

import torch

gpu = int(os.environ["CUDA_VISIBLE_DEVICES"])
torch.cuda.set_device(gpu)
"""

HELPER = """\
import os

import torch


def bind():
    torch.cuda.set_device(int(os.environ["CUDA_VISIBLE_DEVICES"]))
"""

LIVE = {".git/HEAD": "", "train.py": SCRIPT, "run.sh": "python train.py\n"}


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _found(root: Path, files: dict[str, str], *asked: str, **options: int) -> list[str]:
    """The files (from `root`) holding a TPL405 finding when `asked` (default: the root) is
    linted."""
    _write(root, files)
    config = LintConfig(select=("TPL405",), preview=True, **options)
    paths = [str(root / a) for a in asked] or [str(root)]
    findings = run(paths, config, cache_dir=None).findings
    return sorted(
        os.path.relpath(f.path, root).replace(os.sep, "/") for f in findings if f.code == "TPL405"
    )


def test_a_dated_copy_under_backups_gets_no_finding(tmp_path: Path) -> None:
    files = {**LIVE, "backups/train_20221023.py": SCRIPT}
    assert _found(tmp_path, files) == ["train.py"]


@pytest.mark.parametrize(
    "folder", ["code_save", "_legacy/MagicPoint", "SD3/code_save", "old_versions", "_Old"]
)
def test_a_folder_named_only_for_copies_is_enough_alone(tmp_path: Path, folder: str) -> None:
    files = {**LIVE, f"{folder}/sample_other.py": SCRIPT}
    assert _found(tmp_path, files) == ["train.py"]


@pytest.mark.parametrize("folder", ["backup", "backups", "archive", "trash"])
def test_a_plain_word_needs_copies_of_files_outside(tmp_path: Path, folder: str) -> None:
    copies = {**LIVE, f"{folder}/train_old.py": SCRIPT, f"{folder}/train_v1_20230101.py": SCRIPT}
    assert _found(tmp_path / "copies", copies) == ["train.py"]
    # A backup tool of its own, a copy of nothing: live code.
    tool = {**LIVE, f"tools/{folder}/sync_checkpoints.py": SCRIPT}
    found = _found(tmp_path / "tool", tool)
    assert found == [f"tools/{folder}/sync_checkpoints.py", "train.py"]


@pytest.mark.parametrize("folder", ["legacy", "old", "deprecated", "backup_utils"])
def test_folders_libraries_keep_live_code_in_are_not_archives(tmp_path: Path, folder: str) -> None:
    files = {**LIVE, f"{folder}/train_old.py": SCRIPT}
    assert _found(tmp_path, files) == sorted(["train.py", f"{folder}/train_old.py"])


def test_modules_of_the_folder_importing_each_other_are_archived_together(tmp_path: Path) -> None:
    script = "from old_utils import bind\n\nbind()\n"
    for folder in ("code_save", "tools"):
        files = {**LIVE, f"{folder}/old_utils.py": HELPER, f"{folder}/train_old.py": script}
        found = _found(tmp_path / folder, files)
        assert found == (
            ["train.py"] if folder == "code_save" else ["tools/old_utils.py", "train.py"]
        )


def test_a_launch_outside_the_folder_keeps_the_whole_folder_live(tmp_path: Path) -> None:
    script = "from old_utils import bind\n\nbind()\n"
    files = {
        **LIVE,
        "code_save/old_utils.py": HELPER,
        "code_save/train_old.py": script,
        "run_old.sh": "python code_save/train_old.py\n",
    }
    # The launched script imports the helper: both run, though no launch names the helper.
    assert _found(tmp_path, files) == ["code_save/old_utils.py", "train.py"]


def test_a_launch_text_kept_inside_the_folder_is_archived_too(tmp_path: Path) -> None:
    files = {
        **LIVE,
        "_legacy/MagicPoint/train.py": SCRIPT,
        "_legacy/MagicPoint/train_script.sh": "bsub -gpu num=1 python train.py\n",
    }
    assert _found(tmp_path, files) == ["train.py"]


def test_a_module_a_live_file_imports_from_the_folder_is_live(tmp_path: Path) -> None:
    files = {
        **LIVE,
        "_archive/__init__.py": "from .binding import bind\n",
        "_archive/binding.py": HELPER,
        "main.py": "import _archive\n\n_archive.bind()\n",
        "run.sh": "python train.py\npython main.py\n",
    }
    assert _found(tmp_path, files) == ["_archive/binding.py", "train.py"]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("conf/job.yaml", "_target_: code_save.binding.bind\n"),
        ("main.py", "import sys\nsys.path.insert(0, 'code_save')\nfrom binding import bind\n"),
        ("main.py", "import runpy\nrunpy.run_path('code_save/train_old.py')\n"),
        ("README.md", "cd code_save\ntorchrun --nproc_per_node 4 train_old.py\n"),
    ],
)
def test_a_text_outside_naming_the_folder_keeps_it_live(
    tmp_path: Path, name: str, text: str
) -> None:
    files = {**LIVE, "code_save/train_old.py": SCRIPT, name: text}
    assert _found(tmp_path, files) == ["code_save/train_old.py", "train.py"]


def test_a_package_of_an_installable_project_may_be_imported_by_its_users(tmp_path: Path) -> None:
    files = {
        **LIVE,
        "pyproject.toml": "[project]\nname = 'pkg'\n",
        "pkg/__init__.py": "",
        "pkg/_legacy/__init__.py": "",
        "pkg/_legacy/train_old.py": SCRIPT,
    }
    assert _found(tmp_path, files) == ["pkg/_legacy/train_old.py", "train.py"]


def test_a_copy_the_user_names_is_linted(tmp_path: Path) -> None:
    files = {**LIVE, "backups/train_20221023.py": SCRIPT}
    assert _found(tmp_path, files, "backups/train_20221023.py") == ["backups/train_20221023.py"]
    assert _found(tmp_path, files, "backups") == ["backups/train_20221023.py"]
    assert _found(tmp_path, files, ".") == ["train.py"]


def test_a_project_with_a_file_too_large_to_read_may_import_the_copy(tmp_path: Path) -> None:
    files = {**LIVE, "backups/train_20221023.py": SCRIPT, "big.py": "x = 1\n" * 40}
    # `big.py` is over the size read, so its imports are unknown: the copy keeps its finding.
    found = _found(tmp_path, files, max_file_bytes=200)
    assert found == ["backups/train_20221023.py", "train.py"]


def test_a_project_too_large_to_index_keeps_its_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Past `MAX_FILES` the project's files are not listed: its launches and imports unknown.
    monkeypatch.setattr(launch_commands, "MAX_FILES", 2)
    files = {**LIVE, "backups/train_20221023.py": SCRIPT, "a.py": "", "b.py": ""}
    assert _found(tmp_path, files) == ["backups/train_20221023.py", "train.py"]


def test_a_project_linted_through_a_link_reads_the_same(tmp_path: Path) -> None:
    files = {**LIVE, "code_save/train_old.py": SCRIPT}
    _write(tmp_path / "real", files)
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    assert _found(tmp_path / "link", {}) == ["train.py"]
    assert _found(tmp_path / "real", {}) == ["train.py"]


def test_the_archive_folder_is_read_below_the_root_only() -> None:
    assert archive_folder("backups/x/train.py") == "backups"
    assert archive_folder("src/code_save/a.py") == "src/code_save"
    assert archive_folder("src\\_legacy\\a.py") == "src/_legacy"
    assert archive_folder("backups.py") is None
    assert archive_folder("../backups/train.py") is None
    assert archive_folder("models/net.py") is None
    assert ARCHIVE_FOLDERS == COPY_FOLDERS | WORD_FOLDERS
    assert all(archive_folder(f"{name}/a.py") == name for name in ARCHIVE_FOLDERS)


def test_a_copy_is_named_for_its_original() -> None:
    assert original_name("analysis_v4_accuracy_by_blur_20221023") == "analysis_v4_accuracy_by_blur"
    assert original_name("sample_ddp_save") == "sample_ddp"
    assert original_name("train_old_2023-01-01") == "train"
    assert original_name("Train copy (2)") == "train"
    assert original_name("analysis_v4") == "analysis_v4"


@pytest.mark.parametrize(
    "launch",
    [
        "python train_old.py\n",  # a stale path that only the copy's ends with
        "SCRIPT=$1\nCUDA_VISIBLE_DEVICES=0 torchrun --nnodes 2 $SCRIPT\n",  # any file, on nodes
        "torchrun --nproc_per_node 4 ${NAME}_old.py\n",  # a file its written part allows
    ],
)
def test_a_launch_outside_that_may_run_the_copy_keeps_it_live(tmp_path: Path, launch: str) -> None:
    files = {**LIVE, "code_save/train_old.py": SCRIPT, "run_old.sh": launch}
    assert _found(tmp_path, files) == ["code_save/train_old.py", "train.py"]
