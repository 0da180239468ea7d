"""How a project says its scripts are launched: the commands in its shell scripts and READMEs.

Whether a global rank is this node's GPU index, or whether a checkpoint is read back by the
process that wrote it, depends on how the script is started. The code rarely says; the
project's launch texts often do: `tools/train.sh` runs `python -m torch.distributed.launch
--nproc_per_node $GPUS tools/train_engine.py`, the README runs `torchrun --nproc_per_node=8
-m pkg.infer`, `sh/run.sh` runs `CUDA_VISIBLE_DEVICES=$GPU python run_clone.py`.

Read: files ending in `.sh`, `.bash`, `.zsh`, `.slurm`, `.sbatch`, `.md` and `.rst` under the
project's root (the directory holding `.git`, `pyproject.toml`, `setup.py` or `setup.cfg`;
without one, the top of the tree of Python and launch files around it), as text, never run;
and the string literals that name a distributed launcher in a Python script (a file of a
directory that is no package) that runs shell commands (`os.system(cmd)`, `subprocess`): a
sweep script written in Python; and the shell lines of Jupyter notebooks' code cells
(`!python -m torch.distributed.launch ...`, `%%bash` cells: `notebook_launches`), read as a
shell script in the notebook's directory.
Lines continued with `\\` are joined (a command commented out line by line, whole); a `#`
starting a word outside quotes ends the command (`srun -N2 --pty bash  # we get 2 nodes`);
Markdown's inline code spans are read as commands of their own. A launch is a command
whose program is `torchrun`, `python -m torch.distributed.run` / `.launch`, `deepspeed`,
`accelerate launch`, `torchx run` of the `dist.ddp` component, `srun`, `mpirun`,
`mpiexec`, `horovodrun`, `ssh` / `pdsh`, or `python` running a script or a module; its script
is the first `.py` argument (or the `-m` module; a shell variable assigned scripts on several
branches stands for each), matched to the project's files by its path: the file at that path
from the text's directory, else the files whose path ends with the script's path or ends it
(the text ran it from a subdirectory, or from a checkout's absolute path), else, when that
path names no file at all, the file of its name beside a text named for it (`fuse_infer.sh`
running a moved `fuse_infer.py`: the project moved both and left the path as it was).

One node: `torchrun` (and `torch.distributed.launch`) without `--nnodes` (its default is one
node), with `--nnodes=1` or `--standalone`, given on its command line or in its environment
(`PET_NNODES=1 torchrun ...`, or `export PET_NNODES=2` earlier in the script: the command line
wins); `deepspeed --num_nodes=1` or `--include
localhost:...`; `accelerate launch --num_machines 1`, or with `--config_file F` where the
project's own F says `num_machines: 1` (and the launch's own text names no nodes); `torchx
run ... dist.ddp -j 1x4` (or `-j 4`; without `-j` a `.torchxconfig` may set it); `python
script.py` with no argument naming nodes, machines, a world size, a rank, or a rendezvous
address (`--dist-url`, as pytorch/examples' ImageNet takes for several nodes). Every other
launch may span nodes (DeepSpeed reads a hostfile, `/job/hostfile` unless told another: its
own multi-node examples run a plain `deepspeed main.py`; accelerate a configuration file,
the user's own unless told one; Slurm and MPI their allocations), and so does every command
in a shell script that holds `#SBATCH`, `srun`, `mpirun`, `ssh` or `pdsh`, or that such a
launcher runs (`srun -n32 bash exps/finetune.sh`), but for a Slurm batch script whose every
node directive asks one node (`#SBATCH --nodes=1`) and that reaches no other host: Slurm
runs the script once, on that node, where its plain commands keep their own reach
(`_one_node_batch_job`); submitted with no node count (`sbatch job.sh`), the header decides,
where `sbatch -N 4 job.sh` or `srun bash job.sh` spans nodes. A cluster launcher counts
where a command starts (after environment assignments, control keywords, wrappers such as
`sudo -E`, `nohup`, `timeout 60`, `xargs`, or another launcher: `salloc -N 2 srun ...`):
"you can ssh into the node" and `sudo service ssh start` launch nothing; a shell script
running one anywhere (`/opt/slurm/bin/srun`, `x=$(srun ...)`) is a cluster script. What it
runs is read as commands of their own, each a launch that may span nodes (`srun python -m
torch.distributed.run ... train.py`); a remote shell (`ssh`, `pdsh`) runs the commands after
its options and destination, read whole where quoted (`ssh "$host" "cd '$dir' && python
x.py"`). A login, a tunnel, a command of utilities only (`mkdir`, `cd`, `tar`, `kill`, ...),
of builtins and tests (`set -e; shopt -s nullglob`, `if (( n == 0 ))`, also under `bash -lc
'...'`; not where another word names a launcher or a script, as a quoted command over
several lines reads), a launcher given only options (`mpirun --version`), a built program
(`mpirun -n 8 ./bin/gpt_example`), a tool (`srun -N2 hostname`, `srun docker pull image`) or
an interactive shell (`srun --pty bash`) on the nodes, a command that prints (`echo $cmd`)
or a launcher kept in a variable without a script (`LAUNCH="accelerate launch ..."`, read
where `$LAUNCH train.py` runs it) launches nothing. In a Markdown README, a heading (`###
ssh set-up`) is prose; a `#` line in a fenced or indented block, or in reST, is a commented
command, read as one. A shell variable set once to a literal in the same file is read
(`NNODES=1`), and so is one set once to several words (a quoted string, across lines too, or
a bash array), in their place, with the variables they name, up to a bounded length: a
launcher's options (`DISTRIBUTED_ARGS="--nnodes $NNODES ..."`, then `torchrun
$DISTRIBUTED_ARGS train.py`), the command a cluster launcher runs (`ssh "$host" "bash -lc
'${remote_cmd}'"`). A variable assigned anywhere else as well (`ARGS+=" --nnodes 2"` under
an `if`), like any other, is unknown; a name a shell function declares `local` holds that
function's own value there (two functions may each hold their own `remote_cmd`), is unknown
in the functions it may call, and a `local` assigns the script nothing (`shell_scopes`); one
standing where a launcher's options go, before the script it names, may hold `--nnodes`, so
that launch may span nodes.

One process: `python script.py` launched so, or a launcher told one node and one process
(`torchrun --nproc_per_node 1`, `deepspeed --num_nodes=1 --num_gpus=1`, `accelerate launch
--num_machines 1 --num_processes 1`), when the script starts no processes of its own
(`mp.spawn`, `Process(`, `start_processes`; a `Pool` of data workers loads no model) and reads
none of the variables a launcher sets (`LOCAL_RANK`, `WORLD_SIZE`, `RANK`): such a script is
written to run under one, whatever its README shows.

One GPU: the command shows its processes one GPU, by an environment prefix
(`CUDA_VISIBLE_DEVICES=0 python run.py`) or by the last `export CUDA_VISIBLE_DEVICES=0` of the
shell script's top level before it (a script that also sets the variable elsewhere, under an
`if`, in a loop or without `export`, says nothing); a script is launched with one GPU when every
launch of it is so, no launch whose script cannot be read may run it and show more (one whose
script is partly written, `python -m "demos.graph.${name}"`, may run only the files of
`demos/graph/`), and its code does not set the variable itself.

A script is launched on one node (or as one process) when the project launches it at least
once and every launch of it is so, its own code names no multi-node setting (`node_rank`,
`nnodes`, `SLURM_...`, a hostfile; not a rank modulo `torch.cuda.device_count()`, which a
one-node launch makes the rank itself), and no launch that may span nodes has a script that
cannot be read (`torchrun --nnodes=$N $ENTRY`): that one could be any script. A launch that
keeps to one node counts only for the one file it names (`python train.py` in a README of a
tree with several `train.py` names none); one that may span nodes counts for every file it may
name. A module the launched script imports is not covered: other entry points may import it.
"""

from __future__ import annotations

import ast
import fnmatch
import os
import posixpath
import re
from collections import Counter
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.code_prose import first_in_code
from torchplace.lint.context import string_text
from torchplace.lint.notebook_launches import notebook_texts
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.shared_directories import is_shared_directory
from torchplace.lint.shell_assignments import PLAIN_ASSIGNMENT, assigned_names
from torchplace.lint.shell_scopes import ScriptScopes, script_scopes

#: The words a finding's message uses when its evidence is that several processes of this
#: program run the code (a launch as one process takes that evidence away).
SEVERAL_PROCESSES = "this multi-process code"
#: The words of a finding whose evidence that several processes run the code is in its callers,
#: in other files (a `load_checkpoint` helper a DDP trainer calls): kept only where the project
#: shows such a caller (`project_facts`), which the kept finding then names.
MULTI_PROCESS_CALLERS = "and multi-process code calls it"
#: The words of the same finding where the project shows no such caller: it stays a hazard
#: only if several processes run it.
IF_SEVERAL_PROCESSES = "if several processes may run it"
#: Configuration files, which may name a function or class for a framework to call (Hydra's
#: `_target_: pkg.mod.build`, a `.conf` naming a loss class), and notebooks, whose cells call
#: the project's code: listed by the same walk, read only when a fact asks.
CONFIG_SUFFIXES = (
    ".yaml", ".yml", ".json", ".toml", ".cfg", ".ini", ".conf", ".gin", ".jsonnet", ".libsonnet",
    ".ipynb",
)  # fmt: skip
LAUNCH_TEXT_SUFFIXES = (".sh", ".bash", ".zsh", ".slurm", ".sbatch", ".md", ".rst")
#: A tree with more files than this is not read: no launch is known.
MAX_FILES = 50_000
_SKIPPED = frozenset({"node_modules", "site-packages", "dist-packages", "venv", "__pycache__"})
#: A shell script holding one of these runs its commands through a cluster launcher.
#: A batch script's header: the scheduler runs its commands on the nodes it allocates.
_CLUSTER_HEADER = re.compile(r"^[ \t]*#[ \t]*(?:SBATCH|PBS|BSUB)\b", re.MULTILINE)
#: Program names (the last path component) that launch across nodes, or may.
_CLUSTER_LAUNCHERS = frozenset(
    {"srun", "mpirun", "mpiexec", "horovodrun", "ssh", "pdsh", "sbatch", "qsub", "colossalai",
     "salloc", "jsrun", "aprun", "ibrun", "clush", "pssh", "parallel-ssh", "flux"}
)  # fmt: skip
#: A cluster launcher's name anywhere in a text: only such texts are read for one.
_CLUSTER_WORD = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in _CLUSTER_LAUNCHERS) + r")\b")
#: `flux` launches only through these subcommands (`flux run -N 2 ...`); the word alone is
#: more often a model's name.
_FLUX_RUNS = frozenset({"run", "submit", "batch", "alloc"})
_PYTHON = re.compile(r"python(?:\d+(?:\.\d+)?)?$")
#: Launch texts that are shell scripts (a cluster launcher may run one), not documents.
_SHELL_SUFFIXES = tuple(s for s in LAUNCH_TEXT_SUFFIXES if s not in (".md", ".rst"))
_TORCH_LAUNCH_MODULES = frozenset({"torch.distributed.run", "torch.distributed.launch"})
#: Arguments of a plain `python script.py` that make it one process of a job over nodes.
_MULTI_NODE_ARGUMENTS = re.compile(
    r"^--?(?:nnodes|nodes|num[_-]nodes|node[_-]rank|world[_-]size|dist[_-]url|init[_-]method"
    r"|master[_-]addr|hostfile|num[_-]machines|machine[_-]rank|rank|n[_-]?nodes)(?:=|$)"
)
#: A launched script whose own code names one of these takes part in multi-node jobs: a
#: node setting or a job submitter (`submitit`: DINO's `run_with_submitit.py`). Not a rank
#: taken modulo this node's GPU count: a habit copied from templates (DiT's `train.py`, whose
#: README runs it on one node), which under the project's one-node launches is the rank
#: itself (judging-standards.md names node settings, not this); it tells of several
#: processes instead (`runs_several_processes`).
_MULTI_NODE_CODE = re.compile(
    rb"node_rank|NODE_RANK|nnodes|num_nodes|SLURM_|num_machines|machine_rank|hostfile|submitit"
    rb"|OMPI_COMM_WORLD|MPI\.COMM_WORLD"
)
_STARTS_PROCESSES = re.compile(rb"\bspawn\s*\(|Process\s*\(|start_processes\s*\(")
#: A rank taken modulo this node's GPU count: ranks are expected, so several processes.
_RANK_MODULO_GPUS = re.compile(rb"%\s*(?:torch\s*\.\s*)?cuda\s*\.\s*device_count\s*\(")
#: A script that reads the variables a launcher sets is written to run under one (alpaca-lora's
#: `finetune.py` reads `WORLD_SIZE` and `LOCAL_RANK`), whatever its README shows.
_READS_LAUNCHER = re.compile(rb"[\"'](?:LOCAL_RANK|WORLD_SIZE|RANK|LOCAL_WORLD_SIZE)[\"']")
#: The argument `torch.distributed.launch` and `deepspeed` hand each process they start. Many
#: scripts declare it from a template and never use it (`python run.py` with DataParallel), so
#: it tells only of a script the project does start through a launcher. Declared in its code
#: (`add_argument("--local_rank")`, or read off `sys.argv` as `"--local_rank="`), not in a
#: comment. (A parser built in a module the script imports is not read.)
_DECLARES_RANK_ARGUMENT = re.compile(rb"^[^#\n]*[\"']--local[_-]rank(?:=|[\"'])", re.MULTILINE)
_VISIBLE_DEVICES = "CUDA_VISIBLE_DEVICES"
#: Code that sets which GPUs its process sees decides it, whatever the launch command says.
_SETS_VISIBLE_DEVICES = re.compile(
    rb"CUDA_VISIBLE_DEVICES[\"']\s*\]\s*=|(?:setdefault|putenv)\s*\(\s*[\"']CUDA_VISIBLE_DEVICES"
    rb"|\.update\s*\([^)]*CUDA_VISIBLE_DEVICES"
)
#: `NAME=value` on a line of its own, after an optional `export` / `readonly`.
#: Blanks only, never a line's end: `\s*` at a line's start would run across every blank
#: line after it and back (quadratic in a text of many short lines).
_ASSIGNMENT = re.compile(
    r"^[ \t]*(?:(?:export|readonly)[ \t]+)?([A-Za-z_]\w*)=(\S*)[ \t\r]*$", re.MULTILINE
)
#: The same in a function, where `local` / `declare` / `typeset` may come first.
_LOCAL_ASSIGNMENT = re.compile(
    r"^[ \t]*(?:(?:export|readonly|local|declare|typeset)(?:[ \t]+-\w+)*[ \t]+)?"
    r"([A-Za-z_]\w*)=(\S*)[ \t\r]*$",
    re.MULTILINE,
)
#: `$NAME`, `${NAME}`, and a whole bash array `${NAME[@]}`.
_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)(?:\[[@*]\])?\}?")
#: Between commands: `&&`, `||`, `;`, `|`, and `&` that backgrounds one (not `2>&1`, `&>`).
_SEPARATORS = re.compile(r"&&|\|\||;|\||(?<![>&<])&(?![&>])")
_INLINE_CODE = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Launch:
    """One launch command: where it is written, the script it runs, and its reach."""

    path: str
    line: int
    command: str
    #: The script's path as written (less shell variables at its start), or a dotted module
    #: (`module`); None when it cannot be read.
    script: str | None
    module: bool
    one_node: bool
    one_process: bool
    #: The script is a shell script (`srun bash train.sh`): its own commands run as launched.
    shell: bool = False
    #: How many GPUs the command shows its processes (`CUDA_VISIBLE_DEVICES=0 python x.py`:
    #: 1); None when it does not say.
    visible_gpus: int | None = None
    #: How many processes of the script it runs on each node (`python x.py`, `torchrun x.py`
    #: or `srun -N 2 python x.py`: 1; `torchrun --nproc_per_node 4`: 4); None when it does
    #: not say.
    per_node: int | None = None
    #: The command starts the script through a launcher that counts its processes and hands
    #: each its rank (`torchrun`, `torch.distributed.launch`, `deepspeed`, `accelerate
    #: launch`), even one told a single process: the count is the user's to raise.
    through_launcher: bool = False
    #: A batch submission naming no node count (`sbatch train.sh`): the job takes the nodes
    #: the script's own `#SBATCH` lines ask, which the reading of its commands holds.
    nodes_from_header: bool = False
    #: The configuration file an `accelerate launch --config_file F` reads its machines
    #: from (as written), when no option says them; `LaunchIndex` reads it in the project.
    config_file: str | None = None
    #: A `cd` or `pushd` runs before it in its text: the folder its script is named from is
    #: not known to be the text's own, nor one above it.
    after_cd: bool = False
    #: `srun` (or `mpirun`) starts it inside the job's allocation, and it keeps to one node
    #: on its own (`srun python train.py`): in a batch script of one node (`#SBATCH
    #: --nodes=1`) it runs on that node.
    within_allocation: bool = False
    #: Its own words keep it on one node, and only its text, a cluster script, leaves that
    #: open (`python train.py` in a script that submits itself with `qsub`, or under
    #: `#SBATCH --nodes=4`, where a plain command runs once, on the first node).
    open_by_text: bool = False
    #: A shell script its launcher runs on every node of the job (`srun bash job.sh`), not
    #: once as the job's batch script (`sbatch job.sh`, `qsub job.sh`) nor as a step of one
    #: node (`srun -N 1 bash job.sh`).
    spread: bool = False
    #: The script's word as written where a variable in it keeps it from being read
    #: (`tools/train_${M}.py`, `demos.graph.${name}`): what the project's files it may run
    #: share (`_unread_pattern`). None where it is read, or where a word before it that is only
    #: a variable may be the script itself (`torchrun $SCRIPT configs/x.py`).
    unread_script: str | None = None

    def describe(self) -> str:
        return f"{self.path}:{self.line}: {self.command}"


