import torch
from torch import nn


class Rotary(nn.Module):
    def forward(self, hidden_states, position_ids=None):
        positions = torch.arange(hidden_states.shape[1], device=hidden_states.device)
        mask = torch.ones(4, 4, dtype=torch.bool, device=hidden_states.device)
        return self._rope(hidden_states, positions, mask)

    def _rope(self, x, positions, mask):
        return x * torch.linspace(0, 1, x.shape[-1])


class Optional(nn.Module):
    def forward(self, input_ids=None):
        return torch.zeros(3)
