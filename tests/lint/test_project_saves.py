"""A load of a file the project itself writes elsewhere: CPU copies, or rank 0's own saves
read back only in rank 0 (`project_saves`, read by TPL108's project condition)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .project_tree import lint_tree

# EmotiVoice's training script: every rank restores a generator another script prepared.
TRAIN = """\
import os

import torch
import torch.distributed as dist


def main(rank, args, generator, device):
    dist.init_process_group("nccl", rank=rank, world_size=args.world_size)
    torch.cuda.set_device(rank)
    generator = generator.to(device)
    ckpt = torch.load(f"{args.output_directory}/ckpt/pretrained_generator")
    generator.load_state_dict(ckpt["generator"])


if __name__ == "__main__":
    main(int(os.environ["RANK"]), parse_args(), build(), "cuda")
"""
# ... written by a preparation script from a checkpoint it loaded onto the CPU.
PREPARE = """\
import torch


def prepare_ckpt(ckpt_dir, source):
    gen_ckpt = torch.load(source, map_location="cpu")
    extra = torch.randn(4, 8)
    gen_ckpt["generator"]["spk.weight"] = torch.cat([gen_ckpt["generator"]["spk.weight"], extra])
    torch.save(gen_ckpt, f"{ckpt_dir}/pretrained_generator")
"""


def _lines(root: Path, **files: str) -> list[str]:
    (root / ".git").mkdir(parents=True)
    return lint_tree(root, files, "TPL108")


def test_a_file_the_project_writes_as_cpu_copies_comes_back_on_the_cpu(tmp_path: Path) -> None:
    assert _lines(tmp_path / "cpu", **{"train.py": TRAIN, "prepare.py": PREPARE}) == []


@pytest.mark.parametrize(
    "prepare",
    [
        # the preparing function also moves something to a GPU
        PREPARE.replace(
            "    extra = torch.randn(4, 8)\n", "    extra = torch.randn(4, 8).cuda()\n"
        ),
        # a load kept on the devices it was saved from
        PREPARE.replace('torch.load(source, map_location="cpu")', "torch.load(source)"),
        # another name
        PREPARE.replace("/pretrained_generator", "/prepared_generator"),
    ],
)
def test_other_saves_keep_the_finding(tmp_path: Path, prepare: str) -> None:
    assert _lines(tmp_path / "gpu", **{"train.py": TRAIN, "prepare.py": prepare}) == ["train.py:11"]


def test_a_second_save_from_a_gpu_keeps_the_finding(tmp_path: Path) -> None:
    also = (
        "import torch\n\n\ndef keep(model, folder):\n"
        "    torch.save(model.state_dict(), folder + '/pretrained_generator')\n"
    )
    files = {"train.py": TRAIN, "prepare.py": PREPARE, "keep.py": also}
    assert _lines(tmp_path / "two", **files) == ["train.py:11"]


# PVDM: rank 0 alone resumes from `model_last.pth`, which the trainer writes only in rank 0.
RESUME = """\
import os

import torch
import torch.distributed as dist


def first_stage(rank, args, model):
    dist.init_process_group("nccl", rank=rank, world_size=args.world_size)
    torch.cuda.set_device(rank)
    model = model.to(torch.device("cuda", rank))
    if args.resume and rank == 0:
        ckpt = torch.load(os.path.join(args.folder, "model_last.pth"))
        model.load_state_dict(ckpt)


if __name__ == "__main__":
    first_stage(int(os.environ["RANK"]), parse_args(), build())
"""
TRAINER = """\
import torch


def train(rank, model, opt, rootdir):
    for it in range(10):
        opt.step()
        if rank == 0:
            torch.save(model.module.state_dict(), rootdir + "model_last.pth")
