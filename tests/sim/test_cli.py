"""`torchplace sim`: usage errors exit 2, programs run in this process, ranks like torchrun."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from torchplace.cli import main


def _script(tmp_path: Path, body: str, name: str = "prog.py") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["sim"], "nothing to run"),
        (["sim", "--gpus", "0", "x.py"], "--gpus must be at least 1"),
        (["sim", "--gpus", "two", "x.py"], "--gpus expects an integer"),
        (["sim", "--bogus", "x.py"], "unknown option"),
        (["sim", "missing.py"], "can't open file"),
        (["sim", "--rank", "2", "--world-size", "2", "x.py"], "not below --world-size"),
        (["sim", "--rank", "0", "x.py"], "go together"),
        (["sim", "--memory", "lots", "x.py"], "is not a memory size"),
        (["sim", "--gpus", "256", "x.py"], "--gpus must be at most 128"),
        (["sim", "--keep-values", "much", "x.py"], "--keep-values"),
    ],
)
def test_usage_errors_exit_2(argv, message, capsys, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.py").write_text("", encoding="utf-8")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_runs_script_with_args_on_virtual_gpus(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    script = _script(
        tmp_path,
        """
        import sys, torch
        assert __name__ == "__main__"
        print(torch.cuda.device_count(), sys.argv[1:], torch.ones(2).cuda(2).device)
        """,
    )
    assert main(["sim", "--gpus", "3", script, "--flag", "v"]) == 0
    assert capsys.readouterr().out.strip() == "3 ['--flag', 'v'] cuda:2"


def test_program_failure_exits_1_with_its_traceback(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    script = _script(
        tmp_path,
        """
        import torch
        a = torch.ones(2, device="cuda:0")
        b = torch.ones(2, device="cuda:1")
        a + b
        """,
    )
    assert main(["sim", "--gpus", "2", script]) == 1
    err = capsys.readouterr().err
    assert "found at least two devices, cuda:0 and cuda:1!" in err
    assert 'prog.py", line 5' in err and "runpy" not in err


def test_system_exit_code_is_kept(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert main(["sim", _script(tmp_path, "raise SystemExit(3)\n")]) == 3


def test_module_mode(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    _script(tmp_path, "import torch\nprint(torch.cuda.is_available())\n", "simmod.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["sim", "-m", "simmod"]) == 0
    assert capsys.readouterr().out.strip() == "True"


def test_rank_of_world_with_device_bound(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    for name in ("RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "MASTER_ADDR"):
        monkeypatch.delenv(name, raising=False)
    script = _script(
        tmp_path,
        """
        import os, torch, torch.distributed as dist
        rank = int(os.environ["LOCAL_RANK"])
        dist.init_process_group("nccl", device_id=torch.device("cuda", rank))
        dist.all_reduce(torch.ones(2, device=f"cuda:{rank}"))
        print("world", dist.get_rank(), dist.get_world_size())
        dist.all_reduce(torch.ones(2, device="cuda:0"))  # rank 1 using cuda:0
        """,
    )
    assert main(["sim", "--gpus", "2", "--rank", "1", "--world-size", "2", script]) == 1
    captured = capsys.readouterr()
    assert "world 1 2" in captured.out
    assert "Attempt to perform collective on tensor not on device passed to" in captured.err


@pytest.mark.slow
def test_nproc_per_node_launches_ranks_and_reports_failures(tmp_path) -> None:  # type: ignore[no-untyped-def]
    script = _script(
        tmp_path,
        """
        import os, torch, torch.distributed as dist
        dist.init_process_group("nccl")
        env = os.environ
        print("env", env["RANK"], env["LOCAL_WORLD_SIZE"], env["MASTER_PORT"] != "")
        dist.all_reduce(torch.ones(2, device="cuda"))  # no set_device: both ranks on cuda:0
        """,
    )
    command = [sys.executable, "-m", "torchplace", "sim", "--nproc-per-node", "2", script]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "env 0 2 True" in output and "env 1 2 True" in output
    assert "Duplicate GPU detected : rank 1 and rank 0" in output
    assert "torchplace sim: rank 1 (local rank 1) failed" in output


def test_the_explainer_runs_by_default_and_no_explain_turns_it_off(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    script = _script(
        tmp_path,
        """
        import torch
        torch.ones(2, device="cuda:0") + torch.ones(2, device="cuda:1")
        """,
    )
    assert main(["sim", "--gpus", "2", script]) == 1
    assert "torchplace explain: device mismatch" in capsys.readouterr().err
    assert main(["sim", "--gpus", "2", "--no-explain", script]) == 1
    err = capsys.readouterr().err
    assert "cuda:0 and cuda:1" in err and "torchplace explain" not in err


def test_file_is_absolute_as_python_gives_it(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    _script(tmp_path, "print(__file__)\n")
    for explain in ([], ["--no-explain"]):
        assert main(["sim", *explain, "prog.py"]) == 0
        assert capsys.readouterr().out.strip() == str(tmp_path / "prog.py")


def test_keep_values_option_sets_the_limit_for_new_tensors(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    script = _script(
        tmp_path,
        """
        import torch
        print(torch.zeros(4, device="cuda").has_values(), torch.zeros(4).cuda().has_values())
        """,
    )
    assert main(["sim", "--keep-values", "0", script]) == 0
    assert capsys.readouterr().out.split() == ["False", "True"]


@pytest.mark.parametrize("explain", [[], ["--no-explain"]])
def test_ctrl_c_exits_130(tmp_path, explain) -> None:  # type: ignore[no-untyped-def]
    script = _script(tmp_path, "import os, signal, time\nos.kill(os.getpid(), signal.SIGINT)\n")
    command = [sys.executable, "-m", "torchplace", "sim", *explain, script]
    # A runner started in the background inherits SIGINT ignored; Python then installs no
    # KeyboardInterrupt handler. Give the child the default disposition a terminal gives.
    result = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=240,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert result.returncode == 130, result.stderr
    assert "KeyboardInterrupt" in result.stderr


def test_run_gives_the_script_an_absolute_file(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    _script(tmp_path, "print(__file__)\n")
    assert main(["run", "prog.py"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "prog.py")
