"""Project facts: where a file's project starts, whether the project binds one GPU per process,
and how TPL902 (whose findings need that fact) follows changes in other files, cache or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig, lint_paths
from torchplace.lint.project_facts import ProjectIndex, facts_of_text, read_facts
from torchplace.lint.runner import run

KERNELS = """\
import torch
import triton


def rotary(x, cos, sin):
    out = torch.empty_like(x)
    rotary_kernel[(x.shape[0],)](out, x, cos, sin)
    return out
"""
WORKER = """\
import os

import torch


def init_worker():
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("layout", "linted", "root"),
    [
        # The nearest marker wins, above any package.
        ({"pyproject.toml": "", "pkg/__init__.py": "", "pkg/ops.py": ""}, "pkg/ops.py", "."),
        ({".git/HEAD": "", "a/b/ops.py": ""}, "a/b/ops.py", "."),
        # No marker: the top of the Python tree, through namespace packages (no
        # `__init__.py`) and a directory of subpackages only.
        (
            {"top/pkg/__init__.py": "", "top/pkg/srt/x.py": "", "top/pkg/srt/hw/musa/k.py": ""},
            "top/pkg/srt/hw/musa/k.py",
            "top/pkg",
        ),
        # An installed package: site-packages holds other distributions, not its project.
        (
            {
                "lib/site-packages/six.py": "",
                "lib/site-packages/pkg/__init__.py": "",
                "lib/site-packages/pkg/ops.py": "",
            },
            "lib/site-packages/pkg/ops.py",
            "lib/site-packages/pkg",
        ),
        # A script in no package is a project of its own.
        ({"scripts/alone/run.py": ""}, "scripts/alone/run.py", "scripts/alone/run.py"),
    ],
)
def test_project_root(tmp_path: Path, layout: dict[str, str], linted: str, root: str) -> None:
    base = tmp_path / "base"
    for name, text in layout.items():
        _write(base / name, text)
    found = ProjectIndex().root_of(str(base / linted))
    assert Path(found) == (base / root).resolve() or Path(found) == base / root


@pytest.mark.parametrize(
    "code",
    [
        "torch.cuda.set_device(local_rank)\n",
        "torch.cuda.set_device(self.device)\n",
        "get_accelerator().set_device(int(os.environ['LOCAL_RANK']))\n",
        "torch.cuda.set_device(torch.device('cuda', rank))\n",
        "dist.init_process_group('nccl', device_id=torch.device(f'cuda:{local_rank}'))\n",
        "state = PartialState()\n",
        "accelerator = Accelerator(mixed_precision='bf16')\n",
    ],
)
def test_a_per_process_binding_is_found(code: str) -> None:
    facts = facts_of_text("worker.py", "def start(self, local_rank, rank):\n    " + code)
    assert facts.binds_gpu_per_process is True
    assert facts.gpu_binding[0].line == 2


@pytest.mark.parametrize(
    "code",
    [
        # Literals choose no GPU per process; a tensor's device guards one call.
        "def f():\n    torch.cuda.set_device(0)\n",
        "def f():\n    torch.cuda.set_device('cuda:0')\n",
        "def f(x):\n    torch.cuda.set_device(x.device)\n",
        "def f(x):\n    torch.cuda.set_device(x.get_device())\n",
        "def f():\n    dist.init_process_group('nccl', device_id=None)\n",
        # Save, set, restore: a device guard of a library (bitsandbytes' `_cuda_device_of`).
        "def f(device):\n    prev = torch.cuda.current_device()\n"
        "    torch.cuda.set_device(device)\n    yield\n    torch.cuda.set_device(prev)\n",
        "class G:\n    def __enter__(self):\n        torch.cuda.set_device(self.index)\n",
    ],
)
def test_a_guard_or_a_literal_is_no_binding(code: str) -> None:
    assert facts_of_text("ops.py", code).binds_gpu_per_process is False


def test_bindings_in_tests_and_examples_do_not_count(tmp_path: Path) -> None:
    project = tmp_path / "lib"
    _write(project / "pyproject.toml", "")
    _write(project / "lib" / "ops.py", KERNELS)
    _write(project / "tests" / "test_multi_gpu.py", WORKER)
    _write(project / "examples" / "train.py", WORKER)
    _write(project / "lib" / "test_dist.py", WORKER)
    facts = read_facts(str(project))
    assert facts.binds_gpu_per_process is False
    _write(project / "lib" / "serve.py", WORKER)
    assert read_facts(str(project)).binds_gpu_per_process is True


def _tpl902(project: Path, cache: Path | None) -> list[str]:
    config = LintConfig(extend_select=("TPL902",))
    lint_run = run([str(project)], config, cache_dir=cache, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings if f.code == "TPL902"]


