"""Every check against fake environments: its PASS, WARN, FAIL and SKIP paths."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from doctor_fakes import FakeEnv, FakeNvml, cuda_build, h200s, no_gpu

from torchplace.doctor import registry
from torchplace.doctor.env import TorchBuild
from torchplace.doctor.facts import (
    AllReduceResult,
    EccStatus,
    GpuProcess,
    Link,
    ShmInfo,
    ThreadProbe,
)
from torchplace.doctor.result import CheckResult, Status
from torchplace.doctor.runner import execute


def check(name: str, env: FakeEnv) -> CheckResult:
    return execute(registry.get(name), env)


ALL = [c.name for c in registry.all_checks()]
NEEDS_NOTHING = {"nccl-env", "dev-shm", "cuda-visible-devices"}


@pytest.mark.parametrize("name", ALL)
def test_healthy_host_passes_or_skips_with_reason(name: str) -> None:
    result = check(name, FakeEnv())
    expected = Status.SKIP if name == "runtime-invariants" else Status.PASS
    assert result.status is expected, result
    assert result.observed and result.name == name


@pytest.mark.parametrize("name", sorted(set(ALL) - NEEDS_NOTHING))
def test_machine_without_gpu_skips_and_says_why(name: str) -> None:
    result = check(name, no_gpu())
    assert result.status is Status.SKIP, result
    assert any(word in result.observed for word in ("NVML", "CPU", "CUDA", "not available"))


def test_cpu_torch_on_gpu_host_fails() -> None:
    env = FakeEnv(build=TorchBuild("2.13.0+cpu", None), cuda_backend=None)
    result = check("torch-cuda-build", env)
    assert result.status is Status.FAIL and "CPU-only" in result.observed
    assert "download.pytorch.org" in result.fix


def test_torch_without_kernels_for_the_gpu_fails() -> None:
    env = FakeEnv(build=TorchBuild("2.4.0+cu118", "11.8", None, None, True, 2, ("sm_70", "sm_80")))
    assert check("torch-cuda-build", env).status is Status.FAIL
    env.build = TorchBuild("2.4.0+cu118", "11.8", None, None, True, 2, ("sm_80", "compute_80"))
    assert check("torch-cuda-build", env).status is Status.PASS  # PTX JIT covers sm_90


def test_cuda_unavailable_fails() -> None:
    env = FakeEnv(build=TorchBuild("2.11.0+cu130", "13.0", None, None, False, 0))
    assert check("torch-cuda-build", env).status is Status.FAIL


@pytest.mark.parametrize(
    ("driver", "status"), [(13000, Status.PASS), (13020, Status.PASS), (12080, Status.FAIL)]
)
def test_driver_against_torch_cuda_major(driver: int, status: Status) -> None:
    env = FakeEnv(nvml_backend=FakeNvml(cuda_driver=driver))
    assert check("driver-cuda-version", env).status is status


def test_driver_older_minor_warns() -> None:
    env = FakeEnv(nvml_backend=FakeNvml(cuda_driver=12040))
    env.build = TorchBuild("2.6.0+cu126", "12.6", None, None, True, 2, ("sm_90",))
    result = check("driver-cuda-version", env)
    assert result.status is Status.WARN and "12.4" in result.observed


def mixed_nvml() -> FakeNvml:
    gpus = h200s()
    gpus[1] = type(gpus[1])(1, gpus[1].uuid, "NVIDIA A100-SXM4-80GB")
    return FakeNvml(gpu_list=gpus)


def test_model_mix_without_pci_bus_order() -> None:
    env = FakeEnv(nvml_backend=mixed_nvml())
    assert check("gpu-model-mix", env).status is Status.WARN
    env.environ["CUDA_VISIBLE_DEVICES"] = "1"
    assert check("gpu-model-mix", env).status is Status.FAIL
    env.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"
    assert check("gpu-model-mix", env).status is Status.PASS


@pytest.mark.parametrize(
    ("value", "status", "words"),
    [
        ("", Status.FAIL, "empty"),
        ("0,0", Status.FAIL, "twice"),
        ("0,2", Status.FAIL, "out of range"),
        ("0,gpu1", Status.FAIL, "stops reading"),
        ("GPU-zzz", Status.FAIL, "matches no"),
        ("GPU-bbbb", Status.PASS, "1 of 2"),
        ("MIG-nope", Status.FAIL, "no MIG instance"),
        ("1,0", Status.PASS, "2 of 2"),
    ],
)
def test_cuda_visible_devices(value: str, status: Status, words: str) -> None:
    result = check("cuda-visible-devices", FakeEnv(environ={"CUDA_VISIBLE_DEVICES": value}))
    assert result.status is status and words in result.observed, result


def test_cuda_visible_devices_without_nvml() -> None:
    env = FakeEnv(environ={"CUDA_VISIBLE_DEVICES": "0,0"}, nvml_backend=None)
    assert check("cuda-visible-devices", env).status is Status.FAIL
    env.environ["CUDA_VISIBLE_DEVICES"] = "0"
    assert check("cuda-visible-devices", env).status is Status.PASS


def test_torch_device_count_disagrees() -> None:
    env = FakeEnv(build=cuda_build(count=1))
    result = check("torch-device-count", env)
    assert result.status is Status.FAIL and "torch sees 1; expected 2" in result.observed
    env.environ["CUDA_VISIBLE_DEVICES"] = "1"
    assert check("torch-device-count", env).status is Status.PASS


def test_context_creation_failure_and_slowness() -> None:
    env = FakeEnv()
    env.cuda().context_errors[1] = RuntimeError("CUDA error: uncorrectable ECC error encountered")
    result = check("context-creation", env)
    assert result.status is Status.FAIL and "cuda:1" in result.observed
    env.cuda().context_errors.clear()
    env.cuda().context_seconds = 9.0
    assert check("context-creation", env).status is Status.WARN


def test_allocation_lands_elsewhere_fails() -> None:
    env = FakeEnv()
    env.cuda().placements[1] = (0, [0])
    result = check("allocation-placement", env)
    assert result.status is Status.FAIL and "set_device(1) -> tensor on cuda:0" in result.observed


def test_fresh_thread_is_reported_with_the_fix() -> None:
    result = check("fresh-thread-device", FakeEnv())
    assert result.status is Status.PASS
    assert "cuda:0" in result.observed and "CUDA_ERROR_INVALID_CONTEXT" in result.observed
    assert "set_device" in result.fix
    env = FakeEnv()
    env.cuda().count = 3
    env.cuda().probe = ThreadProbe(2, 1, "device 1", "ctypes libcuda")
    assert check("fresh-thread-device", env).status is Status.WARN


def test_peer_access_missing() -> None:
    env = FakeEnv()
    env.cuda().peers[(0, 1)] = False
    assert check("peer-access", env).status is Status.FAIL  # NVLink pair
    env.nvml().link_default = Link(pcie_path="PHB", pcie_gbps=63.0)
    assert check("peer-access", env).status is Status.WARN
    env.nvml_backend = None
    assert check("peer-access", env).status is Status.WARN


def test_single_gpu_skips_pair_checks() -> None:
    env = FakeEnv()
    env.cuda().count = 1
    for name in ("peer-access", "gpu-link-topology", "p2p-bandwidth", "nccl-all-reduce"):
        assert check(name, env).status is Status.SKIP


def test_link_topology() -> None:
    env = FakeEnv()
    assert check("gpu-link-topology", env).observed == "cuda:0-cuda:1 NV18"
    env.nvml().link_default = Link(pcie_path="SYS", pcie_gbps=63.0)
    assert check("gpu-link-topology", env).status is Status.WARN
    env.nvml().gpu_list = h200s(3)
    env.cuda().count, env.cuda().uuids = 3, [g.uuid for g in h200s(3)]
    env.nvml().links = {(0, 1): Link(nvlinks=4, nvlink_version=4)}
    result = check("gpu-link-topology", env)
    assert result.status is Status.WARN and result.observed.startswith("mixed")


def test_link_labels_and_expectations() -> None:
    assert Link(nvlinks=18, nvlink_version=4).expected_gbps == 450.0
    assert Link(nvlinks=18, nvlink_version=5, via_switch=True).label == "NV18 via NVSwitch"
    assert Link(pcie_path="PXB", pcie_gbps=31.5).expected_gbps == 31.5


def test_p2p_bandwidth_below_half_warns() -> None:
    env = FakeEnv(environ={"TORCHPLACE_DOCTOR_P2P_BYTES": str(1 << 20)})
    result = check("p2p-bandwidth", env)
    assert result.status is Status.PASS and "394-394 GB/s" in result.observed
    assert env.cuda().copies == [(0, 1, 1 << 20), (1, 0, 1 << 20)]
    env.cuda().gbps[(1, 0)] = 180.0
    result = check("p2p-bandwidth", env)
    assert (
        result.status is Status.WARN and "cuda:1->cuda:0 180 GB/s < half of 450" in result.observed
    )


def test_nccl_env_contradictions() -> None:
    env = FakeEnv(environ={"NCCL_P2P_DISABLE": "1"})
    result = check("nccl-env", env)
    assert result.status is Status.WARN and "NVLink" in result.observed
    env.nvml().link_default = Link(pcie_path="SYS")
    assert check("nccl-env", env).status is Status.PASS  # no NVLink: may be deliberate
    env.environ = {"NCCL_SOCKET_IFNAME": "ib9"}
    assert check("nccl-env", env).status is Status.FAIL
    for value in ("eth", "=eth0", "^docker"):
        env.environ = {"NCCL_SOCKET_IFNAME": value}
        assert check("nccl-env", env).status is Status.PASS, value
    env.environ = {"NCCL_ALGO": "Ring", "NCCL_DEBUG": "TRACE"}
    assert check("nccl-env", env).status is Status.WARN


def test_nccl_all_reduce_paths() -> None:
    env = FakeEnv(environ={"TORCHPLACE_DOCTOR_NCCL_TIMEOUT": "7"})
    result = check("nccl-all-reduce", env)
    assert result.status is Status.PASS and "busbw 328 GB/s" in result.observed
    assert env.all_reduce_calls == [(1 << 30, 7.0)]
    env.all_reduce_result = AllReduceResult(2, "nccl", False, hung=True)
    hung = check("nccl-all-reduce", env)
    assert hung.status is Status.FAIL and "did not finish within 7 s" in hung.observed
    assert "NCCL_DEBUG=INFO" in hung.fix
    env.all_reduce_result = AllReduceResult(2, "nccl", True, False, 1 << 30, 3e-3)
    assert "wrong sum" in check("nccl-all-reduce", env).observed
    env.all_reduce_result = AllReduceResult(2, "nccl", False, error="rank 1: DistBackendError: x")
    assert "DistBackendError" in check("nccl-all-reduce", env).observed
    env.all_reduce_result = AllReduceResult(2, "nccl", True, True, 1 << 30, 20e-3)
    assert check("nccl-all-reduce", env).status is Status.WARN  # 54 GB/s on NV18


def test_busbw_follows_nccl_tests() -> None:
    result = AllReduceResult(8, "nccl", True, True, 1 << 30, 1e-2)
    assert result.algbw_gbps == pytest.approx(107.374, rel=1e-3)
    assert result.busbw_gbps == pytest.approx(107.374 * 2 * 7 / 8, rel=1e-3)


@pytest.mark.parametrize(
    ("total", "free", "status"),
    [
        (64 << 20, 60 << 20, Status.FAIL),
        (512 << 20, 500 << 20, Status.WARN),
        (16 << 30, 1 << 30, Status.WARN),
        (16 << 30, 15 << 30, Status.PASS),
    ],
)
def test_dev_shm(total: int, free: int, status: Status) -> None:
    env = FakeEnv(shm_info=ShmInfo("/dev/shm", total, free))
    assert check("dev-shm", env).status is status


def test_other_processes_on_gpus() -> None:
    env = FakeEnv()
    env.nvml().procs = [GpuProcess(4242, 0, 1 << 30, "python")]  # the doctor itself
    assert check("gpu-memory-other-processes", env).status is Status.PASS
    env.nvml().procs.append(GpuProcess(777, 1, 40 << 30, "vllm"))
    result = check("gpu-memory-other-processes", env)
    assert result.status is Status.WARN and "pid 777 vllm on GPU 1 (40.0 GiB)" in result.observed
    env.environ["CUDA_VISIBLE_DEVICES"] = "0"
    env.cuda().count, env.cuda().uuids = 1, [env.cuda().uuids[0]]
    assert check("gpu-memory-other-processes", env).status is Status.PASS  # GPU 1 not ours


@pytest.mark.parametrize(
    ("ecc", "status"),
    [
        (EccStatus(1, True, 3), Status.FAIL),
        (EccStatus(1, True, 0, remap_failed=True), Status.FAIL),
        (EccStatus(1, True, 0, remap_pending=True), Status.WARN),
        (EccStatus(1, True, 0, retired_pending=True, retired_pages=2), Status.WARN),
        (EccStatus(1, False, None), Status.WARN),
        (EccStatus(1, True, 0, retired_pages=2), Status.PASS),
    ],
)
def test_ecc(ecc: EccStatus, status: Status) -> None:
    env = FakeEnv()
    env.nvml().ecc_by_gpu[1] = ecc
    assert check("ecc-errors", env).status is status


def test_ecc_not_reported_skips() -> None:
    env = FakeEnv()
    env.nvml().ecc_by_gpu = {0: EccStatus(0), 1: EccStatus(1)}
    assert check("ecc-errors", env).status is Status.SKIP


def test_runtime_invariants_when_available() -> None:
    env = FakeEnv(invariants=lambda: [])
    assert check("runtime-invariants", env).status is Status.PASS
    env.invariants = lambda: ["thread 'x' bound to cuda:0, context on cuda:1"]
    assert check("runtime-invariants", env).status is Status.FAIL

    def raises() -> None:
        raise RuntimeError("context of cuda:1 current while torch says cuda:0")

    env.invariants = raises
    assert "cuda:1" in check("runtime-invariants", env).observed
    env.invariants = lambda device: None
    assert check("runtime-invariants", env).status is Status.SKIP


def test_runtime_invariants_missing_skips_with_reason() -> None:
    result = check("runtime-invariants", FakeEnv())
    assert result.status is Status.SKIP and "check_context_invariants" in result.observed


def invariant_report(status: str, skipped: str | None = None) -> SimpleNamespace:
    item = SimpleNamespace(
        name="allocation-lands",
        status=SimpleNamespace(value=status),
        observed="cuda:0",
        expected="cuda:1",
    )
    device = SimpleNamespace(index=1, checks=(item,))
    return SimpleNamespace(
        devices=(device,),
        skipped_reason=skipped,
        driver="cuda-bindings",
        to_dict=lambda: {"ok": status != "fail"},
    )


def test_runtime_invariants_report_shape() -> None:
    env = FakeEnv(invariants=lambda devices=None, threads=True: invariant_report("pass"))
    result = check("runtime-invariants", env)
    assert result.status is Status.PASS and "1 invariant checks pass" in result.observed
    env.invariants = lambda devices=None, threads=True: invariant_report("fail")
    result = check("runtime-invariants", env)
    assert result.status is Status.FAIL
    assert "cuda:1 allocation-lands: observed cuda:0, expected cuda:1" in result.observed
    env.invariants = lambda devices=None, threads=True: invariant_report("pass", "no CUDA")
    assert check("runtime-invariants", env).status is Status.SKIP
