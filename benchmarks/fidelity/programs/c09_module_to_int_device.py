# expect: ok
import torch

model = torch.nn.Linear(8, 2).to(1)
x = torch.randn(3, 8).to(1)
with torch.no_grad():
    assert model(x).device == torch.device("cuda", 1)
