"""TPL106 torch-load-without-map-location."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, has_star_kwargs, keyword
from torchplace.lint.rule import AnyOf, Rule
from torchplace.report import Finding, FixSafety


class TorchLoadWithoutMapLocation(Rule):
    """## What it does
    Flags `torch.load(...)` called without `map_location`.

    ## Why is this bad?
    Without `map_location`, every tensor comes back on the device it was saved from, which
    is usually cuda:0. Each rank of a multi-GPU job then loads its copy of the checkpoint
    onto GPU 0 (out of memory there, or a model whose weights sit on the wrong GPU), and
    on a machine without that GPU the load fails with `Attempting to deserialize object on
    CUDA device 3 but torch.cuda.device_count() is 1`.

    ## Example
    ```python
    state = torch.load(checkpoint_path)
    model.load_state_dict(state)
    ```

    Use instead:
    ```python
    state = torch.load(checkpoint_path, map_location="cpu")
    model.load_state_dict(state)  # copies into the parameters wherever they live
    ```
    Or load straight onto this rank's GPU:
    `map_location=torch.device("cuda", int(os.environ["LOCAL_RANK"]))`.

    ## Fix safety
    The fix adds `map_location="cpu"`. It is unsafe: code that used the loaded tensors
    directly (without `load_state_dict` or `.to`) now gets CPU tensors.

    ## References
    - https://pytorch.org/docs/stable/generated/torch.load.html
    - https://pytorch.org/docs/stable/notes/serialization.html
    """

    code = "TPL106"
    name = "torch-load-without-map-location"
    preview = True
    in_tests = False
    contexts = "any code"
    summary = "`torch.load` without `map_location` restores tensors onto the GPU that saved them"
    pattern = "checkpoint-loaded-to-saving-device"
    fix_safety = FixSafety.UNSAFE
    candidate = AnyOf(r"load\s*\(")
    file_gate = ("torch",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call, _ in self.located_calls(ctx, "load"):
            if ctx.qualified(call.func) != "torch.load":
                continue
            if len(call.args) >= 2 or keyword(call, "map_location") or has_star_kwargs(call):
                continue
            if any(isinstance(a, ast.Starred) for a in call.args):
                continue
            fix = self.insert_keyword(ctx, call, 'map_location="cpu"', 'Add map_location="cpu"')
            yield self.finding(ctx, call, fix=fix)
