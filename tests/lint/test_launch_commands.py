"""Launch commands read from a project's shell scripts and READMEs, and the rules that use them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.lint.project_tree import GLOBAL_RANK_RULES

from torchplace.lint import LintConfig
from torchplace.lint.launch_commands import (
    Launch,
    LaunchIndex,
    launch_root,
    launches_in_text,
    names_multi_node_setting,
    read_launches,
)
from torchplace.lint.project_facts import ProjectIndex
from torchplace.lint.runner import run
from torchplace.lint.shell_assignments import assigned_names


def _one(path: str, text: str) -> Launch:
    launches = launches_in_text(path, text)
    assert len(launches) == 1, launches
    return launches[0]


@pytest.mark.parametrize(
    ("command", "one_node"),
    [
        ("torchrun --nproc_per_node=8 train.py --lr 1e-4", True),
        ("torchrun --standalone --nnodes=2 --nproc_per_node=8 train.py", True),
        ("torchrun --nnodes=1 --nproc_per_node 8 train.py", True),
        ("torchrun --nnodes 2 --nproc_per_node 8 train.py", False),
        ("torchrun --nnodes=1:4 --nproc_per_node=8 train.py", False),
        ("torchrun --nproc_per_node=8 --node_rank=$NODE_RANK train.py", False),
        ("python -m torch.distributed.launch --nproc_per_node $GPUS tools/train.py", True),
        ("python3 -m torch.distributed.run --nnodes=$NNODES --nproc_per_node=8 train.py", False),
        # DeepSpeed runs on the hosts of a hostfile (`/job/hostfile` when none is named:
        # DeepSpeed-Chat's `multi_node/` scripts run a plain `deepspeed main.py`), accelerate
        # on the machines of a configuration (the user's own when none is named).
        ("deepspeed --num_gpus 8 train.py --deepspeed ds.json", False),
        ("deepspeed train.py --deepspeed ds.json", False),
        ("deepspeed --num_nodes=1 --num_gpus 8 train.py", True),
        ("deepspeed --include localhost:0,1 train.py", True),
        ("deepspeed --include localhost:0@worker-1:0 train.py", False),
        ("deepspeed --include worker-1:0,1 train.py", False),
        ("deepspeed --num_nodes 2 --num_gpus 8 train.py", False),
        ("accelerate launch --multi_gpu train.py", False),
        ("accelerate launch --num_machines 1 --multi_gpu train.py", True),
        ("accelerate launch --num_machines 2 --multi_gpu train.py", False),
        ("accelerate launch --config_file conf/multi.yaml train.py", False),
        ("accelerate launch $ACCELERATE_ARGS train.py", False),
        ("srun python train.py", False),
        ("CUDA_VISIBLE_DEVICES=0 python train.py --epochs 3", True),
        ("python main.py --dist-url tcp://10.1.1.20:23456 --world-size 2 --rank 0", False),
    ],
)
def test_the_reach_of_a_launcher_is_read_from_its_options(command: str, one_node: bool) -> None:
    assert _one("run.sh", command + "\n").one_node is one_node


def test_only_a_plain_python_launch_is_one_process() -> None:
    assert _one("run.sh", "python train.py\n").one_process
    assert not _one("run.sh", "torchrun --nproc_per_node=8 train.py\n").one_process


def test_a_variable_set_once_to_a_literal_is_read_and_any_other_is_not() -> None:
    assert _one("run.sh", "NNODES=1\ntorchrun --nnodes=$NNODES train.py\n").one_node
    unknown = "NNODES=${NNODES:-1}\ntorchrun --nnodes=${NNODES} train.py\n"
    assert not _one("run.sh", unknown).one_node


@pytest.mark.parametrize(
    ("text", "one_node"),
    [
        # Megatron's and MiniCPM's spelling: the launcher's options in a quoted variable,
        # across lines, naming variables of their own.
        (
            'NNODES=1\nDISTRIBUTED_ARGS="\n    --nproc_per_node 8 \\\n    --nnodes $NNODES\n"\n'
            "torchrun $DISTRIBUTED_ARGS finetune.py\n",
            True,
        ),
        (
            'DISTRIBUTED_ARGS="--nproc_per_node 8 --nnodes $NNODES --node_rank $RANK"\n'
            "torchrun $DISTRIBUTED_ARGS finetune.py\n",
            False,
        ),
        ('ARGS=(--nproc_per_node 8 --nnodes 2)\ntorchrun "${ARGS[@]}" train.py\n', False),
        # Options the text does not show may name several nodes.
        ("torchrun $DISTRIBUTED_ARGS finetune.py\n", False),
        ("torchrun --nproc_per_node $GPUS train.py\n", True),
    ],
)
def test_launcher_options_held_in_a_variable_are_read(text: str, one_node: bool) -> None:
    launch = _one("run.sh", text)
    assert launch.script is not None and launch.script.endswith(".py")
    assert launch.one_node is one_node


@pytest.mark.parametrize(
    "text",
    [
        # Megatron-LM's array over lines.
        "NUM_NODES=${NUM_NODES:-4}\nDISTRIBUTED_ARGS=(\n    --nproc_per_node 8\n"
        "    --nnodes $NUM_NODES\n)\ntorchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py\n",
        # A launcher kept in a variable, run later.
        'LAUNCH="torchrun --nnodes 2 --nproc_per_node 8"\n$LAUNCH train.py\n',
        # Options changed after they were set: their value is unknown.
        'ARGS="--nproc_per_node 8"\nif [ "$N" -gt 1 ]; then ARGS="$ARGS --nnodes $N"; fi\n'
        "torchrun $ARGS train.py\n",
        'ARGS="--nproc_per_node 8"\n[ -n "$MASTER_ADDR" ] && ARGS+=" --nnodes 2"\n'
        "torchrun $ARGS train.py\n",
        "ARGS=(--nproc_per_node 8)\nARGS+=(--nnodes 2)\ntorchrun ${ARGS[@]} train.py\n",
        # Cluster launchers behind other launchers and wrappers.
        "salloc -N 2 srun python train.py\n",
        "sleep 1 & srun python train.py\n",
        'parallel-ssh -h hosts "python train.py"\n',
        "jsrun -n 12 python train.py\n",
        # A remote shell running the torch launcher, and several programs.
        'ssh node$i "cd $DIR && python -m torch.distributed.launch --nnodes 4 train.py"\n',
        'ssh node2 "cd /w && python tools/prep.py && torchrun --nnodes 2 train.py"\n',
        # A variable after a flag that takes no value is more options.
        "python -m torch.distributed.launch --nproc_per_node=8 --use_env $DIST_ARGS train.py\n",
    ],
)
def test_launches_that_may_span_nodes_are_not_read_as_one_node(text: str) -> None:
    launches = [launch for launch in launches_in_text("run.sh", text) if launch.script]
    assert any(launch.script.endswith(("train.py", "_gpt.py")) for launch in launches), launches
    assert not any(launch.one_node for launch in launches), launches


@pytest.mark.parametrize(
    "text",
    [
        "/opt/slurm/bin/srun true\npython eval.py\n",
        "sudo -E srun true\npython eval.py\n",
        'eval "srun true"\npython eval.py\n',
        "x=$(srun hostname)\npython eval.py\n",
        "if true; then :\nelif srun true; then :\nfi\npython eval.py\n",
    ],
)
def test_a_script_that_runs_a_cluster_launcher_anywhere_spans_nodes(text: str) -> None:
    [launch] = [launch for launch in launches_in_text("job.sh", text) if launch.script]
    assert not launch.one_node


def test_commented_commands_of_rst_and_indented_markdown_code_are_commands() -> None:
    rst = ".. code-block:: bash\n\n   # torchrun --nnodes 2 --nproc_per_node 8 train.py\n"
    assert not _one("usage.rst", rst).one_node
    markdown = "Run:\n\n    # torchrun --nnodes 2 train.py\n"
    assert not _one("README.md", markdown).one_node
    fence = "````\n```bash\n# torchrun --nnodes 2 train.py\n````\n"
    assert not _one("README.md", fence).one_node


def test_a_double_quote_inside_single_quotes_opens_no_string() -> None:
    text = (
        "MASTER=$(scontrol show hostnames | head -n1 | tr -d '\"')\npython prep.py\n"
        "torchrun --nnodes 2 --nproc_per_node 8 train.py\n"
    )
    scripts = [launch.script for launch in launches_in_text("run.sh", text)]
    assert scripts == ["prep.py", "train.py"]


def test_variables_that_double_at_each_step_are_read_quickly() -> None:
    words = " ".join(["$B"] * 200)
    text = f'A="{words}"\nB="$C $C $C"\nC="$D $D"\nD="$E $E"\nE="x y"\ntorchrun $A train.py\n'
    assert launches_in_text("run.sh", text)  # within the suite's time, not minutes


def test_a_command_a_cluster_launcher_runs_from_a_variable_is_read() -> None:
    # LightX2V's remote clean-up: the script ssh runs is a shell script, not any Python file.
    text = (
        'remote_cmd="set -e; cd ${workdir}; bash scripts/kill_service.sh || true"\n'
        'ssh "${ssh_opts[@]}" "${target}" "bash -lc \'${remote_cmd}\'"\n'
    )
    launch = _one("run.sh", text)
    assert launch.shell and launch.script == "scripts/kill_service.sh"
    assigned_twice = 'cmd="bash a.sh x"\ncmd="bash b.sh y"\nssh "$host" "$cmd"\n'
    assert _one("run.sh", assigned_twice).script is None


@pytest.mark.parametrize(
    "text",
    [
        # Prose and arguments: the launcher's name is not in command position.
        "When the instance is started, you can ssh into the instance\n",
        "sudo service ssh restart\n",
        "# if parallelizing over nodes with slurm, use srun and let everything run together\n",
        'printf "Error: failed to create HOSTFILE for srun setup"\n',
        # A remote shell that runs no program of the project: a login, a tunnel, a utility.
        "ssh user@cluster.example.edu\n",
        "ssh -N -f -L localhost:8888:localhost:8888 user@host\n",
        'ssh "${ssh_opts[@]}" "${target}" "mkdir -p \'${dst_dir}\'" || true\n',
        "ssh -p 2222 node1 \"cd '${dir}' && tar xf -\"\n",
        "ssh root@localhost -p 2222\n",
        "$ ssh netid@adroit.princeton.edu  # VPN required if off-campus\n",
        # A launcher with options only runs nothing.
        "mpirun --version\nhorovodrun --check\n",
        # A launcher kept in a variable for later is read where it runs.
        'LAUNCH="accelerate launch --config_file multi_gpu.yaml --num_processes=8"\n',
    ],
)
def test_a_cluster_launcher_that_runs_no_program_is_no_launch(text: str) -> None:
    assert launches_in_text("run.sh", text) == []


def test_a_markdown_heading_is_prose_and_a_fenced_comment_a_command() -> None:
    text = "### ssh basic setup\n```\n# srun -N2 python train.py\n```\n"
    launches = launches_in_text("README.md", text)
    assert [(launch.line, launch.script) for launch in launches] == [(3, "train.py")]


def test_the_command_a_remote_shell_runs_is_read_whole() -> None:
    launch = _one("run.sh", 'ssh -i key.pem node1 "cd /work && python train.py --lr 1"\n')
    assert launch.script == "train.py" and not launch.one_node
    assert _one("run.sh", 'pdsh -w "$HOSTS" "$CMD"\n').script is None  # unknown: any file


def test_a_cluster_script_keeps_none_of_its_commands_on_one_node() -> None:
    text = "#!/bin/bash\n#SBATCH --nodes=2\ntorchrun --nproc_per_node=8 train.py\n"
    assert not _one("job.sh", text).one_node


@pytest.mark.parametrize(
    ("header", "command", "one_node"),
    [
        # TEMPO's `monash_parallel.sh`: one node asked, torchrun run on it.
        (
            "#SBATCH --nodes=1\n#SBATCH --gpus-per-node=2\n",
            "torchrun --nproc_per_node=2 t.py",
            True,
        ),
        ("#SBATCH -N 1\n", "python train.py", True),
        ("#SBATCH -N1 --time=1:00:00\n", "torchrun --nproc_per_node=8 train.py", True),
        ("#SBATCH --nodes 1-1\n", "torchrun --nproc_per_node=8 train.py", True),
        # Its own reach still holds: a rendezvous with other jobs' nodes.
        ("#SBATCH --nodes=1\n", "torchrun --nnodes=2 --nproc_per_node=8 train.py", False),
        # `srun` starts its tasks inside the job's allocation: here, its one node; not a step
        # of another job's.
        ("#SBATCH --nodes=1\n", "srun torchrun --nproc_per_node=8 train.py", True),
        ("#SBATCH --nodes=1\n", "srun --jobid=42 torchrun --nproc_per_node=8 t.py", False),
        ("#SBATCH --nodes=1\n", "srun torchrun --nnodes=2 --nproc_per_node=8 t.py", False),
        ("#SBATCH --nodes=2\n", "torchrun --nproc_per_node=8 train.py", False),
        ("#SBATCH --ntasks=16\n", "torchrun --nproc_per_node=8 train.py", False),
        ("#SBATCH --nodes=1\n#SBATCH --nodes=2\n", "torchrun --nproc_per_node=8 t.py", False),
        ("#SBATCH --nodes=1\n#SBATCH hetjob\n#SBATCH --nodes=1\n", "python train.py", False),
        ("#SBATCH --nodes=1\nssh node2 true\n", "torchrun --nproc_per_node=8 train.py", False),
        ("#SBATCH --nodes=1\n", "deepspeed --hostfile hosts train.py", False),
        ("#SBATCH --nodes=1\nsrun hostname\n", "torchrun --nproc_per_node=8 train.py", True),
        ("#SBATCH --nodes=1\ncp hostfile /tmp\n", "torchrun --nproc_per_node=8 t.py", False),
        ("#SBATCH --nodes=1\nexport PET_NNODES=2\n", "torchrun --nproc_per_node=8 t.py", False),
        ("#SBATCH -N 1\nexport MASTER_ADDR=$HEAD\n", "python train.py", False),
        ("#PBS -l nodes=1\n#SBATCH --nodes=1\n", "python train.py", False),
    ],
)
def test_a_batch_job_of_one_node_keeps_its_commands_there(
    header: str, command: str, one_node: bool
) -> None:
    launches = [
        launch
        for launch in launches_in_text("job.sh", "#!/bin/bash\n" + header + command + "\n")
        if launch.script is not None
    ]
    assert len(launches) == 1, launches
    assert launches[0].one_node is one_node


@pytest.mark.parametrize(
    ("config", "one_node"),
    [
        ("compute_environment: LOCAL_MACHINE\nnum_machines: 1\nnum_processes: 8\n", True),
        ('{"num_machines": 1, "num_processes": 8}\n', True),
        ("num_machines: 2\nmachine_rank: 0\nnum_processes: 16\n", False),
        ("num_processes: 8\n", False),  # the machines are not said
        ("num_machines: 1\nnum_machines: 4\n", False),
    ],
)
def test_an_accelerate_configuration_of_the_project_says_its_machines(
    tmp_path: Path, config: str, one_node: bool
) -> None:
    files = {
        "train.py": "",
        "configs/zero2.yaml": config,
        "scripts/run.sh": "accelerate launch --config_file ../configs/zero2.yaml ../train.py\n",
    }
    root = _project(tmp_path, files)
    index = read_launches(str(root), 1 << 20)
    assert (index.one_node_launch(str(root / "train.py"), b"") is not None) is one_node
    # Named by the end of its path from another directory, or not found at all.
    files["scripts/run.sh"] = "accelerate launch --config_file configs/zero2.yaml train.py\n"
    root = _project(tmp_path / "b", files)
    index = read_launches(str(root), 1 << 20)
    assert (index.one_node_launch(str(root / "train.py"), b"") is not None) is one_node
    files["scripts/run.sh"] = "accelerate launch --config_file missing.yaml train.py\n"
    root = _project(tmp_path / "c", files)
    assert read_launches(str(root), 1 << 20).one_node_launch(str(root / "train.py"), b"") is None


def test_a_configuration_read_holds_only_where_nothing_else_spans_nodes(tmp_path: Path) -> None:
    one = "num_machines: 1\nnum_processes: 8\n"
    launch = "accelerate launch --config_file c/a.yaml train.py"
    cases = {
        # Run by a cluster launcher on four nodes (in a script, in a README), or in a batch
        # job of four.
        "a": {"run.sh": f"srun -N 4 {launch}\n"},
        "g": {"README.md": f"```\nsrun -N 4 {launch}\n```\n"},
        "b": {"job.sh": f"#!/bin/bash\n#SBATCH --nodes=4\n{launch}\n"},
        # A second file of that name, beside the text, says otherwise.
        "c": {"docs/run.sh": f"{launch}\n", "docs/c/a.yaml": "num_machines: 2\n"},
        # A path out of the project, or an absolute one, names none of its files.
        "d": {"s/run.sh": "accelerate launch --config_file ../../x/c/a.yaml ../train.py\n"},
        "e": {"run.sh": "accelerate launch --config_file /etc/c/a.yaml train.py\n"},
        # A number that is not a count of one.
        "f": {"run.sh": f"{launch}\n", "c/a.yaml": "num_machines: 1.5\n"},
        # Options that name machines, or may (a variable after a flag is more options).
        "h": {"run.sh": launch.replace("--config", "--num_machines 2 --config") + "\n"},
        "i": {"run.sh": launch.replace("--config", "--machine-rank 1 --config") + "\n"},
        "j": {"run.sh": launch.replace("--config", "--multi_gpu $EXTRA --config") + "\n"},
        # A text naming nodes beside it (it may rewrite the file).
        "k": {"run.sh": f"NNODES=2\n{launch}\n"},
    }
    for name, extra in cases.items():
        root = _project(tmp_path / name, {"train.py": "", "c/a.yaml": one, **extra})
        index = read_launches(str(root), 1 << 20)
        assert index.one_node_launch(str(root / "train.py"), b"") is None, name
    for name, text in {
        "ok": launch,
        # A variable holding the script's own directory is no option.
        "ok-root": launch.replace("--config", "--multi_gpu --config").replace(
            " train.py", " $ROOT/train.py"
        ),
    }.items():
        root = _project(tmp_path / name, {"train.py": "", "c/a.yaml": one, "run.sh": text + "\n"})
        assert read_launches(str(root), 1 << 20).one_node_launch(str(root / "train.py"), b""), name


def test_a_launcher_told_one_process_on_one_node_is_one_process() -> None:
    assert _one("run.sh", "deepspeed --num_nodes 1 --num_gpus 1 train.py\n").one_process
    launch = "accelerate launch --num_machines 1 --num_processes 1 train.py\n"
    assert _one("run.sh", launch).one_process
    assert not _one("run.sh", "deepspeed --num_gpus 1 train.py\n").one_process


def test_a_plain_python_in_a_one_node_job_is_one_process() -> None:
    launch = _one("job.sh", "#!/bin/bash\n#SBATCH -N 1\npython train.py\n")
    assert launch.one_node and launch.one_process
    launch = _one("job.sh", "#!/bin/bash\n#SBATCH -N 2\npython train.py\n")
    assert not launch.one_node and not launch.one_process


def test_a_submission_naming_no_nodes_leaves_them_to_the_scripts_header(tmp_path: Path) -> None:
    job = "#!/bin/bash\n#SBATCH --nodes=1\ntorchrun --nproc_per_node=8 train.py\n"
    files = {
        "train.py": "",
        "scripts/job.sh": job,
        "README.md": "```\nsbatch scripts/job.sh\n```\n",
    }
    root = _project(tmp_path / "a", files)
    index = read_launches(str(root), 1 << 20)
    assert index.one_node_launch(str(root / "train.py"), b"") is not None
    # Told more nodes where it is submitted, the job spans them whatever its header asks.
    files["README.md"] = "```\nsbatch -N 4 scripts/job.sh\n```\n"
    root = _project(tmp_path / "b", files)
    assert read_launches(str(root), 1 << 20).one_node_launch(str(root / "train.py"), b"") is None
    # `srun` runs the script on every node of the allocation it is in: its header is a comment.
    files["README.md"] = "```\nsrun -N 4 bash scripts/job.sh\n```\n"
    root = _project(tmp_path / "c", files)
    assert read_launches(str(root), 1 << 20).one_node_launch(str(root / "train.py"), b"") is None


def test_a_cluster_launchers_name_in_an_argument_makes_no_cluster_script() -> None:
    # EPFL's Docker entrypoints start an SSH server; their launches stay their own.
    text = (
        "sudo service ssh start\necho 'use srun on a cluster'\n"
        "torchrun --nproc_per_node=8 train.py\n"
    )
    assert _one("entrypoint.sh", text).one_node
    launches = launches_in_text("job.sh", "cd work && srun -N2 true\ntorchrun train.py\n")
    assert [launch.one_node for launch in launches if launch.script] == [False]


def test_continued_lines_are_one_command_and_markdown_code_spans_are_commands() -> None:
    continued = _one("run.sh", "torchrun --nproc_per_node=8 \\\n  --nnodes=2 \\\n  train.py\n")
    assert (continued.line, continued.script, continued.one_node) == (1, "train.py", False)
    table = "| FLUX | `torchrun --nproc_per_node=2 examples/run_flux.py` |\n"
    assert _one("README.md", table).script == "examples/run_flux.py"
    prose = "We support distributed training with `torchrun` and `python`.\n"
    assert launches_in_text("README.md", prose) == []
    words = "Use torchrun specific settings, or deepspeed hostfiles.\n"
    assert launches_in_text("notes.sh", words) == []


QUOTED_COMMAND = """\
#! /bin/bash
# a comment's "quote opens nothing
OPTIONS=" \\
       --epochs 10 \\
       --fix_rate 0.7 \\
