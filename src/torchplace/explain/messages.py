"""Parse the error texts of device-placement and CUDA-context failures (pure text, no torch).

Every variant torch has printed for the same mistake is understood: the generic
"found at least two devices", the argument-naming "got mat2 is on cuda:1, different from other
tensors on cuda:0", masked_fill's own wording, the type-name form of convolutions, the
collective and context errors, and the parallel-configuration checks of serving engines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum


class ErrorKind(str, Enum):
    """What sort of placement failure an error message shows."""

    DEVICE_MISMATCH = "device-mismatch"
    COLLECTIVE_DEVICE = "collective-device"
    INVALID_ORDINAL = "invalid-device-ordinal"
    CUDA_CONTEXT = "cuda-context"
    FORK_AFTER_INIT = "fork-after-cuda-init"
    PARALLEL_CONFIG = "parallel-config"
    CHECKPOINT_DEVICE = "checkpoint-device"
    OFFLOAD_META = "meta-tensor"
    DATA_PARALLEL = "data-parallel-device"
    CPU_TENSOR_COLLECTIVE = "cpu-tensor-collective"
    CUDA_IPC = "cuda-ipc"
    DDP_DEVICE = "ddp-module-device"
    FSDP_DEVICE = "fsdp-compute-device"
    LEGACY_CONSTRUCTOR = "legacy-constructor-device"
    OTHER = "other"


@dataclass(frozen=True)
class ParsedError:
    """What an error message itself says: its kind, the devices, the argument and the op."""

    kind: ErrorKind
    devices: tuple[str, ...] = ()
    argument: str | None = None
    op: str | None = None
    # Device of the named argument and the device of the others, when the text says which.
    argument_device: str | None = None
    other_device: str | None = None
    details: dict[str, str] = field(default_factory=dict)

    @property
    def is_placement_error(self) -> bool:
        return self.kind is not ErrorKind.OTHER


# Messages are read up to this many characters: every regular expression below then runs in
# bounded time even inside an exception hook (and none nests quantifiers over the same characters).
MAX_MESSAGE = 8192

_DEV = r"(?:cpu|meta|mps|xpu(?::\d+)?|cuda(?::\d+)?|hpu(?::\d+)?)"
_WRAPPER = re.compile(r"method (\w{1,200})\)")
_DISPATCH_KEYS = ("CUDA", "CPU", "Meta", "Composite")
_OLD_ARGUMENT = re.compile(r"for argument (?:#\d+ )?'?(\w+)'?")

_GOT_ARG = re.compile(
    rf"but got (\w+) is on ({_DEV}), different from other tensors on ({_DEV})", re.IGNORECASE
)
_TWO_DEVICES = re.compile(rf"found at least two devices,? ({_DEV}) and ({_DEV})", re.IGNORECASE)
_SELF_AND = re.compile(
    rf"expected self and (\w+) to be on the same device, but got \w+ on ({_DEV}) "
    rf"and self on ({_DEV})",
    re.IGNORECASE,
)
_NOT_EXPECTED = re.compile(
    rf"Tensor on device ({_DEV}) is not on the expected device ({_DEV})", re.IGNORECASE
)
_OBJECT_TYPE = re.compile(
    r"Expected object of device type (\w+) but got device type (\w+) for argument #\d+ '(\w+)'"
    r"(?: in call to (\w+))?",
    re.IGNORECASE,
)
_TYPE_NAMES = re.compile(
    r"Input type \((torch\.(?:cuda\.)?\w+)\) and weight type \((torch\.(?:cuda\.)?\w+)\)",
    re.IGNORECASE,
)
_CAT_RECEIVED = re.compile(
    rf"All input tensors must be on the same device\. Received ({_DEV}) and ({_DEV})",
    re.IGNORECASE,
)
_DATA_PARALLEL = re.compile(
    rf"module must have its parameters and buffers on device ({_DEV}) ?\(device_ids\[0\]\) ?"
    rf"but found one of them on device ?: ?({_DEV})",
    re.IGNORECASE,
)
_DESERIALIZE = re.compile(
    r"deserialize object on (?:a )?CUDA device (\d+) but torch\.cuda\.device_count\(\) is (\d+)",
    re.IGNORECASE,
)
_DUPLICATE_GPU = re.compile(
    r"rank (\d+) and rank (\d+) both on CUDA device ([0-9a-fA-F]+)", re.IGNORECASE
)
_INPUT_PARAM = re.compile(
    rf"found input tensor at ({_DEV}) and parameter tensor at ({_DEV})", re.IGNORECASE
)
_INDICES = re.compile(
    rf"indices should be either on cpu or on the same device as the indexed tensor \(({_DEV})\)",
    re.IGNORECASE,
)
_DEVICE_NUMBERS = re.compile(
    r"'(\w+)' to have the same device as tensor for argument #\d+ '(\w+)'; "
    r"but device (\d+) does not equal (\d+)",
    re.IGNORECASE,
)
# DistributedDataParallel's constructor check: `device_ids` names one GPU but the module's
# parameters are on the CPU or spread over several devices.
_DDP_DEVICES = re.compile(
    r"DistributedDataParallel device_ids and output_device arguments only work with"
    r"[^\n]{0,120}?but got device_ids \[?(\d+)\]?"
    r"[^\n]{0,80}?module parameters \{([^}]{0,400})\}",
    re.IGNORECASE,
)
_TORCH_DEVICE = re.compile(r"device\(type='(\w+)'(?:, index=(\d+))?\)")
# FSDP's checks that a rank computes on its own GPU (the current CUDA device).
_FSDP_COMPUTE = re.compile(
    rf"Expects tensor to be on the compute device ({_DEV})"
    rf"|Inconsistent compute device and `?device_id`? on rank (\d+): ({_DEV}) vs ({_DEV})"
    rf"|FSDP-managed module unexpectedly has parameters on ({_DEV})",
    re.IGNORECASE,
)
_GENERATOR = re.compile(r"Expected a '(\w+)' device type for generator but found '(\w+)'")

_SIMPLE_KINDS: tuple[tuple[ErrorKind, re.Pattern[str]], ...] = (
    (
        ErrorKind.CPU_TENSOR_COLLECTIVE,
        re.compile(
            r"No backend type associated with device type cpu|Tensors must be CUDA and dense"
            r"|ProcessGroupNCCL is only supported with GPUs",
            re.IGNORECASE,
        ),
    ),
    (
        ErrorKind.CUDA_IPC,
        re.compile(
            r"Producer process has been terminated before all shared CUDA tensors released",
            re.IGNORECASE,
        ),
    ),
    (
        ErrorKind.COLLECTIVE_DEVICE,
        re.compile(
            r"collective on tensor not on device passed to init_process_group"
            r"|Tensor found on device cuda:\d+ but backend constrained to"
            r"|Duplicate GPU detected|both on CUDA device",
            re.IGNORECASE,
        ),
    ),
    (ErrorKind.INVALID_ORDINAL, re.compile(r"invalid device ordinal", re.IGNORECASE)),
    (
        ErrorKind.CUDA_CONTEXT,
        re.compile(
            r"CUDA_ERROR_INVALID(?:_CONTEXT)?\b|cuCtxGetDevice|invalid device context"
            r"|CUDA_ERROR_CONTEXT_IS_DESTROYED|Triton Error \[CUDA\]: context is destroyed",
            re.IGNORECASE,
        ),
    ),
    (
        ErrorKind.FORK_AFTER_INIT,
        re.compile(r"Cannot re-initialize CUDA in forked subprocess", re.IGNORECASE),
    ),
    (
        ErrorKind.PARALLEL_CONFIG,
        re.compile(
            r"must be divisible by tensor parallel size|is larger than the number of available "
            r"GPUs|cannot be other value than 1 or target model tensor_parallel_size"
            r"|must be divisible by pipeline parallel size",
            re.IGNORECASE,
        ),
    ),
    (
        ErrorKind.CHECKPOINT_DEVICE,
        re.compile(
            r"(?:Attempting|Trying) to deserialize object on (a )?CUDA device", re.IGNORECASE
        ),
    ),
    (
        ErrorKind.OFFLOAD_META,
        re.compile(r"Cannot copy out of meta tensor|Tensor on device meta", re.IGNORECASE),
    ),
    (
        # `torch.FloatTensor(data, device="cuda")`: a CPU tensor type asked for a GPU. Torch 1.x
        # said "legacy constructor for device type: cpu was passed device type: cuda".
        ErrorKind.LEGACY_CONSTRUCTOR,
        re.compile(r"legacy constructor (?:expects|for) device type", re.IGNORECASE),
    ),
)


def parse(message: str) -> ParsedError:
    """Read one exception message (or log line); `ErrorKind.OTHER` when it is no placement error.

    Only the first `MAX_MESSAGE` characters are read, so the time is bounded whatever the input.
    """
    parsed = _parse_one_line(" ".join(message[:MAX_MESSAGE].split()))
    if parsed.kind is ErrorKind.OTHER and "\n" in message[:MAX_MESSAGE]:
        # A terminal or a forum cut the message at a fixed width inside a word ("but foun" /
        # "d at least two devices"): join the pieces without a space and read it again.
        joined = "".join(line.strip() for line in message[:MAX_MESSAGE].splitlines())
        parsed = _parse_one_line(joined)
    return parsed


def _parse_one_line(message: str) -> ParsedError:
    # Loggers and forums wrap long messages: they are read as one line.
    if _is_teardown(message):
        return ParsedError(ErrorKind.OTHER)
    for parser in (_parse_mismatch, _parse_legacy_mismatch, _parse_with_facts):
        parsed = parser(message)
        if parsed is not None:
            return parsed
    for kind, regex in _SIMPLE_KINDS:
        if regex.search(message):
            devices = ("cpu",) if kind is ErrorKind.CPU_TENSOR_COLLECTIVE else ()
            return ParsedError(kind, devices or _all_devices(message), op=_op_name(message))
    return ParsedError(ErrorKind.OTHER)


_TEARDOWN = re.compile(r"\bdeallocate\b|destroying stream|~\w+Context", re.IGNORECASE)


def _is_teardown(message: str) -> bool:
    """TensorRT/Myelin allocator errors while objects are destroyed after their CUDA context:
    an ordering problem at exit, not a device-placement failure."""
    return "[TRT]" in message and bool(_TEARDOWN.search(message))


def _parse_with_facts(message: str) -> ParsedError | None:
    """Messages that carry numbers worth reporting: ranks, device indices, device counts."""
    if match := _DATA_PARALLEL.search(message):
        expected, found = match.groups()
        return ParsedError(
            ErrorKind.DATA_PARALLEL,
            (expected, found),
            "module",
            "DataParallel",
            found,
            expected,
            {"device_ids[0]": expected, "stray_device": found},
        )
    if match := _DESERIALIZE.search(message):
        device, count = match.groups()
        facts = {"saved_on": f"cuda:{device}", "device_count": count}
        return ParsedError(ErrorKind.CHECKPOINT_DEVICE, (f"cuda:{device}",), details=facts)
    if match := _DDP_DEVICES.search(message):
        device_id, params = match.groups()
        module_devices = tuple(
            f"{kind}:{index}" if index else kind for kind, index in _TORCH_DEVICE.findall(params)
        )
        expected = f"cuda:{device_id}"
        facts = {"device_ids": expected, "module_devices": ",".join(module_devices)}
        stray = next((d for d in module_devices if d != expected), None)
        devices = (expected, *[d for d in module_devices if d != expected])
        return ParsedError(
            ErrorKind.DDP_DEVICE,
            devices,
            "module",
            "DistributedDataParallel",
            stray,
            expected,
            facts,
        )
    if match := _FSDP_COMPUTE.search(message):
        expects, rank, compute, device_id, stray = match.groups()
        facts = {"rank": rank} if rank else {}
        devices = tuple(d for d in (expects, compute, device_id, stray) if d)
        return ParsedError(
            ErrorKind.FSDP_DEVICE, devices, op="FullyShardedDataParallel", details=facts
        )
    if match := _DUPLICATE_GPU.search(message):
        first, second, bus = match.groups()
        facts = {"ranks": f"{first},{second}", "bus_id": bus}
        return ParsedError(ErrorKind.COLLECTIVE_DEVICE, (), details=facts)
    return None


def _parse_mismatch(message: str) -> ParsedError | None:
    op = _op_name(message)
    if match := _GOT_ARG.search(message):
        arg, arg_dev, other = match.groups()
        return _mismatch((other, arg_dev), arg, op, arg_dev, other)
    if match := _SELF_AND.search(message):
        arg, arg_dev, self_dev = match.groups()
        op = op or ("masked_fill" if arg == "mask" else None)
        return _mismatch((self_dev, arg_dev), arg, op, arg_dev, self_dev)
    if match := _TWO_DEVICES.search(message):
        old = _OLD_ARGUMENT.search(message)
        return _mismatch(match.groups(), old.group(1) if old else None, op)
    if match := _NOT_EXPECTED.search(message):
        found, expected = match.groups()
        return _mismatch((expected, found), None, op, found, expected)
    return None


def _parse_legacy_mismatch(message: str) -> ParsedError | None:
    if match := _OBJECT_TYPE.search(message):
        expected, got, arg, call = match.groups()
        return _mismatch((expected, got), arg, call or _op_name(message), got, expected)
    if match := _CAT_RECEIVED.search(message):
        first, second = match.groups()
        return _mismatch((first, second), "tensors", "cat", second, first)
    if match := _TYPE_NAMES.search(message):
        inp, weight = (_device_of_type_name(t) for t in match.groups())
        return _mismatch((weight, inp), "input", "conv", inp, weight)
    if match := _INPUT_PARAM.search(message):
        inp, param = match.groups()
        return _mismatch((param, inp), "input", "rnn", inp, param)
    if match := _INDICES.search(message):
        # CPU indices are legal for any tensor: the indices were on a GPU, another one than the
        # indexed tensor's when that is on a GPU itself.
        data = match.group(1)
        return _mismatch((data, "cuda"), "indices", "index", "cuda", data)
    if match := _DEVICE_NUMBERS.search(message):
        arg, _other_arg, dev, other = match.groups()
        return _mismatch((f"cuda:{other}", f"cuda:{dev}"), arg, "cudnn", f"cuda:{dev}")
    if match := _GENERATOR.search(message):
        expected, got = match.groups()
        return _mismatch((expected, got), "generator", "random", got, expected)
    return None


def _mismatch(
    devices: tuple[str, ...] | tuple[str | None, ...],
    argument: str | None,
    op: str | None,
    argument_device: str | None = None,
    other_device: str | None = None,
) -> ParsedError:
    kind = ErrorKind.DEVICE_MISMATCH
    clean = tuple(d for d in devices if d)
    return ParsedError(kind, clean, argument, op, argument_device, other_device)


def _device_of_type_name(name: str) -> str:
    return "cuda" if ".cuda." in name else "cpu"


def _op_name(message: str) -> str | None:
    """`method wrapper_CUDA__index_select)` -> `index_select` (the dispatch decoration removed)."""
    match = _WRAPPER.search(message)
    if not match:
        return None
    name = match.group(1).removeprefix("wrapper_")
    for key in _DISPATCH_KEYS:
        if name.startswith(key + "_"):
            name = name[len(key) :]
            break
        if name.startswith(key) and key == "Composite":
            name = name.split("_", 1)[1] if "_" in name else name
            break
    return name.strip("_") or None


_ANY_DEVICE = re.compile(rf"\b({_DEV})\b")


def _all_devices(message: str) -> tuple[str, ...]:
    seen: list[str] = []
    for match in _ANY_DEVICE.finditer(message):
        if match.group(1) not in seen and ":" in match.group(1):
            seen.append(match.group(1))
    return tuple(seen)


def any_word(words: Iterable[str]) -> re.Pattern[str]:
    """An expression found wherever one of `words` (plain text) occurs.

    The words are merged into one tree by their common beginnings (`c(?:uda|ontext)`), so at
    each position of the text at most one branch is tried instead of every word in turn: the
    same matches as `w1|w2|...`, several times faster on long lines, and still linear (no
    quantifier but `?` over literal text)."""
    return re.compile(_word_tree(sorted(set(words))))


def _word_tree(words: list[str]) -> str:
    if "" in words:
        rest = [w for w in words if w]
        return f"(?:{_word_tree(rest)})?" if rest else ""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(word[0], []).append(word[1:])
    branches = [re.escape(first) + _word_tree(tails) for first, tails in groups.items()]
    return branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"


_CATEGORIES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("out of memory", re.compile(r"out of memory|OutOfMemoryError", re.IGNORECASE)),
    (
        "collective timeout",
        re.compile(
            r"Watchdog caught collective operation timeout|collective operation timeout"
            r"|NCCL timeout|ProcessGroupNCCL::WorkNCCL::checkTimeout|ncclCommWatchdog",
            re.IGNORECASE,
        ),
    ),
    (
        "shape mismatch",
        re.compile(
            r"size mismatch for|Error\(s\) in loading state_dict|shapes cannot be multiplied"
            r"|The size of tensor a|is invalid for input of size|shape mismatch",
            re.IGNORECASE,
        ),
    ),
    ("worker process failed", re.compile(r"ChildFailedError", re.IGNORECASE)),
    (
        "CUDA runtime error",
        re.compile(
            r"device not ready|illegal memory access|device-side assert|CUDA error"
            r"|Error Code \d+: Cuda|cuda runtime error|CUDA driver version",
            re.IGNORECASE,
        ),
    ),
)
_CATEGORY_WORDS = (
    "memory", "timeout", "watchdog", "mismatch", "state_dict", "shape", "size of tensor",
    "childfailed", "cuda", "error code",
)  # fmt: skip
_CATEGORY_RE = any_word(_CATEGORY_WORDS)


def other_category(message: str) -> str:
    """What sort of failure a message shows that is no device-placement one ("" when unknown)."""
    message = message[:MAX_MESSAGE]
    if not _CATEGORY_RE.search(message.lower()):
        return ""
    for name, regex in _CATEGORIES:
        if regex.search(message):
            return name
    return ""
