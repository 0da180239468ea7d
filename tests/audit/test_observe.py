"""The observed forward on the CPU: transfers, creations, failures, outputs, clean-up."""

from __future__ import annotations

import torch
from torch import nn

import torchplace
from torchplace.audit.observe import FACTORIES, ForwardObserver


class MovesToMeta(nn.Module):
    """Stage 1 on the CPU, stage 2 on meta; forward moves the activation between them."""

    def __init__(self) -> None:
        super().__init__()
        self.first = nn.Linear(8, 8)
        self.second = nn.Linear(8, 8, device="meta")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.first(x)
        return self.second(x.to("meta"))


class MakesCpuTensor(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(8, 8, device="meta")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(x.shape[-1])  # no device=: lands on the CPU
        return self.proj(x) + positions.to(x.device)


class Broken(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.inner = nn.Sequential(nn.Linear(8, 8, device="meta"))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.inner(x)  # x on the CPU, weights on meta


def test_transfer_recorded_with_module_devices_and_bytes() -> None:
    report = torchplace.audit(MovesToMeta(), torch.ones(2, 8))
    forward = report.forward
    assert forward is not None and forward.completed
    [transfer] = forward.transfers
    assert (transfer.source, transfer.target, transfer.module) == ("cpu", "meta", "")
    assert (transfer.count, transfer.bytes) == (1, 2 * 8 * 4)
    assert forward.output_devices == {"output": "meta"}
    assert forward.input_devices == {"input": "cpu"}


def test_tensor_created_on_unexpected_device() -> None:
    report = torchplace.audit(MakesCpuTensor(), torch.ones(2, 8, device="meta"))
    assert report.forward is not None
    [creation] = report.forward.creations
    assert (creation.function, creation.device, creation.expected) == ("arange", "cpu", "meta")
    assert creation.module == "" and not creation.device_given
    finding = next(f for f in report.findings if f.code == "tensor-created-on-unexpected-device")
    assert finding.pattern == "tensor-created-without-device"


def test_failed_forward_is_reported_with_its_module() -> None:
    report = torchplace.audit(Broken(), torch.ones(2, 8))
    assert report.forward is not None and not report.forward.completed
    assert report.forward.error_module == "inner.0"
    assert report.findings[-1].code == "forward-failed" or any(
        f.code == "forward-failed" for f in report.findings
    )


def test_dict_and_tuple_inputs_and_custom_forward(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama()
    ids = torch.zeros(1, 4, dtype=torch.long)
    by_dict = torchplace.audit(model, {"input_ids": ids})
    assert by_dict.forward is not None and by_dict.forward.output_devices["output.logits"] == "cpu"
    custom = torchplace.audit(model, ids, forward=lambda m, x: m(input_ids=x).logits)
    assert custom.forward is not None and custom.forward.output_devices == {"output": "cpu"}


def test_observer_restores_everything_it_wrapped() -> None:
    before = {name: getattr(torch, name) for name in FACTORIES}
    methods = {name: torch.Tensor.__dict__.get(name) for name in ("to", "cuda", "cpu", "copy_")}
    model = MovesToMeta()
    observer = ForwardObserver(model, blocks=("first",))
    with observer.observing():
        assert torch.arange is not before["arange"]
        model(torch.ones(1, 8))
    assert {name: getattr(torch, name) for name in FACTORIES} == before
    assert {name: torch.Tensor.__dict__.get(name) for name in methods} == methods
    assert model.first._forward_hooks == {}
    assert observer.result(0.0).activations[0].output_devices == ("cpu",)


def test_other_threads_are_not_recorded() -> None:
    import threading

    model = MovesToMeta()
    observer = ForwardObserver(model)
    with observer.observing():
        thread = threading.Thread(target=lambda: model(torch.ones(1, 8)))
        thread.start()
        thread.join()
    assert observer.transfers == {}