"

run_cmd="torchrun
        --nnodes={nodes}
        --nproc_per_node=4
        ./src/train.py ${{OPTIONS}}"

echo ${{run_cmd}}
eval ${{run_cmd}}
"""


@pytest.mark.parametrize("nodes", [1, 2])
def test_a_command_held_in_a_double_quoted_string_across_lines_is_one_command(
    nodes: int,
) -> None:
    # ImageReward's `train_one_node.sh` (fresh-54): the launch is a variable the script
    # evaluates, written over several lines inside double quotes.
    # The assignment is read as the launch, and so is the `eval` that runs the variable (its
    # multi-word value read in its place); the `echo` prints it and launches nothing.
    launches = launches_in_text("train_one_node.sh", QUOTED_COMMAND.format(nodes=nodes))
    assert [(launch.line, launch.script, launch.one_node) for launch in launches] == [
        (8, "src/train.py", nodes == 1),
        (14, "src/train.py", nodes == 1),
    ]


def test_a_quoted_string_spans_lines_only_in_shell_scripts() -> None:
    # In a README, quotes are prose: an unclosed one joins nothing.
    text = 'He said "run it.\n\n`torchrun --nproc_per_node=2 train.py`\n'
    assert _one("README.md", text).line == 3


def test_a_script_variable_set_on_several_branches_stands_for_each_script() -> None:
    text = (
        "if [[ $TASK == clone ]]; then\n  RUN_FN=${WORKDIR}/run_clone.py\nelse\n"
        "  RUN_FN=${WORKDIR}/run_gen.py\nfi\n"
        "CUDA_VISIBLE_DEVICES=${GPU} python ${RUN_FN} --do_train\n"
    )
    scripts = [launch.script for launch in launches_in_text("sh/run.sh", text)]
    assert scripts == ["run_clone.py", "run_gen.py"]


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "project"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "setup.py").write_text("", encoding="utf-8")
    return root


def test_launches_are_matched_to_the_files_they_run(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "tools/train.py": "",
            "pkg/infer.py": "",
            "scripts/train.sh": (
                "python -m torch.distributed.launch --nproc_per_node 8 tools/train.py\n"
            ),
            "README.md": "```\ntorchrun --nproc_per_node=8 -m pkg.infer\n```\n",
        },
    )
    index = read_launches(str(root), 1 << 20)
    assert index.one_node_launch(str(root / "tools/train.py"), b"") is not None
    assert index.one_node_launch(str(root / "pkg/infer.py"), b"") is not None


def test_a_one_node_launch_naming_several_files_names_none(tmp_path: Path) -> None:
    root = _project(
        tmp_path, {"a/train.py": "", "b/train.py": "", "README.md": "python train.py\n"}
    )
    index = read_launches(str(root), 1 << 20)
    assert index.one_node_launch(str(root / "a/train.py"), b"") is None


def test_a_spanning_launch_of_an_unread_script_may_run_any_file(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "train.py": "",
            "run.sh": "torchrun --nproc_per_node=8 train.py\n",
            "multi.sh": "torchrun --nnodes=$NNODES --nproc_per_node=8 $ENTRY\n",
        },
    )
    index = read_launches(str(root), 1 << 20)
    assert index.unread_spanning is not None
    assert index.one_node_launch(str(root / "train.py"), b"") is None


def test_a_script_whose_code_names_nodes_is_not_kept_to_one_node(tmp_path: Path) -> None:
    root = _project(tmp_path, {"train.py": "", "run.sh": "python train.py\n"})
    index = read_launches(str(root), 1 << 20)
    path = str(root / "train.py")
    assert index.one_node_launch(path, b"rank = args.node_rank * 8 + local_rank") is None
    assert index.one_process_launch(path, b"mp.spawn(main, nprocs=8)") is None
    assert index.one_process_launch(path, b"pool = multiprocessing.Pool(8)") is not None
    assert index.one_process_launch(path, b'ddp = int(os.environ["WORLD_SIZE"]) > 1') is None
    # Declared from a template, `--local_rank` says nothing of a script run as `python`.
    declared = b'parser.add_argument("--local_rank", type=int, default=-1)'
    assert index.one_process_launch(path, declared) is not None
    # A rank modulo the GPU count names no node setting (DiT's `train.py`, run on one
    # node), but expects ranks: several processes (hyde's scripts, README-run by `python`).
    modulo = b"device = rank % torch.cuda.device_count()"
    assert index.one_node_launch(path, modulo) is not None
    assert index.one_process_launch(path, modulo) is None


def test_the_launch_root_is_the_checkout_above_the_package(tmp_path: Path) -> None:
    root = _project(tmp_path, {"pkg/sub/__init__.py": "", "README.md": ""})
    assert launch_root(str(root / "pkg" / "sub"), str(root)) == str(root)
    unmarked = tmp_path / "unmarked"
    (unmarked / "pkg").mkdir(parents=True)
    (unmarked / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (unmarked / "run.sh").write_text("", encoding="utf-8")
    assert launch_root(str(unmarked / "pkg"), None) == str(unmarked)
    index = ProjectIndex()
    assert index.launches_for(str(root / "pkg" / "sub" / "__init__.py")).root == str(root)


def test_an_index_without_launches_keeps_to_nothing() -> None:
    index = LaunchIndex("/nowhere", [], [])
    assert index.one_node_launch("/nowhere/x.py", b"") is None


RANK_DEVICE = """\
import os

