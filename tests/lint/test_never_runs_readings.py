"""Ways code a reader would take as uncalled still runs: the shared dead-code pass
(`ProjectIndex.never_runs`) keeps findings there, for every rule."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint import LintConfig, lint_source
from torchplace.lint.runner import run


def _lint(root: Path, files: dict[str, str], code: str) -> list[str]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = LintConfig(select=(code,), preview=True)
    return [
        f"{Path(f.path).name}:{f.line}" for f in run([str(root)], config, cache_dir=None).findings
    ]


DISPATCH = """\
import sys

import torch


def evaluate(args):
    return torch.zeros(1).cuda()


if __name__ == "__main__":
    mode = sys.argv[1]
    {call}
"""


def test_a_script_that_evaluates_a_name_may_run_any_function() -> None:
    for call in ("eval(mode)(None)", "vars()[mode](None)", "locals()[mode](None)", "exec(mode)"):
        text = DISPATCH.format(call=call)
        assert [f.line for f in lint_source(text, "run.py", LintConfig(select=("TPL101",)))] == [7]
    # Nothing evaluates the name: the function never runs.
    quiet = DISPATCH.format(call="print(mode)")
    assert lint_source(quiet, "run.py", LintConfig(select=("TPL101",))) == []


def test_torch_hub_calls_hubconf_functions_from_outside() -> None:
    text = (
        "import torch\n\n\ndef net(pretrained=False):\n    return torch.zeros(1).cuda()\n\n\n"
        'if __name__ == "__main__":\n    print(1)\n'
    )
    assert [f.line for f in lint_source(text, "hubconf.py", LintConfig(select=("TPL101",)))] == [5]
    assert lint_source(text, "other.py", LintConfig(select=("TPL101",))) == []


DEMO = """\
import torch


def load_model(path):
    return torch.load(path).to("cuda:0")


def main():
    print("demo")


if __name__ == "__main__":
    main()
"""


def test_a_script_function_a_notebook_or_shell_script_imports_runs(tmp_path: Path) -> None:
    files = {".git/HEAD": "", "inference_demo.py": DEMO}
    assert _lint(tmp_path / "plain", files, "TPL103") == []
    notebook = '{"cells": [{"source": ["from inference_demo import load_model"]}]}'
    shell = "python -c 'from inference_demo import load_model; load_model(\"c.pt\")'\n"
    for name, text in (("notebooks/demo.ipynb", notebook), ("run.sh", shell)):
        more = {**files, name: text}
        assert _lint(tmp_path / name.replace("/", "_"), more, "TPL103") == ["inference_demo.py:5"]


GENERATE = """\
import torch


def cli():
    return torch.zeros(1).to("cuda:0")


def _smoke_test():
    print("ok")


if __name__ == "__main__":
    _smoke_test()
"""


def test_a_script_in_a_package_of_an_installable_project_may_be_imported(tmp_path: Path) -> None:
    # A console entry point (`evalkit-generate = "evalkit.generate:cli"`) or any user may
    # import `evalkit.generate`; in a checkout nobody installs, nothing can.
    package = {"src/evalkit/__init__.py": "", "src/evalkit/generate.py": GENERATE}
    installable = {**package, "pyproject.toml": '[project]\nname = "evalkit"\n'}
    assert _lint(tmp_path / "a", installable, "TPL103") == ["generate.py:5"]
    assert _lint(tmp_path / "b", {**package, ".git/HEAD": ""}, "TPL103") == []


DIST_UTILS = """\
import torch
import torch.distributed as dist


def init_pytorch(backend="nccl"):
    dist.init_process_group(backend)
    return torch.device("cuda")
"""
TRAIN = """\
import yaml

import dist_utils


def main(cfg):
    return getattr(dist_utils, cfg["launcher"])(cfg["backend"])


if __name__ == "__main__":
    main(yaml.safe_load(open("configs/train.yaml")))
"""


def test_a_module_function_looked_up_by_a_value_runs(tmp_path: Path) -> None:
    config = "launcher: init_pytorch\nbackend: nccl\n"
    files = {".git/HEAD": "", "dist_utils.py": DIST_UTILS, "train.py": TRAIN}
    files["configs/train.yaml"] = config
    assert _lint(tmp_path / "a", files, "TPL105") == ["dist_utils.py:7"]
    # Looked up by a literal name that is not this function: it never runs.
    literal = TRAIN.replace('cfg["launcher"]', '"other"')
    assert _lint(tmp_path / "b", {**files, "train.py": literal}, "TPL105") == []


def test_an_import_naming_the_checkouts_own_directory_may_be_this_module(tmp_path: Path) -> None:
    helper = "import torch\n\n\ndef init_dist():\n    return torch.zeros(1).cuda()\n"
    tool = (
        "import os\nimport sys\n\n"
        'sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))\n'
        "from myproj.utils.distributed import init_dist  # noqa: E402\n\n"
        'if __name__ == "__main__":\n    init_dist()\n'
    )
    files = {
        ".git/HEAD": "",
        "__init__.py": "",
        "utils/__init__.py": "",
        "utils/distributed.py": helper,
        "tools/train.py": tool,
        "models/net.py": "import torch.distributed as dist\n\nprint(dist.is_available())\n",
    }
    assert _lint(tmp_path / "myproj", files, "TPL101") == ["distributed.py:5"]
