"""Speculative draft model on another GPU than the target."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="draft-model-on-other-gpu",
    title="Speculative draft model on another GPU than the target",
    cause=(
        "The draft model was left on cuda:0 (or placed on a spare GPU) while the target model's "
        "tensors are elsewhere; draft tokens or hidden states cross devices during verification."
    ),
    fix=(
        "Keep draft and target on the same devices (vLLM: draft tensor parallel size 1 or equal "
        "to the target's); move proposals to the target's input device before verification."
    ),
    fix_example="draft_tokens = draft_tokens.to(target_input_ids.device)",
    lint_rules=(),
    signatures=("speculative_draft_tensor_parallel_size",),
    hints=(
        "draft",
        "speculative",
        "proposer",
        "proposal",
        "assistant_model",
    ),
)
