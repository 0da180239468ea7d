"""Following a module's `forward` into the module-level helpers of its file.

`forward` hands its helpers GPU tensors (its inputs, the module's weights, a submodule's
output); a helper that makes a tensor without `device=` and mixes it with one of those, or
returns it for `forward` to mix, puts a CPU tensor beside a GPU one just as `forward` itself
would (TPL201's shape, one call away). The pass follows a call of a helper from a method that
`forward` reaches, with the caller's values bound to the helper's parameters, one call deep.

Candidate lines, from the text: in a file that defines `forward`, the factory calls without
`device=` of each module-level function, and the calls of such a function from indented code
(a method). A file whose helpers place every tensor is never parsed for the rule.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from torchplace.lint.flow import FunctionFlow, bind_call
from torchplace.lint.flow_evidence import placed_call
from torchplace.lint.flow_facts import returns_number
from torchplace.lint.flow_state import FlowState
from torchplace.lint.flow_values import Kind, Meeting, Value, Values
from torchplace.lint.rule import AnyOf, FilteredAnyOf

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: A module-level `def` (after a newline: the text is scanned with one put before it).
_TOP_DEF = re.compile(r"\n(?:async[ \t]+)?def[ \t]+(\w+)")
#: The next line at column 0 that starts code: the end of a module-level block.
_TOP_END = re.compile(r"\n(?=[^ \t\r\n\f#)\]}])")


def helper_spans(text: str) -> dict[str, tuple[int, int]]:
    """Offsets of each module-level function of the text, `def` line to last line."""
    padded = "\n" + text
    spans: dict[str, tuple[int, int]] = {}
    for match in _TOP_DEF.finditer(padded):
        end = _TOP_END.search(padded, match.end())
        stop = end.start() if end is not None else len(padded)
        spans[match.group(1)] = (max(match.start(), 0), max(stop - 1, 0))
    return spans


class ForwardHelperFactories(FilteredAnyOf):
    """Factory calls without `device=` in module-level functions of a file that defines
    `forward`, and the calls of those functions from indented code (see the module doc)."""

    def select(self, string: str) -> list[re.Match[str]]:
        if "def forward" not in string:
            return []
        return _helper_candidates(string, lambda text: AnyOf.finditer(self, text))


def _helper_candidates(
    text: str, factories: Callable[[str], Iterator[re.Match[str]]]
) -> list[re.Match[str]]:
    """The factories of the module-level functions that indented code (a method) calls, and
    those calls; a function only other module-level functions call is left out."""
    matches = [m for m in factories(text) if not placed_call(text, m.end())]
    if not matches:
        return []
    spans = helper_spans(text)
    inside = list(spans.values())
    kept: list[re.Match[str]] = []
    for name, (a, b) in spans.items():
        made = [m for m in matches if a <= m.start() < b]
        if not made:
            continue
        calls = [c for c in _calls_of(name, text) if not any(x <= c.start() < y for x, y in inside)]
        if calls:
            kept += made + calls
    return sorted(kept, key=lambda m: m.start())


def _calls_of(name: str, text: str) -> Iterator[re.Match[str]]:
    """Calls of `name` on indented lines."""
    for call in re.finditer(rf"(?<![\w.]){re.escape(name)}\(", text):
        line_start = text.rfind("\n", 0, call.start()) + 1
        if text[line_start : line_start + 1] in (" ", "\t"):
            yield call


@dataclass(frozen=True)
class HelperMeeting:
    """A meeting inside (or returned from) a helper that a `forward` path called."""

    meeting: Meeting
    helper: str
    call_line: int


class ForwardHelpers:
    """The `local` callees of a flow over a method `forward` reaches: a call of one of the
    file's module-level functions runs that function's flow with the caller's values bound
    to its parameters (see the module doc). Its meetings of a tensor it made with a GPU
    value of the caller are kept; its CPU-made results flow back to the caller, position by
    position where every tuple it returns has one length (`out, mask = helper(x)`)."""

    def __init__(
        self,
        functions: dict[str, _Function],
        resolve: Callable[[_Function], _Function | None],
        inputs: bool,
    ) -> None:
        self.functions = functions
        self.resolve = resolve
        #: Whether the caller's arguments count as GPU tensors: those of `forward` itself do;
        #: a method `forward` reaches may be handed tensors `forward` moved to the CPU first.
        self.inputs = inputs
        self.found: list[HelperMeeting] = []
        self._origins: dict[int, str] = {}  # a helper's factory call -> the helper's name
        self._calls: dict[int, int] = {}
        self._busy = False
        self._numbers: dict[str, bool] = {}  # function name -> annotated to return a number

    def follow(
        self,
        caller: FlowState,
        node: ast.Call,
        name: str,
        arguments: list[Values],
        keywords: dict[str | None, Values],
    ) -> Values:
        if self._busy:
            return ()
        bound = bind_call(self.functions, self.resolve, name, arguments, keywords)
        if bound is None:
            return ()
        callee, bindings = bound
        carried = {id(v) for values in bindings.values() for v in values if self.counts(v)}
        self._busy = True
        try:
            flow = FunctionFlow(callee, caller.qualify, bindings=bindings, inputs=False)
        except RecursionError:
            return ()
        finally:
            self._busy = False
        for meeting in flow.meetings:
            if meeting.cpu.origin is not None and id(meeting.gpu) in carried:
                self.found.append(HelperMeeting(meeting, name, node.lineno))
        made = tuple(v for v in flow.returned if v.kind is Kind.CPU and v.origin is not None)
        for value in made:
            assert value.origin is not None
            self._origins[id(value.origin)] = name
            self._calls[id(value.origin)] = node.lineno
        items = flow.returned_items
        if items is not None:  # `out, mask, dur = helper(...)`: each name its own item
            kept = {id(v) for v in made}
            caller.unpack_by_position(node, [tuple(v for v in i if id(v) in kept) for i in items])
        return made

    def returns_number(self, name: str) -> bool:
        if name not in self._numbers:
            self._numbers[name] = returns_number(self.functions, self.resolve, name)
        return self._numbers[name]

    def counts(self, value: Value) -> bool:
        """A GPU value of the caller: an argument only in `forward` itself (see `inputs`)."""
        return value.on_gpu and (self.inputs or value.kind is not Kind.INPUT)

    def returned_from(self, meeting: Meeting) -> HelperMeeting | None:
        """A meeting in the caller of a tensor a helper made and returned."""
        origin = meeting.cpu.origin
        if origin is None or id(origin) not in self._origins or not self.counts(meeting.gpu):
            return None
        return HelperMeeting(meeting, self._origins[id(origin)], self._calls[id(origin)])
