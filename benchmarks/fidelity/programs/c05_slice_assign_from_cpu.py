# expect: ok
import torch

x = torch.zeros(4, 4, device="cuda:0")
x[1:3] = torch.ones(2, 4)  # copy_ across devices
x[0] = 5.0
assert x.device.type == "cuda"
