"""The linter never ends with a traceback of ours: inputs that once crashed a rule or the project
facts, and a rule that raises (a bug of ours) reported as an internal error while the run goes
on with the other rules and files, exit code 2."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from torchplace.cli import main
from torchplace.lint import LintConfig, lint_source
from torchplace.lint.context import FileContext
from torchplace.lint.project_callers import DEVICE_GUARD
from torchplace.lint.project_facts import facts_of_text, read_facts
from torchplace.lint.rules.hardcoded.cuda_call_without_device import CudaCallWithoutDevice
from torchplace.report import Finding

EXECUTOR_RUNS_SELF = """\
import torch
from concurrent.futures import ThreadPoolExecutor

class Worker:
    def __init__(self, rank):
        torch.cuda.set_device(rank)
        self._pool = ThreadPoolExecutor(2)

    def go(self):
        return self._pool.submit(self)

    def run(self):
        self.go()
"""
UNHASHABLE_TIED_KEY = """\
from torch import nn
from transformers import PreTrainedModel

class M(PreTrainedModel):
    _tied_weights_keys = {[]: 1}
    def __init__(self, c):
        self.layers = nn.ModuleList()
        self.decoder = M(c)
    def forward(self, h):
        for layer in self.layers:
            h = layer(h)
        return h
