"""`cuda_default`: which calls make CUDA the default place of new tensors."""

from __future__ import annotations

import pytest

from torchplace.lint.context import whole_file_context
from torchplace.lint.cuda_default import sets_cuda_default


@pytest.mark.parametrize(
    ("line", "cuda"),
    [
        ("torch.set_default_tensor_type(torch.cuda.FloatTensor)", True),
        ('torch.set_default_tensor_type("torch.cuda.HalfTensor")', True),
        ('torch.set_default_device("cuda")', True),
        ('torch.set_default_device(torch.device("cuda", rank))', True),
        ("torch.set_default_device(device)", True),
        ("torch.set_default_tensor_type(torch.FloatTensor)", False),
        ('torch.set_default_tensor_type("torch.DoubleTensor")', False),
        ('torch.set_default_device("cpu")', False),
        ('torch.set_default_device("meta")', False),
        ("torch.set_default_device(None)", False),
        ('# torch.set_default_device("cuda")', False),
    ],
)
def test_setters(line: str, cuda: bool) -> None:
    source = f"import torch\n\n\ndef main(device, rank):\n    {line}\n    return rank\n"
    ctx = whole_file_context("run.py", source.encode())
    assert ctx is not None
    assert sets_cuda_default(ctx) is cuda


def test_text_that_is_not_a_call_is_no_setter() -> None:
    # Prose that does not parse as an argument: read as no setter, never a crash.
    source = 'import torch\n\n"""set_default_device(cuda \\x00 or gpu)"""\nx = 1\n'
    ctx = whole_file_context("run.py", source.encode())
    assert ctx is not None
    assert sets_cuda_default(ctx) is False
