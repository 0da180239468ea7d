# expect: raise
import torch

layer = torch.nn.Linear(8, 8).to("cuda:1")
with torch.no_grad():
    layer(torch.randn(2, 8, device="cuda:0"))
