import torch

state = torch.load(checkpoint_path)
weights = torch.load(path, weights_only=True)
state_dict = torch.load(
    path,
    weights_only=True,
)