def launches_in_text(path: str, text: str) -> list[Launch]:
    """The launch commands written in one text (a shell script, a README)."""
    # A lone surrogate (a Python literal's or a notebook's `\ud800` escape) could not be
    # printed in a finding's message that cites the launch.
    text = text.encode("utf-8", "replace").decode("utf-8")
    markdown = path.endswith((".md", ".rst"))
    # Read once: the script's logical lines serve its variables, its cluster test and its
    # commands alike.
    lines = list(_logical_lines(text, quoted=not markdown))
    scopes = script_scopes(text, lines) if not markdown else None
    per_line: list[Mapping[str, str]] | None = None
    if markdown:
        assigned: dict[str, list[str]] = {}
        known: dict[str, str] = {}
    elif scopes is None:
        assigned = _assignments(text)
        known = _known_variables(text, lines, assigned)
    else:
        assigned, known, per_line = _scoped_variables(text, lines, scopes)
    cluster = not markdown and _is_cluster_script(text, lines, known)
    one_node_job = cluster and _one_node_batch_job(text, lines, known)
    # Steps of one node each that join one group (`MASTER_ADDR`, `WORLD_SIZE` set for them).
    other_hosts = cluster and _OTHER_HOSTS.search(text) is not None
    names_nodes = _NAMES_NODES.search(text) is not None
    scripts = {n: v for n, v in assigned.items() if all(x.endswith(".py") for x in v)}
    exports = _visible_exports(text) if not markdown else []
    # Read as the script runs, command by command; a README's snippets are read alone.
    exported_options = _ExportedOptions()
    found: list[Launch] = []
    fenced = _fenced_lines(text) if markdown else set()
    moved = False  # a `cd` or `pushd` ran before: where the text runs from is not known
    for index, (line, logical) in enumerate(lines):
        spans = _INLINE_CODE.findall(logical) if markdown and "`" in logical else [logical]
        if path.endswith(".md") and line not in fenced and _HEADING.match(logical):
            spans = _INLINE_CODE.findall(logical)  # a heading ("### ssh set-up"): prose
        exported = _exported_before(exports, line)
        line_known = known if per_line is None else per_line[index]
        for span in spans:
            # A comment is cut before the commands are split: `# we get 2 nodes; then run
            # python train.py` runs nothing. A commented command (`# torchrun ...`) is read.
            span = span.strip()
            prompt = _PROMPT.match(span)
            mark = prompt.group(0) if prompt else ""
            span = mark + _without_comment(span[len(mark) :])
            for segment in _segments(span):
                moved = moved or _CHANGES_DIRECTORY.match(_PROMPT.sub("", segment)) is not None
                if not markdown and not mark:
                    indented = logical[:1].isspace()
                    exported_options.read(segment, line_known, indented)
                environment = exported_options.options()
                for command in _script_choices(segment, scripts):
                    for launch in _parse(path, line, command, line_known, exported, environment):
                        if moved:
                            launch = replace(launch, after_cd=True)
                        if cluster:
                            # In a job of one node a command keeps its own reach, and so does
                            # one `srun` starts inside it; one another cluster launcher runs
                            # (`mpirun ...`, `ssh`) is read as spanning still. A job step of
                            # one node (`srun -N 1 python x.py`) is one node in any job.
                            one_step = launch.one_node and launch.within_allocation
                            one_node = (one_step and not other_hosts) or (
                                (launch.one_node or launch.within_allocation) and one_node_job
                            )
                            launch = replace(
                                launch,
                                one_node=one_node,
                                one_process=launch.one_process and one_node_job,
                                open_by_text=launch.open_by_text
                                or (launch.one_node and not one_node),
                            )
                        if (cluster and not one_node_job) or names_nodes:
                            # Run on several nodes, or beside `NNODES=2` (a configuration
                            # the script may rewrite), the file's one machine does not hold.
                            launch = replace(launch, config_file=None)
                        found.append(launch)
    return found


#: A command that changes the directory the text goes on in (`cd ../..`, `pushd $ROOT`).
_CHANGES_DIRECTORY = re.compile(r"\s*(?:cd|pushd)(?:\s|$)")


def _known_variables(
    text: str, lines: list[tuple[int, str]], assigned: dict[str, list[str]]
) -> dict[str, str]:
    """The variables a shell text assigns once, with their values: a plain value without
    `$`, or several words (`_remote_commands`), which may name variables of their own."""
    counts = _assignment_counts(text)
    known = {
        n: v[0]
        for n, v in assigned.items()
        if len(v) == 1 and counts[n] == 1 and "$" not in v[0] and v[0]
    }
    known.update(_remote_commands(lines, counts))
    return known


def _scoped_variables(
    text: str, lines: list[tuple[int, str]], scopes: ScriptScopes
) -> tuple[dict[str, list[str]], dict[str, str], list[Mapping[str, str]]]:
    """The variables of a script whose functions keep names local (`shell_scopes`): the
    values its top level assigns, what its top level reads, and what each logical line
    reads. A line assigning only names its function keeps local, or a `local` outside any
    function (which assigns nothing), gives the script's variables nothing. Each line's view
    is built without copying: a script of thousands of functions and locals reads in time
    near its length."""
    physical = text.splitlines()

    def physical_lines(index: int) -> range:
        last = lines[index + 1][0] - 1 if index + 1 < len(lines) else len(physical)
        return range(lines[index][0], max(lines[index][0], last) + 1)

    own_lines: dict[int, list[int]] = {}  # function (by first line) -> its local assignments
    # The functions that assign each name without keeping it local: one of them called from
    # a function that keeps the name local sets that function's value.
    setters: dict[str, set[int]] = {}
    blanked: set[int] = set()
    for index, (line, logical) in enumerate(lines):
        names = assigned_names(logical)
        owner = scopes.owners[index]
        if owner is None:
            if _TOP_LEVEL_LOCAL.match(logical):
                blanked.update(physical_lines(index))
            continue
        if not names:
            continue
        local = [name for name in names if owner.local_at(name, line)]
        if local:
            own_lines.setdefault(owner.first, []).append(index)
            if len(local) == len(names):
                blanked.update(physical_lines(index))
        for name in names:
            if name not in local:
                setters.setdefault(name, set()).add(owner.first)
    shared_text = "\n".join(
        "" if number in blanked else text_line for number, text_line in enumerate(physical, 1)
    )
    assigned = _assignments(shared_text)
    top = _known_variables(shared_text, list(_logical_lines(shared_text, True)), assigned)
    # Another function may be called by one that keeps a name local: it may see that value.
    outside = _Hiding(top, scopes.local_names())
    own_values: dict[int, dict[str, str]] = {}
    for function in scopes.functions:
        if not function.declared:
            continue
        own_text = "\n".join(
            physical[number - 1]
            for index in own_lines.get(function.first, [])
            for number in physical_lines(index)
        )
        own = _known_variables(
            own_text,
            list(_logical_lines(own_text, True)),
            _assignments(own_text, _LOCAL_ASSIGNMENT),
        )
        own_values[function.first] = {
            n: v
            for n, v in own.items()
            if n in function.declared and not setters.get(n, set()) - {function.first}
        }
    per_line: list[Mapping[str, str]] = []
    for index, (line, _) in enumerate(lines):
        owner = scopes.owners[index]
        if owner is None:
            per_line.append(top)
        elif not owner.declared:
            per_line.append(outside)
        else:
            per_line.append(_InFunction(outside, own_values[owner.first], owner.declared, line))
    return assigned, top, per_line


class _Hiding(Mapping[str, str]):
    """`values` less the `hidden` names (unknown there)."""

    def __init__(self, values: Mapping[str, str], hidden: Container[str]) -> None:
        self._values = values
        self._hidden = hidden

    def __getitem__(self, name: str) -> str:
        if name in self._hidden:
            raise KeyError(name)
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return (name for name in self._values if name not in self._hidden)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _InFunction(Mapping[str, str]):
    """What one line of a function reads: the function's own value of each name it has
    declared local by that line (none where it is unknown), the others as `outside`."""

    def __init__(
        self,
        outside: Mapping[str, str],
        own: Mapping[str, str],
        declared: Mapping[str, int],
        line: int,
    ) -> None:
        self._outside, self._own, self._declared, self._line = outside, own, declared, line

    def _local(self, name: str) -> bool:
        declared = self._declared.get(name)
        return declared is not None and declared <= self._line

    def __getitem__(self, name: str) -> str:
        return self._own[name] if self._local(name) else self._outside[name]

    def __iter__(self) -> Iterator[str]:
        yield from (name for name in self._own if self._local(name))
        yield from (name for name in self._outside if not self._local(name))

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: A `local` outside any function: bash refuses it; it assigns no variable of the script.
_TOP_LEVEL_LOCAL = re.compile(r"\s*local\s")


#: A Markdown heading: up to three spaces, then `#`s (four spaces make it code).
_HEADING = re.compile(r" {0,3}#")


def _is_cluster_script(text: str, lines: list[tuple[int, str]], known: Mapping[str, str]) -> bool:
    """A shell script whose commands run through a scheduler or on other nodes: a batch
    header (`#SBATCH`), or a cluster launcher in command position in any of its commands
    (`srun ...`, `/opt/slurm/bin/srun`, `sudo -E srun`, `x=$(srun ...)`, `ssh "$host" ...`)."""
    if _CLUSTER_HEADER.search(text):
        return True
    if not _CLUSTER_WORD.search(text):
        return False
    return next(_cluster_launchers_started(lines, known), None) is not None


