"""transformers' own model tests on the CPU and on 2 virtual GPUs: pass / fail / skip per test.

The test files are pinned in `transformers_tests.json` (commit and sha256 each; see
`transformers_corpus.py` for how they are extracted from a git copy of transformers) and are
checked before anything runs. Two selections:

- `parallel`: the model-parallel and offload tests (`test_model_parallelism`,
  `test_model_parallel_beam_search`, `test_cpu_offload`, `test_disk_offload_bin`,
  `test_disk_offload_safetensors`) of every architecture in the manifest; they need one or two
  GPUs, so on the CPU they skip, and under simulation they should run and pass;
- `whole`: every test of the llama, gpt2, bert and t5 model test files;
- `gated`: the tests of those four files that skip on the CPU (`transformers_cpu_skipped.json`),
  run again on the CPU (recording, through `-p transformers_gates`, every skip decorator each
  carries: `@slow` hides `@require_torch_gpu` in the run's own message), under simulation, and
  under simulation with `RUN_SLOW=1` for those both GPU-gated and slow (most load a hub
  checkpoint, which fails here with no network, the way it says);
- `gated-parallel`: in the files of the other architectures of `parallel`, the tests with a
  GPU-requiring skip decorator beyond the five model-parallel and offload tests (found by a
  collection on the CPU), run the same three ways.

Each pytest run is made twice, once plain (the CPU machine as it is) and once with
`--torchplace-gpus 2`, and the outcomes are compared test by test. A test that passes on the
CPU and fails under simulation is a regression; tests failing on the CPU are left out of the
comparison (the pinned files are not those of the installed release, see the manifest).

    PYTHONPATH=src python benchmarks/peer_suites/run_transformers.py [--only parallel|whole]
        [--archs llama t5] [--timeout 1800] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from importlib import metadata, util
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_accelerate import outcomes
from transformers_corpus import CORPUS, load_manifest, verify
from transformers_gates import is_gpu_gated

ROOT = Path(__file__).resolve().parents[2]
PARALLEL_TESTS = (
    "test_model_parallelism",
    "test_model_parallel_beam_search",
    "test_cpu_offload",
    "test_disk_offload_bin",
    "test_disk_offload_safetensors",
)
WHOLE_FILES = ("llama", "gpt2", "bert", "t5")
CPU_SKIPPED = Path(__file__).with_name("transformers_cpu_skipped.json")


def link_installed_transformers() -> None:
    """The tests read transformers' sources at `src/transformers` (as in a checkout): point that
    at the installed release, the one they run against."""
    spec = util.find_spec("transformers")
    if spec is None or spec.origin is None:
        raise SystemExit("transformers is not installed")
    link = CORPUS / "src" / "transformers"
    link.parent.mkdir(exist_ok=True)
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(Path(spec.origin).parent, target_is_directory=True)


def pytest_command(paths: list[str], keyword: str | None, xml: Path, simulated: bool) -> list[str]:
    command = [sys.executable, "-m", "pytest", *paths, "-q", "-p", "no:cacheprovider",
               "-o", "addopts=", f"--junitxml={xml}", "-rN",
               "--tb=line"]  # fmt: skip
    if keyword:
        command += ["-k", keyword]
    if simulated:
        command.append("--torchplace-gpus=2")
    return command


def run(
    paths: list[str], keyword: str | None, simulated: bool, timeout: int, xml: Path,
    extra_env: dict[str, str] | None = None,
) -> dict:  # fmt: skip
    xml.unlink(missing_ok=True)
    env = {**os.environ, **(extra_env or {})}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), str(CORPUS), str(Path(__file__).parent)]
    )
    env.pop("TORCHPLACE_GPUS", None)
    # through the environment, not `-p`: tests decorated `run_test_using_subprocess` rerun
    # themselves in a child pytest, which must import the same aliases
    env["PYTEST_PLUGINS"] = "transformers_compat,transformers_gates"
    if "RUN_SLOW" not in (extra_env or {}):
        env.pop("RUN_SLOW", None)
    env["HF_HUB_OFFLINE"] = "1"  # no network here: hub tests fail the same way in both runs
    started = time.monotonic()
    try:
        done = subprocess.run(
            pytest_command(paths, keyword, xml, simulated), cwd=CORPUS, env=env,
            capture_output=True, text=True, timeout=timeout, start_new_session=True,
        )  # fmt: skip
        status = f"exit {done.returncode}"
    except subprocess.TimeoutExpired:
        status = f"timed out after {timeout} s"
    return {
        "status": status,
        "wall_s": round(time.monotonic() - started, 1),
        "tests": outcomes(xml),
    }


def cpu_passing_ids(tests: dict[str, tuple[str, float, str]]) -> list[str]:
    """pytest node ids of the tests that passed on the CPU (junit names them by class)."""
    return [node_id(test) for test, (outcome, _, _) in tests.items() if outcome == "passed"]


def gated_ids(arch: str) -> list[str]:
    listed = json.loads(CPU_SKIPPED.read_text(encoding="utf-8"))["tests"].get(arch, [])
    return [f"tests/models/{arch}/test_modeling_{arch}.py::{test}" for test in listed]


def node_id(test: str) -> str:
    """pytest node id of a junit test id (`tests.models.x.test_modeling_x.Class::name`)."""
    classname, name = test.split("::")
    module, cls = classname.rsplit(".", 1)
    return f"{module.replace('.', '/')}.py::{cls}::{name}"


def run_three(ids: list[str], timeout: int, stem: Path) -> dict:
    """`ids` on the CPU (recording their skip decorators), under simulation, and under
    simulation with RUN_SLOW=1 for those both slow and GPU-gated."""
    gates = stem.with_suffix(".gates.json")
    gates.unlink(missing_ok=True)
    entry = {"cpu": run(ids, None, False, timeout, stem.with_suffix(".cpu.xml"),
                        {"TRANSFORMERS_GATES_OUT": str(gates)})}  # fmt: skip
    reasons = json.loads(gates.read_text(encoding="utf-8")) if gates.exists() else {}
    entry["gates"] = reasons
    entry["sim"] = run(ids, None, True, timeout, stem.with_suffix(".sim.xml"))
    slow = [node_id(t) for t, why in reasons.items() if "test is slow" in why and is_gpu_gated(why)]
    if slow:
        entry["sim_slow"] = run(slow, None, True, timeout, stem.with_suffix(".sim_slow.xml"),
                                {"RUN_SLOW": "1"})  # fmt: skip
    return entry


def gated_beyond_parallel(archs: list[str], timeout: int, work: Path) -> list[str]:
    """Tests of the architectures' files with a GPU-requiring skip decorator, other than the five
    model-parallel and offload tests (collected on the CPU, where those decorators skip)."""
    gates = work / "gated-parallel-collect.gates.json"
    gates.unlink(missing_ok=True)
    paths = [f"tests/models/{arch}/test_modeling_{arch}.py" for arch in archs]
    run([*paths, "--collect-only"], None, False, timeout, work / "collect.xml",
        {"TRANSFORMERS_GATES_OUT": str(gates)})  # fmt: skip
    reasons = json.loads(gates.read_text(encoding="utf-8")) if gates.exists() else {}
    return sorted(
        node_id(test)
        for test, why in reasons.items()
        if is_gpu_gated(why) and test.split("::")[1] not in PARALLEL_TESTS
    )


def rerun_sim(result: Path, test_name: str, archs: list[str], timeout: int, work: Path) -> int:
    """Replace, in every selection of `result`, the simulated outcome of the tests named
    `test_name` in the files of `archs` by a new simulated run's; the rerun is recorded."""
    report = json.loads(result.read_text(encoding="utf-8"))
    for name, entry in report["selections"].items():
        chosen = [t for t in entry["sim"]["tests"] if t.split("::")[1] == test_name
                  and any(f".{arch}.test_modeling_" in t for arch in archs)]  # fmt: skip
        if not chosen:
            continue
        done = run([node_id(t) for t in chosen], None, True, timeout,
                   work / f"{name.replace(':', '-')}.rerun.xml")  # fmt: skip
        entry["sim"]["tests"].update(done["tests"])
        record = {"status": done["status"], "wall_s": done["wall_s"], "commit": git_head()}
        entry.setdefault("sim_reruns", []).append({"tests": sorted(done["tests"]), **record})
        print(f"{name}: reran {len(done['tests'])} ({done['status']})", file=sys.stderr)
    result.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


