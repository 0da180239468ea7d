"""Observe `model.generate()` for a few tokens: the copies between devices at each step.

A forward is one step of generation; generation adds what a single forward never shows: the
cache carried from step to step on each layer's device, the new token appended on the inputs'
device, and the logits brought back there. The observer of `torchplace.audit.observe` watches
the whole call; a hook on the model's own forward cuts it into steps (the prompt, then one
step per new token), and each step's copies are the observer's counts since the last cut.

On virtual GPUs the weights hold no values, so the logits do not either, and `generate()`
cannot choose a token (or decide to stop) from them. There the audit chooses: a logits
processor puts every step's choice on one ordinary token id, made on the logits' own device,
so the devices and copies are still those `generate()` makes. On real GPUs it is greedy
decoding as usual.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from torchplace.audit._tensors import device_name
from torchplace.audit.observe import ForwardObserver, error_site


@dataclass
class GenerationStep:
    """One forward inside `generate()`: the tokens it took and the copies it made."""

    step: int
    tokens: int
    copies: int = 0
    bytes: int = 0
    routes: dict[str, int] = field(default_factory=dict)  # "cuda:0 -> cuda:1": copies


@dataclass
class GenerationObservation:
    """What `generate()` for `requested` new tokens did, step by step."""

    requested: int
    completed: bool
    new_tokens: int = 0
    seconds: float = 0.0
    steps: list[GenerationStep] = field(default_factory=list)
    output_device: str | None = None
    error: str | None = None
    error_type: str | None = None
    error_module: str | None = None
    error_site: str | None = None


def generate_inputs(model: nn.Module, inputs: dict[str, Any]) -> dict[str, Any]:
    """The forward's inputs as `generate()` takes them: the decoder's ids are its own to make."""
    found = dict(inputs)
    if getattr(getattr(model, "config", None), "is_encoder_decoder", False):
        found.pop("decoder_input_ids", None)
    return found


def observe_generate(
    model: nn.Module, inputs: dict[str, Any], new_tokens: int, observer: ForwardObserver
) -> GenerationObservation:
    """`model.generate(**inputs, max_new_tokens=new_tokens)` under `observer`, cut into steps;
    a failure is recorded with the step it happened in, not raised."""
    given = generate_inputs(model, inputs)
    result = GenerationObservation(requested=new_tokens, completed=False)
    cuts = _StepCuts(observer, result)
    handle = model.register_forward_pre_hook(cuts.pre_hook, with_kwargs=True)
    start = time.perf_counter()
    try:
        with torch.no_grad(), observer.observing():
            output = model.generate(  # type: ignore[operator]
                **given, max_new_tokens=new_tokens, min_new_tokens=new_tokens,
                do_sample=False, **_choice(model),
            )  # fmt: skip
            cuts.close()
        sequences = getattr(output, "sequences", output)
        result.new_tokens = len(result.steps)  # one forward per new token
        result.output_device = device_name(sequences.device)
        result.completed = True
    except Exception as error:  # the report says at which step generation failed
        cuts.close()
        result.error = str(error).strip().splitlines()[0][:500] if str(error) else ""
        result.error_type = type(error).__name__
        result.error_module = observer.error_module(error)
        result.error_site = error_site(error)
    finally:
        handle.remove()
    result.seconds = time.perf_counter() - start
    return result


class _StepCuts:
    """Closes a step at each call of the model's forward: the copies since the last cut."""

    def __init__(self, observer: ForwardObserver, result: GenerationObservation) -> None:
        self.observer, self.result = observer, result
        self.seen: dict[Any, tuple[int, int]] = {}
        self.open: GenerationStep | None = None

    def pre_hook(self, module: nn.Module, args: Any, kwargs: dict[str, Any]) -> None:
        self.close()
        self.open = GenerationStep(len(self.result.steps), _tokens(args, kwargs))

    def close(self) -> None:
        step, self.open = self.open, None
        if step is None:
            return
        routes: Counter[str] = Counter()
        for key, transfer in self.observer.transfers.items():
            count, size = self.seen.get(key, (0, 0))
            if transfer.count > count:
                routes[f"{transfer.source} -> {transfer.target}"] += transfer.count - count
                step.bytes += transfer.bytes - size
            self.seen[key] = (transfer.count, transfer.bytes)
        step.copies = sum(routes.values())
        step.routes = dict(routes)
        self.result.steps.append(step)


def _tokens(args: Any, kwargs: dict[str, Any]) -> int:
    """Tokens fed to this step: the decoder's ids for an encoder-decoder, else the inputs'."""
    for name in ("decoder_input_ids", "input_ids", "inputs_embeds", "decoder_inputs_embeds"):
        tensor = kwargs.get(name)
        if isinstance(tensor, torch.Tensor) and tensor.dim() >= 2:
            return int(tensor.shape[1])
    first = args[0] if args else None
    return int(first.shape[-1]) if isinstance(first, torch.Tensor) and first.dim() >= 2 else 0


def _choice(model: nn.Module) -> dict[str, Any]:
    """On virtual GPUs, a logits processor that chooses each token (see the module docstring)."""
    from torchplace.sim import devices

    if devices.active() is None:
        return {}
    from transformers import LogitsProcessorList

    return {"logits_processor": LogitsProcessorList([_ChooseToken(ordinary_token(model))])}


def ordinary_token(model: nn.Module) -> int:
    """The smallest id from 3 up that is no special token of the model's config (so that
    generation never stops early on it)."""
    config = getattr(model, "config", None)
    configs = [config, getattr(config, "get_text_config", lambda: None)()]
    special: set[int] = set()
    for item in configs:
        for name in ("eos_token_id", "bos_token_id", "pad_token_id", "decoder_start_token_id"):
            value = getattr(item, name, None)
            values = value if isinstance(value, list) else [value]
            special |= {v for v in values if isinstance(v, int)}
    return next(i for i in range(3, 3 + len(special) + 1) if i not in special)


class _ChooseToken:
    """Every score -inf but one ordinary token's, on the scores' device: the choice holds a
    value where the value-less logits hold none."""

    def __init__(self, token: int) -> None:
        self.token = token

    def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        chosen = torch.full(scores.shape, float("-inf"), dtype=scores.dtype, device=scores.device)
        chosen[:, self.token] = 0.0
        return chosen
