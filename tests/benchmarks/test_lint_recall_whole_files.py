"""Whole-file recall (`benchmarks/lint_recall/whole_files.py`): the buggy lines of an excerpt
are placed on the whole file by their text and context, never guessed, and the manifest that
says where each whole file came from is read strictly. Offline: no file is fetched here."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path
from types import ModuleType

import pytest
from tests.benchmarks.scripts import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_recall" / "whole_files.py"


def _whole_files() -> ModuleType:
    return load_script(SCRIPT, "lint_recall_whole_files")


W = _whole_files()

EXCERPT = [
    "import torch",
    "",
    "class Linear(nn.Module):",
    "    def delta(self, x):",
    "        r = self.cayley(x)",
    "        out = torch.bmm(r, self.P)",
    "        return out",
]


def _file(*blocks: list[str]) -> dict[str, list[str]]:
    return {"pkg/layer.py": [line for block in blocks for line in block]}


def test_a_moved_line_is_found_where_it_sits_in_the_whole_file() -> None:
    whole = _file(
        ["import torch", "import math", ""], ["def other():", "    pass", ""], EXCERPT[2:]
    )
    mapped = W.map_line(EXCERPT, 6, whole)
    assert (mapped.path, mapped.line, mapped.reason) == ("pkg/layer.py", 10, "")


def test_equal_lines_are_told_apart_by_their_class_and_def() -> None:
    body = ["    size = 1"] * (W.CONTEXT + 1) + EXCERPT[3:]
    # both copies have the same neighbours; only the enclosing class says which one it is
    whole = _file(["class Conv2d(nn.Module):"], body, ["class Linear(nn.Module):"], body)
    assert W.map_line(EXCERPT, 6, whole).line == 2 * len(body) + 2 - 1


def test_equal_lines_are_told_apart_by_their_neighbours() -> None:
    other = ["    def delta(self, x):", "        r = x", "        out = torch.bmm(r, self.P)"]
    whole = _file(["class Linear(nn.Module):"], other, [""], EXCERPT[3:])
    assert W.map_line(EXCERPT, 6, whole).line == 8


def test_identical_copies_are_reported_as_ambiguous_not_guessed() -> None:
    whole = _file(EXCERPT, [""], EXCERPT)
    mapped = W.map_line(EXCERPT, 6, whole)
    assert mapped.line is None and mapped.reason.startswith("ambiguous: 2 equal lines")


def test_a_line_missing_from_the_whole_file_is_reported() -> None:
    whole = _file([line for line in EXCERPT if "bmm" not in line])
    mapped = W.map_line(EXCERPT, 6, whole)
    assert mapped.line is None and "not in the whole file" in mapped.reason


def test_a_line_is_looked_for_in_every_file_of_the_case() -> None:
    whole = {"pkg/a.py": ["import os"], "pkg/b.py": ["x = 1", "        out = torch.bmm(r, self.P)"]}
    mapped = W.map_line(EXCERPT, 6, whole)
    assert (mapped.path, mapped.line) == ("pkg/b.py", 2)


def test_enclosing_headers_skip_a_long_signature_and_inner_blocks() -> None:
    lines = [
        "class A:",
        "    def f(",
        "        self,",
        "    ) -> int:",
        "        if x:",
        "            y",
    ]
    assert W.enclosing_headers(lines, 5) == ["def f(", "class A:"]


def _origin(side: str) -> dict[str, str]:
    commit = "a" * 40 if side == "buggy" else "b" * 40
    return {"origin": "git", "repo": "o/p", "commit": commit, "path": "m.py", "sha256": "0" * 64}


def test_the_manifest_is_read_with_its_sources(tmp_path: Path) -> None:
    good = {"status": "retrieved", "files": [{"path": "m.py"} | {s: _origin(s) for s in W.SIDES}]}
    wheel = {"origin": "pypi", "package": "p", "version": "1", "member": "p/m.py", "sha256": "1"}
    released = {"status": "retrieved", "files": [{"path": "src/p/m.py", "buggy": wheel}]}
    released["files"][0]["fixed"] = wheel | {"version": "2"}  # type: ignore[index]
    gone = {"status": "not retrievable", "reason": "no clone of o/q"}
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"cases": {"a": good, "b": released, "c": gone}}))
    cases = W.read_manifest(path)
    assert cases["a"]["files"][0]["buggy"]["commit"] == "a" * 40
    assert cases["b"]["files"][0]["fixed"]["version"] == "2"
    assert cases["c"]["reason"] == "no clone of o/q"


@pytest.mark.parametrize(
    "entry",
    [
        {"status": "not retrievable"},  # no reason given
        {"status": "retrieved", "files": []},
        {"status": "retrieved", "files": [{"path": "m.py", "buggy": {"origin": "git"}}]},
    ],
)
def test_a_manifest_entry_without_its_source_is_refused(tmp_path: Path, entry: dict) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"cases": {"a": entry}}))
    with pytest.raises(ValueError, match="case a"):
        W.read_manifest(path)


def test_the_committed_manifest_names_a_source_for_every_case() -> None:
    cases = W.read_manifest(W.MANIFEST)
    names = {p.name for p in (SCRIPT.parent / "cases").iterdir() if p.is_dir()}
    assert set(cases) == names


def _git(repo: Path, *args: str) -> str:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "HOME": str(repo)}
    env |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t", "PATH": os.environ["PATH"]}
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_rebuild_brings_files_back_from_a_local_clone_and_checks_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "work"
    source.mkdir()
    _git(source, "init", "-q")
    (source / "m.py").write_text("x = torch.zeros(1)\n")
    _git(source, "add", "m.py")
    _git(source, "commit", "-q", "-m", "buggy")
    (source / "m.py").write_text("x = torch.zeros(1, device=d)\n")
    _git(source, "commit", "-q", "-am", "fix")
    mirrors = tmp_path / "mirrors"
    subprocess.run(["git", "clone", "-q", "--bare", str(source), str(mirrors / "o+p" / "repo")])
    fix, parent = _git(source, "rev-parse", "HEAD"), _git(source, "rev-parse", "HEAD^")
    item: dict[str, object] = {"path": "m.py"}
    for side, commit, text in (("buggy", parent, b"x = torch.zeros(1)\n"), ("fixed", fix, None)):
        digest = hashlib.sha256(text).hexdigest() if text else "0" * 64  # fixed: a wrong digest
        item[side] = {"origin": "git", "repo": "o/p", "commit": commit, "path": "m.py"}
        item[side]["sha256"] = digest  # type: ignore[index]
    monkeypatch.setattr(W.sources, "CORPUS", tmp_path / "corpus")
    problems = W.rebuild({"c": {"status": "retrieved", "files": [item]}}, mirrors)
    rebuilt = tmp_path / "corpus" / "files" / "buggy" / "c" / "m.py"
    assert rebuilt.read_text() == "x = torch.zeros(1)\n"
    assert problems == ["c fixed: content differs from the manifest's sha256"]


def test_every_hand_read_note_names_a_case() -> None:
    notes = W.read_why(W.WHY)
    names = {p.name for p in (SCRIPT.parent / "cases").iterdir() if p.is_dir()}
    assert notes and set(notes) <= names
    assert all("\n" not in note and len(note) > 40 for note in notes.values())