@pytest.mark.parametrize("cached", [False, True])
def test_tpl902_follows_a_binding_added_in_another_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cached: bool
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    project = tmp_path / "kernels"
    _write(project / "pyproject.toml", "")
    _write(project / "kernels" / "rotary.py", KERNELS)
    cache = tmp_path / "cache" if cached else None
    assert _tpl902(project, cache) == ["rotary.py:7"]
    assert _tpl902(project, cache) == ["rotary.py:7"]  # warm: served by the cache
    # Only another file changes: the cached entry of rotary.py is still valid, its finding
    # is not (the project now binds one GPU per process).
    worker = _write(project / "kernels" / "worker.py", WORKER)
    assert _tpl902(project, cache) == []
    worker.unlink()
    assert _tpl902(project, cache) == ["rotary.py:7"]


def test_the_message_names_the_project_fact(tmp_path: Path) -> None:
    project = tmp_path / "kernels"
    _write(project / "setup.py", "")
    _write(project / "kernels" / "rotary.py", KERNELS)
    config = LintConfig(extend_select=("TPL902",))
    (finding,) = [f for f in lint_paths([str(project)], config) if f.code == "TPL902"]
    # setup.py counts: it is one of the project's Python files.
    assert "project `kernels` binds no GPU per process in its 2 Python files" in finding.message


HELPERS = """\
import torch
import triton


def dequant(A, out):
    dequant_kernel[(A.numel(),)](A, out)
"""
GUARDED_OPS = """\
import torch

from . import helpers

update_impl = helpers.dequant


def dequantize(A, out):
    with torch.cuda.device(A.device):
        helpers.dequant(A, out)


def update(A, out):
    with torch_accelerator_module.device(A.device):
        update_impl(A, out)
"""


def _library(tmp_path: Path, ops: str) -> Path:
    project = tmp_path / "lib"
    _write(project / "pyproject.toml", "")
    _write(project / "lib" / "helpers.py", HELPERS)
    _write(project / "lib" / "ops.py", ops)
    return project


def test_a_launch_every_caller_guards_is_not_flagged(tmp_path: Path) -> None:
    # The bitsandbytes shape: launches in helper modules, guarded one call up in ops.py,
    # directly and through an alias.
    assert _tpl902(_library(tmp_path, GUARDED_OPS), None) == []


@pytest.mark.parametrize(
    "extra",
    [
        # One caller without the guard.
        "\n\ndef fast_path(A, out):\n    helpers.dequant(A, out)\n",
        # Handed to a registry: who calls it, and how, is unknown.
        "\n\nregister_kernel('lib::dequant', 'cuda')(helpers.dequant)\n",
    ],
)
def test_a_launch_with_an_unguarded_or_unknown_caller_is_flagged(
    tmp_path: Path, extra: str
) -> None:
    assert _tpl902(_library(tmp_path, GUARDED_OPS + extra), None) == ["helpers.py:6"]


def test_a_launch_nobody_calls_in_the_project_is_flagged(tmp_path: Path) -> None:
    # A library's entry point: its callers are the library's users.
    assert _tpl902(_library(tmp_path, "import torch\n"), None) == ["helpers.py:6"]


@pytest.mark.parametrize("select", [(), ("TPL902",)])
def test_no_project_is_read_without_a_finding_that_needs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, select: tuple[str, ...]
) -> None:
    # The cost guarantee: a rule that needs project facts reads them only for a project
    # holding one of its findings (here none: the default rules read nothing).
    def refuse(root: str, *_: object) -> None:
        raise AssertionError(f"project facts read for {root}")

    monkeypatch.setattr("torchplace.lint.project_facts.read_facts", refuse)
    project = tmp_path / "app"
    _write(project / "pyproject.toml", "")
    _write(project / "app" / "train.py", "import torch\nx = torch.zeros(3).cuda()\n")
    run([str(project)], LintConfig(extend_select=select), cache_dir=None, jobs=1)


def test_a_fifo_or_a_link_in_the_project_is_not_read(tmp_path: Path) -> None:
    # Opening a FIFO named *.py would block the run; a link may point anywhere.
    import os

    project = tmp_path / "lib"
    _write(project / "pyproject.toml", "")
    _write(project / "lib" / "rotary.py", KERNELS)
    os.mkfifo(project / "lib" / "pipe.py")
    _write(tmp_path / "elsewhere.py", WORKER)
    (project / "lib" / "link.py").symlink_to(tmp_path / "elsewhere.py")
    # Unread, either may hold a binding: whether the project binds a GPU is unknown, and
    # TPL902 (which needs "binds no GPU") stays silent.
    assert read_facts(str(project)).binds_gpu_per_process is None
    assert _tpl902(project, None) == []


