"""TPL401 across a project: a process group created in a helper or a backend class that every
caller in the project builds after `set_device` is bound; an unbound or unknown caller keeps
the finding, and a project's own function named `init_process_group` is not torch's."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

BACKEND = """\
import torch
import torch.distributed as dist


class NcclBackend:
    def __init__(self, device, rank, world_size):
        self.device = device
        dist.init_process_group("nccl", rank=rank, world_size=world_size)


def make_group(rank, world_size):
    dist.init_process_group("nccl", rank=rank, world_size=world_size)


def warm_up():
    dist.all_reduce(torch.zeros(1).cuda())  # on the current GPU
"""
BOUND_CALLERS = """\
import torch

from .backend import NcclBackend, make_group


def init_pg(device, rank, world_size):
    torch.cuda.set_device(device)
    return NcclBackend(device, rank, world_size)


def init_plain(device, rank, world_size):
    torch.cuda.set_device(device)
    make_group(rank, world_size)
"""


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _tpl401(project: Path) -> list[str]:
    result = run([str(project)], LintConfig(select=("TPL401",)), cache_dir=None, jobs=1)
    return sorted(f"{Path(f.path).name}:{f.start.line}" for f in result.findings)


def _project(tmp_path: Path, callers: str) -> Path:
    project = tmp_path / "engine"
    _write(project / "pyproject.toml", "")
    _write(project / "engine" / "__init__.py", "")
    _write(project / "engine" / "backend.py", BACKEND)
    _write(project / "engine" / "worker.py", callers)
    return project


def _checkout(root: Path, files: dict[str, str]) -> Path:
    """A git checkout of `files` at `root` with no packaging file: nobody installs it."""
    (root / ".git").mkdir(parents=True)
    for name, text in files.items():
        _write(root / name, text)
    return root


def test_groups_every_caller_binds_first_are_not_flagged(tmp_path: Path) -> None:
    # The exllamav3 shape: the backend class is only built by a function that binds.
    assert _tpl401(_project(tmp_path, BOUND_CALLERS)) == []


@pytest.mark.parametrize(
    ("extra", "flagged"),
    [
        # A second caller that binds nothing.
        (
            "\n\ndef quick(rank, world_size):\n    return NcclBackend(0, rank, world_size)\n",
            ["backend.py:8"],
        ),
        ("\n\ndef quick(rank, world_size):\n    make_group(rank, world_size)\n", ["backend.py:12"]),
        # Handed on: who calls it, and how, is unknown.
        ("\n\nFACTORIES = {'nccl': NcclBackend}\n", ["backend.py:8"]),
    ],
)
def test_an_unbound_or_unknown_caller_keeps_the_finding(
    tmp_path: Path, extra: str, flagged: list[str]
) -> None:
    assert _tpl401(_project(tmp_path, BOUND_CALLERS + extra)) == flagged


def test_a_group_nobody_calls_in_the_project_is_flagged(tmp_path: Path) -> None:
    # A library's entry point: its callers are the library's users.
    assert _tpl401(_project(tmp_path, "import torch\n")) == ["backend.py:12", "backend.py:8"]


def test_a_projects_own_init_process_group_is_not_torchs(tmp_path: Path) -> None:
    # An engine's weight-sync group: a function of the project's own that builds a side group.
    project = tmp_path / "rl"
    _write(project / "pyproject.toml", "")
    _write(
        project / "rl" / "sync.py",
        "from torch.distributed.distributed_c10d import _new_process_group_helper\n\n\n"
        "def init_process_group(host, port, backend='nccl', world_size=-1, rank=-1):\n"
        "    return _new_process_group_helper(world_size, rank, [], backend)\n\n\n"
        "class WeightSync:\n"
        "    def __init__(self, host, port, world_size):\n"
        "        self.group = init_process_group(host, port, backend='nccl')\n",
    )
    assert _tpl401(project) == []


VISIBLE_IN_CALLER = """\
import os

from .backend import make_group


