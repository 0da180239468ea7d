"""Find and classify the errors in a log (pure text: never imports torch).

The log is read as a stream, one line at a time, in memory bounded whatever its size: each
line is cut at `MAX_LINE` characters, each process keeps at most `MAX_FRAMES` frames and a few
dozen lines of context, at most `MAX_STREAMS` processes are tracked at once and `MAX_REPORTS`
distinct errors kept. Time is linear in the log's size.

Each line is split into its process (rank, vLLM worker, mpirun/srun task) and its text
(`logprefix`). Per process, tracebacks are rebuilt from frames wherever they sit relative to the
message: frames then message (CPython), the message first and the frames after (loggers, vLLM's
`Exception in worker ... while processing method init_device: <msg>, Traceback ...`, reversed
pastes), headerless fragments, several ranks' copies interleaved, cut lines. The same error
reported by several ranks or printed twice is reported once, with every rank named.
"""

from __future__ import annotations

import re
from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator
from typing import IO

from torchplace.explain import logframes
from torchplace.explain.logprefix import LogLine, expand, strip_prefixes
from torchplace.explain.logrecord import (
    MAX_MESSAGE_CHARS,
    ErrorRecord,
    compatible,
    diagnose,
    first_line_number,
    key,
    merge,
    same_message,
)
from torchplace.explain.messages import ErrorKind, any_word, other_category, parse
from torchplace.explain.model import Diagnosis, FrameRef

MAX_LINE = 16384
_BLOCK = 1 << 16
MAX_FRAMES = 256
MAX_STREAMS = 256
MAX_REPORTS = 1000
MAX_MESSAGE_LINES = 16
CONTEXT_LINES = 40

_HEADER = "Traceback (most recent call last)"
_EXCEPTION = re.compile(
    r"^\.?(?:[A-Za-z_][\w]{0,100}\.){0,8}([A-Za-z_]\w{0,100}(?:Error|Exception|Exit|Interrupt))"
    r"(?::\s?(.*))?$"
)
_EMBEDDED_END = re.compile(r"(?:Error|Exception): ?(?=\S)")
_PLACEMENT_WORDS = (
    "cuda", "device", "ordinal", "backend", "deserializ", "context", "fork", "parallel",
    "meta tensor", "producer", "rank", "dataparallel", "tensors must",
)  # fmt: skip
_PLACEMENT_RE = any_word(_PLACEMENT_WORDS)
_CHAINED = ("During handling of the above exception", "The above exception was the direct")
_CODE = re.compile(
    r"^(?:return|raise|yield|await|if|elif|for|while|with|assert|del|import|from|def|class|self\.)\b"
    r"|^[\w.\[\]'\"]{1,200} ?(?:\(|=[^=])"
)
_LOG_RECORD = re.compile(
    r"^(?:\w+ \d\d-\d\d \d\d:|\d{4}-\d\d-\d\d|\[?(?:INFO|WARNING|DEBUG)\b|W\d{4} |I\d{4} )"
)
# A line that starts with none of these characters and holds none of these words (compared in
# lower case, with plain substring search: fast, and linear) has no prefix that names a process,
# no frame, header, error or launch setting.
_STARTS = frozenset('[(>*_`"│╭╰❱~-0123456789')
_WORDS = (
    "file ", "traceback", "error", "exception", "cuda", "device", "rank", "pid=", "ordinal",
    "duplicate", "backend", "fork", "deserializ", "context", "memory", "timeout", "watchdog",
    "mismatch", "state_dict", "shape", "size of tensor", "childfailed", "dataparallel",
    "tensors must", "parallel", "meta", "nproc", "ngpu", "vllm", "enginecore", "gpus",
    "producer", "failed", "cell in", "input in", "ipython", "<std", "\x1b", "\\",
)  # fmt: skip
_LAUNCH_WORDS = (
    "nproc", "cuda_visible", "device_map", "parallel", "ngpu", "gpus", "vllm", "enginecore",
    "init_device",
)  # fmt: skip


_WORDS_RE = any_word(_WORDS)
_LAUNCH_RE = any_word(_LAUNCH_WORDS)


def _interesting(raw: str) -> bool:
    if raw.lstrip(" \t")[:1] in _STARTS:
        return True
    return _WORDS_RE.search(raw.lower()) is not None