import torch
import torch.distributed as dist


def main():
    dist.init_process_group(backend="nccl")
    torch.cuda.set_device(dist.get_rank())


if __name__ == "__main__":
    main()
"""
RESUME = """\
import argparse

import torch
from torch.nn.parallel import DistributedDataParallel as DDP


def resume(model, path, args):
    wrapped = DDP(model.cuda(), device_ids=[args.local_rank])
    wrapped.load_state_dict(torch.load(path))
"""


def _codes(root: Path, code: str | tuple[str, ...]) -> list[str]:
    codes = (code,) if isinstance(code, str) else code
    config = LintConfig(select=codes, preview=True)
    lint_run = run([str(root)], config, cache_dir=None, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings if f.code in codes]


@pytest.mark.parametrize(
    ("launch", "found"),
    [
        ("torchrun --nproc_per_node=8 train.py\n", []),
        ("torchrun --nnodes=2 --nproc_per_node=8 train.py\n", ["train.py:9"]),
        ("", ["train.py:9"]),
    ],
)
def test_tpl402_follows_the_project_launches(tmp_path: Path, launch: str, found: list[str]) -> None:
    files = {"train.py": RANK_DEVICE}
    if launch:
        files["scripts/run.sh"] = launch
    assert _codes(_project(tmp_path, files), GLOBAL_RANK_RULES) == found


@pytest.mark.parametrize(
    ("launch", "found"),
    [
        ("CUDA_VISIBLE_DEVICES=0 python resume.py\n", []),
        ("torchrun --nproc_per_node=8 resume.py\n", ["resume.py:9"]),
        ("CUDA_VISIBLE_DEVICES=3 torchrun --nproc_per_node=4 resume.py\n", []),
        ("CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc_per_node=2 resume.py\n", ["resume.py:9"]),
    ],
)
def test_tpl108_evidence_of_several_processes_needs_a_launch_that_makes_them(
    tmp_path: Path, launch: str, found: list[str]
) -> None:
    root = _project(tmp_path, {"resume.py": RESUME, "README.md": launch})
    assert _codes(root, "TPL108") == found


_SEVERAL_ON_ONE = "python -m torch.distributed.launch --nproc_per_node=$1 --master_port=$2 {0}\n"


@pytest.mark.parametrize(
    ("script", "found"),
    [
        ("export CUDA_VISIBLE_DEVICES=3\n" + _SEVERAL_ON_ONE, []),
        ("export CUDA_VISIBLE_DEVICES=GPU-5a1c\n" + _SEVERAL_ON_ONE, []),
        # Two GPUs, a value the script does not say, or set again to two before the launch.
        ("export CUDA_VISIBLE_DEVICES=0,1\n" + _SEVERAL_ON_ONE, ["{}:9"]),
        ("export CUDA_VISIBLE_DEVICES=$GPUS\n" + _SEVERAL_ON_ONE, ["{}:9"]),
        (
            "export CUDA_VISIBLE_DEVICES=3\nexport CUDA_VISIBLE_DEVICES=0,1\n" + _SEVERAL_ON_ONE,
            ["{}:9"],
        ),
        # One launch on one GPU, another on all of them: not every launch shows one.
        (
            "export CUDA_VISIBLE_DEVICES=3\n" + _SEVERAL_ON_ONE + "unset CUDA_VISIBLE_DEVICES\n"
            "torchrun --nproc_per_node=8 {0}\n",
            ["{}:9"],
        ),
    ],
)
def test_tpl108_processes_shown_one_gpu_restore_onto_it(
    tmp_path: Path, script: str, found: list[str]
) -> None:
    # Beyond-Pixels' analysis scripts: `export CUDA_VISIBLE_DEVICES=3` above
    # `torch.distributed.launch --nproc_per_node=$1`: every rank saves from and restores onto
    # the one GPU they all see.
    files = {"resume.py": RESUME, "scripts/run.sh": script.format("resume.py")}
    assert _codes(_project(tmp_path, files), "TPL108") == [f.format("resume.py") for f in found]


HUB_RESUME = """\
import torch
from huggingface_hub import hf_hub_download
from torch.nn.parallel import DistributedDataParallel as DDP


def resume(model, args):
    wrapped = DDP(model.cuda(), device_ids=[args.local_rank])
    wrapped.load_state_dict(torch.load(hf_hub_download(args.repo, args.filename)))
