"""vLLM engine arguments: parsed by vLLM's own parser when vLLM is importable, else by a table.

The table holds the flags the checks read, with vLLM 0.33's names, short aliases and defaults
(from `vllm/engine/arg_utils.py` and `vllm/config/*.py`). Flags it does not know are kept
untouched in `passthrough`, never guessed at; vLLM accepts `_` and `-` in names alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from torchplace.preflight.errors import PreflightInputError

BUILTIN_PARSER = "built-in table (vLLM not importable)"
VLLM_PARSER = "vLLM's own parser"


def _device_ids(text: str) -> list[int | str]:
    # vLLM's own `--device-ids` type: digits become ints, anything else stays a UUID string.
    parts = (p.strip() for p in text.split(","))
    return [int(p) if p.isdigit() else p for p in parts]


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@dataclass(frozen=True)
class Flag:
    dest: str
    convert: Callable[[str], Any] | None  # None: a boolean switch
    default: Any = None


_TABLE: dict[tuple[str, ...], Flag] = {
    ("--model",): Flag("model", str),
    ("--tensor-parallel-size", "-tp"): Flag("tensor_parallel_size", int, 1),
    ("--pipeline-parallel-size", "-pp"): Flag("pipeline_parallel_size", int, 1),
    ("--data-parallel-size", "-dp"): Flag("data_parallel_size", int, 1),
    ("--data-parallel-size-local", "-dpl"): Flag("data_parallel_size_local", int),
    ("--prefill-context-parallel-size", "-pcp"): Flag("prefill_context_parallel_size", int, 1),
    ("--decode-context-parallel-size", "-dcp"): Flag("decode_context_parallel_size", int, 1),
    ("--distributed-executor-backend",): Flag("distributed_executor_backend", str),
    ("--nnodes", "-n"): Flag("nnodes", int, 1),
    ("--node-rank", "-r"): Flag("node_rank", int, 0),
    ("--master-addr",): Flag("master_addr", str, "127.0.0.1"),
    ("--device-ids",): Flag("device_ids", _device_ids),
    ("--gpu-memory-utilization", "--device-memory-utilization"): Flag(
        "gpu_memory_utilization", float, 0.92
    ),
    ("--kv-cache-memory-bytes",): Flag("kv_cache_memory_bytes", str),
    ("--max-model-len",): Flag("max_model_len", str),
    ("--dtype",): Flag("dtype", str, "auto"),
    ("--quantization", "-q"): Flag("quantization", str),
    ("--kv-cache-dtype",): Flag("kv_cache_dtype", str, "auto"),
    ("--cpu-offload-gb",): Flag("cpu_offload_gb", float, 0.0),
    ("--speculative-config", "-sc"): Flag("speculative_config", _json),
    ("--hf-overrides",): Flag("hf_overrides", _json),
    ("--model-loader-extra-config",): Flag("model_loader_extra_config", _json),
    ("--hf-config-path",): Flag("hf_config_path", str),
    ("--enable-expert-parallel", "-ep"): Flag("enable_expert_parallel", None, False),
    ("--disable-sliding-window",): Flag("disable_sliding_window", None, False),
    ("--headless",): Flag("headless", None, False),
    ("--config",): Flag("config", str),
}

FLAGS: dict[str, Flag] = {name: flag for names, flag in _TABLE.items() for name in names}
DEFAULTS: dict[str, Any] = {flag.dest: flag.default for flag in _TABLE.values()}


@dataclass
class EngineArgs:
    """The engine arguments the checks read, which of them were given, and the rest."""

    values: dict[str, Any] = field(default_factory=lambda: dict(DEFAULTS))
    given: set[str] = field(default_factory=set)
    passthrough: list[str] = field(default_factory=list)
    parser: str = BUILTIN_PARSER

    def __getitem__(self, dest: str) -> Any:
        return self.values.get(dest)

    @property
    def tp(self) -> int:
        return int(self.values["tensor_parallel_size"])

    @property
    def pp(self) -> int:
        return int(self.values["pipeline_parallel_size"])

    @property
    def world_size(self) -> int:
        """vLLM's `ParallelConfig.world_size`: pipeline x tensor x prefill-context parallel."""
        return self.pp * self.tp * int(self.values["prefill_context_parallel_size"])

    @property
    def max_model_len(self) -> int | None:
        raw = self.values.get("max_model_len")
        return None if raw is None else parse_human_int(str(raw))


def parse_human_int(text: str) -> int:
    """vLLM's `human_readable_int` for `--max-model-len`: `32768`, `32k`, `1M`, `-1`."""
    text = text.strip()
    multipliers = {"k": 1000, "m": 1000**2, "g": 1000**3, "K": 1024, "M": 1024**2, "G": 1024**3}
    try:
        if text and text[-1] in multipliers:
            return int(float(text[:-1]) * multipliers[text[-1]])
        return int(text)
    except ValueError:
        raise PreflightInputError(
            f"argument --max-model-len: invalid value {text!r} (vLLM reads numbers like 32768 "
            "or 32k)"
        ) from None


