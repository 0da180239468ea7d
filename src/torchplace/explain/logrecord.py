"""One error read from a log: what became of its lines and frames, and one report per error.

`ErrorRecord` is what the reader (`logs.LogReader`) collects for an error; `diagnose` turns it
into a `Diagnosis` (the failing user frame by package identity, the library frame, the facts of
its message, the pattern); `key`, `compatible` and `merge` make one report of the copies several
ranks printed or a re-raise repeated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from torchplace.explain import logframes
from torchplace.explain.classify import classify, is_torch_internal_path
from torchplace.explain.messages import ErrorKind, other_category, parse
from torchplace.explain.model import Diagnosis, FrameRef

MAX_MESSAGE_CHARS = 4096
_STACK_KEPT = 64


@dataclass
class ErrorRecord:
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


def diagnose(error: ErrorRecord, context: str) -> Diagnosis:
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
    innermost_first = _innermost_first(frames, after_message)
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


def _innermost_first(frames: list[FrameRef], after_message: bool) -> bool:
    """Whether frames printed after the message run innermost first (some loggers do).

    The script's entry frame (`<module>`) says the order wherever it sits; without one, a
    library frame first means the innermost came first. Runners that print the message before
    an ordinary outermost-first traceback (streamlit, web UIs) start with their own library
    frame and then the script's `<module>`, so they keep their order.
    """
    if not after_message or not frames:
        return False
    entries = [i for i, f in enumerate(frames) if f.function == "<module>"]
    if entries:
        # Only the last frame an entry: innermost first. An entry frame earlier (the script's
        # own, with an imported module's `<module>` innermost) is the ordinary order.
        return len(frames) > 1 and entries[0] == len(frames) - 1
    return not logframes.is_user_path(frames[0].path)


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


def same_message(first: ErrorRecord, second: ErrorRecord) -> bool:
    a, b = _normal(" ".join(first.lines)), _normal(" ".join(second.lines))
    return bool(a) and bool(b) and (a in b or b in a)


def key(d: Diagnosis) -> tuple[object, ...]:
    # The first line names the error; the lines below it (CUDA's hints, NCCL's `Last error:`)
    # vary in what each rank printed.
    text = _normal(d.message.split("\n", 1)[0])
    if d.kind == "other" and d.category == "traceback cut before its message":
        text = d.user_frame.where() if d.user_frame else text
    return (d.kind, d.category, text[:200])


def compatible(kept: Diagnosis, new: Diagnosis) -> bool:
    if kept.user_frame is None or new.user_frame is None:
        return True
    return kept.user_frame.where() == new.user_frame.where()


def merge(kept: Diagnosis, new: Diagnosis) -> None:
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


def first_line_number(d: Diagnosis) -> int:
    for note in d.notes:
        match = re.match(r"log line (\d+)", note)
        if match:
            return int(match.group(1))
    return 1 << 60
