"""TPL108's reading of multi-process code ignores comments, import statements and prose
(`_load_reach.multi_process_code`): meshnet imports DistributedDataParallel and never uses it;
cryodrgn's abinit names it in a TODO; FasterTransformer's ViT examples in an option's help."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint.rules.hardcoded._load_reach import multi_process_code

from .project_tree import lint_tree

TRAINER = """\
import torch
from torch.nn.parallel import DistributedDataParallel as DDP

device = torch.device("cuda")


class Trainer:
    def __init__(self, model, optimizer, path):
        self.model = model.to(device)
        self.optimizer = optimizer
        # TODO: replace with DistributedDataParallel
        self.path = path

    def resume(self):
        state = torch.load(self.path)
        self.model.load_state_dict(state["model"])
        self.optimizer.load_state_dict(state["optimizer"])


if __name__ == "__main__":
    Trainer(build(), make_optimizer(), "last.pt").resume()
"""


@pytest.mark.parametrize(
    ("text", "several"),
    [
        ("from torch.nn.parallel import DistributedDataParallel as DDP\n", False),
        ("from torch.nn.parallel import (\n    DistributedDataParallel,\n)\n", False),
        ("# TODO: DistributedDataParallel\nmodel = model.cuda()\n", False),
        ("model = DistributedDataParallel(model, device_ids=[rank])\n", True),
        ("import torch.distributed as dist\ndist.init_process_group('nccl')\n", True),
        # an alias the code uses (timm's), a `#` inside a string
        (
            "from torch.nn.parallel import DistributedDataParallel as NativeDDP\n"
            "model = NativeDDP(model, device_ids=[device])\n",
            True,
        ),
        ('log.info(f"# params: {n}, world size: {dist.get_world_size()}")\n', True),
        # prose: an option's help and a docstring start no process (FasterTransformer's
        # one-process ViT examples); a key in a string and an f-string that calls are code
        (
            "parser.add_argument('--local_rank', type=int, default=-1,\n"
            "                    help='local rank for DistributedDataParallel')\n",
            False,
        ),
        ('def f():\n    """Wraps the model in\n    DistributedDataParallel."""\n', False),
        ('local_rank = int(os.environ["LOCAL_RANK"])\n', True),
        ('print(f"rank {dist.get_rank()} done")\n', True),
        # a form feed splits no line for the tokenizer: the code after it stays code
        (
            '"""Trains\n\x0c\nthe model."""\nimport torch.distributed as dist\n'
            'print("a b")\ndist.init_process_group("nccl")\n',
            True,
        ),
    ],
)
def test_multi_process_code(text: str, several: bool) -> None:
    assert multi_process_code(text) is several


def test_a_one_process_trainer_that_names_ddp_restores_its_own_save(tmp_path: Path) -> None:
    root = tmp_path / "one"
    (root / ".git").mkdir(parents=True)
    assert lint_tree(root, {"train.py": TRAINER}, "TPL108") == []


def test_a_trainer_that_wraps_in_ddp_keeps_the_finding(tmp_path: Path) -> None:
    root = tmp_path / "ddp"
    (root / ".git").mkdir(parents=True)
    wrapped = TRAINER.replace(
        "        self.path = path\n",
        "        self.path = path\n        self.model = DDP(self.model, device_ids=[0])\n",
    )
    assert lint_tree(root, {"train.py": wrapped}, "TPL108") == ["train.py:16"]
