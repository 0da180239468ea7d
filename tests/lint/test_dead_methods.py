"""A method nothing names never runs: findings in it are dropped, in a checkout nobody
installs (`dead_functions.unnamed_method`, `ProjectIndex.in_method_nothing_names`)."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint.dead_functions import UnnamedMethod, unnamed_methods

from .project_tree import lint_tree

# query2labels' model: `load_backbone` maps the checkpoint by the global rank, and nothing in
# the project calls it.
MODEL = """\
import torch
import torch.distributed as dist
from torch import nn


class Qeruy2Label({base}):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def forward(self, x):
        return self.backbone(x)

    {decorator}def load_backbone(self, path):
        checkpoint = torch.load(path, map_location=torch.device(dist.get_rank()))
        self.backbone.load_state_dict(checkpoint["state_dict"])
"""
MAIN = """\
import torch.distributed as dist

from models.query2label import Qeruy2Label

dist.init_process_group("nccl")
model = Qeruy2Label(None)
{call}
"""


def _lines(root: Path, base: str = "nn.Module", call: str = "", **more: str) -> list[str]:
    (root / ".git").mkdir(parents=True)
    files = {
        "models/__init__.py": "",
        "models/query2label.py": MODEL.format(base=base, decorator=more.pop("decorator", "")),
        "main.py": MAIN.format(call=call),
        **more,
    }
    return lint_tree(root, files, "TPL402")


def test_a_method_nothing_names_never_runs(tmp_path: Path) -> None:
    assert _lines(tmp_path / "dead") == []


def test_a_method_something_names_runs(tmp_path: Path) -> None:
    called = _lines(tmp_path / "called", call="model.load_backbone('b.pth')")
    assert called == ["query2label.py:15"]
    # A configuration or a notebook that names it may call it.
    config = {"configs/run.yaml": "init: load_backbone\n"}
    assert _lines(tmp_path / "config", **config) == ["query2label.py:15"]


def test_a_framework_may_call_its_hooks(tmp_path: Path) -> None:
    # A base outside the file and other than nn.Module (Lightning's hooks), or a decorator
    # (a registry), may call a method by name.
    lightning = _lines(tmp_path / "lightning", base="pl.LightningModule")
    assert lightning == ["query2label.py:15"]
    decorated = _lines(tmp_path / "decorated", decorator="@hooks.register\n    ")
    assert decorated == ["query2label.py:16"]


def test_an_installable_project_keeps_it(tmp_path: Path) -> None:
    setup = {"setup.py": "from setuptools import setup\n\nsetup()\n"}
    assert _lines(tmp_path / "installable", **setup) == ["query2label.py:15"]


def test_a_library_the_file_imports_may_call_it(tmp_path: Path) -> None:
    # self-rag's encoder: BEIR's search calls its `encode_queries` by name.
    model = MODEL.format(base="nn.Module", decorator="")
    library = {"models/query2label.py": "from beir.retrieval import search\n" + model}
    assert _lines(tmp_path / "library", **library) == ["query2label.py:16"]
    # The project's own module of that name is no library.
    own = {**library, "beir/__init__.py": "", "beir/retrieval.py": "search = None\n"}
    assert _lines(tmp_path / "own", **own) == []


def _method_at(data: bytes, line: int) -> UnnamedMethod | None:
    return next((m for m in unnamed_methods(data) if m.first <= line <= m.last), None)


def test_unnamed_methods_reads_one_file() -> None:
    data = MODEL.format(base="nn.Module", decorator="").encode()
    method = _method_at(data, 15)
    assert method is not None and method.name == "load_backbone" and method.imports == ()
    assert _method_at(data, 11) is None  # forward: PyTorch calls it
    # An attribute name built at run time may reach any method.
    built = data + b"\ndef run(m, kind):\n    return getattr(m, f'load_{kind}')('x')\n"
    assert _method_at(built, 15) is None
    # Named again in its own file, outside its body.
    named = data + b"\nLOADERS = [Qeruy2Label.load_backbone]\n"
    assert _method_at(named, 15) is None


def test_a_method_named_only_in_comments_or_run_by_a_plain_decorator_never_runs(
    tmp_path: Path,
) -> None:
    # VITA's `rel_shift`: `@torch.jit.unused`, its every call commented out.
    commented = _lines(
        tmp_path / "commented",
        call="# model.load_backbone('b.pth')  # was too slow",
        decorator="@torch.jit.unused\n    ",
    )
    assert commented == []
    # A `#` inside a string is no comment: the call after it runs.
    quoted = _lines(tmp_path / "quoted", call="print('#'); model.load_backbone('b.pth')")
    assert quoted == ["query2label.py:15"]


def test_unnamed_methods_reads_its_own_files_comments_as_no_names() -> None:
    data = MODEL.format(base="nn.Module", decorator="@torch.no_grad()\n    ").encode()
    commented = data + b"\n# Qeruy2Label(None).load_backbone('x')\n"
    method = _method_at(commented, 16)
    assert method is not None and method.name == "load_backbone"


def test_a_name_in_a_strings_code_or_after_it_is_named(tmp_path: Path) -> None:
    # An f-string's replacement field runs, even on a line that reads like a comment; code
    # after a multi-line string closes on a `#SBATCH` line runs too.
    fstring = 'print(f"""\n# Loaded backbone {model.load_backbone("b.pth")}\n""")'
    assert _lines(tmp_path / "fstring", call=fstring) == ["query2label.py:15"]
    template = 'print("""\n#SBATCH -J x""".format(model.load_backbone("b.pth")))'
    assert _lines(tmp_path / "template", call=template) == ["query2label.py:15"]


def test_a_file_of_carriage_returns_is_read_by_its_lines() -> None:
    data = MODEL.format(base="nn.Module", decorator="").encode()
    named = (data + b"\n# a comment\nLOADERS = [Qeruy2Label.load_backbone]\n").replace(b"\n", b"\r")
    assert _method_at(named, 15) is None
