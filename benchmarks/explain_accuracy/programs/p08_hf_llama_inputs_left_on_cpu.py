"""A Hugging Face Llama on cuda:1 called with tokenizer output left on the CPU.

Modelled on huggingface/optimum-benchmark#148 (inputs on cpu, model on a GPU: "cpu and cuda:0
... wrapper_CUDA__index_select" from `F.embedding`) and huggingface/accelerate#1613.
"""

import torch
from transformers import LlamaConfig, LlamaForCausalLM

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": "model.embed_tokens",
    "pattern": "inputs-not-on-model-device",
    "library": "modeling_llama.py",
}

if __name__ == "__main__":
    config = LlamaConfig(
        vocab_size=128,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
    )
    model = LlamaForCausalLM(config).to("cuda:1").eval()
    input_ids = torch.randint(0, 128, (1, 8))  # tokenizer output: on the CPU
    with torch.no_grad():
        model(input_ids=input_ids)  # <- fails here
