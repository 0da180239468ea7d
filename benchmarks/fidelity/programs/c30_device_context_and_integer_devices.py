# expect: ok
import torch

with torch.device("cuda"):
    assert torch.get_default_device() == torch.device("cuda:0")
    assert torch.tensor([1, 2]).device == torch.device("cuda:0")
with torch.device("meta"):
    assert torch.tensor([1]).device == torch.device("meta")
for made in (
    torch.zeros(2, device=0),
    torch.arange(3, device=0),
    torch.ones(2).new_zeros(2, device=0),
    torch.zeros_like(torch.ones(2), device=0),
    torch.linspace(0, 1, 3, device=0),
):
    assert made.device == torch.device("cuda:0")
