"""Ranks on one node that would share a GPU, found through the rendezvous store before NCCL.

NCCL finds a shared GPU only when the communicator starts, with an obscure message (or not at
all when ranks share by accident through `CUDA_VISIBLE_DEVICES`). Every rank writes what it
bound under a key in the rendezvous store, reads the records of the other ranks of its node,
and all of them fail together with one message naming the ranks, the GPU and the fix.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any, Protocol

from torchplace import visible_devices
from torchplace.runtime.errors import BindingError


class KeyValueStore(Protocol):
    """The two `torch.distributed.Store` methods used here."""

    def set(self, key: str, value: str, /) -> None: ...

    def get(self, key: str, /) -> bytes: ...

    def add(self, key: str, amount: int, /) -> int: ...


class _Binding(Protocol):
    @property
    def rank(self) -> int: ...
    @property
    def local_rank(self) -> int: ...
    @property
    def local_world_size(self) -> int | None: ...
    @property
    def device(self) -> str: ...
    @property
    def hostname(self) -> str: ...
    @property
    def visible_devices(self) -> str | None: ...


def gpu_identity(uuid: str | None, hostname: str, device: str, environ: Mapping[str, str]) -> str:
    """A name for the physical GPU: its UUID, else host plus the visible-devices entry."""
    if uuid:
        return uuid
    visible = visible_devices.from_environ(environ)
    index = int(device.partition(":")[2] or 0)
    entry = visible.entries[index] if index < len(visible.entries) else str(index)
    return f"{hostname}/{entry}"


def node_peers(rank: int, local_rank: int, local_world_size: int) -> range:
    """Global ranks on this node, assuming the launcher numbers nodes contiguously (torchrun)."""
    first = rank - local_rank
    return range(first, first + local_world_size)


_rounds = itertools.count()


def _namespace(environ: Mapping[str, str]) -> str:
    # Keys must not be read from an earlier round: a restarted job reuses the agent's store,
    # and a process may bind again after destroy_process_group (every rank does it alike).
    run = environ.get("TORCHELASTIC_RUN_ID", "")
    attempt = environ.get("TORCHELASTIC_RESTART_COUNT", "0")
    return f"torchplace/bind/{run}/{attempt}/{next(_rounds)}"


def find_collisions(records: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """Groups of records (two or more) that name the same GPU identity."""
    by_identity: dict[str, list[Mapping[str, Any]]] = {}
    for record in records:
        by_identity.setdefault(str(record["identity"]), []).append(record)
    return [group for group in by_identity.values() if len(group) > 1]


def collision_message(groups: Sequence[Sequence[Mapping[str, Any]]]) -> str:
    lines = []
    for group in groups:
        who = ", ".join(
            f"rank {r['rank']} (LOCAL_RANK={r['local_rank']}, {r['device']}, "
            f"CUDA_VISIBLE_DEVICES={r['visible_devices']!r})"
            for r in group
        )
        lines.append(f"GPU {group[0]['identity']} is bound by {who}")
    return (
        "; ".join(lines) + ". Each process needs its own GPU: derive the device from LOCAL_RANK "
        "(not RANK), or give each process a different CUDA_VISIBLE_DEVICES; if sharing is "
        "intended (MPS), pass check_collisions=False"
    )


def exchange(
    store: KeyValueStore,
    namespace: str,
    rank: int,
    peers: range,
    record: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """Publish this rank's record and read those of `peers` (blocks until each is there)."""
    store.set(f"{namespace}/{rank}", json.dumps(dict(record)))
    return [json.loads(store.get(f"{namespace}/{peer}")) for peer in peers]


def _leave_together(store: KeyValueStore, namespace: str, rank: int, peers: int) -> None:
    """Rank 0 may host the store (plain env:// launches): it must not exit, on a collision,
    before the others have read what they need, or they fail with a connection error instead."""
    done = store.add(f"{namespace}/done", 1)
    deadline = time.monotonic() + 60.0
    while rank == 0 and done < peers and time.monotonic() < deadline:
        time.sleep(0.01)
        done = store.add(f"{namespace}/done", 0)


def check_node_collisions(
    store: KeyValueStore,
    binding: _Binding,
    identity: str,
    environ: Mapping[str, str],
    timeout: timedelta | None = None,
) -> None:
    """Raise BindingError, on every rank of the node, when two of them bound the same GPU."""
    if binding.local_world_size is None or binding.local_world_size < 2:
        return
    if timeout is not None and hasattr(store, "set_timeout"):
        store.set_timeout(timeout)
    record = {
        "rank": binding.rank,
        "local_rank": binding.local_rank,
        "device": binding.device,
        "visible_devices": binding.visible_devices,
        "hostname": binding.hostname,
        "identity": identity,
    }
    peers = node_peers(binding.rank, binding.local_rank, binding.local_world_size)
    namespace = _namespace(environ)
    records = exchange(store, namespace, binding.rank, peers, record)
    _leave_together(store, namespace, binding.rank, len(peers))
    groups = find_collisions(records)
    if groups:
        raise BindingError(collision_message(groups))
