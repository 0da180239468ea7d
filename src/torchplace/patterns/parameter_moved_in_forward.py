"""Parameters moved inside forward."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="parameter-moved-in-forward",
    title="Parameters moved inside forward",
    cause=(
        "`self.weight.data = self.weight.data.to(x.device)` or `self.to(...)` inside `forward` "
        "mutates the model on every call, races when two threads or streams run the layer, and "
        "silently undoes `device_map` sharding."
    ),
    fix=(
        "Place parameters once, at load time; in `forward` move the activation or use a per-call "
        "copy (`w = self.weight.to(x.device)`), or wrap the adapter with "
        "`torchplace.DeviceFollowingAdapter`."
    ),
    fix_example=(
        "weight = self.weight if self.weight.device == x.device else self.weight.to(x.device)"
    ),
    lint_rules=("TPL202",),
    signatures=(),
    hints=(
        ".data =",
        ".data.to(",
    ),
)
