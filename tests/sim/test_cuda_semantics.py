"""CUDA's semantics where a CPU build differs: type names and casts, range factory shapes,
integer devices, and ops whose CPU kernel lacks a dtype CUDA's has."""

from __future__ import annotations

import pytest
import torch

import torchplace


def test_type_names_a_virtual_tensor_as_cuda_does() -> None:
    with torchplace.virtual_gpus(2):
        assert torch.ones(2, device="cuda:1").type() == "torch.cuda.FloatTensor"
        assert torch.ones(2, device="cuda:0", dtype=torch.int64).type() == "torch.cuda.LongTensor"
        assert torch.ones(2).type() == "torch.FloatTensor"


def test_type_as_keeps_the_virtual_gpu_and_the_values() -> None:
    # RoBERTa's position ids: torch.cumsum(mask, 1).type_as(mask)
    with torchplace.virtual_gpus(2):
        ids = torch.tensor([[0, 1, 2]], device="cuda:1")
        mask = torch.ones(1, 3, device="cuda:1")
        cast = torch.cumsum(ids.ne(1).int(), 1).type_as(mask)
        assert cast.device == torch.device("cuda:1") and cast.dtype == torch.float32
        assert cast.tolist() == [[1.0, 1.0, 2.0]]
        moved = torch.tensor([1, 2]).type_as(mask)  # a CPU tensor follows `other` to its GPU
        assert moved.device == torch.device("cuda:1") and moved.tolist() == [1.0, 2.0]


def test_type_with_a_name_or_a_dtype_casts_on_the_virtual_gpu() -> None:
    with torchplace.virtual_gpus(2):
        x = torch.tensor([1.5, 2.5], device="cuda:1")
        half = x.type("torch.cuda.HalfTensor")
        assert half.device == torch.device("cuda:1") and half.dtype == torch.float16
        assert half.tolist() == [1.5, 2.5]
        assert x.type(torch.int64).device == torch.device("cuda:1")
        assert x.type(torch.cuda.DoubleTensor).dtype == torch.float64
        back = x.type("torch.FloatTensor")
        assert back.device == torch.device("cpu") and back.tolist() == [1.5, 2.5]
        up = torch.tensor([3]).type("torch.cuda.FloatTensor")  # the current GPU, as on CUDA
        assert up.device == torch.device("cuda:0") and up.tolist() == [3.0]
        with pytest.raises((TypeError, ValueError, RuntimeError)):
            x.type("torch.cuda.NoSuchTensor")


RANGES = {
    "arange": (lambda d: torch.arange(8, device=d), 8),
    "arange_step": (lambda d: torch.arange(1, 9, 2, device=d), 4),
    "linspace": (lambda d: torch.linspace(0, 1, 5, device=d), 5),
    "logspace": (lambda d: torch.logspace(0, 1, 5, device=d), 5),
    "range": (lambda d: torch.range(0, 4, device=d), 5),
}


@pytest.mark.filterwarnings("ignore:torch.range is deprecated")
@pytest.mark.parametrize("name", sorted(RANGES))
def test_range_factories_report_the_shape_of_the_values_they_hold(name: str) -> None:
    build, length = RANGES[name]
    expected = build("cpu").tolist()
    with torchplace.virtual_gpus(2):
        made = build("cuda:1")
        assert made.device == torch.device("cuda:1")
        assert made.shape == (length,) and made.tolist() == expected


def test_meshgrid_of_aranges_on_a_virtual_gpu() -> None:
    # the Qwen2-VL vision tower's rotary grid
    with torchplace.virtual_gpus(1):
        rows, cols = torch.meshgrid(
            torch.arange(3, device="cuda:0"), torch.arange(4, device="cuda:0"), indexing="ij"
        )
        assert rows.shape == cols.shape == (3, 4)
        assert cols.sum().item() == 18


def test_an_out_argument_resized_by_the_kernel_takes_the_new_shape() -> None:
    with torchplace.virtual_gpus(1):
        out = torch.empty(0, device="cuda:0")
        returned = torch.add(torch.ones(3, device="cuda:0"), 1, out=out)
        assert returned is out and out.shape == (3,) and out.tolist() == [2.0, 2.0, 2.0]


def test_index_factories_without_a_cuda_kernel_here_build_on_the_virtual_gpu() -> None:
    with torchplace.virtual_gpus(2):
        lower = torch.tril_indices(3, 3, device="cuda:1")
        upper = torch.triu_indices(3, 3, device=1)
        assert lower.device == upper.device == torch.device("cuda:1")
        assert lower.tolist() == torch.tril_indices(3, 3).tolist()
        assert upper.tolist() == torch.triu_indices(3, 3).tolist()


def test_an_integer_device_in_empty_is_that_gpu() -> None:
    # the audit zoo's "Cannot access accelerator device" (fixed with the integer devices)
    with torchplace.virtual_gpus(2):
        made = torch.empty(4, device=1)
        assert made.device == torch.device("cuda:1") and made.shape == (4,)


