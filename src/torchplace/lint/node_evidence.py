"""Whether the project itself shows that a file runs on several nodes.

`launch_reach` and `single_node` answer the question one way: every way the project runs a
file keeps it on one node. This module answers it the other way, from what the project
writes of the file itself:

- a launch of the file that spans nodes or leaves their number open by its own words
  (`torchrun --nnodes 2`, `--nnodes $NNODES`, `srun -N 4`, a plain `deepspeed train.py` that
  reads `/job/hostfile`, a plain `accelerate launch`; not a plain `python train.py` that only
  sits in a cluster script, run once on one host): in the project's shell scripts, READMEs
  and notebooks
  (`launch_commands`), or in the file's own comments (`# srun -N 2 python train.py`). Only a
  launch whose script names this file alone, and, after a `cd` or `pushd` in its text (the
  folder it names the script from is then unknown), only where no other file of the project
  has that name: `cd other && torchrun --nnodes=2 train.py` says nothing of the project's
  top-level `train.py` beside `other/train.py`;
- with no launch of the file written anywhere, its code (not its prose: comments,
  docstrings, messages) naming a multi-node setting (`node_rank`, `nnodes`, `SLURM_...`,
  `num_machines`, a hostfile, MPI's world: what `names_multi_node_setting` reads;
  `num_nodes` only in a file that imports no graph library, where it counts a graph's
  vertices), or its name saying it is for several nodes or machines (`train_multi_node.py`).

A file the project launches, every time on one node, shows none, whatever its code names:
an unused `--num_nodes` argument under `torchrun --nproc_per_node=2 train.py` is not a
second node. Nor does prose: "multi-node runs are not supported" names nodes too. A module
the file imports, or one that imports it, is not read: a utility module beside a multi-node
trainer may serve only its one-node neighbours.
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
#: An import of a graph library, whose code counts a graph's vertices as `num_nodes`.
_GRAPH_LIBRARY = re.compile(
    rb"^[ \t]*(?:from|import)[ \t]+(?:torch_geometric|dgl|networkx|torch_cluster|torch_scatter"
    rb"|torch_sparse|ogb|graphgps|pyg_lib)\b",
    re.MULTILINE,
)


def several_nodes_shown(path: str, code: bytes, launches: LaunchIndex) -> str | None:
    """What the project writes that runs `path` (whose code is `code`) on several nodes, in
    words for a finding's message; None where it writes nothing of the kind (module docs)."""
    try:
        relative = os.path.relpath(os.path.realpath(path), os.path.realpath(launches.root))
    except ValueError:  # another drive: no launch text of the project names it
        return None
    if relative == os.curdir:  # a lone file is its own launch root
        relative = os.path.basename(path)
    relative = relative.replace(os.sep, "/")
    written = launches.launches_of(path) + own_comment_launches(path, relative, code)
    for launch in written:
        if launch.one_node or launch.open_by_text:
            continue
        if launch in launches.launches_of(path):
            if launches.files_run_by(launch) != 1:
                continue  # its script's path names several files: which one it runs is open
            if launch.after_cd and not launches.names_one_file(launch):
                continue  # run from another folder, where a file of that name may lie
        return f"(the project runs it on several nodes: {launch.describe()})"
    if written:
        return None  # every launch the project writes keeps it on one node, or may not run it
    setting = _setting_in_code(code)
    if setting is not None:
        return f"(its code names a multi-node setting: `{setting}`)"
    name = os.path.basename(path)
    if SAYS_SEVERAL_NODES.search(name.encode("utf-8", "replace")):
        return f"(its name says it is for several nodes: `{name}`)"
    return None


def _setting_in_code(code: bytes) -> str | None:
    """The first multi-node setting the code names outside its prose (comments, docstrings,
    messages: `code_prose`); `num_nodes` not in a file that imports a graph library."""
    if _GRAPH_LIBRARY.search(code) is not None:
        # Blanked to a name of its length, so the code still parses where it stood.
        code = _NUM_NODES.sub(lambda name: b"_" * len(name.group()), code)
    return multi_node_setting(code, outside_prose=True)


_NUM_NODES = re.compile(rb"num_nodes")
