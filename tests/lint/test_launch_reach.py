"""A module runs only under one-node launches when every file importing it does (TPL402)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.lint.project_tree import GLOBAL_RANK_RULES

from torchplace.lint import LintConfig
from torchplace.lint.launch_reach import loads_modules_by_name, modules_loaded_by_literal_name
from torchplace.lint.project_facts import ProjectIndex
from torchplace.lint.runner import run

UTILS = """\
import os

import torch
import torch.distributed as dist


def init_distributed():
    rank = int(os.environ["RANK"])
    dist.init_process_group(backend="nccl")
    torch.cuda.set_device(rank)
    return rank
"""
GENERATE = "from pkg.torch.utils import init_distributed\n\ninit_distributed()\n"
README = "```\ntorchrun --nproc-per-node=4 -m pkg.generate model/\n```\n"


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "project"
    base = {
        "pyproject.toml": "",
        "pkg/__init__.py": "",
        "pkg/torch/__init__.py": "",
        "pkg/torch/utils.py": UTILS,
        "pkg/generate.py": GENERATE,
    }
    for name, text in {**base, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _one_node(root: Path) -> bool:
    return ProjectIndex().one_node_launch(str(root / "pkg/torch/utils.py")) is not None


def test_a_module_only_one_node_scripts_import_runs_on_one_node(tmp_path: Path) -> None:
    assert _one_node(_project(tmp_path, {"README.md": README}))


def test_an_importer_the_project_never_launches_may_run_it_anyhow(tmp_path: Path) -> None:
    files = {"README.md": README, "pkg/serve.py": "from pkg.torch import utils\n"}
    assert not _one_node(_project(tmp_path, files))


def test_a_test_importing_it_runs_on_one_machine(tmp_path: Path) -> None:
    files = {"README.md": README, "tests/test_utils.py": "from pkg.torch.utils import x\n"}
    assert _one_node(_project(tmp_path, files))


def test_an_importer_launched_on_several_nodes_keeps_it_open(tmp_path: Path) -> None:
    readme = README + "torchrun --nnodes=2 --nproc-per-node=8 -m pkg.generate model/\n"
    assert not _one_node(_project(tmp_path, {"README.md": readme}))


def test_an_import_cycle_adds_no_way_of_running(tmp_path: Path) -> None:
    # utils <-> helpers import each other; only the launched generate.py reaches them.
    files = {
        "README.md": README,
        "pkg/torch/utils.py": "from pkg.torch import helpers\n" + UTILS,
        "pkg/torch/helpers.py": "from pkg.torch import utils\n",
    }
    assert _one_node(_project(tmp_path, files))


def test_importing_a_package_runs_its_init(tmp_path: Path) -> None:
    # `__init__.py` re-exports utils; a script the project never launches imports the package.
    files = {
        "README.md": README,
        "pkg/torch/__init__.py": "from .utils import init_distributed\n",
        "tools/run.py": "import pkg.torch\n",
    }
    assert not _one_node(_project(tmp_path, files))


def _tpl402(root: Path) -> list[str]:
    result = run([str(root)], LintConfig(select=GLOBAL_RANK_RULES, preview=True), cache_dir=None)
    return [f"{Path(f.path).name}:{f.line}" for f in result.findings]


def test_tpl402_leaves_a_module_of_one_node_launches(tmp_path: Path) -> None:
    assert _tpl402(_project(tmp_path / "a", {"README.md": README})) == []
    assert _tpl402(_project(tmp_path / "b", {})) == ["utils.py:10"]


DIST_INIT = """\
import torch


def dist_init():
    torch.distributed.init_process_group(backend="nccl")
    local_rank = torch.distributed.get_rank()
    torch.cuda.set_device(local_rank)
