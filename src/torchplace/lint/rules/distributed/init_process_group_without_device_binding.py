"""TPL401 init-process-group-without-device-binding."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, has_star_kwargs, keyword
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import branches, code_before, literal_string
from torchplace.report import Finding

_BINDS = re.compile(r"set_device(?:_index)?\s*\(|cuda\s*\.\s*device\s*\(|bind_worker\s*\(")


class InitProcessGroupWithoutDeviceBinding(Rule):
    """## What it does
    Flags `init_process_group(...)` with an NCCL backend when it has no `device_id=` and
    no `torch.cuda.set_device(...)` (or `torch.cuda.device(...)`, `bind_worker(...)`)
    runs before it in the same function or at module level.

    ## Why is this bad?
    NCCL communicators use the current CUDA device, and every process starts on cuda:0.
    Unless each rank binds its own GPU first, all ranks on a node build their
    communicator on GPU 0: collectives hang or fail (`Attempt to perform collective on
    tensor not on device passed to init_process_group`, `Duplicate GPU detected`), and
    every `.cuda()` / `device="cuda"` of the program lands on GPU 0.

    ## Example
    ```python
    dist.init_process_group("nccl")
    model = Model().cuda()
    ```

    Use instead:
    ```python
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    dist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))
    model = Model().cuda()
    ```

    ## Fix safety
    No automatic fix: the local rank's source depends on the launcher.

    ## References
    - https://pytorch.org/docs/stable/distributed.html#torch.distributed.init_process_group
    - https://pytorch.org/tutorials/intermediate/ddp_tutorial.html
    """

    code = "TPL401"
    name = "init-process-group-without-device-binding"
    summary = "NCCL process group created before this rank bound its GPU (all ranks on cuda:0)"
    pattern = "rank-not-bound-to-gpu"
    candidate = AnyOf(r"init_process_group\s*\(")
    file_gate = ("init_process_group", "nccl")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call, located in self.located_calls(ctx, "init_process_group"):
            if not (ctx.qualified(call.func) or "").endswith("init_process_group"):
                continue
            if keyword(call, "device_id") or has_star_kwargs(call):
                continue
            backend = keyword(call, "backend")
            value = backend.value if backend else call.args[0] if call.args else None
            if value is None or not _is_nccl(value):
                continue
            if _BINDS.search(code_before(ctx, located.scope, call.lineno)):
                continue
            yield self.finding(ctx, call)


def _is_nccl(value: ast.expr) -> bool:
    for branch in branches(value):
        text = literal_string(branch)
        if text is not None and "nccl" in text.lower():
            return True
    return False
