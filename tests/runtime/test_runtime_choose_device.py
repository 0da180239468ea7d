"""Which GPU a worker gets, and the messages when there is none (no GPU needed: pure logic)."""

from __future__ import annotations

import pytest

from torchplace import visible_devices
from torchplace.runtime._env import read_ranks
from torchplace.runtime.binding import choose_cuda_index
from torchplace.runtime.errors import BindingError


def _choose(env: dict[str, str], count: int, device: object = None) -> int:
    ranks = read_ranks(env)
    return choose_cuda_index(ranks, visible_devices.from_environ(env), device, count)


def _torchrun(rank: int, local: int, world: int, local_world: int, **extra: str) -> dict[str, str]:
    env = {
        "RANK": str(rank),
        "LOCAL_RANK": str(local),
        "WORLD_SIZE": str(world),
        "LOCAL_WORLD_SIZE": str(local_world),
    }
    return {**env, **extra}


def test_local_rank_is_the_device() -> None:
    assert _choose(_torchrun(5, 1, 8, 4), count=4) == 1


def test_local_rank_beyond_visible_devices() -> None:
    env = _torchrun(3, 3, 4, 4, CUDA_VISIBLE_DEVICES="0,1")
    with pytest.raises(BindingError) as info:
        _choose(env, count=2)
    message = str(info.value)
    assert "LOCAL_WORLD_SIZE=4" in message and "CUDA_VISIBLE_DEVICES='0,1'" in message
    assert "--nproc-per-node=2" in message


def test_every_rank_fails_alike_when_the_node_has_too_few_gpus() -> None:
    with pytest.raises(BindingError, match=r"local ranks 2\.\.3 have no GPU"):
        _choose(_torchrun(0, 0, 4, 4), count=2)


def test_global_rank_as_local_rank_without_local_world_size() -> None:
    env = {"RANK": "9", "LOCAL_RANK": "9", "WORLD_SIZE": "16"}
    with pytest.raises(BindingError, match="global rank used as the device index"):
        _choose(env, count=8)


def test_explicit_device_equal_to_global_rank() -> None:
    env = _torchrun(9, 1, 16, 8)
    with pytest.raises(BindingError, match="device=9 but this process sees 8 GPU"):
        _choose(env, count=8, device=9)
    with pytest.raises(BindingError, match="equals RANK=3, the global rank"):
        _choose(_torchrun(3, 1, 4, 2), count=4, device=3)


def test_one_visible_device_per_process_means_cuda0() -> None:
    env = _torchrun(1, 1, 2, 2, CUDA_VISIBLE_DEVICES="1")
    assert _choose(env, count=1) == 0


def test_one_gpu_without_visible_devices_is_shared() -> None:
    with pytest.raises(BindingError, match="LOCAL_WORLD_SIZE=2 processes"):
        _choose(_torchrun(1, 1, 2, 2), count=1)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0,,1", "entry '' is not a GPU index"),
        ("0,GPU-abc", "entry 'GPU-abc' is not a GPU index"),
        ("0,0", "names '0' twice"),
        ("1gpu", "read as 1"),
        ("", "is empty"),
    ],
)
def test_visible_devices_typos(value: str, expected: str) -> None:
    env = _torchrun(0, 0, 1, 1, CUDA_VISIBLE_DEVICES=value)
    with pytest.raises(BindingError, match=expected) as info:
        _choose(env, count=1)
    assert repr(value) in str(info.value)
    assert "Fix the launcher" in str(info.value)


def test_visible_devices_naming_missing_gpus() -> None:
    env = _torchrun(0, 0, 1, 1, CUDA_VISIBLE_DEVICES="0,1,7")
    with pytest.raises(BindingError, match=r"lists 3 GPU\(s\) but CUDA exposes 2"):
        _choose(env, count=2)


def test_no_gpu_visible() -> None:
    with pytest.raises(BindingError, match="sees no CUDA GPU"):
        _choose(_torchrun(0, 0, 1, 1), count=0)