# The same test on a line's text once its prefixes are gone (most lines of a multi-rank log
# carry a prefix, so the raw test above lets them through). Text holding none of these words,
# no ` in ` (rich's `x.py:3 in f` frame) and no box border cannot be a frame, header, error,
# message or launch setting: it only joins its process's context. `_WORDS` already holds every
# word `_LAUNCH_WORDS`, `_PLACEMENT_WORDS` and the classifier's category words contain; `exit`
# and `interrupt` end exception names (`SystemExit`, `KeyboardInterrupt`).
_TEXT_WORDS_RE = any_word((*_WORDS, "exit", "interrupt", " in "))
_TEXT_STARTS = frozenset(logframes.BOX + "-❱")


def _plain_text(text: str) -> bool:
    if text.lstrip()[:1] in _TEXT_STARTS:
        return False
    return _TEXT_WORDS_RE.search(text.lower()) is None


_LAUNCH = re.compile(
    r"(--nproc[-_]per[-_]node[= ]\s?\d+|nproc_per_node=\d+|CUDA_VISIBLE_DEVICES=[\w,\"']+"
    r"|device_map|tensor[-_]parallel[-_]size[= ]\s?\d+|\bNGPU=\d+|--num[-_]gpus[= ]\d+"
    r"|VLLM_WORKER_MULTIPROC_METHOD=\w+|\bvllm\b|VllmWorker|EngineCore|init_device)",
    re.IGNORECASE,
)


class _Stream:
    """What one process printed, as far as the current error needs it."""

    def __init__(self, name: str, rank: int | None) -> None:
        self.name = name
        self.rank = rank
        self.frames: deque[FrameRef] = deque(maxlen=MAX_FRAMES)
        self.reading: ErrorRecord | None = None
        self.held: ErrorRecord | None = None
        self.context: deque[str] = deque(maxlen=CONTEXT_LINES)
        self.last_frame: FrameRef | None = None
        self.notebook_frame: FrameRef | None = None
        self.header_after_held = False


