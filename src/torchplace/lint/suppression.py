"""`# noqa`, `# noqa: TPL101`, `# torchplace: ignore[TPL101]` and `# torchplace: ignore-file`."""

from __future__ import annotations

import re

from torchplace.lint.source import SourceFile
from torchplace.report import Finding

NOQA_DIRECTIVE = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]*(?:[\s,]+[A-Z]+[0-9]*)*))?", re.I
)
_IGNORE = re.compile(r"#\s*torchplace:\s*ignore(?!-file)(?:\[(?P<codes>[^\]]*)\])?", re.I)
_IGNORE_FILE = re.compile(r"^\s*#\s*torchplace:\s*ignore-file\b", re.I | re.M)


def file_is_ignored(text: str) -> bool:
    # A substring test first: the multi-line regular expression tries every line start.
    return "ignore-file" in text and _IGNORE_FILE.search(text) is not None


def _codes(raw: str | None) -> list[str] | None:
    """None means every code; otherwise the listed codes or prefixes."""
    if raw is None or not raw.strip():
        return None
    return [c.upper() for c in re.split(r"[\s,]+", raw.strip()) if c]


def _suppresses(line: str, code: str, exact: bool = False) -> bool:
    """A suppression on `line` names `code` (or, unless `exact`, a prefix of it), or every
    code."""
    if "#" not in line:
        return False
    for regex in (NOQA_DIRECTIVE, _IGNORE):
        for match in regex.finditer(line):
            codes = _codes(match.group("codes"))
            if codes is None or any(code == c or (not exact and code.startswith(c)) for c in codes):
                return True
    return False


def is_suppressed(source: SourceFile, finding: Finding, also: tuple[str, ...] = ()) -> bool:
    """A suppression comment on the finding's first or last line silences it, one naming its
    code (or a prefix of it) or one of `also` whole (the codes of rules that share its
    sites)."""
    lines = {finding.start.line}
    if finding.end is not None:
        lines.add(finding.end.line)
    # A partner's code silences it only named whole: `# noqa: TPL41` is meant for TPL41x.
    return any(
        _suppresses(source.line(n), finding.code)
        or any(_suppresses(source.line(n), code, exact=True) for code in also)
        for n in lines
    )
