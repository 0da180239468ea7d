"""A module's function reached only from functions nothing calls never runs (TPL303 here;
the shared dead-code pass drops it for every rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig, lint_source
from torchplace.lint.runner import run

# AgentTuning's science-world agent: `local_llm.load` is called only by
# `eval_utils.load_model`, which nothing calls.
LOCAL_LLM = """\
import torch
from transformers import AutoModelForCausalLM

llm_model = None


def load():
    global llm_model
    llm_model = AutoModelForCausalLM.from_pretrained("m", device_map="auto").cuda()


if __name__ == "__main__":
    print("local test")
"""
EVAL_UTILS = """\
from slow_agent import local_llm


def load_model(args):
    if args.local_llm:
        local_llm.load()
    return local_llm.llm_model


def find_valid_action(actions):
    return actions[0]
"""
EVAL = """\
from eval_utils import find_valid_action

print(find_valid_action(["look"]))
"""


def _tpl303(tmp_path: Path, changes: dict[str, str]) -> list[str]:
    return _lint(tmp_path, changes, "TPL303")


def _lint(tmp_path: Path, changes: dict[str, str], code: str) -> list[str]:
    root = tmp_path / "agent"
    (root / ".git").mkdir(parents=True)
    files = {
        "science/slow_agent/__init__.py": "",
        "science/slow_agent/local_llm.py": LOCAL_LLM,
        "science/eval_utils.py": EVAL_UTILS,
        "science/eval.py": EVAL,
        **changes,
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = LintConfig(select=(code,), preview=True)
    lint_run = run([str(root)], config, cache_dir=None, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings]


def test_a_loader_only_an_uncalled_function_calls_never_runs(tmp_path: Path) -> None:
    # Another agent of the repository calls a method of the same name and quotes the word
    # "load": neither reaches this module.
    other = (
        "class Agent:\n    def __init__(self, page):\n        self.load_model()\n"
        '        page.wait_for_load_state("load")\n\n    def load_model(self):\n'
        "        pass\n"
    )
    assert _tpl303(tmp_path, {"webshop/agent.py": other}) == []
    # AgentTuning's own evaluation loop is a function named `eval`: calling it evaluates no
    # name, so the importer's uncalled `load_model` stays uncalled.
    own_eval = EVAL + "\n\ndef eval(args):\n    return args\n\n\neval(1)\n"
    assert _tpl303(tmp_path / "own-eval", {"science/eval.py": own_eval}) == []


@pytest.mark.parametrize(
    "changes",
    [
        # The caller is called after all.
        {"science/eval.py": "from eval_utils import load_model\n\nload_model(None)\n"},
        {
            "science/eval.py": "import eval_utils\n\n\ndef main():\n    eval_utils.load_model(1)\n"
            "\n\nmain()\n"
        },
        # An installable package: other code may call either function.
        {"setup.py": "from setuptools import setup\n\nsetup(name='agent')\n"},
        # A configuration names the caller: a registry may call it by its name.
        {"science/config.py": "LOADER = 'eval_utils.load_model'\n"},
        # A decorator may register the caller.
        {"science/eval_utils.py": EVAL_UTILS.replace("def load_model", "@hook\ndef load_model")},
        # The importer calls the loader in its own body.
        {"science/eval_utils.py": EVAL_UTILS + "\nlocal_llm.load()\n"},
        # The loader taken by name and called from a function that runs.
        {
            "science/eval.py": "from slow_agent.local_llm import load\n\n\ndef main():\n"
            "    load()\n\n\nmain()\n"
        },
        # A dynamic import of the module.
        {"science/run.py": "import importlib\n\nimportlib.import_module('slow_agent.local_llm')\n"},
        # The module loaded by a call and its function called on what the call returns.
        {
            "science/run.py": "import importlib\n\n\ndef main():\n"
            "    m = importlib.import_module('slow_agent.local_llm')\n    m.load()\n\n\nmain()\n"
        },
        # A star import may hand it to anything.
        {"science/eval.py": "from slow_agent.local_llm import *\n"},
        # A command line may call any function of the module.
        {"science/eval_utils.py": EVAL_UTILS + "\nimport fire\n\nfire.Fire()\n"},
        # The importer evaluates a name built at run time.
        {"science/eval_utils.py": EVAL_UTILS + "\nimport sys\n\neval(sys.argv[1])\n"},
    ],
    ids=[
        "called-by-name",
        "called-through-module",
        "installable",
        "quoted",
        "decorated",
        "module-body",
        "imported-name",
        "dynamic-import",
        "dynamic-import-called",
        "star-import",
        "command-line",
        "evaluated-name",
    ],
)
def test_a_loader_that_may_run_keeps_the_finding(tmp_path: Path, changes: dict[str, str]) -> None:
    assert _tpl303(tmp_path, changes) == ["local_llm.py:9"]


# ToolBench's `toolbench.model.load_model`: the package's `__init__.py` re-exports it, and
# the project only ever takes another name from the package (fresh-62, judged FALSE).
REEXPORTS = "from .local_llm import load\nfrom .local_llm import llm_model\n"
TAKES_ANOTHER = "from slow_agent import llm_model\n\nprint(llm_model)\n"


def test_a_loader_its_package_re_exports_but_nothing_takes_never_runs(tmp_path: Path) -> None:
    changes = {
        "science/slow_agent/__init__.py": REEXPORTS,
        "science/eval_utils.py": "def find_valid_action(actions):\n    return actions[0]\n",
        "science/run.py": TAKES_ANOTHER,
    }
    assert _tpl303(tmp_path, changes) == []


@pytest.mark.parametrize(
    "run_text",
    [
        # taken from the package and called
        "from slow_agent import load\n\nload()\n",
        "import slow_agent\n\nslow_agent.load()\n",
        # a star import of the package hands it to anything
        "from slow_agent import *\n",
        # a dynamic import of the package by its dotted name
        "import importlib\n\nm = importlib.import_module('science.slow_agent')\n",
    ],
    ids=["taken-by-name", "through-package", "star-import", "dynamic-import"],
)
def test_a_loader_taken_from_its_package_keeps_the_finding(tmp_path: Path, run_text: str) -> None:
    changes = {
        "science/slow_agent/__init__.py": REEXPORTS,
        "science/eval_utils.py": "def find_valid_action(actions):\n    return actions[0]\n",
        "science/run.py": run_text,
    }
    assert _tpl303(tmp_path, changes) == ["local_llm.py:9"]
    # named in the package's `__all__`: others may take it
    exported = {**changes, "science/run.py": TAKES_ANOTHER}
    exported["science/slow_agent/__init__.py"] = REEXPORTS + '__all__ = ["load"]\n'
    assert _tpl303(tmp_path / "all", exported) == ["local_llm.py:9"]


NO_CALLER = "def find_valid_action(actions):\n    return actions[0]\n"


@pytest.mark.parametrize(
    "changes",
    [
        # `import slow_agent.other` binds the package: `slow_agent.load()` takes it there
        {
            "science/slow_agent/__init__.py": REEXPORTS,
            "science/slow_agent/other.py": "",
            "science/run.py": "import slow_agent.other\n\nslow_agent.load()\n",
        },
        # a dynamic import of the package by its bare name
        {
            "science/slow_agent/__init__.py": REEXPORTS,
            "science/run.py": "import importlib\n\nagent = importlib.import_module('slow_agent')"
            "\nagent.load()\n",
        },
        # torch.hub calls a `hubconf.py`'s names by name
        {
            "science/slow_agent/__init__.py": REEXPORTS,
            "science/hubconf.py": "dependencies = ['torch']\nfrom slow_agent import load\n",
        },
        {"science/hubconf.py": "from slow_agent.local_llm import load\n"},
        # a facade module re-exports it, and a script takes it from there
        {
            "science/slow_agent/__init__.py": REEXPORTS,
            "science/api.py": "from slow_agent import load\n",
            "science/run.py": "from api import load\n\nload()\n",
        },
        {
            "science/api.py": "from slow_agent.local_llm import load\n",
            "science/run.py": "import api\n\napi.load()\n",
        },
    ],
    ids=["submodule-import", "bare-dynamic", "hubconf", "hubconf-direct", "facade", "facade-2"],
)
def test_a_loader_taken_through_another_importer_keeps_the_finding(
    tmp_path: Path, changes: dict[str, str]
) -> None:
    assert _tpl303(tmp_path, {"science/eval_utils.py": NO_CALLER, **changes}) == ["local_llm.py:9"]


def test_a_facade_whose_takers_never_call_it_leaves_it_dead(tmp_path: Path) -> None:
    changes = {
        "science/eval_utils.py": NO_CALLER,
        "science/api.py": "from slow_agent.local_llm import load\n",
        "science/run.py": "import api\n\n\ndef never():\n    api.load()\n",
    }
    assert _tpl303(tmp_path, changes) == []
    # called from the facade's own code that runs: kept
    changes["science/api.py"] += "\nload()\n"
    assert _tpl303(tmp_path / "runs", changes) == ["local_llm.py:9"]


SCRIPT = """\
import torch


