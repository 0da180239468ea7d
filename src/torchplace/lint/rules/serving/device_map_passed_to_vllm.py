"""TPL301 device-map-passed-to-vllm."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, keyword
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import remove_argument
from torchplace.report import Finding, FixSafety

#: vLLM entry points that build an engine from keyword arguments.
ENGINE_BUILDERS = {
    "LLM",
    "EngineArgs",
    "AsyncEngineArgs",
    "LLMEngine",
    "AsyncLLMEngine",
    "from_engine_args",
}


def is_vllm_engine_call(ctx: FileContext, call: ast.Call) -> bool:
    qualified = ctx.qualified(call.func) or ""
    return qualified.startswith("vllm.") and qualified.rpartition(".")[2] in ENGINE_BUILDERS


class DeviceMapPassedToVllm(Rule):
    """## What it does
    Flags a `device_map=` argument given to a vLLM engine: `LLM(...)`, `EngineArgs(...)`,
    `AsyncEngineArgs(...)`, `LLMEngine(...)`.

    ## Why is this bad?
    `device_map` is a Hugging Face / accelerate loading option. vLLM places the model
    itself: it shards it over its own worker processes, one GPU each, by
    `tensor_parallel_size` (and pipeline parallelism). The argument is rejected
    (`unexpected keyword argument 'device_map'`) or, passed through `**kwargs`, ignored,
    so the author's intended placement never happens.

    ## Example
    ```python
    from vllm import LLM

    llm = LLM(model=model_path, device_map="auto")
    ```

    Use instead:
    ```python
    from vllm import LLM

    llm = LLM(model=model_path, tensor_parallel_size=torch.cuda.device_count())
    ```
    Choose the GPUs with `CUDA_VISIBLE_DEVICES` in the launcher's environment.

    ## Fix safety
    The fix removes the `device_map=` argument. It is unsafe: the GPU count the author
    meant must still be given as `tensor_parallel_size`.

    ## References
    - https://docs.vllm.ai/en/latest/serving/distributed_serving.html
    - https://docs.vllm.ai/en/latest/api/vllm/engine/arg_utils.html
    """

    code = "TPL301"
    name = "device-map-passed-to-vllm"
    contexts = "code that builds a vLLM engine"
    summary = "`device_map=` is not a vLLM engine argument; use tensor_parallel_size"
    pattern = "device-map-with-vllm"
    fix_safety = FixSafety.UNSAFE
    candidate = AnyOf(r"device_map\s*=")
    file_gate = ("vllm", "device_map")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call, _ in self.located_calls(ctx, *ENGINE_BUILDERS):
            argument = keyword(call, "device_map")
            if argument is None or not is_vllm_engine_call(ctx, call):
                continue
            fix = remove_argument(ctx, call, argument, "Remove device_map=")
            yield self.finding(ctx, argument, fix=fix)
