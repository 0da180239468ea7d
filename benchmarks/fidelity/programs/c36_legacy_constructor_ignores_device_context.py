# expect: ok
import torch

with torch.device("cuda:0"):
    legacy = torch.nn.Parameter(torch.Tensor(3))  # the legacy constructor ignores the context
    modern = torch.empty(3)
assert legacy.device == torch.device("cpu"), legacy.device
assert modern.device == torch.device("cuda:0"), modern.device
