"""TPL101 cuda-call-without-device."""

from __future__ import annotations

import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext
from torchplace.lint.rule import Rule
from torchplace.report import Finding

# Receivers whose `.cuda()` is not a tensor or module move (vLLM's platform object, say).
_NOT_TENSORS = {"torch", "current_platform", "platform", "platforms", "self.platform"}


class CudaCallWithoutDevice(Rule):
    """## What it does
    Flags `.cuda()` called with no device on a tensor or module.

    ## Why is this bad?
    `.cuda()` moves to the *current* CUDA device of the calling thread, which is cuda:0 in
    every rank and every thread that did not call `torch.cuda.set_device` first. In
    tensor-parallel or `device_map` serving, the layer next to it lives on cuda:1..N, and the
    next op fails with `Expected all tensors to be on the same device, but found at least two
    devices, cuda:0 and cuda:1!`. New threads start on device 0 whatever their parent set.

    ## Example
    ```python
    def forward(self, hidden_states):
        residual = self.residual_cache.cuda()
        return hidden_states + residual
    ```

    Use instead:
    ```python
    def forward(self, hidden_states):
        residual = self.residual_cache.to(hidden_states.device)
        return hidden_states + residual
    ```
    For whole-process placement, read the device once from `LOCAL_RANK`:
    `device = torch.device("cuda", int(os.environ["LOCAL_RANK"]))`.

    ## Fix safety
    No automatic fix: the right device depends on the surrounding code.

    ## References
    - https://pytorch.org/docs/stable/generated/torch.Tensor.cuda.html
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    """

    code = "TPL101"
    name = "cuda-call-without-device"
    preview = True
    in_tests = False
    contexts = "any code"
    summary = "`.cuda()` without a device moves to the thread's current GPU (cuda:0 unless bound)"
    pattern = "hardcoded-cuda-device"
    candidate = re.compile(r"\.\s*cuda\s*\(")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call, _ in self.located_calls(ctx, "cuda"):
            if call.args or call.keywords:
                continue
            receiver = ctx.source.segment(call.func)[: -len(".cuda")].rstrip(". \n")
            if receiver in _NOT_TENSORS or not receiver:
                continue
            yield self.finding(ctx, call)