"""


def _deep_set_device(terms: int) -> str:
    return "import torch\ntorch.cuda.set_device(local_rank" + " + a" * terms + ")\n"


@pytest.mark.parametrize(
    "code", [EXECUTOR_RUNS_SELF, UNHASHABLE_TIED_KEY], ids=["submit-self", "tied-keys"]
)
def test_inputs_that_crashed_a_rule_are_linted(code: str) -> None:
    findings = lint_source(code, "probe.py", LintConfig(preview=True))
    assert all(f.code not in {"TPL001", "TPL002"} for f in findings)


def test_a_submitted_self_is_no_argument_of_the_callers() -> None:
    # `submit(self)` forwards the method's bound parameter: no argument of `self.go()` gives
    # it (it used to read `call.args[-1]`, the last argument, or raise IndexError).
    code = EXECUTOR_RUNS_SELF.replace("self.go()", "self.go(_bound)") + (
        "\n\ndef _bound():\n    torch.cuda.set_device(0)\n"
    )
    codes = [f.code for f in lint_source(code, "probe.py", LintConfig(preview=True))]
    assert "TPL409" in codes  # the work (the object itself) is unknown: not a bound worker


@pytest.mark.parametrize("terms", [400, 3000])  # deep for `ast.unparse`; for `ast.parse`
def test_lint_source_on_a_deep_set_device_call(terms: int) -> None:
    code = _deep_set_device(terms)
    # Not read whole: whether it binds a GPU is unknown, never "binds no GPU".
    assert facts_of_text("deep.py", code).binds_gpu_per_process is None
    lint_source(code, "deep.py", LintConfig(extend_select=("TPL902",)))


def test_a_file_the_project_facts_cannot_read_leaves_them_unknown(tmp_path: Path) -> None:
    project = tmp_path / "lib"
    (project / "lib").mkdir(parents=True)
    (project / "pyproject.toml").write_text("")
    (project / "lib" / "ops.py").write_text("import torch\n")
    big = project / "lib" / "big.py"
    big.write_text("import torch\n" + "# padding\n" * 200 + "torch.cuda.set_device(rank)\n")
    assert read_facts(str(project)).binds_gpu_per_process is True
    # Over the user's max-file-size: not read, so "binds no GPU" is not known.
    assert read_facts(str(project), max_file_bytes=1000).binds_gpu_per_process is None
    big.write_text("import torch\n")
    assert read_facts(str(project), max_file_bytes=1000).binds_gpu_per_process is False


@pytest.mark.parametrize(
    ("code", "guard"),
    [
        ("with torch.cuda.device(i):", True),
        ("with torch_gpu_device(x.device):", True),
        ("with _triton_device_context(x):", True),
        ("with torch.cuda.current_device():", False),
        ("with lock_for_device(d):", False),
        ("with x.get_device():", False),
    ],
)
def test_device_guard_matches_whole_names(code: str, guard: bool) -> None:
    assert bool(DEVICE_GUARD.search(code)) is guard


BUGGY = 'import torch\n\nx = torch.zeros(3).cuda()\ny = torch.zeros(3, device="cuda")\n'


def test_a_rule_that_raises_is_reported_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    original = CudaCallWithoutDevice.check

    def check(self: CudaCallWithoutDevice, ctx: FileContext) -> Iterator[Finding]:
        if ctx.source.path.endswith("broken.py"):
            node = ctx.tree.body[1]  # the rule was looking at line 3
            raise KeyError(f"no device for {type(node).__name__}")
        return original(self, ctx)

    monkeypatch.setattr(CudaCallWithoutDevice, "check", check)
    broken = tmp_path / "broken.py"
    broken.write_text(BUGGY)
    (tmp_path / "fine.py").write_text(BUGGY)
    status = main(["lint", "--no-cache", "--preview", "--format", "text", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 2  # not 1: the result is not complete
    lines = captured.out.splitlines()
    assert (
        f"TPL002 internal error: rule TPL101 failed on {broken}:3: KeyError: "
        "'no device for Assign' (please report)"
    ) in "\n".join(lines)
    # The other rules on the same file, and the same rule on the other file, still ran.
    assert any("broken.py:4:" in line and "TPL105" in line for line in lines)
    assert any("fine.py:3:" in line and "TPL101" in line for line in lines)
    assert "internal error" in captured.err
    # --exit-zero forgives findings, not an incomplete result.
    assert main(["lint", "--no-cache", "-q", "--preview", "--exit-zero", str(tmp_path)]) == 2


def test_the_whole_file_is_parsed_once_for_all_executors(monkeypatch: pytest.MonkeyPatch) -> None:
    import ast

    # Twenty executors whose work (through `go`) binds its own GPU: each is followed
    # into the whole class, and the file is parsed whole once for all of them.
    body = EXECUTOR_RUNS_SELF.split("\n", 2)[2]
    body = body.replace("go(self)", "go(self, fn)").replace("submit(self)", "submit(fn)")
    body = body.replace("self.go()", "self.go(_bound)") + "\n"
    workers = "".join(body.replace("Worker", f"Worker{i}") for i in range(20))
    code = "import torch\nfrom concurrent.futures import ThreadPoolExecutor\n" + workers
    code += "\ndef _bound():\n    torch.cuda.set_device(0)\n"
    parses = []
    real_parse = ast.parse

    def counting_parse(*args: object, **kwargs: object) -> ast.AST:
        parses.append(1)
        return real_parse(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", counting_parse)
    findings = lint_source(code, "workers.py", LintConfig(preview=True))
    assert not [f for f in findings if f.code in {"TPL001", "TPL002", "TPL409"}]
    assert len(parses) <= 3  # the pruned text, the whole file once, the project facts


def test_an_engine_failure_ends_one_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import torchplace.lint.engine as engine

    original = engine.FileContext

    def context(source: object, *args: object, **kwargs: object) -> FileContext:
        if str(getattr(source, "path", "")).endswith("broken.py"):
            raise ValueError("bad layout")
        return original(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "FileContext", context)
    (tmp_path / "broken.py").write_text(BUGGY)
    (tmp_path / "fine.py").write_text(BUGGY)
    status = main(["lint", "--no-cache", "--preview", "--format", "json", str(tmp_path)])
    found = json.loads(capsys.readouterr().out)
    assert status == 2
    codes = {(Path(f["path"]).name, f["code"]) for f in found}
    assert ("broken.py", "TPL002") in codes and ("fine.py", "TPL101") in codes
    (error,) = [f for f in found if f["code"] == "TPL002"]
    assert "internal error: torchplace failed on" in error["message"]
    assert "ValueError: bad layout (please report)" in error["message"]
