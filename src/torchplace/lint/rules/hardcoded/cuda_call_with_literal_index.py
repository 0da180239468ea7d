"""TPL102 cuda-call-with-literal-index."""

from __future__ import annotations

from collections.abc import Iterator

from torchplace.lint.context import FileContext, keyword
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import literal_index
from torchplace.lint.run_conditions import (
    after_showing_its_gpus,
    runs_only_on_rank_zero_through_callers,
)
from torchplace.report import Finding


class CudaCallWithLiteralIndex(Rule):
    """## What it does
    Flags `.cuda(N)` and `.cuda(device=N)` with an integer literal. Not `.cuda(0)` in code
    that runs only in rank 0 (global or local: under `if rank == 0:`, after
    `if rank != 0: return`, or in a script's function that the script calls only there),
    whose GPU is its node's first under every standard launcher, nor after the same code set
    `os.environ["CUDA_VISIBLE_DEVICES"]` (a spawned worker that shows itself its GPU: cuda:0
    is the one it chose), or in a module whose top shows the process one literal GPU
    (`os.environ["CUDA_VISIBLE_DEVICES"] = "3"`: cuda:0 is the only GPU it has), nor in a
    program the project's scripts and READMEs launch only as one process that starts no
    others and no threads (or a script nothing launches or imports that is written for no
    launcher, no ranks and no distributed framework), or a module only such programs import:
    its literal GPU is the one process's choice.

    ## Why is this bad?
    A literal index pins the tensor or module to one GPU whatever rank, thread or
    `device_map` shard runs the line. Every rank of a `torchrun` job puts its copy on the
    same GPU (out of memory, or NCCL sees two ranks on one device), and a layer placed on
    cuda:1 receives an operand on cuda:0: `Expected all tensors to be on the same device,
    but found at least two devices, cuda:0 and cuda:1!`.

    ## Example
    ```python
    model = build_model().cuda(0)
    batch = batch.cuda(0)
    ```

    Use instead:
    ```python
    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank)
    model = build_model().to(device)
    batch = batch.to(device)
    ```
    Inside a module, follow an input instead: `cache.to(hidden_states.device)`.

    ## Fix safety
    No automatic fix: which device is right depends on how the program is launched.

    ## References
    - https://pytorch.org/docs/stable/generated/torch.Tensor.cuda.html
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    """

    code = "TPL102"
    # Preview: at first look on fresh-15 (1,441 files) TRUE on 0 of 13: `.cuda(0)` in VITS's
    # `evaluate()`, which the script calls only under `if rank == 0:`. Callers are now
    # followed; on fresh-56 on 0 of 8 (scripts that show themselves one literal GPU at their
    # top, now read); on fresh-60 on 0 of 3 (one-process feature tools of a project with no
    # multi-process code: the one-process launches TPL104 reads now count here too); on
    # fresh-68 on 0 of 1 (an interactive one-process tool of a multi-process project)
    # (benchmarks/results/lint_precision_unseen.md).
    preview = True
    name = "cuda-call-with-literal-index"
    in_tests = False
    contexts = (
        "any code; not `.cuda(0)` that runs only in rank 0 or after the code set"
        " CUDA_VISIBLE_DEVICES, nor programs the project launches only as one process"
    )
    summary = "`.cuda(N)` with a literal index pins every rank and thread to one GPU"
    pattern = "hardcoded-cuda-device"
    candidate = AnyOf(r"\.\s*cuda\s*\(\s*(?:device\s*=\s*)?\d")
    file_gate = ("cuda",)  # a substring test skips most files before the scan
    project_condition = "shares-a-literal-gpu"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call, located in self.located_calls(ctx, "cuda"):
            device_kw = keyword(call, "device")
            value = call.args[0] if call.args else device_kw.value if device_kw else None
            index = literal_index(value) if value is not None else None
            if index == 0 and runs_only_on_rank_zero_through_callers(ctx, located.scope, call):
                continue  # rank 0's GPU is its node's first: cuda:0 is its own
            if index == 0 and after_showing_its_gpus(ctx, located.scope, call):
                continue  # the process showed itself its GPUs: cuda:0 is the one it chose
            if index is not None:
                message = f"`.cuda({index})` pins the tensor to cuda:{index} in every rank"
                yield self.finding(ctx, call, message)
