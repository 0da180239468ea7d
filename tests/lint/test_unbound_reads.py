"""Lines past a read of a local name that no path has bound never run: `unbound_reads`, read
for every finding by `apply_project_facts`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from torchplace.lint.unbound_reads import unreachable_spans

from .project_tree import lint_tree

# dualprompt's `EPrompt.forward`: `embed_dim` is bound only by the pool arm's unpacking; the
# other arm reads it first, so its parameter re-creations never run.
PROMPT = """\
import torch
from torch import nn


class EPrompt(nn.Module):
    def __init__(self, prompt_pool, num_heads):
        super().__init__()
        self.prompt_pool = prompt_pool
        self.num_heads = num_heads
        self.prompt = nn.Parameter(torch.zeros(4, 8))

    def forward(self, x_embed):
        if self.prompt_pool:
            batch, length, embed_dim = x_embed.shape
            out = self.prompt[:length]
        else:
            assert embed_dim % self.num_heads == 0
            self.prompt = nn.Parameter(torch.zeros(4, embed_dim))
            out = self.prompt
        return out
"""


# TPL202 reads only projects that shard their parameters.
SHARDS = {"train.py": "from torch.distributed.fsdp import fully_shard\n\nfully_shard(model)\n"}


def test_a_parameter_replaced_after_an_unbound_read_is_not_flagged(tmp_path: Path) -> None:
    (tmp_path / "p" / ".git").mkdir(parents=True)
    assert lint_tree(tmp_path / "p", {"prompt.py": PROMPT, **SHARDS}, "TPL202") == []


def test_bound_before_the_test_the_line_runs(tmp_path: Path) -> None:
    bound = PROMPT.replace(
        "        if self.prompt_pool:\n", "        embed_dim = 8\n        if self.prompt_pool:\n"
    )
    (tmp_path / "b" / ".git").mkdir(parents=True)
    assert lint_tree(tmp_path / "b", {"prompt.py": bound, **SHARDS}, "TPL202") == ["prompt.py:19"]


def _spans(body: str) -> list[tuple[int, int]]:
    return unreachable_spans(ast.parse("def f(flag, items):\n" + body))


def test_the_rest_of_the_block_after_the_read() -> None:
    body = (
        "    if flag:\n"  # 2
        "        size = 3\n"  # 3
        "    else:\n"  # 4
        "        print(size)\n"  # 5
        "        a = 1\n"  # 6
        "        b = 2\n"  # 7
        "    return 0\n"  # 8
    )
    assert _spans(body) == [(6, 7)]


@pytest.mark.parametrize(
    "body",
    [
        # A parameter is always bound.
        "    if flag:\n        items = 3\n    else:\n        print(items)\n        a = 1\n",
        # A loop around the test: an earlier pass may have bound it.
        "    for i in range(2):\n        if flag:\n            size = 3\n        else:\n"
        "            print(size)\n            a = 1\n",
        # A handler may catch the error.
        "    try:\n        if flag:\n            size = 3\n        else:\n"
        "            print(size)\n            a = 1\n    except NameError:\n        pass\n",
        # Declared global: a module name, not a local.
        "    global size\n    if flag:\n        size = 3\n    else:\n        print(size)\n"
        "        a = 1\n",
        # Bound before the test.
        "    size = 0\n    if flag:\n        size = 3\n    else:\n        print(size)\n"
        "        a = 1\n",
        # Read only in a nested function, which may run later.
        "    if flag:\n        size = 3\n    else:\n        g = lambda: size\n        a = 1\n",
        # A walrus inside a comprehension binds the function's name.
        "    if flag:\n        size = 3\n    else:\n        any((size := i) for i in items)\n"
        "        print(size)\n        a = 1\n",
        # A nested function may bind it through `nonlocal` whenever it is called.
        "    def setter():\n        nonlocal size\n        size = 5\n    if flag:\n"
        "        size = 3\n    else:\n        setter()\n        print(size)\n        a = 1\n",
        # Bound in the test itself, on the line of the other arm.
        "    if (size := 3) or flag: pass\n    else:\n        print(size)\n        a = 1\n",
        # A variable annotation is never evaluated in a function; an `except` type only when
        # something is raised.
        "    if flag:\n        size = int\n    else:\n        v: size = 3\n        a = 1\n",
        "    if flag:\n        size = ValueError\n    else:\n        try:\n            pass\n"
        "        except size:\n            pass\n        a = 1\n",
        # `locals()` may be read or written in ways not shown.
        "    if flag:\n        size = 3\n    else:\n        print(locals().get('size'))\n"
        "        print(size)\n        a = 1\n",
    ],
)
def test_reads_that_may_find_the_name_bound(body: str) -> None:
    assert _spans(body) == []
