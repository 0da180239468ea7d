"""A class nothing names never runs: findings in it are dropped, in a checkout nobody
installs (`dead_functions.plain_classes`, `ProjectIndex.in_class_nothing_names`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint.dead_functions import named_in, plain_classes
from torchplace.lint.project_facts import ProjectIndex

from .project_tree import lint_tree

# espnet's positional encodings as NATSpeech and UniAudio copy them: a subclass whose
# `reset_parameters` nothing calls sets a parameter's storage to a CPU tensor.
POSITION = """\
import torch
from torch import nn


class PositionalEncoding(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.pe = nn.Parameter(torch.zeros(d))


{decorator}class ScaledPositionalEncoding(PositionalEncoding):
    def __init__(self, d):
        super().__init__(d)
        self.alpha = nn.Parameter(torch.tensor(1.0))

    def reset_parameters(self):
        self.alpha.data = torch.tensor(1.0)
{tail}"""
USES_BASE = (
    "from modules.position import PositionalEncoding\n\nlayer = PositionalEncoding(8).cuda()\n"
)


def _lines(
    root: Path, files: dict[str, str], checkout: bool = True, code: str = "TPL207"
) -> list[str]:
    if checkout:
        (root / ".git").mkdir(parents=True)
    return lint_tree(root, files, code)


def _project(decorator: str = "", tail: str = "", **more: str) -> dict[str, str]:
    position = POSITION.format(decorator=decorator, tail=tail)
    return {"modules/position.py": position, "train.py": USES_BASE, **more}


def test_a_class_nothing_names_never_runs(tmp_path: Path) -> None:
    assert _lines(tmp_path / "dead", _project()) == []
    # Another file's copy of the module defines a class of that name: still nothing uses it.
    copy = {
        "codec/position.py": POSITION.format(decorator="", tail=""),
        "codec/run.py": "from codec.position import PositionalEncoding\n",
    }
    assert _lines(tmp_path / "copied", _project(**copy)) == []


def test_a_class_named_anywhere_in_the_project_may_run(tmp_path: Path) -> None:
    built = "from modules.position import ScaledPositionalEncoding as S\n\nS(8).cuda()\n"
    assert _lines(tmp_path / "built", _project(**{"train.py": built})) == ["position.py:17"]
    # A configuration file or a launch script names it: a registry may build it.
    config = {"conf/model.yaml": "encoder:\n  type: ScaledPositionalEncoding\n"}
    assert _lines(tmp_path / "config", _project(**config)) == ["position.py:17"]
    script = {"run.sh": "python train.py --pe ScaledPositionalEncoding\n"}
    assert _lines(tmp_path / "script", _project(**script)) == ["position.py:17"]
    # Its own file names it outside its body (a factory, `__all__`).
    own = '\n__all__ = ["ScaledPositionalEncoding"]\n'
    assert _lines(tmp_path / "own", _project(tail=own)) == ["position.py:17"]


def test_a_module_nothing_imports_or_a_test_may_be_searched_for_classes(tmp_path: Path) -> None:
    # A Triton model file (`TritonPythonModel`), a TorchServe handler, a pytest file: loaded
    # by path and searched for their classes, not imported.
    by_path = {"model_repo/tts/1/model.py": POSITION.format(decorator="", tail="")}
    assert _lines(tmp_path / "by-path", by_path) == ["model.py:17"]
    # A test file is collected by pytest, whatever imports it (asked of the index: the
    # rules that run in tests are few).
    root = tmp_path / "test"
    test = {"tests/test_position.py": POSITION.format(decorator="", tail=""),
            "tests/run.py": "from tests.test_position import PositionalEncoding\n"}  # fmt: skip
    _lines(root, {**test, "train.py": USES_BASE})
    index = ProjectIndex()
    assert not index.in_class_nothing_names(str(root / "tests/test_position.py"), 17)
    as_module = {"lib/position.py": test["tests/test_position.py"],
                 "lib/run.py": "from lib.position import PositionalEncoding\n"}  # fmt: skip
    _lines(tmp_path / "module", {**as_module, "train.py": USES_BASE})
    assert ProjectIndex().in_class_nothing_names(str(tmp_path / "module/lib/position.py"), 17)


def test_a_class_reached_without_its_name_may_run(tmp_path: Path) -> None:
    # A decorator may file it in a registry under another name.
    registered = _project(decorator="@register('scaled')\n")
    assert _lines(tmp_path / "registered", registered) == ["position.py:18"]
    # The project walks a base's subclasses.
    walks = {"build.py": "from modules.position import PositionalEncoding as P\n\n"
             "kinds = P.__subclasses__()\n"}  # fmt: skip
    assert _lines(tmp_path / "walks", _project(**walks)) == ["position.py:17"]
    # The project imports every module of a directory and keeps the classes of a base.
    scans = {"build.py": "import inspect\n\nfound = inspect.getmembers(mod, inspect.isclass)\n"}
    assert _lines(tmp_path / "scans", _project(**scans)) == ["position.py:17"]


def test_a_notebook_a_metaclass_or_a_namespace_scan_may_reach_the_class(tmp_path: Path) -> None:
    notebook = {"demo.ipynb": '{"cells": [{"source": ["m = ScaledPositionalEncoding(8)"]}]}'}
    assert _lines(tmp_path / "notebook", _project(**notebook)) == ["position.py:17"]
    # A metaclass of the project's own files every subclass of the base that names it.
    registry = {"registry.py": "class Registered(type):\n    table = {}\n"}
    assert _lines(tmp_path / "metaclass", _project(**registry)) == ["position.py:17"]
    # CycleGAN's `find_model_using_name`: a module's namespace matched against a built name.
    scan = {"build.py": "for name, cls in modellib.__dict__.items():\n    pass\n"}
    assert _lines(tmp_path / "namespace", _project(**scan)) == ["position.py:17"]
    # A module's member fetched by a built name.
    fetch = {"build.py": "def build(kind):\n    return getattr(modellib, f'{kind}Encoding')(8)\n"}
    assert _lines(tmp_path / "fetched", _project(**fetch)) == ["position.py:17"]


# An attribute fetched by a name built at run time that reaches no class of the project: the
# object's own (NATSpeech's tasks read their losses as `getattr(self, f"{name}_loss")`; that
# class already runs) or a library's (IMS-Toucan's, ESPnet's, STFT picks torch's window
# function as `getattr(torch, f"{window}_window")`). The class nothing names still never runs.
_FETCHES_NO_CLASS = {
    "self": {"task.py": "class Task:\n    def loss(self, name):\n"
             "        return getattr(self, f'{name}_loss')()\n"},
    "cls": {"task.py": "class Task:\n    @classmethod\n    def make(cls, name):\n"
            "        return getattr(cls, f'build_{name}')()\n"},
    "torch": {"stft.py": "import torch\n\n\ndef window(kind):\n"
              "    return getattr(torch, f'{kind}_window')(512)\n"},
    "functional": {"act.py": "import torch.nn.functional as F\n\n\ndef act(name):\n"
                   "    return getattr(F, f'{name}')\n"},
}  # fmt: skip


@pytest.mark.parametrize("owner", sorted(_FETCHES_NO_CLASS))
def test_an_attribute_fetched_by_a_built_name_from_self_or_a_library_reaches_no_class(
    tmp_path: Path, owner: str
) -> None:
    assert _lines(tmp_path / owner, _project(**_FETCHES_NO_CLASS[owner])) == []


def test_only_methods_are_dead_the_class_body_runs_on_import(tmp_path: Path) -> None:
    body = POSITION.format(decorator="", tail="").replace(
        "    def reset_parameters(self):\n        self.alpha.data = torch.tensor(1.0)\n",
        "    table = torch.zeros(4).cuda(1)\n",
    )
    files = {"modules/position.py": body, "train.py": USES_BASE}
    assert _lines(tmp_path / "body", files, code="TPL102") == ["position.py:16"]
    method = body.replace("    table = ", "    def table(self):\n        return ")
    files = {"modules/position.py": method, "train.py": USES_BASE}
    assert _lines(tmp_path / "method", files, code="TPL102") == []


def test_a_submodule_or_a_clone_inside_a_checkout_may_be_imported_by_it(tmp_path: Path) -> None:
    # A git submodule's `.git` is a file: the parent repository imports its code.
    sub = tmp_path / "sub"
    (sub / ".git").parent.mkdir(parents=True)
    (sub / ".git").write_text("gitdir: ../.git/modules/sub\n", encoding="utf-8")
    assert _lines(sub, _project(), checkout=False) == ["position.py:17"]
    # A clone inside another checkout: the outer project may import it.
    outer = tmp_path / "outer"
    (outer / ".git").mkdir(parents=True)
    assert _lines(outer / "third_party" / "pe", _project()) == ["position.py:17"]


def test_an_installable_or_partial_project_may_be_used_from_outside(tmp_path: Path) -> None:
    installable = _project(**{"pyproject.toml": "[project]\nname = 'pe'\n"})
    assert _lines(tmp_path / "installable", installable) == ["position.py:17"]
    assert _lines(tmp_path / "loose", _project(), checkout=False) == ["position.py:17"]


def test_names_are_read_as_uses_not_definitions() -> None:
    text = "class Foo:\n    pass\n\ndef bar():\n    return Foo()\n"
    assert named_in(text, "Foo")
    assert not named_in(text, "Foo", outside=(1, 5))
    assert not named_in(text, "bar")
    assert not named_in("FooBar = 1\n", "Foo")  # a word of its own only
    # Python identifiers need not be ASCII.
    assert named_in("from model import Modèle\n\nm = Modèle()\n", "Modèle")
    assert not named_in("class Modèles:\n    pass\n", "Modèle")
    source = (
        b"@dataclass\nclass A:\n    x: int\n\nclass B(metaclass=M):\n    pass\n"
        b"\nclass C:\n    size = 1\n\n    def f(self):\n        pass\n"
    )
    spans = plain_classes(source)
    assert [(c.name, c.first, c.last, c.methods) for c in spans] == [("C", 8, 12, ((11, 12),))]
    assert spans[0].holds_in_a_method(12) and not spans[0].holds_in_a_method(9)
    assert plain_classes(b"class (") == []
