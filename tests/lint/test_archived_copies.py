"""Archived copies (`archived_copies`): a dated copy of a script kept under `backups/`,
`code_save/`, `_legacy/` or `archive/`, in a folder nothing outside runs, imports or names,
gets no finding of any rule; the live script keeps its own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from torchplace.cli import main
from torchplace.lint import LintConfig, launch_commands, lint_paths
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
    assert original_name("train_2023-01-01") == "train"
    assert original_name("train_v2_bak") == "train_v2"
    assert original_name("train_old_2023-01-01") == "train"
    assert original_name("Train copy (2)") == "train"
    assert original_name("analysis_v4") == "analysis_v4"
    for live in ("model_save", "bert_original", "exp_123456", "seed_1234567", "data_prev"):
        assert original_name(live) == live, live


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


RANK_SCRIPT = """\
import os

import torch
import torch.distributed as dist

dist.init_process_group("nccl")
torch.cuda.set_device(int(os.environ["RANK"]))
"""


def test_a_named_copy_is_linted_and_fixed_by_every_entry_point(tmp_path: Path) -> None:
    copy = tmp_path / "backups" / "train_20221023.py"
    _write(tmp_path, {**LIVE, "train.py": RANK_SCRIPT, "backups/train_20221023.py": RANK_SCRIPT})
    assert [
        f.line for f in lint_paths([str(copy)], LintConfig(select=("TPL402",), preview=True))
    ] == [7]
    whole = lint_paths([str(tmp_path)], LintConfig(select=("TPL402",), preview=True))
    assert not any(f.path.endswith("train_20221023.py") for f in whole)
    assert (
        main(["lint", "--no-cache", "-q", "--preview", "--select", "TPL402", "--fix", str(copy)])
        == 0
    )
    assert "LOCAL_RANK" in copy.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Makefile", "old:\n\tpython code_save/train_old.py\n"),
        (".github/workflows/ci.yml", "steps:\n  - run: python code_save/train_old.py\n"),
        ("Dockerfile", 'CMD ["python", "Code_Save/train_old.py"]\n'),
    ],
)
def test_a_text_of_any_kind_outside_naming_the_folder_keeps_it_live(
    tmp_path: Path, name: str, text: str
) -> None:
    files = {**LIVE, "code_save/train_old.py": SCRIPT, name: text}
    assert _found(tmp_path, files) == ["code_save/train_old.py", "train.py"]


def test_a_text_inside_the_folder_naming_it_is_archived_too(tmp_path: Path) -> None:
    files = {**LIVE, "code_save/train_old.py": SCRIPT, "code_save/README.md": "code_save/: old\n"}
    assert _found(tmp_path, files) == ["train.py"]


def test_a_project_inside_another_checkout_keeps_its_copies(tmp_path: Path) -> None:
    files = {
        ".git/HEAD": "",
        "scripts/run.sh": "python sub/train.py\n",
        "sub/setup.cfg": "[metadata]\nname = sub\n",
        "sub/train.py": SCRIPT,
        "sub/_legacy/train_old.py": SCRIPT,
    }
    assert _found(tmp_path, files) == ["sub/_legacy/train_old.py", "sub/train.py"]


def test_a_namespace_folder_of_an_installable_package_may_be_imported(tmp_path: Path) -> None:
    files = {
        **LIVE,
        "pyproject.toml": "[project]\nname = 'pkg'\n",
        "pkg/__init__.py": "",
        "pkg/_legacy/train_old.py": SCRIPT,
    }
    assert _found(tmp_path, files) == ["pkg/_legacy/train_old.py", "train.py"]


def test_a_live_link_into_the_folder_is_live_code(tmp_path: Path) -> None:
    _write(tmp_path, {**LIVE, "_legacy/main_impl.py": SCRIPT})
    (tmp_path / "main.py").symlink_to(tmp_path / "_legacy" / "main_impl.py")
    assert "_legacy/main_impl.py" in _found(tmp_path, {})


def test_a_plain_word_folder_of_modules_every_project_has_is_live(tmp_path: Path) -> None:
    files = {
        **LIVE,
        "utils.py": "",
        "config.py": "",
        "tools/backup/utils.py": SCRIPT,
        "tools/backup/config.py": "",
    }
    assert _found(tmp_path, files) == ["tools/backup/utils.py", "train.py"]


@pytest.mark.parametrize(
    ("copies", "archived"),
    [
        (["train_old.py", "eval_old.py", "tool.py"], True),  # two of three are copies
        (["train_old.py", "tool.py", "other.py"], False),  # one of three
        (["__init__.py"], False),  # no module to tell by
    ],
)
def test_a_plain_word_folder_needs_half_its_modules_to_be_copies(
    tmp_path: Path, copies: list[str], archived: bool
) -> None:
    files = {**LIVE, "eval.py": "", **{f"backups/{name}": SCRIPT for name in copies}}
    found = _found(tmp_path, files)
    assert (found == ["train.py"]) is archived, found


def test_the_outermost_archive_folder_decides(tmp_path: Path) -> None:
    # `backups` (a plain word) holds no copy of a file outside: live, `_old` inside it too.
    files = {**LIVE, "backups/_old/sync_tool.py": SCRIPT}
    assert _found(tmp_path, files) == ["backups/_old/sync_tool.py", "train.py"]


def test_a_copy_asked_for_through_a_link_is_linted(tmp_path: Path) -> None:
    _write(tmp_path / "real", {**LIVE, "code_save/train_old.py": SCRIPT})
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    assert _found(tmp_path / "link", {}, "code_save") == ["code_save/train_old.py"]
