"""CUDA facts that lint rules TPL902 and TPL108 rest on, measured on a machine with two GPUs.

Usage: python benchmarks/lint_gpu_facts.py [--out DIR]

Prints one JSON object (and writes `<out>/lint_gpu_facts.json` when `--out` is given):
- `triton_launch_other_gpu`: a Triton kernel launched with its tensors on cuda:1 while the
  current device is cuda:0 (no device context): "raises: ..." or "ran, result correct|wrong";
  `triton_launch_guarded`: the same launch inside `with torch.cuda.device(x.device)`;
- `load_unmapped_device`: the device `torch.load` (no `map_location`) puts a tensor saved from
  cuda:1 on; `optimizer_state_device`: where an Adam state saved from cuda:1 ends up after
  `load_state_dict` into an optimizer whose parameters are on cuda:0, and the peak memory the
  load used on cuda:1 (bytes) on the way.
Exits 0 with `{"skipped": reason}` on a machine with fewer than two GPUs.
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path


def _triton_facts() -> dict[str, str]:
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def add_one(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + 1, mask=mask)

    def launch(guarded: bool) -> str:
        torch.cuda.set_device(0)
        x = torch.arange(1024, device="cuda:1", dtype=torch.float32)
        out = torch.empty_like(x)
        try:
            if guarded:
                with torch.cuda.device(x.device):
                    add_one[(8,)](x, out, x.numel(), BLOCK=128)
            else:
                add_one[(8,)](x, out, x.numel(), BLOCK=128)
            torch.cuda.synchronize(1)
        except Exception as error:  # the launch's own error is the measurement
            return f"raises: {type(error).__name__}: {str(error)[:160]}"
        return "ran, result " + ("correct" if torch.equal(out, x + 1) else "wrong")

    # The guarded launch first: an unguarded one may leave an illegal access behind.
    guarded = launch(True)
    return {"triton_launch_guarded": guarded, "triton_launch_other_gpu": launch(False)}


def _load_facts() -> dict[str, object]:
    import torch

    torch.cuda.set_device(0)
    saved = io.BytesIO()
    torch.save({"w": torch.ones(4, device="cuda:1")}, saved)
    saved.seek(0)
    loaded = torch.load(saved, weights_only=True)
    source = torch.nn.Linear(1024, 1024, device="cuda:1")
    optimizer = torch.optim.Adam(source.parameters())
    source(torch.ones(2, 1024, device="cuda:1")).sum().backward()
    optimizer.step()
    state = io.BytesIO()
    torch.save(optimizer.state_dict(), state)
    state.seek(0)
    del optimizer, source
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats(1)
    before = torch.cuda.memory_allocated(1)
    target = torch.nn.Linear(1024, 1024, device="cuda:0")
    restored = torch.optim.Adam(target.parameters())
    restored.load_state_dict(torch.load(state, weights_only=True))
    moment = next(iter(restored.state.values()))["exp_avg"]
    return {
        "load_unmapped_device": str(loaded["w"].device),
        "optimizer_state_device": str(moment.device),
        "optimizer_load_peak_bytes_on_cuda1": torch.cuda.max_memory_allocated(1) - before,
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    import torch

    if not torch.cuda.is_available() or torch.cuda.device_count() < 2:
        facts: dict[str, object] = {"skipped": "needs two CUDA GPUs"}
    else:
        # The Triton facts last, for the same reason.
        facts = {"torch": torch.__version__, **_load_facts(), **_triton_facts()}
    text = json.dumps(facts, indent=2)
    print(text)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "lint_gpu_facts.json").write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
