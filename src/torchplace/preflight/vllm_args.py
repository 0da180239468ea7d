"""vLLM engine arguments: parsed by vLLM's own parser when vLLM is importable, else by a table.

The table (`data/vllm_args/<version>.json`, see :mod:`torchplace.preflight.vllm_table`) is
generated from vLLM's source and holds every `vllm serve` argument; it is rebuilt here as an
argparse parser, after the same rewriting vLLM's `FlexibleArgumentParser` does first
(`_` -> `-` in names, `-O3`, dotted JSON keys `--x.y v`); a positional model wins over
`--model`, as in `vllm serve`.
Arguments vLLM would not recognise are kept in `passthrough`, never guessed at.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from torchplace.preflight import vllm_table
from torchplace.preflight.errors import PreflightInputError

TABLE_PARSER = f"table generated from vLLM {vllm_table.DEFAULT_VERSION}'s source"
BUILTIN_PARSER = f"{TABLE_PARSER} (vLLM not importable)"
VLLM_PARSER = "vLLM's own parser"

FLAGS: dict[str, vllm_table.Option] = vllm_table.options()
DEFAULTS: dict[str, Any] = {**vllm_table.defaults(), "model": None, "config": None}
# Sizes that must be whole numbers >= 1 (vLLM divides by them) or >= 0.
POSITIVE = (
    "tensor_parallel_size",
    "pipeline_parallel_size",
    "data_parallel_size",
    "data_parallel_size_local",
    "prefill_context_parallel_size",
    "decode_context_parallel_size",
    "nnodes",
    "api_server_count",
)
NON_NEGATIVE = ("node_rank", "data_parallel_rank", "data_parallel_start_rank")


@dataclass
class EngineArgs:
    """The engine arguments the checks read, which of them were given, and the rest."""

    values: dict[str, Any] = field(default_factory=lambda: dict(DEFAULTS))
    given: set[str] = field(default_factory=set)
    passthrough: list[str] = field(default_factory=list)
    parser: str = BUILTIN_PARSER
    ambiguous: list[str] = field(default_factory=list)

    def __getitem__(self, dest: str) -> Any:
        return self.values.get(dest)

    def size(self, dest: str) -> int:
        value = self.values.get(dest)
        return int(value) if isinstance(value, int) and not isinstance(value, bool) else 1

    @property
    def tp(self) -> int:
        return self.size("tensor_parallel_size")

    @property
    def pp(self) -> int:
        return self.size("pipeline_parallel_size")

    @property
    def dp(self) -> int:
        return self.size("data_parallel_size")

    @property
    def world_size(self) -> int:
        """vLLM's `ParallelConfig.world_size`: pipeline x tensor x prefill-context parallel."""
        return self.pp * self.tp * self.size("prefill_context_parallel_size")

    @property
    def max_model_len(self) -> int | None:
        raw = self.values.get("max_model_len")
        if raw is None:
            return None
        if isinstance(raw, int):
            return raw
        return parse_human_int(str(raw))


def parse_human_int(text: str) -> int:
    """vLLM's `human_readable_int_or_auto` for `--max-model-len`: `32768`, `32k`, `auto`."""
    try:
        return int(vllm_table.CONVERTERS["human_int_or_auto"](text))
    except ValueError:
        raise PreflightInputError(
            f"argument --max-model-len: invalid value {text!r} (vLLM reads numbers like 32768 "
            "or 32k, or auto)"
        ) from None


def normalise(option: str) -> str:
    """`--tensor_parallel_size` -> `--tensor-parallel-size` (before any `.`), as vLLM does."""
    if not option.startswith("--"):
        return option
    head, dot, tail = option[2:].partition(".")
    return "--" + head.replace("_", "-") + dot + tail


