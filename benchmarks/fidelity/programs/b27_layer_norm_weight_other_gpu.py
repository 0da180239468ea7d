# expect: raise
import torch

norm = torch.nn.LayerNorm(16).to("cuda:1")
with torch.no_grad():
    norm(torch.randn(2, 16, device="cuda:0"))
