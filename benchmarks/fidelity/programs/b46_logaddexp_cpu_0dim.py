# expect: raise
import torch

x = torch.randn(4, device="cuda:0")
# pointwise, but without TensorIterator's device exemption (no `device_check: NoCheck`)
torch.logaddexp(x, torch.tensor(0.0))
