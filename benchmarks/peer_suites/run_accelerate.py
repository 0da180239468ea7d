"""accelerate's own test files on the CPU and on 2 virtual GPUs: pass / fail / skip per test.

Downloads accelerate's sdist at the installed version (its tests ship in it) into `.corpus/`,
runs each chosen test file twice with pytest, once plain (the CPU machine as it is) and once
with `--torchplace-gpus 2`, and compares the outcomes test by test. A test that passes on the
CPU and fails under simulation is a regression; a test skipped on the CPU that passes under
simulation is a GPU test the simulator now runs.

    PYTHONPATH=src python benchmarks/peer_suites/run_accelerate.py [--files a.py b.py] [--all]
        [--timeout 900] [--reuse] [--json RESULT.json]

Each file's run is bounded (`--timeout`, whole file); a run that times out is reported as such.
Each file's result is saved under `.corpus/peer_runs/`; `--reuse` takes a saved one instead of
running that file again (for files whose code paths did not change). The sdist ships only
tests/test_*.py; `--repository GIT_DIR` adds the sub-directories accelerate's CI also runs
(tests/fsdp, tests/tp) from a clone of its repository, whose commit the result records; name
those files as `fsdp/test_fsdp.py`.
Cost: summed pytest time of the tests that ran in both runs, simulated over CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import time
import xml.etree.ElementTree as ElementTree
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / ".corpus"
DEFAULT_FILES = ("test_big_modeling.py", "test_modeling_utils.py", "test_hooks.py")


def sdist_tests(version: str) -> Path:
    """The tests directory of accelerate's sdist at `version` (downloaded once)."""
    root = CORPUS / f"accelerate-{version}"
    if not root.is_dir():
        CORPUS.mkdir(exist_ok=True)
        archive = CORPUS / f"accelerate-{version}.tar.gz"
        if not archive.exists():
            subprocess.run(
                [sys.executable, "-m", "pip", "download", f"accelerate=={version}", "--no-deps",
                 "--no-binary", ":all:", "-d", str(CORPUS), "-q"],
                check=True,
            )  # fmt: skip
        with tarfile.open(archive) as tar:
            tar.extractall(CORPUS, filter="data")
    return root


def add_repository_dirs(root: Path, git_dir: Path, dirs: list[str]) -> str:
    """Copy test sub-directories the sdist leaves out (accelerate's CI runs tests/fsdp,
    tests/tp, tests/deepspeed) from a clone of accelerate's repository; returns its commit."""
    commit = subprocess.run(
        ["git", "--git-dir", str(git_dir), "rev-parse", "HEAD"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    archive = subprocess.run(
        ["git", "--git-dir", str(git_dir), "archive", commit, *dirs],
        check=True, capture_output=True,
    ).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    return commit


def run_file(root: Path, name: str, simulated: bool, timeout: int, xml: Path) -> dict[str, object]:
    command = [sys.executable, "-m", "pytest", f"tests/{name}", "-q", "-p", "no:cacheprovider",
               "-o", "addopts=", f"--junitxml={xml}", "-rN"]  # fmt: skip
    if simulated:
        command.append("--torchplace-gpus=2")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(root)])}
    # the `accelerate` / `torchrun` commands tests start live beside this Python
    env["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), env.get("PATH", "")])
    env.pop("TORCHPLACE_GPUS", None)
    started = time.monotonic()
    try:
        completed = subprocess.run(
            command, cwd=root, env=env, capture_output=True, text=True, timeout=timeout,
            start_new_session=True,
        )  # fmt: skip
        status = f"exit {completed.returncode}"
    except subprocess.TimeoutExpired:
        status = f"timed out after {timeout} s"
    return {"status": status, "wall_s": round(time.monotonic() - started, 1)}


def outcomes(xml: Path) -> dict[str, tuple[str, float, str]]:
    """test id -> (passed | failed | skipped | error, seconds, first line of the message)."""
    if not xml.exists():
        return {}
    found: dict[str, tuple[str, float, str]] = {}
    for case in ElementTree.parse(xml).getroot().iter("testcase"):
        test_id = f"{case.get('classname')}::{case.get('name')}"
        outcome, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome = {"failure": "failed"}.get(child.tag, child.tag)
                message = (child.get("message") or "").splitlines()[0][:200] if child.get(
                    "message") else ""  # fmt: skip
                break
        found[test_id] = (outcome, float(case.get("time") or 0.0), message)
    return found


def compare(files: list[str], timeout: int, work: Path, reuse: bool) -> dict[str, object]:
    """Run each file on the CPU and simulated; with `reuse`, a file's saved result stands."""
    version = metadata.version("accelerate")
    root = sdist_tests(version)
    report: dict[str, object] = {
        "accelerate": version,
        "torch": metadata.version("torch"),
        "files": {},
    }
    for name in files:
        saved = work / f"{name.replace('/', '_')}.json"
        if reuse and saved.exists():
            entry = json.loads(saved.read_text(encoding="utf-8"))
        else:
            entry = run_both(root, name, timeout, work)
            saved.write_text(json.dumps(entry, indent=1), encoding="utf-8")
        report["files"][name] = entry  # type: ignore[index]
        print(f"{name}: {summary_line(entry)}", file=sys.stderr, flush=True)
    return report


def run_both(root: Path, name: str, timeout: int, work: Path) -> dict[str, object]:
    entry: dict[str, object] = {}
    for mode, simulated in (("cpu", False), ("sim", True)):
        xml = work / f"{name.replace('/', '_')}.{mode}.xml"
        xml.unlink(missing_ok=True)
        entry[f"{mode}_run"] = run_file(root, name, simulated, timeout, xml)
        entry[mode] = outcomes(xml)
    return entry


def counts(results: dict[str, tuple[str, float, str]]) -> dict[str, int]:
    tally = {"passed": 0, "failed": 0, "skipped": 0, "error": 0}
    for outcome, _, _ in results.values():
        tally[outcome] += 1
    return tally


def summary_line(entry: dict[str, object]) -> str:
    cpu, sim = entry["cpu"], entry["sim"]
    return f"cpu {counts(cpu)} | sim {counts(sim)}"  # type: ignore[arg-type]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="*", default=list(DEFAULT_FILES))
    parser.add_argument("--all", action="store_true", help="every tests/test_*.py of the sdist")
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--json", default=str(CORPUS / "peer_accelerate.json"))
    parser.add_argument(
        "--repository",
        type=Path,
        help="a git clone of accelerate; its --repository-dirs are added to the sdist's tests",
    )
    parser.add_argument(
        "--repository-dirs",
        nargs="*",
        default=["tests/fsdp", "tests/tp", "tests/test_configs", "tests/test_samples", "examples"],
    )
    parser.add_argument(
        "--reuse", action="store_true", help="keep each file's saved result from an earlier run"
    )
    options = parser.parse_args()
    work = CORPUS / "peer_runs"
    work.mkdir(parents=True, exist_ok=True)
    files = options.files
    root = sdist_tests(metadata.version("accelerate"))
    commit = None
    if options.repository is not None:
        commit = add_repository_dirs(root, options.repository, options.repository_dirs)
    if options.all:  # the sdist's files, then those of the added test directories
        tests = root / "tests"
        files = sorted(p.name for p in tests.glob("test_*.py"))
        files += sorted(str(p.relative_to(tests)) for p in tests.glob("*/test_*.py"))
    result = compare(files, options.timeout, work, options.reuse)
    if commit is not None:
        result["repository_commit"] = commit
    Path(options.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
