"""Offloaded (meta) weights used outside their hook."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="offloaded-module-used-outside-scope",
    title="Offloaded (meta) weights used outside their hook",
    cause=(
        "With CPU/disk offload, accelerate keeps weights on the `meta` device and loads them only "
        "inside the module's own forward hook; calling a submodule's weights directly (or another "
        "module's) sees meta tensors."
    ),
    fix=(
        "Call offloaded modules only through their forward, or load the model with enough GPU "
        "memory / no offload for the parts used directly."
    ),
    fix_example=(
        'model = AutoModelForCausalLM.from_pretrained(path, device_map="auto", max_memory=...)'
    ),
    lint_rules=("TPL303", "TPL304"),
    signatures=(
        "Tensor on device meta",
        "not on the expected device meta",
        "Cannot copy out of meta tensor",
        "meta and cuda:\\d+",
        "cuda:\\d+ and meta",
    ),
    hints=(
        "offload",
        "meta",
    ),
)
