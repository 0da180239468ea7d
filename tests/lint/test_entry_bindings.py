"""A process group made deep in a project is bound when every script that runs it binds its
GPU first: `entry_bindings` and `ProjectIndex.bound_by_every_entry_script`, read by TPL401's
project condition."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from torchplace.lint.entry_bindings import binds_before_running

from .project_tree import lint_tree

# FunCodec's shape: the group is made three files below the script, which shows its process
# one GPU (`--gpu_id`, one process per GPU) before it runs the task.
DIST_UTILS = """\
import torch.distributed as dist


def init_distributed():
    dist.init_process_group(backend="nccl", init_method="env://")
    dist.barrier()
"""
TASK = "from dist_utils import init_distributed\n\n\ndef run(args):\n    init_distributed()\n"
CLI_UTILS = "import sys\n\n\ndef get_commandline_args():\n    return ' '.join(sys.argv)\n"
TRAIN = """\
import argparse
import os

from cli_utils import get_commandline_args
from task import run


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu_id", type=int, default=0)
    return parser.parse_args()


def main():
    print(get_commandline_args())
    args = parse_args()
    if args.gpu_id < 0:
        args.gpu_id = 0
    os.environ["CUDA_VISIBLE_DEVICES"] = str(args.gpu_id)
    run(args)


if __name__ == "__main__":
    main()
"""


def _lines(root: Path, train: str = TRAIN, **extra: str) -> list[str]:
    (root / ".git").mkdir(parents=True)
    files = {
        "dist_utils.py": DIST_UTILS,
        "task.py": TASK,
        "cli_utils.py": CLI_UTILS,
        "train.py": train,
        **extra,
    }
    return lint_tree(root, files, "TPL401")


def test_a_script_that_binds_first_binds_the_group_below(tmp_path: Path) -> None:
    assert _lines(tmp_path / "bound") == []


def test_a_binding_after_the_work_keeps_the_finding(tmp_path: Path) -> None:
    late = TRAIN.replace(
        '    os.environ["CUDA_VISIBLE_DEVICES"] = str(args.gpu_id)\n    run(args)\n',
        '    run(args)\n    os.environ["CUDA_VISIBLE_DEVICES"] = str(args.gpu_id)\n',
    )
    assert _lines(tmp_path / "late", train=late) == ["dist_utils.py:5"]


def test_another_script_that_does_not_bind_keeps_the_finding(tmp_path: Path) -> None:
    other = "from task import run\n\nif __name__ == '__main__':\n    run(None)\n"
    assert _lines(tmp_path / "other", **{"evaluate.py": other}) == ["dist_utils.py:5"]


def _binds(code: str) -> bool:
    return binds_before_running(ast.parse(code), lambda module, level: module == "task")


@pytest.mark.parametrize(
    "block",
    [
        "    args = get_args()\n    torch.cuda.set_device(args.local_rank)\n    run(args)\n",
        "    import os\n    os.environ['CUDA_VISIBLE_DEVICES'] = os.environ['SLURM_LOCALID']\n",
        "    os.environ['CUDA_VISIBLE_DEVICES'] = f'{args.local_rank}'\n    run(args)\n",
        # ALPRO's and suncet's per-process entries.
        "    os.environ['CUDA_VISIBLE_DEVICES'] = str(hvd.local_rank())\n    run(None)\n",
        "    os.environ['CUDA_VISIBLE_DEVICES'] = str(devices[rank].split(':')[-1])\n",
    ],
)
def test_bindings_before_the_work(block: str) -> None:
    assert _binds("from task import run\n\nif __name__ == '__main__':\n" + block)


BDDM_MAIN = """\
import hashlib
import json

import torch
from task import run


def dict_hash_5char(dictionary):
    dhash = hashlib.md5()
    dhash.update(json.dumps(dictionary, sort_keys=True).encode())
    return dhash.hexdigest()[:5]


