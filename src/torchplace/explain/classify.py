"""Choose the catalogue pattern that explains a failure (pure: works on live and log diagnoses).

The message decides the family (device mismatch, collective, context, fork, configuration);
within a family the evidence decides: words in the failing line, the library line, the operand
names, the module path and the stack (each pattern's `hints`), where stray tensors came from
(origins mode), which thread failed and which devices met.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from torchplace import patterns
from torchplace.explain.messages import MAX_MESSAGE, ErrorKind, ParsedError
from torchplace.explain.model import Diagnosis, PatternMatch

# Patterns that can explain each kind of message, in order of preference when evidence ties.
CANDIDATES: dict[ErrorKind, tuple[str, ...]] = {
    ErrorKind.DEVICE_MISMATCH: (
        # Specific patterns first: on equal evidence the narrower explanation wins.
        "lora-adapter-on-wrong-gpu",
        "vision-features-on-other-gpu",
        "draft-model-on-other-gpu",
        "buffer-left-on-other-device",
        "thread-without-device-binding",
        "offloaded-module-used-outside-scope",
        "parameter-moved-in-forward",
        "checkpoint-loaded-to-saving-device",
        "tensor-created-without-device",
        "inputs-not-on-model-device",
        "tensor-carried-across-device-map-split",
        "cpu-mask-or-index",
        "hardcoded-cuda-device",
        "rank-not-bound-to-gpu",
    ),
    ErrorKind.COLLECTIVE_DEVICE: (
        "rank-not-bound-to-gpu",
        "more-ranks-than-gpus",
        "global-rank-as-device-index",
        "hardcoded-cuda-device",
        "thread-without-device-binding",
    ),
    ErrorKind.INVALID_ORDINAL: (
        "more-ranks-than-gpus",
        "cuda-visible-devices-misuse",
        "global-rank-as-device-index",
    ),
    ErrorKind.CUDA_CONTEXT: (
        "thread-without-device-binding",
        "triton-kernel-on-non-current-device",
    ),
    ErrorKind.FORK_AFTER_INIT: ("fork-after-cuda-init", "vllm-worker-forked-after-cuda-init"),
    ErrorKind.DATA_PARALLEL: ("data-parallel-module-not-on-first-device",),
    ErrorKind.CPU_TENSOR_COLLECTIVE: ("cpu-tensor-to-nccl-collective",),
    ErrorKind.CUDA_IPC: ("cuda-ipc-producer-exited",),
    ErrorKind.PARALLEL_CONFIG: ("parallel-config-mismatch", "draft-model-on-other-gpu"),
    ErrorKind.CHECKPOINT_DEVICE: ("checkpoint-loaded-to-saving-device",),
    ErrorKind.OFFLOAD_META: ("offloaded-module-used-outside-scope",),
    ErrorKind.LEGACY_CONSTRUCTOR: ("legacy-constructor-given-device",),
    ErrorKind.DDP_DEVICE: ("ddp-module-not-on-rank-device",),
    ErrorKind.FSDP_DEVICE: ("rank-not-bound-to-gpu", "global-rank-as-device-index"),
}

_FACTORIES = (
    "arange|zeros|ones|empty|full|tensor|as_tensor|linspace|logspace|eye|rand|randn|randint"
    "|randperm|tril|triu|from_numpy"
)
_FACTORY_WITHOUT_DEVICE = re.compile(rf"\btorch\.({_FACTORIES})\((?![^)]*device\s*=)")
_HARDCODED = re.compile(
    r"\.cuda\(\s*\d?\s*\)|[\"']cuda(:\d+)?[\"']|\.to\(\s*\d+\s*\)|device\(\s*\d"
)
_EMBEDDING_OPS = {"embedding", "index_select", "embedding_renorm_"}
_MASK_INDEX_OPS = {"masked_fill", "masked_fill_", "gather", "scatter", "index_add", "index_copy"}


@dataclass
class _Evidence:
    """Weighted text to look for hints in, and the reasons each pattern gained points."""

    texts: list[tuple[str, int]] = field(default_factory=list)
    scores: dict[str, float] = field(default_factory=dict)
    reasons: dict[str, list[str]] = field(default_factory=dict)

    def add(self, pattern_id: str, points: float, reason: str) -> None:
        self.scores[pattern_id] = self.scores.get(pattern_id, 0.0) + points
        self.reasons.setdefault(pattern_id, []).append(reason)


def classify(diagnosis: Diagnosis, parsed: ParsedError) -> PatternMatch | None:
    """The best pattern for this diagnosis, or None when the message is no known failure."""
    candidates = list(CANDIDATES.get(parsed.kind, ()))
    for pattern in patterns.matching(" ".join(diagnosis.message[:MAX_MESSAGE].split())):
        if pattern.id not in candidates and parsed.kind is not ErrorKind.OTHER:
            candidates.append(pattern.id)
    if not candidates:
        return None
    evidence = _gather(diagnosis)
    for rank, pattern_id in enumerate(candidates):
        # A small preference for earlier candidates breaks ties without outweighing evidence.
        evidence.add(pattern_id, -0.01 * rank, "")
        _score_pattern(pattern_id, diagnosis, evidence)
    _score_structure(diagnosis, parsed, evidence)
    candidates = _possible(candidates, diagnosis)
    # A narrow story (a LoRA adapter, a vision tower, a draft model...) needs evidence of its
    # own: with nothing pointing at it, the tie order must not pick it over the generic ones.
    candidates = [
        c for c in candidates if c not in _NEEDS_EVIDENCE or evidence.scores.get(c, 0.0) > 0.5
    ] or candidates
    ranked = sorted(candidates, key=lambda pid: -evidence.scores.get(pid, 0.0))
    best = patterns.get(ranked[0])
    return PatternMatch(
        id=best.id,
        title=best.title,
        cause=best.cause,
        fix=best.fix,
        fix_example=best.fix_example,
        reasons=[r for r in evidence.reasons.get(best.id, []) if r],
        alternatives=[pid for pid in ranked[1:3] if evidence.scores.get(pid, 0.0) > 0.5],
    )


_NEEDS_EVIDENCE = {
    "lora-adapter-on-wrong-gpu",
    "vision-features-on-other-gpu",
    "draft-model-on-other-gpu",
    "buffer-left-on-other-device",
    "thread-without-device-binding",
    "offloaded-module-used-outside-scope",
    "parameter-moved-in-forward",
    "checkpoint-loaded-to-saving-device",
}

# Patterns whose story needs a CPU tensor, or two GPUs: ruled out when the devices say otherwise.
_NEEDS_CPU = {"cpu-mask-or-index", "tensor-created-without-device"}
_NEEDS_TWO_GPUS = {"tensor-carried-across-device-map-split", "draft-model-on-other-gpu"}


def _possible(candidates: list[str], diagnosis: Diagnosis) -> list[str]:
    devices = set(diagnosis.devices)
    cuda = {d for d in devices if d.startswith("cuda")}
    if diagnosis.kind != "device-mismatch" or len(devices) < 2:
        return candidates
    ruled_out = set()
    if "cpu" not in devices and len(cuda) >= 2:
        ruled_out = _NEEDS_CPU
    elif "cpu" in devices:
        ruled_out = _NEEDS_TWO_GPUS
    return [c for c in candidates if c not in ruled_out] or candidates


def _gather(diagnosis: Diagnosis) -> _Evidence:
    evidence = _Evidence()
    if diagnosis.user_frame is not None:
        evidence.texts.append((diagnosis.user_frame.source, 3))
    if diagnosis.library_frame is not None:
        evidence.texts.append((diagnosis.library_frame.source, 2))
    for operand in diagnosis.operands:
        evidence.texts.append((operand.expr, 2))
        if "`__init__`" not in operand.note:  # construction-time code says little about the bug
            evidence.texts.append((operand.note, 2))
        if operand.origin is not None:
            evidence.texts.append((operand.origin.op, 2))
    if diagnosis.module is not None:
        evidence.texts.append((f"{diagnosis.module.qualname} {diagnosis.module.class_name}", 2))
        evidence.texts.append((" ".join(diagnosis.module.strays), 2))
    # The entry frame (the script's own top level) says how the program was set up, not where
    # the failure comes from: its `device="cuda:0"` literals would point at the wrong pattern.
    inner = [f for f in diagnosis.stack[1:] if not is_torch_internal_path(f.path)][-8:]
    stack_text = " ".join(f"{_code_path(f.path)} {f.function} {f.source}" for f in inner)
    evidence.texts.append((stack_text, 1))
    return evidence


_INSTALLED = re.compile(r"^.*[\\/](?:site|dist)-packages[\\/]")


def _code_path(path: str) -> str:
    """An installed package's path from the package on: the folders above it (an environment
    named `huggingface_meta`, a user's home) say nothing about the code that failed."""
    return _INSTALLED.sub("", path)


