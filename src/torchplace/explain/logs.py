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
from dataclasses import dataclass, field
from typing import IO

from torchplace.explain import logframes
from torchplace.explain.classify import classify, is_torch_internal_path
from torchplace.explain.logprefix import LogLine, expand, strip_prefixes
from torchplace.explain.messages import ErrorKind, other_category, parse
from torchplace.explain.model import Diagnosis, FrameRef

MAX_LINE = 16384
MAX_FRAMES = 256
MAX_STREAMS = 256
MAX_REPORTS = 1000
MAX_MESSAGE_LINES = 16
MAX_MESSAGE_CHARS = 4096
CONTEXT_LINES = 40
_STACK_KEPT = 64

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
_PLACEMENT_RE = re.compile("|".join(re.escape(w) for w in _PLACEMENT_WORDS))
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


_WORDS_RE = re.compile("|".join(re.escape(w) for w in _WORDS))
_LAUNCH_RE = re.compile("|".join(re.escape(w) for w in _LAUNCH_WORDS))


def _interesting(raw: str) -> bool:
    if raw.lstrip(" \t")[:1] in _STARTS:
        return True
    return _WORDS_RE.search(raw.lower()) is not None


_LAUNCH = re.compile(
    r"(--nproc[-_]per[-_]node[= ]\s?\d+|nproc_per_node=\d+|CUDA_VISIBLE_DEVICES=[\w,\"']+"
    r"|device_map|tensor[-_]parallel[-_]size[= ]\s?\d+|\bNGPU=\d+|--num[-_]gpus[= ]\d+"
    r"|VLLM_WORKER_MULTIPROC_METHOD=\w+|\bvllm\b|VllmWorker|EngineCore|init_device)",
    re.IGNORECASE,
)


@dataclass
class _Error:
    """An error being read: its message lines and the frames that belong to it."""

    stream: str
    rank: int | None
    line: int
    exception_type: str
    lines: list[str]
    indent: int
    frames: list[FrameRef] = field(default_factory=list)
    frames_after: bool = False
    end: int = 0


class _Stream:
    """What one process printed, as far as the current error needs it."""

    def __init__(self, name: str, rank: int | None) -> None:
        self.name = name
        self.rank = rank
        self.frames: deque[FrameRef] = deque(maxlen=MAX_FRAMES)
        self.reading: _Error | None = None
        self.held: _Error | None = None
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
        return sorted(found, key=_first_line_number)

    # -- one line ---------------------------------------------------------------------------

    def _line(self, line: LogLine) -> None:
        stream = self._stream(line)
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
        stream.reading = _Error(
            stream.name, stream.rank, number, exception_type or "error", [message], indent
        )
        stream.reading.end = number
        stream.last_frame = None
        return True

    def _continues(self, error: _Error, text: str) -> bool:
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
        if held is not None and frames and _same_message(held, error):
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
            cut = _Error(stream.name, stream.rank, 0, "traceback", [""], 0, frames)
            self._emit(cut, stream)

    def _emit(self, error: _Error, stream: _Stream) -> None:
        diagnosis = _diagnose(error, self._context(stream))
        key = _key(diagnosis)
        same = self._found.get(key, [])
        for kept in same:
            if _compatible(kept, diagnosis):
                _merge(kept, diagnosis)
                return
        if self._kept >= MAX_REPORTS:
            self.dropped += 1  # counted, not kept: memory stays bounded however many errors
            return
        self._found[key] = [*same, diagnosis]
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


def _diagnose(error: _Error, context: str) -> Diagnosis:
    message = "\n".join(error.lines).strip()[:MAX_MESSAGE_CHARS]
    parsed = parse(message)
    frames = _chain(error.frames)
    user, library = _user_and_library(frames, error.frames_after)
    diagnosis = Diagnosis(
        kind=parsed.kind.value,
        exception_type=error.exception_type,
        message=message or "(traceback cut before its message)",
        op=parsed.op,
        devices=list(parsed.devices),
        argument=parsed.argument,
        user_frame=user,
        library_frame=library,
        stack=_bounded(frames),
        rank=error.rank,
        source="log",
        facts=_facts(parsed.details, error.rank),
        context=context,
    )
    where = f", {error.stream}" if error.stream != "main" else ""
    if error.line:
        diagnosis.notes.append(f"log line {error.line}{where}")
    if not frames:
        diagnosis.notes[-1:] = [f"{n} (no traceback)" for n in diagnosis.notes[-1:]]
    if parsed.kind is ErrorKind.OTHER:
        diagnosis.category = other_category(message) or (
            "traceback cut before its message" if error.exception_type == "traceback" else ""
        )
    else:
        diagnosis.pattern = classify(diagnosis, parsed)
    return diagnosis


