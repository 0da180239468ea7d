"""Which files a lint run reads: exclusions by name and by path from the configuration root."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from torchplace.lint.config import LintConfig
from torchplace.lint.discovery import MissingPathError, python_files


def _tree(root: Path, *files: str) -> None:
    for name in files:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n")


def _found(paths: list[str], config: LintConfig) -> list[str]:
    return sorted(p.relative_to(config.root).as_posix() for p in python_files(paths, config))


def test_default_exclusions_skip_environments_and_build_output(tmp_path: Path) -> None:
    _tree(tmp_path, "pkg/a.py", ".venv/lib/b.py", "build/c.py", "pkg/__pycache__/d.py", "e.txt")
    config = LintConfig(root=tmp_path)
    assert _found([str(tmp_path)], config) == ["pkg/a.py"]


def test_patterns_match_paths_relative_to_the_root_even_when_walking_a_subfolder(
    tmp_path: Path,
) -> None:
    _tree(tmp_path, "pkg/gen/a.py", "pkg/gen.py", "pkg/keep/b.py", "other/gen/c.py")
    config = replace(LintConfig(root=tmp_path), exclude=("pkg/gen/*",))
    assert _found([str(tmp_path)], config) == ["other/gen/c.py", "pkg/gen.py", "pkg/keep/b.py"]
    # Walking only `pkg/` (the way `torchplace lint pkg/` does) applies the same patterns.
    assert _found([str(tmp_path / "pkg")], config) == ["pkg/gen.py", "pkg/keep/b.py"]
    # ... also when the folder is given relative to the current directory.
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        found = sorted(p.as_posix() for p in python_files(["pkg"], config))
    assert found == ["pkg/gen.py", "pkg/keep/b.py"]


def test_a_directory_pattern_prunes_the_whole_folder(tmp_path: Path) -> None:
    _tree(tmp_path, "third_party/x/a.py", "src/b.py")
    config = replace(LintConfig(root=tmp_path), exclude=("third_party",))
    assert _found([str(tmp_path)], config) == ["src/b.py"]


def test_files_named_directly_are_linted_even_if_excluded(tmp_path: Path) -> None:
    _tree(tmp_path, "build/c.py")
    config = LintConfig(root=tmp_path)
    assert _found([str(tmp_path / "build" / "c.py")], config) == ["build/c.py"]


def test_a_missing_path_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(MissingPathError, match="no such file"):
        list(python_files([str(tmp_path / "nope")], LintConfig(root=tmp_path)))


def test_a_package_named_dist_or_build_is_linted(tmp_path: Path) -> None:
    # mmengine keeps its distributed helpers in `mmengine/dist/`: source, not build output.
    _tree(tmp_path, "mmengine/dist/__init__.py", "mmengine/dist/utils.py", "pkg/build/x.py")
    config = LintConfig(root=tmp_path)
    found = _found([str(tmp_path)], config)
    assert found == ["mmengine/dist/__init__.py", "mmengine/dist/utils.py", "pkg/build/x.py"]


def test_build_output_is_skipped_wherever_build_tools_put_it(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        "proj/setup.py",
        "proj/build/lib/proj/a.py",  # setuptools' copy of the package
        "proj/dist/b.py",  # next to setup.py
        "other/dist/c.py",
        "top/dist/d.py",
    )
    (tmp_path / "other/dist/other-1.0-py3-none-any.whl").write_bytes(b"")
    config = LintConfig(root=tmp_path)
    assert _found([str(tmp_path)], config) == ["proj/setup.py", "top/dist/d.py"]
    # `top/dist/` is at the top of the tree when `top/` itself is linted.
    assert _found([str(tmp_path / "top")], config) == []
