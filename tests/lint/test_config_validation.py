"""Settings that cannot be honoured are a configuration error (exit 2, one line naming the
value), never accepted silently: above all, nothing may turn every rule off unnoticed."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.cli import main

CUDA = "import torch\nz = torch.zeros(3).cuda()\n"


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("max-file-size = true", "max-file-size must be a whole number of bytes"),
        ("max-file-size = 100000000000", "got 100000000000"),
        ("max-file-size = 1e11", "got 100000000000.0"),
        ("max-file-size = -5", "got -5"),
        ("max-file-size = 0", "got 0"),
        ('max-file-size = "4MB"', "got '4MB'"),
        ('ignore = [""]', "empty rule code"),
        ('extend-ignore = ["  "]', "empty rule code"),
        ('select = [""]', "empty rule code"),
        ('per-file-ignores = {"*.py" = [""]}', "empty rule code"),
        ('per-file-ignores = {"*.py" = ["XYZ9"]}', "'XYZ9' selects no rule"),
        ('ignore = ["TPL7"]', "'TPL7' selects no rule"),
        ("ignore = 3", "ignore must be a list of strings"),
        ('forward-methods = ["", "call"]', "forward-methods must be method names"),
        ("select = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
    ],
)
def test_bad_settings_are_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], setting: str, message: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.torchplace]\n{setting}\n", encoding="utf-8")
    (tmp_path / "a.py").write_text(CUDA, encoding="utf-8")
    assert main(["lint", "--preview", "--no-cache", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_per_file_ignore_by_rule_name_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from torchplace.lint.registry import all_rules

    name = next(rule.name for rule in all_rules() if rule.code == "TPL101")
    settings = f'[tool.torchplace]\nper-file-ignores = {{"a.py" = ["{name}"]}}\n'
    (tmp_path / "pyproject.toml").write_text(settings, encoding="utf-8")
    (tmp_path / "a.py").write_text(CUDA, encoding="utf-8")
    (tmp_path / "b.py").write_text(CUDA, encoding="utf-8")
    assert main(["lint", "--preview", "--no-cache", "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "b.py" in out and "a.py" not in out


def test_too_many_jobs_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.py").write_text(CUDA, encoding="utf-8")
    assert main(["lint", "--preview", "--no-cache", "-j", "100000000", str(tmp_path)]) == 2
    assert "--jobs must be from 1 to" in capsys.readouterr().err


def test_a_config_that_is_not_a_regular_file_or_not_utf8_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "pyproject.toml"
    bad.write_bytes(b"[tool.torchplace]\nselect = ['\xff']\n")
    assert main(["lint", "--preview", "--no-cache", "--config", str(bad), str(tmp_path)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
