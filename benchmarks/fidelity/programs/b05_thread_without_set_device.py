# expect: raise
import threading

import torch

torch.cuda.set_device(1)
model = torch.nn.Linear(8, 8).cuda()  # on cuda:1
errors = []


def worker():
    try:
        with torch.no_grad():
            model(torch.randn(2, 8, device="cuda"))  # a new thread's current device is 0
    except Exception as error:
        errors.append(error)


thread = threading.Thread(target=worker)
thread.start()
thread.join()
if errors:
    raise errors[0]
