"""Factories take any device form; values are kept where they should be; training steps run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F

import torchplace

FACTORIES: dict[str, Callable[[], Any]] = {
    "zeros": lambda: torch.zeros(2, device=1),
    "empty": lambda: torch.empty(2, device=1),
    "randn": lambda: torch.randn(2, device=1),
    "arange": lambda: torch.arange(3, device=1),
    "full": lambda: torch.full((2,), 3.0, device=1),
    "linspace": lambda: torch.linspace(0, 1, 3, device=1),
    "empty_strided": lambda: torch.empty_strided((2,), (1,), device=1),
    "zeros_like": lambda: torch.zeros_like(torch.ones(2), device=1),
    "randn_like": lambda: torch.randn_like(torch.ones(2), device=1),
    "new_zeros": lambda: torch.ones(2).new_zeros(2, device=1),
    "new_empty": lambda: torch.ones(2).new_empty(2, device=1),
    "tensor": lambda: torch.tensor([1], device=1),
}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_an_integer_device_is_that_gpu_in_every_factory(name: str) -> None:
    with torchplace.virtual_gpus(2):
        assert FACTORIES[name]().device == torch.device("cuda:1")


def test_torch_tensor_keeps_torch_s_name_in_its_errors() -> None:
    with torchplace.virtual_gpus(1):
        assert torch.tensor.__name__ == "tensor"
        with pytest.raises(TypeError, match=r"^tensor\(\) missing"):
            torch.tensor()  # type: ignore[call-overload]


def test_moved_tensors_keep_values_above_the_limit_for_new_ones() -> None:
    with torchplace.virtual_gpus(1, keep_values_up_to=16):
        source = torch.arange(100.0)
        assert source.to("cuda").has_values() and source.cuda().has_values()
        assert torch.nn.Linear(10, 10).cuda().weight.has_values()  # type: ignore[operator]
        assert not torch.empty(100, device="cuda").has_values()  # type: ignore[attr-defined]
        assert torch.empty(2, device="cuda").has_values()  # type: ignore[attr-defined]


def test_the_limit_for_new_tensors_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TORCHPLACE_SIM_KEEP_VALUES", "0")
    with torchplace.virtual_gpus(1):
        assert not torch.zeros(2, device="cuda").has_values()  # type: ignore[attr-defined]


def test_accelerate_keeps_its_own_error_for_a_meta_tensor_sent_to_the_cpu() -> None:
    modeling = pytest.importorskip("accelerate.utils.modeling")
    with torch.device("meta"):
        layer = torch.nn.Linear(2, 2)
    with torchplace.virtual_gpus(1):
        for device in ("cpu", 0):  # as on real GPUs: a meta tensor needs a value to move
            with pytest.raises(ValueError, match="is on the meta device"):
                modeling.set_module_tensor_to_device(layer, "weight", device)
        from torchplace.sim.hf import placing_without_weights

        with placing_without_weights():  # model_from_config's placement of a config-only model
            modeling.set_module_tensor_to_device(layer, "weight", 0)
        assert layer.weight.device == torch.device("cuda:0")


@pytest.mark.parametrize("optimizer", [torch.optim.Adam, torch.optim.AdamW])
@pytest.mark.parametrize("options", [{}, {"foreach": False}, {"fused": True}])
def test_adam_steps_on_virtual_parameters_match_the_cpu(
    optimizer: type[torch.optim.Optimizer], options: dict[str, bool]
) -> None:
    torch.manual_seed(0)
    reference = torch.nn.Linear(3, 2)
    inputs = torch.randn(4, 3)
    with torchplace.virtual_gpus(1):
        assert torch.accelerator.current_stream() is not None
        model = torch.nn.Linear(3, 2)
        model.load_state_dict(reference.state_dict())
        model.cuda()
        steps = [(model, optimizer(model.parameters(), lr=0.1, **options), inputs.cuda())]
        steps.append((reference, optimizer(reference.parameters(), lr=0.1), inputs))
        for _ in range(2):
            for module, opt, x in steps:
                module(x).sum().backward()
                opt.step()
        assert torch.allclose(model.weight.cpu(), reference.weight, atol=1e-6)


def test_torch_compile_runs_eagerly_with_cuda_s_device_checks() -> None:
    with torchplace.virtual_gpus(2):
        layer = torch.nn.Linear(3, 2).cuda()
        compiled = torch.compile(layer)
        assert compiled._orig_mod is layer  # type: ignore[union-attr]
        assert compiled(torch.ones(2, 3, device="cuda")).shape == (2, 2)
        with pytest.raises(RuntimeError, match="cuda:1"):
            compiled(torch.ones(2, 3, device="cuda:1"))


def test_causal_attention_recording_autograd_keeps_values() -> None:
    torch.manual_seed(0)
    query, key, value = (torch.randn(1, 2, 4, 8) for _ in range(3))
    query.requires_grad_()
    expected = F.scaled_dot_product_attention(query, key, value, is_causal=True)
    expected.sum().backward()
    expected_grad = query.grad
    with torchplace.virtual_gpus(1):
        virtual_query = query.detach().cuda().requires_grad_()
        out = F.scaled_dot_product_attention(
            virtual_query, key.cuda(), value.cuda(), is_causal=True
        )
        assert torch.allclose(out.cpu(), expected, atol=1e-5)
        out.sum().backward()
        assert torch.allclose(virtual_query.grad.cpu(), expected_grad, atol=1e-5)  # type: ignore[union-attr]


def test_indexing_with_a_list_keeps_values() -> None:
    with torchplace.virtual_gpus(1):
        ids = torch.arange(12, device="cuda").reshape(3, 4)
        assert ids[:, [-1, 0]].tolist() == [[3, 0], [7, 4], [11, 8]]
        assert ids[[0, 2]].tolist() == [[0, 1, 2, 3], [8, 9, 10, 11]]
        ids[:, [0]] = 5
        assert ids[:, 0].tolist() == [5, 5, 5]


def test_data_parallel_scatters_and_gathers_across_virtual_gpus() -> None:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU(), torch.nn.Linear(3, 2))
    inputs = torch.randn(6, 4)
    expected = model(inputs)  # an autograd graph holds the parameters: module.to() still works
    with torchplace.virtual_gpus(2):
        model.cuda()
        out = torch.nn.DataParallel(model)(inputs.cuda())
        assert out.device == torch.device("cuda:0")
        assert torch.allclose(out.cpu(), expected, atol=1e-6)
        out.sum().backward()
        assert model[0].weight.grad is not None


def test_accelerator_device_context_and_memory_stats() -> None:
    with torchplace.virtual_gpus(2):
        with torch.accelerator.device_index(1):
            assert torch.cuda.current_device() == 1
        assert torch.cuda.current_device() == 0
        torch.accelerator.reset_peak_memory_stats()
        assert torch.accelerator.max_memory_allocated() == 0


def test_grad_scaler_steps_on_virtual_parameters() -> None:
    with torchplace.virtual_gpus(1):
        model = torch.nn.Linear(3, 2).cuda()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        scaler = torch.amp.GradScaler("cuda")
        before = model.weight.detach().cpu().clone()
        scaler.scale(model(torch.ones(4, 3, device="cuda")).sum()).backward()
        scaler.step(optimizer)
        scaler.update()
        assert not torch.equal(model.weight.detach().cpu(), before)


def test_scalar_kernel_overrides_torch_s_own_python_meta_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # torch registers a Python Meta kernel for scalar_tensor itself; torch 2.11 (the GPU hosts')
    # refuses a second one unless `allow_override=True` is passed, which made every simulation
    # there fail to start. Stand for that torch by making the refusal the default.
    original = torch.library.Library.impl

    def refusing_by_default(  # type: ignore[no-untyped-def]
        self, op_name, fn, dispatch_key="", *, with_keyset=False, allow_override=False
    ):
        return original(
            self, op_name, fn, dispatch_key, with_keyset=with_keyset, allow_override=allow_override
        )

    monkeypatch.setattr(torch.library.Library, "impl", refusing_by_default)
    with torchplace.virtual_gpus(2):
        x = torch.ones(3, device="cuda:1")
        y = torch.where(x > 0, x, float("-inf"))
        assert y.device == torch.device("cuda:1")
        assert y.cpu().tolist() == [1.0, 1.0, 1.0]
    assert torch.scalar_tensor(2.0, device="meta").device.type == "meta"


def test_a_failed_start_leaves_no_kernel_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from torchplace.sim import factories

    original = factories._override

    def failing_on_scalars(library: Any, name: str, kernel: Any, key: str) -> None:
        if name == "scalar_tensor":
            raise RuntimeError("refused")
        original(library, name, kernel, key)

    monkeypatch.setattr(factories, "_override", failing_on_scalars)
    with pytest.raises(RuntimeError, match="refused") as failed, torchplace.virtual_gpus(2):
        pass
    # the traceback (kept, as a test runner or a logger keeps it) holds the failed start's frames
    assert failed.tb is not None
    assert "aten/empty.memory_format/CUDA" not in torch.library._impls
    monkeypatch.undo()
    with torchplace.virtual_gpus(2):
        assert torch.zeros(2, device="cuda:1").device == torch.device("cuda:1")
