# expect: ok
import threading

import torch
from cuda.bindings import driver  # cuda-bindings; simulated under torchplace sim

torch.cuda.set_device(1)
torch.zeros(1, device="cuda:1")
results = []


def worker():
    torch.cuda.set_device(1)  # binding the thread makes device 1's context current
    err, device = driver.cuCtxGetDevice()
    results.append((err == driver.CUresult.CUDA_SUCCESS, int(device)))


thread = threading.Thread(target=worker)
thread.start()
thread.join()
assert results == [(True, 1)], results
