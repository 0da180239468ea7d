"""libcuda through ctypes, generator device checks, pinned memory, safetensors, NCCL and CPU."""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path

import pytest
import torch
import torch.distributed as dist

import torchplace


def test_ctypes_libcuda_answers_for_the_virtual_gpus() -> None:
    with torchplace.virtual_gpus(2):
        lib = ctypes.CDLL("libcuda.so.1")
        assert lib.cuInit(0) == 0
        device = ctypes.c_int(-1)
        assert lib.cuCtxGetDevice(ctypes.byref(device)) == 201  # no context bound yet
        torch.cuda.set_device(1)
        assert lib.cuCtxGetDevice(ctypes.byref(device)) == 0 and device.value == 1
        seen: list[int] = []

        def fresh_thread() -> None:
            seen.append(lib.cuCtxGetDevice(ctypes.pointer(ctypes.c_int(-1))))

        thread = threading.Thread(target=fresh_thread)
        thread.start()
        thread.join()
        assert seen == [201]  # CUDA_ERROR_INVALID_CONTEXT: contexts are per thread
        with pytest.raises(AttributeError, match="cuMemAlloc is not simulated"):
            _ = lib.cuMemAlloc
    assert ctypes.CDLL.__module__ == "ctypes"


def test_a_cpu_generator_for_a_cuda_op_fails_as_on_cuda() -> None:
    message = "Expected a 'cuda' device type for generator but found 'cpu'"
    with torchplace.virtual_gpus(2):
        with pytest.raises(RuntimeError, match=message):
            torch.randn(3, device="cuda", generator=torch.Generator())
        with pytest.raises(RuntimeError, match=message):
            torch.zeros(3, device="cuda").normal_(generator=torch.Generator())
        generator = torch.Generator(device="cuda:1")
        assert generator.device == torch.device("cuda:1")
        assert isinstance(generator, torch.Generator)
        generator.manual_seed(0)
        first = torch.randn(3, device="cuda:1", generator=generator)
        generator.manual_seed(0)
        assert torch.equal(first.cpu(), torch.randn(3, device="cuda:1", generator=generator).cpu())


def test_pinned_host_memory_is_an_ordinary_cpu_tensor() -> None:
    with torchplace.virtual_gpus(1):
        pinned = torch.ones(2, pin_memory=True)
        assert pinned.device == torch.device("cpu") and pinned.pin_memory() is pinned


def test_safetensors_loads_onto_a_virtual_gpu(tmp_path: Path) -> None:
    safetensors_torch = pytest.importorskip("safetensors.torch")
    path = str(tmp_path / "weights.safetensors")
    safetensors_torch.save_file({"w": torch.arange(4.0)}, path)
    with torchplace.virtual_gpus(2):
        for device, expected in (("cuda", "cuda:0"), (1, "cuda:1")):
            loaded = safetensors_torch.load_file(path, device=device)["w"]
            assert loaded.device == torch.device(expected)
            assert loaded.tolist() == [0.0, 1.0, 2.0, 3.0]


NO_CPU_BACKEND = "No backend type associated with device type cpu"


def test_a_cpu_tensor_in_an_nccl_collective_fails_as_on_nccl(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MASTER_ADDR", "127.0.0.1")
    monkeypatch.setenv("MASTER_PORT", "29581")
    with torchplace.virtual_gpus(1, rank=0, world_size=1):
        dist.init_process_group("nccl", rank=0, world_size=1)
        try:
            with pytest.raises(
                RuntimeError, match="No backend type associated with device type cpu"
            ):
                dist.all_reduce(torch.ones(2))
            with pytest.raises(
                RuntimeError, match="No backend type associated with device type cpu"
            ):
                torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(2, 2))  # buffer sync
            dist.all_reduce(torch.ones(2, device="cuda"))
        finally:
            dist.destroy_process_group()
