"""A helper thread calls the CUDA driver's `cuCtxGetDevice` before binding a device.

Modelled on the vLLM 0.18 tensor-parallel report `[CudaFrontend.cpp:94] failed to call
cuCtxGetDevice(device), error code: CUDA_ERROR_INVALID` (see the torchplace seed notes) and
pytorch/pytorch#195256 (`torch.cuda.device(0)` does not make a context current in a new thread).
"""

import threading

import torch

EXPECT = {
    "devices": [],
    "module": None,
    "pattern": "thread-without-device-binding",
}


def current_device_from_driver() -> int:
    from cuda.bindings import driver

    err, device = driver.cuCtxGetDevice()
    if err != driver.CUresult.CUDA_SUCCESS:
        raise RuntimeError(
            f"failed to call cuCtxGetDevice(device), error code: {err.name}"
        )  # <- fails here
    return int(device)


def kv_transfer_worker(errors: list) -> None:
    try:
        current_device_from_driver()
    except RuntimeError as error:
        errors.append(error)
        raise


if __name__ == "__main__":
    torch.cuda.set_device(1)
    torch.zeros(1, device="cuda:1")
    errors: list = []
    thread = threading.Thread(target=kv_transfer_worker, args=(errors,), name="kv-transfer")
    thread.start()
    thread.join()
    if errors:
        raise SystemExit(1)