def _chain(frames: list[FrameRef]) -> list[FrameRef]:
    """One copy of each frame: several ranks printing the same stack at once interleave it."""
    seen: set[tuple[str, int, str]] = set()
    chain = []
    for frame in frames:
        key = (frame.path, frame.line, frame.function)
        if key in seen:
            continue
        seen.add(key)
        chain.append(frame)
    return chain


def _user_and_library(
    frames: list[FrameRef], after_message: bool
) -> tuple[FrameRef | None, FrameRef | None]:
    users = [f for f in frames if logframes.is_user_path(f.path)]
    innermost_first = after_message and bool(frames) and not logframes.is_user_path(frames[0].path)
    if innermost_first:
        # Pasted innermost first (library frames, then the user's): the first user frame failed.
        user = users[0] if users else None
        ordered = list(reversed(frames))
    else:
        user = users[-1] if users else None
        ordered = frames
    libraries = [
        f
        for f in ordered
        if not logframes.is_user_path(f.path) and not is_torch_internal_path(f.path)
    ]
    after = libraries if user is None else [f for f in libraries if _after(ordered, f, user)]
    library = next((f for f in reversed(after) if not logframes.is_torch_path(f.path)), None)
    return user, library or (after[-1] if after else None)


def _after(frames: list[FrameRef], frame: FrameRef, user: FrameRef) -> bool:
    return _index(frames, frame) > _index(frames, user)


def _index(frames: list[FrameRef], frame: FrameRef) -> int:
    return next(i for i, f in enumerate(frames) if f is frame)


def _bounded(frames: list[FrameRef]) -> list[FrameRef]:
    if len(frames) <= _STACK_KEPT:
        return frames
    return frames[:8] + frames[-(_STACK_KEPT - 8) :]


def _facts(details: dict[str, str], rank: int | None) -> dict[str, object]:
    facts: dict[str, object] = {}
    ranks: list[int] = []
    for key, value in details.items():
        if key == "ranks":
            ranks = [int(r) for r in value.split(",")]
        else:
            facts[key] = value
    if rank is not None and rank not in ranks:
        ranks.append(rank)
    if ranks:
        facts["ranks"] = ranks
    return facts


# -- one report per error ------------------------------------------------------------------

_DIGITS = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


def _normal(message: str) -> str:
    return _SPACE.sub(" ", _DIGITS.sub("#", message[:400])).strip()


def _same_message(first: _Error, second: _Error) -> bool:
    a, b = _normal(" ".join(first.lines)), _normal(" ".join(second.lines))
    return bool(a) and bool(b) and (a in b or b in a)


def _key(d: Diagnosis) -> tuple[object, ...]:
    # The first line names the error; the lines below it (CUDA's hints, NCCL's `Last error:`)
    # vary in what each rank printed.
    text = _normal(d.message.split("\n", 1)[0])
    if d.kind == "other" and d.category == "traceback cut before its message":
        text = d.user_frame.where() if d.user_frame else text
    return (d.kind, d.category, text[:200])


def _compatible(kept: Diagnosis, new: Diagnosis) -> bool:
    if kept.user_frame is None or new.user_frame is None:
        return True
    return kept.user_frame.where() == new.user_frame.where()


def _merge(kept: Diagnosis, new: Diagnosis) -> None:
    kept.reports += new.reports
    if kept.user_frame is None and new.user_frame is not None:
        kept.user_frame, kept.library_frame, kept.stack = (
            new.user_frame,
            new.library_frame,
            new.stack,
        )
        if new.pattern is not None:
            kept.pattern = new.pattern
    for device in new.devices:
        if device not in kept.devices:
            kept.devices.append(device)
    ranks = list(kept.facts.get("ranks", []))
    for rank in new.facts.get("ranks", []):
        if rank not in ranks:
            ranks.append(rank)
    if ranks:
        kept.facts["ranks"] = ranks


def _first_line_number(d: Diagnosis) -> int:
    for note in d.notes:
        match = re.match(r"log line (\d+)", note)
        if match:
            return int(match.group(1))
    return 1 << 60


# -- entry points --------------------------------------------------------------------------


def iter_lines(handle: IO[str], max_line: int = MAX_LINE) -> Iterator[str]:
    """The lines of a text stream (without newlines), each cut at `max_line` characters, in
    bounded memory: `readline(max_line)` never reads more, and the rest of a longer line is
    skipped piece by piece. Open files with universal newlines so `\\r` ends a line too
    (progress bars)."""
    readline = handle.readline
    while True:
        line = readline(max_line)
        if not line:
            return
        if line[-1:] == "\n":
            yield line[:-1]
            continue
        yield line
        while line and line[-1:] != "\n":
            line = readline(max_line)


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
