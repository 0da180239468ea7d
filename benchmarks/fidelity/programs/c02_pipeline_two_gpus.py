# expect: ok
import torch

stage0 = torch.nn.Linear(16, 16).to("cuda:0")
stage1 = torch.nn.Linear(16, 4).to("cuda:1")
with torch.no_grad():
    hidden = stage0(torch.randn(4, 16, device="cuda:0"))
    out = stage1(hidden.to("cuda:1"))
assert out.device.index == 1
