import torch
from torch import nn


class FusedLayerNorm(nn.Module):
    def __init__(self, hidden_size, values):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(*hidden_size))
        self.bias = nn.Parameter(torch.empty(4, 8, dtype=torch.float32).zero_())
        self.scale = nn.Parameter(torch.empty(16, dtype=torch.float16))
        self.data = nn.Parameter(torch.Tensor(values))
