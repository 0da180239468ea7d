# expect: ok
import torch

with torch.device("cuda:1"):
    model = torch.nn.Linear(8, 8)
    x = torch.randn(2, 8)
with torch.no_grad():
    assert model(x).device.index == 1
