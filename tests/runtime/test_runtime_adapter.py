"""DeviceFollowingAdapter: the delta follows the base without forward mutating anything."""

from __future__ import annotations

import copy
import pickle
import threading
from typing import Any

import pytest
import torch
from torch import nn

from torchplace.runtime import DeviceFollowingAdapter, DeviceMismatchError

META = torch.device("meta")


def _adapter() -> DeviceFollowingAdapter:
    torch.manual_seed(0)
    base = nn.Linear(4, 3)
    delta = nn.Sequential(nn.Linear(4, 2, bias=False), nn.Linear(2, 3, bias=False))
    return DeviceFollowingAdapter(base, delta, scale=0.5)


def test_output_is_base_plus_scaled_delta() -> None:
    adapter = _adapter()
    x = torch.randn(5, 4)
    expected = adapter.base(x) + 0.5 * adapter.delta(x)
    torch.testing.assert_close(adapter(x), expected)


def test_lora_starts_as_the_base() -> None:
    base = nn.Linear(4, 3)
    adapter = DeviceFollowingAdapter.lora(base, rank=2, alpha=4)
    x = torch.randn(2, 4)
    torch.testing.assert_close(adapter(x), base(x))
    assert adapter.scale == 2.0


def test_moving_the_adapter_moves_the_delta() -> None:
    adapter = _adapter().to(META)
    assert {p.device for p in adapter.parameters()} == {META}


def test_base_moved_alone_uses_a_cached_copy_and_mutates_nothing() -> None:
    adapter = _adapter().eval()
    params_before = {name: (p, p.device) for name, p in adapter.delta.named_parameters()}
    adapter.base.to(META)
    out = adapter(torch.randn(2, 4, device=META))
    assert out.device == META
    again = adapter(torch.randn(2, 4, device=META))
    assert again.device == META
    for name, p in adapter.delta.named_parameters():
        assert params_before[name] == (p, p.device)  # same objects, same device
    assert len(adapter._copies) == 1


def test_cached_copy_is_rebuilt_when_the_delta_changes() -> None:
    adapter = _adapter().eval()
    adapter.base.to(META)
    adapter(torch.randn(1, 4, device=META))
    first = adapter._copies[META][1]
    with torch.no_grad():
        adapter.delta[0].weight.add_(1.0)  # an optimizer step, in place
    adapter(torch.randn(1, 4, device=META))
    assert adapter._copies[META][1] is not first


def test_training_across_devices_refuses_with_the_fix() -> None:
    adapter = _adapter().train()
    adapter.base.to(META)
    with pytest.raises(DeviceMismatchError, match=r"call adapter.follow_base\(\)"):
        adapter(torch.randn(1, 4, device=META))
    adapter.follow_base()
    assert {p.device for p in adapter.delta.parameters()} == {META}
    assert adapter(torch.randn(1, 4, device=META)).device == META


def test_delta_dtype_is_kept_and_result_cast_to_base() -> None:
    adapter = _adapter()
    adapter.base.to(torch.bfloat16)
    out = adapter(torch.randn(2, 4, dtype=torch.bfloat16))
    assert out.dtype == torch.bfloat16
    assert adapter.delta[0].weight.dtype == torch.float32


def test_concurrent_forwards_share_one_copy() -> None:
    adapter = _adapter().eval()
    adapter.base.to(META)
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def body() -> None:
        try:
            barrier.wait()
            for _ in range(20):
                assert adapter(torch.randn(1, 4, device=META)).device == META
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=body) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    assert len(adapter._copies) == 1
    assert {p.device.type for p in adapter.delta.parameters()} == {"cpu"}


def test_deepcopy_and_pickle() -> None:
    adapter = _adapter().eval()
    adapter.base.to(META)
    adapter(torch.randn(1, 4, device=META))
    clone = copy.deepcopy(adapter)
    assert clone._copies == {} and clone._lock is not adapter._lock
    restored = pickle.loads(pickle.dumps(_adapter()))
    x = torch.randn(1, 4)
    torch.testing.assert_close(restored(x), _adapter()(x))


def test_non_tensor_base_output() -> None:
    adapter = DeviceFollowingAdapter(nn.LSTM(4, 3), nn.Linear(4, 3))
    with pytest.raises(TypeError, match="returned tuple"):
        adapter(torch.randn(1, 4))


def test_under_virtual_gpus(sim2: Any) -> None:
    adapter = _adapter().eval().to("cuda:0")
    adapter.base.to("cuda:1")  # e.g. a device_map placed the base layer elsewhere
    with torch.no_grad():
        out = adapter(torch.randn(2, 4, device="cuda:0"))
    assert out.device == torch.device("cuda", 1)
    assert {p.device for p in adapter.delta.parameters()} == {torch.device("cuda", 0)}
