"""bind_worker in one process: CPU with gloo, and the CUDA path under virtual GPUs."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import pytest
import torch
import torch.distributed as dist

from torchplace.runtime import BindingError, WorkerBinding, bind_worker


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def single_rank_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name, value in {
        "MASTER_ADDR": "127.0.0.1",
        "MASTER_PORT": str(_free_port()),
        "RANK": "0",
        "LOCAL_RANK": "0",
        "WORLD_SIZE": "1",
        "LOCAL_WORLD_SIZE": "1",
    }.items():
        monkeypatch.setenv(name, value)
    yield
    if dist.is_initialized():
        dist.destroy_process_group()


def test_cpu_gloo_single_process(single_rank_env: None) -> None:
    binding = bind_worker(backend="gloo")
    assert isinstance(binding, WorkerBinding)
    assert binding.device == "cpu" and binding.context == "n/a"
    assert binding.process_group == "initialized"
    assert dist.get_world_size() == 1
    again = bind_worker(backend="gloo")  # idempotent, e.g. a plugin loaded twice
    assert again.process_group == "already initialized"
    json.dumps(binding.to_dict())


def test_existing_group_with_other_ranks_is_refused(single_rank_env: None) -> None:
    bind_worker(backend="gloo")
    with pytest.raises(BindingError, match="already exists as rank 0 of 1"):
        bind_worker(backend="gloo", rank=1, local_rank=0, world_size=2)


def test_nccl_without_cuda_says_to_use_gloo() -> None:
    with pytest.raises(BindingError, match="use backend='gloo'") as info:
        bind_worker(backend="nccl", init_process_group=False, environ={})
    assert "CPU-only build" in str(info.value)


def test_frozen_record() -> None:
    binding = bind_worker(backend="gloo", init_process_group=False, environ={})
    with pytest.raises(AttributeError):
        binding.rank = 3  # type: ignore[misc]
    assert binding.ranks_from == "single-process default"
    assert binding.torch_device == torch.device("cpu") and binding.device_index is None


def _env(local_rank: int, **extra: str) -> dict[str, str]:
    env = {"RANK": str(local_rank), "LOCAL_RANK": str(local_rank), "WORLD_SIZE": "2"}
    return {**env, "LOCAL_WORLD_SIZE": "2", **extra}


def test_virtual_gpus_bind_local_rank(sim2: Any) -> None:
    binding = bind_worker(init_process_group=False, environ=_env(1))
    assert binding.device == "cuda:1"
    assert torch.cuda.current_device() == 1
    assert binding.uuid is not None and binding.uuid.startswith("GPU-")
    assert binding.context == "unverified"  # no driver under simulation


def test_virtual_gpus_bad_values(sim2: Any) -> None:
    with pytest.raises(BindingError, match="LOCAL_RANK='x' is not an integer"):
        bind_worker(init_process_group=False, environ={**_env(0), "LOCAL_RANK": "x"})
    with pytest.raises(BindingError, match="lists 3 GPU"):
        bind_worker(init_process_group=False, environ=_env(0, CUDA_VISIBLE_DEVICES="0,1,2"))
    env = {"RANK": "3", "LOCAL_RANK": "3", "WORLD_SIZE": "4"}
    with pytest.raises(BindingError, match="global rank used as the device index"):
        bind_worker(init_process_group=False, environ=env)


def test_explicit_device(sim2: Any) -> None:
    binding = bind_worker(init_process_group=False, environ=_env(0), device="cuda:1")
    assert binding.device == "cuda:1"
    with pytest.raises(BindingError, match="device=5 but this process sees 2 GPU"):
        bind_worker(init_process_group=False, environ=_env(0), device=5)