class LogReader:
    """Feed lines with `feed`, then call `finish` for the diagnoses."""

    def __init__(self) -> None:
        self._streams: OrderedDict[str, _Stream] = OrderedDict()
        self._found: dict[tuple[object, ...], list[Diagnosis]] = {}
        self._kept = 0
        self._launch: OrderedDict[str, None] = OrderedDict()
        self.dropped = 0
        self._number = 0

    def feed(self, raw: str) -> None:
        """Read one raw line of the log (without its newline)."""
        self._number += 1
        raw = raw[:MAX_LINE]
        if not _interesting(raw) and self._plain(raw):
            return
        for piece in expand(raw):
            self._line(strip_prefixes(piece, self._number, clean=True))

    def _plain(self, raw: str) -> bool:
        """Take a line with no prefix, keyword or traceback shape in the fast way: it only
        joins the context of the main process (unless that process is in the middle of an
        error or a frame waiting for its source line)."""
        main = self._streams.get("main")
        if main is None or main.reading is not None or main.last_frame is not None:
            return False
        stripped = raw.strip()
        if stripped:
            main.context.append(stripped[:300])
        return True

    def finish(self) -> list[Diagnosis]:
        """Every error found, in log order, each once."""
        for stream in list(self._streams.values()):
            self._close(stream)
        self._streams.clear()
        found = [d for same in self._found.values() for d in same]
        return sorted(found, key=first_line_number)

    # -- one line ---------------------------------------------------------------------------

    def _line(self, line: LogLine) -> None:
        stream = self._stream(line)
        if stream.reading is None and stream.last_frame is None and _plain_text(line.text):
            stripped = line.text.strip()
            if stripped:
                stream.context.append(stripped[:300])
            return
        text = logframes.strip_box(line.text)
        if _LAUNCH_RE.search(text.lower()):
            self._remember_launch(text)
        if stream.reading is not None and self._continues(stream.reading, text):
            return
        if stream.reading is not None:
            self._finish_error(stream)
        if self._frame(stream, text):
            return
        header = text.find(_HEADER)
        if header >= 0:
            before = text[:header].rstrip(" ,:")
            if _has_message(before) and self._error_start(stream, before, line.number):
                self._finish_error(stream)
            if stream.held is not None:
                stream.header_after_held = True
            stream.last_frame = None
            return
        if text.strip().startswith(_CHAINED):
            return
        frame = stream.last_frame
        if frame is not None and not frame.source and text[:1].isspace():
            # The source line under a frame, even when it reads `raise ChildFailedError(`.
            self._other_text(stream, text)
            return
        if self._error_start(stream, text, line.number):
            return
        self._other_text(stream, text)

    def _stream(self, line: LogLine) -> _Stream:
        stream = self._streams.get(line.stream)
        if stream is None:
            if len(self._streams) >= MAX_STREAMS:
                _, oldest = self._streams.popitem(last=False)
                self._close(oldest)
            stream = self._streams[line.stream] = _Stream(line.stream, line.rank)
        else:
            self._streams.move_to_end(line.stream)
        return stream

    def _remember_launch(self, text: str) -> None:
        for match in _LAUNCH.finditer(text[:2000]):
            self._launch[match.group(1)[:80]] = None
            if len(self._launch) > 32:
                self._launch.popitem(last=False)

    def _frame(self, stream: _Stream, text: str) -> bool:
        frame = logframes.frame_in(text)
        if frame is None:
            notebook = logframes.notebook_frame(text)
            if notebook is None:
                return self._arrow(stream, text)
            frame = notebook.frame
            stream.notebook_frame = frame if notebook.needs_line else None
        stream.frames.append(frame)
        stream.last_frame = frame
        return True

    def _arrow(self, stream: _Stream, text: str) -> bool:
        arrow = logframes.arrow_line(text) if stream.last_frame is not None else None
        if arrow is None:
            return False
        frame = stream.last_frame
        assert frame is not None
        if stream.notebook_frame is frame:
            frame.line = arrow[0]
            stream.notebook_frame = None
        frame.source = arrow[1][:500]
        return True

    def _other_text(self, stream: _Stream, text: str) -> None:
        stripped = text.strip()
        frame = stream.last_frame
        if frame is not None and stripped and not frame.source and not _LOG_RECORD.match(stripped):
            if stream.notebook_frame is None and not set(stripped) <= set("^~ "):
                frame.source = stripped[:500]
            return
        if stripped:
            stream.context.append(stripped[:300])

    # -- errors -----------------------------------------------------------------------------

    def _error_start(self, stream: _Stream, text: str, number: int) -> bool:
        stripped = text.strip()
        if not stripped:
            return False
        exception_type, message = _exception_in(stripped)
        if not exception_type and not _is_error_text(stripped):
            return False
        indent = len(text) - len(text.lstrip())
        stream.reading = ErrorRecord(
            stream.name, stream.rank, number, exception_type or "error", [message], indent
        )
        stream.reading.end = number
        stream.last_frame = None
        return True

    def _continues(self, error: ErrorRecord, text: str) -> bool:
        """Whether `text` continues the message being read (CUDA hints, NCCL's `Last error:`)."""
        stripped = text.strip()
        if not stripped or len(error.lines) >= MAX_MESSAGE_LINES:
            return False
        if _HEADER in stripped or stripped.startswith(_CHAINED) or 'File "' in stripped:
            return False
        if _LOG_RECORD.match(stripped) or _CODE.match(stripped):
            return False
        if logframes.notebook_frame(stripped) or logframes.arrow_line(stripped):
            return False
        exception_type, _ = _exception_in(stripped)
        if exception_type and _EXCEPTION.match(stripped):
            return False
        error.lines.append(stripped[:MAX_MESSAGE_CHARS])
        error.end += 1
        return True

    def _finish_error(self, stream: _Stream) -> None:
        error = stream.reading
        stream.reading = None
        if error is None:
            return
        frames = list(stream.frames)
        stream.frames.clear()
        held = stream.held
        if (
            held is not None
            and held.exception_type == "error"
            and not frames
            and (error.line - held.end <= 1)
        ):
            # One message split by an exception line (NCCL's `DistBackendError` ... `Last
            # error:` ... `Duplicate GPU detected`, also pasted in reverse): read it as one.
            held.lines += error.lines
            held.end = error.end
            if held.exception_type == "error":
                held.exception_type = error.exception_type
            return
        if held is not None and frames and same_message(held, error):
            stream.held = None
            held = None
        if held is not None:
            stream.held = None
            self._emit(held, stream)
        error.frames = frames
        if frames:
            self._emit(error, stream)
        else:
            stream.held = error
            stream.header_after_held = False

    def _close(self, stream: _Stream) -> None:
        if stream.reading is not None:
            self._finish_error(stream)
        frames = list(stream.frames)
        stream.frames.clear()
        if stream.held is not None:
            held, stream.held = stream.held, None
            held.frames, held.frames_after = frames, not stream.header_after_held
            self._emit(held, stream)
        elif any(logframes.is_user_path(f.path) for f in frames):
            cut = ErrorRecord(stream.name, stream.rank, 0, "traceback", [""], 0, frames)
            self._emit(cut, stream)

    def _emit(self, error: ErrorRecord, stream: _Stream) -> None:
        diagnosis = diagnose(error, self._context(stream))
        found_key = key(diagnosis)
        same = self._found.get(found_key, [])
        for kept in same:
            if compatible(kept, diagnosis):
                merge(kept, diagnosis)
                return
        if self._kept >= MAX_REPORTS:
            self.dropped += 1  # counted, not kept: memory stays bounded however many errors
            return
        self._found[found_key] = [*same, diagnosis]
        self._kept += 1

    def _context(self, stream: _Stream) -> str:
        launch = " ".join(self._launch)
        return f"{' '.join(stream.context)} {launch}"[-6000:]