def _cluster_launchers_started(
    lines: list[tuple[int, str]], known: Mapping[str, str]
) -> Iterator[str]:
    """The cluster launchers a shell text starts, by program name, in command position in
    any of its commands (`srun ...`, `/opt/slurm/bin/srun`, `sudo -E srun`, `x=$(srun
    ...)`); not one in prose or an argument."""
    for _, logical in lines:
        if not _CLUSTER_WORD.search(logical):
            continue
        logical = _without_comment(_PROMPT.sub("", logical.strip()))
        for segment in _SEPARATORS.split(logical.replace("$(", " ").replace("`", " ")):
            words = _tokens(_PROMPT.sub("", segment.strip()), known)
            for position, word in enumerate(words):
                if _cluster_launcher(word, words[position + 1 :]) and _in_command_position(
                    words[:position]
                ):
                    yield _program(word)


#: A text naming nodes or machines: their variables, a hostfile, accelerate's machine keys or
#: its default configuration, the words (`multi-node`, `several machines`).
_NAMES_NODES = re.compile(
    r"\b(?:NNODES|NODE_RANK|MASTER_ADDR|PET_NNODES|PDSH_\w+|num_machines|machine_rank"
    r"|main_process_ip|num_nodes|nnodes)\b|hostfile|default_config"
    r"|multi[- ]?(?:node|machine)|(?:multiple|several|two|many) (?:nodes|machines)",
    re.IGNORECASE,
)
#: A Slurm directive, with the words after `#SBATCH`.
#: Slurm reads `#SBATCH` only so written: `# SBATCH` is a comment it ignores.
_SBATCH_LINE = re.compile(r"^[ \t]*#SBATCH\b(.*)$", re.MULTILINE)
#: Headers of other schedulers, or a heterogeneous job's components, each its own nodes.
_OTHER_JOB_HEADERS = re.compile(
    r"^[ \t]*#[ \t]*(?:PBS|BSUB)\b|\b(?:hetjob|packjob)\b", re.MULTILINE
)
#: Words by which a command reaches hosts past the job's own allocation: a host list, or the
#: variables that make a plain launcher join a group elsewhere (`export PET_NNODES=2`,
#: `MASTER_ADDR` of another job's node).
_OTHER_HOSTS = re.compile(
    r"hostfile|machinefile|--host\b|\s-H\s|\b(?:PET_NNODES|PET_RDZV_ENDPOINT|MASTER_ADDR"
    r"|WORLD_SIZE|NNODES|NODE_RANK)\b"
)


def _one_node_batch_job(text: str, lines: list[tuple[int, str]], known: Mapping[str, str]) -> bool:
    """A Slurm batch script whose every node directive asks one node (`#SBATCH --nodes=1`,
    `-N 1`, `--nodes=1-1`), of one component, whose commands start no cluster launcher but
    `srun` (which stays inside the allocation) and name no host list nor a rendezvous's
    variables: its commands run on that one node. Given a node count where it is submitted
    (`sbatch -N 4 train.sh`), the submission decides instead (`nodes_from_header`)."""
    if _OTHER_JOB_HEADERS.search(text) or _OTHER_HOSTS.search(text):
        return False
    counts = []
    for match in _SBATCH_LINE.finditer(text):
        words = _without_comment(match.group(1)).split()
        given = _short_or_long(words, "-N", "--nodes")
        if given is not None:
            counts.append(given)
    if not counts or any(count not in ("1", "1-1") for count in counts):
        return False
    return all(program in _STEP_LAUNCHERS for program in _cluster_launchers_started(lines, known))


def _cluster_launcher(word: str, rest: list[str]) -> bool:
    program = _program(word)
    if program == "flux":
        return bool(rest) and rest[0] in _FLUX_RUNS
    return program in _CLUSTER_LAUNCHERS


def _fenced_lines(text: str) -> set[int]:
    """The numbers of a Markdown text's lines inside fenced code blocks: from a fence of three
    or more backticks or tildes to a line of the same character, at least as many, alone."""
    inside: set[int] = set()
    fence = ""
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if fence:
            if stripped.startswith(fence) and not stripped.lstrip(fence[0]):
                fence = ""
            else:
                inside.add(number)
        elif stripped.startswith(("```", "~~~")):
            run = len(stripped) - len(stripped.lstrip(stripped[0]))
            fence = stripped[0] * run
    return inside


def _segments(span: str) -> list[str]:
    """The commands of a line, split at `&&`, `||`, `;` and `|`; the command a remote shell
    runs stays whole where it is quoted (`ssh "$host" "cd '$dir' && python train.py"`)."""
    pieces: list[str] = []
    start = 0
    quote = ""
    index = 0
    while index < len(span):
        char = span[index]
        if quote == '"' and char == "\\":
            index += 2  # `\\"` inside a double-quoted string ends nothing
            continue
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        else:
            match = _SEPARATORS.match(span, index)
            if match is not None:
                pieces.append(span[start:index])
                start = index = match.end()
                continue
        index += 1
    pieces.append(span[start:])
    found: list[str] = []
    for piece in pieces:
        if _REMOTE_SHELL_WORD.search(piece):
            found.append(piece)
        else:
            found.extend(_SEPARATORS.split(piece))
    return found


#: A remote shell's name, as a word.
_REMOTE_SHELL_WORD = re.compile(r"(?:^|[\s/])(?:ssh|pdsh)\s")


def _script_choices(segment: str, scripts: dict[str, list[str]]) -> list[str]:
    """The command once per script a variable in it may hold (`python ${RUN_FN}` where the
    script sets `RUN_FN=${WORKDIR}/run_clone.py` on one branch, `.../run_gen.py` on
    another), else the command itself."""
    for match in _VARIABLE.finditer(segment):
        values = scripts.get(match.group(1))
        if values:
            head, tail = segment[: match.start()], segment[match.end() :]
            return [head + value + tail for value in values]
    return [segment]


def _logical_lines(text: str, quoted: bool = False) -> Iterator[tuple[int, str]]:
    """Lines with `\\` continuations joined, each with the number of its first line: not
    past a comment, which holds the `\\` (`PYTHONPATH=. \\` / `#srun ... \\` / `python
    x.py` runs `python x.py` on its own); a command commented out line by line is joined
    without its lines' marks, up to the first line without one. With `quoted` (a shell
    script), so are the lines of a double-quoted string that spans them (`run_cmd="torchrun`
    / `--nnodes=1` / `./src/train.py"`, then `eval ${run_cmd}`: ImageReward's one-node
    launch), up to `_QUOTED_LINES` lines; comment lines open none."""
    pending: list[str] = []
    start = 0
    open_quote = False
    commented = False
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.rstrip()
        is_comment = stripped.lstrip().startswith("#")
        if pending and commented and not is_comment:
            yield start, " ".join(pending)  # the commented block ends: this line runs
            pending = []
        if not pending:
            start = number
            commented = is_comment
        if commented:
            # A command commented out line by line (`# torchrun \\` / `#   --nnodes 2 \\`):
            # its lines are read whole, their quotes and marks opening nothing.
            if len(pending) > 0:
                stripped = stripped.lstrip().lstrip("#")
            comment = None
        else:
            ends_open, comment = _quotes_and_comment(stripped, open_quote)
            if quoted:
                open_quote = ends_open
        if stripped.endswith("\\") and comment is None:
            pending.append(stripped[:-1])
            continue
        pending.append(stripped)
        if open_quote and len(pending) < _QUOTED_LINES:
            pending[-1] += QUOTED_LINE_BREAK
            continue
        open_quote = False
        yield start, " ".join(pending)
        pending = []
    if pending:
        yield start, " ".join(pending)


#: Where a double-quoted string spans lines, its line breaks are kept as this character: blank
#: to `str.split` and to `\s` (words and patterns read it as a space), yet a command string
#: run by a shell (`ssh "$host" "` / `echo start` / `torchrun ... train.py"`) breaks into
#: commands there (`_tokens`).
QUOTED_LINE_BREAK = "\x1e"


def _ends_in_double_quote(line: str, open_quote: bool) -> bool:
    """Whether a shell line ends inside a double-quoted string, given whether it starts in
    one: `"` inside single quotes (`tr -d '"'`) or escaped opens none, nor does one in a
    comment."""
    return _quotes_and_comment(line, open_quote)[0]


def _quotes_and_comment(line: str, open_quote: bool) -> tuple[bool, int | None]:
    """Whether the line ends inside a double-quoted string (given whether it starts in one),
    and where its comment starts: a `#` that starts a word outside quotes (None if none)."""
    double = open_quote
    single = False
    index = 0
    while index < len(line):
        char = line[index]
        if double:
            if char == "\\":
                index += 1
            elif char == '"':
                double = False
        elif single:
            single = char != "'"
        elif char == "\\":
            index += 1
        elif char == "'":
            single = True
        elif char == '"':
            double = True
        elif char == "#" and (index == 0 or line[index - 1] in " \t;" + QUOTED_LINE_BREAK):
            return double, index
        index += 1
    return double, None


#: The most lines a double-quoted string is read across.
_QUOTED_LINES = 40


def _assignments(text: str, pattern: re.Pattern[str] = _ASSIGNMENT) -> dict[str, list[str]]:
    """The values each shell variable is assigned on a line of its own, quotes dropped, in the
    order written; not a bash array's opening (`ARGS=(`), read as several words."""
    values: dict[str, list[str]] = {}
    for name, value in pattern.findall(text):
        if not value.startswith("("):
            values.setdefault(name, []).append(value.strip("\"'"))
    return values


def _assignment_counts(text: str) -> Counter[str]:
    """How many times the text assigns each name, wherever and by whatever form
    (`shell_assignments`): a name assigned twice holds a value the reader cannot know."""
    return Counter(assigned_names(text))


#: A variable given several words: a double-quoted string holding a space, across lines too
#: (`DISTRIBUTED_ARGS="` / `--nproc_per_node 8 --nnodes $NNODES"`,
#: `remote_cmd="cd ${dir}; bash stop.sh || true"`), or a bash array (`ARGS=(--nnodes 2)`),
#: after an optional `local` / `export` / `readonly` / `declare`.
_WORDS_ASSIGNMENT = re.compile(
    r"\s*(?:(?:local|export|readonly|declare(?:\s+-a)?)\s+)?([A-Za-z_]\w*)="
    r"(?:\"((?:[^\"\\]|\\.)*)\"|'([^']*)'|\(([^()]*)\))\s*(?:#.*)?"
)
#: The most lines a bash array is read across.
_ARRAY_LINES = 40


def _remote_commands(logical_lines: list[tuple[int, str]], counts: Counter[str]) -> dict[str, str]:
    """Variables a shell script assigns several words once: the options of a launcher
    (`torchrun $DISTRIBUTED_ARGS train.py`) or the command a cluster launcher runs (`ssh
    "$host" "bash -lc '${remote_cmd}'"`), read in their place. A bash array may span lines.
    A variable assigned anywhere else too (`ARGS+=" --nnodes 2"` under an `if`) is unknown."""
    values: dict[str, list[str]] = {}
    lines = [logical for _, logical in logical_lines]
    index = 0
    while index < len(lines):
        logical = lines[index].rstrip()
        index += 1
        if _OPENS_ARRAY.match(logical):
            # `ARGS=(` / `--nnodes $N` / `)`: read the array's lines as one.
            parts = [logical]
            while index < len(lines) and len(parts) < _ARRAY_LINES and ")" not in parts[-1]:
                parts.append(lines[index].strip())
                index += 1
            logical = " ".join(parts)
        match = _WORDS_ASSIGNMENT.fullmatch(logical)
        if match is not None:
            value = next(v for v in match.groups()[1:] if v is not None)
            if len(value.split()) > 1:
                values.setdefault(match.group(1), []).append(value)
    return {
        name: found[0] for name, found in values.items() if len(found) == 1 and counts[name] == 1
    }


#: A line opening a bash array it does not close (`DISTRIBUTED_ARGS=(`).
_OPENS_ARRAY = re.compile(r"\s*(?:(?:local|export|readonly|declare(?:\s+-a)?)\s+)?\w+=\([^)]*$")


def _tokens(segment: str, known: Mapping[str, str]) -> list[str]:
    """Words of a command up to a comment, quotes dropped, `NAME=value` prefixes read as
    their value, known variables put in (a value of several words, `ARGS="--nnodes=2
    --nproc_per_node=8"`, as its words, as the shell splits it)."""
    words: list[str] = []
    # The characters put in, over the whole command: values that double at each step
    # (`A="$B $B"`, `B="$C $C"`, ...) stop growing once it is spent.
    budget = [_EXPANDED_CHARS]

    def put(match: re.Match[str]) -> str:
        value = known.get(match.group(1))
        if value is None or len(value) > budget[0]:
            return match.group(0)
        budget[0] -= len(value)
        return value

    for word in _read_line_breaks(_without_comment(segment)).split():
        word = word.strip("\"'()")
        for _ in range(_EXPANSIONS):  # a value may name variables of its own
            expanded = _VARIABLE.sub(put, word)
            if expanded == word:
                break
            word = expanded
        words.extend(part for part in (w.strip("\"'()") for w in word.split()) if part)
    return words


def _without_comment(segment: str) -> str:
    """The command less its comments: from a `#` that starts a word outside quotes to the
    end, or to the end of its line inside a command string spanning lines (`bash -c "` /
    `# train on two nodes` / `torchrun ... train.py"`); a `#` inside quotes is the string's
    own (`bash -c "export RANK=$i  # vLLM: GPUs 4-7` / `python serve.py"`)."""
    if "#" not in segment:
        return segment
    kept: list[str] = []
    rest = segment
    while True:
        comment = _quotes_and_comment(rest, False)[1]
        if comment is None:
            kept.append(rest)
            return "".join(kept)
        kept.append(rest[:comment])
        end = rest.find(QUOTED_LINE_BREAK, comment)
        if end < 0:
            return "".join(kept)
        rest = rest[end:]


