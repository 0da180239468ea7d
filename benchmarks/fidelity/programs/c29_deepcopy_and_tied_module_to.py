# expect: ok
import copy

import torch

tensor = torch.arange(12.0, device="cuda:0").reshape(3, 4)
assert copy.deepcopy(tensor).shape == (3, 4)
model = torch.nn.Sequential(torch.nn.Embedding(10, 4), torch.nn.Linear(4, 10, bias=False))
model[1].weight = model[0].weight
weight = model[0].weight
model.to("cuda:0")
assert model[1].weight is weight and model[0].weight is weight
assert copy.deepcopy(model)[0].weight.shape == (10, 4)
