"""The live explainer on real torch exceptions: notes, operands, modules, origins, hooks."""

from __future__ import annotations

import sys
import threading

import pytest
import torch
from torch import nn

import torchplace
from torchplace.explain import hooks


def _cat(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.cat([a, b])


def _note(error: BaseException) -> str:
    return "\n".join(getattr(error, "__notes__", []))


def test_context_manager_keeps_exception_and_adds_note(fake_cuda) -> None:  # type: ignore[no-untyped-def]
    a = torch.ones(2, device="cuda:0")
    b = torch.ones(2, device="cuda:1")
    with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
        _cat(a, b)
    error = info.value
    assert type(error).__name__ == "FakeTensorDeviceMismatchError"
    assert str(error).startswith("Expected all tensors to be on the same device")
    note = _note(error)
    assert "device mismatch in cat: cuda:0 vs cuda:1" in note
    assert "test_live.py" in note and "return torch.cat([a, b])" in note
    assert "a  tensor cuda:0 [2] float32" in note
    assert "b  tensor cuda:1 [2] float32" in note
    assert "hardcoded-cuda-device" in note


def test_decorator_and_stderr(fake_cuda, capsys) -> None:  # type: ignore[no-untyped-def]
    @torchplace.explain()
    def step(x: torch.Tensor) -> torch.Tensor:
        weight = torch.randn(3, 3, device="cuda:1")
        return x @ weight

    with pytest.raises(RuntimeError):
        step(torch.randn(2, 3, device="cuda:0"))
    err = capsys.readouterr().err
    assert "torchplace explain: device mismatch" in err
    assert "weight  tensor cuda:1 [3, 3] float32" in err


class _Rope(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.inv_freq = torch.ones(4)  # a plain attribute: never moved with the module

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(x.shape[0])
        freqs = positions[:, None] * self.inv_freq[None, :]
        return x * freqs


class _Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.rotary_emb = _Rope()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.rotary_emb(x)


class _Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layers = nn.ModuleList([_Block(), _Block()])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = layer(x)
        return x


def test_module_path_and_origins(fake_cuda) -> None:  # type: ignore[no-untyped-def]
    model = _Model()
    x = torch.randn(3, 4, device="cuda:0")
    with pytest.raises(RuntimeError) as info, torchplace.explain(origins=True, print_report=False):
        model(x)
    diagnosis = hooks.diagnosis_of(info.value)
    assert diagnosis.module.qualname == "layers.0.rotary_emb"
    assert diagnosis.module.root_class == "_Model"
    freqs = next(o for o in diagnosis.operands if o.expr == "freqs")
    assert freqs.device == "cpu"
    assert freqs.origin is not None and freqs.origin.op == "torch.arange"
    assert "without device=" in freqs.origin.note
    assert "created at test_live.py" in _note(info.value)
    assert diagnosis.pattern.id == "tensor-created-without-device"


def test_other_errors_are_untouched() -> None:
    with pytest.raises(ValueError) as info, torchplace.explain():
        raise ValueError("nothing to do with devices")
    assert not getattr(info.value, "__notes__", [])


class _Counter:
    def __init__(self) -> None:
        self.reads = 0

    @property
    def tensor(self) -> torch.Tensor:
        self.reads += 1
        return torch.ones(2)


def test_operands_are_read_without_side_effects(fake_cuda) -> None:  # type: ignore[no-untyped-def]
    counter = _Counter()
    calls: list[int] = []

    def make() -> torch.Tensor:
        calls.append(1)
        return torch.ones(2, device="cuda:1")

    a = torch.ones(2, device="cuda:0")
    with pytest.raises(RuntimeError), torchplace.explain(print_report=False):
        _ = a + counter.tensor.to("cuda:1") + make()
    assert counter.reads == 1 and len(calls) == 0  # only the program's own evaluation


def test_install_is_idempotent_and_uninstall_restores() -> None:
    before_sys, before_thread = sys.excepthook, threading.excepthook
    torchplace.install()
    torchplace.install()
    assert sys.excepthook is hooks._sys_hook
    assert threading.excepthook is hooks._thread_hook
    hooks.uninstall()
    assert sys.excepthook is before_sys and threading.excepthook is before_thread


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_thread_hook_explains_and_names_thread(fake_cuda) -> None:  # type: ignore[no-untyped-def]
    torchplace.install()
    a = torch.ones(2, device="cuda:0")
    b = torch.ones(2, device="cuda:1")

    def worker() -> None:
        with fake_cuda:  # modes are thread-local
            _cat(a, b)

    thread = threading.Thread(target=worker, name="sampler")
    thread.start()
    thread.join()
    found = hooks.diagnoses()
    assert found and found[-1].thread is not None and found[-1].thread.name == "sampler"
    assert found[-1].pattern is not None
    assert found[-1].pattern.id == "thread-without-device-binding"
    # pytest's own thread-exception plugin prints the traceback; the note is what it shows.


def test_sys_hook_adds_note_before_printing(fake_cuda) -> None:  # type: ignore[no-untyped-def]
    printed: list[str] = []
    sys.excepthook = lambda kind, value, tb: printed.append(_note(value))
    try:
        torchplace.install()
        try:
            _cat(torch.ones(1, device="cuda:0"), torch.ones(1, device="cuda:1"))
        except RuntimeError as error:
            sys.excepthook(type(error), error, error.__traceback__)
    finally:
        hooks.uninstall()
        sys.excepthook = sys.__excepthook__
    assert printed and "torchplace explain" in printed[0]


def test_rank_prefix_and_json_target(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from torchplace.explain.live_context import rank_prefix

    monkeypatch.setenv("RANK", "1")
    monkeypatch.setenv("WORLD_SIZE", "2")
    assert rank_prefix() == "[rank1]: "
    assert hooks.json_target("out/report.json") == "out/report.rank1.json"
    assert hooks.json_target("r{rank}.json") == "r1.json"
    monkeypatch.setenv("WORLD_SIZE", "1")
    assert rank_prefix() == ""


def test_legacy_constructor_given_a_device_is_explained() -> None:
    # Real torch raises for any device but the CPU ("meta" needs no GPU): the CPU tensor type
    # `torch.FloatTensor` does not place its tensor where `device=` says.
    with (
        pytest.raises(RuntimeError, match="legacy constructor") as info,
        torchplace.explain(print_report=False),
    ):
        torch.FloatTensor([170.0, 110.0], device="meta")
    note = _note(info.value)
    assert "legacy-constructor-given-device" in note
    assert "torch.tensor(" in note
