"""Cases the fixture files do not show well: candidate coverage, fixes at the edges of a call,
alias resolution, and the shared candidate object."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig, lint_paths, lint_source
from torchplace.lint.fix import apply_fixes
from torchplace.lint.registry import all_rules
from torchplace.lint.rule import AnyOf

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("TPL*.py"))


def _lint(code: str, rule: str) -> list[int]:
    return [f.line for f in lint_source(code, config=LintConfig(select=(rule,))) if f.code == rule]


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_findings_do_not_depend_on_which_other_rules_run(fixture: Path) -> None:
    """Other rules' candidate lines widen what gets walked; a rule must flag the same lines
    whether it runs alone or with every rule (its own candidate covers what it needs)."""
    text = fixture.read_text(encoding="utf-8")
    every = tuple(r.code for r in all_rules())
    together = lint_source(text, config=LintConfig(select=every))
    for rule in all_rules():
        alone_findings = lint_source(text, config=LintConfig(select=(rule.code,)))
        alone = {(f.line, f.column) for f in alone_findings}
        # Less the places a rule that takes over this one's sites flags (TPL412 of TPL402).
        takers = {r.code for r in all_rules() if r.takes_sites_of == rule.code}
        taken = {(f.line, f.column) for f in together if f.code in takers}
        assert alone - taken == {(f.line, f.column) for f in together if f.code == rule.code}, (
            rule.code
        )


def test_any_of_scans_a_text_once_and_keeps_order_of_parts() -> None:
    candidate = AnyOf(r"b+", r"a")
    text = "a bb a"
    assert [m.group(0) for m in candidate.finditer(text)] == ["bb", "a", "a"]
    first = candidate.search(text)
    assert first is not None and first.group(0) == "bb"
    assert candidate.search("nothing here") is None


def test_aliases_are_resolved() -> None:
    code = (
        "import torch as th\n"
        "from torch import arange\n"
        "class M(th.nn.Module):\n"
        "    def forward(self, x):\n"
        "        return x + th.zeros(2) + arange(2)\n"
    )
    assert _lint(code, "TPL201") == [5, 5]


def test_factory_with_space_before_parenthesis_is_not_a_candidate() -> None:
    code = "import torch\nclass M:\n    def forward(self, x):\n        return torch.zeros (2)\n"
    assert _lint(code, "TPL201") == []


def test_remove_device_map_keeps_comments_and_commas() -> None:
    code = (
        "from vllm import LLM\n"
        "llm = LLM(\n"
        "    model=path,  # the policy\n"
        "    device_map='auto',\n"
        ")\n"
    )
    config = LintConfig(select=("TPL301",))
    outcome = apply_fixes("x.py", code, lint_source(code, config=config), unsafe=True)
    assert outcome.fixed == "from vllm import LLM\nllm = LLM(\n    model=path,  # the policy\n)\n"


def test_insert_keyword_after_star_arguments() -> None:
    code = "import torch\nstate = torch.load(*args)\n"
    assert _lint(code, "TPL106") == []
    code = "import torch\nstate = torch.load(path, weights_only=True,)\n"
    config = LintConfig(select=("TPL106",))
    outcome = apply_fixes("x.py", code, lint_source(code, config=config), unsafe=True)
    assert outcome.fixed.endswith('torch.load(path, weights_only=True, map_location="cpu",)\n')


def test_global_rank_fix_is_safe_and_only_for_environment_reads() -> None:
    code = (
        "import os, torch\n"
        "import torch.distributed as dist\n"
        "torch.cuda.set_device(int(os.environ['RANK']))\n"
        "torch.cuda.set_device(dist.get_rank())\n"
    )
    findings = lint_source(code, config=LintConfig(select=("TPL402",)))
    assert [f.line for f in findings] == [3, 4]
    assert findings[0].fix is not None and findings[0].fix.safety.value == "safe"
    assert findings[1].fix is None


def test_thread_target_method_and_executor_assigned_to_a_name() -> None:
    code = (
        "import torch\n"
        "from concurrent.futures import ThreadPoolExecutor\n"
        "class Loader:\n"
        "    def _work(self, batch):\n"
        "        return batch.to('cuda', non_blocking=True)\n"
        "    def run(self, batches):\n"
        "        pool = ThreadPoolExecutor(2)\n"
        "        return [pool.submit(self._work, b) for b in batches]\n"
    )
    assert _lint(code, "TPL403") == [8]


@pytest.mark.parametrize(
    ("at_import", "flagged"),
    [
        ("torch.cuda.is_available()", True),  # fixes the visible GPUs (measured on an H200)
        ("torch.cuda.device_count()", False),  # counts through NVML before CUDA starts
    ],
)
def test_cuda_visible_devices_in_module_after_import_time_cuda_use(
    at_import: str, flagged: bool
) -> None:
    code = (
        "import os, torch\n"
        f"N = {at_import}\n"
        "def main():\n"
        "    os.environ['CUDA_VISIBLE_DEVICES'] = '1'\n"
    )
    assert _lint(code, "TPL404") == ([4] if flagged else [])


def test_noisy_rule_is_off_by_default() -> None:
    code = "import torch\nworld_size = torch.cuda.device_count()\n"
    assert all(f.code != "TPL901" for f in lint_source(code))


@pytest.mark.parametrize(
    ("path", "flagged"),
    [
        ("pkg/model.py", True),
        ("tests/models/test_model.py", False),
        ("pkg/test_kernels.py", False),
        ("benchmarks/attention.py", False),
        ("pkg/conftest.py", False),
        ("pkg/testing_utils.py", True),
        # mmdet-style speed tools (UniAD's tools/analysis_tools/benchmark.py); a
        # `*_benchmark.py` may be a multi-process run (FasterTransformer's perf_benchmark.py
        # under MPI, where a global rank as the device is a real bug)
        ("tools/analysis_tools/benchmark.py", False),
        ("tools/perf_benchmark.py", True),
        ("pkg/benchmarking.py", True),
        ("pkg/benchmarks.py", True),
    ],
)
def test_hardcoded_device_rules_are_off_in_tests_and_benchmarks(path: str, flagged: bool) -> None:
    code = 'import torch\nx = torch.zeros(3, device="cuda:0")\n'
    found = [f.code for f in lint_source(code, path, LintConfig(select=("TPL103",)))]
    assert found == (["TPL103"] if flagged else [])


# flsim's `utils/test_utils.py`: a toy module of its CPU unit tests keeps a plain tensor
# (fresh-95, judged FALSE). The forward family skips tests: a test picks its one device.
TOY_MODULE = """\
import torch
from torch import nn


