"""Bad input to every verb, through the command line as a user or an attacker would give it:
missing files, directories for files, binary and non-UTF-8 files, empty files, absurd numbers,
terminal escape codes, an alias bomb, a backtracking log line.

Each case runs in its own process under a time limit and must end with the expected exit code
(2 for a usage error), one clear message, no traceback, no raw escape sequence on the terminal.
The cases run concurrently in one fixture (most of the time is interpreter start-up), so the
whole file takes well under 30 s. The large versions live in `benchmarks/hostile/run.py`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ESC = "\x1b]0;owned\x07\x1b]52;c;cGF5bG9hZA==\x07"
USAGE = frozenset({2})
NONZERO = frozenset({1, 2})
ANY_CLEAN = frozenset({0, 1, 2})


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]  # after `python -m torchplace`; `{d}` is the inputs directory
    exit_codes: frozenset[int] = USAGE
    timeout: float = 20.0
    module: str = "torchplace"
    owner: str | None = None  # the area whose fix this case waits for, if it fails here


@dataclass
class Outcome:
    returncode: int | None
    stdout: str = ""
    stderr: str = ""
    seconds: float = 0.0
    timed_out: bool = False
    extra: dict[str, str] = field(default_factory=dict)


def _inputs(directory: Path) -> None:
    (directory / "a_dir").mkdir()
    (directory / "binary.py").write_bytes(b"\x00\x01\x02\xff\xfe binary")
    (directory / "latin1.py").write_bytes(b'x = "\xff\xfe"\n')
    (directory / "empty.py").write_text("", encoding="utf-8")
    (directory / "empty.log").write_text("", encoding="utf-8")
    (directory / "binary.log").write_bytes(bytes(range(256)) * 16)
    (directory / f"name{ESC}.py").write_text("import torch\nx = torch.ones(1).cuda()\n")
    (directory / "escapes.log").write_text(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        f"devices, cuda:0 and cpu! {ESC}\n",
        encoding="utf-8",
    )
    (directory / "backtrack.log").write_text(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cpu! (when checking argument for argument mat1 in method "
        "wrapper_CompositeX" + "_" * 300 + "x\n",
        encoding="utf-8",
    )
    (directory / "latin1.yaml").write_bytes(b"tensor-parallel-size: 2\nmodel: \xff\xfe\n")
    (directory / "deep.yaml").write_text("a: " + "[" * 50_000 + "]" * 50_000 + "\n")
    bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        bomb.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
    (directory / "bomb.yaml").write_text("\n".join(bomb) + "\n", encoding="utf-8")
    (directory / "tp.yaml").write_text("tensor-parallel-size: -8\n", encoding="utf-8")
    model = directory / "negative-model"
    model.mkdir()
    (model / "config.json").write_text(
        '{"model_type": "llama", "hidden_size": -4096, "intermediate_size": 11008, '
        '"num_attention_heads": 32, "num_key_value_heads": 8, "num_hidden_layers": 2, '
        '"vocab_size": 32000}',
        encoding="utf-8",
    )
    (directory / "pytest_gpus").mkdir()
    (directory / "pytest_gpus" / "test_gpus.py").write_text(
        "import pytest\n\n\n@pytest.mark.gpus(0)\ndef test_zero():\n    pass\n\n\n"
        "@pytest.mark.gpus(-1)\ndef test_negative():\n    pass\n",
        encoding="utf-8",
    )
    (directory / "bad_config").mkdir()
    (directory / "bad_config" / "pyproject.toml").write_text("[tool.torchplace]\nignore = ['']\n")
    (directory / "bad_config" / "a.py").write_text("x = 1\n", encoding="utf-8")


CASES = [
    # lint
    Case("lint-missing-file", ("lint", "{d}/missing.py")),
    Case("lint-binary-file", ("lint", "--no-cache", "{d}/binary.py"), frozenset({1})),
    Case("lint-non-utf8-file", ("lint", "--no-cache", "{d}/latin1.py"), frozenset({1})),
    Case("lint-empty-file", ("lint", "--no-cache", "{d}/empty.py"), frozenset({0})),
    Case("lint-config-is-a-directory", ("lint", "--config", "{d}/a_dir", "{d}/empty.py")),
    Case("lint-empty-ignore-code", ("lint", "--no-cache", "{d}/bad_config")),
    Case("lint-negative-jobs", ("lint", "-j", "-1", "{d}/empty.py")),
    Case("lint-huge-jobs", ("lint", "-j", "1000000000000", "{d}/empty.py")),
    Case(
        "lint-escape-file-name",
        ("lint", "--preview", "--no-cache", f"{{d}}/name{ESC}.py"),
        frozenset({1}),
    ),
    # check
    Case("check-missing-path", ("check", "{d}/missing.py")),
    Case("check-negative-gpus", ("check", "--gpus", "-1", "--no-run", "{d}/empty.py")),
    Case("check-binary-file", ("check", "--no-run", "{d}/binary.py"), frozenset({1})),
    # explain
    Case("explain-missing-log", ("explain", "{d}/missing.log")),
    Case("explain-directory", ("explain", "{d}/a_dir")),
    Case("explain-empty-log", ("explain", "{d}/empty.log"), frozenset({0})),
    Case("explain-binary-log", ("explain", "{d}/binary.log"), frozenset({0})),
    Case("explain-escape-codes", ("explain", "{d}/escapes.log"), ANY_CLEAN),
    Case(
        "explain-backtracking-line",
        ("explain", "{d}/backtrack.log"),
        ANY_CLEAN,
        8,
    ),
    # preflight and launch
    Case("preflight-missing-config", ("preflight", "--config", "{d}/missing.yaml")),
    Case("preflight-config-is-a-directory", ("preflight", "--config", "{d}/a_dir")),
    Case(
        "preflight-non-utf8-yaml",
        ("preflight", "--config", "{d}/latin1.yaml"),
    ),
    Case(
        "preflight-deep-yaml",
        ("preflight", "--config", "{d}/deep.yaml"),
    ),
    Case(
        "preflight-alias-bomb",
        ("preflight", "--config", "{d}/bomb.yaml"),
        timeout=8,
    ),
    Case("preflight-negative-gpus", ("preflight", "--gpus", "-1", "--", "vllm", "serve", "m")),
    Case(
        "preflight-huge-gpus",
        ("preflight", "--gpus", "100000000", "--", "vllm", "serve", "m"),
        timeout=8,
    ),
    Case(
        "preflight-negative-tp",
        ("preflight", "--", "vllm", "serve", "m", "-tp", "-1"),
        NONZERO,
    ),
    Case(
        "preflight-zero-tp",
        ("preflight", "--", "vllm", "serve", "m", "-tp", "0"),
        NONZERO,
    ),
    Case(
        "preflight-escape-codes",
        ("preflight", "--", "vllm", "serve", f"m{ESC}", "-tp", "2"),
        ANY_CLEAN,
    ),
    Case(
        "launch-negative-tp",
        ("launch", "--dry-run", "--", "vllm", "serve", "m", "-tp", "-8", "-pp", "-1"),
        NONZERO,
    ),
    Case(
        "launch-missing-config",
        ("launch", "--dry-run", "--config", "{d}/missing.yaml", "--", "vllm", "serve", "m"),
    ),
    # audit (arguments are checked before transformers is imported; one config case)
    Case("audit-negative-gpus", ("audit", "--config", "llama-3-70b", "--gpus", "-1")),
    Case(
        "audit-too-many-gpus",
        ("audit", "--config", "llama-3-70b", "--gpus", "129"),
        timeout=15,
    ),
    Case("audit-negative-tokens", ("audit", "--config", "llama-3-70b", "--tokens", "-5")),
    Case(
        "audit-negative-hidden-size",
        ("audit", "--config", "{d}/negative-model"),
        timeout=40,
    ),
    # sim, run and the pytest plugin
    Case("sim-missing-script", ("sim", "{d}/missing.py")),
    Case("sim-directory-as-script", ("sim", "{d}/a_dir")),
    Case("sim-negative-gpus", ("sim", "--gpus", "-1", "{d}/empty.py")),
    Case("sim-too-many-gpus", ("sim", "--gpus", "256", "{d}/empty.py"), timeout=15),
    Case("sim-zero-processes", ("sim", "--nproc-per-node", "0", "{d}/empty.py")),
    Case("run-missing-script", ("run", "{d}/missing.py")),
    Case("run-directory-as-script", ("run", "{d}/a_dir")),
    Case(
        "pytest-gpus-zero-and-negative",
        ("-p", "no:cacheprovider", "-q", "{d}/pytest_gpus/test_gpus.py"),
        frozenset({1, 2, 3, 4}),
        timeout=40,
        module="pytest",
    ),
    # doctor and rule
    Case("doctor-unknown-check", ("doctor", "--only", "no-such-check")),
    Case("doctor-explain-unknown", ("doctor", "--explain", "no-such-check")),
    Case("doctor-negative-timeout-scale", ("doctor", "--timeout-scale", "-1", "--list")),
    Case("doctor-negative-all-reduce-bytes", ("doctor", "--all-reduce-bytes", "-5", "--list")),
    Case("rule-unknown-code", ("rule", "TPL999")),
    Case("rule-escape-codes", ("rule", f"TPL{ESC}")),
]


def _run(case: Case, directory: Path) -> Outcome:
    argv = [a.replace("{d}", str(directory)) for a in case.argv]
    env = {**os.environ, "XDG_CACHE_HOME": str(directory / "xdg"), "NO_COLOR": "1"}
    started = time.monotonic()
    try:
        result = subprocess.run(
            [sys.executable, "-m", case.module, *argv],
            capture_output=True,
            timeout=case.timeout,
            check=False,
            cwd=directory,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return Outcome(None, seconds=time.monotonic() - started, timed_out=True)
    return Outcome(
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
        time.monotonic() - started,
    )


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    directory = tmp_path_factory.mktemp("hostile")
    _inputs(directory)
    # The slow cases first, so they overlap the many quick ones.
    ordered = sorted(CASES, key=lambda c: -c.timeout)
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = pool.map(lambda case: (case.name, _run(case, directory)), ordered)
        return dict(done)


def _param(case: Case) -> object:
    marks = []
    if case.owner is not None:
        reason = f"fixed on the {case.owner} branch"
        marks.append(pytest.mark.xfail(strict=False, reason=reason))
    return pytest.param(case, id=case.name, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_hostile_input(case: Case, outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[case.name]
    assert not outcome.timed_out, f"no answer within {case.timeout} s"
    assert "Traceback (most recent call last)" not in outcome.stderr + outcome.stdout
    assert outcome.returncode in case.exit_codes, (outcome.returncode, outcome.stderr[-500:])
    assert "\x1b" not in outcome.stdout + outcome.stderr, "a raw escape sequence was printed"
    if outcome.returncode == 2 and case.module == "torchplace":
        errors = [line for line in outcome.stderr.splitlines() if ": error:" in line]
        assert len(errors) == 1, outcome.stderr
    else:
        assert (outcome.stdout + outcome.stderr).strip(), "a bad input got no message at all"


def test_case_names_are_unique() -> None:
    assert len({c.name for c in CASES}) == len(CASES)
