"""The `torchplace lint` command as users run it: exit codes, options, fixes, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.cli import main

BUGGY = "import torch\n\nx = torch.zeros(3).cuda()\ny = torch.zeros(3).cuda()  # noqa: TPL101\n"


def _write(directory: Path, name: str, text: str | bytes) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _lint(*args: str) -> int:
    return main(["lint", "--no-cache", "-q", "--preview", *args])  # BUGGY is a preview rule's


def test_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean = _write(tmp_path, "clean.py", "import torch\nx = torch.zeros(3)\n")
    buggy = _write(tmp_path, "buggy.py", BUGGY)
    assert _lint(str(clean)) == 0
    assert _lint(str(buggy)) == 1
    out = capsys.readouterr().out
    assert out.strip() == f"{buggy}:3:20: TPL101 " + out.split("TPL101 ", 1)[1].strip()
    assert _lint("--exit-zero", str(buggy)) == 0
    assert _lint(str(tmp_path / "missing.py")) == 2


def test_select_ignore_and_prefixes(tmp_path: Path) -> None:
    buggy = _write(tmp_path, "buggy.py", BUGGY)
    assert _lint("--ignore", "TPL1", str(buggy)) == 0
    assert _lint("--select", "TPL101", str(buggy)) == 1
    assert _lint("--select", "TPL2", str(buggy)) == 0
    assert _lint("--select", "NOPE1", str(buggy)) == 2


def test_pyproject_configuration(tmp_path: Path) -> None:
    buggy = _write(tmp_path, "pkg/buggy.py", BUGGY)
    _write(tmp_path, "pyproject.toml", '[tool.torchplace]\nignore = ["TPL101"]\n')
    assert _lint(str(buggy)) == 0
    _write(tmp_path, "pyproject.toml", '[tool.torchplace.per-file-ignores]\n"pkg/*" = ["TPL1"]\n')
    assert _lint(str(buggy)) == 0
    _write(tmp_path, "pyproject.toml", "[tool.torchplace]\nselcet = ['TPL1']\n")
    assert _lint(str(buggy)) == 2
    _write(tmp_path, "pyproject.toml", "[tool.torchplace\nbroken")
    assert _lint(str(buggy)) == 2


def test_bad_files_are_reported_and_do_not_stop_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path, "broken.py", "def f(:\n    x.cuda()\n")
    _write(tmp_path, "binary.py", b"\x00\x01\x02cuda")
    _write(tmp_path, "latin.py", "x = 'caf\xe9'.cuda()\n".encode("latin-1"))
    _write(
        tmp_path,
        "declared.py",
        "# -*- coding: latin-1 -*-\nx = 'caf\xe9'\ny = t.cuda()\n".encode("latin-1"),
    )
    _write(tmp_path, "z_buggy.py", BUGGY)
    assert _lint(str(tmp_path)) == 1
    out = capsys.readouterr().out
    grammar = f"Python {sys.version_info.major}.{sys.version_info.minor}"
    # The definition whose header does not parse is cut whole; the file holds nothing else.
    assert (
        f"broken.py:1:1: TPL001 2 lines not checked (lines 1-2): cannot parse with {grammar}" in out
    )
    assert "broken.py:2" not in out
    assert "binary.py:1:1: TPL001 File not checked: binary file" in out
    assert "latin.py:1:1: TPL001 File not checked: not UTF-8" in out
    assert "declared.py:3:7: TPL101" in out
    assert "z_buggy.py:3:20: TPL101" in out


def test_huge_file_is_skipped_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path, "pyproject.toml", "[tool.torchplace]\nmax-file-size = 100\n")
    _write(tmp_path, "big.py", "x = 1\n" * 100 + "y.cuda()\n")
    assert _lint(str(tmp_path)) == 1
    assert "larger than 100 bytes" in capsys.readouterr().out


def test_statistics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    buggy = _write(tmp_path, "buggy.py", BUGGY + "z = model.cuda()\n")
    assert _lint("--statistics", str(buggy)) == 1
    assert capsys.readouterr().out.split() == ["2", "TPL101", "cuda-call-without-device"]


def test_output_file_and_formats(tmp_path: Path) -> None:
    buggy = _write(tmp_path, "buggy.py", BUGGY)
    report = tmp_path / "report.json"
    assert _lint("--format", "json", "-o", str(report), str(buggy)) == 1
    assert [d["code"] for d in json.loads(report.read_text())] == ["TPL101"]


def test_cache_reuses_results_and_notices_changes(tmp_path: Path) -> None:
    buggy = _write(tmp_path, "buggy.py", BUGGY)
    cache = tmp_path / "cache"
    args = ["lint", "-q", "--preview", "--cache-dir", str(cache), str(buggy)]
    assert main(args) == 1
    assert list(cache.glob("lint-*.json"))
    assert main(args) == 1  # served from the cache
    buggy.write_text("import torch\nx = torch.zeros(3)\n", encoding="utf-8")
    assert main(args) == 0
    os.utime(buggy, (1, 1))  # mtime changes, content not: the hash decides
    assert main(args) == 0


def test_corrupt_cache_is_ignored(tmp_path: Path) -> None:
    buggy = _write(tmp_path, "buggy.py", BUGGY)
    cache = tmp_path / "cache"
    assert main(["lint", "-q", "--preview", "--cache-dir", str(cache), str(buggy)]) == 1
    for entry in cache.glob("lint-*.json"):
        entry.write_bytes(b"not a pickle")
    assert main(["lint", "-q", "--preview", "--cache-dir", str(cache), str(buggy)]) == 1


def test_many_files_use_worker_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for index in range(80):
        _write(tmp_path, f"m{index:02d}.py", BUGGY if index % 2 else "x = 1\n")
    assert _lint("--jobs", "2", str(tmp_path)) == 1
    out = capsys.readouterr().out
    assert out.count("TPL101") == 40
    assert out.splitlines() == sorted(out.splitlines())


def test_command_line_entry_point_runs(tmp_path: Path) -> None:
    buggy = _write(tmp_path, "buggy.py", BUGGY)
    result = subprocess.run(
        [sys.executable, "-m", "torchplace", "lint", "--no-cache", "--preview", str(buggy)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "Found 1 finding(s) in 1 file(s)." in result.stderr
    assert "Traceback" not in result.stderr


def test_rule_verb(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "TPL101"]) == 0
    out = capsys.readouterr().out
    assert "## What it does" in out and "Use instead" in out
    assert main(["rule", "TPL000"]) == 2
    assert main(["rule"]) == 0
    assert "TPL101" in capsys.readouterr().out


def test_unknown_verb_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "unknown verb" in capsys.readouterr().err


def test_line_numbers_match_the_parser_with_form_feeds(tmp_path: Path) -> None:
    """str.splitlines breaks at form feeds; Python's parser does not. Lines must agree."""
    from torchplace.lint import LintConfig, lint_source

    code = "import torch\n\x0c\nx = 1  # \x0c in a comment\ny = torch.zeros(3).cuda()\n"
    findings = lint_source(code, config=LintConfig(select=("TPL101",)))
    assert [(f.code, f.line) for f in findings] == [("TPL101", 4)]


