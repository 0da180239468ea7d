"""Set attributes for the life of a simulation and put every one back afterwards."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections.abc import MutableMapping
from typing import Any

_MISSING = object()


class Patches:
    """A stack of attribute replacements, undone in reverse order by `restore()`."""

    def __init__(self) -> None:
        self._saved: list[tuple[Any, str, Any]] = []
        self._items: list[tuple[MutableMapping[str, Any], str, Any]] = []
        # id(replacement) -> (replacement, [(qualified name it was set as, original), ...])
        self._originals: dict[int, tuple[Any, list[tuple[str, Any]]]] = {}

    def set(self, owner: Any, name: str, value: Any) -> None:
        old = owner.__dict__.get(name, _MISSING)
        self._saved.append((owner, name, old))
        if old is not _MISSING:
            entry = self._originals.setdefault(id(value), (value, []))
            entry[1].append((f"{_qualified(owner)}.{name}", old))
        setattr(owner, name, value)

    def set_item(self, mapping: MutableMapping[str, Any], key: str, value: Any) -> None:
        """`mapping[key] = value` (e.g. a `sys.modules` entry), undone by `restore()`."""
        self._items.append((mapping, key, mapping.get(key, _MISSING)))
        mapping[key] = value

    def original(self, value: Any, name: str = "") -> Any:
        """What `value` replaced (as `name`, e.g. `"torch.cuda.set_device"`, when it replaced
        several functions); `value` itself when it is not a replacement."""
        entry = self._originals.get(id(value))
        if entry is None or entry[0] is not value:
            return value
        dotted = name.replace("#", ".")
        for qualified, old in entry[1]:
            if qualified == dotted:
                return old
        return entry[1][0][1]

    def restore(self) -> None:
        self._originals.clear()
        while self._items:
            mapping, key, old = self._items.pop()
            if old is _MISSING:
                mapping.pop(key, None)
            else:
                mapping[key] = old
        while self._saved:
            owner, name, old = self._saved.pop()
            if old is _MISSING:
                delattr(owner, name)
            else:
                setattr(owner, name, old)


def _qualified(owner: Any) -> str:
    if isinstance(owner, type):
        return f"{owner.__module__}.{owner.__qualname__}"
    return str(getattr(owner, "__name__", ""))
