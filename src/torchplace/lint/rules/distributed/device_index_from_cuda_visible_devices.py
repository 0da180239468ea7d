"""TPL405 device-index-from-cuda-visible-devices."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Located
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    calls_in_scope,
    device_sites,
    is_env_read,
    sites_of,
    trace,
    traced_names,
)
from torchplace.report import Finding

VARIABLE = "CUDA_VISIBLE_DEVICES"


class DeviceIndexFromCudaVisibleDevices(Rule):
    """## What it does
    Flags a device index parsed out of `CUDA_VISIBLE_DEVICES`
    (`int(os.environ["CUDA_VISIBLE_DEVICES"])`, `...split(",")[i]`, or a local name holding
    one) and used as a device: `f"cuda:{...}"`, `set_device(...)`, `torch.device(...)`,
    `.to(...)`, `.cuda(...)`, `device=`.

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
        scopes = {id(loc.scope.node): loc.scope for loc in ctx.assignments}
        for scope in scopes.values():
            names = traced_names(ctx, scope, is_visible_devices)
            if names:
                found += [
                    (site, names)
                    for call in calls_in_scope(ctx, scope)
                    for site in sites_of(ctx, call, Located(call, scope))
                ]
        for site, names in found:
            if id(site.value) in seen or site.where == "map_location=":
                continue
            if trace(site.value, is_visible_devices, names) is not None:
                seen.add(id(site.value))
                yield self.finding(ctx, site.value)
