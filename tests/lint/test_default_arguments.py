"""Device ids that start at GPU 0 with their function's defaults (`default_arguments`): TPL110
leaves a DataParallel alone where no caller in the project fills those defaults."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from torchplace.lint.default_arguments import defaults_of, keeps_defaults

from .project_tree import lint_tree

# DCP's `dcp/utils/model_transform.py`: the ids start at `gpu0`, 0 unless a caller passes it.
_TRANSFORM = """
import torch

__all__ = ["data_parallel"]


def data_parallel(model, n_gpus, gpu0=0):
    gpu_list = list(range(gpu0, gpu0 + n_gpus))
    if n_gpus >= 2:
        model = torch.nn.DataParallel(model, gpu_list).cuda()
    return model
"""
_TRAINER = """
from utils import model_transform as utils


def build(model, settings):
    return utils.data_parallel(model=model, n_gpus=settings.n_gpus)
"""


def _function(text: str) -> ast.FunctionDef:
    tree = ast.parse(text)
    return next(n for n in tree.body if isinstance(n, ast.FunctionDef))


@pytest.mark.parametrize(
    ("calls", "kept"),
    [
        ("data_parallel(m, 2)\nutils.data_parallel(model=m, n_gpus=2)\n", True),
        ("data_parallel(m, 2, 1)\n", False),  # by position
        ("utils.data_parallel(m, 2, gpu0=3)\n", False),  # by keyword
        ("data_parallel(m, *sizes)\n", False),
        ("data_parallel(m, 2, **options)\n", False),
        ("wrap = data_parallel\n", False),  # handed on: called some other way
        ("getattr(utils, 'data_parallel')(m, 2)\n", False),
        ("__all__ = ['data_parallel']\ndata_parallel(m, 2)\n", True),
    ],
)
def test_a_text_keeps_the_defaults_only_where_every_mention_is_a_call_leaving_them(
    calls: str, kept: bool
) -> None:
    defaults = defaults_of(_function(_TRANSFORM))
    assert defaults is not None and defaults.names == {"gpu0"}
    assert keeps_defaults(ast.parse(calls), defaults) is kept


def test_keyword_only_defaults_and_functions_without_defaults() -> None:
    keyword = defaults_of(_function("def f(a, *, gpu=0, name):\n    pass\n"))
    assert keyword is not None and keyword.names == {"gpu"} and keyword.first_positional is None
    assert keeps_defaults(ast.parse("f(1, name=2)\n"), keyword)
    assert not keeps_defaults(ast.parse("f(1, gpu=2, name=2)\n"), keyword)
    assert defaults_of(_function("def f(a, b):\n    pass\n")) is None


def test_tpl110_leaves_ids_no_caller_moves_off_gpu_zero(tmp_path: Path) -> None:
    files = {"utils/model_transform.py": _TRANSFORM, "trainer.py": _TRAINER}
    (tmp_path / ".git").mkdir()
    assert lint_tree(tmp_path, files, "TPL110") == []


def test_tpl110_keeps_ids_a_caller_moves(tmp_path: Path) -> None:
    moved = _TRAINER.replace("n_gpus=settings.n_gpus", "n_gpus=2, gpu0=settings.first_gpu")
    (tmp_path / ".git").mkdir()
    files = {"utils/model_transform.py": _TRANSFORM, "trainer.py": moved}
    found = lint_tree(tmp_path, files, "TPL110")
    assert found == ["model_transform.py:10"]


def test_tpl110_keeps_ids_of_an_installable_project(tmp_path: Path) -> None:
    # Code outside the checkout may import the function and pass `gpu0`.
    files = {"utils/model_transform.py": _TRANSFORM, "trainer.py": _TRAINER, "setup.py": ""}
    (tmp_path / ".git").mkdir()
    assert lint_tree(tmp_path, files, "TPL110") == ["model_transform.py:10"]


@pytest.mark.parametrize(
    "mention",
    [
        # Renamed on import: called by a name not read as this one.
        "from utils.model_transform import data_parallel as dp\n\n\ndef b(m):\n"
        "    return dp(m, 2, gpu0=1)\n",
        # Named inside a longer string (a Hydra target): called with whatever it holds.
        "CONFIG = {'_target_': 'utils.model_transform.data_parallel', 'gpu0': 1}\n",
        # A member looked up by a name built at run time.
        "import sys\n\nfrom utils import model_transform\n\n\ndef b(m):\n"
        "    return getattr(model_transform, sys.argv[1])(m, 2, 1)\n",
    ],
)
def test_tpl110_keeps_ids_a_caller_may_move_out_of_sight(tmp_path: Path, mention: str) -> None:
    files = {"utils/model_transform.py": _TRANSFORM, "trainer.py": _TRAINER, "other.py": mention}
    (tmp_path / ".git").mkdir()
    assert lint_tree(tmp_path, files, "TPL110") == ["model_transform.py:10"]


def test_tpl110_keeps_ids_of_a_function_nothing_in_sight_calls(tmp_path: Path) -> None:
    # A registry or a command-line dispatcher may call it with any arguments.
    registered = _TRANSFORM.replace("def data_parallel", "@REGISTRY.register\ndef data_parallel")
    (tmp_path / "a" / ".git").mkdir(parents=True)
    files = {"utils/model_transform.py": registered, "trainer.py": _TRAINER}
    found = lint_tree(tmp_path / "a", files, "TPL110")
    assert found == ["model_transform.py:11"]
    (tmp_path / "b" / ".git").mkdir(parents=True)
    assert lint_tree(tmp_path / "b", {"utils/model_transform.py": _TRANSFORM}, "TPL110") == [
        "model_transform.py:10"
    ]


def test_tpl110_reads_a_lambdas_defaults_as_its_own(tmp_path: Path) -> None:
    # The lambda's `g=0`, not the function's, starts the ids: no call of the function says
    # what the lambda is given.
    lambda_ids = """
import torch


def build(model, n, flag=False):
    make = lambda m, g=0: torch.nn.DataParallel(m, list(range(g, g + n))).cuda()
    return make(model, 3)
"""
    (tmp_path / ".git").mkdir()
    files = {"build.py": lambda_ids, "use.py": "from build import build\nbuild(1, 2)\n"}
    found = lint_tree(tmp_path, files, "TPL110")
    assert found == ["build.py:6"]
