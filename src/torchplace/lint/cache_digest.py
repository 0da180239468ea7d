"""The content hash the cache keys on (kept apart so the engine need not import the cache)."""

from __future__ import annotations

import hashlib


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()