if __name__ == "__main__":
    args = parser.parse_args()
    config = args.__dict__
    with open(args.config) as f:
        loaded = yaml.safe_load(f)
    digest = dict_hash_5char(loaded)
    for key in loaded:
        config[key] = loaded[key]
    torch.manual_seed(config["seed"])
    torch.cuda.manual_seed_all(config["seed"])
    torch.cuda.set_device(config["local_rank"])
    run(config)
"""


def test_preparation_before_the_binding_may_read_files_loop_seed_and_call_helpers() -> None:
    # bddm's entry scripts (fresh-83): a config read in a `with`, a loop over its keys, a
    # hash helper of the script's own and torch's seeding calls come before the binding.
    assert _binds(BDDM_MAIN)
    # A helper of the script that runs the project's code is no preparation.
    assert not _binds(BDDM_MAIN.replace("    return dhash", "    run(None)\n    return dhash"))
    # Nor is a torch call that may start CUDA.
    assert not _binds(BDDM_MAIN.replace("torch.manual_seed(", "torch.cuda.synchronize("))
    # A helper that only prepares, called as a statement of the block, is no `main()`.
    seeded = BDDM_MAIN.replace(
        "    digest = dict_hash_5char(loaded)\n", "    dict_hash_5char(loaded)\n"
    )
    assert _binds(seeded)


@pytest.mark.parametrize(
    "block",
    [
        # The project's code runs before the binding.
        "    run(None)\n    torch.cuda.set_device(rank)\n",
        # A group made before the binding, whatever module it comes from.
        "    dist.init_process_group('nccl')\n    torch.cuda.set_device(rank)\n",
        # A literal is the same GPU for every process.
        "    os.environ['CUDA_VISIBLE_DEVICES'] = '0'\n    run(None)\n",
        # Inside a branch: a run may not take it.
        "    if rank >= 0:\n        torch.cuda.set_device(rank)\n    run(None)\n",
        # Several GPUs shown: the processes spawned next share them, each starting on cuda:0.
        "    os.environ['CUDA_VISIBLE_DEVICES'] = args.gpus\n    mp.spawn(run, nprocs=4)\n",
        "    os.environ['CUDA_VISIBLE_DEVICES'] = ','.join(gpu_ids)\n    run(None)\n",
        "    os.environ['CUDA_VISIBLE_DEVICES'] = sys.argv[1]\n    run(None)\n",
        # A copy for a child process, not this process's environment.
        "    env = dict(os.environ)\n    env['CUDA_VISIBLE_DEVICES'] = str(rank)\n    run(None)\n",
        # CUDA started before the variable is set: the setting comes too late.
        "    torch.zeros(1).cuda()\n    os.environ['CUDA_VISIBLE_DEVICES'] = str(rank)\n",
        # Objects and functions reached other than by name may run the project's code.
        "    cfg = load()\n    cfg.trainer.fit()\n    torch.cuda.set_device(rank)\n",
        "    fn = run\n    fn()\n    torch.cuda.set_device(rank)\n",
        "    threading.Thread(target=run).start()\n    torch.cuda.set_device(rank)\n",
        # Importing a project module runs its code.
        "    import task\n    torch.cuda.set_device(rank)\n",
    ],
)
def test_no_binding_before_the_work(block: str) -> None:
    assert not _binds("from task import run\n\nif __name__ == '__main__':\n" + block)


@pytest.mark.parametrize(
    "script",
    [
        # `main`'s arguments run before it.
        "def main(x):\n    torch.cuda.set_device(rank)\n\n"
        "if __name__ == '__main__':\n    main(run(None))\n",
        # The module's own top-level code runs before the block.
        "run(None)\n\nif __name__ == '__main__':\n    torch.cuda.set_device(rank)\n",
        # A decorator may run anything around the function.
        "@wrap\ndef main():\n    torch.cuda.set_device(rank)\n\n"
        "if __name__ == '__main__':\n    main()\n",
    ],
)
def test_code_around_the_block_that_runs_first(script: str) -> None:
    assert not _binds("from task import run\n\n" + script)
