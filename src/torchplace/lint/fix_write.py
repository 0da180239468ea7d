"""Write fixes into source files without ever corrupting them.

Under an exclusive `flock` on the file (concurrent `--fix` runs take turns), the bytes are read,
the fix is computed from exactly those bytes (`compute`), and just before writing the file is
read again: if it changed, nothing is written. The file keeps what it was:

- a symbolic link keeps pointing where it did: its target is written;
- mode and owner are copied to the new file; when the owner cannot be given back, and for a
  file with several hard links, the file is written in place instead of replaced;
- a UTF-8 byte-order mark is kept; files in other encodings are not fixed;
- a read-only file is not touched (a clear message says so).

The normal case writes a temporary file in the same directory and renames it over the
target, so a run killed at any moment leaves either the old file or the new one.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; runs there are not serialized
    fcntl = None  # type: ignore[assignment]

from torchplace.lint.fix import FixOutcome

_BOM = b"\xef\xbb\xbf"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_ATTEMPTS = 5


@dataclass
class Decoded:
    text: str
    bom: bytes


def decode_for_fix(data: bytes) -> Decoded | None:
    """The text a fix is computed on (None: not UTF-8, so not fixed)."""
    bom = _BOM if data.startswith(_BOM) else b""
    try:
        return Decoded(data[len(bom) :].decode("utf-8"), bom)
    except UnicodeDecodeError:
        return None


def fix_in_place(path: str, compute: Callable[[str], FixOutcome]) -> FixOutcome:
    """Fix `path` with `compute(text)` under a lock and write the result safely."""
    target = os.path.realpath(path)
    for _ in range(_ATTEMPTS):
        try:
            descriptor = os.open(target, os.O_RDWR | _NOFOLLOW | _NONBLOCK)
        except OSError as error:
            return _refused(path, f"not fixed: cannot open it for writing ({error.strerror})")
        try:
            outcome = _fix_locked(path, target, descriptor, compute)
        finally:
            os.close(descriptor)  # releases the lock, after the new file is in place
        if outcome is not None:
            return outcome
    return _refused(path, "not fixed: the file kept being replaced while it was fixed")


def unwritable_reason(path: str) -> str | None:
    """Why `path` is not even tried (read-only or not a regular file); None: try it."""
    try:
        status = os.stat(path)
    except OSError as error:
        return f"not fixed: {error.strerror}"
    if not stat.S_ISREG(status.st_mode):
        return "not fixed: not a regular file"
    if not status.st_mode & 0o222:
        return "not fixed: the file is read-only (make it writable to apply the fixes)"
    return None


def _fix_locked(
    path: str, target: str, descriptor: int, compute: Callable[[str], FixOutcome]
) -> FixOutcome | None:
    """The outcome, or None when the path now names another file (replaced by another run
    while we waited for the lock): the caller opens it again."""
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode):
        return _refused(path, "not fixed: not a regular file")
    if fcntl is not None:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
    if not _names_same_file(target, descriptor):
        return None
    data = _read_all(descriptor)
    decoded = decode_for_fix(data)
    if decoded is None:
        return _refused(path, "not fixed: not UTF-8 (fixes are written only into UTF-8 files)")
    outcome = compute(decoded.text)
    if not outcome.changed or outcome.rejected_reason:
        return outcome
    if _read_all(descriptor) != data:
        return _refused(path, "not fixed: the file changed while it was being fixed")
    _write(target, descriptor, decoded.bom + outcome.fixed.encode("utf-8"))
    return outcome


def _refused(path: str, reason: str) -> FixOutcome:
    return FixOutcome(path, "", "", [], reason)


def _names_same_file(target: str, descriptor: int) -> bool:
    try:
        named = os.stat(target, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(descriptor)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _read_all(descriptor: int) -> bytes:
    chunks = []
    offset = 0
    while chunk := os.pread(descriptor, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _write(target: str, descriptor: int, payload: bytes) -> None:
    status = os.fstat(descriptor)
    if status.st_nlink > 1 or not _replace(target, status, payload):
        _overwrite(descriptor, payload)


def _replace(target: str, status: os.stat_result, payload: bytes) -> bool:
    """Write a new file beside `target` with its mode and owner and rename it over `target`;
    False (nothing changed) when that cannot keep the owner or the directory refuses it."""
    directory, name = os.path.split(target)
    try:
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    except OSError:
        return False
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fchmod(stream.fileno(), stat.S_IMODE(status.st_mode))
            if (status.st_uid, status.st_gid) != (os.geteuid(), os.getegid()):
                os.fchown(stream.fileno(), status.st_uid, status.st_gid)
        os.replace(temporary, target)
    except OSError:
        return False
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)
    return True


def _overwrite(descriptor: int, payload: bytes) -> None:
    """In place (hard links, foreign owner): new bytes first, then cut the old tail."""
    written = 0
    while written < len(payload):
        written += os.pwrite(descriptor, payload[written:], written)
    os.ftruncate(descriptor, len(payload))
