# expect: ok
import ctypes

import torch

torch.cuda.set_device(0)
torch.zeros(1, device="cuda:0")
lib = ctypes.CDLL("libcuda.so.1")
device = ctypes.c_int(-1)
context = ctypes.c_void_p()
assert lib.cuCtxGetDevice(ctypes.byref(device)) == 0 and device.value == 0
assert lib.cuCtxGetCurrent(ctypes.byref(context)) == 0 and context.value
