"""TPL402 in a project whose every process group is confined to one node, across files."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.lint.project_tree import GLOBAL_RANK_RULES

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

INIT = """\
import os

import torch
import torch.distributed as dist


def init_distributed_mode():
    os.environ["MASTER_ADDR"] = "localhost"
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    dist.init_process_group(backend="nccl")
"""
POLICY = """\
import os

from torch.nn.parallel import DistributedDataParallel as DDP


class Policy:
    def __init__(self, model):
        self.rank = int(os.environ["RANK"])
        self.model = DDP(model, device_ids=[self.rank])
"""
MULTI_NODE_LAUNCHER = """\
import torch.distributed as dist


def main():
    dist.init_process_group(backend="nccl")
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _tpl402(project: Path) -> list[str]:
    config = LintConfig(select=GLOBAL_RANK_RULES, preview=True)
    lint_run = run([str(project)], config, cache_dir=None, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings]


def test_a_loopback_pin_in_another_file_confines_the_project(tmp_path: Path) -> None:
    project = tmp_path / "agents"
    _write(project / "setup.py", "")
    _write(project / "agents" / "__init__.py", "")
    _write(project / "agents" / "operations.py", INIT)
    policy = _write(project / "agents" / "policy.py", POLICY)
    assert _tpl402(policy) == []


def test_one_unconfined_group_anywhere_in_the_tree_keeps_the_finding(tmp_path: Path) -> None:
    project = tmp_path / "agents"
    _write(project / "setup.py", "")
    _write(project / "agents" / "operations.py", INIT)
    policy = _write(project / "agents" / "policy.py", POLICY)
    # An example launcher with the launcher's own address counts, though examples are not
    # the project's library code: a user may start that one on several nodes.
    _write(project / "examples" / "train_multi_node.py", MULTI_NODE_LAUNCHER)
    assert _tpl402(policy) == ["policy.py:9"]


def test_a_project_that_creates_no_group_is_not_confined(tmp_path: Path) -> None:
    project = tmp_path / "agents"
    _write(project / "setup.py", "")
    policy = _write(project / "agents" / "policy.py", POLICY)
    assert _tpl402(policy) == ["policy.py:9"]


SCRIPT = """\
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def wrap_model(model):
    return DistributedDataParallel(model, device_ids=[dist.get_rank()])


if __name__ == "__main__":
    dist.init_process_group(backend="nccl")
"""


def test_an_unused_script_function_is_left_unless_another_file_names_the_script(
    tmp_path: Path,
) -> None:
    project = tmp_path / "vlm"
    _write(project / "pyproject.toml", "")
    script = _write(project / "utils" / "run_evals.py", SCRIPT)
    assert _tpl402(project) == []
    # Another file imports the script: its function may be called from there.
    _write(project / "train.py", "from utils.run_evals import wrap_model\n")
    assert _tpl402(script) == ["run_evals.py:6"]


def test_a_cached_finding_follows_a_pin_added_in_another_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    project = tmp_path / "agents"
    _write(project / "setup.py", "")
    _write(project / "agents" / "policy.py", POLICY)
    cache = tmp_path / "cache"
    config = LintConfig(select=GLOBAL_RANK_RULES, preview=True)

    def findings() -> list[str]:
        lint_run = run([str(project)], config, cache_dir=cache, jobs=1)
        return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings]

    assert findings() == ["policy.py:9"]
    assert findings() == ["policy.py:9"]  # warm
    init = _write(project / "agents" / "operations.py", INIT)
    assert findings() == []
    init.unlink()
    assert findings() == ["policy.py:9"]


RUN_TRAINING = """\
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def setup_ddp(rank, world_size):
    dist.init_process_group("nccl", rank=rank, world_size=world_size)


def run_ddp(rank, world_size):
    setup_ddp(rank, world_size)
    torch.cuda.set_device(torch.device("cuda", dist.get_rank()))


def main(num_gpus):
    mp.spawn(run_ddp, args=(num_gpus,), nprocs=num_gpus, join=True)
"""
FROM_PRETRAINED = """\
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

from trainer.run_training import setup_ddp


def run_ddp(rank, world_size):
    setup_ddp({rank}, world_size)
    torch.cuda.set_device(torch.device("cuda", dist.get_rank()))


def main(num_gpus):
    mp.spawn(run_ddp, args=(num_gpus,), nprocs=num_gpus){direct}
"""
LOAD_WEIGHTS = """\
import torch
import torch.distributed as dist


def load_pretrained_weights(fname):
    return torch.load(fname, map_location=torch.device("cuda", dist.get_rank()))
"""


