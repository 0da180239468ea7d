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
    in_tests = False
    contexts = "device arguments anywhere (`set_device`, `device_ids=`, `torch.device`, `.to`)"
    summary = "Device index taken from the global rank; use LOCAL_RANK (breaks on node 2)"
    pattern = "global-rank-as-device-index"
    fix_safety = FixSafety.SAFE
    candidate = AnyOf(
        r"RANK\b",
        r"get_rank\s*\(",
        r"global_rank\b",
        r"process_index\b",
        r"[tpde]p_rank\b",
        r"device_ids\s*=",
        r"output_device\s*=",
        r"set_device\s*\(",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        attributes = _rank_attributes(ctx)

        def is_rank(node: ast.AST) -> bool:
            return _global_rank(ctx, node, attributes) is not None

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
        key = _global_rank(ctx, source, set())
        fix = None
        if isinstance(key, ast.Constant):
            text = ctx.source.segment(key).replace("RANK", "LOCAL_RANK")
            fix = self.replace(ctx, key, text, 'Read "LOCAL_RANK" instead of "RANK"')
        message = f"`{ctx.source.segment(source)}` is the global rank, not this node's GPU"
        yield self.finding(ctx, site.value, message, fix)


def _global_rank(ctx: FileContext, node: ast.AST, attributes: set[str]) -> ast.AST | None:
    """The `"RANK"` key of an environment read, the `get_rank()` call, a global rank under
    its own name (`global_rank`, `process_index`, `world_rank`) or a rank within a parallel
    group (`tp_rank`, `pp_rank`: not this node's GPU once groups span data-parallel copies),
    or `self.<attr>` where the file sets that attribute from the global rank; else None."""
    key = is_env_read(ctx, node, "RANK")
    if key is not None:
        return key
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    if name in _RANK_NAMES:
        return node
    if isinstance(node, ast.Attribute) and _is_self(node.value) and node.attr in attributes:
        return node
    if isinstance(node, ast.Call) and not node.args:
        qualified = ctx.qualified(node.func) or ""
        if qualified.endswith("distributed.get_rank") or qualified == "dist.get_rank":
            return node
    return None


#: Names that hold the global rank in common frameworks (accelerate, DeepSpeed, Megatron).
_RANK_NAMES = frozenset(
    {"global_rank", "process_index", "world_rank", "tp_rank", "pp_rank", "dp_rank", "ep_rank"}
)


def _is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _rank_attributes(ctx: FileContext) -> set[str]:
    """`self.<attr>` set from the global rank in the file (`self.rank = dist.get_rank()`),
    and never set otherwise."""
    traced: dict[str, bool] = {}
    for located in ctx.assignments:
        node = located.node
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Attribute) and _is_self(target.value):
                source = trace(node.value, lambda n: _global_rank(ctx, n, set()) is not None, set())
                traced[target.attr] = traced.get(target.attr, True) and source is not None
    return {name for name, is_rank in traced.items() if is_rank}
