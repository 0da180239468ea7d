# expect: ok
import torch

torch.cuda.set_device(1)
layer = torch.nn.Linear(8, 8).cuda()  # lands on the current device, cuda:1
x = torch.randn(2, 8, device="cuda")
with torch.no_grad():
    y = layer(x)
assert y.device == torch.device("cuda:1")