def _spawned_project(tmp_path: Path, rank: str = "rank", direct: str = "") -> Path:
    project = tmp_path / "trainer"
    _write(project / "setup.py", "")
    _write(project / "trainer" / "__init__.py", "")
    _write(project / "trainer" / "run_training.py", RUN_TRAINING)
    text = FROM_PRETRAINED.format(rank=rank, direct=direct)
    _write(project / "trainer" / "run_training_from_pretrained.py", text)
    _write(project / "trainer" / "load_pretrained_weights.py", LOAD_WEIGHTS)
    return project


def test_a_group_made_by_a_helper_every_spawn_target_hands_its_index_is_confined(
    tmp_path: Path,
) -> None:
    # nnU-Net: two scripts spawn one process per local GPU, and both targets make the group
    # with the shared helper, `rank=` their spawn index: the job cannot span nodes.
    assert _tpl402(_spawned_project(tmp_path)) == []


def test_a_helper_caller_passing_a_global_rank_keeps_the_findings(tmp_path: Path) -> None:
    project = _spawned_project(tmp_path, rank="node_rank * world_size + rank")
    assert _tpl402(project) == [
        "load_pretrained_weights.py:6",
        "run_training_from_pretrained.py:10",
    ]


def test_a_spawn_target_also_called_directly_keeps_the_findings(tmp_path: Path) -> None:
    # Called directly, the target's first parameter is whatever that caller passes.
    project = _spawned_project(tmp_path, direct="\n    run_ddp(int(os.environ['RANK']), 2)")
    assert _tpl402(project) == [
        "load_pretrained_weights.py:6",
        "run_training_from_pretrained.py:10",
    ]


GUARDED_MAIN = """\
import torch
import torch.distributed as dist


if __name__ == "__main__":
    dist.init_process_group("nccl", init_method="env://")
    if dist.get_world_size() != torch.cuda.device_count():
        raise ValueError("Expect the number of GPUs to equal the world size")
"""


@pytest.mark.parametrize(
    ("main", "flagged"),
    [
        (GUARDED_MAIN, False),
        # `assert` of the same equality
        (
            GUARDED_MAIN.replace(
                "    if dist.get_world_size() != torch.cuda.device_count():\n"
                '        raise ValueError("Expect the number of GPUs to equal the world size")\n',
                "    assert dist.get_world_size() == torch.cuda.device_count()\n",
            ),
            False,
        ),
        # a test that only warns stops nothing
        (GUARDED_MAIN.replace("raise ValueError", "print"), True),
        # a test of something else
        (GUARDED_MAIN.replace("torch.cuda.device_count()", "8"), True),
    ],
)
def test_a_job_that_stops_unless_its_world_is_one_machines_gpus_is_confined(
    tmp_path: Path, main: str, flagged: bool
) -> None:
    # OpenGait's `main.py` (fresh-54): the group, then a stop unless the world size is
    # `torch.cuda.device_count()`; two nodes would double the world size.
    project = tmp_path / "gait"
    _write(project / "setup.py", "")
    _write(project / "gait" / "__init__.py", "")
    _write(project / "gait" / "main.py", main)
    policy = _write(project / "gait" / "policy.py", POLICY)
    assert _tpl402(policy) == (["policy.py:9"] if flagged else [])


SPAWNED_PARSE = """\
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def main(args):
    if torch.cuda.device_count() > 1:
        os.environ["MASTER_ADDR"] = "tcp://localhost"
        mp.spawn(parse, args=(args,), nprocs=torch.cuda.device_count())
    else:
        parse({direct}, args)


def parse(local_rank, args):
    if torch.cuda.device_count() > 1:
        dist.init_process_group(
            backend="nccl",
            init_method=f"{{os.environ['MASTER_ADDR']}}:{{os.environ['MASTER_PORT']}}",
            world_size=torch.cuda.device_count(),
            rank=local_rank,
        )
"""
PREFETCHER = """\
import torch
import torch.distributed as dist


def run():
    # the loader's thread binds its process's GPU by the rank (supar's `utils/data.py`)
    torch.cuda.set_device(dist.get_rank())
"""


@pytest.mark.parametrize(
    ("direct", "flagged"),
    [
        # supar: the spawn target makes the group with `rank=` its spawn index; the script's
        # one-GPU arm calls it directly as the one process, rank 0 or none
        ("0 if torch.cuda.is_available() else -1", False),
        ("0", False),
        # a direct call with a rank from elsewhere may be any process of a larger job
        ("int(os.environ['RANK'])", True),
    ],
)
def test_a_spawn_target_making_the_group_with_its_index_is_confined(
    tmp_path: Path, direct: str, flagged: bool
) -> None:
    project = tmp_path / "supar"
    _write(project / "setup.py", "")
    _write(project / "supar" / "__init__.py", "")
    _write(project / "supar" / "run.py", SPAWNED_PARSE.format(direct=direct))
    _write(project / "supar" / "data.py", PREFETCHER)
    assert bool(_tpl402(project)) == flagged
