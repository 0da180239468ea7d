# expect: RuntimeError
# CUDA autocast refuses binary_cross_entropy (unsafe in float16: use the with_logits form).
import torch
import torch.nn.functional as F

probabilities = torch.rand(8, device="cuda")
targets = torch.rand(8, device="cuda")
with torch.autocast("cuda", dtype=torch.float16):
    F.binary_cross_entropy(probabilities, targets)
