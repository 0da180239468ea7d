"""Parse the error texts of device-placement and CUDA-context failures (pure text, no torch).

Every variant torch has printed for the same mistake is understood: the generic
"found at least two devices", the argument-naming "got mat2 is on cuda:1, different from other
tensors on cuda:0", masked_fill's own wording, the type-name form of convolutions, the
collective and context errors, and the parallel-configuration checks of serving engines.
"""

from __future__ import annotations

import re
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


_DEV = r"(?:cpu|meta|mps|xpu(?::\d+)?|cuda(?::\d+)?|hpu(?::\d+)?)"
_WRAPPER = re.compile(r"method (?:wrapper_)?(?:(?:CUDA|CPU|Meta|Composite\w*)_+)?_*(\w+?)_*\)")
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
    r"Input type \((torch\.(?:cuda\.)?\w+)\) and weight type \((torch\.(?:cuda\.)?\w+)\) "
    r"should be the same",
    re.IGNORECASE,
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
_GENERATOR = re.compile(r"Expected a '(\w+)' device type for generator but found '(\w+)'")

_SIMPLE_KINDS: tuple[tuple[ErrorKind, re.Pattern[str]], ...] = (
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
            r"|CUDA_ERROR_CONTEXT_IS_DESTROYED",
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
        re.compile(r"Attempting to deserialize object on (a )?CUDA device", re.IGNORECASE),
    ),
    (
        ErrorKind.OFFLOAD_META,
        re.compile(r"Cannot copy out of meta tensor|Tensor on device meta", re.IGNORECASE),
    ),
)


def parse(message: str) -> ParsedError:
    """Read one exception message (or log line); `ErrorKind.OTHER` when it is no placement error."""
    for parser in (_parse_mismatch, _parse_legacy_mismatch):
        parsed = parser(message)
        if parsed is not None:
            return parsed
    for kind, regex in _SIMPLE_KINDS:
        if regex.search(message):
            return ParsedError(kind, devices=_all_devices(message), op=_op_name(message))
    return ParsedError(ErrorKind.OTHER)


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
    if match := _TYPE_NAMES.search(message):
        inp, weight = (_device_of_type_name(t) for t in match.groups())
        return _mismatch((weight, inp), "input", "conv", inp, weight)
    if match := _INPUT_PARAM.search(message):
        inp, param = match.groups()
        return _mismatch((param, inp), "input", "rnn", inp, param)
    if match := _INDICES.search(message):
        data = match.group(1)
        other = "cpu" if data != "cpu" else "cuda"
        return _mismatch((data, other), "indices", "index", other, data)
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
    match = _WRAPPER.search(message)
    return match.group(1) if match else None


_ANY_DEVICE = re.compile(rf"\b({_DEV})\b")


def _all_devices(message: str) -> tuple[str, ...]:
    seen: list[str] = []
    for match in _ANY_DEVICE.finditer(message):
        if match.group(1) not in seen and ":" in match.group(1):
            seen.append(match.group(1))
    return tuple(seen)
