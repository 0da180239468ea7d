"""TPL304 wrapped-model-moved-after-device-map."""

from __future__ import annotations

from collections.abc import Iterator

from torchplace.lint.context import FileContext
from torchplace.lint.rules.serving.model_moved_after_device_map import ModelMovedAfterDeviceMap
from torchplace.report import Finding


class WrappedModelMovedAfterDeviceMap(ModelMovedAfterDeviceMap):
    """## What it does
    Flags `model.to(...)` / `model.cuda()` where TPL303 does not look: on a model that keeps
    one the same function loaded with a multi-device `device_map` (`model =
    PeftModel.from_pretrained(base, adapter)`, `get_peft_model(base, config)`,
    `base.merge_and_unload()`), and on a model loaded with `device_map="auto" if test else
    None` and moved under `if test:`, the very test that spread it.

    ## Why is this bad?
    A PEFT model wraps the dispatched base model: moving it moves the base model, whose
    accelerate hooks still send activations to the devices of the map. It either fails
    (`You can't move a model that has some modules offloaded to cpu or disk.`) or piles every
    layer onto one GPU. A map chosen by a test spreads the model exactly when the test holds:
    a move under the same test always meets the spread model.

    ## Example
    ```python
    base = AutoModelForCausalLM.from_pretrained(
        path, device_map="auto" if device == "cuda" else None
    )
    model = PeftModel.from_pretrained(base, adapter)
    if device == "cuda":
        model = model.to("cuda")
    ```

    Use instead:
    ```python
    base = AutoModelForCausalLM.from_pretrained(
        path, device_map="auto" if device == "cuda" else None
    )
    model = PeftModel.from_pretrained(base, adapter)
    inputs = inputs.to(model.device)  # move the inputs, not the model
    ```

    Not flagged: what TPL303 flags (a move of the loaded model itself); a move under another
    test than the one that chose the map, or on its other arm (`if device != "cuda":`); a
    name bound again to a model that keeps none before the move. The contexts and the
    project condition are TPL303's (not in programs every launch of which shows one GPU).

    ## Fix safety
    No automatic fix.

    ## References
    - https://github.com/huggingface/accelerate/issues/1613
    - https://huggingface.co/docs/peft/developer_guides/troubleshooting
    """

    code = "TPL304"
    name = "wrapped-model-moved-after-device-map"
    # Preview: a new reading, first linted on every unseen set at once
    # (benchmarks/results/lint_precision_unseen.md).
    preview = True
    summary = "A model over one loaded with a multi-GPU device_map is moved with `.to()`/`.cuda()`"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return self.moves(ctx, wrapped=True)