def test_flake8_plugin_reports_our_codes(tmp_path: Path) -> None:
    """The `flake8.extension` entry point: `flake8 --select=TPL` runs torchplace's rules."""
    pytest.importorskip("flake8")
    # A default-tier rule: the plugin runs the default set (TPL101 is in preview).
    buggy = _write(
        tmp_path,
        "buggy.py",
        'from vllm import LLM\n\nllm = LLM(model="m", device_map="auto")\n',
    )
    result = subprocess.run(
        [sys.executable, "-m", "flake8", "--select=TPL", str(buggy)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.strip().splitlines() == [
        f"{buggy}:3:22: TPL301 `device_map=` is not a vLLM engine argument; use "
        "tensor_parallel_size"
    ]


def test_pre_commit_hooks_name_real_commands() -> None:
    """`.pre-commit-hooks.yaml` entries run `torchplace lint` with options that exist."""
    yaml = pytest.importorskip("yaml")
    root = Path(__file__).resolve().parents[2]
    hooks = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert {h["id"] for h in hooks} == {"torchplace-lint", "torchplace-lint-fix"}
    from torchplace.cli.lint import build_parser

    for hook in hooks:
        words = hook["entry"].split()
        assert words[:2] == ["torchplace", "lint"]
        build_parser().parse_args(words[2:])  # exits 2 on an unknown option


def test_summary_counts_unsafe_fixes_among_the_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 18: the summary read "N more with --unsafe-fixes" for findings already counted."""
    loads = _write(tmp_path, "load.py", "import torch\nstate = torch.load('w.pt')\n")
    assert main(["lint", "--no-cache", "--select", "TPL106", str(loads)]) == 1
    captured = capsys.readouterr()
    assert "TPL106 [*]" not in captured.out  # `[*]` is for safe fixes only
    assert "Found 1 finding(s) in 1 file(s). 1 of them have unsafe fixes" in captured.err
    assert "more with" not in captured.err


def _multi_node_project(root: Path, train: str) -> None:
    """`train.py` holding `train`, which the project launches on two nodes."""
    (root / "pyproject.toml").write_text("", encoding="utf-8")
    (root / "run.sh").write_text("torchrun --nnodes 2 train.py\n", encoding="utf-8")
    (root / "train.py").write_text(train, encoding="utf-8")


def test_fix_changes_only_what_the_run_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # TPL412's safe fix: the project's facts drop the line in a branch it never takes
    # (`USE_OLD = False`), so `--fix` must leave it, and not report it afterwards either.
    train = (
        "import os\n\nimport torch\nimport torch.distributed as dist\n\nUSE_OLD = False\n\n\n"
        "def main():\n    dist.init_process_group('nccl')\n"
        "    torch.cuda.set_device(int(os.environ['RANK']))\n"
        "    if USE_OLD:\n        torch.cuda.set_device(int(os.environ['RANK']))\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    _multi_node_project(tmp_path, train)
    assert main(["lint", "--no-cache", str(tmp_path)]) == 1
    assert ":11:" in capsys.readouterr().out  # the reported line; not line 13
    assert main(["lint", "--no-cache", "--fix", str(tmp_path)]) == 0
    lines = (tmp_path / "train.py").read_text(encoding="utf-8").splitlines()
    assert "LOCAL_RANK" in lines[10] and "LOCAL_RANK" not in lines[12], lines[10:13]
    assert "TPL412" not in capsys.readouterr().out


def test_fix_reads_the_facts_of_the_file_as_each_pass_leaves_it(tmp_path: Path) -> None:
    # The unsafe fixes delete two lines first: the line in the branch never taken (USE_OLD)
    # then sits where a reported one was, and must still be left; a finding a fix moves
    # along its line is still listed after.
    train = (
        "import os\n\nimport torch\nimport torch.distributed as dist\nfrom vllm import LLM\n\n"
        "USE_NEW = True\nUSE_OLD = False\n\n\ndef main():\n    dist.init_process_group('nccl')\n"
        "    llm = LLM(\n        model='x',\n        device_map='auto',\n    )\n"
        "    llm2 = LLM(\n        model='y',\n        device_map='auto',\n    )\n"
        "    if USE_NEW:\n        torch.cuda.set_device(int(os.environ['RANK']))\n"
        "    if USE_OLD:\n        torch.cuda.set_device(int(os.environ['RANK']))\n"
        "        llm3 = LLM(model='z', device_map='auto')\n"
        "    dev = torch.device('cuda', dist.get_rank())\n"
        "    torch.cuda.set_device(int(os.environ['RANK'])); dev = torch.device('cuda', dev)\n"
        "    return llm, llm2, dev\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    _multi_node_project(tmp_path, train)
    out = tmp_path / "after.json"
    args = ["lint", "--no-cache", "--fix", "--unsafe-fixes", "--format", "json"]
    assert main([*args, "--output", str(out), str(tmp_path)]) == 1
    text = (tmp_path / "train.py").read_text(encoding="utf-8")
    old_branch = text[text.index("if USE_OLD:") : text.index("    dev =")]
    assert "['RANK']" in old_branch and "device_map" in old_branch, old_branch
    assert "device_map" not in text[: text.index("if USE_OLD:")]
    left = json.loads(out.read_text(encoding="utf-8"))
    # Left: `torch.device('cuda', dist.get_rank())`, which has no fix, as a run lists it.
    assert [(f["code"], f["location"]["line"]) for f in left] == [("TPL412", 24)], left
    assert main(["lint", "--no-cache", "-q", str(tmp_path)]) == 1
