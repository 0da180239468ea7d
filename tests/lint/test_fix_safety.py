"""`lint --fix` never corrupts a source file: fixes come from the bytes being written over,
concurrent runs take turns, the result is checked, and the file keeps its mode, owner, links
and byte-order mark."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from torchplace.cli import main
from torchplace.cli.lint import fix_text
from torchplace.lint.config import LintConfig
from torchplace.lint.engine import Linter
from torchplace.lint.fix_verify import refusal
from torchplace.lint.registry import all_rules
from torchplace.lint.source import SourceFile

LOAD = "import torch\n\nstate = torch.load(path)\n"
LOAD_FIXED = 'import torch\n\nstate = torch.load(path, map_location="cpu")\n'
FORWARD = (
    "import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n"
    "    def forward(self, x):\n        return x + torch.arange(4)\n"
)


def _fix(*paths: Path, extra: tuple[str, ...] = ()) -> int:
    return main(
        [
            "lint",
            "--preview",
            "--no-cache",
            "-q",
            "--fix",
            "--unsafe-fixes",
            *extra,
            *map(str, paths),
        ]
    )


def _expected(tmp_path: Path, text: str) -> str:
    reference = tmp_path / "reference" / "r.py"
    reference.parent.mkdir(exist_ok=True)
    reference.write_text(text, encoding="utf-8")
    _fix(reference)
    return reference.read_text(encoding="utf-8")


def test_fix_writes_the_intended_change(tmp_path: Path) -> None:
    source = tmp_path / "a.py"
    source.write_text(LOAD, encoding="utf-8")
    assert _fix(source) == 0
    assert source.read_text(encoding="utf-8") == LOAD_FIXED


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another owner needs root")
def test_fix_keeps_mode_and_owner(tmp_path: Path) -> None:
    source = tmp_path / "a.py"
    source.write_text(LOAD, encoding="utf-8")
    os.chmod(source, 0o640)
    os.chown(source, 12345, 23456)
    assert _fix(source) == 0
    status = source.stat()
    assert (status.st_mode & 0o7777, status.st_uid, status.st_gid) == (0o640, 12345, 23456)
    assert source.read_text(encoding="utf-8") == LOAD_FIXED


def test_fix_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "model.py"
    target.write_text(LOAD, encoding="utf-8")
    link = tmp_path / "link.py"
    link.symlink_to(target)
    assert _fix(link) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == LOAD_FIXED


def test_fix_keeps_hard_links_together(tmp_path: Path) -> None:
    first = tmp_path / "a.py"
    first.write_text(LOAD, encoding="utf-8")
    second = tmp_path / "b.py"
    os.link(first, second)
    assert _fix(first) == 0
    assert second.read_text(encoding="utf-8") == LOAD_FIXED
    assert first.stat().st_nlink == 2 and first.stat().st_ino == second.stat().st_ino


def test_read_only_file_is_left_alone_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "a.py"
    source.write_text(LOAD, encoding="utf-8")
    os.chmod(source, 0o444)
    assert _fix(source) == 1
    assert source.read_text(encoding="utf-8") == LOAD
    assert "read-only" in capsys.readouterr().err


def test_a_file_with_a_byte_order_mark_is_fixed_and_keeps_it(tmp_path: Path) -> None:
    source = tmp_path / "a.py"
    source.write_bytes(b"\xef\xbb\xbf" + LOAD.encode())
    assert _fix(source) == 0
    assert source.read_bytes() == b"\xef\xbb\xbf" + LOAD_FIXED.encode()


def test_fix_uses_the_file_as_it_is_when_fixed_not_as_it_was_linted(tmp_path: Path) -> None:
    """Same size, same mtime, other content: the first pass's edits must not be applied."""
    from torchplace.cli import lint as lint_cli
    from torchplace.lint.runner import run

    source = tmp_path / "a.py"
    source.write_text(LOAD, encoding="utf-8")
    config = LintConfig(root=tmp_path)
    linted = run([str(source)], config)
    status = source.stat()
    other = 'print("hello")  # the user edited this line meanwhile.'
    other = other + "#" * (len(LOAD) - len(other) - 1) + "\n"
    source.write_text(other, encoding="utf-8")
    os.utime(source, ns=(status.st_atime_ns, status.st_mtime_ns))
    lint_cli._fix(linted, config, unsafe=False, write=True)
    assert source.read_text(encoding="utf-8") == other


