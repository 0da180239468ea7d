"""A public helper method of a module that only its own class calls, in a checkout nobody
installs, is bound to what its callers hand it, as a private one is: OpenOCR's and
SimREC's grid helpers, handed CPU control points or a tensor type by their `forward`
(`flow_method_bindings`, `ProjectIndex.met_only_through_public_helpers`)."""

from __future__ import annotations

from pathlib import Path

from .project_tree import lint_tree

# A TPS grid generator (OpenOCR, reduced): `forward` builds the control points on the CPU and
# hands them to `build_P_hat`, whose CPU column meets only them; the product is moved to the
# input's device afterwards.
GRID = """\
import torch
from torch import nn


class GridGenerator(nn.Module):
    def __init__(self, num_fiducial):
        super().__init__()
        self.F = num_fiducial
        self.fc = nn.Linear(4, 6)

    def forward(self, batch_C_prime):
        C = self.build_C()
        P_hat = self.build_P_hat(C)
        batch_T = self.fc(batch_C_prime)
        return torch.matmul(P_hat.to(batch_T.device), batch_T)

    def build_C(self):
        return torch.linspace(-1.0, 1.0, self.F).reshape(-1, 2)

    def build_P_hat(self, C):
        return torch.cat([torch.ones((C.shape[0], 1)), C], dim=1)
"""
MAIN = """\
import torch

from models.grid import GridGenerator

model = GridGenerator(8).cuda()
print(model(torch.rand(2, 4, device="cuda")))
{more}
"""


def _lines(root: Path, more: str = "", packaged: bool = False, **files: str) -> list[str]:
    (root / ".git").mkdir(parents=True)
    tree = {"models/__init__.py": "", "models/grid.py": GRID, "main.py": MAIN.format(more=more)}
    if packaged:
        tree["setup.py"] = "from setuptools import setup\nsetup(name='grid')\n"
    return lint_tree(root, {**tree, **files}, "TPL201")


def test_a_helper_only_its_class_calls_is_bound(tmp_path: Path) -> None:
    assert _lines(tmp_path / "own") == []


def test_a_helper_another_file_calls_is_not(tmp_path: Path) -> None:
    called = _lines(tmp_path / "called", more="model.build_P_hat(torch.rand(4, 2).cuda())")
    assert called == ["grid.py:21"]


def test_a_helper_of_an_installable_project_is_not(tmp_path: Path) -> None:
    assert _lines(tmp_path / "packaged", packaged=True) == ["grid.py:21"]


def test_a_helper_a_document_names_is_not(tmp_path: Path) -> None:
    named = _lines(tmp_path / "doc", **{"README.md": "Call `build_P_hat(C)` on the GPU.\n"})
    assert named == ["grid.py:21"]


def test_a_helper_of_a_subclassed_module_is_not(tmp_path: Path) -> None:
    # The control points come from `build_C`, which a subclass may make on the GPU.
    subclass = (
        "import torch\n\nfrom models.grid import GridGenerator\n\n\n"
        "class CudaGrid(GridGenerator):\n"
        "    def build_C(self):\n"
        "        return torch.rand(self.F // 2, 2, device='cuda')\n"
    )
    assert _lines(tmp_path / "sub", **{"models/cuda_grid.py": subclass}) == ["grid.py:21"]
