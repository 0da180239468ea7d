"""device-ids-visibility and heterogeneous-gpu-order."""

from __future__ import annotations

from torchplace.preflight.checks import Status
from torchplace.preflight.machine import Gpu, MachineFacts

from .helpers import A100_40, H200, machine, only, preflight


def _fails(result) -> list:  # type: ignore[no-untyped-def]
    return [
        v.result
        for v in result.verdicts
        if v.check.name == "device-ids-visibility" and v.result.status is Status.FAIL
    ]


def test_cuda_visible_devices_typo_hides_the_rest() -> None:
    result = preflight("vllm serve m -tp 2", env={"CUDA_VISIBLE_DEVICES": "0,l"})
    verdict = only(result, "device-ids-visibility")
    assert verdict.status is Status.FAIL
    assert "CUDA stops reading there" in verdict.observed


def test_cuda_visible_devices_empty_hides_all() -> None:
    result = preflight("torchrun --nproc-per-node 2 train.py", env={"CUDA_VISIBLE_DEVICES": ""})
    verdict = only(result, "device-ids-visibility")
    assert verdict.upstream == "RuntimeError: No CUDA GPUs are available"


def test_cuda_visible_devices_out_of_range_for_this_node() -> None:
    result = preflight("vllm serve m", gpus=2, env={"CUDA_VISIBLE_DEVICES": "1,2"})
    verdict = only(result, "device-ids-visibility")
    assert "entry 2 (logical cuda:1) is out of range" in verdict.observed
    assert verdict.upstream == "CUDA error: invalid device ordinal"


def test_cuda_visible_devices_unknown_uuid() -> None:
    facts = machine(2)
    good = facts.gpus[1].uuid
    assert good is not None
    ok = preflight("vllm serve m", gpus=facts, env={"CUDA_VISIBLE_DEVICES": good[:12]})
    assert only(ok, "device-ids-visibility").status is Status.PASS
    bad = preflight("vllm serve m", gpus=facts, env={"CUDA_VISIBLE_DEVICES": "GPU-deadbeef"})
    assert "matches no GPU UUID" in only(bad, "device-ids-visibility").observed


def test_inline_environment_assignment_is_read() -> None:
    result = preflight("CUDA_VISIBLE_DEVICES=0 vllm serve m -tp 2", gpus=8)
    assert only(result, "parallel-size-exceeds-gpus").status is Status.FAIL
    assert result.command.program[:2] == ["vllm", "serve"]


def test_device_ids_duplicates_quote_vllm() -> None:
    result = preflight("vllm serve m -tp 2 --device-ids 3,3")
    assert _fails(result)[0].upstream == "--device-ids must not contain duplicates: [3, 3]"


def test_device_ids_mixing_kinds_quotes_vllm() -> None:
    result = preflight("vllm serve m -tp 2 --device-ids 1,GPU-00000000")
    assert _fails(result)[0].upstream == "--device-ids must not mix integer IDs and UUIDs"


def test_device_ids_are_indices_into_cuda_visible_devices() -> None:
    # A common mistake: repeating the physical ids that CUDA_VISIBLE_DEVICES already selected.
    env = {"CUDA_VISIBLE_DEVICES": "4,5"}
    result = preflight("vllm serve m -tp 2 --device-ids 4,5", env=env)
    fails = _fails(result)
    assert fails[0].upstream == (
        "--device-ids index 4 is out of range for CUDA_VISIBLE_DEVICES=4,5 (2 devices visible)"
    )
    agree = preflight(
        "vllm serve m -tp 2 --device-ids 2,3", env={"CUDA_VISIBLE_DEVICES": "4,5,6,7"}
    )
    verdict = only(agree, "device-ids-visibility")
    assert verdict.status is Status.PASS
    assert "physical GPU(s) 6,7" in verdict.observed


def test_device_ids_beyond_this_node() -> None:
    result = preflight("vllm serve m -tp 2 --device-ids 6,8", gpus=8)
    assert "--device-ids 8: this node has GPUs 0..7" in _fails(result)[0].observed


def test_device_ids_too_few_for_the_world() -> None:
    result = preflight("vllm serve m -tp 4 --device-ids 0,1")
    assert _fails(result)[0].upstream == (
        "--device-ids provides 2 devices, but DP rank 0 needs devices [0, 4)"
    )


def test_device_ids_uuid_must_match() -> None:
    facts = machine(2)
    uuid = facts.gpus[0].uuid
    ok = preflight(["vllm", "serve", "m", "--device-ids", str(uuid)], gpus=facts)
    assert only(ok, "device-ids-visibility").status is Status.PASS
    bad = preflight("vllm serve m --device-ids GPU-ffffffff", gpus=facts)
    assert "matches no GPU UUID" in _fails(bad)[0].observed


def test_device_ids_with_ray_has_no_effect() -> None:
    result = preflight("vllm serve m -tp 2 --device-ids 0,1 --distributed-executor-backend ray")
    verdict = only(result, "device-ids-visibility", Status.WARN)
    assert verdict.upstream.startswith("--device-ids has no effect when using the Ray executor.")


def test_mixed_gpus_without_pci_order_warns() -> None:
    facts = MachineFacts(
        (Gpu(0, "NVIDIA H200", H200, "GPU-a"), Gpu(1, "NVIDIA A100-SXM4-40GB", A100_40, "GPU-b")),
        "nvml",
    )
    result = preflight("vllm serve m -tp 2", gpus=facts)
    assert only(result, "heterogeneous-gpu-order").status is Status.WARN
    ordered = preflight("vllm serve m -tp 2", gpus=facts, env={"CUDA_DEVICE_ORDER": "PCI_BUS_ID"})
    assert only(ordered, "heterogeneous-gpu-order").status is Status.PASS
    same = preflight("vllm serve m -tp 2", gpus=2)
    assert only(same, "heterogeneous-gpu-order").observed.startswith("2 x NVIDIA H200")
