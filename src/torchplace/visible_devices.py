"""Parse `CUDA_VISIBLE_DEVICES` the way the CUDA runtime does, and say what is wrong with it.

Shared by runtime (`bind_worker`), doctor (visibility check) and preflight (`--device-ids`),
so the three never disagree. Pure standard library: no torch, no NVML.

CUDA's rules, which torch's own `_parse_visible_devices` mirrors: entries are comma separated;
an entry is a physical index (read like `strtoul`, so `1gpu` means 1), a GPU UUID prefix
(`GPU-...`) or a MIG id (`MIG-...`); the list stops at the first entry it cannot read, hiding
every GPU after it; a repeated entry hides all GPUs; an empty value hides all GPUs.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

ENV_VAR = "CUDA_VISIBLE_DEVICES"

_INDEX = re.compile(r"^\s*\+?(\d+)")


class EntryKind(str, enum.Enum):
    INDEX = "index"
    UUID = "uuid"
    MIG = "mig"


@dataclass(frozen=True)
class VisibleDevices:
    """The parsed value: `entries` are what CUDA will expose, in logical order 0..n-1."""

    raw: str | None
    entries: tuple[str, ...]
    kind: EntryKind | None
    problems: tuple[str, ...] = field(default=())

    @property
    def is_set(self) -> bool:
        return self.raw is not None

    @property
    def count(self) -> int | None:
        """Number of visible devices, or None when unset (all physical GPUs are visible)."""
        return None if self.raw is None else len(self.entries)

    def physical_indices(self) -> tuple[int, ...] | None:
        """Physical GPU index of each logical device, when the entries are indices."""
        if self.kind is not EntryKind.INDEX:
            return None
        return tuple(int(e) for e in self.entries)


def _entry_kind(entry: str) -> EntryKind | None:
    if entry.startswith("GPU-"):
        return EntryKind.UUID
    if entry.startswith("MIG-"):
        return EntryKind.MIG
    if _INDEX.match(entry):
        return EntryKind.INDEX
    return None


def parse(raw: str | None) -> VisibleDevices:
    """Parse a `CUDA_VISIBLE_DEVICES` value (None means unset)."""
    if raw is None:
        return VisibleDevices(None, (), None)
    if raw.strip() == "":
        problem = f"{ENV_VAR}={raw!r} is empty: CUDA will expose no GPU at all"
        return VisibleDevices(raw, (), None, (problem,))
    parts = raw.split(",")
    first_kind = _entry_kind(parts[0].strip())
    entries: list[str] = []
    problems: list[str] = []
    for position, part in enumerate(parts):
        entry = part.strip()
        kind = _entry_kind(entry)
        if kind is None or kind is not first_kind:
            hidden = ",".join(parts[position:])
            problems.append(
                f"{ENV_VAR}={raw!r}: entry {part!r} is not a GPU index, UUID or MIG id of the "
                f"same kind as the first; CUDA stops reading there and hides {hidden!r}"
            )
            break
        if kind is EntryKind.INDEX:
            match = _INDEX.match(entry)
            assert match is not None
            number = match.group(1)
            if entry != number:
                problems.append(
                    f"{ENV_VAR}={raw!r}: entry {part!r} is read as {int(number)}; "
                    "write plain indices"
                )
            entry = str(int(number))
        if entry in entries:
            problems.append(
                f"{ENV_VAR}={raw!r} names {entry!r} twice: CUDA then exposes no GPU at all"
            )
            return VisibleDevices(raw, (), first_kind, tuple(problems))
        entries.append(entry)
    return VisibleDevices(raw, tuple(entries), first_kind, tuple(problems))


def from_environ(environ: Mapping[str, str]) -> VisibleDevices:
    return parse(environ.get(ENV_VAR))


def check_against_hardware(
    visible: VisibleDevices, physical_uuids: Sequence[str]
) -> tuple[str, ...]:
    """Problems with entries that name GPUs this machine does not have.

    `physical_uuids` are the GPUs' UUIDs in physical (NVML / PCI bus) order.
    """
    problems = []
    count = len(physical_uuids)
    for logical, entry in enumerate(visible.entries):
        if visible.kind is EntryKind.INDEX and int(entry) >= count:
            problems.append(
                f"{ENV_VAR}={visible.raw!r}: entry {entry} (logical cuda:{logical}) is out of "
                f"range; this machine has {count} GPU(s), indices 0..{count - 1}"
            )
        elif visible.kind is EntryKind.UUID:
            matches = [u for u in physical_uuids if u.startswith(entry)]
            if len(matches) != 1:
                what = "no" if not matches else "more than one"
                problems.append(
                    f"{ENV_VAR}={visible.raw!r}: {entry!r} matches {what} GPU UUID on this machine"
                )
    return tuple(problems)


def resolve_physical(visible: VisibleDevices, physical_uuids: Sequence[str]) -> list[int | None]:
    """Physical index of each logical device (None where an entry matches no GPU)."""
    if not visible.is_set:
        return list(range(len(physical_uuids)))
    resolved: list[int | None] = []
    for entry in visible.entries:
        if visible.kind is EntryKind.INDEX:
            index = int(entry)
            resolved.append(index if index < len(physical_uuids) else None)
        elif visible.kind is EntryKind.UUID:
            matches = [i for i, u in enumerate(physical_uuids) if u.startswith(entry)]
            resolved.append(matches[0] if len(matches) == 1 else None)
        else:
            resolved.append(None)
    return resolved
