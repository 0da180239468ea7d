"""A vLLM max_model_len longer than the model's config allows."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="max-model-len-exceeds-config",
    title="A vLLM max_model_len longer than the model's config allows",
    cause=(
        "vLLM derives the longest sequence from the model's config.json "
        "(`max_position_embeddings` and similar keys, with RoPE scaling) and refuses a longer "
        "`max_model_len`; forcing it with VLLM_ALLOW_LONG_MAX_MODEL_LEN gives NaNs or "
        "out-of-bounds errors past the trained length."
    ),
    fix="Lower `--max-model-len` to the derived length, or serve a long-context checkpoint.",
    fix_example="vllm serve MODEL --max-model-len 32768",
    signatures=("User-specified max_model_len .* is greater than the derived max_model_len",),
    hints=("max_model_len", "max_position_embeddings"),
)
