"""TPL402 global-rank-as-device."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Located
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    DeviceSite,
    calls_in_scope,
    device_sites,
    is_env_read,
    sites_of,
    trace,
    traced_names,
)
from torchplace.report import Finding, FixSafety

_SITES = {
    "to",
    "cuda",
    "torch.device",
    "torch.device-index",
    "cuda.device",
    "set_device",
    "device=",
    "device_ids=",
    "output_device=",
    "map_location=",
}


class GlobalRankAsDevice(Rule):
    """## What it does
    Flags a CUDA device taken from the *global* rank: `os.environ["RANK"]`,
    `os.getenv("RANK")`, `dist.get_rank()`, or a local name assigned from one of them, used
    in `set_device(...)`, `torch.device("cuda", ...)`, `.cuda(...)`, `.to(...)`,
    `device=`, `device_ids=[...]` or `f"cuda:{...}"`.

    ## Why is this bad?
    The global rank counts processes over all nodes; CUDA ordinals count the GPUs of this
    node. On one node they agree, so the bug hides until the second node, where rank 8 of
    an 8-GPU-per-node job asks for cuda:8: `invalid device ordinal` (raised as
    `torch.AcceleratorError`). Code that wraps it (`rank % 8`) hardcodes the node size.

    ## Example
    ```python
    rank = int(os.environ["RANK"])
    torch.cuda.set_device(rank)
    ```

    Use instead:
    ```python
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    ```

    ## Fix safety
    Where the device reads the environment directly, the fix replaces `"RANK"` by
    `"LOCAL_RANK"`. It is safe: on a correctly launched single node both are equal.

    ## References
    - https://pytorch.org/docs/stable/elastic/run.html#environment-variables
    - https://pytorch.org/tutorials/intermediate/ddp_series_multinode.html
    """

    code = "TPL402"
    name = "global-rank-as-device"
    summary = "Device index taken from the global rank; use LOCAL_RANK (breaks on node 2)"
    pattern = "global-rank-as-device-index"
    fix_safety = FixSafety.SAFE
    candidate = AnyOf(r"RANK\b", r"get_rank\s*\(")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        def is_rank(node: ast.AST) -> bool:
            return _global_rank(ctx, node) is not None

        seen: set[int] = set()
        for site in device_sites(ctx):
            yield from self._flag(ctx, site, trace(site.value, is_rank, set()), seen)
        scopes = {id(loc.scope.node): loc.scope for loc in ctx.assignments}
        for scope in scopes.values():
            names = traced_names(ctx, scope, is_rank)
            if not names:
                continue
            for call in calls_in_scope(ctx, scope):
                for site in sites_of(ctx, call, Located(call, scope)):
                    yield from self._flag(ctx, site, trace(site.value, is_rank, names), seen)

    def _flag(
        self, ctx: FileContext, site: DeviceSite, source: ast.AST | None, seen: set[int]
    ) -> Iterator[Finding]:
        if source is None or site.where not in _SITES or id(site.value) in seen:
            return
        seen.add(id(site.value))
        key = _global_rank(ctx, source)
        fix = None
        if isinstance(key, ast.Constant):
            text = ctx.source.segment(key).replace("RANK", "LOCAL_RANK")
            fix = self.replace(ctx, key, text, 'Read "LOCAL_RANK" instead of "RANK"')
        message = f"`{ctx.source.segment(source)}` is the global rank, not this node's GPU"
        yield self.finding(ctx, site.value, message, fix)


def _global_rank(ctx: FileContext, node: ast.AST) -> ast.AST | None:
    """The `"RANK"` key of an environment read, or the `get_rank()` call, else None."""
    key = is_env_read(ctx, node, "RANK")
    if key is not None:
        return key
    if isinstance(node, ast.Call) and not node.args:
        qualified = ctx.qualified(node.func) or ""
        if qualified.endswith("distributed.get_rank") or qualified == "dist.get_rank":
            return node
    return None