class Quadratic1D(nn.Module):
    def __init__(self):
        super().__init__()
        self.x = nn.Parameter(torch.zeros(1))
        self.y = torch.tensor([4.0])

    def forward(self):
        return (self.x - self.y) ** 2
"""


@pytest.mark.parametrize(
    ("path", "flagged"), [("pkg/model.py", True), ("pkg/test_utils.py", False)]
)
def test_tpl203_is_off_in_tests(path: str, flagged: bool) -> None:
    config = LintConfig(select=("TPL203",), preview=True)
    found = [f.code for f in lint_source(TOY_MODULE, path, config)]
    assert found == (["TPL203"] if flagged else [])


def test_tpl108_leaves_a_module_named_for_xla_and_a_file_saving_with_xm_save_alone() -> None:
    fixture = Path(__file__).parent / "fixtures" / "TPL108_accelerator_branch.py"
    resume = fixture.read_text(encoding="utf-8")
    config = LintConfig(select=("TPL108",))
    assert [f.line for f in lint_source(resume, "pkg/checkpointing.py", config)] == [15, 18]
    # lightning's strategies/xla.py: every checkpoint there is written by xm.save
    assert lint_source(resume, "pkg/strategies/xla.py", config) == []
    saved_by_xm = resume + "\n\ndef save(state, path):\n    xm.save(state, path)\n"
    assert lint_source(saved_by_xm, "pkg/checkpointing.py", config) == []


@pytest.mark.parametrize(
    ("imported", "flagged"),
    [("fastchat.constants", False), ("pkg.utils", True), (".utils", True)],
)
def test_tpl404_project_import_is_a_module_of_the_files_package_tree(
    tmp_path: Path, imported: str, flagged: bool
) -> None:
    # `pkg/serving/fastchat/worker.py`: an absolute `fastchat.constants` names a directory
    # above the file, but no such module lies there: it is the outside `fastchat` package,
    # which says nothing of CUDA here. `pkg.utils` and `.utils` are the project's, and ask
    # CUDA when imported.
    package = tmp_path / "pkg" / "serving" / "fastchat"
    package.mkdir(parents=True)
    for directory in (package, package.parent, package.parent.parent):
        (directory / "__init__.py").write_text("")
    asks_cuda = "import torch\nX = torch.cuda.is_available()\n"
    (tmp_path / "pkg" / "utils.py").write_text(asks_cuda)
    (package / "utils.py").write_text(asks_cuda)
    worker = package / "worker.py"
    worker.write_text(
        "import os\nimport torch\n"
        f"from {imported} import X\n"
        "if __name__ == '__main__':\n"
        "    os.environ['CUDA_VISIBLE_DEVICES'] = '1'\n"
    )
    config = LintConfig(select=("TPL404",), preview=True)
    found = [f.line for f in lint_paths([str(worker)], config) if f.code == "TPL404"]
    assert found == ([5] if flagged else [])


def test_tpl404_a_loose_script_goes_by_the_directories_above_it(tmp_path: Path) -> None:
    # No `__init__.py` beside it (a script copied out of its repository): an import named
    # after a directory above it is taken as the project's; any other is not.
    script = tmp_path / "smal_fitter" / "neural" / "main.py"
    script.parent.mkdir(parents=True)
    body = "if __name__ == '__main__':\n    os.environ['CUDA_VISIBLE_DEVICES'] = '1'\n"
    config = LintConfig(select=("TPL404",), preview=True)
    for imported, flagged in (("smal_fitter.neural.data", True), ("fastchat.constants", False)):
        script.write_text(f"import os\nimport torch\nfrom {imported} import X\n{body}")
        found = [f.line for f in lint_paths([str(script)], config) if f.code == "TPL404"]
        assert found == ([5] if flagged else [])


def test_tests_are_told_within_the_project_not_by_the_directories_above(tmp_path: Path) -> None:
    # A checkout cloned under `~/test/` (or a CI directory `/builds/bench/...`): its own
    # modules are no tests, its `tests/` directory is.
    project = tmp_path / "test" / "proj"
    (project / ".git").mkdir(parents=True)
    (project / "tests").mkdir()
    for name in ("model.py", "tests/model.py"):
        (project / name).write_text(TOY_MODULE, encoding="utf-8")
    config = LintConfig(select=("TPL203",), preview=True)
    found = sorted(
        Path(f.path).relative_to(project).as_posix() for f in lint_paths([str(project)], config)
    )
    assert found == ["model.py"]
    # A project nested in the outer one's `benchmarks/` (its own `pyproject.toml`, or a
    # submodule's `.git` file) is judged within the outer one.
    nested = project / "benchmarks" / "mlperf"
    nested.mkdir(parents=True)
    (nested / ".git").write_text("gitdir: ../../.git/modules/mlperf\n", encoding="utf-8")
    (nested / "model.py").write_text(TOY_MODULE, encoding="utf-8")
    found = sorted(
        Path(f.path).relative_to(project).as_posix() for f in lint_paths([str(project)], config)
    )
    assert found == ["model.py"]
