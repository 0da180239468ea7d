"""Results cached by content hash, so an unchanged tree re-lints in well under a second.

One pickle per settings fingerprint (torchplace version, enabled rules, the rules' own source,
the options that change findings). An entry is reused when the file's size and mtime match; if
only the mtime moved, the content hash decides. The cache is a local, private file: a corrupt or
unreadable one is ignored and rebuilt, never an error.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from torchplace import __version__
from torchplace.lint.cache_digest import content_digest
from torchplace.lint.config import LintConfig
from torchplace.lint.rule import Rule
from torchplace.report import Finding

_FORMAT = 1


@dataclass
class Entry:
    mtime_ns: int
    size: int
    digest: str
    findings: tuple[Finding, ...]


def fingerprint(rules: Sequence[type[Rule]], config: LintConfig) -> str:
    digest = hashlib.blake2b(digest_size=12)
    digest.update(
        f"{_FORMAT}|{__version__}|{config.forward_methods}|{config.max_file_bytes}".encode()
    )
    digest.update(repr(config.per_file_ignores).encode())
    for rule in rules:
        digest.update(rule.code.encode())
        module_file = getattr(__import__(rule.__module__, fromlist=["_"]), "__file__", None)
        if module_file:
            digest.update(Path(module_file).read_bytes())
    for engine_part in ("engine.py", "context.py", "rule.py", "suppression.py", "source.py"):
        digest.update((Path(__file__).parent / engine_part).read_bytes())
    return digest.hexdigest()


class LintCache:
    def __init__(self, directory: Path, key: str) -> None:
        self.file = directory / f"lint-{key}.pickle"
        self.entries: dict[str, Entry] = {}
        self.dirty = False
        try:
            with open(self.file, "rb") as handle:
                loaded = pickle.load(handle)
            if isinstance(loaded, dict):
                self.entries = loaded
        except (
            OSError,
            EOFError,
            pickle.UnpicklingError,
            AttributeError,
            ImportError,
            TypeError,
            ValueError,
        ):
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
        if status.st_size != entry.size:
            return None
        if status.st_mtime_ns != entry.mtime_ns:
            try:
                with open(path, "rb") as handle:
                    digest = content_digest(handle.read())
            except OSError:
                return None
            if digest != entry.digest:
                return None
            entry.mtime_ns = status.st_mtime_ns
            self.dirty = True
        return tuple(f if f.path == path else replace(f, path=path) for f in entry.findings)

    def store(self, path: str, identity: tuple[int, int, str], findings: Sequence[Finding]) -> None:
        mtime_ns, size, digest = identity
        self.entries[os.path.abspath(path)] = Entry(mtime_ns, size, digest, tuple(findings))
        self.dirty = True

    def save(self) -> None:
        if not self.dirty:
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            gitignore = self.file.parent / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("# Created by torchplace lint.\n*\n", encoding="utf-8")
            descriptor, temporary = tempfile.mkstemp(dir=self.file.parent, suffix=".tmp")
            with os.fdopen(descriptor, "wb") as handle:
                pickle.dump(self.entries, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, self.file)
        except OSError:
            pass  # a cache that cannot be written only costs time on the next run
