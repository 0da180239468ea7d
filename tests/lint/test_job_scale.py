"""Where the job has one process (`job_scale.in_one_process_branch`), and which files pick a
GPU other than their rank's (`job_scale.picks_gpu_other_than_rank`): one process there is not
on GPU 0, where its new threads start."""

from __future__ import annotations

import ast

import pytest

from torchplace.lint.context import call_name, whole_file_context
from torchplace.lint.job_scale import in_one_process_branch, picks_gpu_other_than_rank


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
        ("torch.cuda.device(2)\n", False),  # built and dropped: no `with` enters it
        ("ctx = torch.cuda.device(2)\nwith ctx:\n    pass\n", True),
    ],
)
def test_picks_gpu_other_than_rank(code: str, picks: bool) -> None:
    text = "import os\n\nimport torch\n\n" + code
    ast.parse(text)
    ctx = whole_file_context("main.py", text.encode())
    assert ctx is not None
    assert picks_gpu_other_than_rank(ctx) is picks


@pytest.mark.parametrize(
    ("code", "one"),
    [
        ("if world_size == 1:\n    x = work()\n", True),
        ("if 1 == world_size:\n    x = work()\n", True),
        ("if 1 < world_size:\n    x = work()\n", False),
        ("if world_size > 1:\n    pass\nelse:\n    x = work()\n", True),
        (
            "single = True if size() == 1 else False\nif not single:\n    pass\nelse:\n"
            "    x = work()\n",
            True,
        ),
        ("many = world_size >= 2\nif not many:\n    x = work()\n", True),
        ("many = world_size >= 2\nmany = False\nif not many:\n    x = work()\n", False),
        ("several = False if world_size == 1 else True\nif several:\n    x = work()\n", False),
    ],
)
def test_one_process_branch(code: str, one: bool) -> None:
    ctx = whole_file_context("main.py", code.encode())
    assert ctx is not None
    call = next(n for n in ast.walk(ctx.tree) if isinstance(n, ast.Call) and call_name(n) == "work")
    assert in_one_process_branch(ctx, call, None) is one
