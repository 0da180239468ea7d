# expect: ok
import os
import tempfile

import torch
from safetensors.torch import load_file, save_file

path = os.path.join(tempfile.mkdtemp(), "weights.safetensors")
save_file({"w": torch.arange(4.0)}, path)
loaded = load_file(path, device="cuda:0")["w"]
assert loaded.device == torch.device("cuda:0") and loaded.tolist() == [0.0, 1.0, 2.0, 3.0]
