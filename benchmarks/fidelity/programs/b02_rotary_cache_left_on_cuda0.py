# expect: raise
import torch


class Attention(torch.nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = torch.nn.Linear(dim, dim)
        angles = torch.outer(torch.arange(32.0), torch.ones(dim))
        self.cos = angles.cos().to("cuda:0")  # a plain attribute: .to() does not move it

    def forward(self, x):
        return self.proj(x) * self.cos[: x.shape[-2]]


model = Attention(16).to("cuda:1")
with torch.no_grad():
    model(torch.randn(2, 8, 16, device="cuda:1"))
