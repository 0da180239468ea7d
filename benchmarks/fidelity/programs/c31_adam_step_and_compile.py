# expect: ok
import torch

model = torch.nn.Linear(3, 2).cuda()
for options in ({}, {"foreach": False}, {"fused": True}):
    optimizer = torch.optim.AdamW(model.parameters(), lr=0.1, **options)
    model(torch.randn(4, 3, device="cuda:0")).sum().backward()
    optimizer.step()
stream = torch.accelerator.current_stream()
assert stream is not None
