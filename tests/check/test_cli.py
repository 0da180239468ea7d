"""`torchplace check`: no arguments checks the current directory; `--demo` is the only way to
the bundled examples."""

from __future__ import annotations

import json
import tempfile
from fnmatch import fnmatch
from pathlib import Path

import pytest

from torchplace.cli import UsageError
from torchplace.cli.check import DEMO_DIR, DEMO_ROOT, main

ROOT = Path(__file__).resolve().parents[2]
# A default-tier finding (TPL301: `device_map=` given to a vLLM engine).
BUGGY = 'from vllm import LLM\n\nllm = LLM(model="m", device_map="auto")\n'


def test_no_arguments_checks_the_current_directory_even_beside_an_examples_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "run_me.py").write_text(
        '"""Run-with: --gpus 2"""\nraise SystemExit(3)\n', encoding="utf-8"
    )
    (tmp_path / "serve.py").write_text(BUGGY, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["files_linted"] == 2
    assert report["runs"] == [], "a `Run-with:` script ran without --demo or --declared"
    assert [item["where"].split(":")[0] for item in report["findings"]] == ["serve.py"]


def test_demo_takes_no_paths() -> None:
    with pytest.raises(UsageError, match="--demo"):
        main(["--demo", "src"])
    with pytest.raises(UsageError, match="--demo"):
        main(["--demo", "--run", "serve.py"])


def test_demo_lints_the_bundled_examples_and_returns_to_the_caller_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--demo", "--no-run", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    bundled = sorted((DEMO_ROOT / DEMO_DIR).rglob("*.py"))
    assert report["files_linted"] == len(bundled) > 0
    assert all(item["where"].startswith("examples/") for item in report["findings"])
    assert Path.cwd() == tmp_path


def test_bundled_examples_are_package_data() -> None:
    """Every bundled example is matched by pyproject's package-data, so the wheel ships it
    (`.ci/run` installs the wheel outside the repository and runs the demo)."""
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["torchplace"]
    package = DEMO_ROOT.parent
    assert package.name == "torchplace"
    files = [p for p in (DEMO_ROOT / DEMO_DIR).rglob("*") if p.is_file()]
    assert files
    for path in files:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch(relative, pattern) for pattern in globs), relative


def test_demo_without_a_usable_temporary_directory_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    with pytest.raises(UsageError, match="cannot copy the bundled examples"):
        main(["--demo", "--no-run"])


def test_text_report_escapes_control_characters_in_file_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "evil\x1b]0;title\x07.py").write_text(BUGGY, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main([]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "evil\\x1b]0;title\\x07.py" in out


def test_the_demo_copy_is_a_project_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A temporary directory beside stray Python files (a busy /tmp) does not make the demo's
    project the whole directory: the linter would read all of it for every project fact."""
    from torchplace.cli.check import _copy_examples
    from torchplace.lint.project_facts import ProjectIndex

    (tmp_path / "stray.py").write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    root = _copy_examples()
    example = next((root / DEMO_DIR).rglob("*.py"))
    assert ProjectIndex().root_of(str(example)) == str(root)
