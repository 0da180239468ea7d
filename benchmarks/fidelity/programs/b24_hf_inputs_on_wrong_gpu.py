# expect: raise
import torch
from transformers import LlamaConfig, LlamaForCausalLM

config = LlamaConfig(
    vocab_size=128,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
)
model = LlamaForCausalLM(config).eval().to("cuda:1")
with torch.no_grad():
    model(torch.tensor([[1, 2, 3]], device="cuda:0"))
