"""launcher-procs-exceed-gpus and manual-dist-init-with-vllm (torchrun, DeepSpeed, python)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from torchplace.preflight.checks import Status

from .helpers import machine, only, preflight

TRAIN = """
import os
import torch
import torch.distributed as dist

dist.init_process_group("nccl")
torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
"""


def _script(tmp_path: Path, body: str, name: str = "job.py") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return str(path)


def test_torchrun_more_procs_than_gpus(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    result = preflight(["torchrun", "--nproc-per-node", "8", script, "--lr", "1e-4"], gpus=4)
    verdict = only(result, "launcher-procs-exceed-gpus")
    assert verdict.status is Status.FAIL
    assert verdict.upstream == "torch.AcceleratorError: CUDA error: invalid device ordinal"
    assert result.command.launcher.script_args == ["--lr", "1e-4"]  # type: ignore[union-attr]


def test_torchrun_underscore_and_equals_spelling(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    env = {"CUDA_VISIBLE_DEVICES": "0,1"}
    result = preflight(["torchrun", "--nproc_per_node=4", "--standalone", script], env=env)
    assert "(CUDA_VISIBLE_DEVICES=0,1)" in only(result, "launcher-procs-exceed-gpus").observed


def test_torchrun_gpu_and_fitting_counts_pass(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    for nproc in ("gpu", "auto", "4"):
        result = preflight(["torchrun", "--nnodes", "1", "--nproc-per-node", nproc, script], gpus=4)
        assert only(result, "launcher-procs-exceed-gpus").status is Status.PASS


def test_python_module_torch_distributed_run(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    result = preflight(
        ["python", "-m", "torch.distributed.run", "--nproc-per-node", "3", script], gpus=2
    )
    assert only(result, "launcher-procs-exceed-gpus").status is Status.FAIL


def test_deepspeed_num_gpus_beyond_node(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    result = preflight(["deepspeed", "--num_gpus", "8", script, "--deepspeed", "ds.json"], gpus=4)
    assert only(result, "launcher-procs-exceed-gpus").status is Status.FAIL


def test_deepspeed_include_slot_missing(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    result = preflight(["deepspeed", "--include", "localhost:2,3,4", script], gpus=4)
    assert only(result, "launcher-procs-exceed-gpus").upstream == (
        "ValueError: No slot '4' specified on host 'localhost'"
    )


def test_deepspeed_num_gpus_with_include(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    result = preflight(["deepspeed", "--num_gpus", "2", "--include", "localhost:0,1", script])
    upstreams = [v.result.upstream for v in result.verdicts]
    assert "ValueError: Cannot specify num_nodes/gpus with include/exclude" in upstreams


def test_deepspeed_drops_cuda_visible_devices(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    result = preflight(
        ["deepspeed", "--num_gpus", "2", script], env={"CUDA_VISIBLE_DEVICES": "2,3"}
    )
    verdict = only(result, "launcher-procs-exceed-gpus", Status.WARN)
    assert verdict.upstream.startswith("Detected VISIBLE_DEVICES=2,3 but ignoring it")
    assert "--include localhost:2,3" in verdict.fix


def test_deepspeed_multi_node_without_hostfile(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    hostfile = str(tmp_path / "missing-hostfile")
    result = preflight(["deepspeed", "-H", hostfile, "--num_nodes", "2", script])
    upstreams = [v.result.upstream for v in result.verdicts]
    assert "ValueError: Num nodes is >1 but no extra nodes available via hostfile" in upstreams


VLLM_UNDER_TORCHRUN = """
from vllm import LLM

llm = LLM(model="meta-llama/Meta-Llama-3-8B", tensor_parallel_size=2)
"""

VLLM_EXTERNAL = """
import torch.distributed as dist
from vllm import LLM

llm = LLM(
    model="meta-llama/Meta-Llama-3-8B",
    tensor_parallel_size=2,
    distributed_executor_backend="external_launcher",
)
"""


def test_vllm_engine_per_torchrun_rank(tmp_path: Path) -> None:
    script = _script(tmp_path, VLLM_UNDER_TORCHRUN)
    result = preflight(["torchrun", "--nproc-per-node", "4", script], gpus=4)
    verdict = only(result, "manual-dist-init-with-vllm")
    assert verdict.status is Status.FAIL
    assert 'distributed_executor_backend="external_launcher"' in verdict.fix


def test_external_launcher_needs_world_multiple_of_tp(tmp_path: Path) -> None:
    script = _script(tmp_path, VLLM_EXTERNAL)
    ok = preflight(["torchrun", "--nproc-per-node", "4", script], gpus=4)
    assert only(ok, "manual-dist-init-with-vllm").status is Status.PASS
    odd = preflight(["torchrun", "--nproc-per-node", "3", script], gpus=4)
    assert only(odd, "manual-dist-init-with-vllm").upstream == (
        "RuntimeError: shape '[-1, 1, 1, 1, 2]' is invalid for input of size 3"
    )


def test_manual_init_then_vllm_tp_in_plain_python(tmp_path: Path) -> None:
    script = _script(
        tmp_path,
        """
        import torch.distributed as dist
        from vllm import LLM

        dist.init_process_group("gloo")
        llm = LLM(model="m", tensor_parallel_size=4)
        """,
    )
    verdict = only(preflight(["python3", script], gpus=machine(4)), "manual-dist-init-with-vllm")
    assert verdict.status is Status.WARN
    assert "init_process_group (line 5)" in verdict.observed


def test_script_without_vllm_passes(tmp_path: Path) -> None:
    script = _script(tmp_path, TRAIN)
    result = preflight(["torchrun", "--nproc-per-node", "2", script], gpus=2)
    assert only(result, "manual-dist-init-with-vllm").status is Status.PASS
    assert not result.failed


def test_unreadable_script_skips(tmp_path: Path) -> None:
    result = preflight(["torchrun", "--nproc-per-node", "2", str(tmp_path / "gone.py")], gpus=2)
    assert only(result, "manual-dist-init-with-vllm").status is Status.SKIP


def test_missing_script_fails_here_and_warns_when_planning(tmp_path: Path) -> None:
    from torchplace.preflight.runner import Options, run_preflight

    missing = str(tmp_path / "nope.py")
    here = preflight(["torchrun", "--nproc-per-node", "2", missing], gpus=2)
    assert only(here, "launched-script-missing").status is Status.FAIL
    planned = run_preflight(
        ["torchrun", "--nproc-per-node", "2", missing],
        Options(gpus=2, gpu_memory=80 * 1024**3),
        {},
    )
    assert only(planned, "launched-script-missing").status is Status.WARN
    script = tmp_path / "train.py"
    script.write_text("print('hi')\n")
    ok = preflight(["python", str(script)], gpus=1)
    assert only(ok, "launched-script-missing").status is Status.PASS
    module = preflight(["torchrun", "--nproc-per-node", "2", "-m", "pkg.train"], gpus=2)
    assert only(module, "launched-script-missing").status is Status.SKIP
