# expect: ok
import torch

model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4)).to(
    "cuda:1"
)
with torch.no_grad():
    out = model(torch.randn(8, 16, device="cuda:1"))
assert out.device == torch.device("cuda:1")