def _read_line_breaks(segment: str) -> str:
    """The segment with each line break of a double-quoted string (`QUOTED_LINE_BREAK`) read:
    a word of its own (`COMMAND_BREAK`) where a shell running the string as commands ends a
    command there (`ssh "$host" "` / `echo start` / `torchrun ... train.py"`), a blank where
    it is a variable's value (`CMD="torchrun` / `--nnodes 2` / `train.py"`, after `then` or
    `declare -r` too: an unquoted `eval $CMD` splits it at blanks) or lies inside the inner
    shell's own quotes (`ssh h "echo 'to train, run:` / `python train.py'"` prints)."""
    if QUOTED_LINE_BREAK not in segment:
        return segment
    values = [match.span() for match in _QUOTED_VALUE.finditer(segment)]
    pieces: list[str] = []
    start = 0
    for index, char in enumerate(segment):
        if char != QUOTED_LINE_BREAK:
            continue
        before = segment[:index]
        inner = before.count("'") % 2 or before.count('\\"') % 2
        value = any(first < index < last for first, last in values)
        pieces.append(segment[start:index])
        pieces.append(" " if inner or value else f" {COMMAND_BREAK} ")
        start = index + 1
    pieces.append(segment[start:])
    return "".join(pieces)


#: A variable's double-quoted value, wherever the assignment stands in its command.
_QUOTED_VALUE = re.compile(r'(?<![\w$])[A-Za-z_]\w*\+?="(?:[^"\\]|\\.)*"')
#: The word a quoted string's line break becomes where it ends a command: no blank (a word
#: of its own), no separator (`_in_command_position` reads words before it as its command's).
COMMAND_BREAK = "\ue000"


#: How deep variables named in variables' values are put in, and how many characters one
#: command may gain.
_EXPANSIONS = 4
_EXPANDED_CHARS = 4_000


def _parse(
    path: str,
    line: int,
    segment: str,
    known: Mapping[str, str],
    exported: str | None = None,
    environment: Sequence[str] = (),
) -> list[Launch]:
    gpus = _visible_gpus(segment, known, exported)
    return [
        replace(launch, visible_gpus=gpus)
        for launch in _parse_launcher(path, line, segment, known, environment)
    ]


#: A shell prompt or a comment's mark before a command (`$ torchrun ...`, `> python ...`,
#: `# srun ...`); not `$LAUNCH`, a variable.
_PROMPT = re.compile(r"^(?:[$>](?=\s)|#+)\s*")


#: `export CUDA_VISIBLE_DEVICES=...` at a line's start (the script's top level).
_EXPORT_VISIBLE = re.compile(r"^export\s+CUDA_VISIBLE_DEVICES=(\S*)\s*$", re.MULTILINE)
_ANY_VISIBLE = re.compile(r"^\s*(?:export\s+)?CUDA_VISIBLE_DEVICES=\S*\s*$", re.MULTILINE)
#: `unset CUDA_VISIBLE_DEVICES` at a line's start, and anywhere (`if ...; then unset ...`).
_UNSET_VISIBLE = re.compile(r"^unset\s+(?:\w+\s+)*CUDA_VISIBLE_DEVICES\s*$", re.MULTILINE)
_ANY_UNSET = re.compile(r"\bunset\b[^\n]*\bCUDA_VISIBLE_DEVICES\b")


def _visible_exports(text: str) -> list[tuple[int, str]]:
    """Each top-level `export CUDA_VISIBLE_DEVICES=value` of a shell script, with its line,
    and each top-level `unset CUDA_VISIBLE_DEVICES` (an empty value: every GPU again); none
    when the script also sets or unsets the variable anywhere else (indented under an `if` or
    a loop, or not exported): then which value a command sees is not known."""
    exports = [
        (text.count("\n", 0, match.start()) + 1, match.group(1).strip("\"'"))
        for match in _EXPORT_VISIBLE.finditer(text)
    ]
    unsets = [(text.count("\n", 0, m.start()) + 1, "") for m in _UNSET_VISIBLE.finditer(text)]
    if len(exports) != len(_ANY_VISIBLE.findall(text)):
        return []
    if len(unsets) != len(_ANY_UNSET.findall(text)):
        return []
    return sorted(exports + unsets)


class _ExportedOptions:
    """The torchrun options (`PET_<OPTION>`, which torchrun reads from its environment) a
    shell script has exported so far, read command by command in the order they run: each
    name's possible values, `None` for not exported. An export or `unset` on an indented line,
    after `then` / `else` / `do` or in a case arm may not run, so it adds its value to the old
    ones; one at the script's top level replaces them. A name with several possible values is
    unknown. A commented-out export, or one in a README's snippet, exports nothing here."""

    def __init__(self) -> None:
        self._values: dict[str, set[str | None]] = {}

    def read(self, segment: str, known: Mapping[str, str], indented: bool) -> None:
        """Take in the command `segment` if it exports or unsets `PET_` names."""
        if "PET_" not in segment:
            return  # every segment of every launch text passes here: most name no such option
        arm = _CASE_PATTERN.match(segment)  # a case arm's pattern (`multi)`)
        words = _tokens(segment[arm.end() if arm else 0 :].strip(), known)
        conditional = indented or arm is not None
        while words and words[0] in _CONDITIONAL_WORDS:
            words, conditional = words[1:], True
        if not words or words[0] not in ("export", "unset"):
            return
        for word in words[1:]:
            name, equals, value = word.partition("=")
            if not name.startswith("PET_"):
                continue
            if words[0] == "unset":
                new: str | None = None
            elif equals:
                new = value.strip("\"'")
            else:
                # `PET_NNODES=2` then `export PET_NNODES`: the value the script gave it.
                new = known.get(name, "$" + name)
            old = self._values.get(name, {None})
            self._values[name] = old | {new} if conditional else {new}

    def options(self) -> list[str]:
        """The exported options as torchrun's option words (`--nnodes 2`); `$?` for one
        whose value depends on a branch."""
        words: list[str] = []
        for name, values in self._values.items():
            if values == {None}:
                continue
            value = next(iter(values)) if len(values) == 1 else "$?"
            words += [f"--{name[4:].lower()}", value or "$?"]
        return words


#: A case arm's pattern before its command (`multi)`, `(a|b)`).
_CASE_PATTERN = re.compile(r"\s*\(?[^\s()=]+\)\s+")
#: Words after which a command runs only on one branch of the script.
_CONDITIONAL_WORDS = frozenset({"then", "else", "elif", "do", "{", "&&", "||"})


def _exported_before(exports: list[tuple[int, str]], line: int) -> str | None:
    """The value the last top-level export before `line` gave the variable."""
    earlier = [value for at, value in exports if at < line]
    return earlier[-1] if earlier else None


def _visible_gpus(segment: str, known: Mapping[str, str], exported: str | None) -> int | None:
    """How many GPUs `CUDA_VISIBLE_DEVICES` shows the command: its value as an environment
    prefix of the command (`CUDA_VISIBLE_DEVICES=0,1 torchrun ...`), else as the shell
    script's top level exported it last before the command (`export
    CUDA_VISIBLE_DEVICES=0`); None when neither says, or the value is a variable the file
    does not set."""
    value = exported
    for word in _tokens(_PROMPT.sub("", segment.strip()), known):
        if "=" not in word or word.startswith("-"):
            if _program(word) != "env":
                break  # the program: words after it are its arguments
            continue
        name, _, assigned = word.partition("=")
        if name == _VISIBLE_DEVICES:
            value = assigned
    if value is None or "$" in value:
        return None
    entries = [entry for entry in value.split(",") if entry.strip()]
    return len(entries) if entries else None


def _parse_launcher(
    path: str,
    line: int,
    segment: str,
    known: Mapping[str, str],
    environment: Sequence[str] = (),
) -> list[Launch]:
    launches = _launcher_of(path, line, segment, known, environment)
    commented = segment.lstrip().startswith("#")
    if (
        commented
        or _ASSIGNS_COMMAND.match(segment)
        or _ASSIGNS_ONLY.match(_PROMPT.sub("", segment.strip()))
    ):
        # `LAUNCH="accelerate launch --num_processes=8"`: a launcher kept for later
        # (`$LAUNCH train.py`, read there), not a launch of its own; so is one commented out
        # (`# LAUNCH_CMD="torchrun ...`), and so is a commented-out launcher whose script is
        # not written (`# CUDA_VISIBLE_DEVICES=7 deepspeed --master_port 29515 \`, the
        # alternative prefix of the live command below it).
        launches = [launch for launch in launches if launch.script is not None]
    return launches


#: A segment that assigns a command to a shell variable (`LAUNCH="torchrun ...`), quoted: a
#: bare value before more words is the environment of the command after it (`NCCL_DEBUG=INFO
#: python -m tools.train_${M}`), a launch of its own.
_ASSIGNS_COMMAND = re.compile(r"\s*(?:(?:export|local|readonly)\s+)?[A-Za-z_]\w*=[\"']\S")
#: One that only assigns it, read after a prompt or a comment's mark (`# LAUNCH_CMD="torchrun
#: --rdzv_endpoint="localhost:$port" --nnodes 1"`, commented out: one word of quoted and bare
#: parts): not a command run with a variable set for it (`# NCCL_DEBUG=INFO srun -N 2 python
#: $ENTRY`).
_ASSIGNS_ONLY = re.compile(
    r"""\s*(?:(?:export|local|readonly)\s+)?[A-Za-z_]\w*="""
    r"""(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^\s"'])*(?:"(?:[^"\\]|\\.)*)?\s*$"""
)


def _launcher_of(
    path: str,
    line: int,
    segment: str,
    known: Mapping[str, str],
    environment: Sequence[str] = (),
) -> list[Launch]:
    words = _tokens(_PROMPT.sub("", segment.strip()), known)
    return _launches_in_words(path, line, segment, words, environment)


def _launches_in_words(
    path: str, line: int, segment: str, words: list[str], environment: Sequence[str] = ()
) -> list[Launch]:
    """The launches of one command's words (several where a cluster launcher runs several
    commands: `ssh node2 "cd /w && python prep.py && torchrun --nnodes 2 train.py"`). A
    command that prints (`echo $run_cmd`) runs nothing. `environment` holds the torchrun
    options the script exported before the command (`export PET_NNODES=2`), as option words;
    the command's own (`PET_NNODES=1 torchrun ...`, `--nnodes 1`) come first."""
    if words and _program(words[0]) in _PRINTERS:
        return []
    if words and _program(words[0]) in _PACKAGE_MANAGERS and "run" not in words[1:]:
        # `conda env create -n deepspeed`, `pip install -U deepspeed`: a name. One that runs
        # a command (`uv --project . run torchrun ...`, `uv tool run`) is read for it.
        return []
    for position, word in enumerate(words):
        program = _program(word)
        rest = words[position + 1 :]
        if not _cluster_launcher(word, rest):
            # A launcher's own words: a quoted argument's line break ends no command of its.
            rest = [w for w in rest if w != COMMAND_BREAK]
        if program == "accelerate" and rest[:1] == ["launch"]:
            program, rest = "accelerate launch", rest[1:]
        if program in _RUNNERS and not _starts_command(rest):
            return []  # prose (`# torchrun specific`, "use torchrun"), not a command
        if program == "torchrun":
            before = _torchrun_environment(words[:position])
            return _some(_torchrun(path, line, segment, rest, [*before, *environment]))
        if program == "deepspeed":
            return [_deepspeed(path, line, segment, rest)]
        if program == "accelerate launch":
            return [_accelerate(path, line, segment, rest)]
        if program == "torchx" and rest[:1] == ["run"]:
            return _some(_torchx(path, line, segment, rest[1:]))
        if _cluster_launcher(word, rest):
            if not rest or not _in_command_position(words[:position]):
                return []  # the word in prose ("you can ssh into it"), or an argument
            return _cluster_launches(path, line, segment, program, rest)
        if _PYTHON.match(program):
            before = _torchrun_environment(words[:position])
            return _some(_python(path, line, segment, rest, [*before, *environment]))
        if program in _APP_RUNNERS and rest[: len(_APP_RUNNERS[program])] == list(
            _APP_RUNNERS[program]
        ):
            # `gradio app.py`, `streamlit run app.py`: one Python process running the script.
            arguments = rest[len(_APP_RUNNERS[program]) :]
            if arguments[:1] and arguments[0].endswith(".py"):
                return _some(_python(path, line, segment, arguments))
    return []


#: Commands that print their words.
_PRINTERS = frozenset({"echo", "printf"})
#: Package and environment managers: a launcher's name among their words is a package or an
#: environment (LoongServe's `conda env create -n deepspeed -f ...`), unless they run a
#: command (`conda run -n env torchrun ...`, `uv run torchrun ...`).
_PACKAGE_MANAGERS = frozenset({"conda", "mamba", "micromamba", "pip", "pip3", "uv", "pipx"})


def _some(launch: Launch | None) -> list[Launch]:
    return [] if launch is None else [launch]


