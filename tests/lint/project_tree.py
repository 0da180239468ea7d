"""Write a small project on disk and lint it whole, with project facts: for the tests of
facts read across files (dead branches, classes nothing names)."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint import LintConfig
from torchplace.lint.runner import run


def lint_tree(root: Path, files: dict[str, str], code: str) -> list[str]:
    """`file name:line` of each finding of rule `code` (preview on) in the project `files`
    written under `root`."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = run([str(root)], LintConfig(select=(code,), preview=True), cache_dir=None)
    return [f"{Path(f.path).name}:{f.line}" for f in result.findings]
