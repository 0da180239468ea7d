"""A helper of a shared module runs in one process when every caller of it is a program the
project runs only as one process (`ProjectIndex.one_process_through_callers`), though the
module's other helpers serve a `torchrun` trainer (TPL108: OneRestore's embedder resume)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.lint.project_tree import GLOBAL_RANK_RULES, lint_tree

UTILS = """\
import torch
from torch.nn.parallel import DistributedDataParallel


def wrap_restorer(model, local_rank):
    return DistributedDataParallel(model.to(local_rank), device_ids=[local_rank])


def resume_embedder(embedder, path):
    info = torch.load(path)
    embedder.load_state_dict(info["state_dict"])
    optimizer = torch.optim.Adam(embedder.parameters())
    optimizer.load_state_dict(info["optimizer"])
    return embedder, optimizer
"""
TRAIN_MULTI = """\
import torch.distributed as dist

from utils import wrap_restorer

if __name__ == "__main__":
    dist.init_process_group("nccl")
    model = wrap_restorer(build(), dist.get_rank())
"""
TRAIN_SINGLE = """\
from utils import resume_embedder

if __name__ == "__main__":
    embedder, optimizer = resume_embedder(build().cuda(), "ckpts/embedder.tar")
"""
README = """\
```
torchrun --nproc_per_node=4 train_multi.py
python train_single.py --check-dir ./ckpts
```
"""
BASE = {
    ".git/HEAD": "ref: refs/heads/main\n",  # a checkout: the project's root
    "utils.py": UTILS,
    "train_multi.py": TRAIN_MULTI,
    "train_single.py": TRAIN_SINGLE,
    "README.md": README,
}


def _findings(tmp_path: Path, changed: dict[str, str] | None = None) -> list[str]:
    return lint_tree(tmp_path / "project", {**BASE, **(changed or {})}, "TPL108")


def test_a_helper_only_one_process_programs_call_runs_in_one_process(tmp_path: Path) -> None:
    assert _findings(tmp_path) == []


def test_a_helper_a_torchrun_trainer_also_calls_resumes_on_every_rank(tmp_path: Path) -> None:
    multi = TRAIN_MULTI.replace("wrap_restorer\n", "wrap_restorer, resume_embedder\n") + (
        '    resume_embedder(model, "ckpts/embedder.tar")\n'
    )
    assert _findings(tmp_path, {"train_multi.py": multi}) == ["utils.py:10"]


def test_a_helper_handed_on_has_callers_unknown(tmp_path: Path) -> None:
    single = TRAIN_SINGLE + "    RESUMERS = {'embedder': resume_embedder}\n"
    assert _findings(tmp_path, {"train_single.py": single}) == ["utils.py:10"]


def test_a_helper_its_own_module_calls_has_that_module_s_callers(tmp_path: Path) -> None:
    utils = UTILS + "\n\ndef resume_all(model, path):\n    return resume_embedder(model, path)\n"
    assert _findings(tmp_path, {"utils.py": utils}) == ["utils.py:10"]


def test_an_example_naming_the_helper_may_call_it_from_several_processes(tmp_path: Path) -> None:
    example = "import torch.distributed as dist\nfrom utils import resume_embedder\n"
    assert _findings(tmp_path, {"examples/ddp.py": example}) == ["utils.py:10"]


def test_a_caller_no_launch_runs_and_written_for_ranks_may_run_in_several(
    tmp_path: Path,
) -> None:
    readme = README.replace("python train_single.py --check-dir ./ckpts\n", "")
    single = TRAIN_SINGLE.replace("if __name__", "WORLD_SIZE = 1\n\nif __name__")
    assert _findings(tmp_path, {"README.md": readme, "train_single.py": single}) == ["utils.py:10"]


def test_a_caller_no_launch_runs_and_written_for_one_process_runs_alone(
    tmp_path: Path,
) -> None:
    readme = README.replace("python train_single.py --check-dir ./ckpts\n", "")
    assert _findings(tmp_path, {"README.md": readme}) == []


def test_a_helper_that_starts_processes_is_left_to_its_file(tmp_path: Path) -> None:
    utils = UTILS.replace(
        "    return embedder, optimizer\n",
        "    torch.multiprocessing.spawn(train, args=(embedder,), nprocs=4)\n",
    )
    assert _findings(tmp_path, {"utils.py": utils}) == ["utils.py:10"]


# -- TPL402: the same reach, for one node ---------------------------------------------------------
RANKS = """\
import torch
import torch.distributed as dist


