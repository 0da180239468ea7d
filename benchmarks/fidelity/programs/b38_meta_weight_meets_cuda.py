# expect: raise
import torch

body = torch.nn.Linear(16, 16).to("cuda:1")
norm = torch.nn.LayerNorm(16).to("meta")  # what offloading leaves between hook calls
with torch.no_grad():
    hidden = body(torch.randn(2, 16, device="cuda:1"))
    hidden * norm.weight  # Tensor on device meta is not on the expected device cuda:1!
