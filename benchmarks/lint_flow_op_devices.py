"""Check on real torch the device rules that lint's device-flow analysis assumes.

Usage: python benchmarks/lint_flow_op_devices.py OUT_DIR

`torchplace lint` never imports torch: `lint/flow_ops.py` encodes which operations accept a CPU
tensor beside a CUDA one (a 0-dim CPU number in arithmetic, `torch.where`, a `clamp` bound
beside a Python number, index assignment of a 0-dim value, slice assignment) and which do not
(`clamp` with tensor bounds only, `cat` even of an empty tensor, a comparison of a CPU tensor
with elements, `x[mask] = v` with `v` a CPU tensor with elements, a CPU tensor with elements
beside a 0-dim CUDA one); TPL903 assumes that the legacy constructors ignore the device context
(`with torch.device(...)`, `set_default_device`); `lint/ctc_loss_arguments.py` that `ctc_loss`
takes CPU targets and lengths beside CUDA log-probabilities except on its cuDNN path; TPL904
that a legacy constructor given another device than the CPU raises; TPL110 that DataParallel
checks its module is on `device_ids[0]`. This
script runs each case on the machine's torch and writes `lint_flow_op_devices.md` / `.json`
into OUT_DIR with the expected and observed outcome. Without CUDA only the CPU case runs (a
legacy constructor under the meta device) and the CUDA cases are listed as skipped. Exit status
1 when any observed outcome differs.
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F

#: (name, what the flow assumes, needs CUDA, the operation; it returns a device or raises)
Case = tuple[str, str, bool, Callable[[], Any]]


def _gpu(*shape: int) -> torch.Tensor:
    return torch.rand(*shape, device="cuda")


def _legacy_under_meta() -> str:
    with torch.device("meta"):
        return str(torch.Tensor(3).device)


def _legacy_under_cuda() -> str:
    with torch.device("cuda"):
        return str(torch.nn.Parameter(torch.Tensor(2)).device)


def _legacy_under_default_device() -> str:
    torch.set_default_device("cuda")
    try:
        return str(torch.FloatTensor(2).device)
    finally:
        torch.set_default_device(None)


def _clamp_number_and_tensor_bound() -> torch.Tensor:
    # a Python number among the bounds: the Scalar overload, which reads the 0-dim tensor
    return torch.clamp(_gpu(4), 0, torch.tensor(1.0))


def _clamp_tensor_bounds() -> torch.Tensor:
    return torch.clamp(_gpu(4), torch.tensor(0.0), torch.tensor(1.0))


def _clamp_tensor_max() -> torch.Tensor:
    return _gpu(4).clamp(max=torch.tensor(1.0))


def _where_scalar() -> torch.Tensor:
    return torch.where(_gpu(4) > 0.5, torch.tensor(-1.0), _gpu(4))


def _pos_weight() -> torch.Tensor:
    return F.binary_cross_entropy_with_logits(_gpu(4), _gpu(4), pos_weight=torch.tensor(2.0))


def _builtin_min() -> str:
    return str(min(_gpu(1)[0] + 5, torch.tensor(1.0)).device)


def _cases() -> list[Case]:
    return [
        ("torch.Tensor(3) under with torch.device('meta')", "cpu", False, _legacy_under_meta),
        (
            "Parameter(torch.Tensor(2)) under with torch.device('cuda')",
            "cpu",
            True,
            _legacy_under_cuda,
        ),
        (
            "torch.FloatTensor(2) under set_default_device('cuda')",
            "cpu",
            True,
            _legacy_under_default_device,
        ),
        ("cuda + 0-dim cpu", "ok", True, lambda: _gpu(4) + torch.tensor(2.0)),
        ("cpu with elements * 0-dim cuda", "raises", True, lambda: torch.ones(4) * _gpu(4).sum()),
        ("cuda * cpu with elements", "raises", True, lambda: _gpu(4) * torch.ones(4)),
        ("clamp(cuda, 0, 0-dim cpu)", "ok", True, _clamp_number_and_tensor_bound),
        ("clamp(cuda, 0-dim cpu, 0-dim cpu)", "raises", True, _clamp_tensor_bounds),
        ("cuda.clamp(max=0-dim cpu)", "raises", True, _clamp_tensor_max),
        ("cat([empty cpu, cuda])", "raises", True, lambda: torch.cat([torch.tensor([]), _gpu(4)])),
        ("where(cuda cond, 0-dim cpu, cuda)", "ok", True, _where_scalar),
        ("cuda[mask] = cpu with elements", "raises", True, lambda: _setitem(_gpu(4))),
        ("cuda[mask] = 0-dim cpu", "ok", True, lambda: _setitem(_gpu(4), torch.tensor(1.0))),
        ("cuda[1:3] = cpu with elements", "ok", True, _slice_assign),
        ("cpu arange .gt(cuda)", "raises", True, lambda: torch.arange(4).gt(_gpu(4))),
        ("BCE-with-logits pos_weight 0-dim cpu", "ok", True, _pos_weight),
        ("builtin min(cuda 0-dim, smaller cpu 0-dim)", "cpu", True, _builtin_min),
        # A full reduction of a CPU tensor is 0-dim: a number beside any device's tensor ...
        ("cuda - cpu.max()", "ok", True, lambda: _gpu(4) - torch.ones(3).max()),
        ("cuda / torch.sum(cpu)", "ok", True, lambda: _gpu(4) / torch.sum(torch.ones(3))),
        # ... until a reshape gives it dimensions again, or an index op reads it.
        (
            "cuda + cpu.sum().unsqueeze(0)",
            "raises",
            True,
            lambda: _gpu(4) + torch.ones(3).sum().unsqueeze(0),
        ),
        (
            "cuda * cpu.max().expand(4)",
            "raises",
            True,
            lambda: _gpu(4) * torch.ones(3).max().expand(4),
        ),
        ("index_select(cuda, 0, 0-dim cpu)", "raises", True, _index_select_scalar),
        ("take(cuda, 0-dim cpu)", "raises", True, lambda: torch.take(_gpu(4), torch.tensor(1))),
        (
            "embedding(0-dim cpu, cuda)",
            "raises",
            True,
            lambda: F.embedding(torch.tensor(1), _gpu(4, 2)),
        ),
        ("cuda[0-dim cpu]", "ok", True, lambda: _gpu(4)[torch.ones(3).sum().long() - 1]),
        # Sizes: interpolate's size, pad's widths.
        ("interpolate(cuda, size=0-dim cpu)", "ok", True, _interpolate_size),
        # `.data =` of a CPU tensor on a CUDA parameter raises nothing: the parameter moves.
        ("cuda parameter .data = cpu tensor", "cpu", True, _data_to_cpu),
        # A token id made a tensor (`torch.tensor(self.pad_token_id)`) compared with CUDA ids:
        # a 0-dim number (TPL201 leaves it), and a CPU tensor handed to an NCCL collective
        # (TPL207's sink: YOLOv7's image-weights broadcast).
        ("cuda ids == 0-dim cpu id", "ok", True, lambda: _gpu(2, 4)[:, -1] == torch.tensor(3)),
        ("NCCL broadcast of a cpu tensor", "raises", True, _nccl_broadcast_cpu),
        # One element of a CPU tensor read from a config (`pc_range[0]`) is 0-dim: it meets a
        # 0-dim CUDA element of a box in arithmetic and in a comparison (BEVFusion's
        # CenterPoint targets, TPL204) ...
        ("0-dim cuda - cpu row[0]", "ok", True, lambda: _gpu(3, 4)[0][0] - torch.ones(6)[0]),
        ("0-dim cuda < cpu row[1]", "ok", True, lambda: _gpu(3, 4)[0][1] < torch.ones(2)[1]),
        # ... but a row of a 2-D CPU tensor has elements.
        ("cuda rows - cpu matrix[0]", "raises", True, lambda: _gpu(3, 2) - torch.ones(2, 2)[0]),
        # A CPU tensor of one element beside a CUDA one raises while it has a dimension, and
        # mixes once squeezed to 0-dim (torchaudio's mask bounds, TPL204).
        ("cuda >= cpu rand(1)", "raises", True, lambda: _gpu(4) >= torch.rand(1)),
        ("cuda >= cpu rand(1).squeeze()", "ok", True, lambda: _gpu(4) >= torch.rand(1).squeeze()),
        # `ctc_loss` takes CPU targets and lengths beside CUDA log-probs (doctr's CRNN), except
        # on its cuDNN path (blank 0, int32 1-D targets, int32 lengths): there CPU lengths
        # raise, whichever device the targets are on (`lint/ctc_loss_arguments.py`).
        ("ctc_loss cpu 2-D int32 targets, cpu int32 lengths", "ok", True, lambda: _ctc(2, 0)),
        ("ctc_loss cpu 1-D int64 targets, cpu int64 lengths", "ok", True, lambda: _ctc(1, 0, 64)),
        ("ctc_loss cpu 1-D int32 targets, cpu int32 lengths, blank 5", "ok", True, _ctc_blank),
        ("ctc_loss cpu 1-D int32 targets, cpu int32 lengths", "raises", True, lambda: _ctc(1, 0)),
        (
            "ctc_loss cuda 1-D int32 targets, cpu int32 lengths",
            "raises",
            True,
            lambda: _ctc(1, 0, targets_on="cuda"),
        ),
        # 0-dim CPU tensors as slice bounds of a CUDA weight are read as numbers (a layer
        # whose forward slices with its arguments, summarize-from-feedback's position
        # embedding, TPL201), while a CPU index vector given to index_select raises.
        (
            "cuda weight[cpu 0-dim : cpu 0-dim]",
            "ok",
            True,
            lambda: _gpu(8, 4)[torch.tensor(2) : torch.tensor(5)],
        ),
        (
            "cuda weight.index_select(0, cpu arange)",
            "raises",
            True,
            lambda: _gpu(8, 4).index_select(0, torch.arange(3)),
        ),
        # Losses with a 0-dim CPU target (`F.mse_loss(logits, torch.tensor(self.target))`)
        # broadcast it to the input's shape first; `masked_fill` takes its value as a number.
        ("mse_loss(cuda, 0-dim cpu)", "raises", True, lambda: F.mse_loss(_gpu(4), _zero_dim())),
        ("l1_loss(cuda, 0-dim cpu)", "raises", True, lambda: F.l1_loss(_gpu(4), _zero_dim())),
        (
            "smooth_l1_loss(cuda, 0-dim cpu)",
            "raises",
            True,
            lambda: F.smooth_l1_loss(_gpu(4), _zero_dim()),
        ),
        (
            "cuda.masked_fill(cuda mask, 0-dim cpu)",
            "ok",
            True,
            lambda: _gpu(4).masked_fill(_gpu(4) > 0.5, _zero_dim()),
        ),
        (
            "lerp(cuda, cuda, 0-dim cpu)",
            "ok",
            True,
            lambda: torch.lerp(_gpu(4), _gpu(4), _zero_dim()),
        ),
        # TPL904: the legacy constructors are CPU types; given another device they raise,
        # under `set_default_device` too; a CUDA default tensor type makes `torch.Tensor`
        # (only) that CUDA type.
        ("FloatTensor([1.], device='meta')", "raises", False, _legacy_given("meta")),
        ("FloatTensor([1.], device='cuda')", "raises", True, _legacy_given("cuda")),
        ("LongTensor(2, 3, device='cuda')", "raises", True, _legacy_sizes_given_cuda),
        (
            "FloatTensor([1.], device='cuda') under set_default_device('cuda')",
            "raises",
            True,
            _legacy_given_under_default_device,
        ),
        ("Tensor([1.], device='cuda') under a CUDA default tensor type", "cuda:0", True, _typed),
        (
            "LongTensor([1], device='cuda') under a CUDA default tensor type",
            "raises",
            True,
            lambda: _typed("LongTensor"),
        ),
        # TPL110: DataParallel moves a module given one device id there when it wraps it, and
        # checks at each forward that the module is on device_ids[0] (moved off it after the
        # wrap: raises).
        ("DataParallel(cpu module, device_ids=[0]) forward", "ok", True, _data_parallel(False)),
        (
            "DataParallel(module, device_ids=[0]) moved to the cpu, forward",
            "raises",
            True,
            _data_parallel(True),
        ),
    ]


def _legacy_given(device: str) -> Callable[[], Any]:
    return lambda: torch.FloatTensor([1.0], device=device)


def _legacy_sizes_given_cuda() -> torch.Tensor:
    return torch.LongTensor(2, 3, device="cuda")


def _legacy_given_under_default_device() -> torch.Tensor:
    torch.set_default_device("cuda")
    try:
        return torch.FloatTensor([1.0], device="cuda")
    finally:
        torch.set_default_device(None)


def _typed(constructor: str = "Tensor") -> str:
    previous = torch.get_default_dtype()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # set_default_tensor_type is deprecated, still honoured
        torch.set_default_tensor_type(torch.cuda.FloatTensor)
    try:
        return str(getattr(torch, constructor)([1], device="cuda").device)
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.set_default_tensor_type(torch.FloatTensor)
        torch.set_default_dtype(previous)


def _data_parallel(moved_after: bool) -> Callable[[], Any]:
    def run() -> torch.Tensor:
        wrapped = torch.nn.DataParallel(torch.nn.Linear(4, 2), device_ids=[0])
        if moved_after:
            wrapped.to("cpu")
        return wrapped(_gpu(3, 4))

    return run


def _zero_dim() -> torch.Tensor:
    return torch.tensor(0.5)


def _ctc(dims: int, blank: int, bits: int = 32, targets_on: str = "cpu") -> torch.Tensor:
    steps, batch, classes = 20, 3, 6
    labels = [1, 2, 3, 4] if blank == 0 else [0, 1, 2, 3]
    dtype = torch.int32 if bits == 32 else torch.int64
    rows = [labels] * batch if dims == 2 else labels * batch
    targets = torch.tensor(rows, dtype=dtype, device=targets_on)
    log_probs = torch.randn(steps, batch, classes, device="cuda").log_softmax(2)
    input_lengths = torch.full((batch,), steps, dtype=dtype)
    target_lengths = torch.full((batch,), len(labels), dtype=dtype)
    return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=blank)


def _ctc_blank() -> torch.Tensor:
    return _ctc(1, 5)


def _nccl_broadcast_cpu() -> str:
    import torch.distributed as dist

    dist.init_process_group("nccl", init_method="tcp://127.0.0.1:29531", rank=0, world_size=1)
    try:
        torch.cuda.set_device(0)
        dist.broadcast(torch.zeros(3), 0)
        return "ok"
    finally:
        dist.destroy_process_group()


def _index_select_scalar() -> torch.Tensor:
    return torch.index_select(_gpu(4), 0, torch.ones(3).long().sum() - 2)


def _interpolate_size() -> torch.Tensor:
    size = torch.randint(4, 6, (1,))[0]  # SpeechBrain's warp: a 0-dim CPU tensor as a size
    return F.interpolate(_gpu(1, 1, 4, 4), (size, 4))


def _data_to_cpu() -> str:
    weight = torch.nn.Parameter(_gpu(4))
    weight.data = torch.ones(4)
    return str(weight.device)


def _setitem(target: torch.Tensor, values: torch.Tensor | None = None) -> torch.Tensor:
    mask = torch.tensor([True, False, True, False])
    target[mask] = torch.tensor([1.0, 2.0]) if values is None else values
    return target


def _slice_assign() -> torch.Tensor:
    target = _gpu(4)
    target[1:3] = torch.tensor([1.0, 2.0])  # basic indexing: a copy across devices
    return target


def _observe(operation: Callable[[], Any]) -> str:
    try:
        result = operation()
    except (RuntimeError, TypeError) as error:
        return "raises" if "device" in str(error).lower() else f"raises: {error}"
    return result if isinstance(result, str) else "ok"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    cuda = torch.cuda.is_available()
    rows = []
    for name, expected, needs_cuda, operation in _cases():
        observed = _observe(operation) if cuda or not needs_cuda else "skipped (no CUDA)"
        rows.append({"case": name, "expected": expected, "observed": observed})
    wrong = [r for r in rows if not r["observed"].startswith(("skipped", r["expected"]))]
    report = {"torch": torch.__version__, "cuda": cuda, "cases": rows, "differ": len(wrong)}
    (out / "lint_flow_op_devices.json").write_text(json.dumps(report, indent=2) + "\n")
    lines = [
        "# Device rules lint's flow assumes, checked on real torch",
        "",
        f"torch {torch.__version__}, CUDA {'yes' if cuda else 'no'}; {len(wrong)} differ.",
        "",
        "| Case | Expected | Observed |",
        "| --- | --- | --- |",
        *(f"| {r['case']} | {r['expected']} | {r['observed']} |" for r in rows),
    ]
    (out / "lint_flow_op_devices.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
