"""A whole lint run: discover files, serve what the cache knows, lint the rest on all cores."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from torchplace.lint.cache import LintCache, fingerprint
from torchplace.lint.cache_location import signing_key
from torchplace.lint.config import LintConfig
from torchplace.lint.discovery import python_files
from torchplace.lint.engine import FileResult, Linter, lint_many, sort_findings
from torchplace.lint.gc_pace import fewer_collections
from torchplace.lint.project_facts import ProjectIndex, apply_project_facts, project_conditions
from torchplace.lint.registry import all_rules
from torchplace.lint.rule import Rule
from torchplace.report import Finding, Report, RuleInfo

PROGRESS_THRESHOLD = 200


@dataclass
class LintRun:
    findings: list[Finding]
    files: list[str]
    rules: list[type[Rule]]
    cached_files: int = 0
    seconds: float = 0.0
    parsed_files: int = 0
    rule_infos: dict[str, RuleInfo] = field(default_factory=dict)

    def report(self) -> Report:
        from torchplace import __version__

        infos = {rule.code: rule.info() for rule in self.rules}
        return Report(self.findings, infos, len(self.files), "torchplace", __version__)


class _Progress:
    """A one-line counter on stderr for large trees, only when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool | None) -> None:
        if enabled is None:
            enabled = sys.stderr.isatty() and total >= PROGRESS_THRESHOLD
        self.enabled = enabled
        self.total = total
        self.done = 0
        self.last = 0.0

    def tick(self, _: FileResult) -> None:
        self.done += 1
        now = time.monotonic()
        if self.enabled and (now - self.last > 0.1 or self.done == self.total):
            self.last = now
            sys.stderr.write(f"\rtorchplace lint: {self.done}/{self.total} files")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            sys.stderr.write("\n")


def _open_cache(
    directory: Path | None, rules: Sequence[type[Rule]], config: LintConfig
) -> LintCache | None:
    secret = signing_key() if directory is not None else None
    if directory is None or secret is None:
        return None
    return LintCache(directory, fingerprint(rules, config), secret)


def run(
    paths: Sequence[str],
    config: LintConfig,
    cache_dir: Path | None = None,
    jobs: int | None = None,
    progress: bool | None = None,
) -> LintRun:
    """Lint `paths`; `cache_dir=None` disables the cache."""
    with fewer_collections():
        return _run(paths, config, cache_dir, jobs, progress)


def _run(
    paths: Sequence[str],
    config: LintConfig,
    cache_dir: Path | None,
    jobs: int | None,
    progress: bool | None,
) -> LintRun:
    started = time.perf_counter()
    rules = config.enabled_rules(all_rules())
    files = [str(p) for p in python_files(paths, config)]
    cache = _open_cache(cache_dir, rules, config)
    findings: list[Finding] = []
    to_lint: list[str] = []
    for path in files:
        cached = cache.lookup(path) if cache else None
        if cached is None:
            to_lint.append(path)
        else:
            findings.extend(cached)
    meter = _Progress(len(to_lint), progress)
    results = lint_many(Linter(rules, config), to_lint, jobs, meter.tick)
    meter.close()
    parsed = 0
    for result in results:
        findings.extend(result.findings)
        parsed += result.parsed
        if cache and result.identity is not None:
            cache.store(result.path, result.identity, result.findings)
    if cache:
        cache.save()
    # After the cache: its entries hold each file's own findings, and the facts of the
    # project (other files) are read afresh on every run, only for projects with such findings.
    if findings:
        index = ProjectIndex(config.max_file_bytes, asked=[str(path) for path in paths])
        findings = apply_project_facts(findings, project_conditions(rules), index)
    return LintRun(
        sort_findings(findings),
        files,
        rules,
        len(files) - len(to_lint),
        time.perf_counter() - started,
        parsed,
    )
