"""TPL901 device-count-as-world-size."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import all_calls, peel
from torchplace.report import Finding, Severity

_WORLD = re.compile(r"world_size|nprocs|num_processes|n_procs|nproc", re.I)


class DeviceCountAsWorldSize(Rule):
    """## What it does
    Flags the world size or process count taken from `torch.cuda.device_count()`:
    `world_size = torch.cuda.device_count()`, `mp.spawn(fn, nprocs=torch.cuda.device_count())`.
    Off by default (noisy: right for single-node scripts).

    ## Why is this bad?
    `device_count()` counts the GPUs of *this* node (and only those visible). On two nodes
    the real world size is twice that, so ranks disagree on the world size, rendezvous
    hangs or NCCL fails, and rank numbers collide across nodes.

    ## Example
    ```python
    world_size = torch.cuda.device_count()
    mp.spawn(train, args=(world_size,), nprocs=world_size)
    ```

    Use instead:
    ```python
    # torchrun --nnodes 2 --nproc-per-node 8 train.py
    world_size = int(os.environ["WORLD_SIZE"])
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://pytorch.org/docs/stable/elastic/run.html#environment-variables
    - https://pytorch.org/tutorials/intermediate/ddp_series_multinode.html
    """

    code = "TPL901"
    name = "device-count-as-world-size"
    preview = True
    contexts = "off by default (noisy)"
    summary = "World size taken from this node's GPU count (wrong on several nodes)"
    severity = Severity.WARNING
    default_enabled = False
    pattern = "parallel-config-mismatch"
    candidate = AnyOf(r"device_count\s*\(")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for located in ctx.assignments:
            node = located.node
            if isinstance(node, ast.Assign) and _is_device_count(ctx, node.value):
                for target in node.targets:
                    if _WORLD.search(ctx.source.segment(target)):
                        yield self.finding(ctx, node.value)
                        break
        for located in all_calls(ctx):
            assert isinstance(located.node, ast.Call)
            for kw in located.node.keywords:
                if kw.arg and _WORLD.search(kw.arg) and _is_device_count(ctx, kw.value):
                    yield self.finding(ctx, kw.value)


def _is_device_count(ctx: FileContext, node: ast.AST | None) -> bool:
    while node is not None:
        if isinstance(node, ast.Call):
            qualified = ctx.qualified(node.func) or ""
            if qualified.endswith("cuda.device_count"):
                return True
        node = peel(node)
    return False