# -- turning an error into a diagnosis -----------------------------------------------------


def _exception_in(text: str) -> tuple[str, str]:
    """(type, message) of an exception line, also one embedded after other words."""
    if (match := _EXCEPTION.match(text)) and not match.group(1).endswith("Warning"):
        return match.group(1), (match.group(2) or "").strip()
    if ": " in text:
        for match in _EMBEDDED_END.finditer(text):
            start = _word_start(text, match.start())
            if start >= 0:
                name = text[start : match.end()].rstrip(": ")
                return name, text[match.end() :].strip()
    return "", text


def _word_start(text: str, end: int) -> int:
    """Where the identifier ending at `end` starts (a capitalised name), or -1."""
    start = end
    while start > 0 and end - start < 100 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    if (
        start < len(text)
        and text[start].isupper()
        and (start == 0 or not text[start - 1].isalnum())
    ):
        return start
    return -1


def _has_message(text: str) -> bool:
    """Text before a `Traceback` header that is itself an error message (vLLM's worker line)."""
    exception_type, message = _exception_in(text.strip())
    return bool(message) if exception_type else _is_error_text(text.strip())


def _is_error_text(text: str) -> bool:
    """A line naming a known failure without an exception type (a warning, a logger line)."""
    if _PLACEMENT_RE.search(text.lower()) and parse(text).kind is not ErrorKind.OTHER:
        return True
    return bool(other_category(text)) and not _LOG_RECORD.match(text)


# -- entry points --------------------------------------------------------------------------


def iter_lines(handle: IO[str], max_line: int = MAX_LINE) -> Iterator[str]:
    """The lines of a text stream (without newlines), each cut at `max_line` characters, in
    bounded memory: the stream is read in blocks of `_BLOCK` characters split at newlines, the
    unfinished line carried over holds at most `max_line` characters and the rest of a longer
    line is skipped. Open files with universal newlines so `\\r` ends a line too (progress
    bars)."""
    read = handle.read
    rest = ""  # the start of a line whose end is in a later block
    skipping = False  # the current line was cut and yielded: drop the rest of it
    while block := read(_BLOCK):
        lines = block.split("\n")
        tail = lines.pop()  # not ended in this block
        if lines:
            first = lines[0]
            if skipping:
                skipping = False
            else:
                yield (rest + first)[:max_line] if rest else first[:max_line]
            rest = ""
            for line in lines[1:]:
                yield line[:max_line]
        if skipping:
            continue
        rest = rest + tail if rest else tail
        if len(rest) > max_line:
            yield rest[:max_line]
            rest, skipping = "", True
    if rest:
        yield rest


def read_lines(lines: Iterable[str]) -> list[Diagnosis]:
    """Every error in these log lines, in order: placement errors classified, others listed."""
    reader = LogReader()
    for raw in lines:
        reader.feed(raw)
    return reader.finish()


def read_log(text: str) -> list[Diagnosis]:
    """Every error in the log text (see `read_lines`)."""
    return read_lines(text.splitlines())


# Kept for callers of the earlier API.
__all__ = ["LogLine", "LogReader", "iter_lines", "read_lines", "read_log", "strip_prefixes"]
