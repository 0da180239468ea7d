"""TPL403 reads the project: a thread's GPU 0 matters only where a process may bind another."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

# wenda: a chat app that loads its model in a thread; nothing in it binds a GPU.
APP = """\
import threading

import torch


def load_model():
    global model
    model = torch.load("model.pt").cuda()


def answer(prompt):
    return model(torch.tensor(prompt).cuda())


threading.Thread(target=load_model).start()
"""


def _tpl403(project: Path, extra: dict[str, str]) -> list[str]:
    (project / ".git").mkdir(parents=True)
    (project / "app.py").write_text(APP, encoding="utf-8")
    for name, text in extra.items():
        (project / name).write_text(text, encoding="utf-8")
    config = LintConfig(select=("TPL403",), preview=True)
    lint_run = run([str(project / "app.py")], config, cache_dir=None, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings]


def test_threads_of_an_app_that_binds_no_gpu_all_run_on_gpu_zero(tmp_path: Path) -> None:
    assert _tpl403(tmp_path / "wenda", {}) == []


@pytest.mark.parametrize(
    "extra",
    [
        # An installable package: its importers may bind a GPU before starting the thread.
        {"setup.py": "from setuptools import setup\n\nsetup(name='wenda')\n"},
        # A worker of the project binds its rank's GPU: the thread still starts on GPU 0.
        {
            "worker.py": "import os\n\nimport torch\n\n"
            "torch.cuda.set_device(int(os.environ['LOCAL_RANK']))\n"
        },
    ],
    ids=["installable", "binds-per-process"],
)
def test_a_process_that_may_bind_another_gpu_keeps_the_finding(
    tmp_path: Path, extra: dict[str, str]
) -> None:
    assert _tpl403(tmp_path / "wenda", extra) == ["app.py:15"]


def test_a_main_thread_under_a_device_context_keeps_the_finding(tmp_path: Path) -> None:
    project = tmp_path / "wenda"
    (project / ".git").mkdir(parents=True)
    text = APP.replace(
        "threading.Thread(target=load_model).start()",
        "with torch.cuda.device(1):\n    threading.Thread(target=load_model).start()",
    )
    (project / "app.py").write_text(text, encoding="utf-8")
    config = LintConfig(select=("TPL403",), preview=True)
    lint_run = run([str(project / "app.py")], config, cache_dir=None, jobs=1)
    assert [f.line for f in lint_run.findings] == [16]