def _cluster_launches(
    path: str, line: int, segment: str, program: str, rest: list[str]
) -> list[Launch]:
    """What a cluster launcher runs, each launch of it able to span nodes: the launches of
    its commands (`srun python -m torch.distributed.run ... train.py`, a remote shell's
    quoted commands), else the shell script it runs (`srun bash exps/train.sh`: its own
    commands then run on every node), else a launch of any file (its command unread)."""
    # A command line held in a variable or a quoted string (`ssh "$host" "bash -lc
    # '${cmd}'"`) is read as its commands' words.
    rest = [w for word in rest for w in _SPLIT_SEPARATORS.split(word) if w.strip()]
    if all(word.startswith("-") for word in rest):
        return []  # `mpirun --version`, `horovodrun --check`: no program
    remote = program in _REMOTE_SHELLS
    commands = _commands_of(_remote_command(program, rest) if remote else rest)
    if remote and all(_runs_no_program(command) for command in commands):
        return []  # a login, a tunnel, `ssh host "mkdir -p $dir"`: no program
    tasks = 1 if remote else _tasks_per_node(program, rest)
    # `srun -N 1 python train.py`: a job step of one node, where the command keeps its reach;
    # not a heterogeneous step (`srun -N 1 a : -N 4 b`) nor one placed relative to others
    # (`srun -N 1 -r 1 ...`, a part of a job over several nodes).
    position = _program_position(rest, True)
    options = rest[:position] if position else rest
    step_nodes = _short_or_long(options, "-N", "--nodes")
    one_step = (
        program == "srun"
        and step_nodes in ("1", "1-1")
        and ":" not in rest
        and _short_or_long(options, "-r", "--relative") is None
    )
    # A step of another job's allocation (`srun --jobid=123 ...`, `SLURM_JOB_ID=$X srun`) is
    # not this job's. `mpirun` under a job takes the job's hosts too.
    own_allocation = (
        position is not None
        and _option(options, "--jobid") is None
        and _OTHER_JOB.search(segment) is None
    )
    within = program in _STEP_LAUNCHERS and own_allocation
    found = [
        replace(
            launch,
            one_node=launch.one_node and one_step,
            within_allocation=within and launch.one_node,
            # A job's batch script, or a remote shell's command, runs once on one host.
            open_by_text=program in _RUNS_ONCE and launch.one_node,
            one_process=False,
            per_node=None if tasks is None or launch.per_node is None else tasks * launch.per_node,
            config_file=None,
        )
        for command in commands
        for launch in _launches_in_words(path, line, segment, command)
    ]
    if any(launch.script is not None for launch in found):
        return found
    words = [word for command in commands for word in command]
    script, module, _, unread = _script_of(words)
    shell = _shell_script_of(words) if script is None else None
    if shell is not None:
        launch = Launch(path, line, _short(segment), shell, False, False, False, shell=True)
        before = words[: _shell_script_position(words)]
        # Options held in a variable (`sbatch $EXTRA job.sh`) may name the nodes.
        header = (
            program == "sbatch"
            and _short_or_long(before, "-N", "--nodes") is None
            and not any("$" in word for word in before)
        )
        spread = program in _STEP_LAUNCHERS | _SPREADERS and not one_step
        # A step of one node (`srun -N 1 bash job.sh`) runs the script there.
        return [
            replace(
                launch,
                nodes_from_header=header,
                spread=spread,
                one_node=one_step,
                within_allocation=within and one_step,
            )
        ]
    if script is None and not remote and _runs_no_project_code(commands):
        # `srun -N2 --pty bash`, `mpirun -np 2 hostname`, `srun docker pull image`,
        # FasterTransformer's `mpirun -n ${total_gpu_count} ./bin/multi_gpu_gpt_example`:
        # an interactive shell, a tool or a built program on the nodes, not the project.
        return []
    return [Launch(path, line, _short(segment), script, module, False, False, unread_script=unread)]


def _runs_no_project_code(commands: list[list[str]]) -> bool:
    """Every command a cluster launcher runs has as its program (the first word past the
    launcher's options and their values, in the first command) a tool that never runs the
    project's Python (`hostname`, `nvidia-smi`, `docker pull`), a built program in a `bin`
    or `build` directory (no suffix, no variable: `./bin/gpt_example`), or, given `--pty`,
    a shell with no command (`srun --pty bash`); and no word names a Python, a launcher or
    a script. An unknown command anywhere (`cd /w && $CMD`) may run any file."""
    if not commands or any(_names_a_launch(w) for command in commands for w in command):
        return False
    interactive = "--pty" in commands[0]
    for index, command in enumerate(commands):
        position = _program_position(command, launcher_options=index == 0)
        if position is None:
            return False
        program, arguments = command[position], command[position + 1 :]
        name = _program(program)
        if name in _NO_PYTHON_PROGRAMS and name != "cd":
            continue
        if (
            name in ("docker", "enroot", "podman")
            and arguments[:1]
            and (arguments[0] in _CONTAINER_SETUP)
        ):
            continue
        if name == "ray" and arguments[:1] and arguments[0] in _RAY_QUERIES:
            continue  # `srun ray status` asks the cluster; it starts nothing of the project
        if (
            interactive
            and name in _COMMAND_STRING_SHELLS
            and all(a.startswith("-") and a not in ("-c", "-lc", "-ic") for a in arguments)
        ):
            continue
        if _built_in_the_project(program):
            continue
        return False
    return True


def _built_in_the_project(program: str) -> bool:
    """A program named by a relative path into the project's `bin` or `build` directory, with
    no suffix and no variable (`./bin/gpt_example`, `build/tests/bench`): something the
    project compiled. A system path (`/usr/bin/time`, a wrapper of the command after it) or a
    virtual environment's `venv/bin/cli` (a Python entry point) is not."""
    if program.startswith("/") or "$" in program:
        return False
    *directories, name = program.split("/")
    parts = [part for part in directories if part not in ("", ".", "..")]
    return bool(parts) and parts[0] in ("bin", "build") and "." not in name


def _program_position(command: list[str], launcher_options: bool) -> int | None:
    """The index of a command's program: past environment assignments and, for the command a
    launcher starts, past the launcher's options and their values (`srun -N 2 -J test prog`:
    an option without `=` takes the next word, but for the flags that take none)."""
    index = 0
    while index < len(command) and PLAIN_ASSIGNMENT.match(command[index]):
        index += 1
    while launcher_options and index < len(command) and command[index].startswith("-"):
        option = command[index]
        index += 1 if "=" in option or option in _VALUELESS_FLAGS else 2
    return index if index < len(command) else None


#: Cluster launchers' flags that take no value (`srun --pty`, `mpirun --allow-run-as-root`).
_VALUELESS_FLAGS = frozenset(
    {"--pty", "--exclusive", "--allow-run-as-root", "--oversubscribe", "-l", "--label", "-u",
     "--unbuffered", "--overlap", "-v", "--verbose", "-Q", "--quiet", "--tag-output",
     "--report-bindings", "--mpi=pmix", "-K", "--kill-on-bad-exit"}
)  # fmt: skip


#: Container subcommands that fetch or list images, running nothing in them.
_CONTAINER_SETUP = frozenset({"pull", "load", "import", "images", "ps", "login", "rmi", "save"})


def _tasks_per_node(program: str, words: list[str]) -> int | None:
    """How many copies of its command a cluster launcher starts on each node: `srun` one
    unless told a per-node count or a task count (`-n 8` may put several on a node), MPI's
    launchers only as told (`--npernode 1`, `--map-by ppr:1:node`); None when unknown."""
    if program == "srun":
        given = _short_or_long(words, "", "--ntasks-per-node", "--tasks-per-node")
        if given is not None:
            return _count(given)
        # Else the job's own layout decides (`#SBATCH --ntasks-per-node=4` is inherited):
        # one per node only where the command asks as many tasks as nodes.
        tasks = _short_or_long(words, "-n", "--ntasks")
        nodes = _short_or_long(words, "-N", "--nodes")
        return 1 if tasks is not None and tasks == nodes and _count(tasks) else None
    if program in ("mpirun", "mpiexec"):
        given = _short_or_long(words, "-N", "--npernode", "-npernode", "-ppn", "--ppn")
        if given is not None:
            return _count(given)
        mapped = re.fullmatch(r"ppr:(\d+):node", _option(words, "--map-by", "-map-by") or "")
        return int(mapped.group(1)) if mapped else None
    return None


def _short_or_long(words: list[str], short: str, *names: str) -> str | None:
    """An option's value given by its long names (`_option`) or its short one, joined to its
    value too (`-n4`)."""
    given = _option(words, *names, *((short,) if short else ()))
    if given is not None or not short:
        return given
    joined = next((w for w in words if w.startswith(short) and w[len(short) :].isdigit()), None)
    return joined[len(short) :] if joined is not None else None


def _torchrun_environment(before: list[str]) -> list[str]:
    """torchrun's options given as its environment (`PET_NPROC_PER_NODE=4 torchrun ...`:
    every option may be set as `PET_<OPTION>`), as option words."""
    options: list[str] = []
    for word in before:
        name, equals, value = word.partition("=")
        if equals and name.startswith("PET_") and len(name) > 4:
            options += [f"--{name[4:].lower()}", value]
    return options


#: Words that may come before a program in a shell command: a control keyword, a wrapper
#: that runs the rest as a command, or a command's own option or number (`timeout 60`).
_COMMAND_PREFIXES = frozenset(
    {"if", "then", "else", "elif", "do", "while", "until", "!", "time", "nohup", "exec",
     "sudo", "env", "command", "timeout", "numactl", "taskset", "nice", "stdbuf", "eval",
     "xargs", "parallel", "{", "}", "{}"}
)  # fmt: skip


def _in_command_position(before: list[str]) -> bool:
    """The words before a program leave it in command position: environment assignments
    (`NCCL_DEBUG=INFO srun ...`), a variable holding a wrapper (`$bin torchrun`), control
    keywords and wrappers with their options; not prose ("you can ssh into the node") nor a
    command whose argument it is (`service ssh restart`). A quoted string's line break
    (`COMMAND_BREAK`) starts a command of its own where the command holding the string runs
    it (`bash -c "cd /w` / `srun python train.py"`), not where it prints it (`echo`)."""
    if COMMAND_BREAK in before:
        first = next((w for w in before if "=" not in w and w not in _COMMAND_PREFIXES), "")
        if _program(first) not in _TEXT_ARGUMENT_PROGRAMS:
            last = len(before) - 1 - before[::-1].index(COMMAND_BREAK)
            before = before[last + 1 :]
    for word in before:
        if "=" in word and not word.startswith("-"):
            continue
        if word.startswith(("-", "$")) or word.isdigit() or word in _COMMAND_PREFIXES:
            continue
        return False
    return True


#: A whole bash array the text does not set (`${ssh_opts[@]}`).
_ARRAY = re.compile(r"\$\{\w+\[[@*]\]\}")
#: Remote shells: what they run is the command after their options and destination.
_REMOTE_SHELLS = frozenset({"ssh", "pdsh"})
#: Launchers whose steps take the hosts of the job they run in (a Slurm allocation).
_STEP_LAUNCHERS = frozenset({"srun", "mpirun", "mpiexec"})
#: Other launchers that run their command on every host they are given.
_SPREADERS = frozenset(
    {"pdsh", "clush", "pssh", "parallel-ssh", "jsrun", "aprun", "ibrun", "horovodrun"}
)
#: Launchers that run their command once, on one host: a job's batch script (`sbatch
#: --wrap "python x.py"`, `qsub`), an allocation's shell (`salloc`), a remote shell.
_RUNS_ONCE = frozenset({"sbatch", "qsub", "bsub", "salloc", "ssh"})
#: A step given another job's allocation through its environment.
_OTHER_JOB = re.compile(r"\bSLURM_JOB_?ID=")
#: Options of `ssh` and `pdsh` that take a value (`ssh -p 2222 -i key host cmd`, `pdsh -w
#: hosts cmd`).
_REMOTE_SHELL_VALUES = {
    "ssh": frozenset("BbcDEeFIiJLlmOoPpQRSWw"),
    "pdsh": frozenset("wxgXlturRfMNdS"),
}
#: Programs that never run a Python program of the project: a remote command running one of
#: them launches nothing.
_NO_PYTHON_PROGRAMS = frozenset(
    {"cd", "mkdir", "rm", "cp", "mv", "cat", "ls", "kill", "pkill", "killall", "nvidia-smi", "echo",
     "hostname", "rsync", "scp", "tar", "chmod", "chown", "ln", "touch", "df", "du", "free",
     "uptime", "whoami", "true", "false", "test", "sleep", "pwd", "uname", "date", "tail",
     "head", "grep", "ps", "top", "htop", "exit", "sync", "ping"}
)  # fmt: skip


#: `ray` commands that query or stop a cluster (LoongServe's `srun ray status`): no
#: project code. Not `ray start` (the nodes then run what a driver submits), `ray job
#: submit` or `ray exec` (they run a command).
_RAY_QUERIES = frozenset(
    {"status", "stop", "list", "memory", "timeline", "summary", "logs", "health-check",
     "--version", "--help"}
)  # fmt: skip
#: Shell builtins that run no program (`set -e`, `shopt -s nullglob`, `fi`).
_NO_PROGRAM_BUILTINS = frozenset(
    {"set", "shopt", "unset", "export", "fi", "done", "esac", "return", "wait", "trap",
     "ulimit", "umask", "read", "local", "declare", "readonly", "[", "[[", "]]", "]", ":"}
)  # fmt: skip
#: An arithmetic test's comparison (`if (( ${#files[@]} == 0 ))`, whose brackets the word
#: reading drops).
_ARITHMETIC_COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">="})
#: Keywords after which an arithmetic test stands where a command would.
_TEST_KEYWORDS = frozenset({"if", "elif", "while", "until", "!"})
#: A shell run on a command string (`bash -lc '...'`, `sh -c`): the string is the command.
_COMMAND_STRING_SHELLS = frozenset({"bash", "sh", "zsh", "dash"})


def _runs_no_program(command: list[str]) -> bool:
    """A remote shell's command that runs no program of the project: a program that never
    does, a builtin, a variable's assignment, a test, after any prefix (`if`, `sudo`) and a
    shell given the command as a string (`bash -lc`), whose words follow; and no word of it
    names a launcher or a script. A quoted remote command over several lines reaches here as
    one command (`"set -e` / `cd /w` / `torchrun ... train.py"`), and a builtin may hold a
    command of its own (`export X=$(python prep.py)`, `trap 'python x.py' EXIT`)."""
    index = 0
    while index < len(command):
        word = command[index]
        program = _program(word)
        if word in _COMMAND_PREFIXES:
            index += 1
        elif (
            program in _COMMAND_STRING_SHELLS
            and index + 1 < len(command)
            and (_SHELL_COMMAND_OPTION.fullmatch(command[index + 1]))
        ):
            index += 2
        elif PLAIN_ASSIGNMENT.match(word):
            index += 1  # `files=(*.log` and the array's words, up to its `)`
            while "=(" in word and index < len(command) and not word.endswith(")"):
                word = command[index]
                index += 1
        else:
            break
    if index >= len(command):
        return True
    program = _program(command[index])
    if program in _TEXT_ARGUMENT_PROGRAMS:
        return True  # `pkill -f train.py`, `killall -9 python`: a pattern, not a program
    # A file utility's own words name files (`cp /shared/train.py /w/`): only a launcher's
    # name among them starts a command of its own.
    files = program in _NO_PYTHON_PROGRAMS
    if any(_names_a_launch(word, scripts=not files) for word in command):
        return False
    if program in _NO_PYTHON_PROGRAMS or program in _NO_PROGRAM_BUILTINS:
        return True
    # `if (( ${#files[@]} == 0 ))`: a keyword, an operand and a comparison.
    return (
        index > 0
        and command[index - 1] in _TEST_KEYWORDS
        and any(word in _ARITHMETIC_COMPARISONS for word in command[index + 1 : index + 3])
    )