def git_head() -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=False)  # fmt: skip
    return done.stdout.strip()


def gated_selections(
    only: str, archs: list[str], timeout: int, work: Path
) -> list[tuple[str, list[str]]]:
    if only == "gated":
        return [(f"gated:{arch}", gated_ids(arch)) for arch in WHOLE_FILES if arch in archs]
    others = [arch for arch in archs if arch not in WHOLE_FILES]  # theirs are in `gated`
    return [("gated-parallel", gated_beyond_parallel(others, timeout, work))]


def selections(only: str | None, archs: list[str]) -> list[tuple[str, list[str], str | None]]:
    chosen = []
    if only in (None, "parallel"):  # one run: collecting transformers' tests costs ~20 s a run
        paths = [f"tests/models/{arch}/test_modeling_{arch}.py" for arch in archs]
        chosen.append(("parallel", paths, " or ".join(PARALLEL_TESTS)))
    if only in (None, "whole"):
        for arch in WHOLE_FILES:
            if arch in archs:
                path = f"tests/models/{arch}/test_modeling_{arch}.py"
                chosen.append((f"whole:{arch}", [path], None))
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("parallel", "whole", "gated", "gated-parallel"))
    parser.add_argument("--archs", nargs="*")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per pytest run")
    parser.add_argument(
        "--sim-cpu-passing", action="store_true",
        help="whole files: run under simulation only the tests that passed on the CPU",
    )  # fmt: skip
    parser.add_argument(
        "--reuse-cpu", type=float, metavar="WALL_S",
        help="keep an existing CPU result (its run's wall time given here) instead of rerunning",
    )  # fmt: skip
    parser.add_argument(
        "--rerun-sim", metavar="TEST_NAME",
        help="in the existing --json result, rerun under simulation the tests of this name of "
        "the --archs' files (after a simulator fix) and record the rerun in the result",
    )  # fmt: skip
    parser.add_argument("--json", default=str(ROOT / ".corpus" / "peer_transformers.json"))
    options = parser.parse_args()
    manifest = load_manifest()
    problems = verify(manifest)
    if problems:
        print("the test files differ from transformers_tests.json:", *problems, sep="\n  ",
              file=sys.stderr)  # fmt: skip
        print("extract them: python benchmarks/peer_suites/transformers_corpus.py extract "
              "GIT_DIR", file=sys.stderr)  # fmt: skip
        return 2
    link_installed_transformers()
    archs = options.archs or list(manifest["archs"])  # type: ignore[call-overload]
    work = ROOT / ".corpus" / "peer_runs"
    work.mkdir(parents=True, exist_ok=True)
    report: dict[str, object] = {
        "transformers": metadata.version("transformers"),
        "tests_commit": manifest["commit"],
        "tests_source": manifest["source"],
        "selections": {},
    }
    if options.rerun_sim:
        return rerun_sim(Path(options.json), options.rerun_sim, archs, options.timeout, work)
    if options.only in ("gated", "gated-parallel"):
        for name, ids in gated_selections(options.only, archs, options.timeout, work):
            entry = run_three(ids, options.timeout, work / name.replace(":", "-"))
            report["selections"][name] = entry  # type: ignore[index]
            Path(options.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
            print(f"{name}: {summary(entry)}", file=sys.stderr, flush=True)
        return 0
    for name, paths, keyword in selections(options.only, archs):
        entry = {}
        for mode, simulated in (("cpu", False), ("sim", True)):
            xml = work / f"{name.replace(':', '-')}.{mode}.xml"
            if mode == "cpu" and options.reuse_cpu and xml.exists():
                entry[mode] = {
                    "status": "reused",
                    "wall_s": options.reuse_cpu,
                    "tests": outcomes(xml),
                }
                continue
            if mode == "sim" and options.sim_cpu_passing and name.startswith("whole"):
                paths = cpu_passing_ids(entry["cpu"]["tests"])
            entry[mode] = run(paths, keyword, simulated, options.timeout, xml)
        report["selections"][name] = entry  # type: ignore[index]
        Path(options.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
        print(f"{name}: {summary(entry)}", file=sys.stderr, flush=True)
    return 0


def summary(entry: dict) -> str:
    parts = []
    for mode in ("cpu", "sim", "sim_slow"):
        if mode not in entry:
            continue
        tally: dict[str, int] = {}
        for outcome, _, _ in entry[mode]["tests"].values():
            tally[outcome] = tally.get(outcome, 0) + 1
        parts.append(f"{mode} {tally} in {entry[mode]['wall_s']} s ({entry[mode]['status']})")
    return " | ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
