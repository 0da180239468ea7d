"""Legacy tensor constructor asked for a GPU device."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="legacy-constructor-given-device",
    title="Legacy tensor constructor asked for another device",
    cause=(
        "`torch.Tensor`, `torch.FloatTensor`, `torch.LongTensor` and the other legacy "
        "constructors are the tensor types of one device (the CPU ones; `torch.cuda.FloatTensor` "
        "and its kin the GPU's): given `device=` another device they raise instead of placing "
        "the tensor there. Code that passes on a CPU-only machine fails on its first GPU run."
    ),
    fix=(
        "Use the factory that takes a device: `torch.tensor(data, dtype=..., device=...)` for "
        "values, `torch.empty(*sizes, dtype=..., device=...)` for sizes."
    ),
    fix_example="weights = torch.tensor([170.0, 110.0], dtype=torch.float32, device=x.device)",
    lint_rules=("TPL904",),
    signatures=(
        "legacy constructor expects device type",
        "legacy constructor for device type",
    ),
    hints=(
        "Tensor(",
        "FloatTensor",
        "LongTensor",
    ),
    references=("https://github.com/pytorch/pytorch/issues/46085",),
)
