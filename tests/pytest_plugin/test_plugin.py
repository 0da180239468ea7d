"""The pytest plugin, tested as users run it: real pytest subprocesses through `pytester`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

REAL_GPUS = torch.cuda.device_count() if torch.cuda.is_available() else 0


RUN_TIMEOUT_S = 240  # a hang (a rank waiting in NCCL) fails the test instead of stalling CI


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "-o", "addopts=", *args, timeout=RUN_TIMEOUT_S
    )


def test_plugin_is_inactive_until_used(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import sys
        def test_plain():
            assert "torch" not in sys.modules
            assert "torchplace.sim" not in sys.modules
        """
    )
    _run(pytester).assert_outcomes(passed=1)


def test_gpus_marker_runs_on_real_or_virtual_gpus(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        f"""
        import pytest, torch
        from torchplace import sim

        @pytest.mark.gpus(2)
        def test_two_gpus():
            assert torch.cuda.device_count() >= 2
            assert (sim.active() is not None) == ({REAL_GPUS} < 2)
            a = torch.ones(2, device="cuda:0")
            b = torch.ones(2, device="cuda:1")
            with pytest.raises(RuntimeError, match="cuda:0 and cuda:1"):
                a + b

        def test_after_leaves_torch_alone():
            assert sim.active() is None
            assert torch.cuda.is_available() == ({REAL_GPUS} > 0)
        """
    )
    _run(pytester).assert_outcomes(passed=2)


def test_gpus_marker_without_simulation_needs_real_gpus(pytester: pytest.Pytester) -> None:
    needed = REAL_GPUS + 1  # one more than this machine has: always skipped
    pytester.makepyfile(
        f"""
        import pytest

        @pytest.mark.gpus({needed}, simulate=False)
        def test_needs_real():
            raise AssertionError("must not run without the GPUs")
        """
    )
    result = _run(pytester, "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines([f"*needs {needed} real CUDA GPUs, found {REAL_GPUS}*"])


def test_option_sets_the_virtual_gpu_count(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest, torch

        @pytest.mark.gpus(2)
        def test_count():
            assert torch.cuda.device_count() == 4

        @pytest.mark.gpus(8)
        def test_too_many():
            pass
        """
    )
    result = _run(pytester, "--torchplace-gpus=4", "-rs")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*needs 8 GPUs; --torchplace-gpus=4 simulates fewer*"])


def test_bad_option_value_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_x():\n    pass\n")
    result = _run(pytester, "--torchplace-gpus=0")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--torchplace-gpus=0: the number of GPUs must be 1 to 128*"])


def test_virtual_gpus_fixture(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import torch

        def test_fixture(virtual_gpus):
            assert virtual_gpus.count == 2
            assert torch.cuda.is_available()
            x = torch.zeros(3, device="cuda:1")
            assert x.device == torch.device("cuda", 1)
        """
    )
    _run(pytester).assert_outcomes(passed=1)


def test_ranks_fixture_runs_each_rank_and_reports_a_failing_one(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        """
        import os
        import pytest, torch
        import torch.distributed as dist

        @pytest.mark.ranks(2)
        def test_each_rank_on_its_gpu(ranks):
            assert dist.get_world_size() == 2
            assert ranks.device == torch.device("cuda", ranks.rank)
            assert torch.cuda.current_device() == ranks.rank
            dist.all_reduce(torch.ones(4, device=ranks.device))

        @pytest.mark.ranks(2)
        def test_rank_collision(ranks):
            shard = torch.ones(4).cuda(0)  # every rank on cuda:0: rank 1's collective fails
            dist.all_reduce(shard)
        """
    )
    result = _run(pytester, "-rf")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*rank 1 of 2 failed:*",
            "*Attempt to perform collective on tensor not on device passed to init_process_group*",
        ]
    )
    # rank 0 waits in an all_reduce that rank 1 never joins: as with NCCL it cannot complete
    # alone (collectives carry values between the rank processes); it ends when rank 1's exit
    # closes the connection, or is stopped after the grace period
    output = result.stdout.str()
    assert re.search(r"rank 0 of 2 (stopped|failed:[\s\S]*Connection closed by peer)", output)


def test_ranks_with_gloo_use_real_cpu_collectives(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest, torch
        import torch.distributed as dist

        @pytest.mark.ranks(3, backend="gloo")
        def test_sum(ranks):
            value = torch.tensor([float(ranks.rank)])
            dist.all_reduce(value)
            assert value.item() == 3.0
        """
    )
    _run(pytester).assert_outcomes(passed=1)


def test_the_example_placement_tests_pass(pytester: pytest.Pytester) -> None:
    """examples/test_placement.py, the file the README tells users to copy, passes as shipped."""

    source = Path(__file__).resolve().parents[2] / "examples" / "test_placement.py"
    pytester.makepyfile(test_placement=source.read_text(encoding="utf-8"))
    _run(pytester).assert_outcomes(passed=3)


def test_a_rank_stuck_after_its_body_failed_is_reported_as_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On real NCCL a rank whose collective failed can block in its own teardown, and its peer
    in the collective: the failure marker, not the exit code, must decide, within the grace."""
    import subprocess
    import sys
    import time

    from torchplace import pytest_ranks

    monkeypatch.setattr(pytest_ranks, "FAILED_RANK_GRACE_S", 1.0)
    failing = (
        "import pathlib, sys, time; print('E   DistBackendError: wrong device', flush=True); "
        f"pathlib.Path({str(tmp_path)!r}, 'rank0.failed').write_text('t'); time.sleep(600)"
    )
    waiting = "import time; time.sleep(600)"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for code in (failing, waiting)
    ]
    started = time.monotonic()
    failures = pytest_ranks._collect(processes, 2, str(tmp_path))
    assert time.monotonic() - started < 60
    assert len(failures) == 2
    assert failures[0].startswith("rank 0 of 2 failed:")
    assert "DistBackendError: wrong device" in failures[0]
    assert failures[1].startswith("rank 1 of 2 stopped 1 s after another rank failed")
