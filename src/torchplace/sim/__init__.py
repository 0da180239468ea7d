"""Virtual CUDA GPUs on a CPU-only machine: run multi-GPU code and fail where real GPUs would.

    import torchplace
    with torchplace.virtual_gpus(2):            # or: torchplace sim --gpus 2 script.py
        model = MyModel().to("cuda:1")
        model(torch.randn(4, 8, device="cuda:0"))   # RuntimeError naming cuda:1 and cuda:0

Public API:
- `virtual_gpus(n, memory="141GiB", name="NVIDIA H200", *, keep_values_up_to=None,
  rank=None, world_size=None)`: a context manager; yields the `Machine` (count, memory, name).
  Inside, `torch.cuda` answers for n GPUs (`is_available`, `device_count`, properties,
  `mem_get_info`, streams and events as no-ops, seeds), the current device is per thread (a new
  thread starts on device 0), and tensors on `cuda:N` are `VirtualTensor`s. Leaving restores
  torch completely. One simulation per process at a time.
- `VirtualTensor`, `is_virtual(t)`: the tensor type; `t.has_values()` says whether it holds
  real values. Tensors made from real CPU tensors, and new ones up to `keep_values_up_to` bytes,
  keep real values (computed on the CPU); tensors from the meta device hold none.
- `DataNeededError` (a `NotSimulatedError`, a `RuntimeError`): raised by `.item()`, `bool(t)`,
  `.tolist()`, `nonzero`, boolean-mask indexing... on a tensor without values; the message
  names the user's line.
- `run_path(path, argv=(), /, **virtual_gpus_options)`, `run_module(module, argv=(), /, ...)`:
  run a program as `__main__` under simulation in this process, with `sys.argv` set (what
  `torchplace sim` does). The program's exceptions propagate unchanged, so an explainer can wrap
  the call or install `sys.excepthook`: e.g. `run_path("train.py", ["--x"], n=2)`.
- `active()`: the running simulation's `Machine`, or None (for code that behaves differently
  under simulation).
- `model_from_config(config, device_map="auto", ...)`: build a Hugging Face model from a config on
  the meta device, tie its weights (`tie_word_embeddings`) and place it with accelerate's
  `dispatch_model` (for use inside the context); a map naming one GPU (`{"": 0}`) gets
  value-less parameters on that GPU.

Values: tensors made from real CPU tensors keep real values (computed on the CPU), so small
programs and `generate()` compute real results; value-less tensors (meta-built, or larger than
`keep_values_up_to`) raise `DataNeededError` when read. Ops that C++ decomposes with a Python
scalar operand (`torch.where(mask, -inf, x)`) produce value-less results.

Errors match eager CUDA: device mismatches raise `RuntimeError` with CUDA's text naming both
devices; CPU 0-dim tensors and CPU index tensors (`x[idx]`) mix as on CUDA; `masked_fill` with a
CPU mask fails; an index past the last GPU raises `torch.AcceleratorError`. A virtual tensor
meeting the program's meta tensor (an offloaded weight) gets the answer of torch's meta kernel,
as on CUDA ("Tensor on device meta is not on the expected device cuda:1!").

CUDA's life cycle: `CUDA_VISIBLE_DEVICES` is read when CUDA initialises (the first CUDA call),
so a program may set it first and then sees fewer GPUs; later changes are ignored. A process
forked after CUDA initialised gets torch's "Cannot re-initialize CUDA in forked subprocess" on
its first CUDA call. `torch.save` records a virtual tensor's GPU and `torch.load` restores it
there (or where `map_location` says), with its values; saving a tensor without values raises
`DataNeededError`. `from cuda.bindings import driver` gets the virtual GPUs' driver: per-thread
contexts (`cuCtxGetDevice` fails with CUDA_ERROR_INVALID_CONTEXT in a thread that never bound a
GPU) and nothing else. Under
`torch.distributed`, `init_process_group("nccl")` uses the fake process group; collectives check
the tensor's device like NCCL (`DistBackendError`); ranks compare GPUs through the launcher's
store within the process group's timeout, and rank 0 keeps the store until every rank is done.

Tracebacks of simulated errors end at the torch call that failed (sim's frames are cut when the
error leaves `virtual_gpus`). `torch._dynamo` (imported by transformers) may be imported first
inside: its trace rules see torch's own functions, not sim's stand-ins.
"""

from __future__ import annotations

from torchplace.sim.context import virtual_gpus
from torchplace.sim.devices import Machine, active, parse_memory
from torchplace.sim.errors import DataNeededError, NotSimulatedError
from torchplace.sim.models import model_from_config
from torchplace.sim.runner import run_module, run_path
from torchplace.sim.tensor import VirtualTensor, is_virtual

__all__ = [
    "DataNeededError",
    "Machine",
    "NotSimulatedError",
    "VirtualTensor",
    "active",
    "is_virtual",
    "model_from_config",
    "parse_memory",
    "run_module",
    "run_path",
    "virtual_gpus",
]
