"""A process group bound by the project's own helper called right after it
(`binding_functions`): SpinQuant's `ptq.py` creates the NCCL group, then calls
`process_args_ptq()` from `utils/process_args.py`, which parses `TrainingArguments` (whose
`__post_init__` binds the GPU) before any CUDA work; TPL401 judged FALSE there on fresh-25."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig, lint_paths
from torchplace.lint.project_facts import ProjectIndex

PTQ = """\
import torch
import torch.distributed as dist
{import_line}


def train():
    dist.init_process_group(backend="nccl")
    model_args, training_args = process_args()
    dist.barrier()
    model = torch.nn.Linear(4, 4)
    model.cuda()


if __name__ == "__main__":
    train()
"""
PARSES_TRAINING_ARGUMENTS = """\
import transformers


def process_args():
    parser = transformers.HfArgumentParser((dict, transformers.TrainingArguments))
    model_args, training_args = parser.parse_args_into_dataclasses()
    return model_args, training_args
"""
PARSES_A_SUBCLASS = """\
import transformers


class TrainingArguments(transformers.TrainingArguments):
    pass


def process_args():
    parser = transformers.HfArgumentParser((dict, TrainingArguments))
    return parser.parse_args_into_dataclasses()
"""
PARSES_A_LOOKALIKE = """\
import transformers


class TrainingArguments:
    pass


def process_args():
    parser = transformers.HfArgumentParser((dict, TrainingArguments))
    return parser.parse_args_into_dataclasses()
"""
PARSES_ARGPARSE = """\
import argparse


def process_args():
    parser = argparse.ArgumentParser()
    return parser.parse_args(), None
"""
LAUNCH = "torchrun --nnodes=2 --nproc_per_node=8 ptq.py\n"
IMPORT = "from utils.process_args import process_args"
GROUP = '    dist.init_process_group(backend="nccl")'


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _bound_after_return(tmp_path: Path, files: dict[str, str], path: str, line: int) -> bool:
    """Whether the group on `line` of `path`, in a checkout of `files`, is bound by every
    caller right after its helper returns (`bound_after_return`)."""
    project = tmp_path / "checkout"
    for name, text in {".git/HEAD": "", **files}.items():
        _write(project / name, text)
    return ProjectIndex().bound_after_return(str(project / path), line)


def _tpl401(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int]]:
    """TPL401's findings in a checkout of `files` launched on two nodes by its README."""
    project = tmp_path / "spin"
    for name, text in {".git/HEAD": "", "README.md": LAUNCH, **files}.items():
        _write(project / name, text)
    config = LintConfig(select=("TPL401",), preview=True)
    found = [f for f in lint_paths([str(project)], config) if f.code == "TPL401"]
    return sorted((Path(f.path).name, f.line) for f in found)


@pytest.mark.parametrize(
    ("helper", "flagged"),
    [
        (PARSES_TRAINING_ARGUMENTS, False),
        (PARSES_A_SUBCLASS, False),  # SpinQuant's own `TrainingArguments` subclass
        (PARSES_A_LOOKALIKE, True),  # a dataclass of the same name builds no PartialState
        (PARSES_ARGPARSE, True),
    ],
)
def test_a_helper_in_another_module_that_binds_is_followed(
    tmp_path: Path, helper: str, flagged: bool
) -> None:
    files = {
        "utils/__init__.py": "",
        "utils/process_args.py": helper,
        "ptq.py": PTQ.format(import_line=IMPORT),
    }
    assert _tpl401(tmp_path, files) == ([("ptq.py", 7)] if flagged else [])


@pytest.mark.parametrize(
    ("helper", "flagged"), [(PARSES_TRAINING_ARGUMENTS, False), (PARSES_ARGPARSE, True)]
)
def test_a_helper_of_the_same_file_that_binds_is_followed(
    tmp_path: Path, helper: str, flagged: bool
) -> None:
    head, function = helper.split("\n\n\n", 1)
    script = head + "\n" + PTQ.format(import_line="") + "\n\n" + function
    line = 1 + script.splitlines().index(GROUP)
    assert _tpl401(tmp_path, {"ptq.py": script}) == ([("ptq.py", line)] if flagged else [])


def test_a_helper_called_after_the_first_cuda_work_is_too_late(tmp_path: Path) -> None:
    late = PTQ.format(import_line=IMPORT).replace(
        "    model_args, training_args = process_args()\n    dist.barrier()\n",
        "    dist.barrier()\n    model_args, training_args = process_args()\n",
    )
    files = {
        "utils/__init__.py": "",
        "utils/process_args.py": PARSES_TRAINING_ARGUMENTS,
        "ptq.py": late,
    }
    assert _tpl401(tmp_path, files) == [("ptq.py", 7)]


