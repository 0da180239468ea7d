"""TPL412 takes TPL402's findings in files the project itself shows on several nodes."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig, lint_source
from torchplace.lint.config import DEFAULT_MAX_FILE_BYTES
from torchplace.lint.launch_commands import LaunchIndex, read_launches
from torchplace.lint.node_evidence import several_nodes_shown
from torchplace.lint.runner import run

TRAIN = """\
import os

import torch
import torch.distributed as dist


def main():
    dist.init_process_group("nccl")
    torch.cuda.set_device(int(os.environ["RANK"]))


if __name__ == "__main__":
    main()
"""
SET_DEVICE_LINE = 9


def _findings(
    root: Path, files: dict[str, str], select: tuple[str, ...] = ("TPL402", "TPL412")
) -> list[tuple[str, str, int, str]]:
    """(code, file name, line, message) of TPL402's and TPL412's findings in `files`."""
    for name, text in {"pyproject.toml": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = LintConfig(select=select, preview=True)
    result = run([str(root)], config, cache_dir=None, jobs=1)
    found = [(f.code, Path(f.path).name, f.line, f.message) for f in result.findings]
    lines = [(name, line) for _, name, line, _ in found]
    assert len(lines) == len(set(lines)), "a line flagged by both rules"
    return found


@pytest.mark.parametrize(
    ("files", "shown"),
    [
        # A launch over two nodes, or one that leaves the count open.
        ({"README.md": "torchrun --nnodes=2 --nproc_per_node=8 train.py\n"}, "README.md:1"),
        ({"run.sh": "torchrun --nnodes=$NNODES --nproc_per_node=8 train.py\n"}, "run.sh:1"),
        ({"run.sh": "deepspeed train.py --deepspeed ds.json\n"}, "run.sh:1"),
        ({"run.sh": "#!/bin/bash\n#SBATCH --nodes=4\nsrun python train.py\n"}, "run.sh:3"),
        # A job script a cluster launcher runs on every node of the job.
        (
            {
                "job.sh": "#!/bin/bash\npython train.py\n",
                "submit.sh": "srun -N 2 bash job.sh\n",
            },
            "job.sh:2",
        ),
        # After a `cd`, a name no other file of the project has.
        ({"run.sh": "cd $REPO\ntorchrun --nnodes=2 train.py\n"}, "run.sh:2"),
        # No launch written: the code names a node setting.
        (
            {
                "train.py": TRAIN.replace(
                    "def main():", "NODE = os.environ['NODE_RANK']\ndef main():"
                )
            },
            "NODE_RANK",
        ),
        # No launch written: its own comment launches it over nodes.
        ({"train.py": "# srun -N 2 python train.py\n" + TRAIN}, "srun -N 2"),
    ],
)
def test_a_file_the_project_shows_on_several_nodes_is_tpl412s(
    tmp_path: Path, files: dict[str, str], shown: str
) -> None:
    found = _findings(tmp_path, {"train.py": TRAIN, **files})
    assert [(code, name) for code, name, _, _ in found] == [("TPL412", "train.py")]
    assert shown in found[0][3]


def test_a_file_named_for_several_nodes_is_tpl412s(tmp_path: Path) -> None:
    found = _findings(tmp_path, {"train_multi_node.py": TRAIN})
    assert [(code, name, line) for code, name, line, _ in found] == [
        ("TPL412", "train_multi_node.py", SET_DEVICE_LINE)
    ]


@pytest.mark.parametrize(
    "files",
    [
        # Nothing launches it and nothing in it names nodes: whether it spans them is open.
        {},
        # Launched on one node only, yet its code names a node setting (an unused argument):
        # TPL402 keeps it open, but nothing shows a second node.
        {
            "README.md": "torchrun --nproc_per_node=8 train.py\n",
            "train.py": TRAIN.replace("def main():", "NODES = 'num_nodes'\ndef main():"),
        },
        # Nodes named only in comments and prose, or a graph's vertex count.
        {"train.py": "# Multi-node runs are not supported (SLURM_NODEID unread).\n" + TRAIN},
        {
            "train.py": "import torch_geometric\n"
            + TRAIN.replace(
                "def main():", "def count(data):\n    return data.num_nodes\n\n\ndef main():"
            )
        },
        # A plain command that only sits in a cluster script: run once, on one host.
        {"run.sh": "#!/bin/bash\n#$ -pe smp 2\npython train.py\nqsub run.sh\n"},
        {"run.sh": "#!/bin/bash\n#SBATCH --nodes=4\npython train.py\n"},
        # A launch over nodes after a `cd`: the `train.py` it runs is another folder's.
        {
            "run.sh": "cd other\ntorchrun --nnodes=2 --nproc_per_node=8 train.py\n",
            "other/train.py": "print('another')\n",
        },
        # A launch over nodes whose script's path names several files, none beside it.
        {
            "docs/README.md": "torchrun --nnodes=2 --nproc_per_node=8 train.py\n",
            "other/train.py": "print('another')\n",
            "more/train.py": "print('and another')\n",
        },
    ],
)
def test_a_file_the_project_does_not_show_on_several_nodes_stays_tpl402s(
    tmp_path: Path, files: dict[str, str]
) -> None:
    found = _findings(tmp_path, {"train.py": TRAIN, **files})
    assert [(code, name) for code, name, _, _ in found] == [("TPL402", "train.py")]


def test_a_file_launched_only_on_one_node_is_neither_rules(tmp_path: Path) -> None:
    files = {"train.py": TRAIN, "README.md": "torchrun --nproc_per_node=8 train.py\n"}
    assert _findings(tmp_path, files) == []


def test_a_module_beside_a_multi_node_trainer_shows_nothing_itself(tmp_path: Path) -> None:
    # The trainer is launched over nodes; the helper module it imports is not read through it.
    helper = TRAIN.replace('\n\nif __name__ == "__main__":\n    main()\n', "\n")
    files = {
        "utils.py": helper,
        "train.py": "from utils import main\n\nmain()\n",
        "README.md": "torchrun --nnodes=2 --nproc_per_node=8 train.py\n",
    }
    assert [(code, name) for code, name, _, _ in _findings(tmp_path, files)] == [
        ("TPL402", "utils.py")
    ]


def test_the_evidence_reads_launches_before_the_code(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(TRAIN, encoding="utf-8")
    (tmp_path / "run.sh").write_text("torchrun --nnodes 2 train.py\n", encoding="utf-8")
    path = str(tmp_path / "train.py")
    code = b"nnodes = 1\n" + TRAIN.encode()
    launches: LaunchIndex = read_launches(str(tmp_path), DEFAULT_MAX_FILE_BYTES)
    assert several_nodes_shown(path, code, launches) == (
        "(the project runs it on several nodes: run.sh:1: torchrun --nnodes 2 train.py)"
    )
    (tmp_path / "run.sh").write_text("torchrun --nnodes 1 train.py\n", encoding="utf-8")
    assert (
        several_nodes_shown(path, code, read_launches(str(tmp_path), DEFAULT_MAX_FILE_BYTES))
        is None
    )


def test_tpl402_alone_keeps_the_sites_tpl412_would_take(tmp_path: Path) -> None:
    files = {"train.py": TRAIN, "README.md": "torchrun --nnodes=2 --nproc_per_node=8 train.py\n"}
    found = _findings(tmp_path, files, select=("TPL402",))
    assert [(code, name, line) for code, name, line, _ in found] == [
        ("TPL402", "train.py", SET_DEVICE_LINE)
    ]


@pytest.mark.parametrize("code", ["TPL402", "TPL412"])
def test_a_suppression_naming_either_code_silences_both(tmp_path: Path, code: str) -> None:
    suppressed = TRAIN.replace('["RANK"]))', f'["RANK"]))  # noqa: {code}')
    files = {"train.py": suppressed, "README.md": "torchrun --nnodes=2 train.py\n"}
    assert _findings(tmp_path, files) == []
    assert _findings(tmp_path / "alone", files, select=("TPL402",)) == []


def test_tpl412_keeps_tpl402s_project_exemptions(tmp_path: Path) -> None:
    # Every group of the project meets on this machine (a loopback address pinned before it):
    # the global rank is this node's GPU, whatever the code names of Slurm.
    pinned = TRAIN.replace(
        '    dist.init_process_group("nccl")',
        '    os.environ["MASTER_ADDR"] = "127.0.0.1"\n    dist.init_process_group("nccl")',
    ).replace("def main():", "NODE = os.environ['SLURM_NODEID']\n\n\ndef main():")
    assert _findings(tmp_path, {"train.py": pinned}) == []


def test_a_linked_file_reads_the_code_it_links_to(tmp_path: Path) -> None:
    root = tmp_path / "project"
    files = {"impl/train_impl.py": TRAIN, "README.md": "torchrun --nnodes=2 train.py\n"}
    _findings(root, files)
    (root / "train.py").symlink_to(root / "impl" / "train_impl.py")
    found = _findings(root, {})
    # The link and the file it names: one line, read the same way under both names.
    assert [(code, name) for code, name, _, _ in found] == [
        ("TPL412", "train_impl.py"),
        ("TPL412", "train.py"),
    ]


def test_a_project_folder_named_for_nodes_names_no_file(tmp_path: Path) -> None:
    found = _findings(tmp_path / "multi_node_experiments", {"train.py": TRAIN})
    assert [code for code, _, _, _ in found] == ["TPL402"]


def test_a_lone_file_reads_its_own_comment_launch() -> None:
    code = "# srun -N 2 python train.py\n" + TRAIN
    config = LintConfig(select=("TPL402", "TPL412"), preview=True)
    assert [f.code for f in lint_source(code, "train.py", config)] == ["TPL412"]


def test_a_job_step_of_one_node_is_neither_rules(tmp_path: Path) -> None:
    for name, launch in [
        ("step", "srun -N 1 python train.py\n"),
        ("job", "#!/bin/bash\n#SBATCH --nodes=1\nsrun python train.py\n"),
    ]:
        assert _findings(tmp_path / name, {"train.py": TRAIN, "run.sh": launch}) == []


JOB_OF_ONE_NODE = "#!/bin/bash\n#SBATCH --nodes=1\nsrun python train.py\n"


@pytest.mark.parametrize(
    ("files", "code"),
    [
        # Submitted over four nodes, the job's `srun` spans them by its own words.
        ({"job.sh": JOB_OF_ONE_NODE, "README.md": "sbatch -N 4 job.sh\n"}, "TPL412"),
        ({"job.sh": JOB_OF_ONE_NODE, "README.md": "salloc -N 4 bash job.sh\n"}, "TPL412"),
        # Options in a variable may name nodes: the `srun` of the job is left open, as
        # `--nnodes $NNODES` is.
        ({"job.sh": JOB_OF_ONE_NODE, "README.md": "sbatch $EXTRA job.sh\n"}, "TPL412"),
        # A job's batch script, and what `--wrap` gives it, run once on one host.
        (
            {
                "job.sh": "#!/bin/bash\npython train.py\n",
                "README.md": "sbatch -N 2 --job-name=srun-test -o mpirun.out job.sh\n",
            },
            "TPL402",
        ),
        ({"README.md": 'sbatch -N 2 --wrap "python train.py"\n'}, "TPL402"),
        # A step of one node runs its script on one node.
        ({"job.sh": "#!/bin/bash\npython train.py\n", "run.sh": "srun -N 1 bash job.sh\n"}, ""),
        # `mpirun` inside a one-node job takes the job's one host.
        ({"job.sh": "#!/bin/bash\n#SBATCH --nodes=1\nmpirun -np 8 python train.py\n"}, ""),
        # Steps of one node each joined into one group, a heterogeneous step, a directive
        # Slurm ignores, another job's allocation: not one node.
        (
            {
                "job.sh": "#!/bin/bash\n#SBATCH --nodes=2\nexport MASTER_ADDR=$HEAD\n"
                "srun -N 1 -r 1 python train.py &\n"
            },
            "TPL412",
        ),
        ({"run.sh": "srun -N 1 python train.py : -N 4 python train.py\n"}, "TPL412"),
        (
            {
                "job.sh": "#!/bin/bash\n#SBATCH --ntasks=16\n# SBATCH --nodes=1\n"
                "srun python train.py\n"
            },
            "TPL412",
        ),
        (
            {
                "job.sh": "#!/bin/bash\n#SBATCH --nodes=1\n"
                "SLURM_JOB_ID=$OTHER srun python train.py\n"
            },
            "TPL412",
        ),
        # Nodes named only in a docstring.
        (
            {
                "train.py": '"""Single node: multi-node runs (nnodes > 1) are not supported."""\n'
                + TRAIN
            },
            "TPL402",
        ),
    ],
)
def test_cluster_scripts_show_nodes_by_their_launchers_words(
    tmp_path: Path, files: dict[str, str], code: str
) -> None:
    found = _findings(tmp_path, {"train.py": TRAIN, **files})
    assert [c for c, _, _, _ in found] == ([code] if code else [])


def test_a_noqa_of_a_prefix_silences_only_the_codes_it_begins(tmp_path: Path) -> None:
    # A noqa comment naming the prefix TPL41 is for TPL410 to TPL419: it silences TPL412, not
    # the TPL402 it took over.
    marked = TRAIN.replace('["RANK"]))', '["RANK"]))  # noqa: TPL41')
    assert [c for c, _, _, _ in _findings(tmp_path, {"train.py": marked})] == ["TPL402"]
    # Where TPL412 would take the site, the prefix silences it, and TPL402's finding stands:
    # the prefix does not name TPL402.
    files = {"train.py": marked, "README.md": "torchrun --nnodes=2 train.py\n"}
    assert [c for c, _, _, _ in _findings(tmp_path / "shown", files)] == ["TPL402"]


def test_add_noqa_marks_a_shared_site_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    _findings(tmp_path, {"train.py": TRAIN, "README.md": "torchrun --nnodes=2 train.py\n"})
    command = [sys.executable, "-m", "torchplace", "lint", "--preview", "--no-cache"]
    select = ["--select", "TPL402,TPL412", "--add-noqa", str(tmp_path)]
    done = subprocess.run(command + select, capture_output=True, text=True, check=False)
    assert "Marked 1 finding(s)" in done.stderr, done.stderr
    line = (tmp_path / "train.py").read_text(encoding="utf-8").splitlines()[SET_DEVICE_LINE - 1]
    assert line.endswith("# noqa: TPL412")
    assert _findings(tmp_path, {}) == []
