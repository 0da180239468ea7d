# expect: raise
import torch


class Embed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = torch.nn.Embedding(100, 16)
        self.positions = torch.nn.Embedding(64, 16)

    def forward(self, ids):
        positions = torch.arange(ids.shape[1])  # made on the CPU inside forward
        return self.tokens(ids) + self.positions(positions)


model = Embed().to("cuda:0")
with torch.no_grad():
    model(torch.randint(0, 100, (2, 8), device="cuda:0"))
