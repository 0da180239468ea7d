"""TPL405 device-index-from-cuda-visible-devices."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator

from torchplace.lint.context import FileContext, Located, Scope
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    DeviceSite,
    all_calls,
    calls_in_scope,
    device_sites,
    is_env_read,
    scope_nodes,
    sites_of,
    trace,
    traced_names,
)
from torchplace.report import Finding

VARIABLE = "CUDA_VISIBLE_DEVICES"
#: `torch.cuda` functions whose first argument is a device index.
_QUERIES = frozenset(
    (
        "get_device_capability",
        "get_device_properties",
        "get_device_name",
        "mem_get_info",
        "memory_allocated",
        "memory_reserved",
        "max_memory_allocated",
        "reset_peak_memory_stats",
        "synchronize",
    )
)


class DeviceIndexFromCudaVisibleDevices(Rule):
    """## What it does
    Flags a device index parsed out of `CUDA_VISIBLE_DEVICES`
    (`int(os.environ["CUDA_VISIBLE_DEVICES"])`, `...split(",")[i]`, or a local name holding
    one, or the loop variable of a comprehension over its entries) and used as a device:
    `f"cuda:{...}"`, `set_device(...)`, `torch.device(...)`, `.to(...)`, `.cuda(...)`,
    `device=`, or the index of a `torch.cuda` query (`get_device_capability(i)`,
    `get_device_properties`, `mem_get_info`, ...).

    ## Why is this bad?
    `CUDA_VISIBLE_DEVICES` lists *physical* GPU ids (or UUIDs); inside the process the
    visible GPUs are renumbered from 0. With `CUDA_VISIBLE_DEVICES=2,3`, the process has
    cuda:0 and cuda:1, so `cuda:2` is `invalid device ordinal` (`torch.AcceleratorError`)
    or, with more GPUs visible, silently another rank's GPU.

    ## Example
    ```python
    gpu = int(os.environ["CUDA_VISIBLE_DEVICES"].split(",")[0])
    torch.cuda.set_device(gpu)
    ```

    Use instead:
    ```python
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    torch.cuda.set_device(local_rank)  # a logical index among the visible GPUs
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-environment-variables
    """

    code = "TPL405"
    name = "device-index-from-cuda-visible-devices"
    contexts = "device arguments anywhere"
    summary = "Device index read from CUDA_VISIBLE_DEVICES: a physical id, not a torch ordinal"
    pattern = "cuda-visible-devices-misuse"
    candidate = AnyOf(VARIABLE)
    file_gate = (VARIABLE,)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        def is_visible_devices(node: ast.AST) -> bool:
            return is_env_read(ctx, node, VARIABLE) is not None

        seen: set[int] = set()
        found = [(site, set[str]()) for site in device_sites(ctx)]
        found += [(site, set[str]()) for site in _query_sites(ctx, all_calls(ctx))]
        scopes = {id(loc.scope.node): loc.scope for loc in ctx.assignments}
        for scope in scopes.values():
            names = traced_names(ctx, scope, is_visible_devices)
            if names:
                calls = list(calls_in_scope(ctx, scope))
                found += [
                    (site, names)
                    for call in calls
                    for site in sites_of(ctx, call, Located(call, scope))
                ]
                located = (Located(call, scope) for call in calls)
                found += [(site, names) for site in _query_sites(ctx, located)]
            found += _comprehension_sites(ctx, scope, names, is_visible_devices)
        for site, names in found:
            if id(site.value) in seen or site.where == "map_location=":
                continue
            if trace(site.value, is_visible_devices, names) is not None:
                seen.add(id(site.value))
                yield self.finding(ctx, site.value)


def _query_sites(ctx: FileContext, calls: Iterable[Located]) -> Iterator[DeviceSite]:
    """The index argument of `torch.cuda` queries (`get_device_capability(i)`)."""
    for located in calls:
        call = located.node
        if not (isinstance(call, ast.Call) and call.args) or isinstance(call.args[0], ast.Starred):
            continue
        module, _, function = (ctx.qualified(call.func) or "").rpartition(".")
        if module == "torch.cuda" and function in _QUERIES:
            yield DeviceSite(call, call.args[0], "query", located)


def _comprehension_sites(
    ctx: FileContext, scope: Scope, names: set[str], is_source: Callable[[ast.AST], bool]
) -> list[tuple[DeviceSite, set[str]]]:
    """Device arguments inside a comprehension whose loop runs over the variable's entries
    (`get_device_capability(int(i)) for i in visible.split(",")`)."""
    found: list[tuple[DeviceSite, set[str]]] = []
    for node in scope_nodes(ctx, scope):
        if not isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            continue
        targets = {g.target.id for g in node.generators if isinstance(g.target, ast.Name)}
        own = {
            g.target.id
            for g in node.generators
            if isinstance(g.target, ast.Name) and trace(g.iter, is_source, names) is not None
        }
        if not own:
            continue
        inner = (names - targets) | own
        calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)]
        located = [Located(call, scope) for call in calls]
        found += [(site, inner) for site in _query_sites(ctx, located)]
        found += [
            (s, inner) for c, at in zip(calls, located, strict=True) for s in sites_of(ctx, c, at)
        ]
    return found
