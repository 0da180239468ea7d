# expect: ok
import torch
import torch.nn.functional as F

q = torch.randn(1, 4, 16, 32, device="cuda:1", dtype=torch.float16)
k, v = torch.randn_like(q), torch.randn_like(q)
out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
assert out.shape == q.shape and out.device.index == 1
