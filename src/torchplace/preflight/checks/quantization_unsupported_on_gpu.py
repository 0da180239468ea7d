"""A quantisation method whose kernels need a newer GPU than the one the engine runs on.

What it checks: the checkpoint's `quantization_config` (`quant_method`, ModelOpt's
`quant_algo`) or `--quantization`, against the compute capability of the visible GPUs (from
their NVIDIA model name, real or `--gpu-name`), with each method's minimum in vLLM 0.33
(`QuantizationConfig.get_min_capability()`): FP8 7.5 (on 7.5 to 8.8 through Marlin's
weight-only kernels, still one byte per weight), FBGEMM FP8, ModelOpt FP8 / MXFP8, MXFP4 and
experts-int8 8.0, AWQ and ModelOpt NVFP4 7.5, compressed-tensors and Quark 7.0, GPTQ 6.0,
FP-Quant 10.0.
Why it matters: vLLM reads the whole config, builds the engine and then stops with "The
quantization method ... is not supported for the current GPU"; a V100 node cannot serve an
FP8 or AWQ checkpoint at all, and MXFP4 (gpt-oss) needs an A100 or newer.
How to fix: use GPUs of that capability or newer, or a checkpoint in a format the GPU runs
(BF16 / FP16, GPTQ on older GPUs).
"""

from __future__ import annotations

from torchplace.preflight.checks import Context, Result, Status, passed, skip
from torchplace.preflight.gpu_models import compute_capability

NAME = "quantization-unsupported-on-gpu"
CODE = "PF115"
PATTERN = None
KINDS = ("vllm",)

# vLLM 0.33 `get_min_capability()` by quantisation method name.
MIN_CAPABILITY = {
    "fp8": 75,
    "fbgemm_fp8": 80,
    "modelopt": 80,
    "modelopt_fp4": 75,
    "modelopt_mxfp8": 80,
    "mxfp8": 80,
    "mxfp4": 80,
    "gpt_oss_mxfp4": 80,
    "experts_int8": 80,
    "awq": 75,
    "awq_marlin": 75,
    "auto_awq": 75,
    "gptq": 60,
    "gptq_marlin": 60,
    "auto_gptq": 60,
    "compressed-tensors": 70,
    "quark": 70,
    "moe_wna16": 70,
    "torchao": 75,
    "fp_quant": 100,
    "inc": 60,
}
_MODELOPT_ALGO = {"FP8": "modelopt", "NVFP4": "modelopt_fp4", "MXFP8": "modelopt_mxfp8"}


def run(context: Context) -> list[Result]:
    method = _method(context)
    if method is None:
        return skip("no quantisation method in the config or on the command line")
    minimum = MIN_CAPABILITY.get(method)
    if minimum is None:
        return skip(f"quantisation {method}: minimum compute capability not tabled")
    visible = context.visible_gpus
    if not visible:
        return skip("GPU models unknown")
    known = [(g, compute_capability(g.name)) for g in visible]
    rated = [(g, c) for g, c in known if c is not None]
    if not rated:
        return skip(f"compute capability of {visible[0].name!r} unknown (AMD or unlisted)")
    gpu, lowest = min(rated, key=lambda pair: pair[1])
    seen = f"quantisation {method} needs compute capability {_dotted(minimum)}; {gpu.name} has "
    seen += _dotted(lowest)
    if lowest >= minimum:
        return passed(seen)
    return [
        Result(
            Status.FAIL,
            seen,
            "vLLM refuses a quantisation method whose kernels the GPU cannot run",
            "use newer GPUs, or a checkpoint in BF16 / FP16 (or GPTQ) for these",
            f"The quantization method {method} is not supported for the current GPU. Minimum "
            f"capability: {minimum}. Current capability: {lowest}.",
        )
    ]


def _method(context: Context) -> str | None:
    model = context.model
    engine = context.command.engine
    if model is not None and model.quantization:
        name = model.quantization.lower()
        if name == "modelopt":
            return _modelopt(model.config)
        return name
    flag = engine["quantization"] if engine is not None else None
    return str(flag).lower() if isinstance(flag, str) and flag else None


def _modelopt(config: dict[str, object]) -> str:
    quant = config.get("quantization_config")
    inner = quant.get("quantization", quant) if isinstance(quant, dict) else {}
    algo = str(inner.get("quant_algo", "") if isinstance(inner, dict) else "").upper()
    return _MODELOPT_ALGO.get(algo, "modelopt_mixed")


def _dotted(capability: int) -> str:
    return f"{capability // 10}.{capability % 10}"
