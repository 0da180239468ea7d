"""The lint cache holds data only: a planted cache is neither run nor believed, and settings
found above the linted tree never decide where the cache is written."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torchplace.cli import main
from torchplace.lint import cache_format
from torchplace.lint.cache import LintCache, fingerprint
from torchplace.lint.cache_digest import content_digest
from torchplace.lint.cache_location import default_cache_dir, signing_key
from torchplace.lint.config import LintConfig
from torchplace.lint.registry import all_rules

BUGGY = "import torch\n\nx = torch.zeros(3).cuda()\nstate = torch.load(path)\n"


@pytest.fixture(autouse=True)
def _private_user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


class _Planted:
    """Unpickling this creates the file named in it: proof that pickle ran our payload."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch " + str(self.marker),))


def _key() -> str:
    # The tests lint with --preview (their bug is a preview rule's), so the planted and the
    # checked cache files carry that configuration's key.
    config = LintConfig(preview=True)
    return fingerprint(config.enabled_rules(all_rules()), config)


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    (project / "buggy.py").write_text(BUGGY, encoding="utf-8")
    return project


def test_a_planted_pickle_never_runs(tmp_path: Path) -> None:
    project = _project(tmp_path)
    marker = tmp_path / "pwned"
    cache = project / ".torchplace_cache"
    cache.mkdir()
    payload = pickle.dumps(_Planted(marker))
    for name in (f"lint-{_key()}.pickle", f"lint-{_key()}.json"):
        (cache / name).write_bytes(payload)
    result = subprocess.run(
        [sys.executable, "-m", "torchplace", "lint", "--preview", "-q", "."],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert "TPL101" in result.stdout
    assert not marker.exists()
    assert "Traceback" not in result.stderr


def test_a_planted_json_cache_that_hides_findings_is_not_believed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _project(tmp_path)
    buggy = project / "buggy.py"
    status = buggy.stat()
    entry = cache_format.Entry(
        status.st_mtime_ns, status.st_size, content_digest(buggy.read_bytes()), ()
    )
    cache = project / ".torchplace_cache"
    cache.mkdir()
    forged = cache_format.encode({str(buggy.resolve()): entry}, _key(), b"guessed key")
    (cache / f"lint-{_key()}.json").write_bytes(forged)
    monkeypatch.chdir(project)
    assert main(["lint", "--preview", "-q", "."]) == 1
    unsigned = json.dumps({"format": cache_format.FORMAT, "key": _key(), "entries": {}})
    with pytest.raises(ValueError):
        cache_format.decode(unsigned.encode(), _key(), b"any key")


def test_cache_round_trips_findings_with_fixes(tmp_path: Path) -> None:
    project = _project(tmp_path)
    args = ["lint", "--preview", "-q", "--cache-dir", str(tmp_path / "c"), str(project)]
    assert main(args) == 1
    secret = signing_key()
    assert secret is not None
    loaded = LintCache(tmp_path / "c", _key(), secret)
    (entry,) = loaded.entries.values()
    assert [f.code for f in entry.findings] == ["TPL101", "TPL106"]
    assert entry.findings[1].fix is not None
    assert main(args) == 1  # the same findings, fixes included, served from the cache
    assert LintCache(tmp_path / "c", _key(), secret).entries == loaded.entries


@pytest.mark.parametrize(
    "body",
    [
        b"[]",
        b'{"format": 2, "key": "K", "entries": {"/x.py": [1, 2, "d", [{"path": 3}]]}}',
        b'{"format": 2, "key": "K", "entries": {"/x.py": [-1, 2, "d", []]}}',
        b"[" * 100_000 + b"]" * 100_000,
        b"\xff\xfe",
    ],
)
def test_any_malformed_cache_is_rejected_as_data(body: bytes) -> None:
    secret = b"k" * 32
    signed = b"torchplace-lint-cache " + cache_format._sign(body, secret).encode() + b"\n" + body
    with pytest.raises(ValueError):
        cache_format.decode(signed, "K", secret)


def test_an_ancestor_pyproject_does_not_redirect_the_cache(
    tmp_path: Path, _private_user_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "pyproject.toml").write_text("[tool.torchplace]\nselect = ['TPL1']\n")
    victim = _project(shared)
    monkeypatch.chdir(victim)
    assert main(["lint", "--preview", "-q", "."]) == 1
    assert not (shared / ".torchplace_cache").exists()
    assert not (victim / ".torchplace_cache").exists()
    assert list((_private_user_cache / "torchplace" / "lint").glob("*/lint-*.json"))


def test_the_cache_stays_in_the_linted_tree_when_the_settings_are_there(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "pyproject.toml").write_text("[tool.torchplace]\nselect = ['TPL1']\n")
    assert default_cache_dir([str(project)], project) == project / ".torchplace_cache"
    assert default_cache_dir([str(project / "buggy.py")], project) == (
        project / ".torchplace_cache"
    )
    outside = default_cache_dir([str(project)], tmp_path)
    assert outside is not None and project not in outside.parents and tmp_path != outside.parent


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_or_symlink_as_cache_file_is_refused_without_hanging(tmp_path: Path) -> None:
    project = _project(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir()
    os.mkfifo(cache / f"lint-{_key()}.json")
    command = [
        sys.executable,
        "-m",
        "torchplace",
        "lint",
        "--preview",
        "-q",
        "--cache-dir",
        str(cache),
        ".",
    ]
    result = subprocess.run(
        command, cwd=project, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 1 and "TPL101" in result.stdout
    assert (cache / f"lint-{_key()}.json").is_fifo()
    (cache / f"lint-{_key()}.json").unlink()
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep me", encoding="utf-8")
    (cache / f"lint-{_key()}.json").symlink_to(elsewhere)
    assert main(["lint", "--preview", "-q", "--cache-dir", str(cache), str(project)]) == 1
    assert elsewhere.read_text(encoding="utf-8") == "keep me"


def test_a_failed_save_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _project(tmp_path)
    cache = tmp_path / "cache"

    def refuse(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert main(["lint", "--preview", "-q", "--cache-dir", str(cache), str(project)]) == 1
    assert [p.name for p in cache.iterdir()] == [".gitignore"]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=100, deadline=None)
@given(entries=st.dictionaries(st.text(max_size=8), _JSON, max_size=4))
def test_any_signed_json_decodes_to_entries_or_is_rejected(entries: dict[str, object]) -> None:
    """Whatever a signed cache holds, reading it gives plain entries or a ValueError."""
    secret = b"s" * 32
    body = json.dumps({"format": cache_format.FORMAT, "key": "K", "entries": entries}).encode()
    signed = b"torchplace-lint-cache " + cache_format._sign(body, secret).encode() + b"\n" + body
    try:
        decoded = cache_format.decode(signed, "K", secret)
    except ValueError:
        return
    assert all(isinstance(e, cache_format.Entry) for e in decoded.values())
