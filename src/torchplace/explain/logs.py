"""Find and classify placement errors in logs (pure text: never imports torch).

Understands vLLM worker prefixes (`(VllmWorker rank=1 pid=7)`, `(Worker_TP1 pid=7)`,
`(RayWorkerWrapper pid=7, ip=...)`), torchrun's `[rank1]:` / `[default1]:` prefixes, ANSI
colours, logger prefixes, chained tracebacks and bare error lines without a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from torchplace.explain.classify import classify, is_torch_internal_path
from torchplace.explain.messages import ErrorKind, parse
from torchplace.explain.model import Diagnosis, FrameRef

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_PROCESS_PREFIX = re.compile(r"^\s*\((?P<name>[A-Za-z_][\w.]*)(?P<body>[^()]*)\)\s?")
_RANK_PREFIX = re.compile(r"^\s*\[(?:rank|default)(?P<rank>\d+)\]:\s?")
_RANK_IN_BODY = re.compile(r"(?:\brank=|\bTP|_TP|\btp_rank=)(\d+)")
_RANK_IN_NAME = re.compile(r"TP(\d+)$")
_PID = re.compile(r"pid=(\d+)")
_TRACEBACK = re.compile(r"Traceback \(most recent call last\):")
_FRAME = re.compile(r'^\s*File "(?P<path>[^"]+)", line (?P<line>\d+), in (?P<func>\S+)')
_EXCEPTION = re.compile(
    r"^(?P<type>[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)|[A-Za-z_][\w.]*\.\w+)"
    r"(?::\s?(?P<message>.*))?$"
)
_CARET = re.compile(r"^\s*[\^~\s]+$")


@dataclass
class LogLine:
    text: str
    number: int
    stream: str
    rank: int | None


@dataclass
class _Traceback:
    stream: str
    rank: int | None
    first_line: int
    frames: list[FrameRef] = field(default_factory=list)
    exception_type: str = ""
    message_lines: list[str] = field(default_factory=list)


def strip_prefixes(raw: str, number: int) -> LogLine:
    """Remove colours and process prefixes; remember the stream (process) and its rank."""
    text = _ANSI.sub("", raw.rstrip("\n"))
    stream, rank = "main", None
    for _ in range(3):
        if match := _RANK_PREFIX.match(text):
            rank = int(match.group("rank"))
            stream = f"rank{rank}"
            text = text[match.end() :]
        elif (match := _PROCESS_PREFIX.match(text)) and _PID.search(match.group("body") or ""):
            name, body = match.group("name"), match.group("body")
            found = _RANK_IN_BODY.search(body) or _RANK_IN_NAME.search(name)
            rank = int(found.group(1)) if found else rank
            stream = f"{name}{body}".strip()
            text = text[match.end() :]
        else:
            break
    return LogLine(text, number, stream, rank)


def read_log(text: str) -> list[Diagnosis]:
    """Every error in the log, in order: placement errors classified, others marked unknown."""
    lines = [strip_prefixes(raw, n) for n, raw in enumerate(text.splitlines(), start=1)]
    by_stream: dict[str, list[LogLine]] = {}
    for line in lines:
        by_stream.setdefault(line.stream, []).append(line)
    found: list[tuple[int, Diagnosis]] = []
    for stream_lines in by_stream.values():
        found += _errors_in_stream(stream_lines)
    found.sort(key=lambda item: item[0])
    return _deduplicate([d for _, d in found])


def _errors_in_stream(lines: list[LogLine]) -> list[tuple[int, Diagnosis]]:
    results: list[tuple[int, Diagnosis]] = []
    covered: set[int] = set()
    index = 0
    while index < len(lines):
        line = lines[index]
        if _TRACEBACK.search(line.text):
            traceback, index = _read_traceback(lines, index)
            covered.update(range(traceback.first_line, lines[index - 1].number + 1))
            if traceback.exception_type:
                results.append((traceback.first_line, _from_traceback(traceback)))
            continue
        index += 1
    for line in lines:
        if line.number in covered:
            continue
        parsed = parse(line.text)
        if parsed.kind is not ErrorKind.OTHER:
            results.append((line.number, _from_line(line)))
    return results


def _read_traceback(lines: list[LogLine], start: int) -> tuple[_Traceback, int]:
    first = lines[start]
    tb = _Traceback(first.stream, first.rank, first.number)
    index = start + 1
    while index < len(lines):
        text = _after_logger_prefix(lines[index].text)
        if match := _FRAME.match(text):
            tb.frames.append(FrameRef(match["path"], int(match["line"]), match["func"]))
        elif text.startswith((" ", "\t")) or _CARET.match(text) or not text.strip():
            if text.strip() and tb.frames and not tb.frames[-1].source and not _CARET.match(text):
                tb.frames[-1].source = text.strip()
        elif match := _EXCEPTION.match(text.strip()):
            tb.exception_type = match["type"]
            tb.message_lines = [match["message"] or ""]
            index = _read_message(lines, index + 1, tb)
            return tb, index
        elif tb.frames:
            break
        index += 1
    return tb, index


def _read_message(lines: list[LogLine], index: int, tb: _Traceback) -> int:
    """Continuation lines of a multi-line message (CUDA errors add hints below the first)."""
    while index < len(lines) and len(tb.message_lines) < 12:
        text = _after_logger_prefix(lines[index].text)
        if (
            not text.strip()
            or _TRACEBACK.search(text)
            or text.startswith(("During handling", "The above"))
        ):
            break
        if _FRAME.match(text) or _looks_like_log_record(text):
            break
        tb.message_lines.append(text.strip())
        index += 1
    return index


_LOG_RECORD = re.compile(
    r"^(?:\w+ \d\d-\d\d \d\d:|\d{4}-\d\d-\d\d|\[?(?:INFO|WARNING|ERROR|DEBUG)\b|W\d{4} )"
)


def _looks_like_log_record(text: str) -> bool:
    return bool(_LOG_RECORD.match(text.strip()))


_LOGGER_PREFIX = re.compile(
    r"^(?:ERROR|WARNING|INFO|DEBUG|CRITICAL) \d\d-\d\d [\d:.]+ \[?[\w./-]+:\d+\] ?"
)


def _after_logger_prefix(text: str) -> str:
    """vLLM's logger puts `ERROR 11-30 10:00:00 [core.py:1] ` before each traceback line."""
    match = _LOGGER_PREFIX.match(text)
    return text[match.end() :] if match else text


