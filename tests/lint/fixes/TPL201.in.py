import torch
from torch import nn


class Rotary(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("inv_freq", torch.ones(4))

    def forward(self, hidden_states, position_ids=None):
        positions = torch.arange(hidden_states.shape[1])
        t = torch.arange(hidden_states.shape[1]).float()
        freqs = torch.outer(t, self.inv_freq)
        return self._rope(hidden_states, freqs) + positions

    def _rope(self, x, freqs):
        return x * torch.linspace(0, 1, x.shape[-1]) * freqs


class Gate(nn.Module):
    def forward(self, hidden_states=None):
        if self.training and torch.rand(1) > 0.5:
            return hidden_states
        return hidden_states + self.noise()

    def noise(self):
        return torch.zeros(3)
