"""TPL109 reads only projects that bind no GPU per process: where each process binds its own,
`.cuda()` goes where the process's models went (jukebox's self-tests, lightllm's servers)."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

CHAMFER = """\
import torch


class ChamferFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, xyz1, xyz2):
        dist = torch.zeros(xyz1.shape[0])
        if xyz1.is_cuda:
            dist = dist.cuda()
            ext.forward_cuda(xyz1, xyz2, dist)
        return dist
"""
WORKER = """\
import os

import torch


def main():
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
"""


def _tpl109(root: Path, files: dict[str, str]) -> list[str]:
    for name, text in {"pyproject.toml": "", "pkg/__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL109",), preview=True), cache_dir=None)
    return [f"{Path(f.path).name}:{f.line}" for f in result.findings]


def test_a_library_that_binds_nothing_keeps_the_finding(tmp_path: Path) -> None:
    assert _tpl109(tmp_path, {"pkg/chamfer.py": CHAMFER}) == ["chamfer.py:9"]


def test_a_project_that_binds_a_gpu_per_process_leaves_it(tmp_path: Path) -> None:
    files = {"pkg/chamfer.py": CHAMFER, "pkg/train.py": WORKER}
    assert _tpl109(tmp_path, files) == []
