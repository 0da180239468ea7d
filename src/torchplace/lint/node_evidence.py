"""Whether the project itself shows that a file runs on several nodes.

`launch_reach` and `single_node` answer the question one way: every way the project runs a
file keeps it on one node. This module answers it the other way, from what the project
writes of the file itself:

- a launch of the file that spans nodes or leaves their number open (`torchrun --nnodes 2`,
  `--nnodes $NNODES`, `srun -N 4`, a plain `deepspeed train.py` that reads `/job/hostfile`,
  a plain `accelerate launch`): in the project's shell scripts, READMEs and notebooks
  (`launch_commands`), or in the file's own comments (`# srun -N 2 python train.py`);
- with no launch of the file written anywhere, its code naming a multi-node setting
  (`node_rank`, `nnodes`, `SLURM_...`, `num_machines`, a hostfile, MPI's world: what
  `names_multi_node_setting` reads), or its name or text saying it is for several nodes or
  machines (`train_multi_node.py`, "multi-node training").

A file the project launches, every time on one node, shows none, whatever its code names:
an unused `--num_nodes` argument under `torchrun --nproc_per_node=2 train.py` is not a
second node. A module the file imports, or one that imports it, is not read: a utility
module beside a multi-node trainer may serve only its one-node neighbours.
"""

from __future__ import annotations

import os
import re

from torchplace.lint.launch_commands import (
    SEVERAL_NODES_NAME,
    LaunchIndex,
    multi_node_setting,
    own_comment_launches,
)

#: A name or text said to be for several nodes or machines (`run_multi_nodes.sh`,
#: `train_ddp_multi_node_main_process.py`, "multi-node training", "several machines"). Not
#: "across nodes" alone: a graph network's code says it of its graph.
SAYS_SEVERAL_NODES = re.compile(
    SEVERAL_NODES_NAME.encode() + rb"|\b(?:several|multiple|many)[ \t]+(?:machines|hosts)\b"
)


def several_nodes_shown(path: str, code: bytes, launches: LaunchIndex) -> str | None:
    """What the project writes that runs `path` (whose code is `code`) on several nodes, in
    words for a finding's message; None where it writes nothing of the kind (module docs)."""
    relative = os.path.relpath(os.path.realpath(path), os.path.realpath(launches.root))
    relative = relative.replace(os.sep, "/")
    written = launches.launches_of(path) + own_comment_launches(path, relative, code)
    spanning = next((launch for launch in written if not launch.one_node), None)
    if spanning is not None:
        return f"(the project runs it on several nodes: {spanning.describe()})"
    if written:
        return None  # every launch the project writes keeps it on one node
    setting = multi_node_setting(code)
    if setting is not None:
        return f"(its code names a multi-node setting: `{setting}`)"
    name = os.path.basename(path)
    if SAYS_SEVERAL_NODES.search(name.encode("utf-8", "replace")):
        return f"(its name says it is for several nodes: `{name}`)"
    said = SAYS_SEVERAL_NODES.search(code)
    if said is not None:
        return (
            f"(its text says it is for several nodes: `{said.group().decode('utf-8', 'replace')}`)"
        )
    return None
