import torch as th


def weights(x, n):
    a = th.tensor([1, 2, 3], device=x.device, dtype=th.int64)
    b = th.empty(n, 4, device=x.device, dtype=th.float32)
    return a, b