ARGUMENTS_SUBCLASS = """\
from dataclasses import dataclass

from transformers import TrainingArguments


@dataclass
class TrainingArguments(TrainingArguments):
    resume_from: str = "none"
"""
ARGUMENTS_OF_ITS_OWN = """\
from dataclasses import dataclass


@dataclass
class TrainingArguments:
    resume_from: str = "none"
"""
PARSES_IMPORTED_CLASSES = PTQ.replace(
    "    model_args, training_args = process_args()\n",
    "    parser = HfArgumentParser((ModelArguments, TrainingArguments))\n"
    "    model_args, training_args = parser.parse_args_into_dataclasses()\n",
).format(
    import_line="from transformers import HfArgumentParser\n"
    "from src.arguments import ModelArguments, TrainingArguments"
)


@pytest.mark.parametrize(
    ("arguments", "parse", "flagged"),
    [
        (ARGUMENTS_SUBCLASS, "parse_args_into_dataclasses", False),
        (ARGUMENTS_OF_ITS_OWN, "parse_args_into_dataclasses", True),
        # a namespace, not the dataclasses: no `TrainingArguments` is built
        (ARGUMENTS_SUBCLASS, "parse_known_args", True),
    ],
)
def test_a_parser_given_a_project_subclass_of_training_arguments_binds(
    tmp_path: Path, arguments: str, parse: str, flagged: bool
) -> None:
    # VLM2Vec's `eval.py` (fresh-21): the group, then `HfArgumentParser` parses the
    # project's `src.arguments.TrainingArguments`, a subclass of transformers' own.
    files = {
        "src/__init__.py": "",
        "src/arguments.py": arguments
        + "\n\n@dataclass\nclass ModelArguments:\n    name: str = ''\n",
        "ptq.py": PARSES_IMPORTED_CLASSES.replace("parse_args_into_dataclasses", parse),
    }
    line = 1 + PARSES_IMPORTED_CLASSES.splitlines().index(GROUP)
    assert _tpl401(tmp_path, files) == ([("ptq.py", line)] if flagged else [])


BINDS_IN_ITS_CONSTRUCTOR = """\
import os

import torch


def _set_device_and_return():
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    return torch.device("cuda", local_rank)


def process_args():
    return None, None


class Model:
    def __init__(self, name):
        self.device = _set_device_and_return()
"""
BINDS_GPU_0 = BINDS_IN_ITS_CONSTRUCTOR.replace("set_device(local_rank)", "set_device(0)")
BUILDS_NOTHING = BINDS_IN_ITS_CONSTRUCTOR.replace("    torch.cuda.set_device(local_rank)\n", "")
BUILDS_A_MODEL = PTQ.replace(
    "    model_args, training_args = process_args()\n",
    '    spiritlm = Model("7b")\n',
)


@pytest.mark.parametrize(
    ("helper", "flagged"),
    [
        (BINDS_IN_ITS_CONSTRUCTOR, False),
        (BUILDS_NOTHING, True),
        (BINDS_GPU_0, True),  # every rank on GPU 0: no per-process binding
    ],
)
def test_a_class_of_the_project_whose_constructor_binds_is_followed(
    tmp_path: Path, helper: str, flagged: bool
) -> None:
    # spiritlm's `predict_stsp.py`: `Spiritlm(args.model)` right after the group, whose
    # `__init__` calls a function of its file that calls `set_device(local_rank)` (fresh-50).
    files = {
        "model/__init__.py": "",
        "model/spiritlm_model.py": helper,
        "ptq.py": BUILDS_A_MODEL.format(import_line="from model.spiritlm_model import Model"),
    }
    assert _tpl401(tmp_path, files) == ([("ptq.py", 7)] if flagged else [])


MAKES_THE_GROUP = """\
import torch
import torch.distributed


def multi_init(device_id, world_size, gpu_ranks):
    torch.distributed.init_process_group(
        backend="nccl", init_method="tcp://localhost:10000",
        world_size=world_size, rank=gpu_ranks[device_id])
    return torch.distributed.get_rank()


def all_gather_list(data, max_size=4096):
    buffer = torch.cuda.ByteTensor(max_size)
    torch.distributed.all_gather([buffer], buffer)
"""
TRAINS = """\
import os

import torch

import distributed


def run(args, device_id):
    gpu_rank = distributed.multi_init(device_id, args.world_size, args.gpu_ranks)
    print("gpu_rank %d" % gpu_rank)
    train_single(args, device_id)


def train_single(args, device_id):
    torch.manual_seed(args.seed)
    if device_id >= 0:
        torch.cuda.set_device(device_id)
    model = torch.nn.Linear(4, 4).cuda()


# `run` runs: in a checkout nobody installs, a group helper only uncalled functions call
# never runs (`dead_module_functions`), whatever its callers bind.
if __name__ == "__main__":
    run(parse_args(), int(os.environ["LOCAL_RANK"]))
"""


