"""FIFOs, sockets and devices are never read (reading one blocks or never ends), and a
directory that cannot be read is named: an error when it was given, a warning when found."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from torchplace.cli import main

CUDA = "import torch\nz = torch.zeros(3).cuda()\n"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


def _lint(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "torchplace", "lint", "--preview", "--no-cache", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
    )


@needs_fifo
def test_a_fifo_named_like_python_in_a_tree_is_skipped_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "real.py").write_text(CUDA, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.py")
    result = _lint(str(tmp_path))
    assert result.returncode == 1
    assert "real.py:2:" in result.stdout and "TPL101" in result.stdout
    assert "pipe.py: not a regular file (a FIFO); skipped" in result.stderr
    assert "Traceback" not in result.stderr


@needs_fifo
def test_a_fifo_named_directly_is_skipped_with_a_warning(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.py")
    result = _lint(str(tmp_path / "pipe.py"))
    assert result.returncode == 0
    assert "not a regular file (a FIFO); skipped" in result.stderr


def test_sockets_and_devices_are_skipped(tmp_path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(tmp_path / "sock.py"))
        result = _lint(str(tmp_path), "/dev/null")
    finally:
        server.close()
    assert result.returncode == 0
    assert "sock.py: not a regular file (a socket); skipped" in result.stderr
    assert "/dev/null: not a regular file (a device); skipped" in result.stderr


def test_a_file_swapped_for_a_fifo_after_discovery_does_not_block(tmp_path: Path) -> None:
    from torchplace.lint.config import LintConfig
    from torchplace.lint.engine import Linter

    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    os.mkfifo(tmp_path / "late.py")
    result = Linter([], LintConfig()).lint_path(str(tmp_path / "late.py"))
    assert [f.message for f in result.findings] == ["File not checked: not a regular file"]


def _refuse_listing(monkeypatch: pytest.MonkeyPatch, refused: Path) -> None:
    real_scandir = os.scandir

    def scandir(path: object) -> Iterator[os.DirEntry[str]]:
        if Path(str(path)) == refused:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[arg-type, return-value]

    monkeypatch.setattr(os, "scandir", scandir)


def test_an_unreadable_subdirectory_is_named_in_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ok.py").write_text(CUDA, encoding="utf-8")
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "hidden.py").write_text(CUDA, encoding="utf-8")
    _refuse_listing(monkeypatch, tmp_path / "secret")
    assert main(["lint", "--preview", "--no-cache", "-q", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "ok.py" in captured.out and "hidden.py" not in captured.out
    assert f"{tmp_path / 'secret'}: cannot read directory (Permission denied); skipped" in (
        captured.err
    )


def test_an_unreadable_root_directory_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _refuse_listing(monkeypatch, tmp_path)
    assert main(["lint", "--preview", "--no-cache", "-q", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        f"torchplace lint: error: {tmp_path}: cannot read directory (Permission denied)"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads directories without permission")
def test_real_permissions(tmp_path: Path) -> None:
    (tmp_path / "ok.py").write_text(CUDA, encoding="utf-8")
    (tmp_path / "secret").mkdir(mode=0)
    try:
        result = _lint(str(tmp_path))
        assert "secret: cannot read directory" in result.stderr
        os.chmod(tmp_path, 0)
        assert _lint(str(tmp_path)).returncode == 2
    finally:
        os.chmod(tmp_path, 0o700)
        os.chmod(tmp_path / "secret", 0o700)
