"""Apply fixes: edits end to start; keep the result only if it passes `fix_verify` (parses, no
repeated keyword, the tree changed only where the edits are). Writing is `fix_write`'s job."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from torchplace.lint import fix_verify
from torchplace.lint.source import SourceFile
from torchplace.report import Edit, Finding, FixSafety


@dataclass
class FixOutcome:
    path: str
    original: str
    fixed: str
    applied: list[Finding]
    rejected_reason: str | None = None

    @property
    def changed(self) -> bool:
        return self.fixed != self.original

    def diff(self) -> str:
        return "".join(
            difflib.unified_diff(
                self.original.splitlines(keepends=True),
                self.fixed.splitlines(keepends=True),
                fromfile=f"a/{self.path}",
                tofile=f"b/{self.path}",
            )
        )


def fixable(findings: Sequence[Finding], unsafe: bool) -> list[Finding]:
    return [f for f in findings if f.fix is not None and (unsafe or f.fix.safety is FixSafety.SAFE)]


def apply_fixes(path: str, text: str, findings: Sequence[Finding], unsafe: bool) -> FixOutcome:
    """Apply every fix that does not overlap one applied before it (the rest wait a rerun)."""
    source = SourceFile(path, text)
    chosen: list[tuple[int, int, Edit, Finding]] = []
    taken: list[tuple[int, int]] = []
    for finding in sorted(fixable(findings, unsafe), key=lambda f: f.sort_key()):
        assert finding.fix is not None
        try:
            spans = [
                (
                    _offset(source, e.start.line, e.start.column),
                    _offset(source, e.end.line, e.end.column),
                    e,
                )
                for e in finding.fix.edits
            ]
        except IndexError:
            return FixOutcome(path, text, text, [], "the fix does not match the file; unchanged")
        if any(_overlaps(s, t) for s in spans for t in taken):
            continue
        for start, end, edit in spans:
            chosen.append((start, end, edit, finding))
            taken.append((start, end))
    fixed = text
    for start, end, edit, _ in sorted(chosen, key=lambda c: (c[0], c[1]), reverse=True):
        fixed = fixed[:start] + edit.content + fixed[end:]
    applied = list({id(c[3]): c[3] for c in chosen}.values())
    if fixed != text:
        made = [(start, end, edit.content) for start, end, edit, _ in chosen]
        reason = fix_verify.refusal(source, fixed, made)
        if reason is not None:
            return FixOutcome(path, text, text, [], reason)
    return FixOutcome(path, text, fixed, applied)


def _offset(source: SourceFile, line: int, column: int) -> int:
    if not 0 < line <= len(source.lines) + 1 or column < 0:
        raise IndexError(f"no line {line} column {column}")
    return source.line_offsets[line - 1] + column


def _overlaps(a: tuple[int, int, object] | tuple[int, int], b: tuple[int, int]) -> bool:
    a_start, a_end = a[0], a[1]
    b_start, b_end = b
    if a_start == a_end == b_start == b_end:
        return True
    return a_start < b_end and b_start < a_end