def _names_a_launch(word: str, scripts: bool = True) -> bool:
    """A word that may start a Python program: a Python, a launcher, a cluster launcher, or
    (with `scripts`) a script (`train.py`, `run.sh`), in a word's value or a substitution
    (`X=$(python ...`)."""
    for part in re.split(r"[=(`'\"]|\$\(", word):
        part = part.strip(")';\"")
        if not part:
            continue
        program = part.rsplit("/", 1)[-1]
        if _PYTHON.match(program) or program in _LAUNCH_PROGRAMS:
            return True
        if scripts and program.endswith((".py", ".sh")):
            return True
    return False


#: Programs whose arguments name processes or text, never a program they run.
_TEXT_ARGUMENT_PROGRAMS = frozenset(
    {"kill", "pkill", "killall", "pgrep", "ps", "grep", "echo", "printf", "nvidia-smi"}
)
#: Programs that launch others, by name.
_LAUNCH_PROGRAMS = frozenset({"torchrun", "deepspeed", "accelerate", "torchx", *_CLUSTER_LAUNCHERS})


#: `-c`, `-lc`, `-l -c` read as one: the option that makes a shell run a command string.
_SHELL_COMMAND_OPTION = re.compile(r"-[a-z]*c[a-z]*")

#: A separator, kept as a word of its own when a word is split at it.
_SPLIT_SEPARATORS = re.compile(f"({_SEPARATORS.pattern})")


def _commands_of(words: list[str]) -> list[list[str]]:
    """The commands among words split at separators (`cd dir && python x.py`)."""
    commands: list[list[str]] = [[]]
    for word in words:
        if word == COMMAND_BREAK or _SEPARATORS.fullmatch(word):
            commands.append([])
        else:
            commands[-1].append(word)
    return [command for command in commands if command]


def _remote_command(program: str, words: list[str]) -> list[str]:
    """The words of the command a remote shell runs: after its options (and their values)
    and, for `ssh`, the destination; none for a login or a tunnel."""
    comment = next((i for i, word in enumerate(words) if word.startswith("#")), len(words))
    words = words[:comment]  # `ssh user@host  # VPN required`
    index = _past_options(program, words, 0)
    if program == "ssh":
        # The destination; OpenSSH reads options after it too (`ssh root@host -p 2222`).
        index = _past_options(program, words, index + 1)
    return words[index:]


def _past_options(program: str, words: list[str], index: int) -> int:
    """The index of the first word at or after `index` that is neither a remote shell's
    option nor an option's value."""
    takes_value = _REMOTE_SHELL_VALUES[program]
    while index < len(words) and _ARRAY.fullmatch(words[index]):
        index += 1  # `ssh "${ssh_opts[@]}" host cmd`: an array of options
    while index < len(words) and words[index].startswith("-"):
        flags = words[index][1:]
        index += 1
        for position, flag in enumerate(flags):
            if flag in takes_value:
                if position == len(flags) - 1:
                    index += 1  # `-p 2222`: the value is the next word
                break  # `-p2222`: the value is the rest of this word
    return index


#: Programs that run a script in one Python process, with the words before the script.
_APP_RUNNERS: dict[str, tuple[str, ...]] = {"gradio": (), "streamlit": ("run",)}


#: Launchers whose arguments start with an option or the script; anything else after the
#: word is prose.
_RUNNERS = frozenset({"torchrun", "deepspeed", "accelerate launch"})


def _starts_command(words: list[str]) -> bool:
    """Options, a variable holding them (`torchrun $DISTRIBUTED_ARGS train.py`) or a script
    follow the launcher's name."""
    return bool(words) and (words[0].startswith(("-", "$")) or words[0].endswith(".py"))


def _program(word: str) -> str:
    """The program a word names: `torchrun`, `/usr/bin/python3` -> `python3`; the value of
    `NAME=value` (an environment prefix, or a variable holding the command)."""
    if "=" in word and not word.startswith("-"):
        word = word.split("=", 1)[1].lstrip("\"'")  # `run_cmd="torchrun ...`
    return word.rsplit("/", 1)[-1]


def _script_of(words: list[str]) -> tuple[str | None, bool, int, str | None]:
    """The script (or `-m` module) among a launcher's words, whether it is a module, the
    index of the first word after it (`len(words)` when there is none), and, where a variable
    keeps it from being read, its word as written (`Launch.unread_script`)."""
    hidden = False  # a word before the script that is only a variable: it may be the script
    for index, word in enumerate(words):
        if word in ("-m", "--module") and index + 1 < len(words):
            return _read_or_written(words[index + 1], hidden, True, index + 2)
        if word.startswith("-"):
            continue
        if word.endswith(".py"):
            return _read_or_written(word, hidden, False, index + 1)
        hidden = hidden or _ONLY_VARIABLE.fullmatch(word) is not None
    return None, False, len(words), None


def _read_or_written(
    word: str, hidden: bool, module: bool, end: int
) -> tuple[str | None, bool, int, str | None]:
    script = _readable(word)
    return script, module, end, None if script is not None or hidden else word


def _shell_script_of(words: list[str]) -> str | None:
    """The shell script a cluster launcher runs (`srun -n32 bash exps/train.sh`), read as a
    script's path is."""
    position = _shell_script_position(words)
    return None if position is None else _readable(words[position])


def _shell_script_position(words: list[str]) -> int | None:
    return next(
        (i for i, w in enumerate(words) if not w.startswith("-") and w.endswith(_SHELL_SUFFIXES)),
        None,
    )


def _readable(script: str) -> str | None:
    """The script's path less shell variables at its start (`$ROOT/tools/x.py` ->
    `tools/x.py`); None when its file name itself is a variable."""
    parts = [p for p in script.split("/") if p not in ("", ".")]
    while parts and "$" in parts[0]:
        parts.pop(0)
    if not parts or "$" in "/".join(parts):
        return None
    return "/".join(parts)


def _option(words: list[str], *names: str) -> str | None:
    """The value of the first of `names` among `words` (`--name=value` or `--name value`)."""
    for index, word in enumerate(words):
        for name in names:
            if word == name:
                return words[index + 1] if index + 1 < len(words) else ""
            if word.startswith(name + "="):
                return word.split("=", 1)[1]
    return None


def _torchrun(
    path: str, line: int, segment: str, words: list[str], environment: Sequence[str] = ()
) -> Launch | None:
    """`words` are torchrun's command line after the program; `environment` the options its
    environment sets (`PET_NNODES=2`, as `--nnodes 2`), which an option on the command line
    overrides, as torchrun reads them."""
    script, module, end, unread = _script_of(words)
    if not words:
        return None
    options = words[:end]

    def option(*names: str) -> str | None:
        given = _option(options, *names)
        return _option(list(environment), *names) if given is None else given

    nodes = option("--nnodes", "--num_nodes")
    rank = option("--node_rank", "--node-rank")
    # torchrun reads `PET_STANDALONE` as an integer: any but 0 is standalone.
    standalone_value = _option(list(environment), "--standalone") or ""
    standalone = "--standalone" in options or (
        standalone_value.isdigit() and int(standalone_value) != 0
    )
    one_node = standalone or (
        nodes in (None, "1", "1:1")
        and rank in (None, "0")
        # Before a script it names, a variable can only be options; with no script named,
        # it may be the script itself (`torchrun --nproc_per_node=8 $ENTRY`).
        and (script is None or not _unknown_options(options))
    )
    given = option("--nproc_per_node", "--nproc-per-node")
    # torchrun starts one process per node unless told more; a variable of options may tell.
    per_node = _count(given) if given is not None else None if _unknown_options(options) else 1
    # One node told one process (FasterTransformer's `python -m torch.distributed.launch
    # --nproc_per_node 1 infer.py`) runs the script as one process.
    alone = one_node and given is not None and per_node == 1
    launch = Launch(path, line, _short(segment), script, module, one_node, alone)
    return replace(launch, per_node=per_node, through_launcher=True, unread_script=unread)


def _count(word: str | None) -> int | None:
    return int(word) if word is not None and word.isdigit() else None


def _unknown_options(options: list[str], flags: frozenset[str] | None = None) -> bool:
    """A variable the text does not set stands where options go (`torchrun $DIST_ARGS
    train.py`), not as an option's value (`--nproc_per_node $GPUS`): it may hold
    `--nnodes`. `flags` are the launcher's options that take no value (torchrun's by
    default)."""
    flags = _FLAGS if flags is None else flags
    for index, word in enumerate(options):
        if not word.startswith("$"):
            continue
        before = options[index - 1] if index else ""
        if not (before.startswith("-") and "=" not in before) or before in flags:
            return True
    return False


#: `torchrun` options that take no value: a variable after one is more options.
_FLAGS = frozenset(
    {"--standalone", "--use_env", "--use-env", "--no_python", "--no-python", "--run_path",
     "--run-path", "-m", "--module"}
)  # fmt: skip


_LOCAL_HOSTS = re.compile(r"(?:localhost|127\.0\.0\.1)(?::[\d,]+)?")


def _deepspeed(path: str, line: int, segment: str, words: list[str]) -> Launch:
    """`deepspeed [options] train.py`: one node with `--num_nodes=1` or `--include
    localhost:...` (this host alone). Without either it runs on every host of a hostfile,
    `/job/hostfile` when none is named: DeepSpeed-Chat's `single_node/` and `multi_node/`
    scripts run the same `deepspeed main.py`, so the command does not say."""
    script, module, end, unread = _script_of(words)
    options = words[:end]
    include = _option(options, "--include", "-i")
    if include is not None:
        one_node = _LOCAL_HOSTS.fullmatch(include.strip("\"'")) is not None
    else:
        one_node = _option(options, "--num_nodes") == "1"
    per_node = _count(_option(options, "--num_gpus", "--num-gpus"))
    alone = one_node and per_node == 1
    launch = Launch(path, line, _short(segment), script, module, one_node, alone, per_node=per_node)
    return replace(launch, through_launcher=True, unread_script=unread)


def _before_script(words: list[str], script: str | None, module: bool, end: int) -> list[str]:
    """A launcher's own words: those before the script (or `-m module`) it runs."""
    if script is None and end == len(words):
        return words
    return words[: end - (2 if module else 1)]


#: `accelerate launch` options that place its processes on several machines, or mean
#: something only there (DeepSpeed's hostfile and multi-node launcher, an MPI hostfile, a
#: TPU pod).
_ACCELERATE_MACHINES = (
    "--machine_rank", "--machine-rank", "--main_process_ip", "--main-process-ip",
    "--same_network", "--same-network", "--deepspeed_hostfile", "--deepspeed-hostfile",
    "--deepspeed_multinode_launcher", "--deepspeed-multinode-launcher",
    "--deepspeed_inclusion_filter", "--deepspeed-inclusion-filter",
    "--deepspeed_exclusion_filter", "--deepspeed-exclusion-filter", "--mpirun_hostfile",
    "--mpirun-hostfile", "--tpu_cluster", "--tpu-cluster", "--tpu_use_cluster",
    "--tpu-use-cluster",
)  # fmt: skip
#: `accelerate launch` options that take no value: a variable after one is more options.
_ACCELERATE_FLAGS = frozenset(
    {"-q", "--quiet", "--cpu", "--multi_gpu", "--multi-gpu", "--tpu", "--use_deepspeed",
     "--use-deepspeed", "--use_fsdp", "--use-fsdp", "--use_megatron_lm", "--use-megatron-lm",
     "--use_parallelism_config", "--same_network", "--same-network", "--enable_cpu_affinity",
     "--enable-cpu-affinity", "--tpu_cluster", "--no_tpu_cluster", "--tpu_use_sudo",
     "--downcast_bf16", "--debug", "-m", "--module", "--no_python", "--no-python"}
)  # fmt: skip


def _accelerate(path: str, line: int, segment: str, words: list[str]) -> Launch:
    """`accelerate launch [options] train.py`: one machine with `--num_machines 1`, or with
    `--config_file F` where the project's own F says `num_machines: 1` (`config_file`) and no
    option names machines. Without either, the machines are those of the user's default
    configuration (`accelerate config` asks), which the project does not hold."""
    script, module, end, unread = _script_of(words)
    options = words[:end]
    before = _before_script(words, script, module, end)
    machines = _option(options, "--num_machines", "--num-machines")
    config = _option(options, "--config_file", "--config-file")
    elsewhere = any(_option(before, o) is not None for o in _ACCELERATE_MACHINES)
    unknown = _unknown_options(before, _ACCELERATE_FLAGS)
    one_node = machines == "1"
    processes = _count(_option(options, "--num_processes", "--num-processes"))
    per_node = processes if machines in (None, "1") else None
    alone = one_node and processes == 1
    launch = Launch(
        path,
        line,
        _short(segment),
        script,
        module,
        one_node,
        alone,
        per_node=per_node,
        unread_script=unread,
    )
    readable = (
        config is not None and machines is None and not elsewhere and not unknown
        and "$" not in config
    )  # fmt: skip
    config_file = config.strip("\"'") if config is not None and readable else None
    return replace(launch, through_launcher=True, config_file=config_file)


