"""Inputs left on the CPU (or another GPU) while the model is on a GPU."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="inputs-not-on-model-device",
    title="Inputs left on the CPU (or another GPU) while the model is on a GPU",
    cause=(
        "`input_ids`, `attention_mask`, labels or pixel values were built on the CPU (tokenizer "
        "output) and passed to a model whose first layer is on a GPU; with `device_map` the first "
        "layer may not even be on cuda:0."
    ),
    fix=(
        "Move inputs to the device of the model's input embedding: `inputs = "
        "inputs.to(model.get_input_embeddings().weight.device)` (for Hugging Face models, "
        "`model.device` is that device)."
    ),
    fix_example='inputs = tokenizer(text, return_tensors="pt").to(model.device)',
    lint_rules=(),
    signatures=(
        "index is on cpu",
        "indices should be either on cpu or on the same device",
        "but got index is on",
    ),
    # Names of program inputs only: the embedding op itself is recognised by explain from the
    # failing op, and activations such as `inputs_embeds` are no evidence of unmoved inputs.
    hints=(
        "input_ids",
        "labels",
        "attention_mask",
        "token_type_ids",
        "batch",
        "tokenizer",
    ),
)
