"""Hostile input for explain: no regular expression backtracks, no log can make it hang, run
code, print raw terminal escapes or leave a traceback of ours."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from torchplace.cli import main
from torchplace.explain.logs import read_log

SRC = Path(__file__).resolve().parents[2] / "src"

# Feeds every module-level regular expression of the log reader, the message parser, the
# classifier and the catalogue inputs known to make backtracking engines explode (long runs of
# the characters a pattern repeats, with the one character that makes the match fail at the
# end). Run in a subprocess under a time limit: a catastrophic pattern never returns.
_ADVERSARIAL = r"""
import re, sys, importlib, time
names = ["torchplace.explain.messages", "torchplace.explain.logs", "torchplace.explain.logprefix",
         "torchplace.explain.logframes", "torchplace.explain.classify"]
regexes = []
for name in names:
    module = importlib.import_module(name)
    regexes += [v for v in vars(module).values() if isinstance(v, re.Pattern)]
from torchplace import patterns
for p in patterns.all_patterns():
    regexes += list(p.compiled)
n = 20000
pieces = ["a", "_", " ", "0", "cuda:", "cuda:0 and ", "Error", "wrapper_", "Composite_", "\\x1b[",
          "\\x1b]0;", "File \"", "[rank1]:", "(x pid=1)", "│ ", "> ", "**", "a.", '"\\n']
inputs = []
for piece in pieces:
    body = piece * (n // len(piece))
    inputs += [body, body + "!", "method " + body + "x", "found at least two devices, " + body]
inputs += ["method Composite" + "_a" * 3000, "method Composite" + "_" * 20000 + "x"]
start = time.time()
for regex in regexes:
    for text in inputs:
        regex.search(text)
from torchplace.explain.messages import parse, other_category
from torchplace.explain.logs import read_log
for text in inputs:
    parse(text)
    other_category(text)
read_log("\n".join(inputs))
print(len(regexes), round(time.time() - start, 1))
"""


def test_every_pattern_is_linear_on_adversarial_input() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _ADVERSARIAL],
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    count = int(proc.stdout.split()[0])
    assert count > 60  # the scan found the module-level patterns


_LIVE_HOOK = r"""
import torchplace
from torchplace.explain.hooks import explain_exception
# The 287-byte line that took 10 s in the old wrapper pattern, grown to 4 KB, then the real text.
message = "method Composite" + "_a" * 2000 + " found at least two devices, cuda:0 and cuda:1 " * 200
d = explain_exception(RuntimeError(message), print_report=False)
print(d.kind if d else "none")
"""


def test_exception_hook_does_bounded_work_on_a_hostile_message() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _LIVE_HOOK],
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "device-mismatch"


def test_terminal_escapes_in_a_log_are_not_printed_raw(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "evil.log"
    log.write_text(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cpu! \x9b31m\x1bP1;2|evil\x1b\\ \x1b]52;c;ZXZpbA==\x07 \x07\x08\n"
        'File "/home/\x1b]0;title\x07x.py", line 3, in f\n'
        "RuntimeError: No backend type associated with device type cpu \x9b?1049h\n"
    )
    assert main(["explain", str(log)]) == 1
    out = capsys.readouterr().out
    assert "cpu" in out
    assert not any(c in out for c in "\x1b\x07\x08\x9b")


def test_json_report_keeps_text_escaped_by_json(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "evil.log"
    log.write_text("RuntimeError: CUDA error: invalid device ordinal \x9b2J\n")
    assert main(["explain", str(log), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["diagnoses"][0]["kind"] == "invalid-device-ordinal"


def test_unreadable_inputs_are_usage_errors(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["explain", str(tmp_path)]) == 2
    assert main(["explain", str(tmp_path / "missing.log")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "cannot read" in err


def test_binary_and_odd_encodings_read_without_a_traceback(tmp_path: Path) -> None:
    log = tmp_path / "bin.log"
    log.write_bytes(b"\xff\xfe\x00\x00RuntimeError: CUDA error: invalid device ordinal\n\x00" * 3)
    assert main(["explain", str(log)]) == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=200), max_size=30))
def test_reader_never_raises(lines: list[str]) -> None:
    for diagnosis in read_log("\n".join(lines)):
        assert diagnosis.source == "log"


_FRAGMENTS = st.sampled_from(
    [
        "Traceback (most recent call last):",
        '  File "/x/train.py", line 3, in f',
        '  File "/env/site-packages/torch/nn/modules/module.py", line 1, in _call_impl',
        "    y = model(x)",
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cuda:1!",
        "Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1000",
        "[rank1]: RuntimeError: CUDA error: invalid device ordinal",
        "(VllmWorkerProcess pid=7) ERROR 01-19 03:55:24 a.py:1] Exception in worker",
        "During handling of the above exception, another exception occurred:",
        "Last error:",
        "",
        "---> 13 x = 1",
        "│ /x.py:3 in f │",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_FRAGMENTS, max_size=40))
def test_reader_on_shuffled_traceback_fragments(lines: list[str]) -> None:
    diagnoses = read_log("\n".join(lines))
    keys = [
        (d.kind, d.message.split("\n", 1)[0], d.user_frame and d.user_frame.where())
        for d in diagnoses
    ]
    assert len(keys) == len(set(keys))  # one report per error
