import torch

state = torch.load(checkpoint_path)
weights = torch.load(path, weights_only=True)
multi = torch.load(
    path,
    weights_only=True,
)
