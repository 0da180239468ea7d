# expect: ok
# A mixed-precision training step as the AMP recipe writes it: autocast forward, GradScaler,
# float32 parameters and gradients; torch.cuda.amp.autocast spells the same thing.
import warnings

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
model = model.cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")
inputs, target = torch.randn(8, 16, device="cuda"), torch.randn(8, 4, device="cuda")
with torch.autocast("cuda", dtype=torch.float16):
    out = model(inputs)
    loss = torch.nn.functional.mse_loss(out, target)
assert (out.dtype, loss.dtype) == (torch.float16, torch.float32), (out.dtype, loss.dtype)
scaler.scale(loss).backward()
assert all(p.grad is not None and p.grad.dtype == torch.float32 for p in model.parameters())
scaler.step(optimizer)
scaler.update()
with warnings.catch_warnings():
    warnings.simplefilter("ignore", FutureWarning)
    with torch.cuda.amp.autocast(dtype=torch.bfloat16):
        assert model(inputs).dtype == torch.bfloat16
