"""Tensor created inside forward without device=."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="tensor-created-without-device",
    title="Tensor created inside forward without device=",
    cause=(
        "`torch.arange`, `torch.zeros`, `torch.tensor` and the other factories create CPU tensors "
        "unless given `device=`; inside `forward` that tensor then meets CUDA activations."
    ),
    fix=(
        "Pass `device=` (and usually `dtype=`) from an input tensor: `torch.arange(n, "
        "device=x.device)`, or use `x.new_zeros(...)` / `torch.zeros_like(x)`."
    ),
    fix_example="positions = torch.arange(seq_len, device=hidden_states.device)",
    lint_rules=("TPL201", "TPL903"),
    signatures=(
        "found at least two devices, (cpu and cuda:\\d+|cuda:\\d+ and cpu)",
        "is on cpu, different from other tensors on cuda:\\d+",
        "is on cuda:\\d+, different from other tensors on cpu",
        "Received (cpu and cuda:\\d+|cuda:\\d+ and cpu)",
    ),
    hints=(
        "arange",
        "zeros",
        "ones",
        "empty",
        "full",
        "torch.tensor",
        "linspace",
        "eye",
        "rand",
    ),
)