def _score_pattern(pattern_id: str, diagnosis: Diagnosis, evidence: _Evidence) -> None:
    pattern = patterns.get(pattern_id)
    if pattern.matches(" ".join(diagnosis.message[:MAX_MESSAGE].split())):
        # Specific texts (a collective, a fork) already chose the family; within the generic
        # "devices differ" texts a signature match is weak evidence.
        points = 1.0 if diagnosis.kind == "device-mismatch" else 2.0
        evidence.add(pattern_id, points, "the error message matches its signature")
    points = 0.0
    context_points = 0.0
    for hint in pattern.hints:
        weight = max((w for text, w in evidence.texts if hint_in(hint, text)), default=0)
        if weight:
            points += weight
            evidence.add(pattern_id, 0.0, f"`{hint}` appears near the failure")
        elif diagnosis.context and hint_in(hint, diagnosis.context):
            context_points = 1.0
            evidence.add(pattern_id, 0.0, f"`{hint}` appears in the log around the error")
    # The log around the error is weak evidence: one point at most, however many words match.
    evidence.add(pattern_id, min(points + context_points, 6.0), "")


def _score_structure(diagnosis: Diagnosis, parsed: ParsedError, evidence: _Evidence) -> None:
    devices = set(diagnosis.devices)
    line = diagnosis.user_frame.source if diagnosis.user_frame else ""
    lib_line = diagnosis.library_frame.source if diagnosis.library_frame else ""
    notes = [o.note for o in diagnosis.operands if o.note] + diagnosis.notes
    if "meta" in devices:
        evidence.add("offloaded-module-used-outside-scope", 8, "a meta tensor took part")
    root_cause = _score_root_causes(diagnosis, evidence, line, notes)
    op = _normal_op(parsed.op or diagnosis.op or "")
    if op in _EMBEDDING_OPS and "embedding" in f"{lib_line} {line} {_module_text(diagnosis)}":
        evidence.add("inputs-not-on-model-device", 3, "an embedding lookup's indices")
    elif (
        not root_cause
        and "cpu" in devices
        and (op in _MASK_INDEX_OPS or parsed.argument in _MASK_ARGUMENTS)
    ):
        # Only when nothing says where the mask or index came from, and only a CPU one: two
        # GPUs meeting in a mask or index op is a cross-GPU problem, not a CPU mask.
        evidence.add("cpu-mask-or-index", 4, f"the {parsed.argument or op} operand")
    if not root_cause:
        _score_carried(diagnosis, evidence)
        _score_message_shape(diagnosis, parsed, op, evidence)
    _score_launch(diagnosis, parsed, evidence)
    _score_thread(diagnosis, parsed, evidence)
    _score_module(diagnosis, evidence)


