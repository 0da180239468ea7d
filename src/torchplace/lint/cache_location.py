"""Where the lint cache lives, and the per-user key that signs it.

The cache goes to `<project root>/.torchplace_cache` only when that root lies inside the tree
being linted; otherwise (the settings came from a `pyproject.toml` above the linted tree, such
as one planted in `/tmp` by another user) it goes to the user's cache directory
(`$XDG_CACHE_HOME/torchplace`, else `~/.cache/torchplace`), in a folder named after the root.
A directory of ours that is a symbolic link is not used.

The signing key is 32 random bytes in `<user cache>/torchplace/key`, a regular file readable
only by its owner; when it cannot be made or trusted there is no cache.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import stat
from collections.abc import Sequence
from pathlib import Path

from torchplace.lint.cache import read_regular_file

CACHE_FOLDER = ".torchplace_cache"
_KEY_HEX_CHARS = 64


def user_cache_dir() -> Path:
    configured = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(configured) if os.path.isabs(configured) else Path.home() / ".cache"
    return base / "torchplace"


def default_cache_dir(paths: Sequence[str], root: Path) -> Path | None:
    """The cache folder for linting `paths` with settings rooted at `root` (None: no cache)."""
    try:
        trees = [_tree(Path(p)) for p in paths]
        top = Path(os.path.commonpath([str(t) for t in trees])) if trees else Path.cwd()
        root = root.resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    if root == top or top in root.parents:
        inside = root / CACHE_FOLDER
        return None if inside.is_symlink() else inside
    name = hashlib.blake2b(str(root).encode("utf-8", "surrogateescape"), digest_size=10)
    return user_cache_dir() / "lint" / name.hexdigest()


def _tree(path: Path) -> Path:
    resolved = path.resolve()
    return resolved if resolved.is_dir() else resolved.parent


def signing_key() -> bytes | None:
    """The user's cache-signing key, made on first use; None when it cannot be trusted."""
    directory = user_cache_dir()
    key_file = directory / "key"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not os.path.lexists(key_file):
            _create_key(key_file)
    except OSError:
        return None
    return _read_key(key_file)


def _create_key(key_file: Path) -> None:
    """Write the key to a private temporary file and link it into place: two runs starting
    at once never see a half-written key (the loser of the race uses the winner's)."""
    temporary = key_file.with_name(f".key-{secrets.token_hex(8)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(_KEY_HEX_CHARS // 2))
        try:
            os.link(temporary, key_file)
        except FileExistsError:
            pass
    finally:
        temporary.unlink(missing_ok=True)


def _read_key(key_file: Path) -> bytes | None:
    try:
        status = os.lstat(key_file)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode) or status.st_uid != os.geteuid() or status.st_mode & 0o077:
        return None
    data = read_regular_file(key_file, _KEY_HEX_CHARS)
    if data is None or len(data) != _KEY_HEX_CHARS:
        return None
    try:
        return bytes.fromhex(data.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return None
