"""Whole-session simulation, marker validation, and leaving sessions that did not ask alone."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

RUN_TIMEOUT_S = 240


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "-o", "addopts=", *args, timeout=RUN_TIMEOUT_S
    )


def test_a_parameter_named_ranks_is_left_to_the_suite(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import os, sys, pytest

        @pytest.mark.parametrize("ranks", [1, 2])
        def test_param(ranks):
            assert "TORCHPLACE_PYTEST_RANK" not in os.environ
            assert "torchplace.sim" not in sys.modules

        @pytest.fixture
        def world():
            return 4

        class TestOwnFixture:
            @pytest.fixture
            def ranks(self, world):
                return list(range(world))

            def test_fixture(self, ranks):
                assert ranks == [0, 1, 2, 3]
        """
    )
    _run(pytester).assert_outcomes(passed=3)


# The suite looks for GPUs while its module is imported, as accelerate's test utilities do.
_PROBING_SUITE = """
    import pytest, torch
    from torchplace import sim

    GPUS = torch.cuda.device_count()
    requires_two = pytest.mark.skipif(GPUS < 2, reason="needs 2 GPUs")

    @requires_two
    def test_multi_gpu():
        a = torch.ones(2, device="cuda:0")
        with pytest.raises(RuntimeError, match="cuda:0 and cuda:1"):
            a + torch.ones(2, device="cuda:1")

    def test_cpu_code_behaves_as_on_a_cpu():
        assert torch.ones(3).sum().item() == 3.0
        assert torch.ones(2).device.type == "cpu"

    @pytest.mark.gpus(2)
    def test_marker_inside_the_session():
        assert sim.active() is not None and torch.cuda.device_count() == 2

    @pytest.mark.gpus(4)
    def test_needs_more_than_the_session():
        raise AssertionError("must be skipped")
"""


@pytest.mark.parametrize(
    ("args", "env", "ini"),
    [
        (("--torchplace-gpus=2",), {}, ""),
        ((), {"TORCHPLACE_GPUS": "2"}, ""),
        ((), {}, "[pytest]\ntorchplace_gpus = 2\n"),
    ],
    ids=["option", "env", "ini"],
)
def test_session_simulation_starts_before_collection(
    pytester: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    env: dict[str, str],
    ini: str,
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    if ini:
        pytester.makefile(".ini", pytest=ini)
    pytester.makepyfile(_PROBING_SUITE)
    result = _run(pytester, *args, "-rs")
    result.assert_outcomes(passed=3, skipped=1)
    result.stdout.fnmatch_lines(["*needs 4 GPUs; *2 simulates fewer*"])


def test_without_a_request_the_probing_suite_skips(pytester: pytest.Pytester) -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("a machine with real GPUs")
    pytester.makepyfile(_PROBING_SUITE)
    result = _run(pytester, "-k", "not needs_more")
    result.assert_outcomes(passed=2, skipped=1, deselected=1)


@pytest.mark.parametrize("value", ["0", "-1", "two", "129"])
def test_a_bad_session_gpu_count_is_a_usage_error(pytester: pytest.Pytester, value: str) -> None:
    pytester.makepyfile("def test_x():\n    pass\n")
    result = _run(pytester, f"--torchplace-gpus={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*--torchplace-gpus={value}: *"])


@pytest.mark.parametrize(
    "marker", ["gpus(0)", "gpus(-1)", "gpus('2')", "gpus(2, simulate='maybe')"]
)
def test_a_bad_gpus_marker_is_a_usage_error(pytester: pytest.Pytester, marker: str) -> None:
    pytester.makepyfile(
        f"""
        import pytest

        @pytest.mark.{marker}
        def test_x():
            raise AssertionError("must not run")
        """
    )
    result = _run(pytester)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*invalid torchplace marker*", "*::test_x: gpus*"])


def test_simulate_no_is_honoured(pytester: pytest.Pytester) -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.device_count() >= 2:
        pytest.skip("a machine with 2 real GPUs runs the test for real")
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.gpus(2, simulate="no")
        def test_x():
            raise AssertionError("must not run on virtual GPUs")
        """
    )
    _run(pytester).assert_outcomes(skipped=1)


def test_children_of_a_test_inherit_its_simulated_gpus(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import os, subprocess, sys
        import torch

        def test_child_sees_the_gpus_with_its_own_visible_devices():
            code = "import torch; print(torch.cuda.device_count())"
            env = dict(os.environ, CUDA_VISIBLE_DEVICES="1")
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                 text=True, check=True).stdout
            assert out.strip() == "1"
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True).stdout
            assert out.strip() == "2"
        """
    )
    _run(pytester, "--torchplace-gpus=2").assert_outcomes(passed=1)


def test_a_failing_test_shows_no_simulator_frames(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import torch

        def test_mismatch():
            layer = torch.nn.Linear(2, 2).to("cuda:1")
            layer(torch.ones(1, 2, device="cuda:0"))
        """
    )
    result = _run(pytester, "--torchplace-gpus=2")
    result.assert_outcomes(failed=1)
    output = result.stdout.str()
    assert "cuda:0" in output and "cuda:1" in output
    assert "torchplace/sim/" not in output
