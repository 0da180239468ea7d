"""CPU mask or index tensor used with a CUDA tensor."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="cpu-mask-or-index",
    title="CPU mask or index tensor used with a CUDA tensor",
    cause=(
        "`masked_fill`, `index_select`, `gather`, `scatter` and embeddings need their mask or "
        "index on the same device as the data (plain `x[idx]` indexing is the exception)."
    ),
    fix=(
        "Create masks and indices on the data's device (`device=x.device`) or move them there "
        "before the op."
    ),
    fix_example="mask = mask.to(scores.device)",
    lint_rules=(),
    signatures=(
        "expected self and mask to be on the same device",
        "but got mask on",
        "Expected (all )?index",
        "index is on cpu",
        "indices should be either on cpu or on the same device",
    ),
    hints=(
        "mask",
        "index",
        "gather",
        "scatter",
    ),
)