_MASK_ARGUMENTS = {"mask", "index", "indices"}
# Operands that are a layer's input or weight: a CPU one means the model or its inputs were
# never moved (the message names the argument, not where the tensor was made).
_MODEL_ARGUMENTS = {"mat1", "mat2", "input", "weight", "self"}
_MODEL_OPS = {"addmm", "mm", "bmm", "linear", "conv", "rnn", "cudnn_convolution", "convolution"}
_DISPATCH_FRAMES = re.compile(r"accelerate[\\/]hooks\.py|transformers_modules|device_map")
_SET_DEVICE_RANK = re.compile(
    r"set_device\(\s*(?:[\w.]*local_rank|[\w.]*gpu\w*|[\w.]*device|self\.device)", re.IGNORECASE
)


def _score_message_shape(
    diagnosis: Diagnosis, parsed: ParsedError, op: str, evidence: _Evidence
) -> None:
    """What the message's own wording says when nothing else points anywhere."""
    devices = set(diagnosis.devices)
    cuda = {d for d in devices if d.startswith("cuda")}
    argument = parsed.argument or ""
    if "cpu" in devices and (argument in _MODEL_ARGUMENTS or op in _MODEL_OPS):
        evidence.add(
            "inputs-not-on-model-device", 3, f"a layer's {argument or op} is on another device"
        )
    if len(cuda) >= 2 or (len(cuda) == 1 and "cpu" not in devices and len(devices) >= 2):
        stack = " ".join(f.path for f in diagnosis.stack) + " " + diagnosis.context
        if _DISPATCH_FRAMES.search(stack):
            evidence.add(
                "tensor-carried-across-device-map-split",
                2,
                "two GPUs meet in a model dispatched with a device map",
            )
        if "conv" in op:
            # In multi-GPU LLM serving the convolutions are the vision tower's patch embedding.
            evidence.add("vision-features-on-other-gpu", 2, "a convolution's weight on another GPU")
        failing = diagnosis.stack[-1].source if diagnosis.stack else ""
        vision = patterns.get("vision-features-on-other-gpu").hints
        if any(hint_in(h, failing) for h in vision):
            evidence.add(
                "vision-features-on-other-gpu", 3, "the failing line merges image features"
            )


