"""TPL404 under torch's NVML-based CUDA check, which `import vllm` turns on: `is_available()`
then asks NVML and starts no CUDA, so a later `CUDA_VISIBLE_DEVICES` write still works."""

from __future__ import annotations

from pathlib import Path

import pytest

from .project_tree import lint_tree

_TEST = """
import os

import torch

from lm.engine import Engine


def test_engine_on_gpu_one():
    if torch.cuda.is_available():
        os.environ["CUDA_VISIBLE_DEVICES"] = "1"
    return Engine()
"""


def _engine(imports_vllm: bool) -> str:
    head = "from vllm import LLM\n" if imports_vllm else "LLM = None\n"
    return head + "\n\nclass Engine:\n    llm = LLM\n"


def test_a_project_module_importing_vllm_turns_the_check_on(tmp_path: Path) -> None:
    files = {"lm/__init__.py": "", "lm/engine.py": _engine(True), "run_engine.py": _TEST}
    assert lint_tree(tmp_path, {**files, "setup.py": ""}, "TPL404") == []


def test_without_vllm_is_available_starts_cuda(tmp_path: Path) -> None:
    files = {"lm/__init__.py": "", "lm/engine.py": _engine(False), "run_engine.py": _TEST}
    assert lint_tree(tmp_path, {**files, "setup.py": ""}, "TPL404") == ["run_engine.py:11"]


_SCRIPT = """
import os
{head}
import torch

if torch.cuda.is_available():
    os.environ["CUDA_VISIBLE_DEVICES"] = "1"
{tail}
"""


@pytest.mark.parametrize(
    ("head", "tail", "flagged"),
    [
        # the variable set before the call turns the check on
        ('os.environ["PYTORCH_NVML_BASED_CUDA_CHECK"] = "1"', "", False),
        ('os.environ.setdefault("PYTORCH_NVML_BASED_CUDA_CHECK", "1")', "", False),
        # only read, set to another value, or written in a comment: it does not
        ('os.environ.get("PYTORCH_NVML_BASED_CUDA_CHECK", "1")', "", True),
        ('os.environ["PYTORCH_NVML_BASED_CUDA_CHECK"] = "10"', "", True),
        ('# os.environ["PYTORCH_NVML_BASED_CUDA_CHECK"] = "1"', "", True),
        # vllm imported after the call comes too late, and a docstring imports nothing
        ("", "import vllm", True),
        ('"""\nimport vllm\n"""', "", True),
    ],
)
def test_what_turns_the_check_on_before_the_call(
    tmp_path: Path, head: str, tail: str, flagged: bool
) -> None:
    files = {"run.py": _SCRIPT.format(head=head, tail=tail), "setup.py": ""}
    assert bool(lint_tree(tmp_path, files, "TPL404")) is flagged