PIPELINE = """\
import torch.multiprocessing as mp

from pipeline.runtime import run_stage


def start(world_size):
    for rank in range(1, world_size):
        mp.Process(target=run_stage, args=(rank,)).start()
"""


def _tpl410(project: Path, cache: Path | None) -> list[str]:
    lint_run = run([str(project)], LintConfig(select=("TPL410",)), cache_dir=cache, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings if f.code == "TPL410"]


@pytest.mark.parametrize("cached", [False, True])
def test_tpl410_follows_the_accelerator_of_an_imported_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cached: bool
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    project = tmp_path / "pipeline"
    _write(project / "pyproject.toml", "")
    _write(project / "pipeline" / "launch.py", PIPELINE)
    runtime = project / "pipeline" / "runtime.py"
    cache = tmp_path / "cache" if cached else None
    # The stage's runtime is an Intel NPU's: no CUDA context for a fork to copy.
    _write(runtime, "from intel_npu_acceleration_library import compile\n\ndef run_stage(r): ...\n")
    assert _tpl410(project, cache) == []
    # The same launcher over a runtime that uses CUDA (only the other file changed).
    _write(runtime, "import torch\n\ndef run_stage(r):\n    torch.cuda.set_device(r)\n")
    assert _tpl410(project, cache) == ["launch.py:8"]
    # A runtime naming no accelerator says nothing: the launcher keeps the CUDA rule.
    _write(runtime, "def run_stage(r): ...\n")
    assert _tpl410(project, cache) == ["launch.py:8"]


RAY_WORKER = """\
import torch
import torch.distributed as dist


class Worker:
    def init_model(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model = build().cuda()
"""


def _tpl401(project: Path) -> list[str]:
    lint_run = run([str(project)], LintConfig(select=("TPL401",), preview=True), jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings if f.code == "TPL401"]


@pytest.mark.parametrize(
    ("launcher", "flagged"),
    [
        ("import ray\nfrom .worker import Worker\nActor = ray.remote(num_gpus=1)(Worker)\n", False),
        (
            "import ray\nfrom .worker import Worker\n\ndef make(n):\n    options = {}\n"
            "    options['num_gpus'] = n\n    return ray.remote(Worker).options(**options)\n",
            False,
        ),
        ("import ray\nfrom .worker import Worker\nActor = ray.remote(num_gpus=0)(Worker)\n", True),
        ("from .worker import Worker\n\nworkers = [Worker() for _ in range(8)]\n", True),
    ],
)
def test_tpl401_leaves_workers_that_ray_gives_gpus(
    tmp_path: Path, launcher: str, flagged: bool
) -> None:
    # Ray sets CUDA_VISIBLE_DEVICES in each actor given GPUs: its cuda:0 is its own GPU.
    project = tmp_path / "rl"
    _write(project / "pyproject.toml", "")
    _write(project / "rl" / "worker.py", RAY_WORKER)
    _write(project / "rl" / "launch.py", launcher)
    assert _tpl401(project) == (["worker.py:7"] if flagged else [])


DEMO = """\
import os

import torch
from app.models import build

os.environ["CUDA_VISIBLE_DEVICES"] = "1"
"""


def _tpl404(project: Path, cache: Path | None) -> list[str]:
    config = LintConfig(select=("TPL404",), preview=True)
    lint_run = run([str(project)], config, cache_dir=cache, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings if f.code == "TPL404"]


@pytest.mark.parametrize("cached", [False, True])
def test_tpl404_follows_what_an_imported_module_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cached: bool
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    project = tmp_path / "app"
    _write(project / "pyproject.toml", "")
    _write(project / "app" / "__init__.py", "")
    _write(project / "app" / "demo.py", DEMO)
    models = project / "app" / "models.py"
    cache = tmp_path / "cache" if cached else None
    # Importing the models module asks CUDA nothing: the write still takes effect.
    _write(models, "import torch\n\ndef build():\n    return torch.nn.Linear(2, 2).cuda()\n")
    assert _tpl404(project, cache) == []
    # Its import now asks CUDA through a module it imports (only that other file changed).
    _write(models, "import torch\nfrom app.kernels import ready\n\ndef build(): ...\n")
    _write(project / "app" / "kernels.py", "import torch\nready = torch.cuda.is_available()\n")
    assert _tpl404(project, cache) == ["demo.py:6"]
    # A module of the project (a relative import) that is not on disk may ask CUDA.
    models.unlink()
    _write(project / "app" / "demo.py", DEMO.replace("from app.models", "from .models"))
    assert _tpl404(project, cache) == ["demo.py:6"]