def preprocess(args: list[str]) -> list[str]:
    """What `FlexibleArgumentParser.parse_args` does before argparse sees the arguments."""
    out: list[str] = []
    dotted: dict[str, Any] = {}
    index = 0
    while index < len(args):
        arg = args[index]
        if _dotted(arg):
            index = _take_dotted(args, index, dotted)
            continue
        if arg.startswith("--"):
            name, eq, value = arg.partition("=")
            out.append(normalise(name) + eq + value)
        elif arg.startswith("-O") and arg != "-O":
            out += ["--optimization-level", arg[3:] if arg[2:3] == "=" else arg[2:]]
        elif arg == "-O" and args[index + 1 : index + 2] in (["0"], ["1"], ["2"], ["3"]):
            out.append("--optimization-level")
        else:
            out.append(arg)
        index += 1
    for base, value in dotted.items():
        out += [base, json.dumps(value)]
    return out


def _dotted(arg: str) -> bool:
    """`--x.y`, `-cc.y=v`: vLLM merges dotted keys of any option (long or short) into JSON."""
    name = arg.split("=", 1)[0]
    return arg.startswith("-") and "." in name and not _is_number(name)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _take_dotted(args: list[str], index: int, dotted: dict[str, Any]) -> int:
    """`--speculative-config.model X` / `--x.y=v` / `--x.list+ v`: merged into one JSON value."""
    name, eq, inline = args[index].partition("=")
    step = 1
    if not eq:
        if index + 1 >= len(args):
            raise PreflightInputError(f"vllm serve: error: argument {name}: expected one argument")
        inline, step = args[index + 1], 2
    base, *keys = normalise(name).split(".")
    node = dotted.setdefault(base, {})
    for key in keys[:-1]:
        child = node.get(key)
        node = node.setdefault(key, {}) if not isinstance(child, dict) else child
    last = keys[-1] if keys else ""
    value = _json_or_text(inline)
    if last.endswith("+"):
        items = value if isinstance(value, list) else str(inline).split(",")
        node.setdefault(last[:-1], []).extend(items)
    else:
        node[last] = value
    return index + step


def _json_or_text(text: str) -> Any:
    """JSON, else a human-readable integer (`80g`), else the text, as vLLM reads dotted values."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return vllm_table.CONVERTERS["human_int"](text)
    except ValueError:
        return text


def parse_builtin(args: list[str], prog: str = "vllm serve") -> EngineArgs:
    """Parse with the generated table; unknown flags go to `passthrough` as typed."""
    parser = vllm_table.build_parser(prog=prog)
    parser.ambiguous = []
    try:
        namespace, extras = parser.parse_known_args(preprocess(args))
    except vllm_table.TableError as error:
        raise PreflightInputError(str(error)) from None
    parsed = EngineArgs(passthrough=list(extras), ambiguous=list(parser.ambiguous))
    given = vars(namespace)
    model = given.pop("model_tag", None) or given.get("model")
    if model is not None:
        given["model"] = model
    for dest, value in given.items():
        parsed.values[dest] = value
        parsed.given.add(dest)
    _merge_spec_flags(parsed)
    validate(parsed)
    return parsed


def _merge_spec_flags(parsed: EngineArgs) -> None:
    # `--spec-model M --spec-method m --spec-tokens n` build the speculative config in vLLM.
    keys = {"spec_model": "model", "spec_method": "method", "spec_tokens": "num_speculative_tokens"}
    found = {key: parsed.values[flag] for flag, key in keys.items() if flag in parsed.given}
    if not found:
        return
    current = parsed.values.get("speculative_config")
    merged = dict(current) if isinstance(current, dict) else {}
    merged.update(found)
    parsed.values["speculative_config"] = merged
    parsed.given.add("speculative_config")


def validate(parsed: EngineArgs) -> None:
    """Sizes vLLM divides by must be >= 1, ranks >= 0: otherwise a usage error, as vLLM gives."""
    for dest, low in [*((d, 1) for d in POSITIVE), *((d, 0) for d in NON_NEGATIVE)]:
        value = parsed.values.get(dest)
        if dest in parsed.given and isinstance(value, int) and value < low:
            flag = "--" + dest.replace("_", "-")
            raise PreflightInputError(
                f"argument {flag}: {value} is not allowed; it must be a whole number >= {low}"
            )


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
        parsed.values["speculative_config"] = _json_or_text(parsed.values["speculative_config"])
    parsed.passthrough = list(parser.unrecognised)
    _merge_spec_flags(parsed)
    validate(parsed)
    return parsed
