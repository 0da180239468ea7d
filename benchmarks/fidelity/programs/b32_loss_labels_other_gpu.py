# expect: raise
import torch
import torch.nn.functional as F

logits = torch.randn(4, 10, device="cuda:1")
labels = torch.randint(0, 10, (4,), device="cuda:0")
F.nll_loss(F.log_softmax(logits, -1), labels)
