# expect: ok
import os
import tempfile

import torch

path = os.path.join(tempfile.mkdtemp(), "state.pt")
layer = torch.nn.Linear(4, 4).to("cuda:0")
torch.save(layer.state_dict(), path)
state = torch.load(path, map_location="cuda:1")
assert {t.device for t in state.values()} == {torch.device("cuda:1")}
other = torch.nn.Linear(4, 4).to("cuda:1")
other.load_state_dict(state)
assert torch.equal(other.weight.cpu(), layer.weight.cpu())
assert torch.load(path, map_location="cpu")["weight"].device.type == "cpu"
