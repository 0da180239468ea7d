"""TPL402 leaves the `__main__` block of a package module no launch text runs: a self-test
run by hand on one machine (miles-credit's `credit/models/reset.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.lint.project_tree import GLOBAL_RANK_RULES

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

MODULE = """\
import torch
import torch.distributed as dist


def place(model):
    return model.to(dist.get_rank())


if __name__ == "__main__":
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    model = torch.nn.Linear(2, 2).to(rank)
"""
#: The project runs another script of its own, which imports the module, over two nodes.
README = "```\ntorchrun --nnodes 2 --nproc_per_node 8 train.py\n```\n"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _tpl402(project: Path) -> list[str]:
    config = LintConfig(select=GLOBAL_RANK_RULES, preview=True)
    lint_run = run([str(project)], config, cache_dir=None, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings]


def _project(root: Path, module: str = MODULE, package: bool = True, readme: str = README) -> Path:
    _write(root / "setup.py", "")
    _write(root / "train.py", "import credit.reset\n")
    if package:
        _write(root / "credit" / "__init__.py", "")
    _write(root / "credit" / "reset.py", module)
    _write(root / "README.md", readme)
    return root


def test_a_package_modules_self_test_is_left_and_its_functions_are_not(tmp_path: Path) -> None:
    assert _tpl402(_project(tmp_path)) == ["reset.py:6"]


def test_a_script_outside_a_package_is_how_the_project_runs(tmp_path: Path) -> None:
    assert _tpl402(_project(tmp_path, package=False)) == ["reset.py:6", "reset.py:12"]
    # Nor does an `__init__.py` at the root make the project's scripts a package's modules.
    root = tmp_path / "rooted"
    _write(root / "__init__.py", "")
    _write(root / "setup.py", "")
    _write(root / "train.py", "import reset\n")
    _write(root / "reset.py", MODULE)
    _write(root / "README.md", README)
    assert _tpl402(root) == ["reset.py:6", "reset.py:12"]


@pytest.mark.parametrize(
    ("readme", "change"),
    [
        # The project launches it, over nodes.
        ("```\ntorchrun --nnodes 2 --nproc_per_node 8 -m credit.reset\n```\n", None),
        # A launch over nodes whose script cannot be read may run it.
        ("```\ntorchrun --nnodes 4 --nproc_per_node 8 -m $MODULE\n```\n", None),
        # No launch text read: nothing says how the project runs.
        ("", None),
        # Its code names a node setting.
        (README, ("    rank = dist.get_rank()", "    rank = dist.get_rank()  # SLURM_PROCID")),
        # Or takes the rank modulo the GPU count: more ranks than GPUs expected.
        (
            README,
            (
                "    rank = dist.get_rank()",
                "    rank = dist.get_rank()\n    g = rank % torch.cuda.device_count()",
            ),
        ),
        # Its own comment launches it over nodes, as a module.
        (README, ('if __name__ == "__main__":', "# srun -N 2 python -m credit.reset\nif True:")),
        # The block sets up a rendezvous that may join hosts.
        (README, ('    dist.init_process_group("gloo")', '    addr = os.environ["MASTER_ADDR"]')),
    ],
)
def test_a_module_that_may_run_over_nodes_keeps_its_findings(
    tmp_path: Path, readme: str, change: tuple[str, str] | None
) -> None:
    module = MODULE if change is None else MODULE.replace(*change)
    if change is not None and change[1].startswith("# srun"):
        module = MODULE.replace(
            'if __name__ == "__main__":',
            '# srun -N 2 python -m credit.reset\nif __name__ == "__main__":',
        )
    found = _tpl402(_project(tmp_path, module, readme=readme))
    assert len(found) == 2 and found[0] == "reset.py:6"


def test_the_else_arm_of_the_guard_runs_on_import(tmp_path: Path) -> None:
    module = MODULE + "else:\n    device = torch.device('cuda', dist.get_rank())\n"
    assert _tpl402(_project(tmp_path, module)) == ["reset.py:6", "reset.py:14"]