def process_main(rank, world_size, devices):
    os.environ["CUDA_VISIBLE_DEVICES"] = devices[rank]
    make_group(rank, world_size)
"""
VISIBLE_AT_IMPORT = """\
import os

try:
    os.environ["CUDA_VISIBLE_DEVICES"] = os.environ["SLURM_LOCALID"]
except KeyError:
    pass

from .backend import make_group


def main(rank, world_size):
    make_group(rank, world_size)
"""


@pytest.mark.parametrize("callers", [VISIBLE_IN_CALLER, VISIBLE_AT_IMPORT])
def test_callers_that_show_each_process_one_gpu_bind_it(tmp_path: Path, callers: str) -> None:
    # The ijepa shape: every process sees one GPU (CUDA_VISIBLE_DEVICES set per process
    # before CUDA starts), so its cuda:0, the group's device, is its own GPU.
    assert _tpl401(_project(tmp_path, callers)) == ["backend.py:8"]


SHOW = '    os.environ["CUDA_VISIBLE_DEVICES"] = devices[rank]\n'
GROUP = "    make_group(rank, world_size)\n"


@pytest.mark.parametrize(
    "callers",
    [
        # The same GPU for every process: not a binding.
        VISIBLE_IN_CALLER.replace("devices[rank]", '"0"'),
        # Set after the group is made: CUDA already chose its devices.
        VISIBLE_IN_CALLER.replace(SHOW, "").replace(GROUP, GROUP + SHOW),
        # Several GPUs shown to the process: it starts on the first, as do its siblings.
        VISIBLE_IN_CALLER.replace("devices[rank]", "args.gpus"),
        # A copy of the environment for a child process: this process sees every GPU.
        VISIBLE_IN_CALLER.replace(
            'os.environ["CUDA_VISIBLE_DEVICES"]', 'env["CUDA_VISIBLE_DEVICES"]'
        ),
    ],
)
def test_a_shared_or_late_visible_devices_setting_is_no_binding(
    tmp_path: Path, callers: str
) -> None:
    assert _tpl401(_project(tmp_path, callers)) == ["backend.py:12", "backend.py:8"]


SCRIPT_CALLER = """\
import torch

from .backend import make_group


def main(local_rank):
    torch.cuda.set_device(local_rank)
    torch.ones(1).cuda()


if __name__ == "__main__":
    make_group(0, 2)
    main(0)