def _from_traceback(tb: _Traceback) -> Diagnosis:
    message = "\n".join(tb.message_lines).strip()
    parsed = parse(message)
    user = next((f for f in reversed(tb.frames) if not _is_library_path(f.path)), None)
    libraries = [
        f for f in tb.frames if _is_library_path(f.path) and not is_torch_internal_path(f.path)
    ]
    library = next((f for f in reversed(libraries) if not _is_torch(f.path)), None) or next(
        reversed(libraries), None
    )
    if library is not None and user is not None:
        library = library if tb.frames.index(library) > tb.frames.index(user) else None
    diagnosis = Diagnosis(
        kind=parsed.kind.value,
        exception_type=tb.exception_type,
        message=message,
        op=parsed.op,
        devices=list(parsed.devices),
        argument=parsed.argument,
        user_frame=user,
        library_frame=library,
        stack=tb.frames,
        rank=tb.rank,
        source="log",
    )
    stream = f", {tb.stream}" if tb.stream != "main" else ""
    diagnosis.notes.append(f"log line {tb.first_line}{stream}")
    diagnosis.pattern = classify(diagnosis, parsed)
    return diagnosis


def _from_line(line: LogLine) -> Diagnosis:
    text = line.text.strip()
    match = re.search(r"\b([A-Z]\w*(?:Error|Exception))\b:?\s*(.*)", text)
    exception_type, message = (match.group(1), match.group(2)) if match else ("error", text)
    parsed = parse(text)
    diagnosis = Diagnosis(
        kind=parsed.kind.value,
        exception_type=exception_type,
        message=message or text,
        op=parsed.op,
        devices=list(parsed.devices),
        argument=parsed.argument,
        rank=line.rank,
        source="log",
    )
    stream = f", {line.stream}" if line.stream != "main" else ""
    diagnosis.notes.append(f"log line {line.number}{stream} (no traceback)")
    diagnosis.pattern = classify(diagnosis, parsed)
    return diagnosis


def _is_library_path(path: str) -> bool:
    return bool(
        re.search(r"[\\/](site-packages|dist-packages)[\\/]", path)
        or re.search(r"[\\/]lib[\\/]python\d\.\d+[\\/]", path)
        or path.startswith("<frozen")
    )


def _is_torch(path: str) -> bool:
    return bool(re.search(r"[\\/]torch[\\/]", path))


def _deduplicate(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
    """One report per (rank, message, place): chained re-raises repeat the same error."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for d in diagnoses:
        where = d.user_frame.where() if d.user_frame else ""
        key = (d.rank, d.message.splitlines()[0] if d.message else "", where)
        if key in seen:
            continue
        seen.add(key)
        out.append(d)
    return out