"""


def _research_tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name, text in {"utils/__init__.py": "", "utils/distributed.py": DIST_INIT, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_module_nothing_imports_in_a_checkout_never_runs(tmp_path: Path) -> None:
    # ckgc's utils/distributed.py: its training scripts define their own set-up.
    assert _tpl402(_research_tree(tmp_path / "a", {})) == []
    imported = {"train.py": "from utils.distributed import dist_init\n\ndist_init()\n"}
    assert _tpl402(_research_tree(tmp_path / "b", imported)) == ["distributed.py:7"]
    installable = {"setup.py": "from setuptools import setup\n\nsetup()\n"}
    assert _tpl402(_research_tree(tmp_path / "c", installable)) == ["distributed.py:7"]


def test_a_script_without_a_main_block_still_runs(tmp_path: Path) -> None:
    script = DIST_INIT + "\ndist_init()\n"
    assert _tpl402(_research_tree(tmp_path, {"utils/distributed.py": script})) == [
        "distributed.py:7"
    ]


REGISTRY = """\
from importlib import import_module
from pathlib import Path
from pkgutil import iter_modules

package_dir = Path(__file__).resolve().parent
for (_, module_name, _) in iter_modules([str(package_dir)]):
    module = import_module(f"{__name__}.{module_name}")
    globals().update(vars(module))
"""


def test_a_package_importing_its_directory_imports_each_module(tmp_path: Path) -> None:
    # OpenGait's model registry: `modeling/models/__init__.py` imports every model file by a
    # loop over its directory, and the launched script imports the package.
    model = "from pkg.torch.utils import init_distributed\n\nX = 1\n"
    files = {
        "README.md": README,
        "pkg/generate.py": "from pkg import models\n\nmodels.Baseline\n",
        "pkg/models/__init__.py": REGISTRY,
        "pkg/models/baseline.py": model,
    }
    root = _project(tmp_path, files)
    index = ProjectIndex()
    assert index.one_node_launch(str(root / "pkg/models/baseline.py")) is not None
    # Without the loop the model file has no importer: it may run in ways not written.
    files["pkg/models/__init__.py"] = "from importlib import import_module\n"
    other = _project(tmp_path / "plain", files)
    assert ProjectIndex().one_node_launch(str(other / "pkg/models/baseline.py")) is None


FEATURE_TOOL = """\
import argparse

import torch


def main(args):
    model = torch.load(args.checkpoint, map_location="cpu")
    model = model.cuda(device=0)
    return model


if __name__ == "__main__":
    main(argparse.ArgumentParser().parse_args())
