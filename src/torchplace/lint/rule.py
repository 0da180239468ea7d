"""The base class of every lint rule.

A rule is one module under `torchplace.lint.rules.<family>`: a subclass of :class:`Rule` whose
docstring is its user documentation (ruff's shape: What it does / Why is this bad? / Example /
Use instead / Fix safety / References). Rules are found by walking the package.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from typing import ClassVar, Literal, Protocol

from torchplace.lint.context import FileContext, Located
from torchplace.report import Edit, Finding, Fix, FixSafety, Position, RuleInfo, Severity

_NEVER = re.compile(r"(?!)")


class Candidate(Protocol):
    """What the engine needs of a rule's candidate: `re.Pattern` or :class:`AnyOf`."""

    @property
    def pattern(self) -> str: ...

    @property
    def flags(self) -> int: ...

    def search(self, string: str) -> re.Match[str] | None: ...

    def finditer(self, string: str) -> Iterator[re.Match[str]]: ...


class AnyOf:
    """Several regular expressions acting as one candidate; one instance may serve several rules.

    CPython's `re` finds a pattern that starts with a literal (`device`, `.to(`) with a fast
    scan, but an alternation of branches starting with different letters is tried at nearly
    every position: `a...|b...` costs several times `a...` plus `b...` on real code. So a
    rule whose lines have several spellings lists them here, each with its own literal prefix.
    The matches of the last text are kept, so rules sharing an instance scan a file once.
    """

    def __init__(self, *patterns: str, flags: int = 0) -> None:
        self.parts = tuple(re.compile(p, flags) for p in patterns)
        self.pattern = "|".join(f"(?:{p})" for p in patterns)
        self.flags = flags
        self._text: str | None = None
        self._matches: list[re.Match[str]] = []

    def _all(self, string: str) -> list[re.Match[str]]:
        if string is not self._text:
            self._matches = [m for part in self.parts for m in part.finditer(string)]
            self._text = string
        return self._matches

    def search(self, string: str) -> re.Match[str] | None:
        """Some match (not necessarily the first), or None: callers only ask whether any."""
        if string is self._text:
            return self._matches[0] if self._matches else None
        for part in self.parts:
            match = part.search(string)
            if match is not None:
                return match
        return None

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return iter(self._all(string))


class FilteredAnyOf(AnyOf):
    """An `AnyOf` whose matches are then narrowed by :meth:`select` (a rule's own reading of the
    text around them); the kept matches of the last text are reused, as `AnyOf` does."""

    def __init__(self, *patterns: str) -> None:
        super().__init__(*patterns)
        self._kept_text: str | None = None
        self._kept: list[re.Match[str]] = []

    def select(self, string: str) -> list[re.Match[str]]:
        """The matches to keep in `string` (`AnyOf.finditer(self, string)` gives them all)."""
        raise NotImplementedError

    def search(self, string: str) -> re.Match[str] | None:
        kept = self._filtered(string)
        return kept[0] if kept else None

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return iter(self._filtered(string))

    def _filtered(self, string: str) -> list[re.Match[str]]:
        if string is not self._kept_text:
            self._kept = self.select(string)
            self._kept_text = string
        return self._kept