@pytest.mark.parametrize(
    ("trainer", "flagged"),
    [
        (TRAINS, False),
        # the binding comes only after the caller's first CUDA work
        (
            TRAINS.replace(
                '    print("gpu_rank', '    torch.cuda.synchronize()\n    print("gpu_rank'
            ),
            True,
        ),
        # the binding helper binds GPU 0 in every rank
        (TRAINS.replace("set_device(device_id)", "set_device(0)"), True),
        # a second caller that never binds
        (TRAINS + "\n\ndef evaluate(args):\n    distributed.multi_init(0, 2, [0, 1])\n", True),
        # the helper handed on: its callers are unknown
        (TRAINS + "\n\nHOOKS = [distributed.multi_init]\n", True),
    ],
)
def test_callers_that_bind_right_after_the_group_helper_returns(
    tmp_path: Path, trainer: str, flagged: bool
) -> None:
    # PreSumm's (and OpenNMT's) `multi_init` makes the group and returns; every caller then
    # calls `train_single(args, device_id)`, which binds first (fresh-52, judged FALSE).
    files = {"distributed.py": MAKES_THE_GROUP, "train.py": trainer}
    assert _tpl401(tmp_path, files) == ([("distributed.py", 6)] if flagged else [])


# ml-ferret's `train.py`: the group helper is called among the script's own statements, in
# its `__main__` block, and the next call, `train()`, parses the project's own
# `TrainingArguments` subclass first (fresh-93, judged FALSE by both judges).
FERRET = """\
import os

import torch
import torch.distributed as dist
import transformers


class TrainingArguments(transformers.TrainingArguments):
    pass


def train():
    parser = transformers.HfArgumentParser((dict, TrainingArguments))
    model_args, training_args = parser.parse_args_into_dataclasses()
    torch.cuda.synchronize()


def init_distributed_mode():
    dist.init_process_group(backend="nccl", init_method="env://")
    print(dist.is_initialized())


if __name__ == "__main__":
    init_distributed_mode()
    train()
"""


@pytest.mark.parametrize(
    ("script", "flagged"),
    [
        (FERRET, False),
        # CUDA work between the helper's return and the binding parse
        (FERRET.replace("    train()", "    torch.cuda.synchronize()\n    train()"), True),
        # the next call parses with argparse only: nothing binds
        (FERRET.replace("(dict, TrainingArguments)", "(dict,)"), True),
        # the binding call on one arm of an `if`: the other arm runs unbound
        (
            FERRET.replace(
                "    train()\n",
                "    if os.environ.get('HF'):\n        train()\n    else:\n"
                "        torch.cuda.synchronize()\n",
            ),
            True,
        ),
        # a function of the file that does CUDA work runs before the binding call
        (
            FERRET.replace("    train()\n", "    warmup()\n    train()\n")
            + "\n\ndef warmup():\n    torch.cuda.synchronize()\n",
            True,
        ),
        # one that does none changes nothing
        (
            FERRET.replace("    train()\n", "    report()\n    train()\n")
            + "\n\ndef report():\n    print('ready')\n",
            False,
        ),
        # the same readings inside a function that calls the helper
        (
            FERRET.replace(
                'if __name__ == "__main__":\n    init_distributed_mode()\n    train()\n',
                "def main():\n    init_distributed_mode()\n    warmup()\n    train()\n\n\n"
                "def warmup():\n    torch.cuda.synchronize()\n\n\n"
                'if __name__ == "__main__":\n    main()\n',
            ),
            True,
        ),
        # a call in a class body runs at import, not in the module's order
        (
            FERRET.replace(
                'if __name__ == "__main__":\n    init_distributed_mode()\n    train()\n',
                "class Setup:\n    init_distributed_mode()\n    train()\n",
            ),
            True,
        ),
    ],
)
def test_a_main_block_that_binds_right_after_the_group_helper_returns(
    tmp_path: Path, script: str, flagged: bool
) -> None:
    assert _tpl401(tmp_path, {"train.py": script}) == ([("train.py", 19)] if flagged else [])


# gpt-fast's `tp.py` (and its copies in DoubleSparse, fresh-43): the helper makes the group
# and returns the rank, or None when there is no group; the caller binds on the arm that
# tests for the group.
MAYBE_INIT = """\
import os

import torch
import torch.distributed as dist


def maybe_init_dist():
    world_size = int(os.environ.get("LOCAL_WORLD_SIZE", "1"))
    if world_size < 2:
        return None
    rank = int(os.environ.get("LOCAL_RANK", "0"))
    dist.init_process_group(backend="nccl", rank=rank, world_size=world_size)
    return rank
"""
GENERATE = """\
import torch

from tp import maybe_init_dist


def main():
    rank = maybe_init_dist()
    use_tp = rank is not None
    if use_tp:
        torch.cuda.set_device(rank)
    model = torch.nn.Linear(4, 4).cuda()
    return model


if __name__ == "__main__":
    main()
"""


