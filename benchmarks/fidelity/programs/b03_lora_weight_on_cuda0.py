# expect: raise
import torch


class LoRALinear(torch.nn.Module):
    def __init__(self, base, rank=4):
        super().__init__()
        self.base = base
        self.a = torch.nn.Parameter(torch.zeros(rank, base.in_features, device="cuda"))
        self.b = torch.nn.Parameter(torch.zeros(base.out_features, rank, device="cuda"))

    def forward(self, x):
        return self.base(x) + (x @ self.a.t()) @ self.b.t()


base = torch.nn.Linear(16, 16).to("cuda:1")
layer = LoRALinear(base)  # adapter made on the current device, cuda:0
with torch.no_grad():
    layer(torch.randn(2, 16, device="cuda:1"))
