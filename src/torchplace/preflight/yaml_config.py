"""vLLM's `--config engine.yaml`: read it and splice it into the arguments the way vLLM does.

Mirrors `FlexibleArgumentParser.load_config_file` and `_pull_args_from_config` (vLLM 0.33):
keys become `--key value`; `true` becomes `--key`, `false` becomes `--no-key` where such a
flag exists; lists become `--key a b`; mappings become JSON. Command-line flags come after the
file's, so they win, and a positional model stays first.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from torchplace import safe_data
from torchplace.preflight.errors import PreflightInputError


def load_config_args(path: str, negatable: set[str] | None = None) -> list[str]:
    """The file's settings as command-line arguments."""
    extension = path.split(".")[-1]
    if extension not in ("yaml", "yml"):
        # vLLM's own message for the same mistake.
        raise PreflightInputError(
            f"Config file must be of a yaml/yml type. {extension} supplied ({path})"
        )
    data = _read_yaml(path)
    args: list[str] = []
    for key, value in data.items():
        args.extend(_as_args(str(key), value, negatable or set()))
    return args


def _read_yaml(path: str) -> dict[str, Any]:
    # Bounded: size, nesting and alias expansion (a 600-byte alias bomb is refused at once);
    # safe tags only; UTF-8 only; a FIFO or directory is refused without blocking.
    if not Path(path).exists():
        raise PreflightInputError(f"config file {path!r} does not exist")
    try:
        data = safe_data.load_yaml(path)
    except safe_data.DataError as error:
        raise PreflightInputError(f"config file: {error}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise PreflightInputError(
            f"{path} must hold a mapping of vLLM options (like `tensor-parallel-size: 4`), "
            f"not a {type(data).__name__}"
        )
    return data


def _as_args(key: str, value: Any, negatable: set[str]) -> list[str]:
    if isinstance(value, bool):
        if value:
            return ["--" + key]
        return ["--no-" + key] if ("--no-" + key) in negatable else []
    if isinstance(value, list):
        return ["--" + key, *(str(item) for item in value)] if value else []
    if isinstance(value, dict):
        return ["--" + key, json.dumps(value)]
    return ["--" + key, str(value)]


def splice(args: list[str], negatable: set[str] | None = None) -> tuple[list[str], str | None]:
    """Replace `--config FILE` in `args` (after `serve`) by the file's arguments."""
    index = _config_index(args)
    if index is None:
        return args, None
    token = args[index]
    if "=" in token:
        path, width = token.split("=", 1)[1], 1
    elif index + 1 < len(args):
        path, width = args[index + 1], 2
    else:
        raise PreflightInputError(
            "No config file specified! Please check your command-line arguments."
        )
    from_file = load_config_args(path, negatable)
    rest = args[:index] + args[index + width :]
    if rest and not rest[0].startswith("-"):
        return [rest[0], *from_file, *rest[1:]], path
    return [*from_file, *rest], path


def _config_index(args: list[str]) -> int | None:
    found = [i for i, a in enumerate(args) if a == "--config" or a.startswith("--config=")]
    if len(found) > 1:
        raise PreflightInputError("More than one config file specified!")
    return found[0] if found else None
