"""Find every rule by walking `torchplace.lint.rules`; never a hand-kept list."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from functools import cache

from torchplace.lint import rules as rules_package
from torchplace.lint.rule import Rule


@cache
def all_rules() -> tuple[type[Rule], ...]:
    """Every rule class, sorted by code; raises if two rules share a code or a name."""
    found: dict[str, type[Rule]] = {}
    names: dict[str, str] = {}
    prefix = rules_package.__name__ + "."
    for info in pkgutil.walk_packages(rules_package.__path__, prefix):
        module = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if not issubclass(obj, Rule) or obj is Rule or obj.__module__ != module.__name__:
                continue
            if obj.code in found or obj.name in names:
                raise RuntimeError(f"duplicate rule code or name: {obj.code} {obj.name}")
            found[obj.code] = obj
            names[obj.name] = obj.code
    return tuple(found[code] for code in sorted(found))


@cache
def site_partners() -> dict[str, tuple[str, ...]]:
    """Code -> the codes of rules that share its sites (`Rule.takes_sites_of`), both ways."""
    partners: dict[str, list[str]] = {}
    for rule in all_rules():
        if rule.takes_sites_of is not None:
            partners.setdefault(rule.code, []).append(rule.takes_sites_of)
            partners.setdefault(rule.takes_sites_of, []).append(rule.code)
    return {code: tuple(codes) for code, codes in partners.items()}


def by_code(code: str) -> type[Rule]:
    """A rule by code (`TPL101`) or name (`cuda-call-without-device`)."""
    wanted = code.strip()
    for rule in all_rules():
        if wanted.upper() == rule.code or wanted.lower() == rule.name:
            return rule
    raise KeyError(wanted)
