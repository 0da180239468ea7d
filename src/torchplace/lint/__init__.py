"""`torchplace lint`: a static checker for device-placement hazards. Never imports torch.

Public entry points: :func:`lint_source` for one string of code, :func:`lint_paths` for files and
directories. Rules live in `torchplace.lint.rules`, one per module.
"""

from __future__ import annotations

from collections.abc import Sequence

from torchplace.lint.config import LintConfig
from torchplace.lint.engine import Linter, lint_many, sort_findings
from torchplace.lint.gc_pace import fewer_collections
from torchplace.lint.registry import all_rules
from torchplace.report import Finding

__all__ = ["LintConfig", "lint_paths", "lint_source"]


def lint_source(
    code: str, path: str = "<string>", config: LintConfig | None = None
) -> list[Finding]:
    """Findings for one piece of source code, standing as a project of its own."""
    from torchplace.lint.project_facts import ProjectIndex, apply_project_facts, project_conditions

    config = config or LintConfig()
    rules = config.enabled_rules(all_rules())
    findings = Linter(rules, config).lint_text(path, code).findings
    conditions = project_conditions(rules)
    if not findings:
        return []
    project = ProjectIndex.of_text(path, code)  # its facts are read only when asked
    return sort_findings(apply_project_facts(findings, conditions, project))


def lint_paths(paths: Sequence[str], config: LintConfig | None = None) -> list[Finding]:
    """Findings for files and directories (walked for `.py` files), on all cores, no cache."""
    from torchplace.lint.discovery import python_files
    from torchplace.lint.project_facts import (
        ProjectIndex,
        apply_project_facts,
        project_conditions,
    )

    config = config or LintConfig()
    linter_rules = config.enabled_rules(all_rules())
    linter = Linter(linter_rules, config)
    files = [str(p) for p in python_files(paths, config)]
    with fewer_collections():  # as `runner.run`: the files, then the project's facts
        results = lint_many(linter, files)
        findings = [f for r in results for f in r.findings]
        conditions = project_conditions(linter_rules)
        index = ProjectIndex(config.max_file_bytes, asked=[str(path) for path in paths])
        return sort_findings(apply_project_facts(findings, conditions, index))
