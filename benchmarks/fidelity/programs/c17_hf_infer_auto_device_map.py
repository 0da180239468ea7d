# expect: ok
import torch
from accelerate import dispatch_model, infer_auto_device_map
from transformers import LlamaConfig, LlamaForCausalLM

config = LlamaConfig(
    vocab_size=256,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=4,
    num_attention_heads=4,
    num_key_value_heads=4,
    max_position_embeddings=64,
)
model = LlamaForCausalLM(config).eval()
device_map = infer_auto_device_map(
    model, max_memory={0: 300_000, 1: 10**9}, no_split_module_classes=["LlamaDecoderLayer"]
)
assert {0, 1} <= set(device_map.values()), device_map
model = dispatch_model(model, device_map)
with torch.no_grad():
    out = model(torch.tensor([[5, 6, 7]], device="cuda:0")).logits
assert out.device.index == 0
