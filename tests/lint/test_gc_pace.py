"""A lint runs with the collector's thresholds raised and gives the caller's back."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from torchplace.lint import engine, lint_paths, runner
from torchplace.lint.config import LintConfig
from torchplace.lint.discovery import MissingPathError
from torchplace.lint.gc_pace import LINT_GC_THRESHOLD, fewer_collections


@pytest.fixture(autouse=True)
def _default_thresholds() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def _watch_lints(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[int, ...]]:
    seen: list[tuple[int, ...]] = []
    real = engine.lint_many

    def watching(*args: object, **kwargs: object) -> object:
        seen.append(gc.get_threshold())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "lint_many", watching)
    return seen


def test_the_runner_and_lint_paths_collect_less_often_and_restore(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "train.py").write_text("import torch\nx = torch.zeros(3).cuda()\n")
    seen = _watch_lints(monkeypatch, runner)
    runner.run([str(tmp_path)], LintConfig(), cache_dir=None, jobs=1)
    import torchplace.lint as public

    seen_public = _watch_lints(monkeypatch, public)
    lint_paths([str(tmp_path)])
    assert seen == [(LINT_GC_THRESHOLD, 30, 30)] and seen_public == seen
    assert gc.get_threshold() == (700, 10, 10)


def test_the_thresholds_come_back_when_the_lint_fails(tmp_path: Path) -> None:
    with pytest.raises(MissingPathError):
        runner.run([str(tmp_path / "absent.py")], LintConfig(), cache_dir=None, jobs=1)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_caller_that_turned_collection_off_or_set_more_keeps_its_setting() -> None:
    gc.set_threshold(0, 10, 10)
    with fewer_collections():
        assert gc.get_threshold() == (0, 10, 10)
    gc.set_threshold(1_000_000, 50, 50)
    with fewer_collections():
        assert gc.get_threshold() == (1_000_000, 50, 50)
    assert gc.get_threshold() == (1_000_000, 50, 50)


def test_lints_that_overlap_on_two_threads_give_back_the_first_thresholds() -> None:
    # Thread A enters, B enters, A leaves, B leaves: B must not restore the raised values A
    # found set by itself.
    a_in, b_in, a_out = threading.Event(), threading.Event(), threading.Event()
    inside_b: list[tuple[int, ...]] = []

    def first() -> None:
        with fewer_collections():
            a_in.set()
            b_in.wait(5)
        a_out.set()

    def second() -> None:
        a_in.wait(5)
        with fewer_collections():
            b_in.set()
            a_out.wait(5)
            inside_b.append(gc.get_threshold())

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert inside_b == [(LINT_GC_THRESHOLD, 30, 30)]
    assert gc.get_threshold() == (700, 10, 10)
