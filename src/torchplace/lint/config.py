"""Settings from `[tool.torchplace]` in pyproject.toml, overridden by the command line."""

from __future__ import annotations

import fnmatch
import os
import re
import stat
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

from torchplace.lint.rule import Rule

DEFAULT_EXCLUDE = (
    ".git",
    ".hg",
    ".svn",
    ".tox",
    ".nox",
    ".venv",
    "venv",
    "env",
    "__pycache__",
    "node_modules",
    "site-packages",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".torchplace_cache",
    ".eggs",
    "*.egg-info",
)
#: Folders that build tools write (`setup.py build`, `python -m build`): skipped when they hold
#: build output, linted when they are a package of the project (`mmengine/dist/`); see
#: `torchplace.lint.discovery.is_build_output`.
BUILD_OUTPUT_NAMES = ("build", "dist")
DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024
# Files are read whole: a larger limit would let one file take that much memory per worker.
MAX_FILE_BYTES_LIMIT = 1024 * 1024 * 1024
MAX_CONFIG_BYTES = 16 * 1024 * 1024

_KNOWN_KEYS = {
    "select",
    "ignore",
    "extend-select",
    "extend-ignore",
    "exclude",
    "extend-exclude",
    "per-file-ignores",
    "unsafe-fixes",
    "forward-methods",
    "max-file-size",
    "cache-dir",
    "preview",
}


class ConfigError(Exception):
    """A configuration value that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class LintConfig:
    select: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    unsafe_fixes: bool = False
    #: Turn on rules in the preview tier (`Rule.preview`), as ruff's `--preview`.
    preview: bool = False
    forward_methods: tuple[str, ...] = ("forward",)
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None

    def enabled_rules(self, rules: Iterable[type[Rule]]) -> list[type[Rule]]:
        """The rules this configuration turns on, checking every selector names something."""
        rules = list(rules)
        per_file = [code for _, codes in self.per_file_ignores for code in codes]
        for selector in (*self.select, *self.extend_select, *self.ignore, *per_file):
            if not selector.strip():
                # An empty prefix matches every code: it would turn every rule off unnoticed.
                raise ConfigError(
                    "an empty rule code in select/ignore/per-file-ignores would match every "
                    "rule; remove it"
                )
            if not any(matches(r, selector) for r in rules):
                raise ConfigError(f"{selector!r} selects no rule (codes look like TPL101)")
        if self.select:
            chosen = [r for r in rules if any(matches(r, s) for s in self.select)]
        else:
            chosen = [r for r in rules if r.default_enabled]
        chosen += [
            r for r in rules if r not in chosen and any(matches(r, s) for s in self.extend_select)
        ]
        # A preview rule runs with `preview`, or when a selector names it exactly.
        named = {s.strip().upper() for s in (*self.select, *self.extend_select)}
        chosen = [r for r in chosen if self.preview or not r.preview or r.code in named]
        return [r for r in chosen if not any(matches(r, s) for s in self.ignore)]

    def ignored_for(self, path: str) -> tuple[str, ...]:
        """Codes switched off for one file by `per-file-ignores`."""
        if not self.per_file_ignores:
            return ()  # the common case: no path resolution for every file
        relative = _relative(path, self.root)
        codes: list[str] = []
        for pattern, ignored in self.per_file_ignores:
            if fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(Path(path).name, pattern):
                codes.extend(ignored)
        return tuple(codes)

    def is_excluded(self, path: Path, relative: str | None = None) -> bool:
        """Whether a file or directory matches `exclude`, by name or by its path relative to
        the configuration root (`relative`, when the caller already knows it)."""
        matcher = _exclude_matcher(self.exclude)
        if matcher is None:
            return False
        if matcher.match(path.name) is not None:
            return True
        if relative is None:
            relative = _relative(str(path), self.root)
        return matcher.match(relative) is not None

    def relative(self, path: Path) -> str:
        """`path` relative to the configuration root (as given if it lies outside)."""
        return _relative(str(path), self.root)


@cache
def _exclude_matcher(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regular expression for all `exclude` globs: `fnmatch` semantics, one match call
    per path instead of two per pattern (thousands of files in a large tree)."""
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns))


def matches(rule: type[Rule], selector: str) -> bool:
    """Whether a selector (`ALL`, a code or code prefix, or a rule name) names `rule`."""
    selector = selector.strip()
    if selector.upper() == "ALL":
        return True
    return rule.code.startswith(selector.upper()) or rule.name == selector.lower()


