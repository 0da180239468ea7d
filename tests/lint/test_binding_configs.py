"""Device ids chosen by an object that binds the GPU as it chooses them (`binding_configs`):
TPL110 leaves alone a DataParallel given those ids."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint import LintConfig
from torchplace.lint.binding_configs import bound_where_set, ids_attribute
from torchplace.lint.runner import run

from .project_tree import lint_tree

# prophet's `Cfgs`: the ids parsed and the GPU bound in one method.
_CONFIG_BINDS = """
import torch


class Cfgs:
    def __init__(self, args):
        self.GPU = args.GPU
        self.GPU_IDS = [int(i) for i in self.GPU.split(",")]
        torch.cuda.set_device(f"cuda:{self.GPU_IDS[0]}")
"""
# openvqa's `BaseCfgs`: only the chosen GPUs shown, the ids counted from them.
_CONFIG_SHOWS = """
import os


class BaseCfgs:
    def proc(self):
        os.environ["CUDA_VISIBLE_DEVICES"] = self.GPU
        self.N_GPU = len(self.GPU.split(","))
        self.DEVICES = [_ for _ in range(self.N_GPU)]
"""
# A yacs-style config: the ids are only data.
_CONFIG_DATA = """
class Config:
    def __init__(self):
        self.GPUS = (0,)
"""
_TRAIN = """
import torch
from torch import nn

from cfgs import Cfgs


def train(net, __C):
    net.cuda()
    return nn.DataParallel(net, device_ids=__C.{name})


if __name__ == "__main__":
    train(None, Cfgs(None))
"""


def _lint(tmp_path: Path, config: str, name: str) -> list[str]:
    files = {"cfgs.py": config, "train.py": _TRAIN.replace("{name}", name), "setup.py": ""}
    return lint_tree(tmp_path, files, "TPL110")


def test_ids_set_where_the_gpu_is_bound_are_not_flagged(tmp_path: Path) -> None:
    assert _lint(tmp_path, _CONFIG_BINDS, "GPU_IDS") == []


def test_ids_counted_from_the_gpus_shown_are_not_flagged(tmp_path: Path) -> None:
    assert _lint(tmp_path, _CONFIG_SHOWS, "DEVICES") == []


def test_ids_that_are_only_data_are_flagged(tmp_path: Path) -> None:
    assert _lint(tmp_path, _CONFIG_DATA, "GPUS") == ["train.py:10"]


def test_the_attribute_is_read_from_the_message() -> None:
    message = "`DataParallel(..., device_ids=__C.GPU_IDS)` needs the module on `device_ids[0]`"
    assert ids_attribute(message) == "GPU_IDS"
    assert ids_attribute("`DataParallel(..., device_ids=device_ids)` needs") is None


def test_another_attribute_of_the_binding_method_does_not_count(tmp_path: Path) -> None:
    path = tmp_path / "cfgs.py"
    path.write_text(_CONFIG_BINDS, encoding="utf-8")
    files = [str(path)]
    assert bound_where_set("GPU_IDS", str(tmp_path), files, lambda p: Path(p).read_bytes())
    assert not bound_where_set("SEED", str(tmp_path), files, lambda p: Path(p).read_bytes())


# A launcher that writes the variable into a copy of the environment for its child: this
# process shows every GPU still.
_CONFIG_CHILD = """
import os
import subprocess


class Launcher:
    def __init__(self, gpus):
        self.GPUS = [int(g) for g in gpus.split(",")]
        env = dict(os.environ)
        env["CUDA_VISIBLE_DEVICES"] = gpus
        subprocess.Popen(["python", "worker.py"], env=env)
"""


def test_a_write_to_a_childs_environment_does_not_count(tmp_path: Path) -> None:
    assert _lint(tmp_path, _CONFIG_CHILD, "GPUS") == ["train.py:10"]


def test_a_tests_binding_does_not_count(tmp_path: Path) -> None:
    files = {
        "cfgs.py": _CONFIG_DATA,
        "tests/test_multi_gpu.py": _CONFIG_BINDS.replace("GPU_IDS", "GPUS"),
        "train.py": _TRAIN.replace("{name}", "GPUS"),
        "setup.py": "",
    }
    assert lint_tree(tmp_path, files, "TPL110") == ["train.py:10"]


def test_a_project_under_a_benchmarks_directory_keeps_its_binding(tmp_path: Path) -> None:
    # tests and benchmarks are told by their path inside the project, not above it
    assert _lint(tmp_path / "benchmarks" / "proj", _CONFIG_BINDS, "GPU_IDS") == []


# The wrapping helper of `wrap.py`, called from a `main` that binds the first id first.
_WRAP = """
from torch import nn


def wrap(net, gpu_ids):
    net.cuda()
    return nn.DataParallel(net, device_ids=gpu_ids)
"""
_MAIN_BINDS = """
import torch

from wrap import wrap


def main(net, gpu_ids):
    torch.cuda.set_device(gpu_ids[0])
    return wrap(net, gpu_ids)
"""


def test_a_function_its_callers_call_after_binding_is_not_flagged(tmp_path: Path) -> None:
    files = {"wrap.py": _WRAP, "main.py": _MAIN_BINDS, "setup.py": ""}
    assert lint_tree(tmp_path, files, "TPL110") == []


def test_a_function_a_caller_calls_unbound_is_flagged(tmp_path: Path) -> None:
    unbound = _MAIN_BINDS.replace("    torch.cuda.set_device(gpu_ids[0])\n", "")
    files = {"wrap.py": _WRAP, "main.py": _MAIN_BINDS, "other.py": unbound, "setup.py": ""}
    assert lint_tree(tmp_path, files, "TPL110") == ["wrap.py:7"]


def test_the_message_names_gpu_zero_when_the_move_does(tmp_path: Path) -> None:
    files = {"wrap.py": _WRAP.replace("net.cuda()", "net.cuda(0)"), "setup.py": ""}
    lint_tree(tmp_path, files, "TPL110")
    result = run([str(tmp_path)], LintConfig(select=("TPL110",), preview=True), cache_dir=None)
    (finding,) = result.findings
    assert "moves it to GPU 0:" in finding.message
    current = _WRAP.replace("net.cuda()", 'net.to("cuda")')
    (tmp_path / "wrap.py").write_text(current, encoding="utf-8")
    result = run([str(tmp_path)], LintConfig(select=("TPL110",), preview=True), cache_dir=None)
    (finding,) = result.findings
    assert "moves it to the current GPU (cuda:0 unless bound)" in finding.message


def test_a_caller_under_a_default_device_context_is_not_bound(tmp_path: Path) -> None:
    # `with torch.device("cuda")` gives factories a default device; `.cuda()` still goes to
    # the current GPU, cuda:0.
    context = _MAIN_BINDS.replace(
        "    torch.cuda.set_device(gpu_ids[0])\n    return wrap(net, gpu_ids)\n",
        '    with torch.device("cuda"):\n        return wrap(net, gpu_ids)\n',
    )
    assert "with torch.device" in context
    files = {"wrap.py": _WRAP, "main.py": context, "setup.py": ""}
    assert lint_tree(tmp_path, files, "TPL110") == ["wrap.py:7"]
