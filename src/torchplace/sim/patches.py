"""Set attributes for the life of a simulation and put every one back afterwards."""

from __future__ import annotations

from typing import Any

_MISSING = object()


class Patches:
    """A stack of attribute replacements, undone in reverse order by `restore()`."""

    def __init__(self) -> None:
        self._saved: list[tuple[Any, str, Any]] = []

    def set(self, owner: Any, name: str, value: Any) -> None:
        self._saved.append((owner, name, owner.__dict__.get(name, _MISSING)))
        setattr(owner, name, value)

    def restore(self) -> None:
        while self._saved:
            owner, name, old = self._saved.pop()
            if old is _MISSING:
                delattr(owner, name)
            else:
                setattr(owner, name, old)
