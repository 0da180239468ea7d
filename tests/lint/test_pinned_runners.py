"""TPL108 leaves a load in a module that only scripts showing their process one literal GPU
run (OneRestore's `utils/utils.py`, run by `train_Embedder.py` after its
`os.environ["CUDA_VISIBLE_DEVICES"] = "0"`): each process has one GPU, the one it saved from."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

UTILS = """\
import torch


def load_ckpt(model, optimizer, path):
    model = model.cuda()
    ckpt = torch.load(path)
    model.load_state_dict(ckpt["model"])
    optimizer.load_state_dict(ckpt["optimizer"])
    return model, optimizer
"""

PINNED = """\
import os

import torch.distributed as dist

from utils.utils import load_ckpt

os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"
os.environ["CUDA_VISIBLE_DEVICES"] = "0"
if __name__ == "__main__":
    dist.init_process_group("nccl")
    load_ckpt(None, None, "last.pth")
"""


def _tpl108(root: Path, scripts: dict[str, str]) -> list[str]:
    files = {"utils/__init__.py": "", "utils/utils.py": UTILS, **scripts}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = LintConfig(select=("TPL108",), preview=True)
    lint_run = run([str(root)], config, cache_dir=None, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings if f.code == "TPL108"]


def test_a_module_only_scripts_pinned_to_one_gpu_run_is_left(tmp_path: Path) -> None:
    assert _tpl108(tmp_path, {"train.py": PINNED}) == []


@pytest.mark.parametrize(
    "other",
    [
        # Another script runs it with every GPU of the machine.
        PINNED.replace('os.environ["CUDA_VISIBLE_DEVICES"] = "0"\n', ""),
        # Its pin names two GPUs.
        PINNED.replace('= "0"', '= "0,1"'),
        # Its pin comes after work of its own.
        PINNED.replace(
            'os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"\n',
            'args = parse_args()\nos.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"\n',
        ).replace('os.environ["CUDA_VISIBLE_DEVICES"] = "0"\n', "")
        + 'os.environ["CUDA_VISIBLE_DEVICES"] = "0"\n',
    ],
)
def test_a_runner_without_that_pin_keeps_the_finding(tmp_path: Path, other: str) -> None:
    assert _tpl108(tmp_path, {"train.py": PINNED, "train_multi.py": other}) == ["utils.py:6"]


def test_a_function_only_pinned_scripts_call_is_left_whatever_imports_its_module(
    tmp_path: Path,
) -> None:
    # OneRestore: `train_OneRestore_multi-gpu.py` imports the module for other functions and
    # pins too late; the loader's only caller pins first.
    late = (
        "import os\n\nimport torch.distributed as dist\n\nfrom utils.utils import other\n\n"
        'dist.init_process_group("nccl")\nos.environ["CUDA_VISIBLE_DEVICES"] = "0"\n'
    )
    utils_other = UTILS + "\n\ndef other():\n    return 1\n"
    scripts = {"train.py": PINNED, "train_multi.py": late, "utils/utils.py": utils_other}
    assert _tpl108(tmp_path, scripts) == []
    calling = (
        late.replace("import other", "import load_ckpt, other") + 'load_ckpt(None, None, "x")\n'
    )
    assert _tpl108(tmp_path / "b", {**scripts, "train_multi.py": calling}) == ["utils.py:6"]
