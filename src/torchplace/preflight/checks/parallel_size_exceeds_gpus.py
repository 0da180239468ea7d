"""Tensor x pipeline (x data) parallel size larger than the GPUs a node can see.

What it checks: that this machine has GPUs at all (unless `--gpus` plans another one); vLLM's
world size (tensor x pipeline x prefill-context parallel, times the
data-parallel ranks placed on this node) against the GPUs visible on this node after
`CUDA_VISIBLE_DEVICES`; with `--nnodes N` (the `mp` backend) against each node's share.
Why it matters: vLLM checks this only while it builds the engine, after downloading the model;
with `--distributed-executor-backend mp` it does not check at all and a worker dies on a GPU
ordinal that does not exist.
How to fix: lower `--tensor-parallel-size` / `--pipeline-parallel-size` to fit the node, make
more GPUs visible, or span nodes (`--nnodes` with `mp`, or a Ray cluster with `ray`).
"""

from __future__ import annotations

from torchplace.preflight.checks import NO_GPU_FACTS, Context, Result, Status, passed, skip
from torchplace.preflight.checks._vllm import backend, node_need

NAME = "parallel-size-exceeds-gpus"
CODE = "PF101"
PATTERN = "parallel-config-mismatch"
KINDS = ("vllm",)


def run(context: Context) -> list[Result]:
    engine = context.command.engine
    assert engine is not None
    need = node_need(engine)
    if not need.divisible:
        return [
            Result(
                Status.FAIL,
                f"{need.how}: does not split evenly",
                "each node runs the same number of workers; the world size must be a "
                "multiple of --nnodes",
                f"choose sizes whose product is a multiple of --nnodes {engine['nnodes']}",
            )
        ]
    if backend(engine) in ("ray", "external_launcher"):
        return passed(f"{need.how}; placement is left to the {backend(engine)} backend")
    visible = context.visible_gpus
    if visible is None and context.machine.no_gpu_here:
        return [_no_gpu(need.how, need.gpus)]
    if visible is None:
        return skip(f"{need.how} needs {need.gpus} GPU(s) per node; {NO_GPU_FACTS}")
    count = len(visible)
    if need.gpus <= count:
        spare = f"; {count - need.gpus} visible GPU(s) stay idle" if need.gpus < count else ""
        return passed(f"{need.how} needs {need.gpus} GPU(s); {count} visible{spare}")
    return [_too_many(context, need.gpus, need.how, count)]


def _no_gpu(how: str, gpus: int) -> Result:
    return Result(
        Status.FAIL,
        f"{how} needs {gpus} GPU(s); this machine has no GPU driver (NVIDIA or AMD)",
        "vLLM's GPU workers cannot start on a machine without GPUs",
        "run it on a GPU node, or plan for one here with --gpus N --gpu-memory 141GiB",
        "RuntimeError: Failed to infer device type",
    )


def _too_many(context: Context, gpus: int, how: str, count: int) -> Result:
    engine = context.command.engine
    assert engine is not None
    observed = f"{how} needs {gpus} GPU(s) on this node; {count} visible{_cvd(context)}"
    chosen = backend(engine)
    nnodes = int(engine["nnodes"] or 1)
    if chosen is None and nnodes == 1 and int(engine["data_parallel_size"] or 1) == 1:
        upstream = (
            f"World size ({engine.world_size}) is larger than the number of available GPUs "
            f"({count}) in this node. If this is intentional and you are using:\n"
            "- ray, set '--distributed-executor-backend ray'.\n"
            "- multiprocessing, set '--nnodes' appropriately."
        )
    else:
        upstream = f"DP adjusted local rank {count} is out of bounds for {count} devices."
    return Result(
        Status.FAIL,
        observed,
        "vLLM starts one worker per GPU and binds worker i to cuda:i; the extra workers have "
        "no GPU",
        _fix(context, count),
        upstream,
    )


def _fix(context: Context, count: int) -> str:
    engine = context.command.engine
    assert engine is not None
    options = []
    tp = fitting_tp(context, count // max(engine.pp, 1))
    if tp is not None and tp < engine.tp:
        pp = f" --pipeline-parallel-size {engine.pp}" if engine.pp > 1 else ""
        options.append(f"--tensor-parallel-size {tp}{pp}")
    options.append("make more GPUs visible (CUDA_VISIBLE_DEVICES)")
    options.append("span nodes with --nnodes N (mp) or --distributed-executor-backend ray")
    return "use " + ", or ".join(options)


def fitting_tp(context: Context, limit: int) -> int | None:
    """The largest tensor parallel size up to `limit` that the model's heads allow."""
    model = context.model
    for tp in range(limit, 0, -1):
        if model is None or model.num_attention_heads is None:
            return tp if tp & (tp - 1) == 0 else None
        kv = model.num_key_value_heads or model.num_attention_heads
        if model.num_attention_heads % tp == 0 and (kv % tp == 0 or tp % kv == 0):
            return tp
    return None


def _cvd(context: Context) -> str:
    raw = context.env.get("CUDA_VISIBLE_DEVICES")
    return f" (CUDA_VISIBLE_DEVICES={raw})" if raw is not None else ""
