"""The catalogue of device-placement failure patterns that lint, explain, doctor and preflight share.

Each pattern lives in its own module in this package and defines ``PATTERN = Pattern(...)``;
the catalogue is found by walking the package, so adding a module adds a pattern. A pattern says
what goes wrong, why, how to fix it, which lint rules catch it statically, and which error
messages (regular expressions over the exception text or log line) it shows at run time.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from functools import cache


@dataclass(frozen=True)
class Pattern:
    """One known way multi-GPU device placement goes wrong."""

    id: str
    title: str
    cause: str
    fix: str
    fix_example: str = ""
    lint_rules: tuple[str, ...] = ()
    signatures: tuple[str, ...] = ()
    # Words in the failing frame's source or module path that point at this pattern
    # (e.g. "lora", "rotary"): explain uses them to choose among patterns with the same message.
    hints: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    compiled: tuple[re.Pattern[str], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        compiled = tuple(re.compile(s, re.IGNORECASE | re.DOTALL) for s in self.signatures)
        object.__setattr__(self, "compiled", compiled)

    def matches(self, text: str) -> bool:
        """Whether an error message or log line shows this pattern's signature."""
        return any(regex.search(text) for regex in self.compiled)


@cache
def all_patterns() -> tuple[Pattern, ...]:
    """Every pattern in the catalogue, sorted by id."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        pattern = getattr(module, "PATTERN", None)
        if isinstance(pattern, Pattern):
            found.append(pattern)
    return tuple(sorted(found, key=lambda p: p.id))


def get(pattern_id: str) -> Pattern:
    """The pattern with this id; raises KeyError naming the known ids when there is none."""
    for pattern in all_patterns():
        if pattern.id == pattern_id:
            return pattern
    known = ", ".join(p.id for p in all_patterns())
    raise KeyError(f"no failure pattern {pattern_id!r}; known patterns: {known}")


def for_rule(code: str) -> Pattern | None:
    """The pattern a lint rule code belongs to, if any."""
    for pattern in all_patterns():
        if code in pattern.lint_rules:
            return pattern
    return None


def matching(text: str) -> list[Pattern]:
    """Patterns whose signatures match an error message, most specific (fewest matches) first."""
    return [p for p in all_patterns() if p.matches(text)]
