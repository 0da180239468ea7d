"""TPL302 device-map-auto-beside-vllm."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, keyword
from torchplace.lint.correlated_branches import CorrelatedBranches
from torchplace.lint.device_maps import spreads
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import all_calls, literal_string
from torchplace.lint.rules.serving.device_map_passed_to_vllm import (
    ENGINE_BUILDERS,
    is_vllm_engine_call,
)
from torchplace.report import Finding


class DeviceMapAutoBesideVllm(Rule):
    """## What it does
    Flags a Hugging Face model or pipeline loaded with `device_map="auto"` (or `"balanced"`,
    `"balanced_low_0"`, `"sequential"`) by a function (or a script's top level) that also
    creates a vLLM engine, in one run: not on the other arm of an `if` (`if use_vllm: llm =
    LLM(...) else: model = from_pretrained(..., device_map="auto")`, or two tests of one
    flag). A model and an engine built by two functions or classes are not read together,
    whether a loader picks one of them (HELMET's `HFModel` and `VLLMModel`) or a `main` calls
    both helpers: the rule looks inside one function only.

    ## Why is this bad?
    `device_map="auto"` spreads the model over every visible GPU and takes as much of
    their memory as it needs. vLLM's workers then start on the same GPUs and reserve
    `gpu_memory_utilization` of each: the engine fails with out-of-memory or "no available
    memory for the cache blocks", or the helper model's layers land on GPUs that a tensor-
    parallel worker owns, and its inputs meet tensors on another GPU.

    ## Example
    ```python
    reward = AutoModelForSequenceClassification.from_pretrained(path, device_map="auto")
    llm = LLM(model=policy_path, tensor_parallel_size=2)
    ```

    Use instead:
    ```python
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    reward = AutoModelForSequenceClassification.from_pretrained(path, device_map={"": "cpu"})
    llm = LLM(model=policy_path, tensor_parallel_size=2)
    ```
    or give the helper model its own GPU (`device_map={"": local_rank}`) outside the
    engine's `CUDA_VISIBLE_DEVICES`, or run it in another process.

    ## Fix safety
    No automatic fix: where the helper model belongs is a deployment decision.

    ## References
    - https://docs.vllm.ai/en/latest/configuration/conserving_memory.html
    - https://huggingface.co/docs/accelerate/concept_guides/big_model_inference
    """

    code = "TPL302"
    # Preview: TRUE on 0 of 6 of its findings on package sets no rule was tuned on (two
    # branches or two classes that never run together, a function nothing calls), judged
    # blind at first look (benchmarks/results/lint_precision_unseen.md); the model and the
    # engine now have to be built in one run of one function. The default set needs 90%.
    preview = True
    name = "device-map-auto-beside-vllm"
    contexts = (
        "a function (or a script's top level) that builds a vLLM engine and a Hugging Face"
        " model in one run"
    )
    summary = 'device_map="auto" model in the same program as a vLLM engine: they share GPUs'
    pattern = "device-map-with-vllm"
    candidate = AnyOf(r"device_map\s*=", r"LLM\b", r"EngineArgs\b", r"from_engine_args")
    file_gate = ("vllm", "device_map")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        engines = [
            (call, located)
            for call, located in self.located_calls(ctx, *ENGINE_BUILDERS)
            if is_vllm_engine_call(ctx, call)
        ]
        if not engines:
            return
        together: dict[int, CorrelatedBranches] = {}
        for located in all_calls(ctx):
            call = located.node
            assert isinstance(call, ast.Call)
            argument = keyword(call, "device_map")
            if argument is None or any(call is engine for engine, _ in engines):
                continue
            if not spreads(argument.value):
                continue
            text = literal_string(argument.value)
            shown = (
                f'device_map="{text}"' if text is not None else "a device_map of several devices"
            )
            scope = located.scope.node
            if id(scope) not in together:
                together[id(scope)] = CorrelatedBranches(scope)
            branches = together[id(scope)]
            if any(
                engine_at.scope.node is scope and not branches.exclusive(call, engine)
                for engine, engine_at in engines
            ):
                message = f"{shown} spreads this model over the GPUs vLLM uses"
                yield self.finding(ctx, argument, message)
