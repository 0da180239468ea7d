"""Which experts the routing reached, per MoE layer, in the observed forward.

transformers' MoE layers hand their experts module (`MixtralExperts`, `Qwen3MoeExperts`,
`DeepseekV3Experts`, `GptOssExperts`, ...: a module with `num_experts`) the tokens with the
router's choice, `(hidden_states, top_k_index, top_k_weights)`. A pre-hook on each such
module reads the choice: which experts got how many token slots.

With real weights the choice is the router's and is recorded as it is. On virtual GPUs the
weights built from a config hold no values, so neither do the router's logits nor its choice,
and the experts an input reaches cannot be known. There the hook assigns the slots itself,
round-robin over the experts (token t's j-th slot goes to expert (t * k + j) mod E), on the
device the router's choice is on: every expert is reached whenever there are at least as
many slots as experts, so every expert's weights, wherever the map put them, take part in the
observed forward. Experts modules that take no choice (Llama 4's, which computes every expert
for every token and weights the results) reach every expert by construction.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from torchplace.audit._tensors import device_name
from torchplace.audit.report import AuditFinding
from torchplace.report import Severity

_INDEX_NAMES = ("top_k_index", "router_indices", "selected_experts", "top_k_indices")


@dataclass
class ExpertRouting:
    """One MoE layer's experts module: how many experts, which were reached, how chosen."""

    module: str
    experts: int
    reached: list[int] = field(default_factory=list)
    slots: list[int] = field(default_factory=list)  # token slots per expert
    chosen_by: str = "router"  # "router", "assigned" (round-robin, value-less router), "dense"
    device: str = ""
    calls: int = 0


def experts_modules(model: nn.Module) -> list[tuple[str, nn.Module, str | None]]:
    """(name, module, name of its routing-choice argument or None for dense) per experts module."""
    found = []
    for name, module in model.named_modules():
        count = getattr(module, "num_experts", None)
        if not isinstance(count, int) or not type(module).__name__.endswith("Experts"):
            continue
        try:
            params = list(inspect.signature(module.forward).parameters)
        except (TypeError, ValueError):
            continue
        index = next((p for p in params if p in _INDEX_NAMES), None)
        if index is None and len(params) > 1:
            continue  # a choice under a name we do not know: not guessed
        found.append((name, module, index))
    return found


@contextlib.contextmanager
def routing(model: nn.Module, assign: bool) -> Iterator[list[ExpertRouting]]:
    """Records each experts module's routing while the block runs; `assign` makes value-less
    choices round-robin (see the module docstring)."""
    records: list[ExpertRouting] = []
    handles = []
    for name, module, index in experts_modules(model):
        record = ExpertRouting(name, int(module.num_experts))  # type: ignore[arg-type]
        records.append(record)
        hook = _hook(record, index, _position(module, index), assign)
        handles.append(module.register_forward_pre_hook(hook, with_kwargs=True))
    try:
        yield records
    finally:
        for handle in handles:
            handle.remove()


def _position(module: nn.Module, index: str | None) -> int:
    if index is None:
        return -1
    return list(inspect.signature(module.forward).parameters).index(index)


def _hook(record: ExpertRouting, index: str | None, position: int, assign: bool) -> Any:
    def hook(module: nn.Module, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        record.calls += 1
        if index is None:
            record.chosen_by = "dense"
            record.reached = list(range(record.experts))
            return None
        in_kwargs = index in kwargs
        choice = kwargs.get(index) if in_kwargs else _at(args, position)
        if not isinstance(choice, torch.Tensor):
            return None
        record.device = device_name(choice.device)
        values = _values(choice)
        if values is None and assign:
            choice = round_robin(choice, record.experts)
            values = _values(choice)
            record.chosen_by = "assigned"
            if in_kwargs:
                kwargs = {**kwargs, index: choice}
            else:
                args = (*args[:position], choice, *args[position + 1 :])
        if values is not None:
            _count(record, values)
        return (args, kwargs) if record.chosen_by == "assigned" else None

    return hook


def _at(args: tuple[Any, ...], position: int) -> Any:
    return args[position] if 0 <= position < len(args) else None


def round_robin(choice: torch.Tensor, experts: int) -> torch.Tensor:
    """A routing choice shaped like `choice`, on its device: slot s goes to expert s mod E."""
    slots = torch.arange(choice.numel(), device=choice.device, dtype=torch.long) % experts
    return slots.reshape(choice.shape).to(choice.dtype)


def _values(choice: torch.Tensor) -> list[int] | None:
    """The expert ids in `choice`, or None where the tensor holds no values (virtual GPUs)."""
    from torchplace.sim.errors import DataNeededError

    if choice.is_meta:
        return None
    try:
        return [int(v) for v in choice.flatten().tolist()]
    except DataNeededError:
        return None


def _count(record: ExpertRouting, values: list[int]) -> None:
    slots = record.slots or [0] * record.experts
    for value in values:
        if 0 <= value < record.experts:  # Mixtral's mask class E is "no expert"
            slots[value] += 1
    record.slots = slots
    record.reached = [e for e, n in enumerate(slots) if n]


def unreached_findings(routes: list[ExpertRouting]) -> list[AuditFinding]:
    """A note per layer whose router sent these inputs to only some of its experts: the
    placement of the others was not exercised by the observed forward."""
    found = []
    for route in routes:
        missing = route.experts - len(route.reached)
        if route.chosen_by != "router" or not route.calls or not route.slots or not missing:
            continue
        found.append(
            AuditFinding(
                "experts-not-reached",
                Severity.NOTE,
                route.module,
                f"the router sent these inputs to {len(route.reached)} of {route.experts} "
                f"experts of `{route.module}`; the other {missing} took no part in the observed "
                "forward, so copies to and from their devices were not seen. Audit with more "
                "--tokens to reach them.",
            )
        )
    return found
