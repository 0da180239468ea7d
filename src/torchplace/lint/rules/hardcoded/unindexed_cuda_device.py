"""TPL105 unindexed-cuda-device."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, call_name
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import device_sites, literal_string
from torchplace.report import Finding

_TYPE_AFTER = re.compile(r"[\s)]*\.type\b|\s*(?:==|!=|in\b|not\s+in\b)")
_TYPE_BEFORE = re.compile(r"(?:==|!=|\bin|_get_backend\()\s*$")
#: Calls whose `device=` names a device *type* ("cuda" is right there), and `.cuda(...)`.
_DEVICE_TYPE_CALLS = {"cuda", "GradScaler", "autocast", "get_device_module"}
_SITES = {"to", "torch.device", "device=", "map_location="}


class UnindexedCudaDevice(Rule):
    """## What it does
    Flags the bare string `"cuda"` used as a device: `.to("cuda")`, `device="cuda"`,
    `torch.device("cuda")`, `map_location="cuda"`.

    ## Why is this bad?
    `"cuda"` means the calling thread's *current* device. That is cuda:0 in every rank that
    did not call `torch.cuda.set_device`, in every new thread (threads do not inherit the
    binding), and it is never the GPU a `device_map` shard lives on. The tensor then meets
    one on another GPU: `Expected all tensors to be on the same device, but found at least
    two devices, cuda:0 and cuda:1!`.

    ## Example
    ```python
    def forward(self, input_ids):
        positions = torch.arange(input_ids.shape[-1], device="cuda")
        return self.embed(input_ids) + self.pos(positions)
    ```

    Use instead:
    ```python
    def forward(self, input_ids):
        positions = torch.arange(input_ids.shape[-1], device=input_ids.device)
        return self.embed(input_ids) + self.pos(positions)
    ```
    In a launcher, name the rank's GPU: `torch.device("cuda", int(os.environ["LOCAL_RANK"]))`.

    ## Fix safety
    No automatic fix: the right device depends on the surrounding code.

    ## References
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    - https://pytorch.org/docs/stable/tensor_attributes.html#torch.device
    """

    code = "TPL105"
    name = "unindexed-cuda-device"
    preview = True
    in_tests = False
    contexts = "any code"
    summary = 'Device "cuda" means the thread\'s current GPU (cuda:0 unless bound)'
    pattern = "hardcoded-cuda-device"
    candidate = AnyOf(r"cuda[\"']")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for site in device_sites(ctx):
            if site.where not in _SITES or call_name(site.call) in _DEVICE_TYPE_CALLS:
                continue
            if literal_string(site.value) != "cuda":
                continue
            if site.where == "torch.device" and _only_type_used(ctx, site.call):
                continue
            yield self.finding(ctx, site.value)


def _only_type_used(ctx: FileContext, call: ast.Call) -> bool:
    """`torch.device("cuda")` as a device *type*: `.type`, compared, looked up in a collection
    (`torch.device("cuda") in devices`), or a backend key (`pg._get_backend(...)`)."""
    start, end = ctx.source.start(call), ctx.source.end(call)
    before = ctx.source.line(start.line)[: start.column]
    after = ctx.source.line(end.line)[end.column :]
    return bool(_TYPE_AFTER.match(after) or _TYPE_BEFORE.search(before))