"""


def test_a_script_block_whose_main_binds_first_binds(tmp_path: Path) -> None:
    # The fairseq shape: `distributed_init(args); main(args)` with `set_device` first in main.
    assert _tpl401(_project(tmp_path, SCRIPT_CALLER)) == ["backend.py:8"]


def test_a_script_block_that_never_binds_keeps_the_finding(tmp_path: Path) -> None:
    callers = SCRIPT_CALLER.replace("    torch.cuda.set_device(local_rank)\n", "")
    assert _tpl401(_project(tmp_path, callers)) == ["backend.py:12", "backend.py:8"]


def test_a_method_of_the_same_name_is_not_a_call_of_the_helper(tmp_path: Path) -> None:
    # fms-fsdp: `setup()` creates the group and `main` binds right after calling it; the
    # datasets' own `self.setup()` are methods of theirs, not calls of this helper.
    helper = (
        "import torch.distributed as dist\n\n\ndef setup():\n    dist.init_process_group('nccl')\n"
    )
    main = (
        "import torch\n\nfrom engine.utils import setup\n\n\ndef main(local_rank):\n"
        "    setup()\n    torch.cuda.set_device(local_rank)\n    torch.zeros(1).cuda()\n"
    )
    datasets = (
        "class Stream:\n    def setup(self):\n        self.ready = True\n\n"
        "    def __iter__(self):\n        self.setup()\n        [d.setup() for d in self.data]\n"
        "        return iter(())\n"
    )
    project = tmp_path / "fsdp"
    _write(project / "pyproject.toml", "")
    _write(project / "engine" / "__init__.py", "")
    _write(project / "engine" / "utils.py", helper)
    _write(project / "engine" / "train.py", main)
    _write(project / "engine" / "datasets.py", datasets)
    # setuptools' `setup` in setup.py is another function of that name.
    _write(project / "setup.py", "from setuptools import setup\n\nsetup(name='engine')\n")
    assert _tpl401(project) == []
    # A call through the imported module that binds nothing, in a process that then works on
    # its current GPU, keeps the finding. (train.py's `.cuda()` is no evidence: it runs after
    # train's own binding, on its rank's GPU.)
    _write(project / "engine" / "eval.py", "from engine import utils\n\nutils.setup()\n")
    assert _tpl401(project) == []
    evaluate = "from engine import utils\n\nutils.setup()\nx = torch.zeros(1).cuda()\n"
    _write(project / "engine" / "eval.py", evaluate)
    assert _tpl401(project) == ["utils.py:5"]


def test_a_helper_re_exported_by_its_package_is_called_through_it(tmp_path: Path) -> None:
    # efficientvit: `from efficientvit.apps.utils import dist_init`, re-exported by the package.
    project = tmp_path / "vit"
    _write(project / "pyproject.toml", "")
    _write(project / "vit" / "__init__.py", "")
    _write(project / "vit" / "utils" / "__init__.py", "from .dist import dist_init\n")
    _write(
        project / "vit" / "utils" / "dist.py",
        "import torch\n\n\ndef dist_init():\n    torch.distributed.init_process_group('nccl')\n"
        "\n\ndef sync():\n    torch.cuda.synchronize()\n",
    )
    _write(
        project / "train.py",
        "import torch\n\nfrom vit.utils import dist_init\n\n\ndef main(rank):\n"
        "    dist_init()\n    torch.cuda.set_device(rank)\n    torch.zeros(1).cuda()\n",
    )
    assert _tpl401(project) == []
    # Without the binding in its caller, the helper's group is flagged.
    _write(project / "train.py", "from vit.utils import dist_init\n\ndist_init()\n")
    assert _tpl401(project) == ["dist.py:5"]


STAR_BACKEND = """\
import torch


def default_init(args):
    torch.distributed.init_process_group("nccl", rank=args.rank, world_size=args.world_size)


def barrier():
    torch.distributed.barrier()
"""


@pytest.mark.parametrize(
    ("imports", "module", "flagged"),
    [
        # DS3Lab's `comm_utils`: the last star import's `default_init` is the one called.
        ("from .cupy_backend import *\nfrom .torch_backend import *\n", "torch_backend", False),
        # A later star import of a module defining its own `default_init` shadows it.
        ("from .torch_backend import *\nfrom .cupy_backend import *\n", "torch_backend", True),
        # A module whose `__all__` leaves it out exports it to no star import.
        ("from .hidden_backend import *\n", "hidden_backend", True),
        # A later star import of a module that passes on another's names, or defines the
        # name under a `try`, may shadow it.
        ("from .torch_backend import *\nfrom .backends import *\n", "torch_backend", True),
        ("from .torch_backend import *\nfrom .guarded import *\n", "torch_backend", True),
    ],
)
def test_a_helper_brought_by_a_star_import_is_called_through_it(
    tmp_path: Path, imports: str, module: str, flagged: bool
) -> None:
    project = tmp_path / "comm"
    _write(project / "pyproject.toml", "")
    _write(project / "comm" / "__init__.py", "")
    _write(project / "comm" / "torch_backend.py", STAR_BACKEND)
    _write(project / "comm" / "hidden_backend.py", '__all__ = ["barrier"]\n' + STAR_BACKEND)
    _write(project / "comm" / "cupy_backend.py", "def default_init(args):\n    return args\n")
    _write(project / "comm" / "backends.py", "from .cupy_backend import *\n")
    _write(
        project / "comm" / "guarded.py",
        "try:\n    import cupy\nexcept ImportError:\n    cupy = None\nelse:\n"
        "    def default_init(args):\n        return args\n",
    )
    _write(
        project / "comm" / "comm_utils.py",
        imports + "import torch\n\n\ndef init_communicators(args):\n"
        "    default_init(args)\n    torch.cuda.set_device(args.cuda_id)\n    barrier()\n",
    )
    findings = _tpl401(project)
    assert any(found.startswith(f"{module}.py:") for found in findings) == flagged, findings


VILA_DISTRIBUTED = """\
import os