# An earlier review's counter-examples, each the `__main__` block of FERRET's shape.
REVIEWED = """\
import os

import torch
import torch.distributed as dist


def setup_device():
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)


def warmup():
    torch.cuda.synchronize()


def train():
    return torch.nn.Linear(4, 4).cuda()


def init_distributed_mode():
    dist.init_process_group(backend="nccl")


if __name__ == "__main__":
{main}"""


@pytest.mark.parametrize(
    ("main", "bound"),
    [
        ("    init_distributed_mode()\n    setup_device()\n    train()\n", True),
        # a lone guard of something else: a run may skip it
        (
            "    init_distributed_mode()\n    if os.environ.get('PIN_GPU'):\n"
            "        setup_device()\n    train()\n",
            False,
        ),
        (
            "    init_distributed_mode()\n    if dist.get_rank() == 0:\n"
            "        setup_device()\n    train()\n",
            False,
        ),
        # the other arm works before it binds
        (
            "    init_distributed_mode()\n    if os.environ.get('FAST'):\n"
            "        setup_device()\n    else:\n        warmup()\n        setup_device()\n"
            "    train()\n",
            False,
        ),
        # work on the arm that makes no group is no work of the group's run
        (
            "    if int(os.environ.get('WORLD_SIZE', '1')) > 1:\n"
            "        init_distributed_mode()\n    else:\n        warmup()\n"
            "    setup_device()\n    train()\n",
            True,
        ),
        # a test the group's call is under, repeated
        (
            "    if os.environ.get('DIST'):\n        init_distributed_mode()\n"
            "    if os.environ.get('DIST'):\n        setup_device()\n    train()\n",
            True,
        ),
    ],
)
def test_a_binding_counts_only_where_every_run_that_made_the_group_takes_it(
    tmp_path: Path, main: str, bound: bool
) -> None:
    files = {"train.py": REVIEWED.format(main=main)}
    assert _bound_after_return(tmp_path, files, "train.py", 21) is bound


@pytest.mark.parametrize(
    ("generate", "flagged"),
    [
        (GENERATE, False),
        (GENERATE.replace("if use_tp:", "if rank is not None:"), False),
        (GENERATE.replace("if use_tp:", "if torch.distributed.is_initialized():"), False),
        # a guard with no other arm: taken by the runs that use the GPU
        (GENERATE.replace("if use_tp:", "if torch.cuda.is_available():"), False),
        # an arm whose other arm may run unbound
        (GENERATE.replace("    if use_tp:\n", "    if use_tp:\n        pass\n    else:\n"), True),
        (
            GENERATE.replace(
                "        torch.cuda.set_device(rank)\n",
                "        torch.cuda.set_device(rank)\n    else:\n"
                "        torch.cuda.synchronize()\n",
            ).replace("if use_tp:", "if os.environ.get('BIND'):"),
            True,
        ),
        # both arms bind
        (
            GENERATE.replace(
                "        torch.cuda.set_device(rank)\n",
                "        torch.cuda.set_device(rank)\n    else:\n"
                '        torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))\n',
            ).replace("if use_tp:", "if os.environ.get('BIND'):"),
            False,
        ),
        # a binding in a call's argument runs before the call
        (
            GENERATE.replace(
                "    use_tp = rank is not None\n    if use_tp:\n"
                "        torch.cuda.set_device(rank)\n",
                "    run(setup_device(rank))\n",
            )
            + "\n\ndef run(bound):\n    torch.cuda.synchronize()\n"
            + "\n\ndef setup_device(rank):\n    torch.cuda.set_device(rank)\n",
            False,
        ),
        # work on a conditional arm before the binding may run first
        (
            GENERATE.replace(
                "    use_tp = rank is not None\n",
                "    use_tp = rank is not None\n    if os.environ.get('WARM'):\n        warmup()\n",
            )
            + "\n\ndef warmup():\n    torch.cuda.synchronize()\n",
            True,
        ),
        # a `device=None` default in a helper's signature is no work
        (
            GENERATE.replace(
                "    use_tp = rank is not None\n", "    use_tp = rank is not None\n    build(4)\n"
            )
            + '\n\ndef build(width, device=None):\n    """Made on the CPU."""\n'
            "    return torch.nn.Linear(width, width)\n",
            False,
        ),
    ],
)
def test_a_binding_on_the_arm_that_tests_for_the_group_counts(
    tmp_path: Path, generate: str, flagged: bool
) -> None:
    files = {"tp.py": MAYBE_INIT, "generate.py": generate}
    assert _bound_after_return(tmp_path, files, "tp.py", 12) is not flagged
