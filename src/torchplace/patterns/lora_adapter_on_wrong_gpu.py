"""LoRA / adapter weights on another GPU than their base layer."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="lora-adapter-on-wrong-gpu",
    title="LoRA / adapter weights on another GPU than their base layer",
    cause=(
        "Adapter weights were created or loaded on cuda:0 (or the CPU) while `device_map` put the "
        "base layer on another GPU, so `x @ lora_A` mixes devices."
    ),
    fix=(
        "Create adapter weights on the base layer's device (`device=base.weight.device`), load "
        "adapters after dispatch with the same device map, or wrap them in "
        "`torchplace.DeviceFollowingAdapter`."
    ),
    fix_example="self.lora_A = nn.Parameter(torch.empty(r, d, device=base.weight.device))",
    lint_rules=(),
    signatures=(),
    hints=(
        "lora",
        "adapter",
        "peft",
    ),
)