"""
DATA_PARALLEL_README = "```\npython train.py --data d\n```\n"


def _tpl102(root: Path) -> list[str]:
    result = run([str(root)], LintConfig(select=("TPL102",), preview=True), cache_dir=None)
    return [f"{Path(f.path).name}:{f.line}" for f in result.findings]


@pytest.mark.parametrize(
    ("header", "alone"),
    [
        # A checkpoint's name is no framework (LightX2V's Qwen-Image-Edit-2511-Lightning).
        ('CKPT = "/models/Qwen-Image-Edit-2511-Lightning/model.safetensors"\n', True),
        ("import lightning as L\n", False),
        ("from lightning_fabric import Fabric\n", False),
        ("import pytorch_lightning as pl\n", False),
        ("from lightning.pytorch import Trainer\n", False),
        ("from lightning_lite import LightningLite\n", False),
        ("from project.cli import ProjectLightningCLI\n", False),
        ("from project.cli import LightningCLI\n", False),
        # a model, a step count, a URL and lightning attention's kernels are no framework
        ("from models.lightningdit import LightningDiT_models\n", True),
        ("lightning_steps = 8\n", True),
        ("# Sampler settings follow https://lightning.ai/docs/overview/\n", True),
        ("from lightning_attn.ops import lightning_attn_func\n", True),
        # DiffusionTextGeneration's experiment scripts switch DDP off in their config.
        ("use_ddp = False\n", True),
        ('SETTINGS = {"distributed": False}\n', True),
        ("use_ddp = True\n", False),
        # Switched off, then on where a launcher says so: still written for one.
        ("distributed = False\ndistributed = True\n", False),
        # Not a switch off: a value that depends, another name, a trainer's own options, and
        # a launcher's word beside the switch.
        ("use_ddp = 0 if SINGLE else 1\n", False),
        ("ddp_rank = 0\n", False),
        ("ARGS = dict(ddp_find_unused_parameters=False, deepspeed=None)\n", False),
        ("slurm_job.distributed = False\n", False),
    ],
)
def test_what_marks_a_script_written_for_several(tmp_path: Path, header: str, alone: bool) -> None:
    files = {"README.md": DATA_PARALLEL_README, "train.py": "import torch\n"}
    files["tool.py"] = header + FEATURE_TOOL
    found = _tpl102(_research_tree(tmp_path, files))
    assert found == ([] if alone else [f"tool.py:{8 + header.count(chr(10))}"])


def test_a_script_run_alone_keeps_a_module_it_imports_on_one_node(tmp_path: Path) -> None:
    # DiffusionTextGeneration: its trainer runs under `torchrun` in a one-node job; experiment
    # scripts no text launches import the same module, with DDP switched off: one process.
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=4 train.py\n```\n",
        "train.py": "from utils.distributed import dist_init\n\ndist_init()\n",
        "utils/helpers.py": "from utils.distributed import dist_init\n",
        "experiments/probe.py": (
            "from utils.helpers import dist_init\n\nDDP = False\n\n"
            'if __name__ == "__main__":\n    print(dist_init)\n'
        ),
    }
    assert _tpl402(_research_tree(tmp_path / "a", files)) == []
    ranked = {**files, "experiments/probe.py": files["experiments/probe.py"] + "RANK = 0\n"}
    assert _tpl402(_research_tree(tmp_path / "b", ranked)) == ["distributed.py:7"]


def test_a_script_nothing_launches_or_imports_runs_as_one_process(tmp_path: Path) -> None:
    # CPC's build_zeroSpeech_features.py: a feature tool of a project that trains with
    # DataParallel; no text launches it, nothing imports it: `python tool.py` is its one way.
    files = {"README.md": DATA_PARALLEL_README, "train.py": "import torch\n"}
    files["tool.py"] = FEATURE_TOOL
    assert _tpl102(_research_tree(tmp_path / "a", files)) == []
    # Written for a launcher (a rank option), a literal GPU there is every rank's.
    ranked = FEATURE_TOOL.replace("def main(args):", "def main(args):\n    print(args.local_rank)")
    files_ranked = {**files, "tool.py": ranked}
    assert _tpl102(_research_tree(tmp_path / "b", files_ranked)) == ["tool.py:9"]
    # No `__main__` block: a module others may import and run in any way (an installable
    # package's users; in a checkout nobody installs, a function nothing calls never runs).
    module = FEATURE_TOOL.split("\n\nif __name__")[0] + "\n"
    installable = {"setup.py": "from setuptools import setup\n\nsetup()\n"}
    package = {**files, **installable, "tool.py": module}
    assert _tpl102(_research_tree(tmp_path / "c", package)) == ["tool.py:8"]
    assert _tpl102(_research_tree(tmp_path / "d", {**files, "tool.py": module})) == []


SCRIPT = "from pkg.torch.utils import init_distributed\n\ninit_distributed()\n"


@pytest.mark.parametrize(
    ("readme", "one_node"),
    [
        # distrifuser: the README runs `sdxl_example.py`; `sd_example.py`, its twin, is run so
        ("torchrun --nproc_per_node=$N_GPUS scripts/sdxl_example.py\n", True),
        # a neighbour the project runs on several nodes: the unlaunched one may be too
        ("torchrun --nnodes=2 --nproc_per_node=8 scripts/sdxl_example.py\n", False),
        # no neighbour launched: run in ways not written
        ("", False),
    ],
)
def test_a_script_nothing_launches_is_run_as_its_neighbours_are(
    tmp_path: Path, readme: str, one_node: bool
) -> None:
    files = {
        "README.md": f"```\ntorchrun --nproc_per_node=4 -m pkg.generate\n{readme}```\n",
        "scripts/sdxl_example.py": SCRIPT,
        "scripts/sd_example.py": SCRIPT,
    }
    root = _project(tmp_path, files)
    found = ProjectIndex().one_node_launch(str(root / "scripts/sd_example.py"))
    assert (found is not None) is one_node
    # and so is the module they import, which only they and `pkg/generate.py` run
    assert _one_node(root) is one_node


def test_every_launched_neighbour_must_be_on_one_node(tmp_path: Path) -> None:
    readme = (
        "torchrun --nproc_per_node=8 scripts/sdxl_example.py\n"
        "torchrun --nnodes=4 --nproc_per_node=8 scripts/train.py\n"
    )
    files = {
        "README.md": f"```\n{readme}```\n",
        "scripts/sdxl_example.py": SCRIPT,
        "scripts/train.py": "print('train')\n",
        "scripts/sd_example.py": SCRIPT,
    }
    root = _project(tmp_path, files)
    assert ProjectIndex().one_node_launch(str(root / "scripts/sd_example.py")) is None


@pytest.mark.parametrize(("guarded", "one_node"), [(True, True), (False, False)])
def test_a_module_of_a_package_is_run_as_its_neighbours_only_as_a_script(
    tmp_path: Path, guarded: bool, one_node: bool
) -> None:
    # `pkg/serve.py` beside `pkg/generate.py` (run with `torchrun -m`): a script of its own
    # only with a `__main__` block; else a module imported from code out of sight.
    body = "from pkg.torch.utils import init_distributed\n"
    if guarded:
        body += '\nif __name__ == "__main__":\n    init_distributed()\n'
    root = _project(tmp_path, {"README.md": README, "pkg/serve.py": body})
    assert (ProjectIndex().one_node_launch(str(root / "pkg/serve.py")) is not None) is one_node


@pytest.mark.parametrize(
    "unlaunched",
    [
        # its own comments launch it on several nodes
        "# srun -N 4 --ntasks-per-node=8 python scripts/sd_example.py\n" + SCRIPT,
        # a launcher of its own: DINO's `run_with_submitit.py`
        "import submitit\n\nexecutor = submitit.AutoExecutor('logs')\n"
        "executor.update_parameters(nodes=4)\n" + SCRIPT,
    ],
)
def test_a_script_that_launches_itself_wider_is_not_run_as_its_neighbours(
    tmp_path: Path, unlaunched: str
) -> None:
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=8 scripts/sdxl_example.py\n```\n",
        "scripts/sdxl_example.py": SCRIPT,
        "scripts/sd_example.py": unlaunched,
    }
    root = _project(tmp_path, files)
    assert ProjectIndex().one_node_launch(str(root / "scripts/sd_example.py")) is None


def test_a_package_module_nothing_imports_says_nothing_of_how_the_package_runs(
    tmp_path: Path,
) -> None:
    # D-FINE: `src/misc/__init__.py` leads up to every module of its package (importing one
    # runs it), and `detr_postprocessor.py`, which nothing imports or launches, never runs.
    # Its `post` calls the function: where `post` may run, so may the function.
    post = "from utils import dist_init\n\n\ndef post(x):\n    dist_init()\n    return x\n"
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=4 train.py\n```\n",
        "train.py": "from utils.distributed import dist_init\n\ndist_init()\n",
        "utils/__init__.py": "from .distributed import dist_init\n",
        "utils/postprocessor.py": post,
    }
    assert _tpl402(_research_tree(tmp_path / "a", files)) == []
    # Installed, the module may be imported from outside: it may run in ways not written.
    installable = {**files, "setup.py": "from setuptools import setup\n\nsetup()\n"}
    assert _tpl402(_research_tree(tmp_path / "b", installable)) == ["distributed.py:7"]
    # A script of the package nothing launches still runs in ways not written.
    script = {**files, "utils/postprocessor.py": files["utils/postprocessor.py"] + "post(1)\n"}
    assert _tpl402(_research_tree(tmp_path / "c", script)) == ["distributed.py:7"]
    # A module a configuration names (Hydra's `_target_`), or one of a project that loads
    # modules by names built at run time, may run though nothing imports it.
    named = {**files, "conf/post.yaml": "post:\n  _target_: utils.postprocessor.post\n"}
    assert _tpl402(_research_tree(tmp_path / "d", named)) == ["distributed.py:7"]
    loader = "import importlib\nimport sys\n\nimportlib.import_module(sys.argv[1])\n"
    by_name = {**files, "train.py": files["train.py"] + loader}
    assert _tpl402(_research_tree(tmp_path / "e", by_name)) == ["distributed.py:7"]
    # A name of other than ASCII letters is searched whole too (Python reads `nachbearbeitung_ö`
    # as one identifier).
    accented = {k: v for k, v in files.items() if k != "utils/postprocessor.py"}
    accented["utils/nachbearbeitung_ö.py"] = files["utils/postprocessor.py"]
    accented["conf/post.yaml"] = "post:\n  _target_: utils.nachbearbeitung_ö.post\n"
    assert _tpl402(_research_tree(tmp_path / "f", accented)) == ["distributed.py:7"]


@pytest.mark.parametrize(
    ("loader", "loads_unread_modules"),
    [
        # D-FINE's config registry re-imports the module a registered class came from:
        # loaded already, it adds no way of running anything.
        ("def schema(cls):\n    return importlib.import_module(cls.__module__)\n", False),
        # A name written out is a text naming the module, read as such.
        ('def load():\n    return importlib.import_module("utils.other")\n', False),
        ('def load(name):\n    return importlib.import_module(f"utils.{name}")\n', True),
        ("def load(**options):\n    return importlib.import_module(**options)\n", True),
        # A relative name, a `fromlist` and a renamed loader are not read.
        ('def load():\n    return importlib.import_module(".other", __package__)\n', True),
        ('def load():\n    return __import__("utils", fromlist=["other"])\n', True),
        ('from importlib import import_module as load\n\nX = load("utils.other")\n', True),
        # Passed on uncalled, the loader is called where nothing is read.
        ("LOAD = importlib.import_module\n", True),
        ("def load(path):\n    return runpy.run_path(path)\n", True),
        ("def load(:\n    importlib.import_module(x)\n", True),  # unparsed: may load anything
    ],
)
def test_only_a_load_by_a_name_built_at_run_time_hides_unimported_modules(
    tmp_path: Path, loader: str, loads_unread_modules: bool
) -> None:
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=4 train.py\n```\n",
        "train.py": (
            "from utils.distributed import dist_init\nimport utils.registry\n\ndist_init()\n"
        ),
        "utils/__init__.py": "from .distributed import dist_init\n",
        "utils/postprocessor.py": "from utils import dist_init\n\n\ndef post(x):\n    return x\n",
        "utils/registry.py": "import importlib\nimport runpy\n\n\n" + loader,
    }
    expected = ["distributed.py:7"] if loads_unread_modules else []
    assert _tpl402(_research_tree(tmp_path, files)) == expected


def test_a_loader_in_a_module_that_never_runs_loads_nothing(tmp_path: Path) -> None:
    # D-FINE's `src/misc/lazy_loader.py`: a LazyLoader class nothing imports.
    lazy = "import importlib\n\n\ndef load(name):\n    return importlib.import_module(name)\n"
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=4 train.py\n```\n",
        "train.py": "from utils.distributed import dist_init\n\ndist_init()\n",
        "utils/__init__.py": "from .distributed import dist_init\n",
        "utils/postprocessor.py": "from utils import dist_init\n\n\ndef post(x):\n    return x\n",
        "utils/lazy_loader.py": lazy,
    }
    assert _tpl402(_research_tree(tmp_path / "a", files)) == []
    # Imported by the launched script, the loader runs and may load the unimported module.
    imported = {**files, "train.py": "import utils.lazy_loader\n" + files["train.py"]}
    assert _tpl402(_research_tree(tmp_path / "b", imported)) == ["distributed.py:7"]


def test_an_importer_that_never_runs_is_no_way_of_running_a_launched_script(
    tmp_path: Path,
) -> None:
    # `detect.py` is launched showing one GPU; `old.py`, which nothing imports or launches,
    # imports it and never runs.
    files = {
        "README.md": "```\nCUDA_VISIBLE_DEVICES=0 python detect.py\n```\n",
        "detect.py": "import torch\n\n\ndef main():\n    return torch.ones(1)\n",
        "old.py": "import detect\n\n\ndef run():\n    return detect.main()\n",
    }
    root = _research_tree(tmp_path / "a", files)
    assert ProjectIndex().one_gpu_launch(str(root / "detect.py")) is not None
    files["old.py"] += "\nrun()\n"  # a script of its own: it may run detect.py anyhow
    root = _research_tree(tmp_path / "b", files)
    assert ProjectIndex().one_gpu_launch(str(root / "detect.py")) is None


def test_a_notebook_launch_runs_a_script_on_one_node(tmp_path: Path) -> None:
    # tunib-ai's tutorials: a notebook runs each script from its own directory.
    def notebook(command: str) -> str:
        cell = {"cell_type": "code", "source": ["import os\n", f"!{command}\n"], "outputs": []}
        return json.dumps({"cells": [cell], "nbformat": 4})

    script = DIST_INIT + "\n\nif __name__ == '__main__':\n    dist_init()\n"
    one = "python -m torch.distributed.launch --nproc_per_node=4 ../src/allgather.py"
    files = {"src/allgather.py": script, "notebooks/03.ipynb": notebook(one)}
    assert _tpl402(_research_tree(tmp_path / "a", files)) == []
    two = one.replace("--nproc_per_node=4", "--nnodes=2 --nproc_per_node=4")
    files["notebooks/03.ipynb"] = notebook(two)
    assert _tpl402(_research_tree(tmp_path / "b", files)) == ["allgather.py:7"]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("train_multi_node.py", ""),
        ("train_ddp_multi_node_main_process.py", ""),
        ("train_ddp_multinode.py", ""),
        ("train_other.py", "# multi-node training: run it on every machine\n"),
        ("train_other.py", '"""Trains on several machines of the cluster."""\n'),
    ],
)
def test_a_script_written_for_several_nodes_is_not_run_as_its_neighbours(
    tmp_path: Path, name: str, text: str
) -> None:
    # Blaizzy's pytorch-ddp: the README runs `train_ddp.py` on one node; the
    # `train_ddp_multi_node_*.py` beside it are meant for several.
    script = text + DIST_INIT + "\n\nif __name__ == '__main__':\n    dist_init()\n"
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=4 train_ddp.py\n```\n",
        "train_ddp.py": "x = 1\n",
        name: script,
    }
    root = _research_tree(tmp_path / "said", files)
    assert ProjectIndex().one_node_launch(str(root / name)) is None
    # The same script saying nothing of nodes is run as its neighbour is, and so is one whose
    # words only hold such a word (a graph network's `MultiNodeAttention`).
    del files[name]
    files["train_twin.py"] = script.replace(text, "") if text else script
    files["train_twin.py"] += "\n\nclass MultiNodeAttention:\n    pass\n"
    root = _research_tree(tmp_path / "twin", files)
    assert ProjectIndex().one_node_launch(str(root / "train_twin.py")) is not None


def _postprocessor_tree(tmp_path: Path, extra: dict[str, str]) -> list[str]:
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=4 train.py\nsrun -N 4 python multi.py\n```\n",
        "train.py": "from utils.distributed import dist_init\n\ndist_init()\n",
        "multi.py": "X = 1\n",
        "utils/__init__.py": "from .distributed import dist_init\n",
        "utils/postprocessor.py": "from utils import dist_init\n\n\ndef post(x):\n    return x\n",
        **extra,
    }
    return _tpl402(_research_tree(tmp_path, files))


def test_a_module_named_whole_in_a_loader_call_is_imported_there(tmp_path: Path) -> None:
    # `multi.py`, launched on four nodes, imports the package by a call: the package runs
    # there, across nodes, though no `import` statement says so.
    assert _postprocessor_tree(tmp_path / "a", {}) == []
    by_call = {"multi.py": "import importlib\n\nimportlib.import_module('utils').dist_init()\n"}
    assert _postprocessor_tree(tmp_path / "b", by_call) == ["distributed.py:7"]
    # Run by name, a module's code runs there: here, a starter calling the function.
    run = {
        "multi.py": "import runpy\n\nrunpy.run_module('utils.starter')\n",
        "utils/starter.py": "from utils.distributed import dist_init\n\ndist_init()\n",
    }
    assert _postprocessor_tree(tmp_path / "c", run) == ["distributed.py:7"]


def test_a_loader_module_that_something_names_may_run(tmp_path: Path) -> None:
    loader = (
        "import importlib\nimport os\n\n\ndef load_all():\n"
        "    for f in os.listdir('utils'):\n        importlib.import_module('utils.' + f[:-3])\n"
    )
    # Nothing imports or names `plugins.py`: its loader never runs.
    assert _postprocessor_tree(tmp_path / "a", {"plugins.py": loader}) == []
    # Named by a configuration (`_target_`), or imported by a call, it may run.
    named = {"plugins.py": loader, "conf/run.yaml": "run:\n  _target_: plugins.load_all\n"}
    assert _postprocessor_tree(tmp_path / "b", named) == ["distributed.py:7"]
    called = {
        "plugins.py": loader,
        "train.py": "import importlib\n\nimportlib.import_module('plugins')\n",
    }
    assert _postprocessor_tree(tmp_path / "c", called) == ["distributed.py:7"]


def test_a_loader_file_too_deep_to_parse_may_load_anything() -> None:
    deep = b"import importlib\nimportlib.import_module('x')\ny = " + b"-" * 200_000 + b"1\n"
    assert loads_modules_by_name("deep.py", deep)
    assert modules_loaded_by_literal_name(deep) == []


def test_a_module_run_by_name_runs_a_packages_main(tmp_path: Path) -> None:
    # `runpy.run_module("tools")` runs `tools/__main__.py`, which imports the package.
    main = "from utils import dist_init\n\n\ndef go():\n    dist_init()\n"
    files = {"tools/__init__.py": "", "tools/__main__.py": main}
    one_node = {**files, "train.py": "import runpy\n\nrunpy.run_module('tools')\n"}
    one_node["train.py"] += "from utils.distributed import dist_init\n"
    assert _postprocessor_tree(tmp_path / "a", one_node) == []
    spanning = {**files, "multi.py": "import runpy\n\nrunpy.run_module('tools')\n"}
    assert _postprocessor_tree(tmp_path / "b", spanning) == ["distributed.py:7"]


def test_a_loader_module_a_package_imports_by_its_loop_runs(tmp_path: Path) -> None:
    # Nothing names `lazy.py`, but its package imports every module of its directory.
    lazy = "import importlib\n\n\ndef load(name):\n    return importlib.import_module(name)\n"
    files = {
        "plugins/__init__.py": REGISTRY,
        "plugins/lazy.py": lazy,
        "train.py": "import plugins\nfrom utils.distributed import dist_init\n\ndist_init()\n",
    }
    assert _postprocessor_tree(tmp_path, files) == ["distributed.py:7"]


def test_a_script_taking_the_rank_modulo_the_gpus_is_not_its_neighbours_twin(
    tmp_path: Path,
) -> None:
    script = (
        "import torch\nimport torch.distributed as dist\n\n\n"
        'if __name__ == "__main__":\n    dist.init_process_group("nccl")\n'
        "    rank = dist.get_rank()\n    torch.cuda.set_device(rank % torch.cuda.device_count())\n"
        "    torch.zeros(1).to(rank)\n"
    )
    files = {
        "README.md": "```\ntorchrun --nproc_per_node=4 scripts/a.py\n```\n",
        "scripts/a.py": "X = 1\n",
        "scripts/b.py": script.replace("rank % torch.cuda.device_count()", "rank"),
    }
    assert _tpl402(_research_tree(tmp_path / "a", files)) == []
    files["scripts/b.py"] = script
    assert _tpl402(_research_tree(tmp_path / "b", files)) == ["b.py:9"]