class Rule:
    """Subclasses set the class attributes below and implement :meth:`check`."""

    code: ClassVar[str]
    name: ClassVar[str]
    #: One line naming the bad pattern: the text of `torchplace rule` listings and SARIF.
    summary: ClassVar[str]
    severity: ClassVar[Severity] = Severity.ERROR
    #: Failure-pattern id in `torchplace.patterns` that this rule catches statically.
    pattern: ClassVar[str | None] = None
    #: None when the rule offers no fix.
    fix_safety: ClassVar[FixSafety | None] = None
    #: Rules in the 9xx family are noisy and off unless selected.
    default_enabled: ClassVar[bool] = True
    #: Preview tier: measured below 90% precision on real code (`benchmarks/lint_precision`),
    #: so it runs only with `--preview` / `preview = true`, or when selected by its exact code.
    preview: ClassVar[bool] = False
    #: Where the rule's findings apply, for the docs: e.g. "nn.Module forward", "any code".
    contexts: ClassVar[str] = "any code"
    #: Whether the rule runs on tests and benchmarks (`is_test_or_benchmark`): a hard-coded
    #: device in a single-GPU test or a kernel benchmark is the test's choice.
    in_tests: ClassVar[bool] = True
    #: Lines that may hold a finding: a superset, so files and statements without a match
    #: are never parsed or walked. Must never miss a line the rule would flag.
    #: Prefer patterns that start with a literal; see :class:`AnyOf` for several spellings.
    candidate: ClassVar[Candidate] = _NEVER
    #: Substrings that must all be in the file for the rule to run at all.
    file_gate: ClassVar[tuple[str, ...]] = ()
    #: Where candidate lines can hold a finding, for `regions`: "any" function or module
    #: code; only "forward" and the methods it reaches (`FileContext.forward_path`); only
    #: "init", the `__init__` methods of classes.
    candidate_scope: ClassVar[Literal["any", "forward", "init"]] = "any"
    #: Functions and classes whose text matches are parsed whole even with no candidate line
    #: in them (see `regions`): for rules that read code a finding's line only refers to.
    context_hint: ClassVar[re.Pattern[str] | None] = None
    #: A fact the rule's findings need of the whole project (a name in
    #: `project_facts.CONDITIONS`): findings are made per file, then kept only where the
    #: file's project has it (see `project_facts.apply_project_facts`).
    project_condition: ClassVar[str | None] = None
    #: The code of a rule whose findings this one takes over, site for site, where both run
    #: (TPL412 takes TPL402's in files the project shows on several nodes): the other's
    #: finding at the same place is dropped (`project_facts.apply_project_facts`), and a
    #: suppression naming either code silences both (`registry.site_partners`).
    takes_sites_of: ClassVar[str | None] = None

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        raise NotImplementedError

    # -- helpers for subclasses -------------------------------------------------------------
    def finding(
        self,
        ctx: FileContext,
        node: ast.AST,
        message: str | None = None,
        fix: Fix | None = None,
    ) -> Finding:
        start = ctx.source.start(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            # Point at the method name, so `x\n    .cuda()` reports the `.cuda()` line.
            func = node.func
            line = func.end_lineno or func.lineno
            byte_column = (func.end_col_offset or 0) - len(func.attr.encode("utf-8"))
            start = Position(line, ctx.source.char_column(line, byte_column))
        return Finding(
            path=ctx.source.path,
            start=start,
            end=ctx.source.end(node),
            code=self.code,
            name=self.name,
            message=message or self.summary,
            severity=self.severity,
            fix=fix,
            pattern=self.pattern,
        )

    def replace(self, ctx: FileContext, node: ast.AST, content: str, description: str) -> Fix:
        """A fix replacing one node's text."""
        safety = self.fix_safety or FixSafety.UNSAFE
        edit = Edit(ctx.source.start(node), ctx.source.end(node), content)
        return Fix(description, (edit,), safety)

    def insert_keyword(self, ctx: FileContext, call: ast.Call, text: str, description: str) -> Fix:
        """A fix adding `text` (e.g. `device=x.device`) as the last argument of a call.

        It goes right after the last argument, so a trailing comma or a comment before the
        closing parenthesis stays where it is.
        """
        safety = self.fix_safety or FixSafety.UNSAFE
        arguments: list[ast.expr | ast.keyword] = [*call.args, *call.keywords]
        if arguments:
            last = max(arguments, key=lambda n: (n.end_lineno or n.lineno, n.end_col_offset or 0))
            position = ctx.source.end(last)
            text = ", " + text
        else:
            end = ctx.source.end(call)
            position = type(end)(end.line, end.column - 1)
        return Fix(description, (Edit(position, position, text),), safety)

    @classmethod
    def docs(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def info(cls) -> RuleInfo:
        return RuleInfo(cls.code, cls.name, cls.summary, cls.docs(), cls.severity)

    @staticmethod
    def located_calls(ctx: FileContext, *names: str) -> Iterator[tuple[ast.Call, Located]]:
        for located in ctx.calls(*names):
            assert isinstance(located.node, ast.Call)
            yield located.node, located
