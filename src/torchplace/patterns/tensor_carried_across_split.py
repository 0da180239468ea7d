"""Tensor made in one pipeline stage used in a module that device_map put on another GPU."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="tensor-carried-across-device-map-split",
    title="Tensor carried across a device_map split",
    cause=(
        "With `device_map` (accelerate's hooks) only the arguments of each hooked module's "
        "`forward` are moved to its GPU. A tensor computed once and reused further on (per-layer "
        "inputs, skip connections, caches kept on `self`, values closed over or indexed from a "
        "list) stays on the GPU where it was made and meets a layer on another GPU."
    ),
    fix=(
        "Move the carried tensor to the consuming layer's device where it is used "
        "(`t.to(hidden_states.device)`), pass it as a forward argument so the hook moves it, or "
        "keep the producer and the consumer in one `no_split_module_classes` block."
    ),
    fix_example="per_layer_input = per_layer_input.to(hidden_states.device)",
    lint_rules=(),
    signatures=(),
    hints=(
        "per_layer",
        "skip",
        "skips",
        "shortcut",
        "carry",
        "hf_device_map",
        "device_map",
        "AlignDevicesHook",
        "new_forward",
    ),
)
