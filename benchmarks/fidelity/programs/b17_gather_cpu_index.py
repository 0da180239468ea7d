# expect: raise
import torch

logits = torch.randn(4, 10, device="cuda:1")
labels = torch.randint(0, 10, (4, 1))
logits.gather(1, labels)