"""


def test_tpl108_hub_weights_fail_on_the_one_gpu_processes_see(tmp_path: Path) -> None:
    # Weights saved on their uploader's cuda:3 fail where one GPU is visible, however the
    # launch or the file's top shows it: that evidence stays.
    script = "export CUDA_VISIBLE_DEVICES=3\n" + _SEVERAL_ON_ONE.format("hub.py")
    launched = _project(tmp_path, {"hub.py": HUB_RESUME, "scripts/run.sh": script})
    assert _codes(launched, "TPL108") == ["hub.py:8"]
    top = 'import os\nos.environ["CUDA_VISIBLE_DEVICES"] = "0"\n' + HUB_RESUME
    own = _project(tmp_path / "b", {"hub.py": top, "scripts/run.sh": "torchrun hub.py\n"})
    assert _codes(own, "TPL108") == ["hub.py:10"]
    # This program's own checkpoint under the same top: saved from and restored onto cuda:0.
    top_own = 'import os\nos.environ["CUDA_VISIBLE_DEVICES"] = "0"\n' + RESUME
    mine = _project(
        tmp_path / "c", {"resume.py": top_own, "scripts/run.sh": "torchrun resume.py\n"}
    )
    assert _codes(mine, "TPL108") == []


def test_a_script_that_reads_the_launchers_variables_is_not_one_process(tmp_path: Path) -> None:
    # alpaca-lora's finetune.py: its README runs `python finetune.py`, its code reads the
    # variables torchrun sets, and each rank restores the checkpoint onto the saver's GPU.
    code = RESUME.replace("args.local_rank", 'int(os.environ["LOCAL_RANK"])')
    code = "import os\n" + code
    root = _project(tmp_path, {"resume.py": code, "README.md": "python resume.py\n"})
    assert _codes(root, "TPL108") == ["resume.py:10"]


def test_a_script_declaring_the_launchers_argument_is_not_one_process(tmp_path: Path) -> None:
    # DeepSpeedExamples' compression/bert scripts: declared `--local_rank`, every launch
    # `python -m torch.distributed.launch --nproc_per_node=1`; the count is the user's.
    declared = 'import torch\nargparse.ArgumentParser().add_argument("--local_rank")\n'
    code = RESUME.replace("import torch\n", declared)
    launch = "python -m torch.distributed.launch --nproc_per_node=1 resume.py\n"
    root = _project(tmp_path, {"resume.py": code, "README.md": launch})
    assert _codes(root, "TPL108") == ["resume.py:10"]
    dashed = _project(tmp_path / "d", {"resume.py": code.replace("local_rank", "local-rank", 1),
                                       "README.md": launch})  # fmt: skip
    assert _codes(dashed, "TPL108") == ["resume.py:10"]
    # Shown one GPU as one process: the user who raises the count shows them their GPUs too.
    one_gpu = {"resume.py": code, "README.md": "CUDA_VISIBLE_DEVICES=0 " + launch}
    assert _codes(_project(tmp_path / "h", one_gpu), "TPL108") == ["resume.py:10"]
    # Not declared: one process, as launched.
    plain = _project(tmp_path / "b", {"resume.py": RESUME, "README.md": launch})
    assert _codes(plain, "TPL108") == []
    # Declared, but the project runs it as `python resume.py` (CodeXGLUE's templates).
    python = _project(tmp_path / "c", {"resume.py": code, "README.md": "python resume.py\n"})
    assert _codes(python, "TPL108") == []
    # Not declared as an argument in the code: a parameter of that name (read by no launcher
    # here), or a declaration commented out.
    parameter = RESUME.replace(
        "def resume(model, path, args):", "def resume(model, path, local_rank=-1):"
    )
    named = _project(tmp_path / "e", {"resume.py": parameter, "README.md": launch})
    assert _codes(named, "TPL108") == []
    commented = code.replace("argparse.ArgumentParser()", "# argparse.ArgumentParser()")
    removed = _project(tmp_path / "f", {"resume.py": commented, "README.md": launch})
    assert _codes(removed, "TPL108") == []
    argv = code.replace(
        'argparse.ArgumentParser().add_argument("--local_rank")',
        'RANK = [a for a in __import__("sys").argv if a.startswith("--local_rank=")]',
    )
    read = _project(tmp_path / "g", {"resume.py": argv, "README.md": launch})
    assert _codes(read, "TPL108") == ["resume.py:10"]


def test_a_shell_script_a_cluster_launcher_runs_spans_nodes(tmp_path: Path) -> None:
    # LLaMA2-Accessory's docs: `srun -n32 ... bash exps/finetune.sh`, whose own command
    # (`python main_finetune.py`) reads as one process when the script is read alone.
    files = {
        "main_finetune.py": "",
        "demo.py": "",
        "exps/finetune.sh": "python main_finetune.py --epochs 2\n",
        "README.md": "```\nsrun -n32 bash exps/finetune.sh\npython demo.py\n```\n",
    }
    index = read_launches(str(_project(tmp_path, files)), 1 << 20)
    root = tmp_path / "project"
    assert index.unread_spanning is None
    assert index.one_node_launch(str(root / "main_finetune.py"), b"") is None
    assert index.one_node_launch(str(root / "demo.py"), b"") is not None
    unread = dict(files, **{"README.md": "srun -n32 bash $SCRIPT_DIR/$JOB.sh\n"})
    assert read_launches(str(_project(tmp_path / "b", unread)), 1 << 20).unread_spanning


def test_launch_texts_that_are_not_text_or_not_files_are_read_safely(tmp_path: Path) -> None:
    # Bytes that are not UTF-8, an unterminated code span, an endless continuation, and a
    # FIFO named like a shell script (opening it must not block): the lint still finishes.
    files = {
        "train.py": RANK_DEVICE,
        "README.md": "`torchrun --nproc_per_node=8 train.py\n\x00\xff\n",
        "scripts/long.sh": "torchrun \\\n" * 5000 + "--nnodes=1 train.py\n",
    }
    root = _project(tmp_path, files)
    # Undecodable bytes around a launch that spans nodes: it is still read, so train.py,
    # kept on one node by scripts/long.sh, may run on several and stays flagged.
    (root / "README.md").write_bytes(b"\xff\xfe\x00\n`torchrun --nnodes=2 train.py`\n\xff`\n")
    fifo = root / "scripts" / "pipe.sh"
    os.mkfifo(fifo)
    assert _codes(root, GLOBAL_RANK_RULES) == ["train.py:9"]


@pytest.mark.parametrize(
    ("comment", "found"),
    [
        ("# torchrun --nproc_per_node=8 train.py", []),
        ("# torchrun --nnodes=2 --nproc_per_node=8 train.py", ["train.py:10"]),
        ('LAUNCH = f"torchrun --nnodes={NODES} train.py"', ["train.py:10"]),
        # llama-recipes' `# torchrun specific` above the set-up: prose, not a launch.
        ("# torchrun specific", ["train.py:10"]),
    ],
)
def test_a_files_own_launch_commands_are_read_as_launch_texts_are(
    tmp_path: Path, comment: str, found: list[str]
) -> None:
    # No README: the file's own comment (or the launcher it builds) is all there is.
    assert (
        _codes(_project(tmp_path, {"train.py": comment + "\n" + RANK_DEVICE}), GLOBAL_RANK_RULES)
        == found
    )


@pytest.mark.parametrize(
    ("text", "visible"),
    [
        ("CUDA_VISIBLE_DEVICES=0 python eval.py --model m\n", 1),
        ("CUDA_VISIBLE_DEVICES=0,1,2,3 python eval.py\n", 4),
        ("env NCCL_DEBUG=INFO CUDA_VISIBLE_DEVICES=3 python eval.py\n", 1),
        ("export CUDA_VISIBLE_DEVICES=1\npython eval.py\n", 1),
        ("GPU=2\nCUDA_VISIBLE_DEVICES=$GPU python eval.py\n", 1),
        ("CUDA_VISIBLE_DEVICES=$1 python eval.py\n", None),
        ("python eval.py\n", None),
        # An argument of the script is not the environment of its process.
        ("python eval.py CUDA_VISIBLE_DEVICES=0\n", None),
        ("CUDA_VISIBLE_DEVICES= python eval.py\n", None),
        # An export after the command, under an `if`, or a variable never exported: the
        # command does not see it (or not surely).
        ("python eval.py\nexport CUDA_VISIBLE_DEVICES=0\n", None),
        ("if [ $DEBUG ]; then\n  export CUDA_VISIBLE_DEVICES=0\nfi\npython eval.py\n", None),
        ("CUDA_VISIBLE_DEVICES=0\npython eval.py\n", None),
        ("export CUDA_VISIBLE_DEVICES=0,1\nexport CUDA_VISIBLE_DEVICES=3\npython eval.py\n", 1),
    ],
)
def test_the_gpus_a_command_shows_are_read_from_its_environment(
    text: str, visible: int | None
) -> None:
    assert _one("run.sh", text).visible_gpus == visible


def test_markdown_commands_show_gpus_only_by_their_own_prefix() -> None:
    text = "```\nexport CUDA_VISIBLE_DEVICES=0\npython eval.py\n```\n"
    assert _one("README.md", text).visible_gpus is None
    assert _one("README.md", "`CUDA_VISIBLE_DEVICES=0 python eval.py`\n").visible_gpus == 1


def test_a_one_gpu_launch_needs_every_launch_to_show_one_gpu(tmp_path: Path) -> None:
    files = {"eval.py": "print(1)\n", "run.sh": "CUDA_VISIBLE_DEVICES=0 python eval.py\n"}
    index = ProjectIndex()
    assert index.one_gpu_launch(str(_project(tmp_path / "a", files) / "eval.py")) is not None
    two = {**files, "README.md": "`CUDA_VISIBLE_DEVICES=0,1 python eval.py`\n"}
    assert index.one_gpu_launch(str(_project(tmp_path / "b", two) / "eval.py")) is None
    unread = {**files, "all.sh": "torchrun --nproc_per_node=8 $SCRIPT\n"}
    assert index.one_gpu_launch(str(_project(tmp_path / "c", unread) / "eval.py")) is None
    setting = {**files, "eval.py": 'import os\nos.environ["CUDA_VISIBLE_DEVICES"] = "0,1"\n'}
    assert index.one_gpu_launch(str(_project(tmp_path / "d", setting) / "eval.py")) is None


@pytest.mark.parametrize(
    ("unread", "voids"),
    [
        # A script named wholly by a variable may be any file of the project.
        ("torchrun --nproc_per_node=8 $SCRIPT\n", True),
        ("python ${NAME}.py\n", True),
        ("python $ROOT/${NAME}.py\n", True),
        # A written folder or package keeps it to the files there.
        ('python -m "demos.graph.${name}"\n', False),
        ("python tools/train_$MODEL.py\n", False),
        ("python $ROOT/tools/${NAME}.py\n", False),
        # ... unless the file is there.
        ("python -m llm.${name}\n", True),
        ("python $ROOT/llm/${NAME}.py\n", True),
        ("python -m ${PKG}.llm\n", True),
        # A folder named from above, from an absolute path or the home folder.
        ("python ../llm/${NAME}.py\n", True),
        ("python /workspace/proj/llm/${NAME}.py\n", True),
        ("python ~/proj/llm/${NAME}.py\n", True),
        # torchrun's own `-m` after Python's.
        ("python -m torch.distributed.run --nproc_per_node 4 -m llm.${name}\n", True),
        # A word that is only a variable may be the script; an expansion not read; a command
        # run with variables set for it.
        ("torchrun --nproc_per_node=4 $SCRIPT tools/${X}.py\n", True),
        ("python tools/${A:-${B}}.py\n", True),
        ('python llm/"e$M".py\n', True),
        ("NCCL_DEBUG=INFO python -m llm.${M}\n", True),
        ("NCCL_DEBUG=INFO python -m tools.${M}\n", False),
        # A command cut short in its message, inside the module's name: not read.
        ("X=1 " * 20 + "python -m llm.$MODEL_NAME\n", True),
    ],
)
def test_an_unread_launch_voids_one_gpu_readings_of_the_files_it_may_run(
    tmp_path: Path, unread: str, voids: bool
) -> None:
    files = {
        "llm/eval.py": "print(1)\n",
        "run.sh": "CUDA_VISIBLE_DEVICES=0 python llm/eval.py\n",
        "other.sh": unread,
    }
    found = ProjectIndex().one_gpu_launch(str(_project(tmp_path, files) / "llm" / "eval.py"))
    assert (found is None) == voids


MOVED_AFTER_MAP = """\
import torch
from transformers import AutoModelForCausalLM


def main():
    model = AutoModelForCausalLM.from_pretrained("m", device_map="auto").cuda()
    return model


if __name__ == "__main__":
    main()
