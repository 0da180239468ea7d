import torch


def soft_distances(x, ids, n, data):
    weights = torch.tensor([170, 110, 152], device=x.device, dtype=torch.float32)
    scale = torch.tensor([1, 2], device=x.device, dtype=torch.get_default_dtype())
    index = torch.tensor([i for i in ids], device=x.device, dtype=torch.int64)
    buffer = torch.empty(n, 4, device=x.device, dtype=torch.float32)
    typed = torch.tensor([0.5], dtype=torch.float16, device=x.device)
    unknown = torch.Tensor(data, device=x.device)  # data or a size: no fix
    return weights, scale, index, buffer, typed, unknown
