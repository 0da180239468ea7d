"""`benchmarks/lint_precision/corpus.py` keeps launch texts and configuration files beside
the `.py` files.

A fresh extraction and an in-place upgrade of a tree extracted before those texts were kept
(or when only launch texts were) must give the same texts, leave out those over the size limit
and those with unsafe names, and leave every `.py` file as it was.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_precision"
SDIST = ("tinytrainer", "1.0")
#: The launch texts and configuration files of the fixtures, relative to the tree.
KEPT_TEXTS = [
    "README.md",
    "configs/model.conf",
    "configs/model.yaml",
    "docs/launch.rst",
    "scripts/multi_node.slurm",
    "scripts/train.sh",
    "setup.cfg",
]
#: The marker of a tree extracted when only launch texts were kept.
LAUNCH_ONLY_MARKER = (
    '{"suffixes": [".sh", ".bash", ".zsh", ".slurm", ".sbatch", ".md", ".rst"], "limit": 1048576}\n'
)


@pytest.fixture()
def corpus(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(SCRIPTS))
    sys.modules.pop("corpus", None)
    import corpus as module

    return module


def _members(limit: int) -> dict[str, bytes]:
    """A small project: Python files, launch texts, one too large, one of another kind."""
    return {
        "train.py": b"import torch\ntorch.cuda.set_device(0)\n",
        "pkg/__init__.py": b"",
        "README.md": b"```\ntorchrun --nproc_per_node 8 train.py\n```\n",
        "docs/launch.rst": b"Run ``torchrun --nnodes 2 train.py``.\n",
        "scripts/train.sh": b"#!/bin/sh\ntorchrun --standalone train.py\n",
        "scripts/multi_node.slurm": b"#!/bin/sh\nsrun python train.py\n",
        "docs/CHANGELOG.md": b"x" * (limit + 1),
        "setup.cfg": b"[metadata]\nname = tinytrainer\n",
        "configs/model.yaml": b"loss:\n  type: MarginLoss\n",
        "configs/model.conf": b"train { loss_class = model.loss.IFLoss }\n",
    }


def _sdist(path: Path, members: dict[str, bytes]) -> Path:
    top = "-".join(SDIST)
    unsafe = {"../outside.sh": b"echo escaped\n", f"{top}/../../escaped.md": b"# escaped\n"}
    named = {f"{top}/{name}": data for name, data in members.items()} | unsafe
    with tarfile.open(path, "w:gz") as tarred:
        for name, data in named.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tarred.addfile(info, io.BytesIO(data))
    return path


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _bare_repository(path: Path, members: dict[str, bytes]) -> str:
    """A bare repository (as a mirror is) whose one commit holds `members`; its commit id."""
    work = path.parent / "work"
    for name, data in members.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_bytes(data)
    (work / "vendored").mkdir()
    (work / "vendored" / "run.sh").write_bytes(b"torchrun other.py\n")
    (work / "vendored" / "other.py").write_bytes(b"x = 1\n")
    (work / "latest.md").symlink_to("README.md")
    _git("init", "-q", str(work))
    for key, value in (("user.email", "a@b.c"), ("user.name", "a")):
        _git("-C", str(work), "config", key, value)
    _git("-C", str(work), "add", "-A")
    _git("-C", str(work), "commit", "-q", "-m", "first")
    _git("clone", "-q", "--bare", str(work), str(path))
    return _git("-C", str(path), "rev-parse", "HEAD")


def _files(tree: Path) -> dict[str, bytes]:
    return {str(p.relative_to(tree)): p.read_bytes() for p in tree.rglob("*") if p.is_file()}


def _python(tree: Path) -> dict[str, bytes]:
    return {name: data for name, data in _files(tree).items() if name.endswith(".py")}


def _texts(tree: Path) -> list[str]:
    suffixes = (".sh", ".bash", ".zsh", ".slurm", ".sbatch", ".md", ".rst")
    suffixes += (".yaml", ".yml", ".json", ".toml", ".cfg", ".ini", ".conf", ".gin", ".jsonnet")
    suffixes += (".libsonnet", ".ipynb")
    return sorted(name for name in _files(tree) if name.endswith(suffixes))


def _drop_launch_texts(corpus: ModuleType, tree: Path) -> None:
    """Make `tree` what an extraction before launch texts were kept left: `.py` files only."""
    for path in [*corpus._launch_texts(tree), tree / corpus.LAUNCH_TEXTS_MARKER]:
        path.unlink()


def test_an_sdist_keeps_launch_texts_fresh_and_upgraded_in_place(
    corpus: ModuleType, tmp_path: Path
) -> None:
    members = _members(corpus.LAUNCH_TEXT_LIMIT)
    root = tmp_path / "c"
    (root / "dl").mkdir(parents=True)
    _sdist(root / "dl" / "tinytrainer-1.0.tar.gz", members)
    (tree,) = corpus.download(root, (SDIST,))
    assert _texts(tree) == KEPT_TEXTS  # neither the large changelog nor the unsafe names
    assert _python(tree) == {n: d for n, d in members.items() if n.endswith(".py")}
    assert (tree / corpus.LAUNCH_TEXTS_MARKER).is_file()
    assert not (tmp_path / "outside.sh").exists() and not (root / "escaped.md").exists()
    fresh = _files(tree)

    _drop_launch_texts(corpus, tree)
    (tree / "train.py").write_bytes(b"# edited after extraction: an upgrade must keep this\n")
    python_before = {path: path.stat().st_mtime_ns for path in tree.rglob("*.py")}
    assert corpus.download(root, (SDIST,)) == [tree]
    assert _texts(tree) == KEPT_TEXTS
    assert {path: path.stat().st_mtime_ns for path in tree.rglob("*.py")} == python_before
    assert (tree / "train.py").read_bytes().startswith(b"# edited")
    assert {n: d for n, d in _files(tree).items() if n != "train.py"} == {
        n: d for n, d in fresh.items() if n != "train.py"
    }


def test_a_tree_of_launch_texts_only_gets_its_configuration_files(
    corpus: ModuleType, tmp_path: Path
) -> None:
    root = tmp_path / "c"
    (root / "dl").mkdir(parents=True)
    _sdist(root / "dl" / "tinytrainer-1.0.tar.gz", _members(corpus.LAUNCH_TEXT_LIMIT))
    (tree,) = corpus.download(root, (SDIST,))
    fresh = _files(tree)
    # As extracted when only launch texts were kept: no configuration file, the old marker.
    (tree / "configs" / "model.yaml").unlink()
    (tree / "configs" / "model.conf").unlink()
    (tree / "setup.cfg").unlink()
    (tree / corpus.LAUNCH_TEXTS_MARKER).write_text(LAUNCH_ONLY_MARKER, encoding="utf-8")
    assert corpus.download(root, (SDIST,)) == [tree]
    assert _files(tree) == fresh


def test_an_upgrade_without_its_archive_leaves_the_tree_and_says_so(
    corpus: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "c" / "src" / "tinytrainer-1.0"
    tree.mkdir(parents=True)
    (tree / "train.py").write_text("x = 1\n")
    assert corpus.download(tmp_path / "c", (SDIST,)) == [tree]
    assert sorted(_files(tree)) == ["train.py"]
    assert "launch texts not added" in capsys.readouterr().err


def test_a_git_export_keeps_launch_texts_fresh_and_upgraded_in_place(
    corpus: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = _members(corpus.LAUNCH_TEXT_LIMIT)
    mirrors = tmp_path / "mirrors"
    commit = _bare_repository(mirrors / "someone+trainer", members)
    entry = ("github:someone/trainer", commit)
    monkeypatch.setitem(corpus.LEFT_OUT, entry[0], ("vendored/",))
    root = tmp_path / "c"
    (tree,) = corpus.download(root, (entry,), mirrors)
    assert _texts(tree) == KEPT_TEXTS  # no symbolic link, nothing vendored, nothing too large
    assert _python(tree) == {n: d for n, d in members.items() if n.endswith(".py")}
    # The top of the repository is marked as a checkout's is: the linter's project root.
    assert (tree / ".git").is_dir() and not any((tree / ".git").iterdir())
    fresh = _files(tree)

    _drop_launch_texts(corpus, tree)
    python_before = {path: path.stat().st_mtime_ns for path in tree.rglob("*.py")}
    assert corpus.download(root, (entry,), mirrors) == [tree]
    assert _files(tree) == fresh
    assert {path: path.stat().st_mtime_ns for path in tree.rglob("*.py")} == python_before


def test_download_only_counts_python_files_and_launch_texts_apart(
    corpus: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    root = tmp_path / "c"
    (root / "dl").mkdir(parents=True)
    _sdist(root / "dl" / "tinytrainer-1.0.tar.gz", _members(corpus.LAUNCH_TEXT_LIMIT))
    monkeypatch.setattr(corpus, "PACKAGES", (SDIST,))
    monkeypatch.setattr(sys, "argv", ["corpus.py", "--corpus", str(root), "--download-only"])
    assert corpus.main() == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["files"] == 2 and summary["launch_texts"] == len(KEPT_TEXTS)
    assert summary["trees"] == {"src/tinytrainer-1.0": 2}


def test_a_release_pip_cannot_fetch_stops_with_a_message(
    corpus: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first download fails (a release for a newer Python), then the one as for 3.12 too.
    tries: list[list[str]] = []

    def refuse(command: list[str], check: bool = False) -> subprocess.CompletedProcess[str]:
        tries.append(command)
        return subprocess.CompletedProcess(command, 1)

    monkeypatch.setattr(corpus.subprocess, "run", refuse)
    with pytest.raises(SystemExit, match=r"pip could not download nosuch==1\.0"):
        corpus.download(tmp_path, (("nosuch", "1.0"),))
    assert len(tries) == 2 and tries[1][-2:] == ["--python-version", "3.12"]


def test_judged_selects_each_project_holding_a_judged_finding_of_the_rules(
    corpus: ModuleType, tmp_path: Path
) -> None:
    first_set = next(iter(corpus.UNSEEN_SETS.values()))
    (name, version), (other, other_version) = first_set[0], first_set[1]
    rows = [
        {"code": "TPL402", "path": f"{corpus.tree_name(name, version)}/train.py", "line": 3},
        {"rule": "TPL402", "path": f"{corpus.tree_name(name, version)}/eval.py", "line": 9},
        {"code": "TPL106", "path": f"{corpus.tree_name(other, other_version)}/a.py", "line": 1},
    ]
    judged = tmp_path / "judged.jsonl"
    judged.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    assert corpus.judged_projects({"TPL402"}, judged) == ((name, version),)
    both = corpus.judged_projects({"TPL402", "TPL106"}, judged)
    assert set(both) == {(name, version), (other, other_version)}
    # Every committed verdict names a project of some set.
    every = corpus.judged_projects({"TPL402", "TPL108"}, corpus.JUDGED_UNSEEN)
    assert len(every) > 100 and len(set(every)) == len(every)


def test_judged_rules_with_no_verdict_are_refused(corpus: ModuleType) -> None:
    import argparse

    with pytest.raises(SystemExit, match="no judged finding of these rules"):
        corpus._package_set(argparse.Namespace(judged="TPL999"))
