"""TPL412 global-rank-as-device-on-several-nodes."""

from __future__ import annotations

from torchplace.lint.rules.distributed.global_rank_as_device import GlobalRankAsDevice


class GlobalRankAsDeviceOnSeveralNodes(GlobalRankAsDevice):
    """## What it does
    Flags what `global-rank-as-device` (TPL402) flags (a CUDA device taken from the global
    rank: `set_device(dist.get_rank())`, `torch.device("cuda", rank)`, `device_ids=[rank]`,
    `f"cuda:{rank}"`, ...), with every exemption of that rule, where the project itself shows
    the file running on several nodes:

    - a launch of the file that spans nodes or leaves their number open by its own words (not
      a plain `python train.py` that only sits in a `qsub` or `sbatch` job script, run once on
      one host), written in the project's shell scripts, READMEs or notebooks, or in the
      file's own comments:
      `torchrun --nnodes 2`, `--nnodes $NNODES`, `srun -N 4`, `srun` in a job script of
      `#SBATCH --nodes=2`, `mpirun` (the hosts of the job's allocation), a plain `deepspeed
      train.py` (which runs on every host of `/job/hostfile`) or a plain `accelerate launch`
      (the machines of the user's `accelerate config`); only a launch whose script names
      this file alone (after a `cd` in its text, whose name no other file has);
    - where the project writes no launch of the file at all: its code (not its comments,
      docstrings nor messages) names a multi-node setting (`node_rank`, `nnodes`,
      `SLURM_...`, `num_machines`, a hostfile, MPI's world; `num_nodes` where no graph
      library is imported), or its name says it is for several nodes or machines
      (`train_multi_node.py`).

    A file every written launch of which keeps it on one node shows none, whatever its code
    names (an unused `--num_nodes` argument), and so does prose ("multi-node runs are not
    supported"). The message says what shows the nodes. Where both rules run, TPL402 keeps
    only the rest (a library module, a script nothing launches): one line is flagged once,
    and `# noqa` naming either code silences both.

    ## Why is this bad?
    The global rank counts processes over all nodes; CUDA ordinals count the GPUs of this
    node. On one node they agree; on the second node of the job the project itself runs,
    rank 8 of an 8-GPU-per-node job asks for cuda:8 (`invalid device ordinal`), or ranks
    meant for different GPUs share one.

    ## Example
    ```python
    # scripts/train.sh: torchrun --nnodes 2 --nproc_per_node 8 train.py
    torch.cuda.set_device(int(os.environ["RANK"]))
    ```

    Use instead:
    ```python
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))  # SLURM_LOCALID under srun
    ```

    ## Fix safety
    As TPL402's: where the device reads the environment directly, `"RANK"` becomes
    `"LOCAL_RANK"`, which every launcher that sets the one sets too; on the first node the
    two agree, so nothing that ran before changes.

    ## References
    - https://pytorch.org/docs/stable/elastic/run.html#environment-variables
    - https://slurm.schedmd.com/srun.html#OPT_SLURM_LOCALID
    """

    code = "TPL412"
    # Default: on the judged TPL402 findings of the 371 unseen projects linted whole or in
    # part (not a first look: the partition was drawn on them), those the project shows on
    # several nodes were TRUE on 22 of 22 (lint_precision_as_it_stands.md); at first look on
    # fresh-110, chosen by its text (the only new repositories of its shape the searches
    # found), on 2 of 2, whose cited launch was a plain command in a one-host `qsub` job
    # script: such a command no longer shows nodes, so both are TPL402's now. Relinted since,
    # it raises nothing on fresh-110 and the same 22 on the 371 (lint_precision_unseen.md).
    preview = False
    name = "global-rank-as-device-on-several-nodes"
    project_condition = "shows-several-nodes"
    takes_sites_of = "TPL402"
    contexts = (
        "device arguments anywhere, in files the project shows running on several nodes (a"
        " launch of the file that spans nodes or leaves their number open; with no launch"
        " written, a multi-node setting its code names, or a name saying so)"
    )
    summary = (
        "Device index taken from the global rank in code the project runs on several nodes;"
        " use LOCAL_RANK"
    )