"""


@pytest.mark.parametrize(
    ("launch", "found"),
    [
        # haloscope's README runs every script with one GPU visible: the map has one GPU.
        ("CUDA_VISIBLE_DEVICES=0 python detect.py --model llama\n", []),
        ("CUDA_VISIBLE_DEVICES=0,1 python detect.py --model llama\n", ["detect.py:6"]),
        ("python detect.py --model llama\n", ["detect.py:6"]),
        ("", ["detect.py:6"]),
    ],
)
def test_tpl303_follows_the_gpus_the_project_launches_with(
    tmp_path: Path, launch: str, found: list[str]
) -> None:
    files = {"detect.py": MOVED_AFTER_MAP}
    if launch:
        files["README.md"] = f"```\n{launch}```\n"
    assert _codes(_project(tmp_path, files), "TPL303") == found


def test_tpl303_follows_the_gpus_of_the_scripts_importing_a_module(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/load.py": MOVED_AFTER_MAP,
        "run.py": "from pkg.load import main\n\nmain()\n",
        "README.md": "`CUDA_VISIBLE_DEVICES=0 python run.py`\n",
    }
    assert _codes(_project(tmp_path, files), "TPL303") == []
    files["other.py"] = "from pkg.load import main\n\nmain()\n"
    files["README.md"] += "`torchrun --nproc_per_node=2 other.py`\n"
    assert _codes(_project(tmp_path / "two", files), "TPL303") == ["load.py:6"]


def test_tpl303_follows_the_gpus_of_the_files_importing_a_launched_script(
    tmp_path: Path,
) -> None:
    # `evaluate.py` is launched with one GPU, but `train.py`, launched on every GPU, runs it
    # too.
    files = {
        "evaluate.py": MOVED_AFTER_MAP,
        "README.md": "`CUDA_VISIBLE_DEVICES=0 python evaluate.py`\n",
    }
    assert _codes(_project(tmp_path / "alone", files), "TPL303") == []
    files["train.py"] = "from evaluate import main\n\nmain()\n"
    files["README.md"] += "`torchrun --nproc_per_node=8 train.py`\n"
    assert _codes(_project(tmp_path / "imported", files), "TPL303") == ["evaluate.py:6"]


@pytest.mark.parametrize(
    ("comment", "found"),
    [
        # AgentTuning's Gradio demo names its own one-GPU launch in a comment.
        ("# CUDA_VISIBLE_DEVICES=7 gradio slow_agent/detect.py\n", []),
        ("# CUDA_VISIBLE_DEVICES=0 streamlit run detect.py\n", []),
        ("# CUDA_VISIBLE_DEVICES=0 python detect.py\n", []),
        ("# CUDA_VISIBLE_DEVICES=0,1 gradio slow_agent/detect.py\n", ["detect.py:7"]),
        ("# gradio slow_agent/detect.py\n", ["detect.py:7"]),
        # A launch of another script says nothing of this one.
        ("# CUDA_VISIBLE_DEVICES=0 python serve.py\n", ["detect.py:7"]),
    ],
)
def test_tpl303_reads_the_launch_a_file_gives_in_its_own_comments(
    tmp_path: Path, comment: str, found: list[str]
) -> None:
    files = {"slow_agent/detect.py": comment + MOVED_AFTER_MAP}
    assert _codes(_project(tmp_path, files), "TPL303") == found


def test_a_project_launch_text_outweighs_the_files_own_comment(tmp_path: Path) -> None:
    files = {
        "detect.py": "# CUDA_VISIBLE_DEVICES=0 python detect.py\n" + MOVED_AFTER_MAP,
        "README.md": "`torchrun --nproc_per_node=2 detect.py`\n",
    }
    assert _codes(_project(tmp_path, files), "TPL303") == ["detect.py:7"]


SWEEP = """\
import os

for lr in [1e-4, 1e-3]:
    run_py = "CUDA_VISIBLE_DEVICES='4,5,6,7' \\
            python  -m torch.distributed.launch --nproc_per_node 4 --master_port 1264  run.py\\
            --lr {} --epoch {}".format(lr, 10)
    os.system(run_py)
"""
RUN = """\
import os

import torch
import torch.distributed as dist

local_rank = int(os.environ["RANK"])
torch.cuda.set_device(local_rank)
dist.init_process_group(backend="nccl")
node_rank = 0  # one node, whatever the launcher says
"""


def test_a_python_sweep_script_launches_what_its_commands_name(tmp_path: Path) -> None:
    # NineRec's `train.py` formats a launcher command and runs it with `os.system`.
    root = tmp_path / "rec"
    (root / ".git").mkdir(parents=True)
    (root / "train.py").write_text(SWEEP, encoding="utf-8")
    (root / "run.py").write_text(RUN, encoding="utf-8")
    launch = ProjectIndex().one_node_launch(str(root / "run.py"))
    assert launch is not None and launch.path == "train.py" and launch.script == "run.py"
    # A module of a package is no launcher script: an installed library's modules are not
    # read for launches.
    (root / "__init__.py").write_text("", encoding="utf-8")
    assert ProjectIndex().one_node_launch(str(root / "run.py")) is None
    (root / "__init__.py").unlink()
    # The same string in a file that runs no command is no launcher: nothing to read.
    (root / "train.py").write_text(SWEEP.replace("os.system(run_py)", "print(run_py)"))
    assert ProjectIndex().one_node_launch(str(root / "run.py")) is None


@pytest.mark.parametrize(
    ("code", "multi_node"),
    [
        (b"    args.node_rank = 0\n", False),
        (b"node_rank = 0  # one node\n", False),
        (b"args.node_rank = int(os.environ['NODE_RANK'])\n", True),
        (b"def setup(rank, node_rank=0):\n    pass\n", True),
        (b"if node_rank == 0:\n    pass\n", True),
    ],
)
def test_a_node_rank_pinned_to_zero_names_no_multi_node_setting(
    code: bytes, multi_node: bool
) -> None:
    assert names_multi_node_setting(code) is multi_node


FUNCTIONS_WITH_LOCAL_COMMANDS = """\
#!/bin/bash
stop_remote() {
    local remote_cmd
    remote_cmd="set -e; cd ${workdir}; bash scripts/stop_service.sh || true"
    ssh "${target}" "bash -lc '${remote_cmd}'"
}

