# expect: raise
import torch
import torch.nn.functional as F

q = torch.randn(1, 2, 8, 16, device="cuda:0")
mask = torch.ones(8, 8, dtype=torch.bool).tril()
F.scaled_dot_product_attention(q, q, q, attn_mask=mask)
