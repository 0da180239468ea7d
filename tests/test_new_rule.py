"""scripts/new-rule, the contributor's generator: in a copy of the repository, the rule and
fixture it writes pass the lint meta-tests as they are, with docs/rules.md regenerated."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.lint.registry import all_rules

ROOT = Path(__file__).resolve().parents[1]
META_TESTS = ("test_docs.py", "test_rule_fixtures.py", "test_rules_extra.py")


def _free_code() -> str:
    taken = {rule.code for rule in all_rules()}
    return next(f"TPL{n}" for n in range(199, 100, -1) if f"TPL{n}" not in taken)


def _copy(tmp_path: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", ".torchplace_cache")
    shutil.copytree(ROOT / "src", tmp_path / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests" / "lint", tmp_path / "tests" / "lint", ignore=ignore)
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "rules.md", tmp_path / "docs" / "rules.md")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _generate(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(ROOT / "scripts" / "new-rule"), *args, "--root", str(root)]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


@pytest.mark.slow
def test_generated_rule_passes_the_meta_tests_unchanged(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    code = _free_code()
    made = _generate(root, code, "cuda-synchronize-call", "--call", "torch.cuda.synchronize")
    assert made.returncode == 0, made.stderr
    module = root / "src/torchplace/lint/rules/hardcoded/cuda_synchronize_call.py"
    assert module.is_file() and (root / f"tests/lint/fixtures/{code}.py").is_file()
    assert code in (root / "docs" / "rules.md").read_text(encoding="utf-8")
    for name in META_TESTS:
        assert filecmp.cmp(root / "tests/lint" / name, ROOT / "tests/lint" / name, shallow=False)

    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    selected = f"test_docs or test_rule_fixtures or {code}"
    tests = [str(root / "tests/lint" / name) for name in META_TESTS]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests, "-k", selected],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert f"[{code}]" in _collected(root, env, tests, code)
    lint = [sys.executable, "-m", "ruff", "check", "--no-cache", str(module)]
    assert subprocess.run(lint, cwd=root, capture_output=True, check=False).returncode == 0


def _collected(root: Path, env: dict[str, str], tests: list[str], code: str) -> str:
    """The test ids that name the new rule: proof the meta-tests saw it."""
    listing = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", *tests, "-k", code],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    return listing.stdout


def test_a_taken_code_or_a_bad_name_writes_nothing(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    taken = all_rules()[0].code
    assert _generate(root, taken, "some-new-name", "--call", "torch.zeros").returncode == 2
    assert _generate(root, _free_code(), "Bad_Name", "--call", "torch.zeros").returncode == 2
    assert _generate(root, _free_code(), "good-name", "--call", "zeros").returncode == 2
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
