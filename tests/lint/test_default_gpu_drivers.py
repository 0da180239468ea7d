"""Multi-process code that drives its node's GPUs from the default one restores its checkpoints
onto its own GPU: `default_gpu_drivers` and `ProjectIndex.drives_gpus_from_default`, read by
TPL108's project condition."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from torchplace.lint.default_gpu_drivers import drives_gpus_from_default, picks_a_process_gpu

from .project_tree import lint_tree

# music-translation's trainer: one process per node (`--nproc_per_node=1`), each putting its
# encoder on the default GPU and wrapping it in DistributedDataParallel without device ids.
TRAIN = """\
import torch
import torch.distributed as dist
import torch.optim as optim

from model import Encoder


class Trainer:
    def __init__(self, args):
        self.encoder = Encoder()
        self.optimizer = optim.Adam(self.encoder.parameters())
        if args.checkpoint:
            states = torch.load(args.checkpoint)
            self.encoder.load_state_dict(states["encoder_state"])
            self.optimizer.load_state_dict(states["optimizer_state"])
        self.encoder.cuda()
        self.encoder = torch.nn.parallel.DistributedDataParallel(self.encoder)


def main(args):
    dist.init_process_group(backend="nccl", init_method="env://")
    Trainer(args)
"""
MODEL = "from torch import nn\n\n\nclass Encoder(nn.Linear):\n    pass\n"


def _lines(root: Path, train: str = TRAIN, **extra: str) -> list[str]:
    (root / ".git").mkdir(parents=True)
    files = {"train.py": train, "model.py": MODEL, **extra}
    return lint_tree(root, files, "TPL108")


def test_one_process_per_node_restores_onto_its_own_gpu(tmp_path: Path) -> None:
    assert _lines(tmp_path / "node") == []


def test_a_bound_gpu_keeps_the_finding(tmp_path: Path) -> None:
    bound = TRAIN.replace(
        "    Trainer(args)\n", "    torch.cuda.set_device(args.local_rank)\n    Trainer(args)\n"
    )
    assert _lines(tmp_path / "bound", train=bound) == ["train.py:13"]


def test_device_ids_keep_the_finding(tmp_path: Path) -> None:
    ids = TRAIN.replace("(self.encoder)\n", "(self.encoder, device_ids=[args.gpu])\n")
    assert _lines(tmp_path / "ids", train=ids) == ["train.py:13"]


def test_an_imported_module_that_binds_keeps_the_finding(tmp_path: Path) -> None:
    binds = MODEL + "\n\ndef setup(rank):\n    import torch\n    torch.cuda.set_device(rank)\n"
    assert _lines(tmp_path / "imported", **{"model.py": binds}) == ["train.py:13"]


def test_an_importer_that_binds_keeps_the_finding(tmp_path: Path) -> None:
    launcher = (
        "import os\n\nimport torch\n\nfrom train import main\n\n"
        'torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))\nmain(None)\n'
    )
    assert _lines(tmp_path / "importer", **{"launch.py": launcher}) == ["train.py:13"]


def test_a_launcher_binding_through_a_module_it_imports_keeps_the_finding(tmp_path: Path) -> None:
    # The launcher imports the trainer and a helper package whose `__init__` re-exports the
    # binding function.
    helper = "import torch\n\n\ndef setup(rank):\n    torch.cuda.set_device(rank)\n"
    launcher = "from dist import setup\nfrom train import main\n\nsetup(0)\nmain(None)\n"
    extra = {"dist/__init__.py": "from .binder import setup\n", "dist/binder.py": helper}
    assert _lines(tmp_path / "third", **extra, **{"launch.py": launcher}) == ["train.py:13"]


@pytest.mark.parametrize(
    "device",
    [
        'f"cuda:{rank}"',
        '"cuda:%d" % gpu',
        '"cuda:" + str(local_rank)',
        '"cuda:{}".format(gpu)',
        'torch.device("cuda", local_rank)',
        'torch.device("cuda", index=local_rank)',
        '"cuda" + ":" + str(local_rank)',
    ],
)
def test_a_device_made_per_process_is_a_pick(device: str) -> None:
    code = f"import torch\nx = torch.zeros(1).to({device})\n"
    assert picks_a_process_gpu(ast.parse(code), code.encode())


@pytest.mark.parametrize(
    "code",
    [
        "model = DDP(model.cuda())\n",
        "model = nn.DataParallel(model).cuda()\nx = x.cuda(non_blocking=True)\n",
    ],
)
def test_models_on_the_default_gpu_drive_from_it(code: str) -> None:
    assert drives_gpus_from_default(ast.parse(code), code.encode())


@pytest.mark.parametrize(
    "code",
    [
        "model = DDP(model.cuda(), device_ids=[0])\n",
        "model = model.cuda(args.gpu)\nmodel = DDP(model)\n",
        "import deepspeed\nmodel = DDP(model.cuda())\n",
        "model = model.cuda()\n",  # no wrapper: nothing shows how the node's GPUs are used
        # A device held by a name may come from the command line (`--device cuda:$i`).
        'device = torch.device("cuda")\nmodel = DDP(model.to(device))\n',
        "model = DDP(model.to(args.device))\n",
    ],
)
def test_other_shapes_do_not(code: str) -> None:
    assert not drives_gpus_from_default(ast.parse(code), code.encode())
