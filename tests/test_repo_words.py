"""scripts/check-repo-words: the repository speaks of the product, never of how or by whom the
work was done. The words under test are assembled at run time so this file does not hold them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "check-repo-words"
NUMBERED = "sess" + "ion-4"
NAMED = "help" + "er-a"


def _check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True, check=False
    )


def _repository(tmp_path: Path, files: dict[str, str]) -> Path:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "files",
    [
        {"notes.md": f"Measured in {NUMBERED} on the GPUs.\n"},
        {f"results/gpu-2026-11-30-{NUMBERED}/log.txt": "ok\n"},
        {"src/a.py": f"# tuned by {NAMED}\n"},
        {"docs/x.md": "Numbers from the previous " + "session.\n"},
        {"README.md": "Written with " + "Clau" + "de.\n"},
        {"notes.md": "Measured in " + "round" + "-2 of the work.\n"},
    ],
    ids=["numbered-session", "file-name", "named-helper", "work-session", "ai-tool", "round"],
)
def test_words_about_the_work_fail_the_check(tmp_path: Path, files: dict[str, str]) -> None:
    result = _check(_repository(tmp_path, files))
    assert result.returncode == 1, result.stdout + result.stderr
    assert next(iter(files)) in result.stdout


def test_product_vocabulary_passes(tmp_path: Path) -> None:
    text = (
        "The pytest session starts; each worker runs in its own session (start_new_session).\n"
        "A helper function binds the GPU; torchplace.runtime helpers; round(x, 2).\n"
        "File /tmp/ray/session_2025-04-15_08-40-06_621291_1489313/verl/workers/x.py\n"
        "Linted auto-round-0.16.1/auto_round/apply.py (a package's folder).\n"
        "Linted thelper-0.6.2/thelper/nn/utils.py (another package's folder).\n"
    )
    result = _check(_repository(tmp_path, {"src/ok.py": text}))
    assert result.returncode == 0, result.stdout


def test_quoted_third_party_text_is_checked_by_name_only(tmp_path: Path) -> None:
    quoted = {"benchmarks/explain_corpus/logs/x.log": f"pasted: {NUMBERED}\n"}
    assert _check(_repository(tmp_path, quoted)).returncode == 0
    named = {f"benchmarks/explain_corpus/logs/{NUMBERED}.log": "ok\n"}
    assert _check(_repository(tmp_path / "b", named)).returncode == 1


def test_ignored_files_are_not_checked(tmp_path: Path) -> None:
    root = _repository(tmp_path, {".gitignore": "scratch/\n", "scratch/x.md": NUMBERED})
    assert _check(root).returncode == 0


def test_this_repository_passes() -> None:
    result = _check(ROOT)
    assert result.returncode == 0, result.stdout[-3000:]