from torch import distributed as dist


def init():
    if "RANK" not in os.environ:
        return
    dist.init_process_group(backend="nccl", init_method="env://")


def local_rank():
    return int(os.environ.get("LOCAL_RANK", 0))


def barrier():
    dist.barrier()
"""


def test_a_helper_called_through_an_alias_of_its_module_is_its_call(tmp_path: Path) -> None:
    # VILA's eval scripts: `from llava.utils import distributed as dist`, then `dist.init()`
    # and `torch.cuda.set_device(...)` right after; its own module calls torch's
    # `distributed` `dist` too.
    project = tmp_path / "vila"
    _write(project / "pyproject.toml", "")
    _write(project / "llava" / "__init__.py", "")
    _write(project / "llava" / "utils" / "__init__.py", "")
    _write(project / "llava" / "utils" / "distributed.py", VILA_DISTRIBUTED)
    bound = (
        "import torch\n\nfrom llava.utils import distributed as dist\n\n\ndef main():\n"
        "    dist.init()\n    torch.cuda.set_device(dist.local_rank())\n    dist.barrier()\n"
    )
    _write(project / "llava" / "eval" / "egoschema.py", bound)
    assert _tpl401(project) == []
    # An alias of torch's own `distributed` is not the project's module: its `dist.init()`
    # is no call of the helper, which then has no caller that binds.
    other = (
        "import torch\nfrom torch import distributed as dist\n\n\ndef main():\n"
        "    dist.init()\n    torch.cuda.set_device(0)\n    dist.barrier()\n"
    )
    _write(project / "llava" / "eval" / "egoschema.py", other)
    waits = "from llava.utils import distributed\n\n\ndef wait():\n    distributed.barrier()\n"
    _write(project / "llava" / "eval" / "waits.py", waits)
    assert _tpl401(project) == ["distributed.py:9"]


PROCESS_SPAWNER = """\
import multiprocessing
import os

from .backend import make_group


def launch(num_workers, world_size):
    ctx = multiprocessing.get_context("spawn")
    for index in range(num_workers):
        os.environ["CUDA_VISIBLE_DEVICES"] = str(index)
        process = ctx.Process(target=make_group, args=(index, world_size))
        process.start()