collect_logs() {
    for host in "${hosts[@]}"; do
        local remote_cmd
        remote_cmd="set -e; shopt -s nullglob; cd ${dir}; files=(*.log); \\
if (( \\${#files[@]} == 0 )); then exit 3; fi; tar -czf - -- \\"\\${files[@]}\\""
        ssh "${host}" "bash -lc '${remote_cmd}'" > logs.tgz
    done
}
"""


def test_a_functions_local_variable_holds_its_own_value_in_that_function() -> None:
    # LightX2V's `run_dynamic.sh` names `remote_cmd` in two functions: read over the whole
    # text it was assigned twice, so unknown, and each `ssh` could run any file.
    launches = launches_in_text("run.sh", FUNCTIONS_WITH_LOCAL_COMMANDS)
    assert [(launch.line, launch.script, launch.shell) for launch in launches] == [
        (5, "scripts/stop_service.sh", True)
    ]


def test_a_name_local_to_one_function_keeps_the_scripts_value_elsewhere() -> None:
    text = (
        'ARGS="--nnodes 1 --nproc_per_node 8"\n'
        "helper() {\n"
        '    local ARGS="--nnodes 4 --nproc_per_node 8"\n'
        "    torchrun $ARGS other.py\n"
        "}\n"
        "torchrun $ARGS train.py\n"
    )
    launches = {launch.script: launch.one_node for launch in launches_in_text("run.sh", text)}
    assert launches == {"other.py": False, "train.py": True}


def test_a_name_not_declared_local_is_the_scripts_in_every_function() -> None:
    # Without `local`, bash's assignment in a function sets the script's variable: two
    # values, so unknown.
    text = (
        "first() {\n"
        '    cmd="python a.py"\n'
        '    ssh "$h" "$cmd"\n'
        "}\n"
        "second() {\n"
        '    cmd="python b.py"\n'
        '    ssh "$h" "$cmd"\n'
        "}\n"
    )
    launches = launches_in_text("run.sh", text)
    assert [launch.script for launch in launches if launch.line in (3, 7)] == [None, None]


def test_a_local_name_assigned_twice_in_its_function_is_unknown_there() -> None:
    text = (
        "run() {\n"
        '    local cmd="python a.py --x 1"\n'
        '    [ -n "$M" ] && cmd="python b.py --x 1"\n'
        '    ssh "$h" "$cmd"\n'
        "}\n"
    )
    launches = launches_in_text("run.sh", text)
    assert [launch.script for launch in launches if launch.line == 4] == [None]


@pytest.mark.parametrize(
    "remote",
    [
        "set -e; shopt -s nullglob; cd /logs; tar -czf - .",
        "bash -lc 'cd /w && pkill -f serve'",
        "files=(*.log *.txt); if (( ${#files[@]} == 0 )); then exit 3; fi",
    ],
)
def test_a_remote_command_of_builtins_tests_and_tools_runs_no_program(remote: str) -> None:
    assert launches_in_text("run.sh", f'ssh "$host" "{remote}"\n') == []


@pytest.mark.parametrize(
    "remote",
    [
        "bash -lc 'cd /w && python train.py'",
        "nohup ./run.sh -d data",
        "if ./check.sh == ok; then python train.py; fi",
        "set -e; $LAUNCHER",
    ],
)
def test_a_remote_command_that_may_run_a_program_stays_a_launch(remote: str) -> None:
    assert launches_in_text("run.sh", f'ssh "$host" "{remote}"\n') != []


# Shapes where bash's dynamic scope, nesting, comments and here-documents decide which value
# a launch reads: each launch below may span nodes.
SPANNING_THROUGH_SCOPES = {
    "a caller's local reaches the function it calls": (
        'DIST_ARGS="--nnodes 1 --nproc_per_node 8"\n'
        "run_job() {\n    torchrun $DIST_ARGS train.py\n}\n"
        'multi() {\n    local DIST_ARGS="--nnodes 4 --nproc_per_node 8"\n    run_job\n}\n'
        "multi\n"
    ),
    "a callee sets its caller's local": (
        'run() {\n    local ARGS="--nnodes 1"\n    setup\n    torchrun $ARGS train.py\n}\n'
        'setup() {\n    ARGS="--nnodes 2"\n}\nrun\n'
    ),
    "a local in a subshell function assigns no variable of the script": (
        "single() (\n  local NNODES=1\n  torchrun --nnodes $NNODES a.py\n)\n"
        "torchrun --nnodes $NNODES train.py\n"
    ),
    "a line assigns a local and the script's variable": (
        'ARGS="--nnodes 1"\nsetup() {\n  local n\n  n=$1; ARGS="--nnodes $n"\n}\n'
        "setup 4\ntorchrun $ARGS train.py\n"
    ),
    "an inner function's local is not its outer function's": (
        'ARGS="--nnodes 1"\nouter() {\n  inner() {\n    local ARGS="--nnodes 1"\n'
        '    torchrun $ARGS a.py\n  }\n  ARGS="--nnodes 4"\n}\nouter\n'
        "torchrun $ARGS train.py\n"
    ),
    "a use before the local line reads the caller's value": (
        'launch() {\n  torchrun $ARGS train.py\n  local ARGS="--nnodes 1"\n}\n'
        'ARGS="--nnodes 2"\nlaunch\n'
    ),
    "declare -p prints": (
        'ARGS="--nnodes 1"\nconfigure() {\n  ARGS="--nnodes 4"\n  declare -p ARGS\n}\n'
        "configure\ntorchrun $ARGS train.py\n"
    ),
    "a brace in a here-document": (
        'ARGS="--nnodes 1 --nproc_per_node 8"\nmulti() {\n'
        '  local ARGS="--nnodes 4 --nproc_per_node 8"\n'
        "  echo '{' > ds.json\n  cat >> ds.json <<EOF\n  \"batch\": 8\n}\nEOF\n"
        "  torchrun $ARGS train.py\n}\nmulti\n"
    ),
    "a setter written on one line": (
        "set_nodes() { NNODES=$1; }\n"
        'launch() {\n  local NNODES=1\n  set_nodes "$2"\n  torchrun --nnodes $NNODES train.py\n}\n'
    ),
    "a setter whose expansion holds ' #'": (
        "set_nodes() {\n  local line=$1\n  line=${line%% #*}\n  NNODES=$line\n}\n"
        'launch() {\n  local NNODES=1\n  set_nodes "$2"\n  torchrun --nnodes $NNODES train.py\n}\n'
    ),
    "a brace in a comment after a tab": (
        'ARGS="--nnodes 1"\nf() {\n\tlocal ARGS="--nnodes 4"\t# was {--nnodes 2}}\n'
        "\ttorchrun $ARGS train.py\n}\nf\n"
    ),
}


@pytest.mark.parametrize("text", SPANNING_THROUGH_SCOPES.values(), ids=SPANNING_THROUGH_SCOPES)
def test_a_launch_reading_a_value_another_scope_may_set_may_span_nodes(text: str) -> None:
    launches = [launch for launch in launches_in_text("run.sh", text) if launch.script]
    assert [launch.script for launch in launches if launch.script == "train.py"] == ["train.py"]
    assert not any(launch.one_node for launch in launches if launch.script == "train.py")


@pytest.mark.parametrize(
    ("remote", "script"),
    [
        ('"\n  set -e\n  cd /w\n  torchrun --nnodes 2 --node_rank $i train.py\n"', "train.py"),
        ('"cd $WORKDIR\n  torchrun --nnodes 2 --node_rank $i train.py"', "train.py"),
        ('"export RESULT=\\$(python prepare.py --nnodes 2)"', "prepare.py"),
        ("\"trap 'python train.py' EXIT\"", "train.py"),
        ('"if python train.py > log.txt 2>&1; then echo ok; fi"', "train.py"),
        ('"while python worker.py < queue.txt; do sleep 1; done"', "worker.py"),
        # A line break in the quoted string ends a command, as `;` does: a printer or a
        # query on its first line prints or queries only that line.
        ('"\n  echo start\n  torchrun --nnodes 2 --node_rank $i train.py\n"', "train.py"),
        ('"nvidia-smi\n  python train.py"', "train.py"),
    ],
)
def test_a_remote_command_holding_a_program_among_builtins_launches_it(
    remote: str, script: str
) -> None:
    # A quoted remote command over several lines is read as one command: a builtin or a
    # utility first (`set -e`, `cd`) must not hide the launcher after it.
    launches = launches_in_text("run.sh", f'ssh "$host" {remote}\n')
    assert [(launch.script, launch.one_node) for launch in launches] == [(script, False)]


@pytest.mark.parametrize(
    "remote",
    [
        "'pkill -f train.py'",
        '"killall -9 python"',
        '"echo python train.py"',
        '"hostname\n  echo python train.py"',
    ],
)
def test_a_remote_command_naming_a_program_as_a_pattern_runs_none(remote: str) -> None:
    # GPT-NeoX's `tools/bash/killall.sh`: `pdsh ... 'pkill -f train.py'` stops a run.
    assert launches_in_text("killall.sh", f"pdsh -f 1024 -R ssh -w hosts {remote}\n") == []


def test_a_remote_file_utility_names_files_not_programs() -> None:
    # `cp /shared/train.py /w/` copies a script: it launches none (a launch of it that may
    # span nodes would void every one-node launch of `train.py`).
    assert (
        launches_in_text("sync.sh", 'ssh "$host" "mkdir -p /w && cp /shared/train.py /w/"\n') == []
    )


OTHER_ASSIGNMENTS = {
    "a loop": "for NNODES in 1 2; do\n  torchrun --nnodes $NNODES train.py\ndone\n",
    "input": "read NNODES < nodes.txt\ntorchrun --nnodes $NNODES train.py\n",
    "a prompt": "read -r -p 'nodes? ' NNODES\ntorchrun --nnodes $NNODES train.py\n",
    "printf": "printf -v NNODES '%d' \"$N\"\ntorchrun --nnodes $NNODES train.py\n",
    "arithmetic": "(( NNODES += 1 ))\ntorchrun --nnodes $NNODES train.py\n",
    "getopts": "while getopts n: NNODES; do :; done\ntorchrun --nnodes $NNODES train.py\n",
    "a prompt holding brackets": (
        'read -p "Number of nodes (default 1): " NNODES\ntorchrun --nnodes $NNODES train.py\n'
    ),
    "nested arithmetic": "(( NNODES = (NNODES + 1) * 2 ))\ntorchrun --nnodes $NNODES train.py\n",
    "let": 'let "NNODES += 1"\ntorchrun --nnodes $NNODES train.py\n',
    "a quoted printf name": 'printf -v "NNODES" %d "$1"\ntorchrun --nnodes $NNODES train.py\n',
    "a function's local": (
        "f() {\n  local NNODES=1\n  read NNODES\n  torchrun --nnodes $NNODES train.py\n}\n"
    ),
}


@pytest.mark.parametrize("text", OTHER_ASSIGNMENTS.values(), ids=OTHER_ASSIGNMENTS)
def test_a_name_bash_assigns_by_another_form_too_is_unknown(text: str) -> None:
    # `NNODES=1` then `for NNODES in 1 2`: read as `1` alone, the loop's two-node launch
    # read as one node's.
    launch = _one("run.sh", text if text.startswith("f()") else "NNODES=1\n" + text)
    assert (launch.script, launch.one_node) == ("train.py", False)


@pytest.mark.parametrize(
    "prose",
    [
        "# Edit NNODES below; for NNODES in a multi-node job see README.",
        'echo "Launching; read NNODES from the log if it fails"',
        'if [[ $x == a ]]; then echo "(( NNODES++ )) is not supported"; fi',
        "bash -c 'for NNODES in 1 2; do echo $NNODES; done'",
    ],
)
def test_a_form_written_in_a_comment_or_in_quotes_assigns_nothing_here(prose: str) -> None:
    text = f"NNODES=1\n{prose}\ntorchrun --nnodes $NNODES --nproc_per_node 8 train.py\n"
    launches = [launch for launch in launches_in_text("run.sh", text) if launch.line == 3]
    assert [(launch.script, launch.one_node) for launch in launches] == [("train.py", True)]


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("read -r -p 'nodes? ' NNODES HOST", ["NNODES", "HOST"]),
        ("read -a HOSTS -t 5", ["HOSTS"]),
        ("mapfile -t -d '' ARGS < f", ["ARGS"]),
        ("for NAME; do :; done", ["NAME"]),
        ("(( N <= 3 && M == 2 ))", []),
        ("((N=1)); ((M++))", ["N", "M"]),
        ("python x.py --read-only --out=y $read", []),
    ],
)
def test_the_names_a_shell_line_assigns(line: str, names: list[str]) -> None:
    assert sorted(assigned_names(line)) == sorted(names)


def test_a_printed_line_break_starts_no_command() -> None:
    # `echo` prints its quoted lines: a cluster launcher on one of them is text, so the
    # script is no cluster script and its own one-process launch stays one node's.
    text = (
        'echo "This script trains on one GPU. For a cluster, use instead:\n'
        '  srun -N 2 --ntasks-per-node 8 python train.py\n"\npython train.py --epochs 10\n'
    )
    launches = launches_in_text("run.sh", text)
    assert [(launch.line, launch.one_node, launch.one_process) for launch in launches] == [
        (4, True, True)
    ]


def test_a_line_break_inside_the_remote_shells_own_quotes_ends_no_command() -> None:
    text = 'ssh "$host" "echo \'setup done, to train run:\n    python train.py\'"\n'
    assert launches_in_text("run.sh", text) == []


@pytest.mark.parametrize("prefix", ['if [ "$M" = 1 ]; then ', "declare -r ", "typeset "])
def test_a_command_kept_in_a_variable_after_a_keyword_is_one_command(prefix: str) -> None:
    text = f'{prefix}CMD="torchrun\n  --nnodes 2\n  --nproc_per_node 8\n  train.py"\n'
    launches = launches_in_text("run.sh", text)
    assert [(launch.script, launch.one_node) for launch in launches] == [("train.py", False)]


@pytest.mark.parametrize(
    ("command", "per_node"),
    [
        ("python train.py", 1),
        ("torchrun train.py", 1),
        ("torchrun --nproc_per_node 4 train.py", 4),
        ("torchrun --nproc_per_node=$GPUS train.py", None),
        ("torchrun $DIST_ARGS train.py", None),
        ("deepspeed --num_gpus 2 train.py", 2),
        ("deepspeed train.py", None),
        ("accelerate launch --num_processes 8 train.py", 8),
        ("accelerate launch --num_machines 2 --num_processes 16 train.py", None),
        ("torchx run -s local_cwd dist.ddp -j 1x4 --script train.py -- --lr 1", 4),
        ("torchx run -s local_cwd dist.ddp -j 2x4 --script train.py", None),
        # A bare srun takes the job's layout (`#SBATCH --ntasks-per-node=4`): unknown.
        ("srun -N 2 python train.py", None),
        ("srun -N 2 -n 2 python train.py", 1),
        ("srun -N 2 --ntasks-per-node 1 torchrun --nproc_per_node 8 train.py", 8),
        ("srun -n 8 python train.py", None),
        ("srun -n4 python train.py", None),
        ("srun --ntasks-per-node 4 python train.py", 4),
        ("srun --tasks-per-node=4 python train.py", 4),
        ("PET_NPROC_PER_NODE=4 torchrun train.py", 4),
        ("PET_NPROC_PER_NODE=4 python -m torch.distributed.run train.py", 4),
        ("mpirun -N 1 python train.py", 1),
        ("mpirun -np 8 python train.py", None),
        ("mpirun -np 8 --map-by ppr:1:node python train.py", 1),
        ('ssh "$host" "torchrun --nproc_per_node 2 train.py"', 2),
    ],
)
def test_the_processes_a_command_starts_on_each_node(command: str, per_node: int | None) -> None:
    assert _one("run.sh", command + "\n").per_node == per_node


@pytest.mark.parametrize("runner", ['bash -c "cd /tmp', 'nohup sh -c "cd /tmp', 'eval "cd /tmp'])
def test_a_command_string_runs_each_of_its_lines(runner: str) -> None:
    # The shell running the string runs its second line as a command: `srun` there launches.
    text = f'{runner}\nsrun -N 2 python train.py"\n'
    launches = launches_in_text("run.sh", text)
    assert [(launch.script, launch.one_node) for launch in launches] == [("train.py", False)]


def test_a_here_documents_quotes_hide_no_assignment() -> None:
    text = (
        "NNODES=1\ncat > notes.txt <<EOF\nDon't edit this file.\nEOF\n"
        "for NNODES in 1 2 4; do\n  torchrun --nnodes $NNODES --nproc_per_node 8 train.py\ndone\n"
    )
    assert [launch.one_node for launch in launches_in_text("run.sh", text)] == [False]


def test_a_launch_of_a_stale_path_runs_the_script_of_its_name_beside_the_text(
    tmp_path: Path,
) -> None:
    # LLM-Blender moved `src/fusion_module/` to `llm_blender/gen_fuser/` with its launch
    # script, whose path was left as it was.
    files = {
        "gen_fuser/fuse_infer.py": MOVED_AFTER_MAP,
        "gen_fuser/fuse_infer.sh": (
            "cd ../../\nCUDA_VISIBLE_DEVICES=0 python src/fusion_module/fuse_infer.py\n"
        ),
    }
    assert _codes(_project(tmp_path / "beside", files), "TPL303") == []
    # The text's path names a file of the project: that one is launched, not the neighbour.
    files["src/fusion_module/fuse_infer.py"] = ""
    assert _codes(_project(tmp_path / "named", files), "TPL303") == ["fuse_infer.py:6"]
    # A file of that name elsewhere than beside the text is not taken for it.
    moved = {
        "other/fuse_infer.py": MOVED_AFTER_MAP,
        "gen_fuser/fuse_infer.sh": files["gen_fuser/fuse_infer.sh"],
    }
    assert _codes(_project(tmp_path / "elsewhere", moved), "TPL303") == ["fuse_infer.py:6"]


def test_a_package_script_imports_its_neighbour_by_an_absolute_name(tmp_path: Path) -> None:
    # LLM-Blender's `gen_fuser/fuse_infer.py` (in a package) is run as a script and imports
    # `model_utils` from beside it: the module runs only as that script runs it.
    files = {
        "gen_fuser/__init__.py": "",
        "gen_fuser/model_utils.py": MOVED_AFTER_MAP,
        "gen_fuser/fuse_infer.py": "from model_utils import main\n\nmain()\n",
        "README.md": "`CUDA_VISIBLE_DEVICES=0 python gen_fuser/fuse_infer.py`\n",
    }
    assert _codes(_project(tmp_path / "one", files), "TPL303") == []
    files["README.md"] = "`torchrun --nproc_per_node=2 gen_fuser/fuse_infer.py`\n"
    assert _codes(_project(tmp_path / "two", files), "TPL303") == ["model_utils.py:6"]


@pytest.mark.parametrize(
    ("command", "found"),
    [
        # One node told one process: the script runs as one process.
        ("python -m torch.distributed.launch --nproc_per_node 1 infer.py", [("infer.py", True)]),
        ("torchrun --standalone --nproc-per-node=1 infer.py", [("infer.py", True)]),
        ("torchrun --nproc_per_node=2 infer.py", [("infer.py", False)]),
        ("torchrun --nnodes=2 --nproc_per_node=1 infer.py", [("infer.py", False)]),
        ("deepspeed --num_nodes=1 --num_gpus=1 infer.py", [("infer.py", True)]),
        ("accelerate launch --num_machines 1 --num_processes 1 infer.py", [("infer.py", True)]),
        # A built program, a tool or an interactive shell on the nodes runs no Python file
        # of the project (FasterTransformer's GPT guide); an unread command may run any.
        ("mpirun -n ${total_gpu_count} --allow-run-as-root ./bin/multi_gpu_gpt_example", []),
        ("srun -N2 -n2 docker pull nvcr.io/nvidia/pytorch:24.01-py3", []),
        ("mpirun -np 2 hostname", []),
        # A query of a Ray cluster runs nothing of the project; starting one, or a job on
        # it, may run any file (LoongServe's `srun ray status`).
        ("srun ray status", []),
        # A package manager names a launcher as a package or an environment; run, it runs it.
        ("conda env create -n deepspeed -f environment.yml", []),
        ("pip install -U deepspeed --no-build-isolation", []),
        ("conda run -n train torchrun --nproc_per_node=2 infer.py", [("infer.py", False)]),
        ("srun -N 2 ray start --head --block", [(None, False)]),
        ("srun -N 2 ray job submit -- python serve.py", [("serve.py", False)]),
        ("srun -N2 -n2 -t 600 --pty bash", []),
        ("srun -N2 docker run image python train.py", [("train.py", False)]),
        ("srun -N2 $COMMAND", [(None, False)]),
        ("srun --nodes 2 train_cli --steps 10", [(None, False)]),
        # Only a command's program counts, and an unknown command anywhere may run any file:
        # an option's value (`-J test`), a `cd` or a virtual environment's `bin/activate`
        # before `$CMD`, a shell given a command string.
        ("srun --partition test -J test $CMD", [(None, False)]),
        ('ssh $host "cd /workspace/proj && $CMD"', [(None, False)]),
        ('ssh $host "source /opt/venv/bin/activate && $CMD"', [(None, False)]),
        ('srun -N2 --pty bash -c "$CMD"', [(None, False)]),
        ('mpirun -np 2 bash -c "hostname && $CMD"', [(None, False)]),
        # A system wrapper runs the command after it; a virtual environment's `bin` holds
        # Python entry points: neither is a program the project built.
        ("srun -N 2 /usr/bin/time -v $CMD", [(None, False)]),
        ("srun -N 2 ./venv/bin/trainer-cli train.yaml", [(None, False)]),
        ("srun -N 2 build/tests/bench", []),
    ],
)
def test_what_a_launch_runs_and_how_many_processes(
    command: str, found: list[tuple[str | None, bool]]
) -> None:
    launches = launches_in_text("run.sh", command + "\n")
    assert [(launch.script, launch.one_process) for launch in launches] == found


def test_a_stale_path_is_read_only_beside_a_text_named_for_its_script(tmp_path: Path) -> None:
    # `run_harness.sh` runs a harness's `main.py`, cloned at run time: the project's own
    # `main.py` beside it is not what it launches.
    files = {
        "eval/main.py": MOVED_AFTER_MAP,
        "eval/run_harness.sh": "CUDA_VISIBLE_DEVICES=0 python lm-evaluation-harness/main.py\n",
    }
    assert _codes(_project(tmp_path / "harness", files), "TPL303") == ["main.py:6"]


def test_a_comment_after_a_command_is_not_read_as_its_words() -> None:
    # FasterTransformer's guide: an interactive shell on two nodes, then a note.
    assert launches_in_text("docs/gpt_guide.md", "srun -N2 -n2 --pty bash # we get 2 nodes") == []
    # A note naming options the command does not pass.
    note = _one("run.sh", "torchrun --nproc_per_node 8 train.py  # add --nnodes 2 for two")
    assert note.one_node and note.script == "train.py"
    # `pip install -e . # or python setup.py develop` runs no script.
    assert launches_in_text("README.md", "pip install -v -e . # or python3 setup.py develop") == []


def test_a_hash_inside_quotes_is_the_strings_own() -> None:
    text = 'srun -N 2 bash -c "export NODE_RANK=$i  # one per node\n  python serve.py"\n'
    launch = _one("launch.sh", text.replace("\n  ", " \\\n  "))
    assert launch.script == "serve.py" and not launch.one_node


def test_a_command_commented_out_line_by_line_is_read_whole() -> None:
    # DynamiCrafter's `run.sh`: every line of the old launch commented out.
    text = (
        "# python3 -m torch.distributed.launch \\\n"
        "# --nproc_per_node=4 --nnodes=2 \\\n"
        "# main/trainer.py --base config.yaml\n"
    )
    launch = _one("configs/run.sh", text)
    assert launch.script == "main/trainer.py" and not launch.one_node


def test_a_quote_in_a_commented_block_opens_nothing() -> None:
    # Qwen2.5-Coder's `dpo_qwencoder.sh`: an old command string commented out line by line.
    text = (
        '# CMD="torchrun \\\n'
        "#   --nnodes 2 \\\n"
        '#   old.py"\n'
        "torchrun --nnodes 2 --nproc_per_node 8 train.py\n"
    )
    scripts = [launch.script for launch in launches_in_text("run.sh", text)]
    assert "train.py" in scripts


def test_a_comment_holds_the_continuation_of_a_live_command() -> None:
    # OpenOOD's scripts: `PYTHONPATH=. \` / `#srun ... \` / `python main.py`: bash runs
    # `python main.py` on its own, one process on this machine.
    text = "PYTHONPATH='.':$PYTHONPATH \\\n#srun -p dsta -n1 --gres=gpu:1 \\\npython main.py\n"
    launch = _one("scripts/test.sh", text)
    assert launch.script == "main.py" and launch.one_node and launch.one_process


def test_a_commented_line_in_a_command_string_ends_at_its_line() -> None:
    text = (
        'bash -c "\n'
        'echo \\"start\\"; cd /work\n'
        "# train on two nodes\n"
        "torchrun --nnodes 2 --nproc_per_node 8 train.py\n"
        '"\n'
    )
    launch = _one("run.sh", text)
    assert launch.script == "train.py" and not launch.one_node


def test_a_comment_is_cut_before_the_line_is_split_into_commands() -> None:
    text = "srun -N2 --pty bash  # we get 2 nodes; then python train.py in it"
    assert launches_in_text("README.md", text) == []


def test_a_command_run_with_a_variable_set_is_no_assignment() -> None:
    # A launch whose script cannot be read still may span nodes, after a prompt too.
    launch = _one("README.md", "$ NCCL_DEBUG=INFO torchrun --nnodes 2 $ENTRY")
    assert launch.script is None and not launch.one_node
    # A launcher kept in a variable launches nothing, commented out or not.
    for text in ('LAUNCH="torchrun --nnodes 2"', '# LAUNCH="torchrun --nnodes 2"'):
        assert launches_in_text("run.sh", text) == []


def test_a_commented_out_launcher_without_its_script_launches_nothing() -> None:
    # LLM-Blender's `run_eval.sh`: the old launcher, commented out above the live command.
    text = (
        "# CUDA_VISIBLE_DEVICES=7 deepspeed --master_port 29515 \\\n"
        "CUDA_VISIBLE_DEVICES=0 python \\\n"
        "    ./ds_train.py --output_dir out\n"
    )
    launch = _one("gen_fuser/run_eval.sh", text)
    assert launch.script == "ds_train.py" and launch.one_process and launch.visible_gpus == 1
    # and one whose script is written still counts
    assert _one("run.sh", "# srun -N 2 python train.py").script == "train.py"


def test_torchx_names_its_script_or_module_and_other_components_launch_nothing() -> None:
    launch = _one("README.md", "```\ntorchx run -s local_cwd dist.ddp -j 1x2 -m pkg.train\n```\n")
    assert (launch.script, launch.module, launch.through_launcher) == ("pkg.train", True, True)
    # The script's own arguments after `--` are not the component's.
    launch = _one("run.sh", "torchx run dist.ddp -j 1x2 --script tools/train.py -- -j 4x8 $X\n")
    assert (launch.script, launch.one_node) == ("tools/train.py", True)
    assert launches_in_text("run.sh", "torchx run utils.python --script train.py\n") == []
    # `dist.spmd` reads its layout otherwise (a bare count is nodes): not read.
    assert launches_in_text("run.sh", "torchx run dist.spmd -j 4 --script train.py\n") == []
    assert launches_in_text("run.sh", "torchx run -s local_cwd dist.ddp -j 1x2\n") == []
    # A script that cannot be read may be any file, on four nodes.
    launch = _one("run.sh", "torchx run -s slurm dist.ddp -j 4x8 --script $ENTRY\n")
    assert (launch.script, launch.one_node) == (None, False)


@pytest.mark.parametrize(
    ("text_name", "plain_one_node"),
    [("run_multi_nodes.sh", False), ("train-multinode.slurm", False), ("run.sh", True)],
)
def test_a_plain_command_of_a_text_named_for_several_nodes_may_span_them(
    tmp_path: Path, text_name: str, plain_one_node: bool
) -> None:
    # LoongServe's `run_multi_nodes.sh` starts a server whose Ray workers spread over the
    # nodes: its `python -m` is no one-node run. A launcher's own reading holds there.
    (tmp_path / "server.py").write_text("print('serve')\n", encoding="utf-8")
    (tmp_path / "train.py").write_text("print('train')\n", encoding="utf-8")
    (tmp_path / text_name).write_text(
        "python server.py --host $MASTER_IP\ntorchrun --nproc_per_node=8 train.py\n",
        encoding="utf-8",
    )
    index = read_launches(str(tmp_path), 1 << 20)
    (server,) = index.launches_of(str(tmp_path / "server.py"))
    (train,) = index.launches_of(str(tmp_path / "train.py"))
    assert (server.one_node, server.one_process) == (plain_one_node, plain_one_node)
    assert (train.one_node, train.one_process) == (True, False)


@pytest.mark.parametrize(("nodes", "top_launched"), [("1", False), ("2", True)])
def test_a_script_named_twice_is_run_from_the_nearest_folder_above_its_text(
    tmp_path: Path, nodes: str, top_launched: bool
) -> None:
    # CDAE: `DiT/scripts/train_dit_origin.sh` runs `train.py` from `DiT/`; the project's top
    # folder holds a `train.py` of its own. A launch that may span nodes counts for both.
    for name in ("train.py", "DiT/train.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("print('train')\n", encoding="utf-8")
    (tmp_path / "DiT/scripts").mkdir()
    (tmp_path / "DiT/scripts/train_dit.sh").write_text(
        f"torchrun --nnodes={nodes} --nproc_per_node=4 train.py\n", encoding="utf-8"
    )
    index = read_launches(str(tmp_path), 1 << 20)
    assert len(index.launches_of(str(tmp_path / "DiT/train.py"))) == 1
    assert bool(index.launches_of(str(tmp_path / "train.py"))) is top_launched


@pytest.mark.parametrize(
    ("text_name", "text", "nested_launched"),
    [
        # Two folders up: the nearest above holding the script.
        ("DiT/scripts/sub/run.sh", "torchrun --nproc_per_node=4 train.py\n", True),
        # A `cd` first: the folder it runs from is another.
        ("DiT/scripts/run.sh", "cd ../..\ntorchrun --nproc_per_node=4 train.py\n", False),
        ("DiT/scripts/run.sh", "cd $REPO_ROOT && torchrun --nproc_per_node=4 train.py\n", False),
        # A text in a folder above neither: no file.
        ("docs/guide/run.sh", "torchrun --nproc_per_node=4 train.py\n", False),
    ],
)
def test_a_script_named_twice_is_read_only_from_the_folders_above_its_text(
    tmp_path: Path, text_name: str, text: str, nested_launched: bool
) -> None:
    for name in ("other/train.py", "DiT/train.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("print('train')\n", encoding="utf-8")
    (tmp_path / text_name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / text_name).write_text(text, encoding="utf-8")
    index = read_launches(str(tmp_path), 1 << 20)
    assert bool(index.launches_of(str(tmp_path / "DiT/train.py"))) is nested_launched
    assert not index.launches_of(str(tmp_path / "other/train.py"))


@pytest.mark.parametrize(
    "command",
    [
        "uv --project . run torchrun --nnodes=2 --nproc_per_node=8 infer.py",
        "conda --no-plugins run -n env torchrun --nnodes 2 infer.py",
        "uv tool run torchrun --nnodes=2 infer.py",
    ],
)
def test_a_package_manager_running_a_launcher_after_its_options_is_read(command: str) -> None:
    launches = launches_in_text("run.sh", command + "\n")
    assert [(launch.script, launch.one_node) for launch in launches] == [("infer.py", False)]


@pytest.mark.parametrize(
    ("command", "one_node"),
    [
        ("srun -N 1 python train.py", True),
        ("srun -N1 -n 8 python train.py", True),
        ("srun --nodes=1 python train.py", True),
        ("srun --nodes 1-1 python train.py", True),
        # More nodes, none said, or a command that spans them itself.
        ("srun -N 2 python train.py", False),
        ("srun python train.py", False),
        ("srun -N 1 torchrun --nnodes=2 train.py", False),
        ("mpirun -np 8 python train.py", False),
    ],
)
def test_a_job_step_of_one_node_runs_its_command_there(command: str, one_node: bool) -> None:
    assert _one("run.sh", command + "\n").one_node is one_node


def test_steps_of_one_node_that_join_one_group_are_not_one_node() -> None:
    # Each step is one node, but they meet at a rendezvous set for them: the program spans.
    text = (
        "#!/bin/bash\n#SBATCH --nodes=2\nexport MASTER_ADDR=$HEAD WORLD_SIZE=2\n"
        "srun -N 1 env RANK=0 python train.py &\n"
    )
    assert not _one("job.sh", text).one_node
    assert _one("job.sh", "srun -N 1 env RANK=0 python train.py\n").one_node


@pytest.mark.parametrize(
    ("text", "one_node", "per_node"),
    [
        # torchrun reads each option from `PET_<OPTION>` in its environment.
        ("export PET_NNODES=2\ntorchrun --nproc_per_node 8 train.py\n", False, 8),
        ("export PET_NNODES=$NNODES\ntorchrun train.py\n", False, 1),
        ("export PET_NNODES=2\npython -m torch.distributed.run train.py\n", False, 1),
        ("export PET_NPROC_PER_NODE=4\ntorchrun train.py\n", True, 4),
        ('export PET_NNODES="1"\ntorchrun train.py\n', True, 1),
        ("export PET_NPROC_PER_NODE='4'\ntorchrun train.py\n", True, 4),
        ("N=1\nexport PET_NNODES=$N\ntorchrun train.py\n", True, 1),
        # Every way of writing an export.
        ("export PET_NNODES=2  # two nodes\ntorchrun train.py\n", False, 1),
        ("export A=1 PET_NNODES=2\ntorchrun train.py\n", False, 1),
        ("export PET_NNODES=2; torchrun train.py\n", False, 1),
        ("export PET_NNODES=2 && torchrun train.py\n", False, 1),
        ("PET_NNODES=2\nexport PET_NNODES\ntorchrun train.py\n", False, 1),
        ("export PET_NNODES=2 \\\n  PET_NPROC_PER_NODE=8\ntorchrun train.py\n", False, 8),
        # An export on one branch may hold: the value is then not known.
        ('if [ -n "$X" ]; then\n  export PET_NNODES=2\nfi\ntorchrun train.py\n', False, 1),
        (
            "if [ x ]; then export PET_NNODES=2; else export PET_NNODES=1; fi\ntorchrun t.py\n",
            False,
            1,
        ),
        ("case $M in\n  multi) export PET_NNODES=2 ;;\nesac\ntorchrun train.py\n", False, 1),
        (
            "case $M in\nmulti) export PET_NNODES=2 ;;\none) export PET_NNODES=1 ;;\nesac\n"
            "torchrun train.py\n",
            False,
            1,
        ),
        # An export after the command, replaced or unset before it, leaves it alone; so does
        # one commented out, and one written after the script (the script's own argument).
        ("torchrun train.py\nexport PET_NNODES=2\n", True, 1),
        ("export PET_NNODES=2\nexport PET_NNODES=1\ntorchrun train.py\n", True, 1),
        ("export PET_NNODES=2\nunset PET_NNODES\ntorchrun train.py\n", True, 1),
        ("# export PET_NNODES=2\ntorchrun train.py\n", True, 1),
        ("torchrun train.py PET_NNODES=2\n", True, 1),
        # An option on the command line overrides its environment, exported or given.
        ("export PET_NNODES=2\ntorchrun --nnodes 1 train.py\n", True, 1),
        ("PET_NNODES=2 torchrun --nnodes=1 train.py\n", True, 1),
        ("export PET_NPROC_PER_NODE=4\ntorchrun --nproc_per_node 2 train.py\n", True, 2),
        # torchrun reads PET_STANDALONE as an integer.
        ("export PET_STANDALONE=1\nexport PET_NNODES=2\ntorchrun train.py\n", True, 1),
        ("export PET_STANDALONE=2\nexport PET_NNODES=2\ntorchrun train.py\n", True, 1),
        ("export PET_STANDALONE=0\nexport PET_NNODES=2\ntorchrun train.py\n", False, 1),
        # Not exported, the variable stays in the shell: torchrun never sees it.
        ("PET_NNODES=2\ntorchrun train.py\n", True, 1),
    ],
)
def test_torchrun_reads_the_options_the_script_exported(
    text: str, one_node: bool, per_node: int
) -> None:
    [launch] = [launch for launch in launches_in_text("run.sh", text) if launch.script]
    assert (launch.one_node, launch.per_node) == (one_node, per_node)


def test_a_readme_snippet_exports_nothing_to_the_next_one() -> None:
    # A README's snippets are read one by one: an export in one does not carry to another.
    text = "```bash\nexport PET_NNODES=2\n```\n\n```bash\ntorchrun train.py\n```\n"
    [launch] = launches_in_text("README.md", text)
    assert launch.one_node


def test_an_unread_launch_may_run_its_folder_below_the_root(tmp_path: Path) -> None:
    # A text may run from a folder of its own (`cd src`): `llm/` there is `src/llm/`.
    files = {
        "src/llm/eval.py": "print(1)\n",
        "run.sh": "CUDA_VISIBLE_DEVICES=0 python src/llm/eval.py\n",
        "other.sh": "cd src\npython llm/${NAME}.py\n",
    }
    path = _project(tmp_path, files) / "src" / "llm" / "eval.py"
    assert ProjectIndex().one_gpu_launch(str(path)) is None


def test_an_unread_module_launch_may_run_a_package_main(tmp_path: Path) -> None:
    # `python -m demos.${name}` runs `demos/<name>/__main__.py` where the name is a package.
    files = {
        "demos/chat/__main__.py": "print(1)\n",
        "run.sh": "CUDA_VISIBLE_DEVICES=0 python -m demos.chat\n",
        "other.sh": 'python -m "demos.${name}"\n',
    }
    path = _project(tmp_path, files) / "demos" / "chat" / "__main__.py"
    assert ProjectIndex().one_gpu_launch(str(path)) is None