def test_histc_counts_an_integer_tensor_as_cuda_does() -> None:
    # MoE routing (Qwen2-MoE, Qwen3-MoE): torch.histc(expert_ids, bins=E, min=0, max=E - 1)
    ids = torch.tensor([0, 1, 1, 3, 3, 3, 7], dtype=torch.int32)
    with pytest.raises(RuntimeError, match="not implemented for 'Int'"):
        torch.histc(ids, bins=4, min=0, max=3)  # the CPU kernel has no integer dtype
    with torchplace.virtual_gpus(2):
        counts = torch.histc(ids.to("cuda:1"), bins=4, min=0, max=3)
        # CUDA's output has the input's dtype; values outside [min, max] are not counted
        assert counts.device == torch.device("cuda:1") and counts.dtype == torch.int32
        assert counts.tolist() == [1, 2, 0, 3]
        # bounds become integers first, as CUDA's `min.to<int64_t>()`: [0, 7] in 8 bins
        wide = torch.histc(ids.to("cuda:0").long(), bins=8, min=0.7, max=7.9)
        assert wide.dtype == torch.int64 and wide.tolist() == [1, 2, 0, 3, 0, 0, 0, 1]
        floats = torch.histc(torch.tensor([0.5, 1.5], device="cuda:0"), bins=2, min=0, max=2)
        assert floats.dtype == torch.float32 and floats.tolist() == [1.0, 1.0]


CASTS = {
    "softmax_dtype": lambda x: torch.nn.functional.softmax(x, dim=-1, dtype=torch.float32),
    "log_softmax_dtype": lambda x: torch.log_softmax(x, dim=-1, dtype=torch.float32),
    "sum_dtype": lambda x: x.sum(-1, dtype=torch.float64),
    "cumsum_dtype": lambda x: x.cumsum(-1, dtype=torch.float64),
    "half": lambda x: x.half(),
    "float": lambda x: x.float(),
    "to_dtype": lambda x: x.to(torch.bfloat16),
}


@pytest.mark.parametrize("name", sorted(CASTS))
def test_a_cast_inside_an_op_stays_on_the_virtual_gpu_with_its_values(name: str) -> None:
    # C++ casts with the tensor's own options, which name a virtual tensor's meta device:
    # Gemma 2's attention (softmax(..., dtype=float32)) met a CPU tensor next to a cuda:0 one
    source = torch.rand(2, 4, dtype=torch.bfloat16)
    expected = CASTS[name](source)
    with torchplace.virtual_gpus(1):
        cast = CASTS[name](source.to("cuda:0"))
        assert cast.device == torch.device("cuda:0") and cast.dtype == expected.dtype
        assert torch.equal(cast.cpu(), expected)


def test_attention_after_a_layerwise_cast_sees_one_device() -> None:
    with torchplace.virtual_gpus(1):
        layer = torch.nn.Linear(8, 24).to("cuda:0").half()
        hidden = torch.rand(1, 4, 8, device="cuda:0").half()
        q, k, v = layer(hidden).float().view(1, 1, 4, 24).split(8, dim=-1)
        weights = torch.nn.functional.softmax(q @ k.transpose(-1, -2), -1, dtype=torch.float32)
        out = torch.nn.functional.scaled_dot_product_attention(q.half(), k.half(), v.half())
        assert weights.device == out.device == torch.device("cuda:0")
        assert (weights @ v).device == torch.device("cuda:0")
        assert out.has_values()  # type: ignore[attr-defined]


@pytest.mark.filterwarnings("ignore:Sparse invariant checks")
def test_a_sparse_tensor_on_a_virtual_gpu_is_refused_as_not_simulated() -> None:
    # it became a dense tensor that said cuda:0, and coalesce() failed far from the cause
    indices, values = torch.tensor([[0, 1], [1, 0]]), torch.tensor([1.0, 2.0])
    with torchplace.virtual_gpus(1):
        sparse = torch.sparse_coo_tensor(indices, values, (2, 2))
        for move in (lambda: sparse.to("cuda:0"), sparse.cuda, lambda: sparse.to(0)):
            with pytest.raises(torchplace.sim.errors.NotSimulatedError, match="sparse_coo"):
                move()
        with pytest.raises(torchplace.sim.errors.NotSimulatedError, match="sparse_coo_tensor"):
            torch.sparse_coo_tensor(indices, values, (2, 2), device="cuda:0")
        assert sparse.coalesce().to_dense().tolist() == [[0.0, 1.0], [2.0, 0.0]]  # CPU: as ever


def test_tensor_of_a_list_of_gpu_scalars_reads_their_values() -> None:
    # Qwen-VL's rope index: torch.tensor(list of 0-dim GPU tensors, device=ids.device).
    with torchplace.virtual_gpus(2):
        deltas = [torch.tensor(3, device="cuda:1"), torch.tensor(-2, device="cuda:1")]
        made = torch.tensor(deltas, device="cuda:1")
        nested = torch.tensor([[deltas[0], 5], (deltas[1], 1)], device="cuda:0")
        assert made.device == torch.device("cuda:1")
        assert made.cpu().tolist() == [3, -2]
        assert nested.device == torch.device("cuda:0")
        assert nested.cpu().tolist() == [[3, 5], [-2, 1]]
