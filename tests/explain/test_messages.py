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
        (
            "legacy constructor expects device type: cpu but device type: cuda was passed",
            ErrorKind.LEGACY_CONSTRUCTOR,
        ),
        (
            "legacy constructor for device type: cpu was passed device type: cuda, but device "
            "type must be: cpu",
            ErrorKind.LEGACY_CONSTRUCTOR,
        ),
        ("division by zero", ErrorKind.OTHER),
        ("CUDA out of memory. Tried to allocate 2.00 GiB", ErrorKind.OTHER),
    ],
)
def test_other_kinds(message: str, kind: ErrorKind) -> None:
    assert parse(message).kind is kind


@pytest.mark.parametrize(
    ("message", "kind", "devices", "facts"),
    [
        (
            "Duplicate GPU detected : rank 3 and rank 0 both on CUDA device f000",
            ErrorKind.COLLECTIVE_DEVICE,
            (),
            {"ranks": "3,0", "bus_id": "f000"},
        ),
        (
            "Attempting to deserialize object on CUDA device 2 but torch.cuda.device_count() is 1."
            " Please use torch.load with map_location to map your storages",
            ErrorKind.CHECKPOINT_DEVICE,
            ("cuda:2",),
            {"saved_on": "cuda:2", "device_count": "1"},
        ),
        (
            "module must have its parameters and buffers on device cuda:0 (device_ids[0]) but "
            "found one of them on device: cpu",
            ErrorKind.DATA_PARALLEL,
            ("cuda:0", "cpu"),
            {"device_ids[0]": "cuda:0", "stray_device": "cpu"},
        ),
        (
            "No backend type associated with device type cpu",
            ErrorKind.CPU_TENSOR_COLLECTIVE,
            ("cpu",),
            {},
        ),
        ("Tensors must be CUDA and dense", ErrorKind.CPU_TENSOR_COLLECTIVE, ("cpu",), {}),
        ("Triton Error [CUDA]: context is destroyed", ErrorKind.CUDA_CONTEXT, (), {}),
        (
            "[W CudaIPCTypes.cpp:16] Producer process has been terminated before all shared CUDA "
            "tensors released. See Note [Sharing CUDA tensors]",
            ErrorKind.CUDA_IPC,
            (),
            {},
        ),
        (
            "All input tensors must be on the same device. Received cpu and cuda:0",
            ErrorKind.DEVICE_MISMATCH,
            ("cpu", "cuda:0"),
            {},
        ),
    ],
)
def test_new_families_and_their_facts(
    message: str, kind: ErrorKind, devices: tuple[str, ...], facts: dict[str, str]
) -> None:
    parsed = parse(message)
    assert parsed.kind is kind
    assert parsed.devices == devices
    assert parsed.details == facts


def test_cpu_indices_are_legal_so_the_other_side_is_a_gpu() -> None:
    parsed = parse(
        "indices should be either on cpu or on the same device as the indexed tensor (cuda:0)"
    )
    assert parsed.devices == ("cuda:0", "cuda") and parsed.argument_device == "cuda"


def test_op_names_without_dispatch_decoration() -> None:
    base = "found at least two devices, cuda:0 and cuda:1! (when checking argument for argument "
    assert parse(base + "index in method wrapper_CUDA__index_select)").op == "index_select"
    assert parse(base + "mask in method wrapper_CUDA__masked_scatter_)").op == "masked_scatter"
    assert parse(base + "x in method wrapper_CompositeImplicitAutograd__cat)").op == "cat"


def test_wrapped_message_is_read_as_one_line() -> None:
    parsed = parse(
        "Expected all tensors to be on the same device, but found at least two devices, cpu\n"
        "   and cuda:0!"
    )
    assert parsed.devices == ("cpu", "cuda:0")
