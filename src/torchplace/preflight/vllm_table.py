"""`vllm serve` arguments as data, generated from vLLM's source, rebuilt as an argparse parser.

`data/vllm_args/<version>.json` is written by `scripts/gen_vllm_args.py` from the vLLM wheel
(never edited by hand; a test compares its checksum). Each entry carries the option strings
(aliases such as `-tp`, `--no-x`, vLLM's `--enable-x` / `--disable-x` pairs), the action, nargs,
the value type, choices and default, exactly as vLLM's `add_cli_args` would register them.
From it we build a real `argparse.ArgumentParser`, so argparse's own rules apply as they do in
vLLM: unique-prefix abbreviations, `--x=value`, `nargs`, choices, errors.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from torchplace import safe_data

TABLE_DIR = Path(__file__).resolve().parent.parent / "data" / "vllm_args"
DEFAULT_VERSION = "0.33.0"


def supported_versions() -> list[str]:
    return sorted(p.stem for p in TABLE_DIR.glob("*.json"))


@cache
def load(version: str = DEFAULT_VERSION) -> dict[str, Any]:
    """The generated table for one vLLM version."""
    data = safe_data.load_json(TABLE_DIR / f"{version}.json")
    if not isinstance(data, dict) or not isinstance(data.get("arguments"), list):
        raise ValueError(f"vLLM argument table {version} is malformed")
    return data


def arguments(version: str = DEFAULT_VERSION) -> list[dict[str, Any]]:
    return list(load(version)["arguments"])


# --- value types, as vLLM's parser converts them ----------------------------------------------


def _human_int(text: str) -> int:
    """vLLM's `human_readable_int`: `1k` = 1000, `1K` = 1024, `25.6k`, or a plain integer."""
    text = text.strip()
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([kKmMgGtT])", text)
    if not match:
        return int(text)
    number, suffix = match.groups()
    scale = {"k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}
    binary = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    if suffix in binary:
        if "." in number:
            raise ValueError(f"decimal values are not allowed with binary suffixes: {text}")
        return int(number) * binary[suffix]
    return int(float(number) * scale[suffix])


def _human_int_or_auto(text: str) -> int:
    if text.strip() == "-1" or text.strip().lower() == "auto":
        return -1
    return _human_int(text)


def _json(text: str) -> Any:
    try:
        return safe_data.loads_json(text, source="the JSON argument")
    except safe_data.DataError as error:
        raise ValueError(str(error)) from None


def _dict_or_str(text: str) -> Any:
    return _json(text) if re.match(r"(?s)^\s*{.*}\s*$", text) else text


def _device_ids(text: str) -> list[int | str]:
    parts = (p.strip() for p in text.split(","))
    return [int(p) if p.isdigit() else p for p in parts]


def _str_lower(text: str) -> str:
    return text.lower().replace("-", "_")


CONVERTERS: dict[str, Callable[[str], Any]] = {
    "int": int,
    "float": float,
    "str": str,
    "json": _json,
    "dict_or_str": _dict_or_str,
    "human_int": _human_int,
    "human_int_or_auto": _human_int_or_auto,
    "device_ids": _device_ids,
    "str_lower": _str_lower,
}


def _converter(spec: dict[str, Any]) -> Callable[[str], Any]:
    name = str(spec.get("type") or "str")
    base = CONVERTERS.get(name, str)

    def convert(text: str) -> Any:
        if spec.get("optional") and text in ("", "None"):
            return None
        return base(text)

    convert.__name__ = {"json": "loads", "human_int_or_auto": "human_readable_int_or_auto"}.get(
        name, name
    )
    return convert


# --- actions ----------------------------------------------------------------------------------


class _Switch(argparse.Action):
    """BooleanOptionalAction as vLLM registers it: negative spellings set False."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        self.negative = set(kwargs.pop("negative", ()))
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, option_string not in self.negative)


class _AppendList(argparse.Action):
    """`--lora-modules a=b c=d --lora-modules e=f`: every value, in order."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        current = list(getattr(namespace, self.dest, None) or [])
        current.extend(values if isinstance(values, list) else [values])
        setattr(namespace, self.dest, current)


@dataclass(frozen=True)
class Option:
    """One entry of the table, as the checks see it."""

    names: tuple[str, ...]
    dest: str
    action: str
    takes_value: bool
    deprecated: bool


@cache
def options(version: str = DEFAULT_VERSION) -> dict[str, Option]:
    """Every option string -> its Option."""
    found: dict[str, Option] = {}
    for spec in arguments(version):
        names = tuple(spec["names"])
        takes = spec["action"] not in ("boolean_optional", "store_true", "store_false")
        option = Option(names, spec["dest"], spec["action"], takes, bool(spec["deprecated"]))
        for name in names:
            found[name] = option
    return found


def defaults(version: str = DEFAULT_VERSION) -> dict[str, Any]:
    """dest -> vLLM's default (None where the default is computed, e.g. a config object)."""
    values: dict[str, Any] = {}
    for spec in arguments(version):
        default = spec.get("default")
        values[spec["dest"]] = None if isinstance(default, dict) and "expr" in default else default
    return values


class TableParser(argparse.ArgumentParser):
    """Collects unrecognised and ambiguous options instead of exiting, like vLLM reports them."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(add_help=False, **kwargs)
        self.ambiguous: list[str] = []

    def error(self, message: str) -> None:  # type: ignore[override]
        if message.startswith("ambiguous option: "):
            # argparse goes on and reports the option as unrecognised; remember why.
            self.ambiguous.append(message[len("ambiguous option: ") :])
            return
        raise TableError(f"{self.prog}: error: {message}")


class TableError(Exception):
    """vLLM's parser would exit with this message (exit status 2)."""


@cache
def build_parser(version: str = DEFAULT_VERSION, prog: str = "vllm serve") -> TableParser:
    """An argparse parser with every `vllm serve` argument of `version`; given-only namespace.

    Built once per version (argparse parsers are reusable); reset `ambiguous` before a parse.
    """
    parser = TableParser(prog=prog, argument_default=argparse.SUPPRESS)
    for spec in arguments(version):
        _add(parser, spec)
    return parser


def _add(parser: TableParser, spec: dict[str, Any]) -> None:
    names = spec["names"]
    action = spec["action"]
    if action == "boolean_optional":
        # `--x` sets True; `--no-x` and vLLM's inverse (`--enable-x` <-> `--disable-x`) False.
        inverse = "--enable-" if names[0].startswith("--disable-") else "--disable-"
        negative = [n for n in names[1:] if n.startswith(("--no-", inverse))]
        parser.add_argument(*names, dest=spec["dest"], action=_Switch, negative=negative)
        return
    if action in ("store_true", "store_false"):
        parser.add_argument(*names, dest=spec["dest"], action=action)
        return
    kwargs: dict[str, Any] = {"type": _converter(spec)}
    if "nargs" in spec:
        kwargs["nargs"] = spec["nargs"]
    if "const" in spec:
        kwargs["const"] = spec["const"]
    if spec.get("choices"):
        kwargs["choices"] = spec["choices"]
    if action == "append":
        kwargs["action"] = "append"
    elif action == "append_list":
        kwargs["action"] = _AppendList
    if names[0].startswith("-"):
        kwargs["dest"] = spec["dest"]
    parser.add_argument(*names, **kwargs)


def dump(version: str = DEFAULT_VERSION) -> str:
    return json.dumps(load(version), indent=1)
