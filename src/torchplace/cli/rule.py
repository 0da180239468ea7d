"""Show a lint rule's documentation (`torchplace rule TPL101`), or list every rule."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from torchplace.cli import EXIT_OK, UsageError
from torchplace.lint.registry import all_rules, by_code
from torchplace.lint.rule import Rule


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="torchplace rule", description="Print a rule's documentation, or list all rules."
    )
    parser.add_argument("code", nargs="?", help="rule code or name, e.g. TPL101")
    parser.add_argument("--all", action="store_true", help="print every rule's documentation")
    parser.add_argument("--format", choices=["text", "json", "markdown"], default="text")
    args = parser.parse_args(argv)
    if args.code:
        try:
            rules = [by_code(args.code)]
        except KeyError as error:
            raise UsageError(
                f"no rule {args.code!r}; run `torchplace rule` to list the rules"
            ) from error
    else:
        rules = list(all_rules())
    if args.format == "markdown":
        from torchplace.lint.docs import render_markdown

        print(render_markdown(), end="")
    elif args.format == "json":
        print(json.dumps([_as_dict(rule) for rule in rules], indent=2))
    elif args.code or args.all:
        print("\n\n".join(_as_text(rule) for rule in rules))
    else:
        for rule in rules:
            fix = "fix" if rule.fix_safety else "   "
            default = "" if rule.default_enabled else " (off by default)"
            default = " (preview: --preview)" if rule.preview else default
            print(f"{rule.code}  {fix}  {rule.name:<42} {rule.summary}{default}")
    return EXIT_OK


def _as_text(rule: type[Rule]) -> str:
    fix = rule.fix_safety.value if rule.fix_safety else "none"
    state = "on" if rule.default_enabled else "off (select it to enable)"
    if rule.preview:
        state = "off: preview tier (--preview, or select its code)"
    header = f"# {rule.name} ({rule.code})\n\nDefault: {state}. Fix: {fix}."
    if rule.pattern:
        header += f" Failure pattern: {rule.pattern}."
    return f"{header}\n\n{rule.docs()}"


def _as_dict(rule: type[Rule]) -> dict[str, object]:
    return {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary,
        "fix": rule.fix_safety.value if rule.fix_safety else None,
        "default_enabled": rule.default_enabled and not rule.preview,
        "tier": "preview" if rule.preview else "stable",
        "contexts": rule.contexts,
        "in_tests": rule.in_tests,
        "pattern": rule.pattern,
        "docs": rule.docs(),
    }
