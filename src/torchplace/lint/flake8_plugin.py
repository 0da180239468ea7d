"""flake8 plugin: `flake8 --select=TPL` runs torchplace's rules (entry point `flake8.extension`).

flake8 hands us a parsed tree; we lint the file's text with our own engine (which parses only
files whose text can hold a finding) and yield flake8's `(line, column, message, type)` tuples.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any, ClassVar

from torchplace import __version__
from torchplace.lint.config import LintConfig
from torchplace.lint.engine import Linter
from torchplace.lint.project_facts import ProjectIndex, apply_project_facts, project_conditions
from torchplace.lint.registry import all_rules


class Flake8Plugin:
    name = "torchplace"
    version = __version__
    _linter: ClassVar[Linter | None] = None
    _index: ClassVar[ProjectIndex] = ProjectIndex()

    def __init__(self, tree: ast.AST, filename: str, lines: list[str] | None = None) -> None:
        self.filename = filename
        self.lines = lines

    @classmethod
    def _get_linter(cls) -> Linter:
        if cls._linter is None:
            config = LintConfig()
            cls._linter = Linter(config.enabled_rules(all_rules()), config)
        return cls._linter

    def run(self) -> Iterator[tuple[int, int, str, type[Any]]]:
        if self.lines is not None:
            text = "".join(self.lines)
        else:
            with open(self.filename, encoding="utf-8") as handle:
                text = handle.read()
        linter = self._get_linter()
        findings = linter.lint_text(self.filename, text).findings
        if findings:
            conditions = project_conditions(type(rule) for rule in linter.rules)
            findings = apply_project_facts(findings, conditions, self._index)
        for finding in findings:
            yield finding.line, finding.column, f"{finding.code} {finding.message}", type(self)