def _relative(path: str, root: Path) -> str:
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start` that has a [tool.torchplace] table."""
    start = start.resolve()
    for directory in (start, *start.parents) if start.is_dir() else start.parents:
        candidate = directory / "pyproject.toml"
        if candidate.is_file() and "[tool.torchplace" in _read(candidate):
            return candidate
    return None


def _read(path: Path) -> str:
    try:
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ConfigError(f"cannot read {path}: not a regular file")
            data = handle.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            raise ConfigError(f"cannot read {path}: larger than {MAX_CONFIG_BYTES} bytes")
        return data.decode("utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise ConfigError(f"cannot read {path}: not UTF-8 ({error.reason})") from error


def load(path: Path | None) -> LintConfig:
    """Read `[tool.torchplace]` from a pyproject.toml (defaults when `path` is None)."""
    if path is None:
        return LintConfig()
    try:
        data = tomllib.loads(_read(path))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from error
    except RecursionError:
        raise ConfigError(f"{path} is nested too deeply to read") from None
    table = data.get("tool", {}).get("torchplace", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.torchplace] must be a table")
    table = {k: v for k, v in table.items() if not isinstance(v, dict) or k == "per-file-ignores"}
    unknown = sorted(set(table) - _KNOWN_KEYS)
    if unknown:
        known = ", ".join(sorted(_KNOWN_KEYS))
        raise ConfigError(
            f"{path}: unknown key(s) {', '.join(unknown)} in [tool.torchplace]; known keys: {known}"
        )
    return _from_table(table, path)


def _strings(table: dict[str, Any], key: str, path: Path) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: [tool.torchplace] {key} must be a list of strings")
    return tuple(value)


def _from_table(table: dict[str, Any], path: Path) -> LintConfig:
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{path}: per-file-ignores must be a table of glob = [codes]")
    exclude = _strings(table, "exclude", path) or DEFAULT_EXCLUDE
    max_size = table.get("max-file-size", DEFAULT_MAX_FILE_BYTES)
    if (
        not isinstance(max_size, int)
        or isinstance(max_size, bool)
        or not 0 < max_size <= MAX_FILE_BYTES_LIMIT
    ):
        raise ConfigError(
            f"{path}: max-file-size must be a whole number of bytes from 1 to "
            f"{MAX_FILE_BYTES_LIMIT} (1 GiB), got {max_size!r}"
        )
    forward = _strings(table, "forward-methods", path) or ("forward",)
    bad_names = [name for name in forward if not name.isidentifier()]
    if bad_names:
        raise ConfigError(f"{path}: forward-methods must be method names, got {bad_names[0]!r}")
    unsafe = table.get("unsafe-fixes", False)
    if not isinstance(unsafe, bool):
        raise ConfigError(f"{path}: unsafe-fixes must be true or false")
    preview = table.get("preview", False)
    if not isinstance(preview, bool):
        raise ConfigError(f"{path}: preview must be true or false")
    return LintConfig(
        select=_strings(table, "select", path),
        extend_select=_strings(table, "extend-select", path),
        ignore=_strings(table, "ignore", path) + _strings(table, "extend-ignore", path),
        exclude=exclude + _strings(table, "extend-exclude", path),
        per_file_ignores=tuple((glob, _strings(per_file, glob, path)) for glob in sorted(per_file)),
        unsafe_fixes=unsafe,
        preview=preview,
        forward_methods=forward,
        max_file_bytes=max_size,
        root=path.parent,
        source=path,
    )


def with_overrides(
    config: LintConfig,
    select: Sequence[str] | None = None,
    extend_select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    extend_exclude: Sequence[str] | None = None,
    unsafe_fixes: bool | None = None,
    preview: bool | None = None,
) -> LintConfig:
    """Command-line options win over the file, as in ruff."""
    changes: dict[str, Any] = {}
    if select:
        changes["select"] = tuple(select)
    if extend_select:
        changes["extend_select"] = config.extend_select + tuple(extend_select)
    if ignore:
        changes["ignore"] = config.ignore + tuple(ignore)
    if extend_exclude:
        changes["exclude"] = config.exclude + tuple(extend_exclude)
    if unsafe_fixes is not None:
        changes["unsafe_fixes"] = unsafe_fixes
    if preview:
        changes["preview"] = True
    return replace(config, **changes)
