# expect: raise
import torch
from accelerate import dispatch_model


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(16, 16)
        self.bias = torch.zeros(16)  # plain attribute: dispatch_model leaves it on the CPU

    def forward(self, x):
        return self.proj(x) + self.bias


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.first = torch.nn.Linear(16, 16)
        self.second = Block()

    def forward(self, x):
        return self.second(self.first(x))


model = dispatch_model(Model(), device_map={"first": 0, "second": 1})
with torch.no_grad():
    model(torch.randn(2, 16, device="cuda:0"))
