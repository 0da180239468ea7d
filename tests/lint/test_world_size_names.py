"""A world size the project keeps under a name of its own marks a one-process arm too
(`world_size_names`, `ProjectIndex.in_one_process_arm`): DLRM's `ext_dist.my_size`."""

from __future__ import annotations

import ast
from pathlib import Path

from torchplace.lint.world_size_names import is_world_size_value, world_size_names

from .project_tree import lint_tree

# DLRM's `extend_distributed`, in short: the count is set when the process group starts.
EXTEND = """\
import os

import torch.distributed as dist

my_size = -1
my_local_rank = -1


def init_distributed(backend="nccl"):
    global my_size, my_local_rank
    if "WORLD_SIZE" in os.environ:
        dist.init_process_group(backend)
        my_size = {count}
        my_local_rank = int(os.environ["LOCAL_RANK"])
    else:
        my_size = 1
"""
# Its training script: one GPU of its own per process, or every GPU from one process.
TRAIN = """\
import torch
import torch.distributed as dist

import extend_distributed as ext_dist


def main():
    ext_dist.init_distributed()
    if ext_dist.my_size > 1:
        device = torch.device("cuda", ext_dist.my_local_rank)
    else:
        device = torch.device("cuda", 0)
    return device


def check():
    n = dist.get_world_size()
    if n == 1:
        return torch.device("cuda", 0)
    return torch.device("cuda", 1)


if __name__ == "__main__":
    main()
    check()
"""


def _lines(root: Path, count: str = "dist.get_world_size()", train: str = TRAIN) -> list[str]:
    files = {"extend_distributed.py": EXTEND.format(count=count), "dlrm.py": train}
    return lint_tree(root, files, "TPL104")


def test_the_one_process_arm_of_a_projects_own_count_shares_no_gpu(tmp_path: Path) -> None:
    # Only the multi-process arm's literal (cuda:1 after `n == 1`) is left.
    assert _lines(tmp_path / "dlrm") == ["dlrm.py:20"]
    # The module's count from the launcher's variable reads the same.
    assert _lines(tmp_path / "env", 'int(os.environ["WORLD_SIZE"])') == ["dlrm.py:20"]


def test_a_name_that_is_not_the_count_marks_no_arm(tmp_path: Path) -> None:
    # `my_size` counts GPUs, not processes: its `else` is no one-process arm.
    assert _lines(tmp_path / "gpus", "torch.cuda.device_count()") == ["dlrm.py:12", "dlrm.py:20"]
    # A copy imported by name is taken before the process group exists.
    copied = TRAIN.replace("import extend_distributed as ext_dist", "import extend_distributed")
    copied = copied.replace("ext_dist.my_size", "my_size").replace(
        "import torch.distributed as dist\n", "import torch.distributed as dist\n"
        "from extend_distributed import my_size\n"
    )  # fmt: skip
    copied = copied.replace("ext_dist.", "extend_distributed.")
    assert _lines(tmp_path / "copy", train=copied) == ["dlrm.py:13", "dlrm.py:21"]


def test_world_size_values_and_names() -> None:
    for text in (
        "dist.get_world_size()",
        "int(os.environ['WORLD_SIZE'])",
        "os.environ.get('WORLD_SIZE', 1)",
        "MPI.COMM_WORLD.Get_size()",
        "dist.get_world_size(group=dist.group.WORLD)",
        "hvd.size()",
    ):
        assert is_world_size_value(ast.parse(text, mode="eval").body), text
    # A subgroup's size (tensor parallel) or a split communicator's is not the job's.
    for text in (
        "torch.cuda.device_count()",
        "len(gpus)",
        "os.environ['RANK']",
        "x.size()",
        "dist.get_world_size(tp_group)",
        "dist.get_world_size(group=self.dp_group)",
        "comm.Get_size()",
    ):
        assert not is_world_size_value(ast.parse(text, mode="eval").body), text
    tree = ast.parse("a = -1\ndef f():\n    global a\n    a = dist.get_world_size()\nb = 2\n")
    assert world_size_names(tree, module_level=True) == {"a"}
    # A later assignment of another value: no longer the count.
    tree = ast.parse("a = dist.get_world_size()\na = 4\n")
    assert world_size_names(tree, module_level=True) == frozenset()


def test_a_count_not_set_yet_at_import_time_marks_no_arm(tmp_path: Path) -> None:
    # At a module's top level, before `init_distributed()` runs, `my_size` is still -1 in
    # every rank: the `else` is taken by all of them.
    top = TRAIN.replace(
        "\n\ndef main():",
        "\n\nif ext_dist.my_size > 1:\n    DEVICE = torch.device('cuda', 1)\n"
        "else:\n    DEVICE = torch.device('cuda', 0)\n\n\ndef main():",
    )
    assert _lines(tmp_path / "top", train=top) == ["dlrm.py:8", "dlrm.py:10", "dlrm.py:26"]


def test_a_subgroups_size_marks_no_arm(tmp_path: Path) -> None:
    subgroup = TRAIN.replace("n = dist.get_world_size()", "n = dist.get_world_size(tp_group)")
    subgroup = subgroup.replace("def check():", "def check(tp_group):")
    assert _lines(tmp_path / "tp", train=subgroup) == ["dlrm.py:19", "dlrm.py:20"]


def test_a_deeply_nested_expression_does_not_stop_the_reading(tmp_path: Path) -> None:
    # Statements are walked without recursion: a 1,200-term sum three lines above shifts the
    # lines, and only the multi-process arm's literal is left.
    table = "\n\nTABLE = " + " + ".join(["1"] * 1200) + "\n\n\ndef main():"
    deep = TRAIN.replace("\n\ndef main():", table)
    assert _lines(tmp_path / "deep", train=deep) == ["dlrm.py:23"]
