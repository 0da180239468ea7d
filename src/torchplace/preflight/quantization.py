"""Bytes per parameter of each part of a model, from its `quantization_config` (or `-q`).

Formats read: `fp8` / `fbgemm_fp8` (1 byte + negligible block or channel scales),
`compressed-tensors` (`config_groups.*.weights.num_bits`, `format` such as
`nvfp4-pack-quantized`, `ignore`, `kv_cache_scheme`), `modelopt` (`quant_algo` FP8 / NVFP4 /
W4A8, `exclude_modules`, `kv_cache_quant_algo`), `mxfp4` (gpt-oss: experts only), `awq` /
`gptq` (`bits`, `group_size`: scales and zero points per group), `bitsandbytes` (4- or 8-bit)
and `gguf`. Embeddings, the LM head, norms and router gates stay in the model dtype unless
the config says otherwise; excluded attention modules stay in the model dtype too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

NVFP4 = 0.5 + 1 / 16  # 4-bit values, one FP8 scale per 16
MXFP4 = 0.5 + 1 / 32  # 4-bit values, one E8M0 scale per 32
DTYPE_BYTES = {"float32": 4.0, "float": 4.0, "float16": 2.0, "half": 2.0, "bfloat16": 2.0}


@dataclass(frozen=True)
class QuantScheme:
    """Bytes per parameter: attention, dense MLP / shared experts, routed experts, the rest."""

    name: str
    attention_bytes: float
    linear_bytes: float
    expert_bytes: float
    plain_bytes: float
    ends_bytes: float  # embedding and LM head
    kv_bytes: float | None = None  # KV cache dtype the checkpoint asks for, if any

    def describe(self) -> str:
        if self.name == "none":
            return f"{self.plain_bytes:g} B/param"
        parts = {self.attention_bytes, self.linear_bytes, self.expert_bytes}
        widths = "/".join(f"{b:.3g}" for b in sorted(parts))
        return f"{self.name}: {widths} B/param quantised, {self.plain_bytes:g} B the rest"


def scheme_for(raw: dict[str, Any], flag: str | None, dtype: str | None) -> QuantScheme:
    """The scheme vLLM would load: the checkpoint's config, else `--quantization`."""
    plain = _plain_bytes(raw, dtype)
    config = raw.get("quantization_config")
    if not isinstance(config, dict):
        inner = raw.get("text_config")
        config = inner.get("quantization_config") if isinstance(inner, dict) else None
    if isinstance(config, dict) and config:
        return _from_config(config, plain)
    if flag:
        return _from_flag(str(flag).lower(), plain)
    return QuantScheme("none", plain, plain, plain, plain, plain)


def _plain_bytes(raw: dict[str, Any], dtype: str | None) -> float:
    name = str(dtype or "auto").lower().removeprefix("torch.")
    if name != "auto":
        return DTYPE_BYTES.get(name, 2.0)
    # vLLM's "auto" keeps bf16/fp16 and loads float32 checkpoints in 16 bits.
    return 2.0


def _uniform(name: str, width: float, plain: float, **extra: Any) -> QuantScheme:
    return QuantScheme(name, width, width, width, plain, plain, **extra)


def _from_flag(flag: str, plain: float) -> QuantScheme:
    if flag in ("fp8", "fbgemm_fp8", "ptpc_fp8", "fp_quant", "experts_int8", "int8"):
        return _uniform(flag, 1.0, plain)
    if "nvfp4" in flag or flag == "modelopt_fp4":
        return _uniform(flag, NVFP4, plain)
    if flag == "mxfp4":
        return QuantScheme(flag, plain, plain, MXFP4, plain, plain)
    if flag == "modelopt":
        return _uniform(flag, 1.0, plain)
    if any(name in flag for name in ("awq", "gptq", "marlin", "bitsandbytes", "gguf", "hqq")):
        return _uniform(flag, _grouped(4, 128), plain)
    return QuantScheme("none", plain, plain, plain, plain, plain)


def _grouped(bits: int, group: int) -> float:
    """Packed weights plus a 16-bit scale (and a packed zero point) per group."""
    if group <= 0:
        group = 1 << 30
    return bits / 8 + (2 + bits / 8) / group


