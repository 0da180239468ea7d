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


def _tied_model() -> torch.nn.Sequential:
    model = torch.nn.Sequential(torch.nn.Embedding(10, 4), torch.nn.Linear(4, 10, bias=False))
    model[1].weight = model[0].weight
    return model


def test_module_to_keeps_parameter_objects_and_tied_weights() -> None:
    with torchplace.virtual_gpus(2):
        model = _tied_model()
        weight = model[0].weight
        model.to("cuda:1")
        assert model[0].weight is weight and model[1].weight is weight
        assert isinstance(weight, torch.nn.Parameter) and weight.requires_grad
        assert weight.device == torch.device("cuda:1")
        model.cpu()
        assert model[1].weight is weight and weight.device == torch.device("cpu")


def test_module_to_moves_an_existing_gradient_with_its_parameter() -> None:
    with torchplace.virtual_gpus(2):
        layer = torch.nn.Linear(3, 2)
        layer(torch.randn(4, 3)).sum().backward()
        expected = layer.weight.grad.clone()  # type: ignore[union-attr]
        layer.to("cuda:0")
        grad = layer.weight.grad
        assert grad is not None and grad.device == torch.device("cuda:0")
        assert torch.equal(grad.cpu(), expected)


def test_data_assignment_of_a_virtual_tensor_to_a_cpu_parameter_keeps_the_parameter() -> None:
    with torchplace.virtual_gpus(2):
        parameter = torch.nn.Parameter(torch.ones(2))
        parameter.data = torch.zeros(2, device="cuda:1")  # as offloading hooks do
        assert isinstance(parameter, torch.nn.Parameter)
        assert parameter.device == torch.device("cuda:1")
        assert parameter.tolist() == [0.0, 0.0]


def test_shallow_copy_compatibility_treats_a_virtual_gpu_tensor_as_dense() -> None:
    with torchplace.virtual_gpus(1):
        virtual = torch.zeros(2, device="cuda")
        assert torch._has_compatible_shallow_copy_type(torch.zeros(2), virtual)
        assert not torch._has_compatible_shallow_copy_type(torch.zeros(2, device="meta"), virtual)
