"""Buffer left behind on another device than its layer."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="buffer-left-on-other-device",
    title="Buffer left behind on another device than its layer",
    cause=(
        "A non-persistent buffer (rotary `inv_freq`, a causal mask cache) or a tensor attribute "
        "that is not registered as a buffer was not moved with its module, so it stays on the CPU "
        "or the first GPU."
    ),
    fix=(
        "Register such tensors with `register_buffer(..., persistent=False)` so `.to()` and "
        "`device_map` move them, or move them to the input's device where they are used."
    ),
    fix_example='self.register_buffer("inv_freq", inv_freq, persistent=False)',
    lint_rules=("TPL203",),
    signatures=(),
    hints=(
        "inv_freq",
        "rotary",
        "rope",
        "cos_cached",
        "sin_cached",
        "mask_cache",
        "causal_mask",
    ),
)
