"""Every torch wording of a placement failure is parsed into kind, devices, argument and op."""

from __future__ import annotations

import pytest

from torchplace.explain.messages import ErrorKind, parse

MISMATCHES = [
    (
        "Expected all tensors to be on the same device, but got mat2 is on cuda:1, different "
        "from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_mm)",
        ("cuda:0", "cuda:1"),
        "mat2",
        "mm",
    ),
    (
        "Expected all tensors to be on the same device, but got tensors is on cuda:1, different "
        "from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_cat)",
        ("cuda:0", "cuda:1"),
        "tensors",
        "cat",
    ),
    (
        "Expected all tensors to be on the same device, but got index is on cuda:1, different "
        "from other tensors on cuda:0 (when checking argument in method "
        "wrapper_CUDA__index_select)",
        ("cuda:0", "cuda:1"),
        "index",
        "index_select",
    ),
    (
        "Expected all tensors to be on the same device, but found at least two devices, "
        "cuda:0 and cuda:1!",
        ("cuda:0", "cuda:1"),
        None,
        None,
    ),
    (
        "Expected all tensors to be on the same device, but found at least two devices, cpu and "
        "cuda:0! (when checking argument for argument mat2 in method wrapper_CUDA_bmm)",
        ("cpu", "cuda:0"),
        "mat2",
        "bmm",
    ),
    (
        "expected self and mask to be on the same device, but got mask on cpu and self on cuda:0",
        ("cuda:0", "cpu"),
        "mask",
        "masked_fill",
    ),
    ("Tensor on device meta is not on the expected device cuda:1!", ("cuda:1", "meta"), None, None),
    (
        "Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor) should be the "
        "same or input should be a MKLDNN tensor and weight is a dense tensor",
        ("cpu", "cuda"),
        "input",
        "conv",
    ),
    (
        "Expected object of device type cuda but got device type cpu for argument #2 'mat2' in "
        "call to _th_mm",
        ("cuda", "cpu"),
        "mat2",
        "_th_mm",
    ),
    (
        "Input and parameter tensors are not at the same device, found input tensor at cpu and "
        "parameter tensor at cuda:0",
        ("cuda:0", "cpu"),
        "input",
        "rnn",
    ),
]


@pytest.mark.parametrize(("message", "devices", "argument", "op"), MISMATCHES)
def test_device_mismatch_variants(message, devices, argument, op) -> None:  # type: ignore[no-untyped-def]
    parsed = parse(message)
    assert parsed.kind is ErrorKind.DEVICE_MISMATCH
    assert set(parsed.devices) == set(devices)
    assert parsed.argument == argument
    assert parsed.op == op


def test_named_argument_device_is_kept_apart() -> None:
    parsed = parse(MISMATCHES[0][0])
    assert parsed.argument_device == "cuda:1"
    assert parsed.other_device == "cuda:0"


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        (
            "Attempt to perform collective on tensor not on device passed to init_process_group",
            ErrorKind.COLLECTIVE_DEVICE,
        ),
        ("CUDA error: invalid device ordinal", ErrorKind.INVALID_ORDINAL),
        (
            "[CudaFrontend.cpp:94] [failed to call cuCtxGetDevice(device), error code: "
            "CUDA_ERROR_INVALID]",
            ErrorKind.CUDA_CONTEXT,
        ),
        ("CUDA_ERROR_INVALID_CONTEXT", ErrorKind.CUDA_CONTEXT),
        (
            "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you "
            "must use the 'spawn' start method",
            ErrorKind.FORK_AFTER_INIT,
        ),
        (
            "Total number of attention heads (32) must be divisible by tensor parallel size (3).",
            ErrorKind.PARALLEL_CONFIG,
        ),
        (
            "World size (4) is larger than the number of available GPUs (2) in this node.",
            ErrorKind.PARALLEL_CONFIG,
        ),
        ("division by zero", ErrorKind.OTHER),
        ("CUDA out of memory. Tried to allocate 2.00 GiB", ErrorKind.OTHER),
    ],
)
def test_other_kinds(message: str, kind: ErrorKind) -> None:
    assert parse(message).kind is kind
