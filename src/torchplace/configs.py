"""The Hugging Face `config.json` files shipped with torchplace (shapes only, no weights)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from torchplace import safe_data

CONFIG_ROOT = Path(__file__).parent / "data" / "configs"


def bundled_names() -> list[str]:
    """Names accepted wherever a config path is: `llama-3-70b`, `mixtral-8x7b`, ..."""
    return sorted(p.parent.name for p in CONFIG_ROOT.glob("*/config.json"))


def resolve(path_or_name: str) -> Path:
    """A directory holding `config.json`: a path given by the user, or a bundled name.

    Raises FileNotFoundError with the bundled names when neither exists.
    """
    candidate = Path(path_or_name)
    if candidate.is_file() and candidate.name.endswith(".json"):
        return candidate.parent
    if (candidate / "config.json").is_file():
        return candidate
    bundled = CONFIG_ROOT / path_or_name
    if (bundled / "config.json").is_file():
        return bundled
    names = ", ".join(bundled_names())
    raise FileNotFoundError(
        f"no config.json at {path_or_name!r} and no bundled config of that name (bundled: {names})"
    )


def load(path_or_name: str) -> dict[str, Any]:
    """The parsed config.json; raises ValueError naming the file when it cannot be read.

    Read through `torchplace.safe_data`: bounded size and nesting, UTF-8 only, a regular file
    only; an unreadable or non-UTF-8 file is a ValueError (`safe_data.DataError`) too.
    """
    candidate = Path(path_or_name)
    # A file named by the user is read as given (`my-model.json`), not its directory's config.
    if candidate.is_file() and candidate.name.endswith(".json"):
        path = candidate
    else:
        path = resolve(path_or_name) / "config.json"
    data = safe_data.load_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path} does not hold a JSON object")
    return data