def test_verification_refuses_repeated_keywords_and_changes_elsewhere() -> None:
    before = SourceFile("a.py", "y = f(a)\nz = g(b)\n")
    insert = [(7, 7, ", k=1")]
    assert refusal(before, "y = f(a, k=1)\nz = g(b)\n", insert) is None
    assert "repeat" in (refusal(before, "y = f(a, k=1, k=1)\nz = g(b)\n", insert) or "")
    assert "outside" in (refusal(before, "y = f(a, k=1)\n\nz = g(b)\n", insert) or "")
    assert "outside" in (refusal(before, "f(a)\nz = g(b)\n", [(0, 4, "")]) or "")
    assert "outside" in (refusal(before, "y = f(a, k=1)\nz = g(b)\nw = 1\n", insert) or "")
    assert "parse" in (refusal(before, "y = f(a, k=1\nz = g(b)\n", insert) or "")


def test_concurrent_fix_runs_fix_every_file_exactly_once(tmp_path: Path) -> None:
    expected = _expected(tmp_path, FORWARD + "\n\n" + LOAD.replace("import torch\n\n", ""))
    tree = tmp_path / "tree"
    tree.mkdir()
    files = [tree / f"m{index:03d}.py" for index in range(60)]
    for path in files:
        path.write_text(FORWARD + "\n\n" + LOAD.replace("import torch\n\n", ""), encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "torchplace",
        "lint",
        "--preview",
        "--no-cache",
        "-q",
        "--fix",
        "--unsafe-fixes",
        "-j",
        "1",
    ]
    runs = [
        subprocess.Popen([*command, str(tree)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(2)
    ]
    for process in runs:
        _, err = process.communicate(timeout=120)
        assert b"Traceback" not in err
    assert [p.read_text(encoding="utf-8") for p in files] == [expected] * len(files)
    assert not list(tree.glob(".*.tmp"))


def test_kill_during_fix_never_leaves_a_half_written_file(tmp_path: Path) -> None:
    body = LOAD + "".join(f"value_{i} = {i}\n" for i in range(3000))
    fixed = body.replace("torch.load(path)", 'torch.load(path, map_location="cpu")')
    files = [tmp_path / f"m{index:03d}.py" for index in range(80)]
    command = [
        sys.executable,
        "-m",
        "torchplace",
        "lint",
        "--preview",
        "--no-cache",
        "-q",
        "--fix",
        "--unsafe-fixes",
        "-j",
        "1",
    ]
    for delay in (0.6, 0.9, 1.2):
        for path in files:
            path.write_text(body, encoding="utf-8")
        process = subprocess.Popen([*command, str(tmp_path)], stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        for path in files:
            assert path.read_text(encoding="utf-8") in (body, fixed)


_SNIPPETS = [
    "state = torch.load(path)\n",
    "state = torch.load(path, weights_only=True)\n",
    'llm = LLM(model=name, device_map="auto")\n',
    'torch.cuda.set_device(int(os.environ["RANK"]))\n',
    "x = torch.zeros(3).cuda()\n",
    "y = 1\n",
    "class M(nn.Module):\n    def forward(self, h):\n        return h * torch.ones(2)\n",
]
_HEADER = "import os\nimport torch\nfrom torch import nn\nfrom vllm import LLM\n\n"
_LINTER = Linter(LintConfig().enabled_rules(all_rules()), LintConfig())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_SNIPPETS), min_size=1, max_size=8), st.booleans())
def test_fix_is_idempotent(snippets: list[str], unsafe: bool) -> None:
    original = _HEADER + "".join(snippets)
    once, _ = fix_text(_LINTER, "snippet.py", original, unsafe)
    twice, _ = fix_text(_LINTER, "snippet.py", once.fixed, unsafe)
    assert once.rejected_reason is None
    assert twice.fixed == once.fixed
