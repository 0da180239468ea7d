"""Lint one file, and many files on all cores.

Per file: read bytes, reject binary / non-UTF-8 / huge files with a finding, find candidate
lines with the rules' regular expressions (no match: no parse), parse with CPython's C parser
only the blocks that can matter (`regions`; the whole file when that is unsure), build the
pruned :class:`FileContext`, run the rules whose candidates matched, drop suppressed
findings. Files are spread over worker processes; results are cached by content hash.
"""

from __future__ import annotations

import ast
import gc
import multiprocessing
import os
import stat
import sys
import tokenize
import traceback
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from io import BytesIO
from pathlib import Path

from torchplace.lint import suppression
from torchplace.lint.cache_digest import content_digest
from torchplace.lint.config import LintConfig, matches
from torchplace.lint.context import FileContext, is_test_or_benchmark
from torchplace.lint.parse_around import Cut, parse_around
from torchplace.lint.project_roots import relative_to_project
from torchplace.lint.regions import reduce_source
from torchplace.lint.registry import site_partners
from torchplace.lint.rule import Rule
from torchplace.lint.source import SourceFile
from torchplace.report import Finding, Position, Severity

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
FILE_PROBLEM_CODE = "TPL001"
FILE_PROBLEM_NAME = "file-not-checked"
INTERNAL_ERROR_CODE = "TPL002"
INTERNAL_ERROR_NAME = "internal-error"
#: Files are parsed by the running Python's own parser: a file written for a newer Python
#: (an f-string split over lines, 3.12) does not parse on an older one. Named in the message
#: of a file that does not parse, and part of the cache's fingerprint.
PYTHON_GRAMMAR = f"Python {sys.version_info.major}.{sys.version_info.minor}"
TOO_DEEP = (
    "nested too deeply to analyse (an expression or block deeper than Python's recursion limit)"
)


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    parsed: bool = False
    # What the cache needs to trust this result next time (None: do not cache).
    identity: tuple[int, int, str] | None = None


