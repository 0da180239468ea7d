"""Which files pick a GPU other than their rank's (`one_process_run.picks_gpu_other_than_rank`):
one process there is not on GPU 0, where its new threads start."""

from __future__ import annotations

import ast

import pytest

from torchplace.lint.context import whole_file_context
from torchplace.lint.one_process_run import picks_gpu_other_than_rank


@pytest.mark.parametrize(
    ("code", "picks"),
    [
        ("torch.cuda.set_device(args.gpu)\n", True),
        ("torch.cuda.set_device(int(os.environ['LOCAL_RANK']))\n", False),
        ("torch.cuda.set_device(local_rank)\n", False),
        ("torch.cuda.set_device(0)\n", False),
        ("device = torch.device('cuda', args.gpu)\n", True),
        ("device = torch.device('cuda', rank)\n", False),
        ("model.to('cuda:3')\n", True),
        ("model.to('cuda:0')\n", False),
        ("model.to(f'cuda:{args.gpu}')\n", True),
        ("model.to(f'cuda:{local_rank}')\n", False),
        ("x = batch.cuda(non_blocking=True)\n", False),
        ("with torch.cuda.device(2):\n    pass\n", True),
    ],
)
def test_picks_gpu_other_than_rank(code: str, picks: bool) -> None:
    text = "import os\n\nimport torch\n\n" + code
    ast.parse(text)
    ctx = whole_file_context("main.py", text.encode())
    assert ctx is not None
    assert picks_gpu_other_than_rank(ctx) is picks
