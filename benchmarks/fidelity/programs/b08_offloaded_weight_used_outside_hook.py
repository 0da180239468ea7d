# expect: raise
import torch
from accelerate import dispatch_model


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(16, 16)
        self.head = torch.nn.Linear(16, 4)

    def forward(self, x):
        return self.head(self.body(x))


model = dispatch_model(Model(), device_map={"body": 0, "head": "cpu"}, main_device=0)
with torch.no_grad():
    model(torch.randn(2, 16, device="cuda:0"))  # fine: the hook loads head's weights
    weight = model.head.weight.to("cuda:0")  # outside the hook: the weight is on meta
