import torch as th


def weights(x, n):
    a = th.LongTensor([1, 2, 3], device=x.device)
    b = th.FloatTensor(n, 4, device=x.device)
    return a, b
