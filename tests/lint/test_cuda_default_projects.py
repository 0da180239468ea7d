"""A module the project runs only under a CUDA default makes its factories' tensors on the GPU:
`ProjectIndex.under_cuda_default`, the project condition of TPL201, TPL204, TPL207, TPL210."""

from __future__ import annotations

from pathlib import Path

from .project_tree import lint_tree

# DEQ's sequence model: `forward` makes its memory with `torch.zeros` and no device, and the
# training script that imports the model makes CUDA the default tensor type first.
MODEL = """\
import torch
from torch import nn


class Memory(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        mems = torch.zeros(x.size(0), x.size(1))
        return torch.cat([mems, self.proj(x)], dim=-1)
"""
TRAIN = """\
import torch

from models.memory import Memory

torch.set_default_tensor_type("torch.cuda.FloatTensor")
model = Memory(8)
"""
EVALUATE = "import torch\n\nfrom models.memory import Memory\n\nmodel = Memory(8).cuda()\n"


def _lines(root: Path, train: str = TRAIN, evaluate: str | None = None) -> list[str]:
    (root / ".git").mkdir(parents=True)
    files = {"models/__init__.py": "", "models/memory.py": MODEL, "train.py": train}
    if evaluate is not None:
        files["evaluate.py"] = evaluate
    return lint_tree(root, files, "TPL201")


def test_a_module_run_only_under_a_cuda_default_makes_gpu_tensors(tmp_path: Path) -> None:
    assert _lines(tmp_path / "default") == []


def test_another_importer_without_the_default_keeps_the_finding(tmp_path: Path) -> None:
    assert _lines(tmp_path / "other", evaluate=EVALUATE) == ["memory.py:11"]


def test_a_default_of_the_cpu_keeps_the_finding(tmp_path: Path) -> None:
    cpu = TRAIN.replace('"torch.cuda.FloatTensor"', '"torch.FloatTensor"')
    assert _lines(tmp_path / "cpu", train=cpu) == ["memory.py:11"]


def test_an_import_cycle_sets_no_default(tmp_path: Path) -> None:
    # diffsynth's metrics package: its `__init__.py` imports the modules that import it back,
    # and no file of the cycle sets a default.
    files = {
        "metrics/__init__.py": "from . import fid\nfrom . import clip\n",
        "metrics/fid.py": "from metrics.memory import Memory\n",
        "metrics/clip.py": "import metrics\n",
    }
    (tmp_path / "cycle" / ".git").mkdir(parents=True)
    files["metrics/memory.py"] = MODEL
    assert lint_tree(tmp_path / "cycle", files, "TPL201") == ["memory.py:11"]


def test_a_module_imported_from_beside_the_script_above_it(tmp_path: Path) -> None:
    # DEQ's layout: `DEQ-Sequence/models/deq.py` (no package) imports `utils.memory`, found
    # beside `DEQ-Sequence/train.py`, whose directory is on `sys.path` when it runs.
    (tmp_path / "deq" / ".git").mkdir(parents=True)
    files = {
        "seq/utils/memory.py": MODEL,
        "seq/models/deq.py": "from utils.memory import Memory\n",
        "seq/train.py": TRAIN.replace("models.memory", "models.deq"),
    }
    assert lint_tree(tmp_path / "deq", files, "TPL201") == []
    (tmp_path / "deq2" / ".git").mkdir(parents=True)
    files["seq/evaluate.py"] = EVALUATE.replace("models.memory", "models.deq")
    assert lint_tree(tmp_path / "deq2", files, "TPL201") == ["memory.py:11"]
