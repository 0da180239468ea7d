# expect: ok
import torch
from accelerate import dispatch_model
from transformers import LlamaConfig, LlamaForCausalLM

torch.manual_seed(0)
config = LlamaConfig(
    vocab_size=128,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=64,
)
model = LlamaForCausalLM(config).eval()
device_map = {
    "model.embed_tokens": 0,
    "model.rotary_emb": 0,
    "model.layers.0": 0,
    "model.layers.1": 1,
    "model.norm": 1,
    "lm_head": 1,
}
model = dispatch_model(model, device_map)
ids = torch.tensor([[1, 2, 3, 4]], device="cuda:0")
with torch.no_grad():
    logits = model(ids).logits
out = model.generate(ids, max_new_tokens=2, do_sample=False, pad_token_id=0)
assert out.shape[0] == 1 and 5 <= out.shape[1] <= 6  # EOS may end it early
