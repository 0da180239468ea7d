import torch


def soft_distances(x, ids, n, data):
    weights = torch.FloatTensor([170, 110, 152], device=x.device)
    scale = torch.Tensor([1, 2], device=x.device)
    index = torch.LongTensor([i for i in ids], device=x.device)
    buffer = torch.FloatTensor(n, 4, device=x.device)
    typed = torch.Tensor([0.5], dtype=torch.float16, device=x.device)
    unknown = torch.Tensor(data, device=x.device)  # data or a size: no fix
    return weights, scale, index, buffer, typed, unknown
