# expect: ok
import torch

model = torch.nn.Linear(8, 1).to("cuda:1")
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8, device="cuda:1"), torch.randn(16, 1, device="cuda:1")
for _ in range(2):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
assert model.weight.grad.device.index == 1
