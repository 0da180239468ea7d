"""Observe one forward pass: cross-device copies, tensors made on a surprising device, outputs.

Cost is kept off the hot path. A `TorchFunctionMode` sees every op but costs about 25% empty
and 45% when it inspects arguments (FACTS.md). Instead, forward hooks go on the placement
blocks only (a few dozen modules, not hundreds): a block's inputs on another device than it
computes on, or than the previous block left them, are the transfers accelerate (or the caller)
makes. The tensor factories (`torch.arange`, `torch.zeros`, ...) are wrapped; only a creation
walks the Python stack to the innermost `nn.Module._call_impl` frame to learn its module.
`trace_moves=True` also wraps `Tensor.to/cuda/cpu/copy_` to see every copy wherever it is made.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType, TracebackType
from typing import Any

import torch
from torch import nn

from torchplace.audit._tensors import (
    device_name,
    device_sort_key,
    iter_tensors,
    named_tensors,
    nbytes,
)
from torchplace.audit.checks import hook_execution_device
from torchplace.audit.inventory import Subtree
from torchplace.audit.report import BlockActivation, Creation, ForwardObservation, Transfer

_CALL_IMPL = nn.Module._call_impl.__code__
_MOVES = ("to", "cuda", "cpu")
FACTORIES = (
    "arange", "zeros", "ones", "empty", "full", "tensor", "as_tensor", "rand", "randn",
    "randint", "linspace", "eye", "tril_indices", "triu_indices",
)  # fmt: skip
_Tensor = torch.Tensor


def _package_dir(name: str) -> str:
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    return os.path.dirname(os.path.abspath(path)) if path else "\0"


class ForwardObserver:
    """Records what one forward pass of `model` moves and creates; use `observing()`.

    `trees` (from `inventory.subtrees`) lets the observer know each module's device without
    recomputing it; `blocks` are the placement blocks (device-map entries) whose boundaries are
    watched. By default transfers are seen at block boundaries: an input arriving on another
    device than the block computes on (what accelerate's hook moves), or on another device than
    the previous block left it (moved by the caller). `trace_moves=True` also wraps
    `Tensor.to/cuda/cpu/copy_` and so sees every copy, wherever it happens; changing
    `torch.Tensor`'s attributes invalidates CPython's attribute caches, about 1.5 ms per forward,
    so it is meant for virtual GPUs, where time does not matter. `offloaded` maps offloaded
    blocks to (execution device, bytes of weights) loaded at each call. `names` (id(module) ->
    qualified name, from `inventory.module_names`) and `plan` (another observer's `plan()`)
    save walking the model again: building them costs more than observing a forward.
    """

    def __init__(
        self,
        model: nn.Module,
        trees: dict[str, Subtree] | None = None,
        blocks: tuple[str, ...] = (),
        *,
        trace_moves: bool = False,
        offloaded: dict[str, tuple[str, int]] | None = None,
        names: dict[int, str] | None = None,
        plan: list[tuple[str, nn.Module, torch.device | None]] | None = None,
    ) -> None:
        self.model = model
        self._plan = plan
        self.trace_moves = trace_moves
        self.offloaded = offloaded or {}
        self._targets: dict[str, torch.device | None] = {}
        self._recent: dict[tuple[Any, Any], torch.device] = {}
        self._names = names
        self.trees = trees or {}
        self.block_names = blocks
        self._tensor_ids: set[int] | None = None
        self._block_devices: dict[str, set[torch.device]] = {}
        self.transfers: dict[tuple[str, str, str, bool], Transfer] = {}
        self.creations: dict[tuple[str, str, str, str], Creation] = {}
        self.activations: dict[str, BlockActivation] = {}
        self._expected: dict[int, str | None] = {}
        self._thread: int | None = None
        self._skip_dirs = (
            _package_dir("torchplace.sim"),
            os.path.dirname(os.path.abspath(__file__)),
            os.path.dirname(os.path.abspath(torch.__file__)) + os.sep,
        )

    @contextlib.contextmanager
    def observing(self) -> Iterator[ForwardObserver]:
        """Install the wrappers and block hooks for the body; everything is undone on exit."""
        saved: list[tuple[Any, str, Any]] = []
        handles: list[Any] = []
        self._thread = threading.get_ident()
        try:
            if self.trace_moves:
                for name in _MOVES:
                    self._patch(saved, torch.Tensor, name, self._wrap_move)
                self._patch(saved, torch.Tensor, "copy_", self._wrap_copy)
            for name in FACTORIES:
                self._patch(saved, torch, name, self._wrap_factory)
            handles = self._install_hooks()
            yield self
        finally:
            self._thread = None
            for handle in handles:
                handle.remove()
            for owner, name, old in reversed(saved):
                if old is None:
                    delattr(owner, name)
                else:
                    setattr(owner, name, old)

    def _patch(self, saved: list[tuple[Any, str, Any]], owner: Any, name: str, wrap: Any) -> None:
        original = getattr(owner, name, None)
        if original is None:
            return
        saved.append((owner, name, owner.__dict__.get(name)))
        setattr(owner, name, wrap(original, name))

    def _wrap_move(self, original: Callable[..., Any], name: str) -> Callable[..., Any]:
        record = self._on_transfer

        def move(tensor: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
            out = original(tensor, *args, **kwargs)
            if out is not tensor and isinstance(out, torch.Tensor) and out.device != tensor.device:
                record(tensor, out.device, sys._getframe(1))
            return out

        return move

    def _wrap_copy(self, original: Callable[..., Any], name: str) -> Callable[..., Any]:
        record = self._on_transfer

        def copy_(target: torch.Tensor, source: Any, *args: Any, **kwargs: Any) -> Any:
            out = original(target, source, *args, **kwargs)
            if isinstance(source, torch.Tensor) and source.device != target.device:
                record(source, target.device, sys._getframe(1))
            return out

        return copy_

    def _wrap_factory(self, original: Callable[..., Any], name: str) -> Callable[..., Any]:
        record = self._on_creation

        def factory(*args: Any, **kwargs: Any) -> Any:
            out = original(*args, **kwargs)
            if isinstance(out, torch.Tensor):
                record(name, out, "device" in kwargs, sys._getframe(1))
            return out

        factory.__wrapped__ = original  # type: ignore[attr-defined]
        return factory

    def _ours(self, frame: FrameType) -> bool:
        """True in this thread for frames outside torch, the simulator and the audit itself."""
        if threading.get_ident() != self._thread:
            return False
        return not frame.f_code.co_filename.startswith(self._skip_dirs)

    def _on_transfer(self, tensor: torch.Tensor, target: torch.device, frame: FrameType) -> None:
        if not self._ours(frame):
            return
        found = self.module_at(frame)
        module = found[0] if found else "(outside the model)"
        weights = id(tensor) in self.tensor_ids() or "tensor_to_device" in frame.f_code.co_name
        key = (device_name(tensor.device), device_name(target), module, weights)
        self._add(key, nbytes(tensor))

    def _on_creation(self, function: str, out: torch.Tensor, given: bool, frame: FrameType) -> None:
        if not self._ours(frame):
            return
        found = self.module_at(frame)
        if found is None:
            return
        name, module, call_frame = found
        expected = self.expected_device(module, call_frame)
        device = device_name(out.device)
        if expected is None or device == expected:
            return
        key = (name, function, device, expected)
        entry = self.creations.get(key)
        if entry is None:
            shape = tuple(int(s) for s in out.shape)
            entry = self.creations[key] = Creation(
                name, function, device, expected, 0, shape, given
            )
        entry.count += 1

    def names(self) -> dict[int, str]:
        """id(module) -> qualified name, built at the first event that needs it (not per call)."""
        if self._names is None:
            self._names = {}
            for name, module in self.model.named_modules(remove_duplicate=False):
                self._names.setdefault(id(module), name)
        return self._names

    def _submodule(self, name: str) -> nn.Module | None:
        try:
            return self.model.get_submodule(name)
        except AttributeError:
            return None

    def tensor_ids(self) -> set[int]:
        """Ids of the model's parameters and buffers (computed at the first transfer)."""
        if self._tensor_ids is None:
            tensors = [*self.model.parameters(), *self.model.buffers()]
            self._tensor_ids = {id(t) for t in tensors}
        return self._tensor_ids

    def module_at(self, frame: FrameType | None) -> tuple[str, nn.Module, FrameType] | None:
        """The innermost module of this model whose `__call__` is running at `frame`."""
        while frame is not None:
            if frame.f_code is _CALL_IMPL:
                module = frame.f_locals.get("self")
                name = self.names().get(id(module))
                if name is not None and isinstance(module, nn.Module):
                    return name, module, frame
            frame = frame.f_back
        return None

    def expected_device(self, module: nn.Module, call_frame: FrameType) -> str | None:
        """Where the module computes: its hook's device, its tensors' device, or its inputs'."""
        key = id(module)
        if key not in self._expected:
            self._expected[key] = self._static_device(module, self.names().get(key, ""))
        device = self._expected[key]
        if device is not None:
            return device
        local = call_frame.f_locals
        for tensor in iter_tensors([local.get("args"), local.get("kwargs")]):
            return device_name(tensor.device)
        return None

    def _static_device(self, module: nn.Module, name: str) -> str | None:
        hooked = hook_execution_device(module)
        if hooked is not None:
            return hooked
        tree = self.trees.get(name)
        devices = set(tree.devices) - {"meta"} if tree is not None else set()
        return devices.pop() if len(devices) == 1 else None

    def plan(self) -> list[tuple[str, nn.Module, torch.device | None]]:
        """(name, module, device it computes on) per block; pass it to later observers."""
        if self._plan is None:
            self._plan = []
            for name in self.block_names:
                module = self._submodule(name)
                # A ModuleList never runs forward: watch its members instead.
                members = (
                    [(f"{name}.{k}", m) for k, m in module.named_children()]
                    if isinstance(module, (nn.ModuleList, nn.ModuleDict))
                    else [(name, module)]
                    if module is not None
                    else []
                )
                for member, child in members:
                    target = None if member == "" else self._static_device(child, member)
                    device = torch.device(target) if target else None
                    self._plan.append((member, child, device))
        return self._plan

    def _install_hooks(self) -> list[Any]:
        handles = []
        for name, module, target in self.plan():
            self._targets[name] = target
            if not self.trace_moves:  # the move wrappers see every copy themselves
                pre = self._block_pre_hook(name)
                handles.append(module.register_forward_pre_hook(pre, with_kwargs=True))
            handles.append(module.register_forward_hook(self._block_hook(name)))
        if "" not in self.block_names and not self.trace_moves:
            root = hook_execution_device(self.model)
            self._targets[""] = torch.device(root) if root else None
            pre = self._block_pre_hook("")
            handles.append(self.model.register_forward_pre_hook(pre, with_kwargs=True))
            handles.append(self.model.register_forward_hook(self._root_hook))
        return handles

    def _block_pre_hook(self, name: str) -> Callable[..., None]:
        target = self._targets.get(name)

        def hook(module: nn.Module, args: Any, kwargs: Any) -> None:
            if self._thread != threading.get_ident():
                return
            recent = self._recent
            for tensor in _input_tensors(args, kwargs):
                device = tensor.device
                if target is not None and device != target:
                    self._record(device, target, name, tensor)
                    continue
                key = (tensor.shape, tensor.dtype)
                source = recent.get(key)
                if source is not None and source != device:
                    self._record(source, device, self._caller(name), tensor)
                elif not name:
                    recent[key] = device

        return hook

    def _caller(self, name: str) -> str:
        """The module whose forward calls block `name` (containers like ModuleList skipped)."""
        parent = name
        while parent:
            parent = parent.rpartition(".")[0]
            if not isinstance(self._submodule(parent), (nn.ModuleList, nn.ModuleDict)):
                return parent
        return ""

    def _block_hook(self, name: str) -> Callable[..., None]:
        devices: set[torch.device] = set()
        entry = self.activations[name] = BlockActivation(name)
        offloaded = self.offloaded.get(name)

        def hook(module: nn.Module, args: Any, output: Any) -> None:
            entry.calls += 1
            size = 0
            recent = self._recent
            for tensor in _output_tensors(output):
                device = tensor.device
                devices.add(device)
                recent[(tensor.shape, tensor.dtype)] = device
                size += tensor.nbytes
            entry.output_bytes = max(entry.output_bytes, size)
            if offloaded is not None:
                self._add(("cpu", offloaded[0], name, True), offloaded[1])

        self._block_devices[name] = devices
        return hook

    def _root_hook(self, module: nn.Module, args: Any, output: Any) -> None:
        """Outputs on another device than their block left them: moved back at the root."""
        if self._thread != threading.get_ident():
            return
        for tensor in _output_tensors(output):
            source = self._recent.get((tensor.shape, tensor.dtype))
            if source is not None and source != tensor.device:
                self._record(source, tensor.device, "", tensor)

    def _record(
        self, source: torch.device, target: torch.device, module: str, tensor: torch.Tensor
    ) -> None:
        key = (device_name(source), device_name(target), module, False)
        self._add(key, nbytes(tensor))

    def _add(self, key: tuple[str, str, str, bool], size: int) -> None:
        entry = self.transfers.get(key)
        if entry is None:
            entry = self.transfers[key] = Transfer(key[0], key[1], key[2], weights=key[3])
        entry.count += 1
        entry.bytes += size

    def error_module(self, error: BaseException) -> str | None:
        """The innermost module of this model on the error's traceback."""
        found = None
        tb: TracebackType | None = error.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code is _CALL_IMPL:
                name = self.names().get(id(tb.tb_frame.f_locals.get("self")))
                found = name if name is not None else found
            tb = tb.tb_next
        return found

    def result(self, seconds: float) -> ForwardObservation:
        """The observation so far, transfers in the order they first happened."""
        return ForwardObservation(
            completed=True,
            seconds=seconds,
            transfers=list(self.transfers.values()),
            creations=list(self.creations.values()),
            activations=[self._activation(n) for n, _, _ in self.plan() if n in self.activations],
        )

    def _activation(self, name: str) -> BlockActivation:
        entry = self.activations[name]
        names = {device_name(d) for d in self._block_devices.get(name, ())}
        entry.output_devices = tuple(sorted(names, key=device_sort_key))
        return entry


def _input_tensors(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[torch.Tensor]:
    """Tensors among hook arguments, and inside a tuple or list argument (cos, sin).

    A hot path (every block, every forward): no recursion, no generators.
    """
    found = []
    for item in (*args, *kwargs.values()):
        if isinstance(item, _Tensor):
            found.append(item)
        elif type(item) is tuple or type(item) is list:
            found += [t for t in item if isinstance(t, _Tensor)]
    return found


def _output_tensors(output: Any) -> list[torch.Tensor]:
    """Tensors in a module's output: a tensor, a tuple or list of them, or a dict (ModelOutput)."""
    if isinstance(output, _Tensor):
        return [output]
    items = output.values() if isinstance(output, dict) else output
    if isinstance(items, (tuple, list, type({}.values()))):
        return [t for t in items if isinstance(t, _Tensor)]
    return []


def call_model(model: nn.Module, inputs: Any) -> Any:
    """`model(**inputs)` for a dict, `model(*inputs)` for a tuple or list, else `model(inputs)`."""
    if isinstance(inputs, dict):
        return model(**inputs)
    if isinstance(inputs, (tuple, list)):
        return model(*inputs)
    return model(inputs)


def observe_forward(
    model: nn.Module,
    inputs: Any,
    trees: dict[str, Subtree] | None = None,
    blocks: tuple[str, ...] = (),
    forward: Callable[[nn.Module, Any], Any] = call_model,
    *,
    trace_moves: bool = False,
    offloaded: dict[str, tuple[str, int]] | None = None,
    names: dict[int, str] | None = None,
) -> ForwardObservation:
    """One forward under `torch.no_grad()` and the observer; a failure is recorded, not raised."""
    observer = ForwardObserver(
        model, trees, blocks, trace_moves=trace_moves, offloaded=offloaded, names=names
    )
    start = time.perf_counter()
    output, failure = None, None
    with torch.no_grad(), observer.observing():
        try:
            output = forward(model, inputs)
        except Exception as error:  # the report says where the forward failed
            failure = error
    observation = observer.result(time.perf_counter() - start)
    observation.input_devices = _devices(named_tensors(inputs, "input"))
    if failure is not None:
        observation.completed = False
        observation.error = str(failure).strip().splitlines()[0][:500] if str(failure) else ""
        observation.error_type = type(failure).__name__
        observation.error_module = observer.error_module(failure)
        observation.error_site = error_site(failure)
    else:
        observation.output_devices = _devices(named_tensors(output, "output"))
    return observation


_RUNTIME_DIRS = (
    os.path.dirname(os.path.abspath(torch.__file__)) + os.sep,
    _package_dir("torchplace") + os.sep,
    os.path.dirname(os.path.abspath(contextlib.__file__)) + os.sep,  # the standard library
)


def error_site(error: BaseException) -> str | None:
    """The innermost line of model code on the error's traceback, as `package/file.py:LINE in
    function`: frames of torch, accelerate, the standard library and torchplace are skipped."""
    skip = (*_RUNTIME_DIRS, _package_dir("accelerate") + os.sep)
    found = None
    tb: TracebackType | None = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if not code.co_filename.startswith(skip):
            found = f"{_short_path(code.co_filename)}:{tb.tb_lineno} in {code.co_name}"
        tb = tb.tb_next
    return found


def _short_path(path: str) -> str:
    """`.../site-packages/transformers/models/x.py` -> `transformers/models/x.py`."""
    for marker in ("site-packages" + os.sep, "dist-packages" + os.sep):
        if marker in path:
            return path.rpartition(marker)[2]
    return path


def _devices(pairs: Iterator[tuple[str, torch.Tensor]], limit: int = 32) -> dict[str, str]:
    found: dict[str, str] = {}
    for path, tensor in pairs:
        if len(found) >= limit:
            break
        found[path] = device_name(tensor.device)
    return found
