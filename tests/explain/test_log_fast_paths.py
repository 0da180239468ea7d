"""The log reader's fast paths (lines that can only join a process's context skip the
per-line expression chain) give exactly what the full chain gives."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torchplace.explain import logs, messages
from torchplace.explain.logs import iter_lines, read_log
from torchplace.explain.messages import any_word

_TEXT_WORDS = (*logs._WORDS, "exit", "interrupt", " in ")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefilmnoprstuvx _<\\\x1b.", max_size=80))
def test_word_tree_finds_what_the_plain_alternation_finds(text: str) -> None:
    for words in (_TEXT_WORDS, logs._LAUNCH_WORDS, messages._CATEGORY_WORDS):
        plain = re.compile("|".join(re.escape(w) for w in words))
        assert (any_word(words).search(text) is None) == (plain.search(text) is None)


@pytest.mark.parametrize("word", [*_TEXT_WORDS, "cuda_visible", "init_device", "meta tensor"])
def test_word_tree_finds_each_word_inside_other_text(word: str) -> None:
    assert any_word(_TEXT_WORDS).search(f"x {word} y")


def test_fast_path_words_hold_every_word_the_full_chain_looks_for() -> None:
    # A word of the launch, placement or category checks that no fast-path word is part of
    # would let a line that matters skip them.
    needed = (*logs._LAUNCH_WORDS, *logs._PLACEMENT_WORDS, *messages._CATEGORY_WORDS)
    for word in needed:
        assert any(fast in word for fast in _TEXT_WORDS), word


def test_prefixed_lines_that_look_plain_are_still_read() -> None:
    # No keyword but an exception name ending in Exit/Interrupt, or rich's bare frame.
    found = read_log("[rank1]:INFO step 3\n[rank1]: KeyboardInterrupt\n[rank1]:INFO done\n")
    assert [d.exception_type for d in found] == ["KeyboardInterrupt"]
    found = read_log("[rank0]:x\n[rank0]:SystemExit: 3\n")
    assert [(d.exception_type, d.message) for d in found] == [("SystemExit", "3")]
    found = read_log("[rank0]:a\n[rank0]:/home/u/train.py:12 in main\n[rank0]:INFO x\n")
    assert [d.user_frame and d.user_frame.where() for d in found] == ["/home/u/train.py:12"]


_LINES = st.sampled_from(
    [
        "[rank0]:INFO 11-30 10:00:01 model_runner.py:1071] Loading weights took 5.15 GB",
        "(VllmWorkerProcess pid=271) INFO 11-30 10:00:01 utils.py:218] Ready",
        "Epoch 0:   6%|██   | 32040/500150 [6:28:43<94:39:17,  1.37it/s, loss=2.6]",
        "2026-01-25 10:34:42,028 - __main__ - INFO - step 3 loss 2.3",
        "[rank1]:[W1130 11:16:34.32 ProcessGroupNCCL.cpp:4115] using GPU 1 to perform barrier",
        "[rank1]: Traceback (most recent call last):",
        '[rank1]:   File "/home/u/train.py", line 9, in <module>',
        "[rank1]:     loss = model(batch).loss",
        '[rank0]:   File "/env/site-packages/torch/nn/modules/module.py", line 1, in _call_impl',
        "[rank0]:     return forward_call(*args, **kwargs)",
        "[rank1]: RuntimeError: Expected all tensors to be on the same device, but found at "
        "least two devices, cuda:1 and cpu!",
        "[rank0]: torch.cuda.OutOfMemoryError: CUDA out of memory.",
        "[rank0]: KeyboardInterrupt",
        "[rank1]:   some hint under the message",
        "[rank1]:/home/u/x.py:3 in f",
        "[rank0]:│ /home/u/x.py:3 in f │",
        "[rank0]:│ ❱ 3 │ y = x.cuda() │",
        "---> 13 x = 1",
        "plain words",
        "    indented words",
        "",
        "torchrun --nproc_per_node=8 train.py",
        "[rank1]: During handling of the above exception, another exception occurred:",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINES, max_size=40))
def test_fast_path_gives_what_the_full_chain_gives(lines: list[str]) -> None:
    log = "\n".join(lines)
    fast = [repr(d) for d in read_log(log)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(logs, "_plain_text", lambda text: False)
        patch.setattr(logs, "_interesting", lambda raw: True)
        full = [repr(d) for d in read_log(log)]
    assert fast == full


def _readline_lines(handle: io.StringIO, max_line: int) -> list[str]:
    """The reference: one `readline(max_line)` at a time, the rest of a cut line skipped."""
    lines = []
    while line := handle.readline(max_line):
        lines.append(line.removesuffix("\n"))
        while line[-1:] != "\n" and (line := handle.readline(max_line)):
            pass
    return lines


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "bc", "\n", "\r", "\r\n", "xyz\n"]), max_size=40),
    st.integers(1, 7),
    st.integers(1, 9),
)
def test_block_reading_gives_the_lines_readline_gives(
    pieces: list[str], max_line: int, block: int
) -> None:
    text = "".join(pieces)
    expected = _readline_lines(io.StringIO(text, newline=None), max_line)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(logs, "_BLOCK", block)
        assert list(iter_lines(io.StringIO(text, newline=None), max_line)) == expected
