"""A project root is never a place many unrelated files share (`/tmp`, the home directory):
a lone file there, or in a directory below it, is not read together with its neighbours."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from torchplace.lint import shared_directories
from torchplace.lint.launch_commands import launch_root
from torchplace.lint.project_facts import ProjectIndex
from torchplace.lint.shared_directories import is_shared_directory


def test_the_temporary_directory_home_and_root_are_shared() -> None:
    assert is_shared_directory(os.path.abspath(tempfile.gettempdir()))
    assert is_shared_directory(os.path.abspath(os.sep))
    assert is_shared_directory(os.path.abspath(os.path.expanduser("~")))
    assert not is_shared_directory(os.path.join(tempfile.gettempdir(), "some-project"))


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A busy scratch place: strangers' scripts lying side by side, read as a shared one."""
    place = tmp_path / "scratch"
    place.mkdir()
    for number in range(3):
        (place / f"someone_{number}.py").write_text("import torch\n", encoding="utf-8")
    shared = shared_directories._shared() | {str(place)}
    monkeypatch.setattr(shared_directories, "_shared", lambda: shared)
    return place


def test_a_script_below_a_shared_place_is_its_own_project(scratch: Path) -> None:
    script = scratch / "job" / "run.py"
    script.parent.mkdir()
    script.write_text("import torch\n", encoding="utf-8")
    assert ProjectIndex().root_of(str(script)) == str(script)
    # Directly in the place, too.
    assert ProjectIndex().root_of(str(scratch / "someone_0.py")) == str(scratch / "someone_0.py")


def test_a_package_below_a_shared_place_stops_at_its_top(scratch: Path) -> None:
    package = scratch / "proj" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "ops.py").write_text("", encoding="utf-8")
    # Without the bound the climb took `proj` (a directory of subpackages only) and then the
    # scratch place, whose Python files are strangers'.
    assert ProjectIndex().root_of(str(package / "ops.py")) == str(package)


def test_a_dotfiles_checkout_in_a_shared_place_marks_no_project(scratch: Path) -> None:
    (scratch / ".git").mkdir()
    script = scratch / "job" / "run.py"
    script.parent.mkdir()
    script.write_text("", encoding="utf-8")
    assert ProjectIndex().root_of(str(script)) == str(script)


def test_launch_texts_are_not_read_from_a_shared_place(scratch: Path) -> None:
    (scratch / "someone_else.sh").write_text("torchrun --nnodes=4 other.py\n", encoding="utf-8")
    job = scratch / "job"
    job.mkdir()
    (job / "run.sh").write_text("python train.py\n", encoding="utf-8")
    assert launch_root(str(job / "train.py"), None) == str(job)
    lone = scratch / "someone_0.py"
    assert launch_root(str(lone), None) == str(lone)


def test_a_stray_init_file_in_a_shared_place_makes_no_package(scratch: Path) -> None:
    (scratch / "__init__.py").write_text("", encoding="utf-8")
    lone = scratch / "someone_0.py"
    assert ProjectIndex().root_of(str(lone)) == str(lone)


def test_a_link_to_a_shared_place_is_shared(scratch: Path, tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(scratch, target_is_directory=True)
    assert is_shared_directory(str(link))
    script = link / "job" / "run.py"
    script.parent.mkdir()
    script.write_text("", encoding="utf-8")
    assert ProjectIndex().root_of(str(script)) == str(script)
