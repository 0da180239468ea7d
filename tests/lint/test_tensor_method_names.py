"""The generated list of `torch.Tensor` and distribution method names matches the installed
PyTorch."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.lint.tensor_method_names import TENSOR_METHOD_NAMES, TORCH_VERSION

ROOT = Path(__file__).resolve().parents[2]


def test_the_list_holds_tensor_ops_and_no_object_methods() -> None:
    assert {"add", "matmul", "masked_fill", "index_select", "to", "float"} <= TENSOR_METHOD_NAMES
    assert {"log_prob", "cdf", "icdf"} <= TENSOR_METHOD_NAMES  # a distribution's methods
    assert not {"tokenize", "forward", "encode", "update", "generate"} & TENSOR_METHOD_NAMES
    assert {"__mul__", "__rmatmul__", "log_abs_det_jacobian"} <= TENSOR_METHOD_NAMES
    assert not {"__getitem__", "__init__", "__len__"} & TENSOR_METHOD_NAMES


def test_the_list_is_generated_from_the_installed_torch() -> None:
    torch = pytest.importorskip("torch")
    if torch.__version__.split("+")[0] != TORCH_VERSION:
        pytest.skip(f"the list is generated from PyTorch {TORCH_VERSION}, the one CI installs")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/gen_tensor_methods.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
