"""Every example states its expected finding; prove `torchplace` finds it in `buggy.py` and
finds nothing in the fixed twin — statically (lint) and by running it on virtual GPUs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.check.runs import declared_spec
from torchplace.cli.check import DEMO_DIR, DEMO_ROOT
from torchplace.lint import LintConfig, lint_paths

EXAMPLES = sorted(p for p in (DEMO_ROOT / DEMO_DIR).iterdir() if (p / "buggy.py").is_file())


def _header(path: Path, key: str) -> str:
    match = re.search(rf"^{key}:\s*(.+)$", path.read_text(encoding="utf-8"), re.M)
    assert match, f"{path} has no '{key}:' line"
    return match.group(1).strip()


def _expected_codes(path: Path) -> set[str]:
    value = _header(path, "Expected-lint")
    return set() if value == "none" else {c.strip() for c in value.split(",")}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_lint_finds_the_bug_and_nothing_in_the_twin(example: Path) -> None:
    # Every tier: several examples show a bug that a preview rule finds (`--preview`).
    config = LintConfig(preview=True)
    buggy_codes = {f.code for f in lint_paths([str(example / "buggy.py")], config)}
    assert buggy_codes == _expected_codes(example / "buggy.py")
    assert lint_paths([str(example / "fixed.py")], config) == []


def _run_in_simulation(script: Path) -> BaseException | None:
    from torchplace.sim import run_path

    try:
        run_path(str(script), n=2)
    except RuntimeError as error:  # the example's own failure is the result under test
        return error
    return None


SINGLE_PROCESS = [
    e for e in EXAMPLES if (s := declared_spec(e / "buggy.py")) and not s.nproc_per_node
]


@pytest.mark.parametrize("example", SINGLE_PROCESS, ids=lambda p: p.name)
def test_buggy_crashes_on_virtual_gpus_naming_the_devices(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    error = _run_in_simulation(example / "buggy.py")
    assert error is not None, f"{example.name}/buggy.py ran without error"
    for device in re.findall(r"cpu|cuda:\d", _header(example / "buggy.py", "Expected-run")):
        assert device in str(error)
    assert _run_in_simulation(example / "fixed.py") is None
    capsys.readouterr()


DISTRIBUTED = [e for e in EXAMPLES if (s := declared_spec(e / "buggy.py")) and s.nproc_per_node]


@pytest.mark.parametrize("example", DISTRIBUTED, ids=lambda p: p.name)
def test_distributed_example_fails_only_when_buggy(example: Path) -> None:
    spec = declared_spec(example / "buggy.py")
    assert spec is not None and spec.nproc_per_node
    expected = _header(example / "buggy.py", "Expected-run")
    results = {}
    for name in ("buggy.py", "fixed.py"):
        results[name] = subprocess.run(
            [
                sys.executable,
                "-m",
                "torchplace",
                "sim",
                "--nproc-per-node",
                str(spec.nproc_per_node),
                str(example / name),
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    assert results["buggy.py"].returncode != 0
    assert expected in results["buggy.py"].stdout + results["buggy.py"].stderr
    assert results["fixed.py"].returncode == 0, results["fixed.py"].stderr[-3000:]


def test_check_demo_ranks_crashes_first_and_suggests_commands(tmp_path: Path) -> None:
    """The README's main job: `torchplace check --demo`, from any directory."""
    result = subprocess.run(
        [sys.executable, "-m", "torchplace", "check", "--demo"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 1, result.stderr[-3000:]
    report = result.stdout
    assert report.index("CRASHED") < report.index("LIKELY TO CRASH")
    runnable = [e for e in EXAMPLES if declared_spec(e / "buggy.py")]
    assert f"ran {len(runnable)} script(s), {len(runnable)} crashed." in report
    for example in EXAMPLES:
        assert f"examples/{example.name}/buggy.py" in report
        assert f"examples/{example.name}/buggy.py:?" not in report, "a crash without its line"
        for code in _expected_codes(example / "buggy.py"):
            assert code in report
        assert f"examples/{example.name}/fixed.py" not in report
    assert "next: torchplace" in report
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == [], "the demo wrote into the current directory"
