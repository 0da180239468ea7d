"""Take apart what launchers, loggers and forums put around each line of a pasted log.

One raw line gives the text a traceback printer wrote, the stream (process) it came from and
that process's rank. Understood: ANSI colours and other escape sequences; markdown quotes, bold,
inline code and fences; pdb's `***`; torchrun's `[rank1]:` / `[default1]:` (also after a pid);
vLLM's `(VllmWorkerProcess pid=7)`, `(EngineCore_DP0 pid=7)`, `(RayWorkerWrapper pid=7, ip=..)`
and its logger's `ERROR 01-19 03:55:24 [core.py:12]`; torchelastic's glog-style
`E0626 12:00:00.123 99 torch/distributed/elastic/multiprocessing/api.py:869]`; mpirun's
`[1,3]<stderr>:`, horovodrun's `Fri Sep 25 16:52:35 2020[3]<stderr>:`; `srun --label`'s `3: `;
FastChat/LLaVA's `2024-01-31 22:40:54 | ERROR | stderr |`; Python logging and timestamp
prefixes. A line of notebook JSON (`"  \\u001b[0;31mRuntimeError\\u001b[0m: ...\\n",`) is decoded
into the lines it holds.

Every expression here is anchored and has no nested quantifiers over the same characters, so each
runs in time linear in the (bounded) line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

_ESCAPES = re.compile(
    r"\x1b\[[0-9;?]{0,40}[ -/]{0,4}[@-~]|\x1b\][^\x07\x1b]{0,4096}(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]"
)
_RANK = re.compile(r"^\s{0,8}(?:\[\d{1,9}\] )?\[(?:rank|default)(\d{1,6})\]:\s?")
_MPI = re.compile(
    r"^\s{0,8}(?:\w{3} \w{3} {1,2}\d{1,2} [\d:]{8} \d{4})?"
    r"\[(?:\d{1,6},)?(\d{1,6})\]<(?:stdout|stderr)>:"
)
_SRUN = re.compile(r"^(\d{1,5}): ")
_PROCESS = re.compile(r"^\s{0,8}\((?P<name>[A-Za-z_][\w.]{0,80})(?P<body>[^()\n]{0,200})\)\s?")
_RANK_IN_BODY = re.compile(r"(?:\brank=|\bTP|_TP|\btp_rank=|_DP|\bdp_rank=)(\d{1,6})")
_RANK_IN_NAME = re.compile(r"(?:TP|DP|_)(\d{1,6})$")
_PID = re.compile(r"pid=\d")
_PID_NUMBER = re.compile(r"pid=(\d{1,9})")
_VLLM_LOGGER = re.compile(
    r"^(?:ERROR|WARNING|INFO|DEBUG|CRITICAL) \d\d-\d\d [\d:.]{5,15} "
    r"(?:\[[\w./-]{1,200}:\d{1,7}\]|[\w./-]{1,200}:\d{1,7}\]) ?"
)
_GLOG = re.compile(r"^[IWEF]\d{4} [\d:.]{5,20} {1,4}\d{1,9} [\w./-]{1,300}:\d{1,7}\] ?")
_FASTCHAT = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \| \w{1,20} \| [\w.-]{1,50} \| ")
_PY_LOGGING = re.compile(
    r"^\[?\d{4}-\d\d-\d\d[ T][\d:,.]{5,20}\]?"
    r"(?: - [\w.<>]{1,100})?(?: - [A-Z]{3,8} -| [A-Z]{3,8}\b)? ?"
)
_SHORT_TIME = re.compile(r"^\d\d:\d\d:\d\d-\d{1,9} (?:ERROR|WARNING|INFO|DEBUG|CRITICAL) +")
_LEVEL_TAG = re.compile(r"^(?:ERROR|WARNING|CRITICAL):[\w.]{1,100}:")
_FENCE = re.compile(r"^\s{0,3}(?:```|~~~)[\w+-]{0,20}\s*$")
_QUOTE = re.compile(r"^\s{0,3}> ?")
_NOTEBOOK_JSON = re.compile(r'^\s{0,40}"(?:[^"\\\n]|\\.){0,16384}",?\s*$')


@dataclass
class LogLine:
    """One line of a log with the launcher's and logger's decorations removed."""

    text: str
    number: int
    stream: str
    rank: int | None


def expand(raw: str) -> list[str]:
    """The printed lines in one raw line: usually itself; a notebook JSON string gives several."""
    text = _ESCAPES.sub("", raw) if "\x1b" in raw else raw  # every escape starts with ESC
    if "\\n" in text or "\\u001b" in text:
        stripped = text.strip()
        if stripped.startswith('"') and _NOTEBOOK_JSON.match(text):
            try:
                decoded = json.loads(stripped.rstrip(",").strip())
            except ValueError:
                return [text]
            if isinstance(decoded, str):
                return [_ESCAPES.sub("", part) for part in decoded.split("\n") if part.strip()]
    return [text]


# The first character of every prefix above: a line starting with anything else has none.
_PREFIX_STARTS = frozenset("[(0123456789>*_`~IWEFDCMTS")


def strip_prefixes(raw: str, number: int, *, clean: bool = False) -> LogLine:
    """Remove colours and process/logger/forum prefixes; remember the stream and its rank.

    `clean`: escape sequences were already removed (by `expand`)."""
    text = raw.rstrip("\r\n")
    if not clean and "\x1b" in text:
        text = _ESCAPES.sub("", text)
    stream, rank = "main", None
    if text.lstrip(" ")[:1] not in _PREFIX_STARTS:
        return LogLine(_strip_markdown_end(text), number, stream, rank)
    for _ in range(8):
        if text.lstrip(" ")[:1] not in _PREFIX_STARTS:
            break  # `_strip_one` would return it unchanged
        before = text
        text, stream, rank = _strip_one(text, stream, rank)
        if text == before:
            break
    return LogLine(_strip_markdown_end(text), number, stream, rank)


def _strip_one(text: str, stream: str, rank: int | None) -> tuple[str, str, int | None]:
    first = text.lstrip(" ")[:1]
    if first not in _PREFIX_STARTS:
        return text, stream, rank
    # `_RANK` starts with `[` after the spaces; `_MPI` with `[` or horovod's `Fri Sep 25 ...`.
    if first == "[":
        match = _RANK.match(text) or _MPI.match(text)
    else:
        match = _MPI.match(text) if first.isalpha() and text.lstrip(" ")[3:4] == " " else None
    if match:
        rank = int(match.group(1))
        return text[match.end() :], f"rank{rank}", rank
    if first == "(" and (match := _PROCESS.match(text)) and _PID.search(match.group("body")):
        name, body = match.group("name"), match.group("body")
        found = _RANK_IN_BODY.search(body) or _RANK_IN_NAME.search(name)
        rank = int(found.group(1)) if found else rank
        pid = _PID_NUMBER.search(body)
        return text[match.end() :], f"{name} pid={pid.group(1) if pid else '?'}", rank
    if first.isdigit() and (match := _SRUN.match(text)):
        rank = int(match.group(1))
        return text[match.end() :], f"rank{rank}", rank
    regexes = _LETTER_PREFIXES if first.isalpha() else _DIGIT_PREFIXES if first.isdigit() else ()
    for regex in regexes:
        if match := regex.match(text):
            return text[match.end() :], stream, rank
    timestamped = text[:1].isdigit() or text[:2] in ("[2", " 2")
    if timestamped and (match := _PY_LOGGING.match(text.lstrip())) and match.end() > 8:
        return text.lstrip()[match.end() :], stream, rank
    return _strip_markdown_start(text), stream, rank


_LETTER_PREFIXES = (_VLLM_LOGGER, _GLOG, _LEVEL_TAG)
_MARKDOWN_STARTS = frozenset("`~>*_")
_MARKDOWN_ENDS = frozenset("_*`")
_DIGIT_PREFIXES = (_FASTCHAT, _SHORT_TIME)


def _strip_markdown_start(text: str) -> str:
    if text.lstrip()[:1] not in _MARKDOWN_STARTS:
        return text  # every form below starts with one of these (after at most 3 spaces)
    if _FENCE.match(text):
        return ""
    if match := _QUOTE.match(text):
        return text[match.end() :]
    stripped = text.lstrip()
    for marker in ("**_", "**", "__", "*** ", "`"):
        if stripped.startswith(marker) and len(stripped) > len(marker):
            return stripped[len(marker) :]
    return text


def _strip_markdown_end(text: str) -> str:
    stripped = text.rstrip()
    if stripped[-1:] not in _MARKDOWN_ENDS:
        return stripped
    for marker in ("_**", "**", "```", "`"):
        if stripped.endswith(marker) and len(stripped) > len(marker):
            return stripped[: -len(marker)]
    return stripped
