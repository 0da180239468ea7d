# expect: raise
import ctypes
import threading

import torch

torch.zeros(1, device="cuda:0")
lib = ctypes.CDLL("libcuda.so.1")  # the driver loaded through ctypes, as many projects do
results = []


def worker():
    device = ctypes.c_int(-1)
    results.append(lib.cuCtxGetDevice(ctypes.byref(device)))  # no context in a new thread


thread = threading.Thread(target=worker)
thread.start()
thread.join()
if results[0] != 0:
    raise RuntimeError(f"failed to call cuCtxGetDevice(device), error code: {results[0]}")
