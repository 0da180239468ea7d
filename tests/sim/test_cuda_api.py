"""torch.cuda and device parsing answer for N virtual GPUs, and only inside the context."""

from __future__ import annotations

import pytest
import torch

import torchplace
from torchplace.sim import is_virtual, parse_memory


def test_cuda_reports_the_virtual_machine() -> None:
    with torchplace.virtual_gpus(4, memory="80GiB", name="NVIDIA A100") as machine:
        assert machine.count == 4
        assert torch.cuda.is_available()
        assert torch.cuda.device_count() == 4
        assert torch.cuda.get_device_name(2) == "NVIDIA A100"
        assert torch.cuda.get_device_properties(3).total_memory == 80 * 2**30
        assert torch.cuda.mem_get_info(1) == (80 * 2**30, 80 * 2**30)
        assert torch.cuda.get_device_capability() == (9, 0)


def test_streams_events_and_seeds_are_no_ops() -> None:
    with torchplace.virtual_gpus(2):
        stream = torch.cuda.Stream(device=1)
        with torch.cuda.stream(stream):
            event = torch.cuda.Event(enable_timing=True)
            event.record()
        torch.cuda.current_stream().wait_stream(stream)
        torch.cuda.synchronize()
        torch.cuda.manual_seed_all(0)
        assert event.query() and stream.query()


def test_current_device_and_device_without_index() -> None:
    with torchplace.virtual_gpus(2):
        assert torch.cuda.current_device() == 0
        torch.cuda.set_device(1)
        assert torch.zeros(2, device="cuda").device == torch.device("cuda:1")
        assert torch.ones(2).cuda().device == torch.device("cuda:1")
        with torch.cuda.device(0):
            assert torch.empty(1, device="cuda").device.index == 0
        assert torch.cuda.current_device() == 1


def test_integer_devices_mean_gpus() -> None:
    with torchplace.virtual_gpus(2):
        assert torch.device(1) == torch.device("cuda:1")
        assert isinstance(torch.device("cpu"), torch.device)
        assert torch.ones(2).to(1).device.index == 1
        assert torch.nn.Linear(2, 2).to(1).weight.device.index == 1
        assert torch.tensor([1, 2], device=0).device.index == 0


def test_invalid_ordinal_raises_like_cuda() -> None:
    with torchplace.virtual_gpus(2):
        with pytest.raises(torch.AcceleratorError, match="invalid device ordinal"):
            torch.zeros(1, device="cuda:2")
        with pytest.raises(torch.AcceleratorError):
            torch.cuda.set_device(5)


def test_factories_and_values() -> None:
    with torchplace.virtual_gpus(2):
        x = torch.arange(6, device="cuda:1").reshape(2, 3)
        assert is_virtual(x) and x.has_values()
        assert x.sum().item() == 15
        assert (x * 2).cpu().tolist() == [[0, 2, 4], [6, 8, 10]]
        assert "device='cuda:1'" in repr(x)
        with pytest.raises(TypeError, match="can't convert cuda:1 device type tensor to numpy"):
            x.numpy()


def test_parse_memory() -> None:
    assert parse_memory("141GiB") == 141 * 2**30
    assert parse_memory("80GB") == 80 * 10**9
    with pytest.raises(ValueError, match="is not a memory size"):
        parse_memory("lots")


def test_assignment_keeps_values() -> None:
    with torchplace.virtual_gpus(2):
        x = torch.zeros(3, 2, device="cuda:0")
        x[0] = 5.0
        x[1:] = torch.ones(2, 2)
        x[torch.tensor([2])] = 7
        assert x.cpu().tolist() == [[5.0, 5.0], [1.0, 1.0], [7.0, 7.0]]


def test_meta_tensors_cannot_be_copied_to_a_gpu() -> None:
    with torchplace.virtual_gpus(2):
        with pytest.raises(NotImplementedError, match="Cannot copy out of meta tensor"):
            torch.nn.Linear(2, 2, device="meta").cuda()
        moved = torch.ones(2, device="cuda:1").to("meta")
        assert moved.device.type == "meta" and not is_virtual(moved)