def unused():
    return torch.zeros(4).cuda()


def used():
    return torch.zeros(4).cuda()


if __name__ == "__main__":
    used()
"""


def test_code_that_never_runs_is_dropped_for_every_rule(tmp_path: Path) -> None:
    # TPL101 asks no project fact: the shared dead-code pass drops its finding in a script's
    # function nothing names, and in a module function only an uncalled function reaches.
    assert [f.line for f in lint_source(SCRIPT, "tool.py", LintConfig(select=("TPL101",)))] == [9]
    loader = LOCAL_LLM.replace(
        "\nif __name__", "\ndef probe():\n    return torch.ones(1).cuda()\n\n\nif __name__"
    )
    assert _lint(tmp_path / "a", {"science/slow_agent/local_llm.py": loader}, "TPL101") == []
    called = {
        "science/slow_agent/local_llm.py": loader,
        "science/eval.py": "from slow_agent.local_llm import probe\n\nprobe()\n",
    }
    assert _lint(tmp_path / "b", called, "TPL101") == ["local_llm.py:13"]


# NERSC's pytorch-examples: `utils/distributed.py` keeps a set-up helper whose one call is
# commented out; every file imports `torch.distributed`, which is not that module.
NERSC_DISTRIBUTED = """\
import torch


def init_workers_file():
    return torch.zeros(1).cuda()


def init_workers():
    return 0
"""
NERSC_TRAIN = """\
import torch.distributed as dist

from utils.distributed import init_workers

init_workers()
dist.barrier()
"""


def test_a_module_named_like_a_torch_module_is_not_imported_by_torch_imports(
    tmp_path: Path,
) -> None:
    files = {
        "science/utils/__init__.py": "",
        "science/utils/distributed.py": NERSC_DISTRIBUTED,
        "science/train.py": NERSC_TRAIN,
        "science/models/gather.py": "import torch.distributed as dist\n\nprint(dist.rank)\n",
    }
    assert _lint(tmp_path / "a", files, "TPL101") == []
    # A bare import of the name, which the resolver cannot place (a directory on
    # `sys.path`), or a dotted one from a directory of the project, may be this module.
    for line in ("import distributed\n", "from science.utils.distributed import *\n"):
        more = {**files, "science/tools/run.py": line}
        assert _lint(tmp_path / str(len(line)), more, "TPL101") == ["distributed.py:5"]
