"""The per-tree readings the load rules keep (each load of a long file asks again) let a
file's tree go once the lint of the file is done: none keeps its own key alive."""

from __future__ import annotations

import ast
import gc
import weakref

from torchplace.lint.context import FileContext
from torchplace.lint.group_size import spawned_alone
from torchplace.lint.project_saves import matching_saves
from torchplace.lint.rules._helpers import calls_on_line, enclosing_function, typed_nodes
from torchplace.lint.rules.hardcoded import _rank_zero_saves
from torchplace.lint.rules.hardcoded._load_reach import (
    local_functions,
    method_classes,
    own_calls,
    rank_zero_properties,
)
from torchplace.lint.source import SourceFile

_TEXT = """\
import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank):
    if dist.get_rank() == 0:
        torch.save(model.state_dict(), "ckpt/model.pt")
    model.load_state_dict(torch.load("ckpt/model.pt"))


class Trainer:
    def is_main(self):
        return self.accelerator.is_main_process


torch.save({}, "ckpt/model.pt")
mp.spawn(worker, nprocs=1)
worker(0)
"""


def _read_everything(path: str) -> weakref.ref[ast.Module]:
    tree = ast.parse(_TEXT)
    ctx = FileContext(SourceFile(path, _TEXT), tree, candidate_lines=[])
    function = enclosing_function(tree, 9)
    assert isinstance(function, ast.FunctionDef)
    load = calls_on_line(tree, 9)[-1]
    typed_nodes(tree, ast.Call)
    typed_nodes(function, ast.FunctionDef)
    local_functions(tree)
    local_functions(function)
    own_calls(tree)
    method_classes(tree)
    rank_zero_properties(tree)
    spawned_alone(tree, function)
    assert _rank_zero_saves.rank_zero_save_read_back(ctx, tree, function, load) is None
    saves = matching_saves("model.pt", [path], lambda _: _TEXT.encode())
    assert saves is not None and len(saves) == 2
    return weakref.ref(tree)


def test_a_linted_tree_is_let_go(tmp_path):  # type: ignore[no-untyped-def]
    gone = _read_everything(str(tmp_path / "train.py"))
    gc.collect()
    assert gone() is None
