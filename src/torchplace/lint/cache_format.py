"""The lint cache on disk: signed JSON, checked field by field when read.

Layout: one header line `torchplace-lint-cache <hmac-sha256 hex>` then a JSON object
`{"format": N, "key": fingerprint, "entries": {absolute path: [mtime_ns, size, digest,
[finding, ...]]}}`. The signature covers the JSON bytes with a key private to the user, so a
cache file that came with a repository is rejected before it is parsed, and whatever is
parsed only ever becomes plain data (`Finding` objects): no format we read can run code.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from torchplace.report import Edit, Finding, Fix, FixSafety, Position, Severity

FORMAT = 2
_MAGIC = b"torchplace-lint-cache "


@dataclass
class Entry:
    mtime_ns: int
    size: int
    digest: str
    findings: tuple[Finding, ...]


def encode(entries: Mapping[str, Entry], key: str, secret: bytes) -> bytes:
    body = json.dumps(
        {
            "format": FORMAT,
            "key": key,
            "entries": {
                path: [e.mtime_ns, e.size, e.digest, [_finding_to_json(f) for f in e.findings]]
                for path, e in entries.items()
            },
        },
        separators=(",", ":"),
        ensure_ascii=True,
    ).encode("ascii")
    return _MAGIC + _sign(body, secret).encode("ascii") + b"\n" + body


def decode(data: bytes, key: str, secret: bytes) -> dict[str, Entry]:
    """The entries of a cache file; ValueError for anything but a well-formed, signed cache
    of this format and settings fingerprint."""
    header, newline, body = data.partition(b"\n")
    if not newline or not header.startswith(_MAGIC):
        raise ValueError("not a torchplace lint cache")
    if not hmac.compare_digest(header[len(_MAGIC) :], _sign(body, secret).encode("ascii")):
        raise ValueError("signature does not match")
    try:
        loaded = json.loads(body)
    except (RecursionError, UnicodeDecodeError) as error:
        raise ValueError(str(error)) from error
    document = _dict(loaded)
    if document.get("format") != FORMAT or document.get("key") != key:
        raise ValueError("another format or settings fingerprint")
    return {_str(path): _entry(raw) for path, raw in _dict(document.get("entries")).items()}


def _sign(body: bytes, secret: bytes) -> str:
    return hmac.new(secret, body, hashlib.sha256).hexdigest()


def _finding_to_json(finding: Finding) -> dict[str, Any]:
    fix = finding.fix
    return {
        "path": finding.path,
        "start": [finding.start.line, finding.start.column],
        "end": None if finding.end is None else [finding.end.line, finding.end.column],
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
        "severity": finding.severity.value,
        "fix": None
        if fix is None
        else {
            "description": fix.description,
            "safety": fix.safety.value,
            "edits": [
                [e.start.line, e.start.column, e.end.line, e.end.column, e.content]
                for e in fix.edits
            ],
        },
        "pattern": finding.pattern,
        "help_uri": finding.help_uri,
    }


def _entry(raw: object) -> Entry:
    fields = _list(raw)
    if len(fields) != 4:
        raise ValueError("an entry has four fields")
    mtime_ns, size, digest, findings = fields
    return Entry(_int(mtime_ns), _int(size), _str(digest), tuple(map(_finding, _list(findings))))


def _finding(raw: object) -> Finding:
    item = _dict(raw)
    end = item.get("end")
    fix = item.get("fix")
    return Finding(
        path=_str(item.get("path")),
        start=_position(item.get("start")),
        code=_str(item.get("code")),
        name=_str(item.get("name")),
        message=_str(item.get("message")),
        severity=Severity(_str(item.get("severity"))),
        end=None if end is None else _position(end),
        fix=None if fix is None else _fix(fix),
        pattern=_optional_str(item.get("pattern")),
        help_uri=_optional_str(item.get("help_uri")),
    )


def _fix(raw: object) -> Fix:
    item = _dict(raw)
    edits = []
    for edit in _list(item.get("edits")):
        fields = _list(edit)
        if len(fields) != 5:
            raise ValueError("an edit has five fields")
        start = Position(_int(fields[0]), _int(fields[1]))
        end = Position(_int(fields[2]), _int(fields[3]))
        edits.append(Edit(start, end, _str(fields[4])))
    safety = FixSafety(_str(item.get("safety")))
    return Fix(_str(item.get("description")), tuple(edits), safety)


def _position(raw: object) -> Position:
    fields = _list(raw)
    if len(fields) != 2:
        raise ValueError("a position is [line, column]")
    return Position(_int(fields[0]), _int(fields[1]))


def _dict(raw: object) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ValueError("expected an object")
    return raw


def _list(raw: object) -> list[Any]:
    if not isinstance(raw, list):
        raise ValueError("expected a list")
    return raw


def _int(raw: object) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        raise ValueError("expected a non-negative integer")
    return raw


def _str(raw: object) -> str:
    if not isinstance(raw, str):
        raise ValueError("expected a string")
    return raw


def _optional_str(raw: object) -> str | None:
    return None if raw is None else _str(raw)