"""


def test_rank_zero_reads_back_what_rank_zero_saved(tmp_path: Path) -> None:
    assert _lines(tmp_path / "zero", **{"first_stage.py": RESUME, "trainer.py": TRAINER}) == []


def test_a_save_of_every_rank_keeps_the_finding(tmp_path: Path) -> None:
    every = TRAINER.replace(
        "        if rank == 0:\n            torch", "        if True:\n            torch"
    )
    files = {"first_stage.py": RESUME, "trainer.py": every}
    assert _lines(tmp_path / "every", **files) == ["first_stage.py:12"]


def test_a_load_of_every_rank_keeps_the_finding(tmp_path: Path) -> None:
    every = RESUME.replace("if args.resume and rank == 0:", "if args.resume:")
    files = {"first_stage.py": every, "trainer.py": TRAINER}
    assert _lines(tmp_path / "all", **files) == ["first_stage.py:12"]


def test_a_name_a_save_helper_is_handed_keeps_the_finding(tmp_path: Path) -> None:
    # The trainer writes the same file through a helper whose path is its parameter: only
    # the CPU-copy tool's save names it in `torch.save`, but it is not the only writer.
    trainer = TRAIN.replace(
        '    generator.load_state_dict(ckpt["generator"])\n',
        '    generator.load_state_dict(ckpt["generator"])\n'
        "    if rank == 0:\n"
        "        save_checkpoint(\n"
        '            {"generator": generator.state_dict()},\n'
        '            f"{args.output_directory}/ckpt/pretrained_generator",\n'
        "        )\n",
    ).replace(
        "def main(", "def save_checkpoint(state, path):\n    torch.save(state, path)\n\n\ndef main("
    )
    files = {"train.py": trainer, "prepare.py": PREPARE}
    assert _lines(tmp_path / "helper", **files) == ["train.py:15"]


def test_a_model_a_project_function_builds_keeps_the_finding(tmp_path: Path) -> None:
    export = (
        "import torch\n\nfrom models import create_model\n\n\n"
        "def export(ckpt_dir):\n"
        "    model = create_model()\n"
        '    torch.save(model.state_dict(), f"{ckpt_dir}/pretrained_generator")\n'
    )
    models = "import torch.nn as nn\n\n\ndef create_model():\n    return nn.Linear(8, 2).cuda()\n"
    files = {"train.py": TRAIN, "export.py": export, "models.py": models}
    assert _lines(tmp_path / "built", **files) == ["train.py:11"]


# YOLOP's shape: the trainer hands the file's name to a helper of its utilities, which ends
# its save's path in that parameter.
HELPER_TRAINER = """\
from utils import save_checkpoint


def train(rank, model, opt, rootdir):
    for it in range(10):
        opt.step()
        if rank == 0:
            save_checkpoint(model.module.state_dict(), rootdir, filename="model_last.pth")
"""
UTILS = """\
import os

import torch


def save_checkpoint(state, output_dir, filename):
    torch.save(state, os.path.join(output_dir, filename))
"""


def test_rank_zero_reads_back_what_rank_zero_saved_through_a_helper(tmp_path: Path) -> None:
    files = {"first_stage.py": RESUME, "trainer.py": HELPER_TRAINER, "utils.py": UTILS}
    assert _lines(tmp_path / "zero", **files) == []


@pytest.mark.parametrize(
    "changes",
    [
        # Every rank calls the helper.
        {"trainer.py": HELPER_TRAINER.replace("if rank == 0:", "if True:")},
        # Two helpers of that name: which one runs is not known.
        {"other.py": UTILS.replace("os.path.join(output_dir, filename)", "filename")},
        # The helper's save does not end in the name it is handed.
        {"utils.py": UTILS.replace("os.path.join(output_dir, filename)", "output_dir")},
    ],
    ids=["every-rank", "two-helpers", "name-unused"],
)
def test_a_helper_save_that_may_run_elsewhere_keeps_the_finding(
    tmp_path: Path, changes: dict[str, str]
) -> None:
    files = {"first_stage.py": RESUME, "trainer.py": HELPER_TRAINER, "utils.py": UTILS, **changes}
    assert _lines(tmp_path / "kept", **files) == ["first_stage.py:12"]