def normalise(option: str) -> str:
    """`--tensor_parallel_size` -> `--tensor-parallel-size` (before any `.`), as vLLM does."""
    if not option.startswith("--"):
        return option
    head, dot, tail = option[2:].partition(".")
    return "--" + head.replace("_", "-") + dot + tail


def parse_builtin(args: list[str]) -> EngineArgs:
    """Parse vLLM engine arguments with the table; unknown flags go to `passthrough` as typed."""
    parsed = EngineArgs()
    positionals: list[str] = []
    index = 0
    while index < len(args):
        token = args[index]
        if token.startswith("-") and len(token) > 1 and not _is_number(token):
            index = _take_option(args, index, parsed)
        else:
            positionals.append(token)
            index += 1
    if positionals:
        # `vllm serve MODEL`: the positional model_tag wins over `--model` (serve's cmd()).
        _store(parsed, "model", positionals[0])
        parsed.passthrough.extend(positionals[1:])
    return parsed


def _take_option(args: list[str], index: int, parsed: EngineArgs) -> int:
    token = args[index]
    name, has_value, inline = token.partition("=")
    name = normalise(name)
    if "." in name and name.startswith("--"):
        return _take_dotted(args, index, name, inline if has_value else None, parsed)
    flag = FLAGS.get(name)
    negated = FLAGS.get("--" + name[5:]) if name.startswith("--no-") else None
    if flag is None and negated is not None and negated.convert is None:
        _store(parsed, negated.dest, False)
        return index + 1
    if flag is None:
        parsed.passthrough.append(token)
        if not has_value and index + 1 < len(args) and not args[index + 1].startswith("-"):
            parsed.passthrough.append(args[index + 1])
            return index + 2
        return index + 1
    if flag.convert is None:
        _store(parsed, flag.dest, True if not has_value else inline.lower() != "false")
        return index + 1
    if not has_value:
        if index + 1 >= len(args):
            raise PreflightInputError(f"argument {name}: expected one argument")
        inline = args[index + 1]
        index += 1
    _store(parsed, flag.dest, _convert(flag, name, inline))
    return index + 1


def _take_dotted(
    args: list[str], index: int, name: str, inline: str | None, parsed: EngineArgs
) -> int:
    # `--speculative-config.model X`: vLLM merges dotted keys into the JSON argument.
    base, *keys = name.split(".")
    step = 1
    if inline is None:
        if index + 1 >= len(args):
            raise PreflightInputError(f"argument {name}: expected one argument")
        inline, step = args[index + 1], 2
    flag = FLAGS.get(base)
    if flag is None:
        parsed.passthrough.extend(args[index : index + step])
        return index + step
    current = parsed.values.get(flag.dest)
    target = current if isinstance(current, dict) else {}
    node = target
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    node[keys[-1]] = _json(inline)
    _store(parsed, flag.dest, target)
    return index + step


def _convert(flag: Flag, name: str, text: str) -> Any:
    assert flag.convert is not None
    try:
        return flag.convert(text)
    except ValueError:
        kind = getattr(flag.convert, "__name__", "value")
        raise PreflightInputError(f"argument {name}: invalid {kind} value: {text!r}") from None


def _store(parsed: EngineArgs, dest: str, value: Any) -> None:
    parsed.values[dest] = value
    parsed.given.add(dest)


def _is_number(token: str) -> bool:
    try:
        float(token)
    except ValueError:
        return False
    return True


def vllm_available() -> bool:
    """Whether vLLM can be imported here (looked up without importing it)."""
    import importlib.util

    return importlib.util.find_spec("vllm") is not None


def parse_with_vllm(args: list[str], prog: str = "vllm serve") -> EngineArgs:
    """Parse with vLLM's `make_arg_parser(FlexibleArgumentParser())`, as `vllm serve` does.

    Unrecognised arguments are kept in `passthrough` (vLLM itself would stop on them; the
    checks say so) instead of ending the parse.
    """
    from vllm.entrypoints.common.cli_args import make_arg_parser
    from vllm.utils.argparse_utils import FlexibleArgumentParser

    class _Parser(FlexibleArgumentParser):  # type: ignore[misc]
        unrecognised: list[str] = []

        def error(self, message: str) -> None:
            prefix = "unrecognized arguments: "
            if message.startswith(prefix):
                self.unrecognised = message[len(prefix) :].split()
                return
            if message.startswith("ambiguous option: "):
                return  # argparse goes on and reports the option as unrecognised
            raise PreflightInputError(f"{self.prog}: error: {message}")

    parser = make_arg_parser(_Parser(prog=prog))
    namespace = parser.parse_args(list(args))
    parsed = EngineArgs(parser=VLLM_PARSER)
    for dest, default in DEFAULTS.items():
        value = getattr(namespace, dest, default)
        if dest == "model" and getattr(namespace, "model_tag", None):
            value = namespace.model_tag
        parsed.values[dest] = value
        if value != default:
            parsed.given.add(dest)
    if isinstance(parsed.values.get("speculative_config"), str):
        parsed.values["speculative_config"] = _json(parsed.values["speculative_config"])
    parsed.passthrough = list(parser.unrecognised)
    return parsed