def _from_config(config: dict[str, Any], plain: float) -> QuantScheme:
    method = str(config.get("quant_method") or config.get("quant_algo") or "").lower()
    if method in ("fp8", "fbgemm_fp8", "ptpc_fp8"):
        return _with_exclusions(_uniform(method, 1.0, plain), config, plain)
    if method == "mxfp4":
        return QuantScheme("mxfp4", plain, plain, MXFP4, plain, plain)
    if method in ("awq", "awq_marlin", "gptq", "gptq_marlin", "auto-round", "auto_round"):
        bits = config.get("bits", config.get("w_bit", 4))
        group = config.get("group_size", config.get("q_group_size", 128))
        width = _grouped(int(bits) if isinstance(bits, int) else 4, _as_int(group, 128))
        scheme = _uniform(method, width, plain)
        if config.get("lm_head") is True:
            scheme = QuantScheme(method, width, width, width, plain, (plain + width) / 2)
        return _with_exclusions(scheme, config, plain)
    if method == "bitsandbytes":
        width = 1.0 if config.get("load_in_8bit") else 0.5 + 1 / 64
        return _uniform("bitsandbytes", width, plain)
    if method == "compressed-tensors":
        return _compressed_tensors(config, plain)
    if method == "modelopt" or "quant_algo" in config or "quantization" in config:
        return _modelopt(config, plain)
    if method == "gguf":
        return _uniform("gguf", _grouped(4, 32), plain)
    return _from_flag(method, plain)


def _as_int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _compressed_tensors(config: dict[str, Any], plain: float) -> QuantScheme:
    fmt = str(config.get("format", "")).lower()
    width = None
    groups = config.get("config_groups")
    if isinstance(groups, dict):
        for group in groups.values():
            weights = group.get("weights") if isinstance(group, dict) else None
            if isinstance(weights, dict):
                bits = _as_int(weights.get("num_bits"), 8)
                size = _as_int(weights.get("group_size"), 0)
                if "nvfp4" in fmt or (bits == 4 and weights.get("type") == "float"):
                    candidate = NVFP4
                elif size:
                    candidate = _grouped(bits, size)
                else:
                    candidate = bits / 8
                width = candidate if width is None else max(width, candidate)
    if width is None:
        width = NVFP4 if "nvfp4" in fmt else 1.0
    kv = 1.0 if isinstance(config.get("kv_cache_scheme"), dict) else None
    scheme = _uniform(f"compressed-tensors ({fmt or 'default'})", width, plain, kv_bytes=kv)
    return _with_exclusions(scheme, config, plain)


def _modelopt(config: dict[str, Any], plain: float) -> QuantScheme:
    nested = config.get("quantization")
    inner: dict[str, Any] = nested if isinstance(nested, dict) else config
    algo = str(inner.get("quant_algo", "")).upper()
    width = {"FP8": 1.0, "NVFP4": NVFP4, "W4A8_AWQ": _grouped(4, 128), "MXFP8": 1.0 + 1 / 32}.get(
        algo, 1.0
    )
    kv_algo = str(inner.get("kv_cache_quant_algo") or "").upper()
    kv = 1.0 if kv_algo.startswith("FP8") else None
    scheme = _uniform(f"modelopt {algo or 'FP8'}", width, plain, kv_bytes=kv)
    return _with_exclusions(scheme, inner, plain)


def _with_exclusions(scheme: QuantScheme, config: dict[str, Any], plain: float) -> QuantScheme:
    """Attention kept in the model dtype when the config excludes it from quantisation."""
    patterns: list[str] = []
    for key in ("ignore", "modules_to_not_convert", "exclude_modules", "ignored_layers"):
        value = config.get(key)
        if isinstance(value, list):
            patterns += [str(v) for v in value[:10_000]]
    attention_excluded = any("attn" in p or "attention" in p for p in patterns)
    if not attention_excluded:
        return scheme
    return QuantScheme(
        scheme.name,
        plain,
        scheme.linear_bytes,
        scheme.expert_bytes,
        scheme.plain_bytes,
        scheme.ends_bytes,
        scheme.kv_bytes,
    )
