"""The live explainer under `torchplace.sim` (virtual GPUs): real CUDA-like errors on a CPU."""

from __future__ import annotations

import threading

import pytest

sim = pytest.importorskip("torchplace.sim")

import torch  # noqa: E402
from torch import nn  # noqa: E402

import torchplace  # noqa: E402
from torchplace.explain import hooks  # noqa: E402


class _LoraLinear(nn.Module):
    def __init__(self, base: nn.Linear) -> None:
        super().__init__()
        self.base = base
        self.lora_A = nn.Parameter(torch.zeros(2, base.in_features, device="cuda:0"))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + x @ self.lora_A.T @ torch.zeros(2, 4, device=x.device)


class _Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for block in self.blocks:
            x = block(x)
        return x


def test_lora_on_other_virtual_gpu() -> None:
    with sim.virtual_gpus(2):
        net = _Net().to("cuda:1")
        net.blocks[1] = _LoraLinear(net.blocks[1])
        with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
            net(torch.randn(3, 4, device="cuda:1"))
    diagnosis = hooks.diagnosis_of(info.value)
    assert diagnosis.op == "mm" and set(diagnosis.devices) == {"cuda:0", "cuda:1"}
    assert diagnosis.user_frame.source.startswith("return self.base(x) + x @ self.lora_A.T")
    assert diagnosis.module.qualname == "blocks.1"
    assert diagnosis.module.strays == {"lora_A": "cuda:0"}
    assert diagnosis.pattern.id == "lora-adapter-on-wrong-gpu"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_thread_on_default_virtual_gpu() -> None:
    torchplace.install()
    with sim.virtual_gpus(2):
        torch.cuda.set_device(1)
        scores = torch.randn(4, 8, device="cuda")  # cuda:1 in this thread

        def sampler() -> None:
            weights = torch.zeros(4, device="cuda")  # cuda:0: a new thread starts on device 0
            _ = weights + scores.max(dim=-1).values

        worker = threading.Thread(target=sampler, name="sampler")
        worker.start()
        worker.join()
    found = hooks.diagnoses()
    assert found, "the thread's crash was not explained"
    assert set(found[-1].devices) == {"cuda:0", "cuda:1"}
    assert found[-1].pattern is not None
    assert found[-1].pattern.id == "thread-without-device-binding"
