"""Results cached by content hash, so an unchanged tree re-lints in well under a second.

One file per settings fingerprint (torchplace version, enabled rules, the linter's source,
the options that change findings, the Python whose parser reads the files). An entry is
reused when the file's size and mtime match; if only the mtime moved, the content hash decides.

The cache is data, never code: JSON checked field by field on load (`cache_format`), signed
with a key private to the user (`cache_location`), so a cache shipped inside a repository or a
tarball is neither run nor believed. Anything wrong with it (unreadable, not a regular file,
bad signature, bad shape) means it is rebuilt, silently: a cache can only cost time.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from torchplace import __version__
from torchplace.lint import cache_format
from torchplace.lint.cache_digest import content_digest
from torchplace.lint.cache_format import Entry
from torchplace.lint.config import LintConfig
from torchplace.lint.engine import PYTHON_GRAMMAR
from torchplace.lint.rule import Rule
from torchplace.report import Finding

# A cache larger than this is not read (a real one holds a few hundred bytes per file).
MAX_CACHE_BYTES = 256 * 1024 * 1024


def fingerprint(rules: Sequence[type[Rule]], config: LintConfig) -> str:
    digest = hashlib.blake2b(digest_size=12)
    digest.update(
        f"{cache_format.FORMAT}|{__version__}|{config.forward_methods}|{config.max_file_bytes}".encode()
    )
    # Default rules read more with `--preview` (`FileContext.preview`): the same rules give
    # other findings.
    digest.update(f"preview={config.preview}".encode())
    # Which files parse depends on the Python that parses them.
    digest.update(PYTHON_GRAMMAR.encode())
    digest.update(repr(config.per_file_ignores).encode())
    for rule in rules:
        digest.update(rule.code.encode())
    # All of the linter's source, not only the rules' modules: a rule's findings also come
    # from the helpers it imports (`rules/_helpers.py`, flow analysis, `regions`), and a
    # cache keyed on less serves stale findings after an upgrade that changed only those.
    package = Path(__file__).parent
    for part in sorted(package.rglob("*.py")):
        digest.update(part.relative_to(package).as_posix().encode())
        digest.update(part.read_bytes())
    return digest.hexdigest()


class LintCache:
    def __init__(self, directory: Path, key: str, secret: bytes) -> None:
        self.file = directory / f"lint-{key}.json"
        self.key = key
        self.secret = secret
        self.entries: dict[str, Entry] = {}
        self.dirty = False
        data = read_regular_file(self.file, MAX_CACHE_BYTES)
        if data is not None:
            try:
                self.entries = cache_format.decode(data, key, secret)
            except ValueError:
                self.entries = {}

    def lookup(self, path: str) -> tuple[Finding, ...] | None:
        """Cached findings for `path` if its content is unchanged, else None."""
        key = os.path.abspath(path)
        entry = self.entries.get(key)
        if entry is None:
            return None
        try:
            status = os.stat(path)
        except OSError:
            return None
        if not stat.S_ISREG(status.st_mode) or status.st_size != entry.size:
            return None
        if status.st_mtime_ns != entry.mtime_ns:
            data = read_regular_file(Path(path), entry.size)
            if data is None or content_digest(data) != entry.digest:
                return None
            entry.mtime_ns = status.st_mtime_ns
            self.dirty = True
        return tuple(f if f.path == path else replace(f, path=path) for f in entry.findings)

    def store(self, path: str, identity: tuple[int, int, str], findings: Sequence[Finding]) -> None:
        mtime_ns, size, digest = identity
        self.entries[os.path.abspath(path)] = Entry(mtime_ns, size, digest, tuple(findings))
        self.dirty = True

    def save(self) -> None:
        """Write the cache through a temporary file renamed over it; on any failure leave
        neither a temporary file nor a half-written cache behind."""
        if not self.dirty:
            return
        directory = self.file.parent
        try:
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not _is_regular_or_absent(self.file) or directory.is_symlink():
                return
            gitignore = directory / ".gitignore"
            if not os.path.lexists(gitignore):
                gitignore.write_text("# Created by torchplace lint.\n*\n", encoding="utf-8")
            payload = cache_format.encode(self.entries, self.key, self.secret)
        except (OSError, ValueError):
            return  # a cache that cannot be written only costs time on the next run
        _replace_atomically(self.file, payload)


def _replace_atomically(target: Path, payload: bytes) -> None:
    try:
        descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=".lint-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(payload)
        os.replace(temporary, target)
    except OSError:
        pass
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


def _is_regular_or_absent(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def read_regular_file(path: Path, limit: int) -> bytes | None:
    """The bytes of `path` if it is a regular file (not a link, FIFO or device) of at most
    `limit` bytes, else None. Opening never blocks: a FIFO is opened non-blocking and refused."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as handle:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > limit:
            return None
        try:
            data = handle.read(limit + 1)
        except OSError:
            return None
    return data if len(data) <= limit else None