class Linter:
    """The enabled rules, compiled once, applied to files."""

    def __init__(
        self, rules: Sequence[type[Rule]], config: LintConfig, use_regions: bool = True
    ) -> None:
        self.config = config
        self.rules = [rule() for rule in rules]
        #: Per rule, the codes whose suppression silences it too (`registry.site_partners`).
        self._partners = {rule.code: site_partners().get(rule.code, ()) for rule in rules}
        # Parse only the blocks that can hold a finding (`regions`); False parses whole files.
        self.use_regions = use_regions

    # -- one file ------------------------------------------------------------------------
    def lint_path(self, path: str) -> FileResult:
        try:
            # Non-blocking: a FIFO put where a file was listed must not stall the run.
            with open(os.open(path, os.O_RDONLY | _NONBLOCK), "rb") as handle:
                status = os.fstat(handle.fileno())
                if not stat.S_ISREG(status.st_mode):
                    return self._problem(path, "not a regular file")
                data = handle.read(self.config.max_file_bytes + 1)
        except OSError as error:
            return self._problem(path, f"cannot read file: {error.strerror or error}")
        if len(data) > self.config.max_file_bytes:
            limit = self.config.max_file_bytes
            return self._problem(path, f"file is larger than {limit} bytes (max-file-size)")
        result = self.lint_bytes(path, data)
        if not any(f.code == INTERNAL_ERROR_CODE for f in result.findings):  # never cached
            result.identity = (status.st_mtime_ns, status.st_size, content_digest(data))
        return result

    def lint_bytes(self, path: str, data: bytes) -> FileResult:
        if b"\0" in data[:8192]:
            return self._problem(path, "binary file (contains NUL bytes)")
        text = _decode(data)
        if text is None:
            return self._problem(path, "not UTF-8 and no valid coding declaration (PEP 263)")
        return self.lint_text(path, text)

    def lint_text(self, path: str, text: str) -> FileResult:
        """Findings for one file's text; a file nested too deeply for the parser or the rules'
        tree walks gets one TPL001 finding instead of ending the run."""
        try:
            return self._lint_text(path, text)
        except RecursionError:
            return self._problem(path, TOO_DEEP)
        except Exception as error:  # a bug of ours outside the rules: this file only
            return FileResult(path, [internal_error(path, None, error)])

    def _lint_text(self, path: str, text: str) -> FileResult:
        result = FileResult(path)
        # One scan per rule: CPython's `re` is fast on a pattern with a literal prefix and slow
        # on one alternation of many (see `AnyOf`), so the candidates are never combined.
        rules = []
        for rule in self.rules:
            for gate in rule.file_gate:
                if gate not in text:
                    break
            else:
                if rule.candidate.search(text) is not None:
                    rules.append(rule)
        if rules:
            ignored = self.config.ignored_for(path)
            rules = [r for r in rules if not any(matches(type(r), c) for c in ignored)]
            # Single-GPU by design: only rules for tests. Judged within the project, not by the
            # directories above it (a checkout under `~/test/`).
            if is_test_or_benchmark(relative_to_project(path)):
                rules = [r for r in rules if r.in_tests]
        if not rules or suppression.file_is_ignored(text):
            return result
        source = SourceFile(path, text)
        scoped_lines = _candidate_lines(source, rules)
        lines = scoped_lines["all"]
        checked = source
        try:
            tree = self._parse(source, scoped_lines, rules)
        except (SyntaxError, ValueError) as error:
            # The statements that do not parse are cut, the rest checked (`parse_around`).
            around = parse_around(
                source.text,
                error,
                lambda text: self._parse(SourceFile(path, text), scoped_lines, rules),
            )
            if around is None:
                line = getattr(error, "lineno", None) or 1
                message = getattr(error, "msg", None) or str(error)
                problem = f"cannot parse with {PYTHON_GRAMMAR}: {message} (line {line})"
                return self._problem(path, problem, line)
            tree, text, cuts = around
            checked = SourceFile(path, text)  # the tree's own text: same lines and columns
            result.findings.append(self._finding(path, _cuts_message(cuts), cuts[0].first))
        result.parsed = True
        ctx = FileContext(
            checked, tree, lines, self.config.forward_methods, preview=self.config.preview
        )
        for rule in rules:
            try:
                found = list(rule.check(ctx))
            except RecursionError:
                raise  # the file is too deep for every rule: one TPL001 (`lint_text`)
            except Exception as error:
                result.findings.append(internal_error(path, rule.code, error))
                continue
            also = self._partners.get(rule.code, ())
            kept = [f for f in found if not suppression.is_suppressed(source, f, also)]
            if checked is not source:
                # No fix is written to a file with statements cut (`fix_verify` cannot check
                # it against the whole file): none is offered either.
                kept = [replace(f, fix=None) if f.fix is not None else f for f in kept]
            result.findings += kept
        return result

    def _parse(
        self, source: SourceFile, lines: dict[str, list[int]], rules: Sequence[Rule]
    ) -> ast.Module:
        """The tree of the file, or of its reduced text (see `regions`) when that parses."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes etc.
            if self.use_regions:
                hints = [r.context_hint for r in rules if r.context_hint is not None]
                reduced = reduce_source(
                    source.lines,
                    source.line_offsets,
                    source.text,
                    lines,
                    hints,
                    self.config.forward_methods,
                )
                if reduced is not None:
                    try:
                        return ast.parse(reduced, filename=source.path)
                    except (SyntaxError, ValueError):
                        # The scan misread the layout, or a statement does not parse: the
                        # whole file decides, and names the statement to cut, whatever the
                        # rules selected (`parse_around`).
                        pass
            return ast.parse(source.text, filename=source.path)

    def _problem(self, path: str, message: str, line: int = 1) -> FileResult:
        return FileResult(path, [self._finding(path, f"File not checked: {message}", line)])

    @staticmethod
    def _finding(path: str, message: str, line: int) -> Finding:
        """A TPL001 finding: the file, or the lines `message` names, were not checked."""
        return Finding(
            path=path,
            start=Position(line, 0),
            code=FILE_PROBLEM_CODE,
            name=FILE_PROBLEM_NAME,
            message=message,
            severity=Severity.ERROR,
        )


def _cuts_message(cuts: Sequence[Cut]) -> str:
    """One message for the lines of a file that were cut (`parse_around`)."""
    named = [str(c.first) if c.first == c.last else f"{c.first}-{c.last}" for c in cuts]
    spans = ", ".join(named[:8]) + (f" and {len(named) - 8} more" if len(named) > 8 else "")
    count = sum(cut.last - cut.first + 1 for cut in cuts)
    what = "1 line" if count == 1 else f"{count} lines"
    return (
        f"{what} not checked (line{'s' if count > 1 else ''} {spans}): cannot parse with "
        f"{PYTHON_GRAMMAR}: {cuts[0].message}; the rest of the file was checked"
    )


def internal_error(path: str, code: str | None, error: BaseException) -> Finding:
    """The finding for a rule (`code`; None: the engine) that raised on a file: a bug of
    ours, reported, never a traceback that ends the run (the CLI exits 2 when one is found)."""
    line = _line_in_file(error, path)
    where = f"{path}:{line}" if line is not None else path
    failed = "torchplace" if code is None else f"rule {code}"
    text = f"{type(error).__name__}: {error}"
    return Finding(
        path=path,
        start=Position(line or 1, 0),
        code=INTERNAL_ERROR_CODE,
        name=INTERNAL_ERROR_NAME,
        message=f"internal error: {failed} failed on {where}: {text} (please report)",
        severity=Severity.ERROR,
    )


def _line_in_file(error: BaseException, path: str) -> int | None:
    """The line of the linted file the rule was on, when the error says (`SyntaxError` of a
    re-parse, or an `ast` node the innermost frame of ours was looking at)."""
    if isinstance(error, SyntaxError) and error.filename == path and error.lineno:
        return error.lineno
    frames = traceback.walk_tb(error.__traceback__)
    for frame, _ in reversed(list(frames)):
        node = frame.f_locals.get("node")
        line = getattr(node, "lineno", None) if isinstance(node, ast.AST) else None
        if isinstance(line, int):
            return line
    return None


def _decode(data: bytes) -> str | None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            encoding, _ = tokenize.detect_encoding(BytesIO(data).readline)
            text = data.decode(encoding)
        except (SyntaxError, LookupError, UnicodeDecodeError):
            return None
    return text[1:] if text.startswith("\ufeff") else text


def _candidate_lines(source: SourceFile, rules: Sequence[Rule]) -> dict[str, list[int]]:
    """Sorted candidate lines by the scope they matter in (`Rule.candidate_scope`), and all of
    them under "all"."""
    by_scope: dict[str, set[int]] = {}
    for rule in rules:
        lines = by_scope.setdefault(rule.candidate_scope, set())
        for match in rule.candidate.finditer(source.text):
            first = source.line_of_offset(match.start())
            last = source.line_of_offset(max(match.end() - 1, match.start()))
            lines.update(range(first, last + 1))
    scoped = {scope: sorted(lines) for scope, lines in by_scope.items()}
    scoped["all"] = sorted(set().union(*by_scope.values()))
    return scoped


# -- many files ----------------------------------------------------------------------------
_WORKER: Linter | None = None


def _init_worker(linter: Linter) -> None:
    global _WORKER
    _WORKER = linter
    # The parser makes millions of short-lived objects; the cycle collector only slows it.
    gc.disable()


def _lint_in_worker(path: str) -> FileResult:
    assert _WORKER is not None
    return _WORKER.lint_path(path)


def lint_many(
    linter: Linter,
    paths: Sequence[str],
    jobs: int | None = None,
    on_result: Callable[[FileResult], None] | None = None,
) -> list[FileResult]:
    """Lint files on `jobs` processes (all cores by default; in-process for small sets)."""
    jobs = min(jobs or os.cpu_count() or 1, max(len(paths), 1))
    results: list[FileResult] = []
    small = len(paths) < 64 or jobs == 1
    if small or "fork" not in multiprocessing.get_all_start_methods():
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            for path in paths:
                results.append(linter.lint_path(path))
                if on_result:
                    on_result(results[-1])
        finally:
            if gc_was_enabled:
                gc.enable()
        return results
    context = multiprocessing.get_context("fork")
    # Largest files first, in small chunks: the last chunks are then small ones, and both
    # workers stay busy to the end (sorted order would leave one worker with a tail of big
    # model files).
    ordered = sorted(paths, key=_size, reverse=True)
    with context.Pool(jobs, initializer=_init_worker, initargs=(linter,)) as pool:
        for result in pool.imap_unordered(_lint_in_worker, ordered, chunksize=4):
            results.append(result)
            if on_result:
                on_result(result)
    return results


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: f.sort_key())


def relative_display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)
