"""TPL103 hardcoded-device-string."""

from __future__ import annotations

import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    branches,
    device_sites,
    literal_string,
    placement_is_local,
)
from torchplace.report import Finding

_INDEXED = re.compile(r"cuda:\d+")
_SITES = {"to", "cuda", "torch.device", "cuda.device", "set_device", "device=", "map_location="}


class HardcodedDeviceString(Rule):
    """## What it does
    Flags a literal `"cuda:N"` (or an f-string with no placeholder) used as a device: in
    `.to(...)`, `device=`, `torch.device(...)`, `map_location=`, `.cuda(...)`,
    `torch.cuda.set_device(...)` and `torch.cuda.device(...)` (not one built as a statement
    of its own, which no `with` enters and which selects nothing).

    ## Why is this bad?
    The string names one physical position. When the code runs in several ranks, threads
    or `device_map` shards, every one of them sends this tensor to the same GPU, and the
    first op mixing it with a tensor of another shard fails with `Expected all tensors to
    be on the same device, but found at least two devices, cuda:0 and cuda:1!`.

    ## Example
    ```python
    def forward(self, hidden_states):
        mask = self.mask.to("cuda:0")
        return hidden_states.masked_fill(mask, 0.0)
    ```

    Use instead:
    ```python
    def forward(self, hidden_states):
        mask = self.mask.to(hidden_states.device)
        return hidden_states.masked_fill(mask, 0.0)
    ```
    For process-wide placement, build the device from `LOCAL_RANK`:
    `torch.device("cuda", int(os.environ["LOCAL_RANK"]))`.

    ## Fix safety
    No automatic fix: the right device depends on the surrounding code.

    ## References
    - https://pytorch.org/docs/stable/tensor_attributes.html#torch.device
    - https://pytorch.org/docs/stable/notes/cuda.html#best-practices
    """

    code = "TPL103"
    name = "hardcoded-device-string"
    preview = True
    in_tests = False
    contexts = "any code"
    summary = 'A literal "cuda:N" device sends every rank and shard to the same GPU'
    pattern = "hardcoded-cuda-device"
    candidate = AnyOf(r"cuda:\d")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for site in device_sites(ctx):
            if site.where not in _SITES or placement_is_local(ctx, site):
                continue
            for value in branches(site.value):
                text = literal_string(value)
                if text is not None and _INDEXED.fullmatch(text):
                    message = f'Hardcoded device "{text}": derive it from an input or LOCAL_RANK'
                    yield self.finding(ctx, value, message)
