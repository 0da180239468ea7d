"""Python protocols on virtual tensors behave as on CUDA: deepcopy, default devices, `.data =`."""

from __future__ import annotations

import copy

import torch

import torchplace


def test_deepcopy_keeps_shape_values_and_device() -> None:
    with torchplace.virtual_gpus(2):
        tensor = torch.arange(12.0, device="cuda:1").reshape(3, 4)
        copied = copy.deepcopy(tensor)
        assert copied.shape == (3, 4)
        assert copied.device == torch.device("cuda:1")
        assert torch.equal(copied.cpu(), tensor.cpu())
        copied[0, 0] = 100.0
        assert tensor[0, 0].item() == 0.0  # a copy, not a view


def test_deepcopy_keeps_views_of_one_storage_together() -> None:
    with torchplace.virtual_gpus(2):
        base = torch.zeros(3, 4, device="cuda:0")
        base_copy, row_copy = copy.deepcopy((base, base[1]))
        base_copy[1, 2] = 7.0
        assert row_copy[2].item() == 7.0


def test_deepcopy_of_a_module_keeps_parameters() -> None:
    with torchplace.virtual_gpus(2):
        layer = torch.nn.Linear(3, 5).to("cuda:1")
        copied = copy.deepcopy(layer)
        assert isinstance(copied.weight, torch.nn.Parameter)
        assert copied.weight.shape == (5, 3) and copied.weight.requires_grad
        assert copied.weight.device == torch.device("cuda:1")
        assert torch.equal(copied.weight.cpu(), layer.weight.cpu())
        assert copied.weight is not layer.weight


def test_deepcopy_of_a_value_less_tensor_stays_value_less() -> None:
    with torchplace.virtual_gpus(1, keep_values_up_to=0):
        tensor = torch.empty(1000, device="cuda")
        copied = copy.deepcopy(tensor)
        assert copied.shape == (1000,) and not copied.has_values()


def test_torch_tensor_inside_a_device_context_takes_that_device() -> None:
    with torchplace.virtual_gpus(2):
        with torch.device("meta"):
            assert torch.tensor([1, 2]).device == torch.device("meta")
        with torch.device("cpu"):
            assert torch.tensor([1, 2]).device == torch.device("cpu")
        with torch.device("cuda:1"):
            made = torch.tensor([1.0, 2.0])
            assert made.device == torch.device("cuda:1")
            assert made.tolist() == [1.0, 2.0]


def test_default_device_of_an_index_less_cuda_context_is_the_current_gpu() -> None:
    with torchplace.virtual_gpus(2):
        torch.cuda.set_device(1)
        with torch.device("cuda"):
            assert torch.get_default_device() == torch.device("cuda:1")
            assert torch.tensor([3]).device == torch.device("cuda:1")
        assert torch.get_default_device() == torch.device("cpu")


def test_device_context_still_reaches_torch_tensor_after_the_simulation() -> None:
    with torchplace.virtual_gpus(1):
        pass
    with torch.device("meta"):
        assert torch.tensor([1]).device == torch.device("meta")
