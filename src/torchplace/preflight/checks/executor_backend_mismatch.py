"""A distributed executor backend that does not fit the node count or the launcher.

What it checks: `--distributed-executor-backend` (`mp`, `ray`, `uni`, `external_launcher`)
against `--nnodes`, `--node-rank`, `--master-addr` and the environment: `ray` cannot be combined
with `--nnodes > 1`; `mp` across nodes needs every node to reach `--master-addr`;
`external_launcher` needs a torchrun-style launcher (`RANK`, `LOCAL_RANK`); `uni` runs one worker.
Why it matters: vLLM raises these while building the engine or, for `external_launcher`,
when the first worker reads `RANK`.
How to fix: use `mp` with `--nnodes N --node-rank R --master-addr HEAD_IP` on every node, or
`ray` with a Ray cluster and no `--nnodes`; start `external_launcher` engines under torchrun.
"""

from __future__ import annotations

import importlib.util

from torchplace.preflight.checks import Context, Result, Status, passed
from torchplace.preflight.checks._vllm import backend

NAME = "executor-backend-mismatch"
CODE = "PF105"
PATTERN = "parallel-config-mismatch"
KINDS = ("vllm",)
KNOWN = ("mp", "ray", "uni", "external_launcher")


def run(context: Context) -> list[Result]:
    engine = context.command.engine
    assert engine is not None
    chosen = backend(engine)
    nnodes = int(engine["nnodes"] or 1)
    results = [
        r
        for r in (
            _unknown(chosen),
            _ray_multinode(chosen, nnodes),
            _ray_missing(chosen, planning=context.machine.source == "override"),
            _uni_world(chosen, engine.world_size),
            _external_without_launcher(context, chosen),
            _node_rank(context, nnodes),
            _master_addr(context, chosen, nnodes),
        )
        if r is not None
    ]
    # vLLM picks mp when there is more than one worker, counting data-parallel ranks too.
    several = engine.world_size > 1 or engine.dp > 1
    shown = chosen or ("mp (default)" if several else "uni (default)")
    return results or passed(f"backend {shown}, {nnodes} node(s)")


def _unknown(chosen: str | None) -> Result | None:
    if chosen is None or chosen in KNOWN or "." in chosen:
        return None
    return Result(
        Status.FAIL,
        f"--distributed-executor-backend {chosen}",
        "not a backend vLLM knows, nor an import path of an Executor class",
        f"use one of {', '.join(KNOWN)}",
        f"Unrecognized distributed executor backend {chosen}. Supported values are 'ray', "
        "'mp' 'uni', 'external_launcher',  custom Executor subclass or its import path.",
    )


def _ray_multinode(chosen: str | None, nnodes: int) -> Result | None:
    if chosen != "ray" or nnodes <= 1:
        return None
    return Result(
        Status.FAIL,
        f"--distributed-executor-backend ray with --nnodes {nnodes}",
        "--nnodes is for the mp backend; Ray finds the nodes of its own cluster",
        "drop --nnodes (start the Ray cluster on every node), or use --distributed-executor-"
        "backend mp",
        "nnodes > 1 can only be set when distributed executor backend is mp, uni or "
        "external_launcher.",
    )


def _ray_missing(chosen: str | None, planning: bool) -> Result | None:
    # Planning for another machine (--gpus): whether Ray is installed here says nothing.
    if chosen != "ray" or planning or importlib.util.find_spec("ray") is not None:
        return None
    return Result(
        Status.WARN,
        "--distributed-executor-backend ray, but Ray is not importable here",
        "the Ray backend needs Ray on the node that runs vllm serve",
        "pip install ray (or use the mp backend)",
        "Failed to import Ray: No module named 'ray'.Please install Ray with `pip install ray`.",
    )


def _uni_world(chosen: str | None, world: int) -> Result | None:
    if chosen != "uni" or world <= 1:
        return None
    return Result(
        Status.FAIL,
        f"--distributed-executor-backend uni with world size {world}",
        "the uni executor runs a single worker in the engine process",
        "use mp (one process per GPU) or drop the parallel sizes",
    )


def _external_without_launcher(context: Context, chosen: str | None) -> Result | None:
    if chosen != "external_launcher" or "RANK" in context.env:
        return None
    return Result(
        Status.FAIL,
        "--distributed-executor-backend external_launcher outside torchrun (RANK unset)",
        "external_launcher expects one engine per rank, started by torchrun, which sets RANK, "
        "LOCAL_RANK, MASTER_ADDR and MASTER_PORT",
        "launch with torchrun --nproc-per-node N, or use the mp backend with vllm serve",
        "KeyError: 'RANK'",
    )


def _node_rank(context: Context, nnodes: int) -> Result | None:
    engine = context.command.engine
    assert engine is not None
    rank = int(engine["node_rank"] or 0)
    if rank < nnodes:
        return None
    return Result(
        Status.FAIL,
        f"--node-rank {rank} with --nnodes {nnodes}",
        "node ranks run from 0 to nnodes - 1",
        f"give each node a distinct --node-rank in 0..{nnodes - 1}",
    )


def _master_addr(context: Context, chosen: str | None, nnodes: int) -> Result | None:
    engine = context.command.engine
    assert engine is not None
    local = engine["master_addr"] in ("127.0.0.1", "localhost")
    if nnodes <= 1 or chosen not in (None, "mp") or not local:
        return None
    return Result(
        Status.WARN,
        f"--nnodes {nnodes} with the default --master-addr 127.0.0.1",
        "the other nodes connect to --master-addr; 127.0.0.1 is each node itself, so they "
        "wait until the timeout",
        "pass --master-addr HEAD_NODE_IP (and the same --master-port) on every node",
    )