"""


def test_a_child_process_shown_one_gpu_by_its_parent_is_bound(tmp_path: Path) -> None:
    # Oobleck's agent: each worker process is started after the parent set
    # CUDA_VISIBLE_DEVICES to that worker's GPU, so the child's cuda:0 is its own.
    assert _tpl401(_project(tmp_path, PROCESS_SPAWNER)) == ["backend.py:8"]


@pytest.mark.parametrize(
    "spawner",
    [
        # A thread shares the parent's environment and CUDA context.
        PROCESS_SPAWNER.replace("ctx.Process(", "threading.Thread("),
        # Set once before the loop: every child sees the same GPU list.
        PROCESS_SPAWNER.replace(
            '        os.environ["CUDA_VISIBLE_DEVICES"] = str(index)\n', ""
        ).replace(
            "    for index", '    os.environ["CUDA_VISIBLE_DEVICES"] = str(gpu)\n    for index'
        ),
        # Set after the child is made: the child may start before it.
        PROCESS_SPAWNER.replace(
            '        os.environ["CUDA_VISIBLE_DEVICES"] = str(index)\n', ""
        ).replace(
            "        process.start()\n",
            '        process.start()\n        os.environ["CUDA_VISIBLE_DEVICES"] = str(index)\n',
        ),
        # Several GPUs shown to each child: it starts on the first.
        PROCESS_SPAWNER.replace("str(index)", "args.gpus"),
        # Made in the loop, started after it: every child starts with the last value.
        PROCESS_SPAWNER.replace(
            "        process = ctx.Process(target=make_group, args=(index, world_size))\n"
            "        process.start()\n",
            "        children.append(ctx.Process(target=make_group, args=(index, world_size)))\n"
            "    for child in children:\n        child.start()\n",
        ).replace("    for index", "    children = []\n    for index", 1),
        # Set only when a flag asks for it: the default run shows every child every GPU.
        PROCESS_SPAWNER.replace(
            '        os.environ["CUDA_VISIBLE_DEVICES"] = str(index)\n',
            '        if isolate:\n            os.environ["CUDA_VISIBLE_DEVICES"] = str(index)\n',
        ),
    ],
    ids=[
        "thread",
        "set-once",
        "set-after",
        "several-gpus",
        "started-after-the-loop",
        "set-under-a-flag",
    ],
)
def test_children_not_shown_one_gpu_each_keep_the_finding(tmp_path: Path, spawner: str) -> None:
    assert _tpl401(_project(tmp_path, spawner)) == ["backend.py:12", "backend.py:8"]


def test_a_set_up_helper_nothing_calls_in_a_checkout_never_runs(tmp_path: Path) -> None:
    # pangu-pytorch: `utils_dist.setup()` makes an unbound group and nothing calls it; the
    # fine-tuning scripts use `init_dist`, which binds first.
    utils = (
        "import os\n\nimport torch\nimport torch.distributed as dist\n\n\n"
        "def init_dist(backend='nccl'):\n"
        "    torch.cuda.set_device(int(os.environ['LOCAL_RANK']))\n"
        "    dist.init_process_group(backend=backend)\n\n\n"
        "def setup(rank, world_size):\n"
        "    dist.init_process_group('nccl', rank=rank, world_size=world_size)\n\n\n"
        "def reduce_loss(loss):\n"
        "    dist.all_reduce(torch.tensor([loss]).cuda())\n"
    )
    script = (
        "import torch\n\nfrom era5_data.utils_dist import init_dist\n\n"
        "init_dist()\nmodel = torch.nn.Linear(2, 2).cuda()\n"
    )
    files = {
        "era5_data/__init__.py": "",
        "era5_data/utils_dist.py": utils,
        "finetune/finetune.py": script,
    }
    project = _checkout(tmp_path / "pangu", files)
    # Installable: a user of the package may call it.
    _write(project / "setup.py", "from setuptools import setup\n\nsetup(name='pangu')\n")
    assert _tpl401(project) == ["utils_dist.py:13"]
    (project / "setup.py").unlink()
    assert _tpl401(project) == []


def test_a_set_up_helper_imported_through_sys_path_runs(tmp_path: Path) -> None:
    # A research checkout: the trainer puts `common/` on `sys.path` and imports the helper by
    # its module's bare name, which the import resolver cannot place.
    helper = (
        "import torch\nimport torch.distributed as dist\n\n\n"
        "def init_distributed():\n    dist.init_process_group('nccl')\n"
        "    dist.all_reduce(torch.zeros(1).cuda())\n"
    )
    trainer = (
        "import os\nimport sys\n\n"
        'sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "common"))\n'
        "from dist_utils import init_distributed  # noqa: E402\n\n\n"
        "def main():\n    init_distributed()\n\n\n"
        'if __name__ == "__main__":\n    main()\n'
    )
    files = {"common/dist_utils.py": helper, "projects/seg/train.py": trainer}
    assert _tpl401(_checkout(tmp_path / "research", files)) == ["dist_utils.py:6"]


def test_a_script_whose_functions_jsonargparse_exposes_runs_them(tmp_path: Path) -> None:
    script = (
        "import torch\nimport torch.distributed as dist\n\n\n"
        "def train_ddp():\n    dist.init_process_group('nccl')\n    torch.zeros(1).cuda()\n\n\n"
        'if __name__ == "__main__":\n    from jsonargparse import CLI\n\n    CLI()\n'
    )
    assert _tpl401(_checkout(tmp_path / "cli", {"run.py": script})) == ["run.py:6"]


def test_a_binding_helper_handed_a_model_already_moved_binds_too_late(tmp_path: Path) -> None:
    # `wrap_ddp(model.cuda(), rank)`: the argument's `.cuda()` runs before the helper binds.
    helper = (
        "import torch\nfrom torch.nn.parallel import DistributedDataParallel as DDP\n\n\n"
        "def wrap_ddp(model, local_rank):\n    torch.cuda.set_device(local_rank)\n"
        "    return DDP(model, device_ids=[local_rank])\n"
    )
    trainer = (
        "import os\n\nimport torch.distributed as dist\nfrom torch import nn\n\n"
        "from dist_utils import wrap_ddp\n\n\n"
        "def main():\n    local_rank = int(os.environ['LOCAL_RANK'])\n"
        "    dist.init_process_group('nccl')\n"
        "    model = wrap_ddp(nn.Linear(10, 10).cuda(), local_rank)\n    return model\n\n\n"
        'if __name__ == "__main__":\n    main()\n'
    )
    project = _checkout(tmp_path / "late", {"dist_utils.py": helper, "train.py": trainer})
    assert _tpl401(project) == ["train.py:11"]
    # Handed a model still on the CPU, the helper binds before any CUDA work.
    _write(project / "train.py", trainer.replace("nn.Linear(10, 10).cuda()", "nn.Linear(10, 10)"))
    assert _tpl401(project) == []


DEEPCAM_COMM = """\
import torch.distributed as dist


