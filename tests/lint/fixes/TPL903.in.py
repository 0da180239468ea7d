import torch
from torch import nn


class FusedLayerNorm(nn.Module):
    def __init__(self, hidden_size, values):
        super().__init__()
        self.weight = nn.Parameter(torch.Tensor(*hidden_size))
        self.bias = nn.Parameter(torch.FloatTensor(4, 8).zero_())
        self.scale = nn.Parameter(torch.HalfTensor(16))
        self.data = nn.Parameter(torch.Tensor(values))