#: torchx's `-j` for `dist.ddp`: `[[{min_nnodes}:]{max_nnodes}x]{nproc_per_node}` (a bare
#: count is one node of that many processes).
_TORCHX_LAYOUT = re.compile(r"(?:(?:\d+:)?(\d+)x)?(\d+)")


def _torchx(path: str, line: int, segment: str, words: list[str]) -> Launch | None:
    """`torchx run [-s local_cwd ...] dist.ddp -j 1x4 --script train.py` (or `-m pkg.train`):
    the DDP component runs torchrun on up to `max_nnodes` nodes of `nproc_per_node` processes
    each. One node only where `-j` says so (the last one given, as argparse reads it): without
    it a `.torchxconfig` may set it, a variable among the component's options may hold it, and
    a local scheduler given several nodes runs them all here, each numbering its GPUs from 0.
    The options end at `--` or at the first bare word (the script's own arguments follow). A
    script that cannot be read (`--script $ENTRY`) may be any file. Another component names
    no script read here: no launch."""
    component = next((i for i, word in enumerate(words) if word == "dist.ddp"), None)
    if component is None:
        return None
    options = _component_options(words[component + 1 :])
    values: dict[str, str] = {}
    for name, value in options:
        values[{"--j": "-j", "--m": "-m"}.get(name, name)] = value
    layout = _TORCHX_LAYOUT.fullmatch(values.get("-j", ""))
    one_node = (
        layout is not None
        and layout[1] in (None, "1")
        and not any("$" in name or "$" in value for name, value in options if name != "--script")
    )
    per_node = _count(layout[2]) if one_node and layout is not None else None
    if "-m" in values:
        target, is_module = _readable(values["-m"]), True
    elif "--script" in values:
        script = values["--script"]
        target, is_module = (_readable(script) if script.endswith(".py") else None), False
    else:
        return None
    alone = one_node and per_node == 1
    launch = Launch(
        path, line, _short(segment), target, is_module, one_node, alone, per_node=per_node
    )
    return replace(launch, through_launcher=True)


def _component_options(words: list[str]) -> list[tuple[str, str]]:
    """A torchx component's options, as (name, value) pairs in their order: `-j 1x4`,
    `--j=1x4`, `-j1x4`; a variable where an option stands (`$ARGS`) is a pair of its own
    (name `$ARGS`). They end at `--` or at the first bare word, where the script's arguments
    start."""
    found: list[tuple[str, str]] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            break
        if "$" in word and not word.startswith("-"):
            found.append((word, ""))
            index += 1
            continue
        if not word.startswith("-"):
            break
        if "=" in word:
            name, _, value = word.partition("=")
            found.append((name, value))
            index += 1
        elif word.startswith("-j") and len(word) > 2 and not word.startswith("--"):
            found.append(("-j", word[2:]))
            index += 1
        else:
            value = words[index + 1] if index + 1 < len(words) else ""
            found.append((word, value))
            index += 2
    return found


def _python(
    path: str, line: int, segment: str, words: list[str], environment: Sequence[str] = ()
) -> Launch | None:
    index = 0
    while index < len(words) and words[index].startswith("-") and words[index] != "-m":
        index += 2 if words[index] in ("-W", "-X") else 1
    words = words[index:]
    if words[:1] == ["-m"] and len(words) > 1:
        if words[1] in _TORCH_LAUNCH_MODULES:
            return _torchrun(path, line, segment, words[2:], environment)
        written, module, arguments = words[1], True, words[2:]
    elif words and words[0].endswith(".py"):
        written, module, arguments = words[0], False, words[1:]
    else:
        return None
    script = _readable(written)
    alone = not any(_MULTI_NODE_ARGUMENTS.match(a) for a in arguments)
    launch = Launch(path, line, _short(segment), script, module, alone, alone, per_node=1)
    return replace(launch, unread_script=written if script is None else None)


def _short(command: str) -> str:
    command = " ".join(command.split())
    return command if len(command) <= 100 else command[:97] + "..."


def names_multi_node_setting(code: bytes) -> bool:
    """A file's code names a multi-node setting (`node_rank`, `SLURM_...`): it takes part in
    jobs over several nodes. Not a node rank the code pins to 0 (`args.node_rank = 0`,
    NineRec's: one node whatever it was given)."""
    return multi_node_setting(code) is not None


def multi_node_setting(code: bytes, outside_prose: bool = False) -> str | None:
    """The first multi-node setting a file's code names (`names_multi_node_setting`); with
    `outside_prose`, not in its comments, docstrings or messages (`code_prose`)."""
    # Blanked, not cut: the lines keep their places for the prose's spans.
    unpinned = _NODE_RANK_PINNED.sub(lambda pinned: b" " * len(pinned.group()), code)
    found = first_in_code(_MULTI_NODE_CODE, unpinned, outside_prose)
    return None if found is None else found.group().decode("ascii")


#: `args.node_rank = 0`: a statement of its own, not a comparison, a default or a keyword.
_NODE_RANK_PINNED = re.compile(
    rb"^[ \t]*(?:\w+[ \t]*\.[ \t]*)*node_rank[ \t]*=[ \t]*0[ \t]*(?:#[^\n]*)?$", re.MULTILINE
)


def takes_rank_modulo_gpus(code: bytes) -> bool:
    """The code takes a value modulo this node's GPU count (`rank % torch.cuda.device_count()`):
    it expects more ranks than GPUs, perhaps over several nodes, where no launch says which."""
    return _RANK_MODULO_GPUS.search(code) is not None


def runs_several_processes(code: bytes) -> bool:
    """The code starts processes of its own (`mp.spawn`, `Process(...)`), reads the
    variables a launcher sets, or takes a rank modulo the GPU count (hyde's denoising
    scripts, README-run as `python x.py`, start their group in a helper): it is written to
    run as more than one process."""
    return bool(
        _STARTS_PROCESSES.search(code)
        or _READS_LAUNCHER.search(code)
        or _RANK_MODULO_GPUS.search(code)
    )


class LaunchIndex:
    """The launches of one project, by the Python file each runs."""

    def __init__(
        self,
        root: str,
        launches: list[Launch],
        python_files: list[str],
        text_files: Sequence[str] = (),
        config_files: Sequence[str] | None = None,
    ) -> None:
        self.root = root
        #: The configuration files of the tree (`CONFIG_SUFFIXES`), found by the same walk;
        #: None when the tree was not read.
        self.config_files = None if config_files is None else list(config_files)
        self._by_file: dict[str, list[Launch]] = {}
        #: A launch that may span nodes and whose script cannot be read: it may run any file.
        self.unread_spanning: Launch | None = None
        #: Launches whose script cannot be read and that may show it several GPUs, each with
        #: the files the written part of its script allows (`_unread_pattern`; None: any).
        self._unread_several_gpus: list[tuple[Launch, str | None]] = []
        relative = {f: os.path.relpath(f, root).replace(os.sep, "/") for f in python_files}
        self._relative = relative
        self._files_run_by: Counter[Launch] | None = None
        self._ends: Counter[str] | None = None
        self._names: set[str] = set()
        texts = {f: os.path.relpath(f, root).replace(os.sep, "/") for f in text_files}
        # A shell script a cluster launcher runs (`srun bash train.sh`): its commands run on
        # every node of the job, whatever they say alone.
        spanning: set[str] = set()
        spread: set[str] = set()  # run on every node by their launcher (`srun bash x.sh`)
        for launch in launches:
            if not launch.shell:
                continue
            found = _matches(launch, texts)
            if not found and self.unread_spanning is None and not launch.one_node:
                self.unread_spanning = launch
            if not launch.nodes_from_header and not launch.one_node:
                # Else the script's own reading holds: a job submitted with no node count
                # (`sbatch job.sh`), or a step of one node (`srun -N 1 bash job.sh`).
                spanning.update(texts[f] for f in found)
                if launch.spread:
                    spread.update(texts[f] for f in found)
        configs = {f: os.path.relpath(f, root).replace(os.sep, "/") for f in (config_files or ())}
        for launch in launches:
            if launch.shell:
                continue
            if launch.config_file is not None and _one_machine_config(launch, configs):
                launch = replace(launch, one_node=True)
            if launch.path in spanning:
                # A job's script (`sbatch`, `qsub`) runs once, on its first host; one that
                # `srun` or `mpirun` runs, on every node.
                own = launch.one_node and not launch.within_allocation  # `srun` spans alone
                by_text = launch.open_by_text or own
                launch = replace(
                    launch,
                    one_node=False,
                    one_process=False,
                    open_by_text=by_text and launch.path not in spread,
                )
            if launch.script is None:
                if not launch.one_node and self.unread_spanning is None:
                    self.unread_spanning = launch
                if launch.visible_gpus != 1:
                    self._unread_several_gpus.append((launch, _unread_pattern(launch)))
                continue
            matches = _matches(launch, relative)
            if len(matches) > 1 and launch.one_node:
                # `python train.py` in a README, several `train.py`: which one? A text in a
                # folder of scripts runs it from the nearest folder above holding it (CDAE's
                # `DiT/scripts/train_dit_origin.sh` runs `DiT/train.py`, not the top
                # `train.py`); a launch that may span nodes still counts for every one.
                matches = _nearest_above(launch, matches, relative)
                if len(matches) != 1:
                    continue
            for python in matches:
                self._by_file.setdefault(os.path.realpath(python), []).append(launch)
        self.python_files = list(python_files)
        #: The shell scripts and documents the launches were read from (`LAUNCH_TEXT_SUFFIXES`).
        self.text_files = list(text_files)

    def launches_any(self) -> bool:
        """Whether any launch of the project names one of its files."""
        return bool(self._by_file)

    def launches_of(self, path: str) -> list[Launch]:
        return self._by_file.get(os.path.realpath(path), [])

    def files_run_by(self, launch: Launch) -> int:
        """How many of the project's files `launch` is matched to (one where its script's
        path names one file alone). Counted once for the whole project, on first ask."""
        if self._files_run_by is None:
            self._files_run_by = Counter(
                launch for launches in self._by_file.values() for launch in set(launches)
            )
        return self._files_run_by[launch]

    def names_one_file(self, launch: Launch) -> bool:
        """Whether the script `launch` names is one file of the project from wherever its
        text runs it (after a `cd`, say): the path of no other file ends with its path."""
        script = launch.script or ""
        if launch.module:
            dotted = script.replace(".", "/")
            tails: tuple[str, ...] = (dotted + ".py", dotted + "/__main__.py")
        else:
            tails = ("/".join(p for p in script.split("/") if p not in ("", ".", "..")),)
        if self._ends is None:  # every file's path and its tails, counted once
            self._ends = Counter(
                "/".join(parts[i:])
                for parts in (name.split("/") for name in self._relative.values())
                for i in range(len(parts))
            )
            self._names = set(self._relative.values())
        named = 0
        for tail in tails:
            parts = tail.split("/")
            # Files whose path ends with the script's, and shorter paths the script's ends with.
            named += self._ends[tail]
            named += sum("/".join(parts[i:]) in self._names for i in range(1, len(parts)))
        return named == 1

    def launched_beside(self, path: str) -> list[str]:
        """The other files of the directory of `path` that the project launches (real paths)."""
        key = os.path.realpath(path)
        directory = os.path.dirname(key)
        return [f for f in self._by_file if f != key and os.path.dirname(f) == directory]

    def one_node_launch(self, path: str, code: bytes | None) -> Launch | None:
        """A launch of `path` when every launch of it keeps it on one node (module docs)."""
        launches = self.launches_of(path)
        if not launches or self.unread_spanning is not None or code is None:
            return None
        if not all(launch.one_node for launch in launches) or names_multi_node_setting(code):
            return None
        return launches[0]

    def one_process_launch(
        self,
        path: str,
        code: bytes | None,
        several: Callable[[bytes], bool] | None = None,
    ) -> Launch | None:
        """A launch of `path` when every launch of it runs it as one process that starts no
        others (nor anything else `several` finds in its code), and none that starts it
        through a launcher told one process (`torch.distributed.launch --nproc_per_node=1`)
        runs a script declaring the launcher's `--local_rank`: such a script is written for
        any count (DeepSpeedExamples' compression scripts)."""
        found = self.one_node_launch(path, code)
        if found is None or code is None:
            return None
        if (several or runs_several_processes)(code):
            return None
        launches = self.launches_of(path)
        if not all(launch.one_process for launch in launches):
            return None
        if _DECLARES_RANK_ARGUMENT.search(code) and any(run.through_launcher for run in launches):
            return None
        return found

    def unread_several_gpus(self, path: str) -> Launch | None:
        """A launch whose script cannot be read, that may run `path` (its written part
        allows it: `python -m "demos.langgraph.${name}"` runs no `demos/llm/run.py`) and
        show it several GPUs."""
        relative = self._relative.get(path) or os.path.relpath(path, self.root).replace(os.sep, "/")
        for launch, pattern in self._unread_several_gpus:
            if pattern is None or _may_name(relative, pattern):
                return launch
        return None

    def one_gpu_launch(self, path: str, code: bytes | None) -> Launch | None:
        """A launch of `path` when every launch of it shows its processes one GPU
        (`CUDA_VISIBLE_DEVICES=0 python run.py`), no launch whose script cannot be read may
        show it more, and its code does not set which GPUs it sees."""
        launches = self.launches_of(path)
        if not launches or self.unread_several_gpus(path) is not None or code is None:
            return None
        if sets_visible_devices(code) or any(launch.visible_gpus != 1 for launch in launches):
            return None
        return launches[0]


