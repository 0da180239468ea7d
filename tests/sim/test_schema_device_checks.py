"""Device checks read from torch's schema file, and `torch.tensor` of GPU scalars (measured on GPU).

On a real GPU (torch 2.11): `torch.clamp` with 0-dim CPU bounds and `torch.logaddexp` with a
0-dim CPU operand raise (their schemas lack TensorIterator's `device_check: NoCheck`), while
`x * cpu_0dim` is allowed; `torch.tensor([t0, t1])` of 0-dim CUDA tensors is a CPU tensor. The
fidelity programs b44, b46 and c35 compare the same on GPUs.
"""

from __future__ import annotations

import pytest
import torch

import torchplace
from torchplace.sim.device_checked import _schema_facts, codegen_checked_pointwise, structured


def test_clamp_with_cpu_0dim_bounds_raises_naming_the_bound() -> None:
    with torchplace.virtual_gpus(1):
        x = torch.randn(4, device="cuda")
        with pytest.raises(RuntimeError) as raised:
            torch.clamp(x, torch.tensor(-1.0), torch.tensor(1.0))
    message = str(raised.value)
    assert "got min is on cpu, different from other tensors on cuda:0" in message
    assert "wrapper_CUDA_clamp_Tensor" in message


def test_logaddexp_with_cpu_0dim_raises_but_multiplication_does_not() -> None:
    with torchplace.virtual_gpus(1):
        x = torch.randn(4, device="cuda")
        assert (x * torch.tensor(2.0)).device == torch.device("cuda:0")
        with pytest.raises(RuntimeError, match="got other is on cpu"):
            torch.logaddexp(x, torch.tensor(0.0))


def test_tensor_from_list_of_gpu_scalars_is_made_on_the_cpu_with_their_values() -> None:
    with torchplace.virtual_gpus(1):
        scores = [torch.tensor(float(i), device="cuda") for i in range(3)]
        made = torch.tensor(scores)
        assert made.device == torch.device("cpu")
        assert made.tolist() == [0.0, 1.0, 2.0]
        whole = torch.tensor(torch.ones(2, device="cuda"))  # a tensor itself keeps its device
        assert whole.device == torch.device("cuda:0")


def test_schema_facts_come_from_the_installed_torch() -> None:
    if not _schema_facts()[1]:
        pytest.skip("this torch ships no native_functions.yaml")
    checked = codegen_checked_pointwise()
    assert ("clamp", "Tensor") in checked and ("logaddexp", "default") in checked
    assert ("add", "Tensor") not in checked and ("mul", "Tensor") not in checked
    assert ("mm", "default") in structured() and ("index_select", "default") not in structured()
