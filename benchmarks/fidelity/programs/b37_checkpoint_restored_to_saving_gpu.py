# expect: raise
import os
import tempfile

import torch

path = os.path.join(tempfile.mkdtemp(), "scale.pt")
torch.save({"scale": torch.full((16,), 2.0, device="cuda:0")}, path)
scale = torch.load(path)["scale"]  # no map_location: back on cuda:0, where it was saved
x = torch.randn(2, 16, device="cuda:1")
x * scale