def init(method):
    if method == "nccl-slurm":
        dist.init_process_group(backend="nccl")
    # a barrier before returning: it runs on the current GPU, cuda:0, in every rank
    dist.barrier()
"""


def test_a_binding_after_the_call_binds_nothing_the_call_did(tmp_path: Path) -> None:
    # MLPerf HPC's DeepCAM: `comm.init()` makes the group and runs a barrier; `main` binds
    # its GPU only afterwards (both judges: TRUE).
    project = tmp_path / "deepcam"
    _write(project / "pyproject.toml", "")
    _write(project / "utils" / "__init__.py", "")
    _write(project / "utils" / "comm.py", DEEPCAM_COMM)
    train = (
        "import torch\n\nfrom utils import comm\n\n\ndef main(args):\n"
        "    comm.init(args.method)\n    torch.cuda.set_device(args.local_rank)\n"
    )
    _write(project / "train.py", train)
    assert _tpl401(project) == ["comm.py:6"]
    # Bound before the call, the same group is made on this rank's GPU.
    bound_first = train.replace(
        "    comm.init(args.method)\n    torch.cuda.set_device(args.local_rank)\n",
        "    torch.cuda.set_device(args.local_rank)\n    comm.init(args.method)\n",
    )
    _write(project / "train.py", bound_first)
    assert _tpl401(project) == []
    # Another library's `init` (`wandb.init()`) is no call of the project's helper.
    _write(project / "log.py", "import wandb\n\n\ndef start():\n    wandb.init(project='x')\n")
    assert _tpl401(project) == []


def test_a_function_of_the_same_name_in_another_package_is_no_call_of_the_helper(
    tmp_path: Path,
) -> None:
    # A package's own `init_distributed` (which binds, so its callers need not) is not the
    # helper of `common/distributed.py`: only a package that re-exports the helper calls it.
    project = tmp_path / "proj"
    _write(project / "pyproject.toml", "")
    _write(project / "proj" / "__init__.py", "")
    _write(project / "proj" / "common" / "__init__.py", "")
    helper = VILA_DISTRIBUTED.replace("def init():", "def init_distributed():")
    _write(project / "proj" / "common" / "distributed.py", helper)
    _write(
        project / "proj" / "legacy" / "__init__.py",
        "import torch\n\n\ndef init_distributed():\n    torch.cuda.set_device(0)\n",
    )
    _write(
        project / "train.py",
        "import os\n\nimport torch\n\nfrom proj.common.distributed import init_distributed\n\n\n"
        "def main():\n    init_distributed()\n"
        "    torch.cuda.set_device(int(os.environ['LOCAL_RANK']))\n",
    )
    _write(
        project / "proj" / "eval" / "waits.py",
        "from proj.common import distributed\n\n\ndef wait():\n    distributed.barrier()\n",
    )
    _write(
        project / "tools" / "old_eval.py",
        "import torch\n\nfrom proj.legacy import init_distributed\n\n\ndef main():\n"
        "    init_distributed()\n    torch.zeros(1).cuda()\n",
    )
    assert _tpl401(project) == []
    # A package that does re-export the helper calls it: its caller that never binds counts.
    _write(
        project / "proj" / "legacy" / "__init__.py",
        "from proj.common.distributed import init_distributed\n",
    )
    assert _tpl401(project) == ["distributed.py:9"]


def _deepcam(root: Path, train: str) -> list[str]:
    """TPL401's findings in DeepCAM's shape: `utils/comm.py` (`DEEPCAM_COMM`) and `train`."""
    _write(root / "pyproject.toml", "")
    _write(root / "utils" / "__init__.py", "")
    _write(root / "utils" / "comm.py", DEEPCAM_COMM)
    _write(root / "train.py", train)
    return _tpl401(root)


def test_a_binding_in_a_function_defined_before_the_call_runs_when_it_is_called(
    tmp_path: Path,
) -> None:
    train = (
        "import torch\n\nfrom utils import comm\n\n\ndef main(args):\n    def bind():\n"
        "        torch.cuda.set_device(args.local_rank)\n\n    comm.init(args.method)\n"
        "    bind()\n"
    )
    assert _deepcam(tmp_path / "deepcam", train) == ["comm.py:6"]


def test_callers_bound_before_or_right_after_the_helper_bind_its_group(tmp_path: Path) -> None:
    # fms-fsdp: two trainers call `setup()` and bind right after it; the speculator trainer
    # binds first, then calls it.
    project = tmp_path / "fms"
    _write(project / "pyproject.toml", "")
    _write(project / "fms" / "__init__.py", "")
    _write(
        project / "fms" / "train_utils.py",
        "import torch.distributed as dist\n\n\ndef setup():\n    dist.init_process_group('nccl')\n",
    )
    after = (
        "import os\n\nimport torch\n\nfrom fms.train_utils import setup\n\n\ndef main():\n"
        "    local_rank = int(os.environ['LOCAL_RANK'])\n    setup()\n"
        "    torch.cuda.set_device(local_rank)\n    torch.zeros(1).cuda()\n"
    )
    before = (
        "import os\n\nimport torch\n\nfrom fms.train_utils import setup\n\n\ndef main():\n"
        "    local_rank = int(os.environ['LOCAL_RANK'])\n    torch.cuda.set_device(local_rank)\n"
        "    setup()\n    torch.zeros(1).cuda()\n"
    )
    _write(project / "main_training.py", after)
    _write(project / "speculator.py", before)
    assert _tpl401(project) == []
    unbound = before.replace("    torch.cuda.set_device(local_rank)\n", "")
    _write(project / "speculator.py", unbound)
    assert _tpl401(project) == ["train_utils.py:5"]


def test_a_binding_on_another_arm_of_an_if_binds_nothing_at_the_call(tmp_path: Path) -> None:
    train = (
        "import torch\n\nfrom utils import comm\n\n\ndef main(args):\n"
        "    if args.method == 'none':\n        torch.cuda.set_device(args.local_rank)\n"
        "    else:\n        comm.init(args.method)\n    torch.cuda.set_device(args.local_rank)\n"
    )
    assert _deepcam(tmp_path / "deepcam", train) == ["comm.py:6"]


def test_a_default_device_context_is_no_guard() -> None:
    # `with torch.device(d):` only gives factories a default device: the current GPU, which
    # `.cuda()`, kernel launches and NCCL use, stays as it was.
    from torchplace.lint.project_callers import DEVICE_GUARD

    assert DEVICE_GUARD.search("torch.device('cuda:1')") is None
    for guard in ("torch.cuda.device(1)", "torch.npu.device(x.device)", "device_of(x)"):
        assert DEVICE_GUARD.search(guard) is not None


def test_a_script_function_that_binds_only_after_its_own_group_is_not_its_callers_binding(
    tmp_path: Path,
) -> None:
    # mattersim's `finetune_mattersim.py`: `main()` creates the group and runs a barrier on
    # the current GPU, then binds; the `__main__` block calling `main()` binds nothing first.
    script = (
        "import os\nimport torch\nimport torch.distributed as dist\n\n"
        'local_rank = int(os.environ["LOCAL_RANK"])\n\n\n'
        "def main():\n"
        '    dist.init_process_group(backend="nccl")\n'
        "    dist.barrier()\n"
        "    torch.cuda.set_device(local_rank)\n\n\n"
        'if __name__ == "__main__":\n'
        "    main()\n"
    )
    path = tmp_path / "finetune.py"
    path.write_text(script, encoding="utf-8")
    (tmp_path / "setup.py").write_text("", encoding="utf-8")
    result = run([str(tmp_path)], LintConfig(select=("TPL401",), preview=True), cache_dir=None)
    assert [(Path(f.path).name, f.line) for f in result.findings] == [("finetune.py", 9)]


def _group_then_work(tmp_path: Path, work: str, binding: str) -> list[int]:
    """TPL401's lines on a script whose `main` makes a group, runs `work`, binds, barriers."""
    script = (
        "import torch\nfrom torch import distributed\n\n\n"
        "def main(opts):\n"
        "    distributed.init_process_group(backend='nccl', init_method='env://')\n"
        f"    {work}\n"
        f"    torch.cuda.set_device({binding})\n"
        "    distributed.barrier()\n\n\n"
        'if __name__ == "__main__":\n'
        "    main(None)\n"
    )
    (tmp_path / "run.py").write_text(script, encoding="utf-8")
    (tmp_path / "setup.py").write_text("", encoding="utf-8")
    result = run([str(tmp_path)], LintConfig(select=("TPL401",), preview=True), cache_dir=None)
    return [f.line for f in result.findings]


def test_a_device_bound_to_a_name_between_the_group_and_the_binding_is_no_cuda_work(
    tmp_path: Path,
) -> None:
    # MiB's `run.py`: `device_id, device = opts.local_rank, torch.device(opts.local_rank)`
    # between `init_process_group` and `set_device` names a device, given to no call.
    named = "device_id, device = opts.local_rank, torch.device(opts.local_rank)"
    assert _group_then_work(tmp_path, named, "device_id") == []
    given = "x = torch.zeros(1, device=torch.device(opts.local_rank))"
    assert _group_then_work(tmp_path, given, "opts.local_rank") == [6]


@pytest.mark.parametrize(
    "work",
    [
        "x = torch.zeros(\n        1, device=torch.device(opts.local_rank)\n    )",
        "x = torch.zeros(\n        1,\n        device=torch.device(opts.local_rank),\n    )",
        'x = make_tensor("shape)", device=torch.device(opts.local_rank))',
    ],
    ids=["continued-line", "own-line", "parenthesis-in-a-string"],
)
def test_a_device_given_to_a_call_before_the_binding_is_cuda_work(
    tmp_path: Path, work: str
) -> None:
    assert _group_then_work(tmp_path, work, "opts.local_rank") == [6]
