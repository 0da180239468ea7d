import torch

state = torch.load(checkpoint_path, map_location="cpu")
weights = torch.load(path, weights_only=True, map_location="cpu")
multi = torch.load(
    path,
    weights_only=True, map_location="cpu",
)
