"""A resume helper whose file shows no several processes, called by multi-process code in
another file (xaytune's `load_checkpoint` in `trainer/checkpointing.py`, called by the recipe
that builds a `DistributedSampler`): TPL108's where the project shows that caller, TPL106's
where it does not, never both and never neither."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

HELPER = """\
import torch


def load_checkpoint(checkpoint_dir, model, optimizer):
    model.load_state_dict(torch.load(f"{checkpoint_dir}/model.pt"))
    optimizer.load_state_dict(torch.load(f"{checkpoint_dir}/optimizer.pt"))
"""

MULTI_PROCESS_CALLER = """\
import torch
from torch.utils.data.distributed import DistributedSampler

from pkg.checkpointing import load_checkpoint


def train(model, optimizer, data, rank, world_size, resume):
    sampler = DistributedSampler(data, num_replicas=world_size, rank=rank)
    model.to(f"cuda:{rank}")
    if resume:
        load_checkpoint(resume, model, optimizer)
"""

ONE_PROCESS_CALLER = """\
import torch

from pkg.checkpointing import load_checkpoint


def train(model, optimizer, data, resume):
    model.to("cuda")
    if resume:
        load_checkpoint(resume, model, optimizer)
"""


def _findings(root: Path, files: dict[str, str]) -> list[tuple[str, str, int, str]]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = LintConfig(select=("TPL106", "TPL108"), preview=True)
    result = run([str(root)], config, cache_dir=None)
    return sorted((f.code, Path(f.path).name, f.line, f.message) for f in result.findings)


def _helper_with_caller(root: Path, caller: str) -> list[tuple[str, str, int, str]]:
    files = {"pkg/__init__.py": "", "pkg/checkpointing.py": HELPER, "pkg/train.py": caller}
    return _findings(root, files)


def test_a_resume_helper_called_by_multi_process_code_is_tpl108_naming_the_caller(
    tmp_path: Path,
) -> None:
    found = _helper_with_caller(tmp_path, MULTI_PROCESS_CALLER)
    assert [(code, name, line) for code, name, line, _ in found] == [
        ("TPL108", "checkpointing.py", 5),
        ("TPL108", "checkpointing.py", 6),
    ]
    message = found[0][3]
    assert "resumes training" in message and "`optimizer` (line 6)" in message
    assert message.endswith("(`load_checkpoint` is called at %s:11)" % (tmp_path / "pkg/train.py"))


def test_a_resume_helper_with_only_one_process_callers_stays_tpl106_saying_what_it_needs(
    tmp_path: Path,
) -> None:
    found = _helper_with_caller(tmp_path, ONE_PROCESS_CALLER)
    assert [(code, name, line) for code, name, line, _ in found] == [
        ("TPL106", "checkpointing.py", 5),
        ("TPL106", "checkpointing.py", 6),
    ]
    assert all("pass `map_location` if several processes may run it" in f[3] for f in found)


def test_a_caller_launched_only_as_one_process_does_not_count(tmp_path: Path) -> None:
    found = _findings(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/checkpointing.py": HELPER,
            "pkg/train.py": MULTI_PROCESS_CALLER + '\n\nif __name__ == "__main__":\n    pass\n',
            "run.sh": "python pkg/train.py --resume ckpt\n",
        },
    )
    assert [code for code, *_ in found] == ["TPL106", "TPL106"]


def test_a_distributed_sampler_shows_several_processes_in_the_file_itself(
    tmp_path: Path,
) -> None:
    source = HELPER + (
        "\n\ndef loader(data, rank, world_size):\n"
        "    return DistributedSampler(data, num_replicas=world_size, rank=rank)\n"
    )
    found = _findings(tmp_path, {"resume.py": source})
    assert [(code, line) for code, _, line, _ in found] == [("TPL108", 5), ("TPL108", 6)]
    assert "this multi-process code resumes training" in found[0][3]


def test_a_resume_in_a_method_is_left_to_tpl106_as_before(tmp_path: Path) -> None:
    source = (
        "import torch\n\n\nclass Trainer:\n"
        "    def resume(self, d):\n"
        '        self.model.load_state_dict(torch.load(f"{d}/model.pt"))\n'
        '        self.optimizer.load_state_dict(torch.load(f"{d}/optimizer.pt"))\n'
    )
    found = _findings(tmp_path, {"pkg/__init__.py": "", "pkg/trainer.py": source})
    assert [(code, line) for code, _, line, _ in found] == [("TPL106", 6), ("TPL106", 7)]
    assert not any("several processes may run it" in f[3] for f in found)


def test_a_caller_of_its_own_function_of_the_same_name_does_not_count(tmp_path: Path) -> None:
    # FFB6D: `train_ycb.py` (multi-process) defines and calls its own `load_checkpoint`;
    # `demo.py`'s helper of the same name only ever runs in the one-process demo.
    own = MULTI_PROCESS_CALLER.replace(
        "from pkg.checkpointing import load_checkpoint\n",
        "\n\ndef load_checkpoint(d, model, optimizer):\n    pass\n",
    )
    found = _findings(
        tmp_path,
        {"pkg/__init__.py": "", "pkg/checkpointing.py": HELPER, "pkg/train.py": own},
    )
    assert [(code, name) for code, name, *_ in found] == [
        ("TPL106", "checkpointing.py"),
        ("TPL106", "checkpointing.py"),
    ]


def _codes(root: Path, files: dict[str, str]) -> list[str]:
    return [code for code, *_ in _findings(root, {"pkg/__init__.py": "", **files})]


TRAIN_HEAD = "import torch\nimport torch.distributed as dist\n"


@pytest.mark.parametrize(
    ("imports", "body", "code"),
    [
        # Under another name: still the helper.
        (
            "from pkg.checkpointing import load_checkpoint as restore\n",
            "    dist.init_process_group('nccl')\n    restore(d, model, optimizer)\n",
            "TPL108",
        ),
        # Another project module's function of the same name.
        (
            "from pkg.ddp_utils import load_checkpoint\n",
            "    dist.init_process_group('nccl')\n    load_checkpoint(d, model, optimizer)\n",
            "TPL106",
        ),
        # A one-process arm of the caller.
        (
            "from pkg.checkpointing import load_checkpoint\n",
            "    if not dist.is_initialized():\n        load_checkpoint(d, model, optimizer)\n",
            "TPL106",
        ),
        # Only rank 0 resumes, and the file saves only from rank 0.
        (
            "from pkg.checkpointing import load_checkpoint\n",
            "    rank = dist.get_rank()\n"
            "    if rank == 0:\n"
            "        load_checkpoint(d, model, optimizer)\n"
            "    if rank == 0:\n"
            "        torch.save(model.state_dict(), 'model.pt')\n",
            "TPL106",
        ),
        # One process per node driving its GPUs from cuda:0.
        (
            "from torch.nn.parallel import DistributedDataParallel\n"
            "from pkg.checkpointing import load_checkpoint\n",
            "    dist.init_process_group('nccl')\n"
            "    model = DistributedDataParallel(model.cuda())\n"
            "    load_checkpoint(d, model, optimizer)\n",
            "TPL106",
        ),
    ],
)
def test_which_callers_make_a_resume_helper_tpl108(
    tmp_path: Path, imports: str, body: str, code: str
) -> None:
    train = TRAIN_HEAD + imports + "\n\ndef train(d, model, optimizer):\n" + body
    files = {
        "pkg/checkpointing.py": HELPER,
        "pkg/ddp_utils.py": "def load_checkpoint(d, model, optimizer):\n    pass\n",
        "pkg/train.py": train,
    }
    assert _codes(tmp_path, files) == [code, code]


def test_a_function_imported_from_outside_the_project_is_not_the_helper(tmp_path: Path) -> None:
    # mmcv's `load_checkpoint` from a module whose last name is the helper's module's.
    train = (
        TRAIN_HEAD + "from mmcv.runner.checkpoint import load_checkpoint\n\n\n"
        "def train(d, model, optimizer):\n"
        "    dist.init_process_group('nccl')\n    load_checkpoint(d, model, optimizer)\n"
    )
    files = {"pkg/checkpoint.py": HELPER, "pkg/train.py": train}
    assert _codes(tmp_path, files) == ["TPL106", "TPL106"]


@pytest.mark.parametrize(
    "helper",
    [
        HELPER.replace("import torch\n", "import torch as T\n").replace("torch.load", "T.load"),
        HELPER.replace(
            "def load_checkpoint(checkpoint_dir, model, optimizer):\n",
            "def load_checkpoint(checkpoint_dir, model, optimizer, distributed=False):\n"
            "  if not distributed:\n",
        ),
    ],
    ids=["a spelling TPL108 does not read", "a one-process arm of the helper"],
)
def test_a_load_tpl108_leaves_stays_tpl106_whatever_its_callers(
    tmp_path: Path, helper: str
) -> None:
    files = {"pkg/checkpointing.py": helper, "pkg/train.py": MULTI_PROCESS_CALLER}
    found = _findings(tmp_path, {"pkg/__init__.py": "", **files})
    assert [code for code, *_ in found] == ["TPL106", "TPL106"]
    assert not any("several processes may run it" in message for *_, message in found)


@pytest.mark.parametrize(
    ("sampler", "code"),
    [
        ("class DistributedSampler(Sampler):\n    pass\n", "TPL106"),
        (
            "from torch.utils.data.distributed import DistributedSampler as DS\n\n\n"
            "def loader(data):\n    return DS(data)\n",
            "TPL108",
        ),
        (
            "from torch.utils.data.distributed import DistributedSampler\n\n\n"
            "def sampled(s):\n    return isinstance(s, DistributedSampler)\n",
            "TPL106",
        ),
    ],
)
def test_a_sampler_counts_where_it_is_built(tmp_path: Path, sampler: str, code: str) -> None:
    found = _findings(tmp_path, {"resume.py": HELPER + "\n\n" + sampler})
    assert [c for c, *_ in found] == [code, code]


def test_an_absolute_import_is_found_from_the_callers_own_directories(tmp_path: Path) -> None:
    # PointContrast: `semseg/ddp_main.py` runs `from lib.train import load_checkpoint`, its
    # own `semseg/lib/train.py`, not `votenet/lib/train.py` (the helper here).
    caller = MULTI_PROCESS_CALLER.replace(
        "from pkg.checkpointing import load_checkpoint", "from lib.train import load_checkpoint"
    )
    files = {
        "setup.py": "",  # one project
        "votenet/lib/train.py": HELPER,
        "semseg/lib/train.py": "def load_checkpoint(d, model, optimizer):\n    pass\n",
        "semseg/ddp_main.py": caller,
    }
    found = _findings(tmp_path, files)
    assert [(code, name) for code, name, *_ in found] == [("TPL106", "train.py")] * 2
    files["votenet/ddp_main.py"] = caller  # the votenet script's own import: the helper
    found = _findings(tmp_path, files)
    assert [(code, name) for code, name, *_ in found] == [("TPL108", "train.py")] * 2


def test_a_load_only_horovods_rank_zero_runs_of_its_rank_zero_save_is_safe(
    tmp_path: Path,
) -> None:
    # MONAI's Horovod evaluation: `if hvd.rank() == 0:` restores what the training script
    # saved under the same test, onto rank 0's own GPU; the others get it by broadcast.
    head = (
        "import horovod.torch as hvd\nimport torch\n"
        "from torch.utils.data.distributed import DistributedSampler\n\n\n"
    )
    train = head + (
        "def train(model, data):\n"
        "    sampler = DistributedSampler(data, num_replicas=hvd.size(), rank=hvd.rank())\n"
        "    model.to(f'cuda:{hvd.local_rank()}')\n"
        "    if hvd.rank() == 0:\n"
        "        torch.save(model.state_dict(), 'final_model.pth')\n"
    )
    evaluate = head + (
        "def evaluate(model, data):\n"
        "    sampler = DistributedSampler(data, num_replicas=hvd.size(), rank=hvd.rank())\n"
        "    model.to(f'cuda:{hvd.local_rank()}')\n"
        "    if hvd.rank() == 0:\n"
        "        model.load_state_dict(torch.load('final_model.pth'))\n"
    )
    project = {"setup.py": "", "train.py": train}  # one project: its saves are read
    assert _findings(tmp_path, {**project, "evaluate.py": evaluate}) == []
    # Every rank restoring it is TPL108's.
    every_rank = evaluate.replace("    if hvd.rank() == 0:\n        model", "    model")
    found = _findings(tmp_path, {**project, "evaluate.py": every_rank})
    assert [(code, name) for code, name, *_ in found] == [("TPL108", "evaluate.py")]


def test_an_alias_of_the_helper_beside_a_function_of_its_name_from_elsewhere(
    tmp_path: Path,
) -> None:
    train = (
        TRAIN_HEAD + "from mmcv.runner.checkpoint import load_checkpoint\n"
        "from pkg.checkpointing import load_checkpoint as restore\n\n\n"
        "def train(d, model, optimizer, backbone):\n"
        "    dist.init_process_group('nccl')\n"
        "    load_checkpoint(backbone, 'pretrained.pth')\n"
        "    restore(d, model, optimizer)\n"
    )
    assert _codes(tmp_path, {"pkg/checkpointing.py": HELPER, "pkg/train.py": train}) == [
        "TPL108",
        "TPL108",
    ]


def test_a_caller_nested_too_deeply_to_read_leaves_the_load_to_one_rule(tmp_path: Path) -> None:
    deep = "TABLE = " + "+".join(["1"] * 3000) + "\n"
    train = MULTI_PROCESS_CALLER.replace("import torch\n", "import torch\n" + deep, 1)
    codes = _codes(tmp_path, {"pkg/checkpointing.py": HELPER, "pkg/train.py": train})
    assert codes in (["TPL106", "TPL106"], ["TPL108", "TPL108"])
