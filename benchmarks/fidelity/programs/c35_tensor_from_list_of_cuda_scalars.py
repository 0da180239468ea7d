# expect: ok
import torch

scores = [torch.randn((), device="cuda:0") for _ in range(3)]
made = torch.tensor(scores)  # reads each element: the result is on the CPU
assert made.device == torch.device("cpu"), made.device
assert torch.stack(scores).device == torch.device("cuda:0")
assert torch.tensor(scores[0]).device == torch.device("cuda:0")  # a tensor itself keeps its device
