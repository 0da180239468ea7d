# expect: ok
import torch

generator = torch.Generator(device="cuda:0")
generator.manual_seed(0)
first = torch.randn(3, device="cuda:0", generator=generator)
generator.manual_seed(0)
assert torch.equal(first, torch.randn(3, device="cuda:0", generator=generator))
assert generator.device == torch.device("cuda:0")