def _score_launch(diagnosis: Diagnosis, parsed: ParsedError, evidence: _Evidence) -> None:
    """Rank/device binding failures: what the message and the launch say about the GPU count."""
    text = " ".join(f.source for f in diagnosis.stack) + " " + diagnosis.context
    if parsed.kind is ErrorKind.INVALID_ORDINAL and _SET_DEVICE_RANK.search(text):
        evidence.add(
            "more-ranks-than-gpus", 2, "set_device(<local rank or device id>) names a missing GPU"
        )
    if parsed.kind is ErrorKind.COLLECTIVE_DEVICE and "ranks" in parsed.details:
        evidence.add(
            "more-ranks-than-gpus",
            2.5,
            f"ranks {parsed.details['ranks'].replace(',', ' and ')} share one GPU",
        )
        if any(_HARDCODED.search(f.source) for f in diagnosis.stack):
            evidence.add("hardcoded-cuda-device", 5, "a hardcoded CUDA device in the stack")


def _score_root_causes(
    diagnosis: Diagnosis, evidence: _Evidence, line: str, notes: list[str]
) -> bool:
    """Evidence of where the stray tensor came from; True when there is some."""
    before = dict(evidence.scores)
    devices = set(diagnosis.devices)
    # Tensors made in `__init__` without device= are normal (the module moves them later).
    cpu_notes = [
        o.note
        for o in diagnosis.operands
        if o.device == "cpu" and o.note and "`__init__`" not in o.note
    ]
    if "cpu" in devices and any(_FACTORY_WITHOUT_DEVICE.search(t) for t in [line, *cpu_notes]):
        evidence.add("tensor-created-without-device", 5, "a factory call without device=")
    cuda_devices = {d for d in devices if d.startswith("cuda")}
    if len(cuda_devices) >= 2 and any(_HARDCODED.search(t) for t in [line, *notes]):
        evidence.add("hardcoded-cuda-device", 5, "a hardcoded CUDA device where the tensor is made")
    if any(".data`" in n for n in diagnosis.notes):
        evidence.add("parameter-moved-in-forward", 6, "the failing function assigns `.data`")
    for note in diagnosis.notes:
        if "equals RANK" in note:
            evidence.add("global-rank-as-device-index", 6, note)
        elif "CUDA_VISIBLE_DEVICES" in note:
            evidence.add("cuda-visible-devices-misuse", 6, note)
    _score_operands(diagnosis, evidence)
    return any(evidence.scores.get(k, 0.0) > v for k, v in before.items()) or any(
        k not in before for k in evidence.scores
    )


def _score_operands(diagnosis: Diagnosis, evidence: _Evidence) -> None:
    for operand in diagnosis.operands:
        if operand.note.startswith("a program input") and operand.device in diagnosis.devices:
            evidence.add("inputs-not-on-model-device", 5, f"`{operand.expr}` is {operand.note}")
        origin = operand.origin
        if origin is None or origin.function == "<module>":
            # Made by the script's own top level: how the program set things up (its inputs,
            # a hand-written device map), not the code that placed the stray tensor.
            continue
        reason = f"`{operand.expr}` {origin.describe()}"
        if origin.op == "torch.load":
            evidence.add("checkpoint-loaded-to-saving-device", 8, reason)
        elif "without device" in origin.note:
            evidence.add("tensor-created-without-device", 5, reason)
        elif "hardcoded" in origin.note:
            evidence.add("hardcoded-cuda-device", 5, reason)


