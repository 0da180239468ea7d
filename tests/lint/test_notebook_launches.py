"""A notebook's commands are read as launch texts, each as IPython runs it; nothing in the
notebook runs."""

from __future__ import annotations

import json

from torchplace.lint.launch_commands import launches_in_notebook
from torchplace.lint.notebook_launches import notebook_texts


def _notebook(*sources: object, kind: str = "code") -> bytes:
    cells = [{"cell_type": kind, "source": source, "outputs": []} for source in sources]
    return json.dumps({"cells": cells, "nbformat": 4}).encode()


def _launches(*sources: object) -> dict[str, bool]:
    """Each launched script, and whether its launch keeps it on one node."""
    launches = launches_in_notebook("notebooks/run.ipynb", _notebook(*sources))
    return {str(launch.script): launch.one_node for launch in launches}


def test_each_shell_line_and_shell_cell_is_a_command_at_its_line() -> None:
    sources = (
        ["import torch\n", "!torchrun --nproc_per_node=2 ../train.py\n"],
        "%%bash\nexport X=1\ntorchrun --nnodes=2 eval.py",
        ["x = 1  # !not a command\n", "out = !torchrun --nnodes=2 a.py\n", "! python b.py\n"],
    )
    launches = launches_in_notebook("notebooks/run.ipynb", _notebook(*sources))
    lines = {str(launch.script): launch.line for launch in launches}
    assert lines == {"../train.py": 2, "eval.py": 5, "a.py": 7, "b.py": 8}
    assert _launches(*sources) == {
        "../train.py": True,
        "eval.py": False,
        "a.py": False,
        "b.py": True,
    }


def test_a_continued_line_is_one_command() -> None:
    # IPython joins the lines `\` continues: `--nnodes=2` is torchrun's option here.
    cell = ["!torchrun --nproc_per_node=4 --master_port=29500 \\\n", "    --nnodes=2 train.py\n"]
    assert _launches(cell) == {"train.py": False}


def test_no_shell_variable_carries_from_one_command_to_the_next() -> None:
    # Each `!` line and shell cell runs in a fresh shell; `$NNODES` is the kernel's Python
    # name there (2 below), which is unknown: the launch may span nodes.
    sources = (
        "%%bash\nNNODES=1\ntorchrun --nnodes=$NNODES a.py",
        "NNODES = 2",
        "!torchrun --nnodes=$NNODES b.py",
    )
    assert _launches(*sources) == {"a.py": True, "b.py": False}


def test_cell_magics_that_run_a_shell_or_write_a_script() -> None:
    assert _launches("%%shell\ntorchrun --nnodes=2 a.py") == {"a.py": False}
    assert _launches("\n%%capture out\n%%bash\ntorchrun --nnodes=2 a.py") == {"a.py": False}
    assert _launches("%%script /bin/bash\ntorchrun --nnodes=2 a.py") == {"a.py": False}
    assert _launches("%%writefile run.sh\ntorchrun --nnodes=2 a.py") == {"a.py": False}
    assert _launches("%%writefile notes.txt\ntorchrun --nnodes=2 a.py") == {}
    assert _launches("%%html\n<p>torchrun --nnodes=2 a.py</p>") == {}


def test_a_python_cell_that_runs_a_launcher_is_read_for_its_literals() -> None:
    cell = "import subprocess\nsubprocess.run('torchrun --nnodes=2 train.py', shell=True)\n"
    assert _launches(cell) == {"train.py": False}


def test_after_a_change_of_directory_a_one_node_launch_names_no_known_file() -> None:
    sources = ("%cd sub", "!torchrun --nproc_per_node=4 train.py", "!torchrun --nnodes=2 b.py")
    assert _launches(*sources) == {"b.py": False}


def test_no_notebook_gives_no_text_and_odd_text_does_not_raise() -> None:
    assert notebook_texts(b"not json") is None
    assert notebook_texts(b"[1, 2]") is None
    assert notebook_texts(b'{"cells": {"a": 1}}') is None
    assert notebook_texts(b"[" * 100_000) is None  # too deep for the parser
    assert _launches(["!torchrun a.py\n"], None, 5, [1, "!torchrun b.py"]) == {"a.py": True}
    assert launches_in_notebook("run.ipynb", _notebook(["!torchrun a.py\n"], kind="markdown")) == []
    # A lone surrogate from a JSON escape is replaced: the launch can be printed.
    data = b'{"cells": [{"cell_type": "code", "source": "!torchrun x.py --tag \\ud800"}]}'
    (launch,) = launches_in_notebook("run.ipynb", data)
    assert launch.describe().encode("utf-8")
