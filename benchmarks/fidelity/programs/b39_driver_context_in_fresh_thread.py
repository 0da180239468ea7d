# expect: raise
import threading

import torch
from cuda.bindings import driver  # cuda-bindings; simulated under torchplace sim

torch.cuda.set_device(1)
torch.zeros(1, device="cuda:1")
results = []


def worker():
    results.append(driver.cuCtxGetDevice()[0])  # no context is current in a new thread


thread = threading.Thread(target=worker)
thread.start()
thread.join()
if results[0] != driver.CUresult.CUDA_SUCCESS:
    raise RuntimeError(f"failed to call cuCtxGetDevice(device), error code: {results[0].name}")
