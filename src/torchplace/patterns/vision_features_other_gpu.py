"""Vision features on another GPU than the language model."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="vision-features-on-other-gpu",
    title="Vision features on another GPU than the language model",
    cause=(
        "In a vision-language model the vision tower and projector sit on one GPU and the "
        "language model's embeddings on another; image features are merged into text embeddings "
        "without being moved."
    ),
    fix=(
        "Move image features to the text embeddings' device before merging: `image_features = "
        "image_features.to(inputs_embeds.device, inputs_embeds.dtype)`."
    ),
    fix_example="image_features = image_features.to(inputs_embeds.device, inputs_embeds.dtype)",
    lint_rules=(),
    signatures=(),
    hints=(
        "vision",
        "image",
        "pixel",
        "visual",
        "projector",
        "multi_modal",
    ),
)
