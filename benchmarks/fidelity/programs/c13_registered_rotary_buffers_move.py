# expect: ok
import torch


class Rotary(torch.nn.Module):
    def __init__(self, dim, length):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        angles = torch.outer(torch.arange(length).float(), inv)
        self.register_buffer("cos", angles.cos(), persistent=False)
        self.register_buffer("sin", angles.sin(), persistent=False)

    def forward(self, x):
        n = x.shape[-2]
        return x[..., ::2] * self.cos[:n] - x[..., 1::2] * self.sin[:n]


rotary = Rotary(16, 32).to("cuda:1")  # buffers move with the module
with torch.no_grad():
    out = rotary(torch.randn(2, 8, 16, device="cuda:1"))
assert out.device.index == 1
