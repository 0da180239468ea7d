import torch

state = torch.load(checkpoint_path, map_location="cpu")
weights = torch.load(path, weights_only=True, map_location="cpu")
state_dict = torch.load(
    path,
    weights_only=True, map_location="cpu",
)
