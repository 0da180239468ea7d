"""Read and check the launcher's rank variables (`torchrun` names) before touching any device."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from torchplace.runtime.errors import BindingError

RANK_VARS = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE")


@dataclass(frozen=True)
class Ranks:
    rank: int
    local_rank: int
    world_size: int
    local_world_size: int | None
    source: str  # "environment", "arguments" or "single-process default"


def _parse_int(name: str, raw: str) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        raise BindingError(
            f"{name}={raw!r} is not an integer; launchers such as torchrun set it to a plain "
            f"number (e.g. {name}=0): fix the launch script or pass {name.lower()}= explicitly"
        ) from None
    if value < 0:
        raise BindingError(f"{name}={raw!r} is negative; ranks and sizes count from 0")
    return value


def _pick(name: str, given: int | None, environ: Mapping[str, str]) -> int | None:
    if given is not None:
        if given < 0:
            raise BindingError(f"{name.lower()}={given} is negative; ranks and sizes count from 0")
        return given
    raw = environ.get(name)
    return None if raw is None else _parse_int(name, raw)


def read_ranks(
    environ: Mapping[str, str],
    rank: int | None = None,
    local_rank: int | None = None,
    world_size: int | None = None,
    local_world_size: int | None = None,
) -> Ranks:
    """Ranks from arguments first, then `RANK`/`LOCAL_RANK`/`WORLD_SIZE`/`LOCAL_WORLD_SIZE`.

    With none of them anywhere this is a single process: rank 0 of 1.
    """
    given = (rank, local_rank, world_size, local_world_size)
    values = [_pick(n, g, environ) for n, g in zip(RANK_VARS, given, strict=True)]
    found_rank, found_local, found_world, found_local_world = values
    if all(v is None for v in values):
        return Ranks(0, 0, 1, 1, "single-process default")
    source = "arguments" if all(g is not None for g in given[:3]) else "environment"
    if found_world is None:
        found_world = _infer_world_size(found_rank, found_local, found_local_world)
    if found_rank is None:
        if found_world > 1:
            raise BindingError(
                f"RANK is not set but WORLD_SIZE={found_world}: launch with torchrun (which sets "
                "RANK, LOCAL_RANK, WORLD_SIZE and LOCAL_WORLD_SIZE) or pass rank= to bind_worker"
            )
        found_rank = 0
    if found_local is None:
        found_local = _infer_local_rank(found_rank, found_world, found_local_world)
    ranks = Ranks(found_rank, found_local, found_world, found_local_world, source)
    check_ranks(ranks)
    return ranks


def _infer_world_size(rank: int | None, local: int | None, local_world: int | None) -> int:
    if rank is None or rank == 0:
        return local_world if local_world is not None else 1
    raise BindingError(
        f"RANK={rank} is set but WORLD_SIZE is not: set WORLD_SIZE to the total number of "
        "processes (torchrun does), or pass world_size= to bind_worker"
    )


def _infer_local_rank(rank: int, world_size: int, local_world: int | None) -> int:
    if world_size == 1:
        return 0
    if local_world is not None and local_world == world_size:
        return rank  # one node: the global rank is the local rank
    raise BindingError(
        f"LOCAL_RANK is not set (RANK={rank}, WORLD_SIZE={world_size}); the device must come from "
        "the rank on this node, not the global rank: launch with torchrun or pass local_rank="
    )


def check_ranks(ranks: Ranks) -> None:
    """Consistency of the four numbers with each other (not yet with the hardware)."""
    if ranks.world_size == 0:
        raise BindingError("WORLD_SIZE=0: a job has at least one process")
    if ranks.rank >= ranks.world_size:
        raise BindingError(
            f"RANK={ranks.rank} is not below WORLD_SIZE={ranks.world_size}: ranks count from 0 to "
            "WORLD_SIZE-1; check the launcher's --nnodes/--nproc-per-node"
        )
    local_world = ranks.local_world_size
    if local_world is None:
        return
    if local_world == 0 or local_world > ranks.world_size:
        raise BindingError(
            f"LOCAL_WORLD_SIZE={local_world} must be between 1 and WORLD_SIZE={ranks.world_size}"
        )
    if ranks.local_rank >= local_world:
        hint = (
            f"; it equals RANK={ranks.rank}: the global rank was used where the rank on this "
            "node belongs (use LOCAL_RANK, set per node by torchrun)"
            if ranks.local_rank == ranks.rank
            else ""
        )
        raise BindingError(
            f"LOCAL_RANK={ranks.local_rank} is not below LOCAL_WORLD_SIZE={local_world} "
            f"(processes on this node){hint}"
        )