def _normal_op(op: str) -> str:
    """`scatter__value` -> `scatter`, `_index_select` -> `index_select`."""
    return op.strip("_").split("__")[0].split(" ")[0]


def _module_text(diagnosis: Diagnosis) -> str:
    module = diagnosis.module
    return f"{module.qualname} {module.class_name}".lower() if module else ""


def _score_carried(diagnosis: Diagnosis, evidence: _Evidence) -> None:
    """An activation on another GPU than the module whose code uses it, with no other cause."""
    module = diagnosis.module
    if module is None or len(module.parameter_devices) != 1:
        return
    (home,) = module.parameter_devices
    for operand in diagnosis.operands:
        stray = operand.kind == "tensor" and operand.device not in (None, home)
        explained = operand.note.startswith("a program input") or operand.origin is not None
        if stray and not explained and f"{operand.device}{home}".count("cuda") == 2:
            evidence.add(
                "tensor-carried-across-device-map-split",
                3,
                f"`{operand.expr}` ({operand.device}) reaches a module on {home}",
            )
            return


def _score_thread(diagnosis: Diagnosis, parsed: ParsedError, evidence: _Evidence) -> None:
    thread = diagnosis.thread
    if thread is None:
        return
    cuda_pair = sum(d.startswith("cuda") for d in diagnosis.devices) >= 2
    if not thread.is_main and (cuda_pair or parsed.kind is ErrorKind.CUDA_CONTEXT):
        evidence.add("thread-without-device-binding", 6, f"it failed in thread {thread.name!r}")
    expected = thread.expected_device
    if parsed.kind is ErrorKind.COLLECTIVE_DEVICE and expected is not None:
        for operand in diagnosis.operands:
            if operand.kind == "tensor" and operand.device not in (None, f"cuda:{expected}"):
                evidence.add(
                    "rank-not-bound-to-gpu",
                    4,
                    f"`{operand.expr}` is on {operand.device}, LOCAL_RANK {expected} "
                    f"means cuda:{expected}",
                )
                break
    current = thread.current_device
    if expected is not None and current is not None and current != expected and thread.is_main:
        evidence.add(
            "rank-not-bound-to-gpu",
            4,
            f"the current device is cuda:{thread.current_device}, LOCAL_RANK is {expected}",
        )


def _score_module(diagnosis: Diagnosis, evidence: _Evidence) -> None:
    module = diagnosis.module
    if module is None:
        return
    for name in module.strays:
        lowered = name.lower()
        if "lora" in lowered or "adapter" in lowered:
            evidence.add("lora-adapter-on-wrong-gpu", 4, f"stray adapter weight `{name}`")
        elif any(hint_in(h, name) for h in patterns.get("buffer-left-on-other-device").hints):
            evidence.add("buffer-left-on-other-device", 4, f"stray buffer `{name}`")


_TORCH_INTERNAL = re.compile(
    r"[\\/]torch[\\/](?!nn[\\/]|functional\.py|distributed[\\/]|cuda[\\/]|_tensor\.py)"
)


def is_torch_internal_path(path: str) -> bool:
    """torch's dispatch machinery (fake tensors, dynamo, pytree): no evidence about the bug."""
    return bool(_TORCH_INTERNAL.search(path))


@cache
def _hint_regex(hint: str) -> re.Pattern[str]:
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", hint):
        # Environment-variable names: whole identifiers only (RANK is not LOCAL_RANK).
        return re.compile(rf"(?<![A-Za-z0-9_]){re.escape(hint)}(?![A-Za-z0-9_])")
    if re.fullmatch(r"\w+", hint):
        return re.compile(rf"(?<![a-z0-9]){re.escape(hint.lower())}(?![a-z0-9])")
    # Code fragments (`.cuda()`, `torch.tensor`) match as written: `torch.Tensor` is a type.
    return re.compile(re.escape(hint))


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def hint_in(hint: str, text: str) -> bool:
    """Whether `hint` occurs in `text` as a word (`rope` is not in `property`, but `Rotary` is
    in `LlamaRotaryEmbedding` and `mask` in `attention_mask`)."""
    if not re.fullmatch(r"\w+", hint) or re.fullmatch(r"[A-Z][A-Z0-9_]*", hint):
        return bool(_hint_regex(hint).search(text))
    return bool(_hint_regex(hint).search(_CAMEL.sub("_", text).lower()))