def _unread_pattern(launch: Launch) -> str | None:
    """The files a launch whose script is partly a variable may run, as a pattern over paths
    of the project (`python -m "pkg.demos.${name}"`: `pkg/demos/*.py`; `python
    $ROOT/tools/train_$M.py`: `tools/train_*.py`), from the word as written
    (`Launch.unread_script`); None, any file, where there is no such word (`python $SCRIPT`,
    a word before it only a variable), no folder of it is written (`python ${NAME}.py`), or an
    expansion in it is not read (nested)."""
    word = launch.unread_script
    if word is None:
        return None
    # The shell joins quoted parts to the rest of the word (`tools/"train_$M".py`).
    written = _ANY_VARIABLE.sub("*", word.replace('"', "").replace("'", ""))
    if any(c in written for c in "${}\\"):
        return None  # a nested expansion or a backslash: not read
    if launch.module:
        written = written.replace(".", "/") + ".py"
    parts = [part for part in written.split("/") if part not in ("", ".")]
    while parts and "*" in parts[0]:
        parts.pop(0)  # `$ROOT/tools/x.py`: from wherever the variable points
    return "/".join(parts) if len(parts) >= 2 else None


#: A shell variable in a word, any expansion of it (`$NAME`, `${NAME}`, `${NAME:-x}`).
_ANY_VARIABLE = re.compile(r"\$\{[^{}]*\}|\$(?:env:)?\w+")  # `$env:NAME`: PowerShell's
#: A word that is one variable and nothing else (`$SCRIPT`, `${ENTRY}`).
_ONLY_VARIABLE = re.compile(r"\$\{?\w+\}?")


def _may_name(relative: str, pattern: str) -> bool:
    """A project file (its relative path) is one `pattern` may name, from the root or any
    folder, by the pattern's end as well (`/workspace/proj/tools/train_*.py` names the
    project's `tools/train_a.py`), down to its last folder. Its `*` also stands for folders:
    `demos/*.py` holds a package's `demos/chat/__main__.py`, which `python -m demos.chat`
    runs."""
    parts = pattern.split("/")
    if len(parts) < 2:
        return False
    # Any longer end of the pattern matches only what its last folder and name match (a `*`
    # crosses folders), so those two decide.
    tail = "/".join(parts[-2:])
    return fnmatch.fnmatchcase(relative, tail) or fnmatch.fnmatchcase(relative, "*/" + tail)


def own_comment_launches(path: str, relative: str, code: bytes) -> list[Launch]:
    """The launches of `path` written in its own comments (`# CUDA_VISIBLE_DEVICES=7 gradio
    slow_agent/run_gradio.py`), read as the project's launch texts are: those whose script
    names the file (its path relative to the launch root, or its name)."""
    if not _MAY_LAUNCH_BYTES.search(code):
        return []
    text = code.decode("utf-8", "replace")
    found: list[Launch] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped.startswith("#") or not _MAY_LAUNCH.search(stripped):
            continue
        for launch in launches_in_text(relative, stripped.lstrip("#").strip()):
            if launch.script is not None and not launch.module and _same(relative, launch.script):
                found.append(replace(launch, line=number))
    return found


def sets_visible_devices(code: bytes) -> bool:
    """The code sets `CUDA_VISIBLE_DEVICES` itself (`os.environ[...] = args.gpus`): which
    GPUs its process sees is its own choice, not the launch command's."""
    return _SETS_VISIBLE_DEVICES.search(code) is not None


def _matches(launch: Launch, relative: dict[str, str]) -> list[str]:
    """The project's Python files a launch's script names: the file at the path from the
    text's own directory, else those whose path ends with the script's path or ends it, else
    (a stale path) the file of the script's name beside a text named for it."""
    script = launch.script or ""
    if launch.module:
        dotted = script.replace(".", "/")
        tails: tuple[str, ...] = (dotted + ".py", dotted + "/__main__.py")
    else:
        beside = os.path.normpath(os.path.join(os.path.dirname(launch.path), script))
        exact = [path for path, name in relative.items() if name == beside.replace(os.sep, "/")]
        if exact:
            return exact
        tails = ("/".join(p for p in script.split("/") if p != ".."),)
    found = [path for path, name in relative.items() if any(_same(name, t) for t in tails)]
    if found or launch.module or "/" not in script or "$" in script:
        return found
    # The project moved a script and the text launching it together and left the text's path
    # as it was: LLM-Blender's `gen_fuser/fuse_infer.sh` runs `src/fusion_module/
    # fuse_infer.py`, a path no file has, and `gen_fuser/fuse_infer.py` lies beside it. The
    # text must be named for the script: `run_harness.sh` running a harness's `main.py`,
    # cloned at run time, says nothing of the project's own `main.py` beside it.
    stem = posixpath.splitext(posixpath.basename(script))[0]
    text_stem = posixpath.splitext(posixpath.basename(launch.path))[0]
    if len(stem) < 4 or stem.lower() not in text_stem.lower():
        return []
    neighbour = posixpath.join(posixpath.dirname(launch.path), posixpath.basename(script))
    return [path for path, name in relative.items() if name == neighbour]


def _nearest_above(launch: Launch, matches: list[str], relative: dict[str, str]) -> list[str]:
    """Of `matches`, the file the launch's script names from the nearest folder above its
    text's own (`DiT/scripts/run.sh` running `train.py`: `DiT/train.py`, then `train.py`);
    none for a module, a script named by a variable, or a launch after a `cd` in its text
    (`cd ../..` or `cd $REPO_ROOT` first: the folder it runs from is another)."""
    script = launch.script or ""
    if launch.module or "$" in script or launch.after_cd:
        return []
    names = {relative[path]: path for path in matches}
    folder = posixpath.dirname(launch.path)
    while folder:
        folder = posixpath.dirname(folder)
        candidate = posixpath.normpath(posixpath.join(folder, script))
        if candidate in names:
            return [names[candidate]]
    return []


#: accelerate's machine count in its YAML or JSON configuration file.
_NUM_MACHINES = re.compile(
    rb"""(?:^|[{,])[ \t]*["']?num_machines["']?[ \t]*:[ \t]*(\d+)[ \t]*(?=[,}#\r\n]|$)""",
    re.MULTILINE,
)


def _one_machine_config(launch: Launch, configs: dict[str, str]) -> bool:
    """The configuration file `accelerate launch --config_file F` names is a file of the
    project (found as a script's path is: from the text's directory, or by its path's end;
    not a path outside the project nor an absolute one), read as text, and it says
    `num_machines: 1`, once; every file the path may name says so."""
    written = launch.config_file or ""
    if not written or written.startswith(("/", "~")):
        return False
    beside = posixpath.normpath(posixpath.join(posixpath.dirname(launch.path), written))
    if beside.startswith("../") or beside == "..":
        return False
    tail = "/".join(p for p in written.split("/") if p not in ("", ".", ".."))
    found = [f for f, name in configs.items() if name == beside or (tail and _same(name, tail))]
    if not found:
        return False
    for file in found:
        data = read_regular_file(Path(file), 1 << 20)
        if data is None or _NUM_MACHINES.findall(data) != [b"1"]:
            return False
    return True


def _same(name: str, script: str) -> bool:
    """A project file's path and a script's path name one file: one ends with the other
    (the text ran it from a subdirectory, or named it from a checkout's absolute path)."""
    return name == script or name.endswith("/" + script) or script.endswith("/" + name)


def launch_root(project_root: str, marked: str | None) -> str:
    """The directory whose texts say how the project at `project_root` is launched: `marked`,
    the nearest directory at or above it holding a project marker (`.git`, `pyproject.toml`,
    ...), else the highest directory above it that still holds Python files or launch texts
    of its own, below any directory many unrelated files share (`shared_directories`)."""
    if marked is not None:
        return marked
    top = project_root if os.path.isdir(project_root) else os.path.dirname(project_root)
    if is_shared_directory(top):
        return project_root  # a lone file in /tmp: its own launches only
    while True:
        parent = os.path.dirname(top)
        if parent == top or is_shared_directory(parent) or not _holds_launch_or_python(parent):
            return top
        top = parent


def _holds_launch_or_python(directory: str) -> bool:
    try:
        with os.scandir(directory) as entries:
            return any(
                e.name.endswith((".py", *LAUNCH_TEXT_SUFFIXES)) and e.is_file() for e in entries
            )
    except OSError:
        return False


def read_launches(root: str, max_file_bytes: int) -> LaunchIndex:
    """Every launch written in the launch texts under `root`, matched to its Python files."""
    texts: list[str] = []
    python: list[str] = []
    configs: list[str] = []
    packages: set[str] = set()  # directories holding an `__init__.py`
    seen = 0
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [
            d for d in subdirectories if not d.startswith(".") and d not in _SKIPPED
        ]
        if "__init__.py" in names:
            packages.add(directory)
        for name in names:
            seen += 1
            if name.endswith(".py"):
                python.append(os.path.join(directory, name))
            elif name.endswith(LAUNCH_TEXT_SUFFIXES):
                texts.append(os.path.join(directory, name))
            elif name.endswith(CONFIG_SUFFIXES):
                configs.append(os.path.join(directory, name))
        if seen > MAX_FILES:
            return LaunchIndex(root, [], [])
    launches: list[Launch] = []
    # Launchers are scripts: files of a directory that is no package (an installed library's
    # thousands of modules are not read for them).
    scripts = [p for p in python if os.path.dirname(p) not in packages]
    for python_path in scripts:
        data = read_regular_file(Path(python_path), max_file_bytes)
        if data is None or not _RUNS_COMMANDS.search(data) or not _DISTRIBUTED.search(data):
            continue
        relative = os.path.relpath(python_path, root).replace(os.sep, "/")
        launches += launches_in_python(relative, data)
    for text_path in texts:
        data = read_regular_file(Path(text_path), max_file_bytes)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        if not _MAY_LAUNCH.search(text):
            continue
        relative = os.path.relpath(text_path, root).replace(os.sep, "/")
        launches += _opened_where_named_for_nodes(relative, launches_in_text(relative, text))
    for notebook_path in configs:
        if notebook_path.endswith(".ipynb"):
            relative = os.path.relpath(notebook_path, root).replace(os.sep, "/")
            data = read_regular_file(Path(notebook_path), max_file_bytes)
            launches += [] if data is None else launches_in_notebook(relative, data)
    return LaunchIndex(root, launches, python, texts, configs)


def _opened_where_named_for_nodes(path: str, launches: list[Launch]) -> list[Launch]:
    """The launches of a text whose file name says it is for several nodes or machines
    (LoongServe's `run_multi_nodes.sh`), with each plain command no launcher counts (`python
    -m server --host $master_ip`, which spreads its workers over the nodes' Ray cluster) read
    as one that may span nodes and start other processes. A launcher's own reading holds:
    `torchrun` without `--nnodes` is one node wherever it is written."""
    if not _NAMED_FOR_SEVERAL_NODES.search(os.path.basename(path)):
        return launches
    return [
        launch
        if launch.through_launcher or not launch.one_node
        else replace(launch, one_node=False, one_process=False)
        for launch in launches
    ]


#: A name said to be for several nodes or machines (`run_multi_nodes.sh`,
#: `train_ddp_multi_node_main_process.py`, `multi-machine.md`); `launch_reach` reads scripts'
#: names and texts with it too.
SEVERAL_NODES_NAME = r"(?i)(?<![a-z])multi[-_ ]?(?:node|machine|host)s?(?![a-z])"
_NAMED_FOR_SEVERAL_NODES = re.compile(SEVERAL_NODES_NAME)


def launches_in_notebook(path: str, data: bytes) -> list[Launch]:
    """The launches of a notebook's command texts (`notebook_launches`), each at its line.
    After the kernel changes directory, a launch keeping to one node names a file that may
    not be ours (`%cd sub`, then `!torchrun train.py`): only launches that may span nodes
    count there."""
    if not _MAY_LAUNCH_BYTES.search(data):
        return []
    found: list[Launch] = []
    for part in notebook_texts(data) or ():
        if part.python:
            code = part.text.encode("utf-8")
            runs = _RUNS_COMMANDS.search(code) or b"get_ipython" in code
            launches = launches_in_python(path, code) if runs and _DISTRIBUTED.search(code) else []
        else:
            launches = launches_in_text(path, part.text) if _MAY_LAUNCH.search(part.text) else []
        for launch in launches:
            if part.after_cd and launch.one_node:
                continue
            if part.after_cd:  # its configuration file is not the project's either
                launch = replace(launch, config_file=None)
            found.append(replace(launch, line=part.line + launch.line - 1))
    return found


#: A Python file that runs shell commands (`os.system(cmd)`, `subprocess.run(...)`) ...
_RUNS_COMMANDS = re.compile(rb"\bos\s*\.\s*(?:system|popen)\s*\(|\bsubprocess\s*\.")
#: ... and holds a distributed launcher's name: a launcher written in Python (NineRec's
#: `train.py` builds `python -m torch.distributed.launch --nproc_per_node 4 run.py ...`).
_DISTRIBUTED = re.compile(
    rb"torch\.distributed\.(?:launch|run)|torchrun|deepspeed|accelerate launch|torchx run"
)


def launches_in_python(path: str, data: bytes) -> list[Launch]:
    """The launch commands written as string literals of a Python launcher (a sweep script
    that formats a command and runs it with `os.system`): each literal holding a distributed
    launcher's name is read as a shell text, its `{}` placeholders as unknown values. The
    file is parsed, never run."""
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError, RecursionError):
        return []
    found: list[Launch] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant | ast.JoinedStr):
            continue
        text = string_text(node, "{}")
        if text is None:
            continue
        if not _DISTRIBUTED.search(text.encode("utf-8", "replace")):
            continue
        found += [
            replace(launch, line=node.lineno + launch.line - 1)
            for launch in launches_in_text(path, text)
        ]
    return found


#: A text without one of these words launches nothing (most READMEs are read no further).
_MAY_LAUNCH = re.compile(
    r"torchrun|python|deepspeed|accelerate|srun|mpirun|mpiexec|horovodrun|ssh|pdsh|sbatch"
    r"|salloc|qsub|bsub|jsrun|aprun|gradio|streamlit|torchx"
)
_MAY_LAUNCH_BYTES = re.compile(_MAY_LAUNCH.pattern.encode())
