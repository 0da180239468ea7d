# expect: ok
import threading

import torch

torch.cuda.set_device(1)
layer = torch.nn.Linear(8, 8).cuda()
errors = []


def worker():
    try:
        torch.cuda.set_device(1)  # each thread binds its own device
        with torch.no_grad():
            layer(torch.randn(2, 8, device="cuda"))
    except Exception as error:
        errors.append(error)


thread = threading.Thread(target=worker)
thread.start()
thread.join()
if errors:
    raise errors[0]