def bind_this_rank():
    torch.cuda.set_device(dist.get_rank())


def world():
    return dist.get_world_size()
"""
TRAIN = """\
import torch.distributed as dist

from ranks import bind_this_rank

if __name__ == "__main__":
    dist.init_process_group("nccl")
    bind_this_rank()
"""
#: An importer launched on two nodes: the module's own reach spans nodes.
REPORT = """\
import os

from ranks import world

if __name__ == "__main__":
    print(world(), os.environ["RANK"])
"""
ONE_NODE = {
    ".git/HEAD": "ref: refs/heads/main\n",
    "ranks.py": RANKS,
    "train.py": TRAIN,
    "report.py": REPORT,
    "README.md": (
        "```\ntorchrun --nproc_per_node=8 train.py\n"
        "torchrun --nnodes=2 --nproc_per_node=8 report.py\n```\n"
    ),
}


def _rank_findings(tmp_path: Path, changed: dict[str, str] | None = None) -> list[str]:
    return lint_tree(tmp_path / "project", {**ONE_NODE, **(changed or {})}, GLOBAL_RANK_RULES)


def test_a_helper_only_one_node_launches_call_sees_this_node_s_gpus(tmp_path: Path) -> None:
    assert _rank_findings(tmp_path) == []


def test_a_helper_a_two_node_importer_calls_may_span_nodes(tmp_path: Path) -> None:
    report = REPORT.replace("import world", "import bind_this_rank, world") + (
        "    bind_this_rank()\n"
    )
    assert _rank_findings(tmp_path, {"report.py": report}) == ["ranks.py:6"]


def test_a_helper_naming_a_node_setting_is_left_to_its_module(tmp_path: Path) -> None:
    ranks = RANKS.replace(
        "    torch.cuda.set_device(dist.get_rank())\n",
        '    torch.cuda.set_device(dist.get_rank())\n    print(os.environ["NODE_RANK"])\n',
    )
    assert _rank_findings(tmp_path, {"ranks.py": "import os\n" + ranks}) == ["ranks.py:7"]


def test_a_helper_of_an_installable_package_may_be_called_from_outside(tmp_path: Path) -> None:
    packaged = {"pyproject.toml": "[project]\nname = 'ranks'\n"}
    assert _rank_findings(tmp_path, packaged) == ["ranks.py:6"]
    assert _findings(tmp_path / "one-process", packaged) == ["utils.py:10"]


def test_a_helper_a_configuration_names_may_be_called_from_it(tmp_path: Path) -> None:
    config = {"conf/setup.yaml": "setup:\n  _target_: ranks.bind_this_rank\n"}
    assert _rank_findings(tmp_path, config) == ["ranks.py:6"]


@pytest.mark.parametrize(
    "reach",
    [
        'import importlib\n\nimportlib.import_module("ranks").bind_this_rank()\n',
        'import ranks\n\ngetattr(ranks, "bind_this_rank")()\n',
    ],
)
def test_a_helper_reached_where_calls_are_not_followed_may_run_there(
    tmp_path: Path, reach: str
) -> None:
    assert _rank_findings(tmp_path, {"report.py": REPORT + reach}) == ["ranks.py:6"]


# -- uses the call search does not follow leave the callers unknown -------------------------------
RESUME_CALL = '    resume_embedder(model, "ckpts/embedder.tar")\n'


@pytest.mark.parametrize(
    "multi",
    [
        # A star import: the call is there, under a name no import statement spells.
        TRAIN_MULTI.replace("import wrap_restorer\n", "import *\n") + RESUME_CALL,
        # A member looked up by a name built at run time.
        TRAIN_MULTI.replace("from utils import wrap_restorer\n", "import utils\n").replace(
            "wrap_restorer(", "utils.wrap_restorer("
        )
        + '    getattr(utils, f"resume_{KIND}")(model, "ckpts/embedder.tar")\n',
        # The call in a statement this Python cannot parse (Python 2's `print`).
        TRAIN_MULTI.replace("import wrap_restorer\n", "import wrap_restorer, resume_embedder\n")
        + '    print "resuming", resume_embedder(model, "ckpts/embedder.tar")\n',
    ],
    ids=["star-import", "built-name", "unparsed-statement"],
)
def test_a_torchrun_trainer_calling_it_where_calls_are_not_read_keeps_it(
    tmp_path: Path, multi: str
) -> None:
    assert _findings(tmp_path, {"train_multi.py": multi}) == ["utils.py:10"]


def test_a_call_through_a_package_re_exporting_it_keeps_it(tmp_path: Path) -> None:
    files = {
        "utils/__init__.py": "from .ckpt import resume_embedder, wrap_restorer\n",
        "utils/ckpt.py": UTILS,
        "utils.py": "",
        "train_multi.py": TRAIN_MULTI.replace(
            "from utils import wrap_restorer\n", "import utils\n"
        ).replace("wrap_restorer(", "utils.wrap_restorer(")
        + '    utils.resume_embedder(model, "ckpts/embedder.tar")\n',
    }
    tree = {k: v for k, v in {**BASE, **files}.items() if k != "utils.py"}
    assert lint_tree(tmp_path / "project", tree, "TPL108") == ["ckpt.py:10"]


def test_a_helper_a_decorator_may_register_is_called_unseen(tmp_path: Path) -> None:
    utils = UTILS.replace("def resume_embedder", "@register\ndef resume_embedder")
    assert _findings(tmp_path, {"utils.py": utils}) == ["utils.py:11"]


def test_a_launched_caller_a_torchrun_trainer_imports_runs_there_too(tmp_path: Path) -> None:
    resume = 'def resume(model):\n    return resume_embedder(model, "ckpts/embedder.tar")\n'
    single = TRAIN_SINGLE.replace("if __name__", resume + "\n\nif __name__")
    multi = (
        TRAIN_MULTI.replace(
            "from utils import wrap_restorer\n",
            ("from train_single import resume\nfrom utils import wrap_restorer\n"),
        )
        + "    resume(model)\n"
    )
    assert _findings(tmp_path, {"train_single.py": single, "train_multi.py": multi}) == [
        "utils.py:10"
    ]


def test_a_notebook_naming_the_helper_runs_it_on_one_machine(tmp_path: Path) -> None:
    # DiffusionTextGeneration's `dimension_research.ipynb` calls `bert_acc` in its kernel:
    # one process on one machine, so the one-node reading holds; one process does not follow
    # for a helper a notebook may hand to a launcher of its own.
    cell = '{"cells": [{"cell_type": "code", "source": ["bind_this_rank()"]}]}'
    assert _rank_findings(tmp_path / "nodes", {"explore.ipynb": cell}) == []
    resume = '{"cells": [{"cell_type": "code", "source": ["resume_embedder(m, p)"]}]}'
    assert _findings(tmp_path / "processes", {"explore.ipynb": resume}) == ["utils.py:10"]


@pytest.mark.parametrize(
    "source",
    [
        "notebook_launcher(bind_this_rank, num_processes=8, num_nodes=2)",
        "TorchTrainer(bind_this_rank, scaling_config=ScalingConfig(num_workers=16)) # ray",
        "%%writefile job.py\\nbind_this_rank()",
    ],
)
def test_a_notebook_starting_work_elsewhere_may_run_the_helper_there(
    tmp_path: Path, source: str
) -> None:
    cell = '{"cells": [{"cell_type": "code", "source": ["' + source + '"]}]}'
    assert _rank_findings(tmp_path, {"explore.ipynb": cell}) == ["ranks.py:6"]


@pytest.mark.parametrize(
    ("lines", "reached"),
    [
        # A member of a module from outside the project, or a method of a class's instance,
        # is not the helper (DiffusionTextGeneration's `F.mse_loss` beside its own).
        ("import torch.nn.functional as F\n\nF.bind_this_rank()\n", False),
        ("runner = Runner()\nrunner.bind_this_rank()\n", False),
        # What a function returns may be the module itself.
        ("runner = make()\nrunner.bind_this_rank()\n", True),
    ],
)
def test_a_member_of_the_same_name_elsewhere_reaches_the_helper_only_if_it_may_be_it(
    tmp_path: Path, lines: str, reached: bool
) -> None:
    other = {"tools/other.py": lines}
    assert _rank_findings(tmp_path, other) == (["ranks.py:6"] if reached else [])
