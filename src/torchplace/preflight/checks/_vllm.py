"""Helpers shared by the vLLM checks: how many GPUs one node must provide, and why."""

from __future__ import annotations

from dataclasses import dataclass

from torchplace.preflight.vllm_args import EngineArgs


@dataclass(frozen=True)
class NodeNeed:
    """GPUs one node must hold for this engine, and how that number was reached."""

    gpus: int
    how: str
    divisible: bool = True


def node_need(engine: EngineArgs) -> NodeNeed:
    """Mirror vLLM 0.33's `ParallelConfig.local_world_size` and its DP layout."""
    world = engine.world_size
    nnodes = int(engine["nnodes"] or 1)
    dp = int(engine["data_parallel_size"] or 1)
    dp_local_raw = engine["data_parallel_size_local"]
    sizes = f"tensor {engine.tp} x pipeline {engine.pp}"
    if int(engine["prefill_context_parallel_size"] or 1) > 1:
        sizes += f" x prefill-context {engine['prefill_context_parallel_size']}"
    if engine["data_parallel_rank"] is not None:
        # External load balancing: each `vllm serve --data-parallel-rank R` is one DP rank.
        rank = engine["data_parallel_rank"]
        return NodeNeed(world, f"world size {world} ({sizes}) for data-parallel rank {rank}")
    if nnodes == 1:
        dp_local = int(dp_local_raw) if dp_local_raw is not None else dp
        if dp_local > 1:
            return NodeNeed(world * dp_local, f"{sizes} x data-parallel {dp_local} on this node")
        return NodeNeed(world, f"world size {world} ({sizes})")
    dp_local = int(dp_local_raw) if dp_local_raw is not None else max(dp // nnodes, 1)
    groups = max(dp // dp_local, 1)
    nnodes_within_dp = max(nnodes // groups, 1)
    if nnodes_within_dp > 1:
        per_node = world // nnodes_within_dp
        how = f"world size {world} ({sizes}) spread over {nnodes_within_dp} nodes"
        return NodeNeed(per_node, how, world % nnodes_within_dp == 0)
    return NodeNeed(world * dp_local, f"{sizes} x data-parallel {dp_local} per node")


def backend(engine: EngineArgs) -> str | None:
    value = engine["distributed_executor_backend"]
    return None if value is None else str(value)
