"""The `forward` that `align_inputs(via="forward")` installs: state object plus a bound function.

`align_inputs` runs on every call of every aligned module, so its call layer matters (a Llama
decode step calls about 200 modules). Three things keep it cheap:

- The module's `forward` is a function bound to an `_AlignedForward` (a method object), not
  an instance with `__call__`: calling an instance goes through `tp_call`, which packs the
  arguments into a tuple and a dict first; a bound function takes them as they come.
- A plain `forward(self, x)` (Linear, norms, MLPs, embeddings: most modules of a model) gets a
  function generated for its own parameter name, `aligned_forward(state, x)`, with no
  `*args/**kwargs` packing and one argument checked inline. Decorated forwards and any other
  signature use the generic `(state, *args, **kwargs)` function.
- The check compares device indexes (`Tensor.get_device()`: an int, where `.device` builds a
  `torch.device` object on every read) of the module's reference tensor and of each tensor
  argument; a tuple of tensors (rotary cos/sin) is checked inline. Anything it cannot settle
  (an index that differs, a list or dict, a type not seen yet, a fixed `device=`, a reference
  that went missing) goes to the slow path, which compares whole devices and moves.

Equal indexes are taken as the same device. That holds within one accelerator type; the CPU
and meta both read -1, which changes nothing: a module on meta is offloaded and left alone
anyway, and a meta input cannot be copied to a CPU module. A process that mixes two
accelerator types (CUDA and XPU tensors) should use `via="pre_hook"`, which compares whole
devices on every call.

Each module gets its own function object (the generic one shares its code), so the original
signature can be set on it: `inspect.signature(module.forward)` is what it was (Hugging Face's
`generate` reads it). `copy.deepcopy` rebinds the method to the copied state (hence the copied
module), and pickling goes through `getattr(state, "aligned_forward")`, rebuilt on load.
"""

from __future__ import annotations

import inspect
import keyword
import types
from typing import Any

import torch

from torchplace.runtime._devices import DeviceTracker
from torchplace.runtime._moving import (
    KINDS,
    PASS,
    TENSOR,
    kind_of,
    move,
    move_mapping,
    move_sequence,
)

_Tensor = torch.Tensor
_NAME = "aligned_forward"  # pickle finds the bound function again by this name
_PREFIX = "_tp_"
_NO_TABLE: dict[str, Any] = {}  # a fixed device: no reference tensor to read


class _AlignedForward:
    """What one aligned module's `forward` is bound to. Not itself callable: see `bound`.

    `table`/`name` locate the reference tensor (its owner's `_parameters` or `_buffers`) for
    the fast check; a fixed device, or a module whose reference went missing, has the empty
    table, so every call takes `_slow_one`/`_slow_all`, which also refresh `table`/`name`.
    """

    def __init__(self, module: torch.nn.Module, target: DeviceTracker, non_blocking: bool) -> None:
        self.module = module
        self.target = target
        self.non_blocking = non_blocking
        self.enabled = True
        self.previous = module.__dict__.get("forward")  # an earlier wrapper (accelerate's), if any
        self.forward_function = type(module).forward
        self._sync_reference()
        self._bind()

    def _bind(self) -> None:
        function = _function_for(self.forward_function, self.previous)
        self.bound = types.MethodType(function, self)

    def _sync_reference(self) -> None:
        target = self.target
        fixed = target.device is not None
        self.table = _NO_TABLE if fixed or target.table is None else target.table
        self.name = target.name

    def _device(self) -> torch.device | None:
        """The full lookup: fixed device, else the reference tensor's (None on meta)."""
        device = self.target.resolve()
        self._sync_reference()
        return device

    def _slow_one(self, value: Any) -> Any:
        """One argument the fast check could not settle: compare whole devices, move if needed."""
        device = self._device()
        if device is None:
            return value
        kind = KINDS.get(type(value))
        if kind is None:
            kind = kind_of(type(value))
        if kind == TENSOR:
            if value.device == device:
                return value
            return value.to(device, non_blocking=self.non_blocking)
        if kind == PASS:
            return value
        return move(value, device, self.non_blocking)

    def _slow_all(
        self, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any]]:
        device = self._device()
        if device is None:
            return args, kwargs
        if args:
            args = move_sequence(args, device, self.non_blocking)
        if kwargs:
            kwargs = move_mapping(kwargs, device, self.non_blocking)
        return args, kwargs

    @property
    def aligned_forward(self) -> Any:
        return self.bound

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["bound"]  # a generated function does not pickle; it is made again on load
        del state["table"]  # the owner's table: found again from the (pickled) tracker
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._sync_reference()
        self._bind()


def _function_for(forward_function: Any, previous: Any) -> Any:
    """A fresh function for one module: generated for `forward(self, x)`, else generic."""
    name = _single_parameter(forward_function) if previous is None else None
    if name is not None:
        function = _single_parameter_function(name)
    else:
        generic = _aligned_generic
        function = types.FunctionType(generic.__code__, generic.__globals__, _NAME)
    original = previous if previous is not None else forward_function
    for attribute in ("__qualname__", "__doc__"):
        value = getattr(original, attribute, None)
        if isinstance(value, str):
            setattr(function, attribute, value)
    function.__signature__ = _signature_with_receiver(original, bound=previous is not None)
    return function


def _signature_with_receiver(function: Any, bound: bool) -> inspect.Signature | None:
    """The signature a method object made of our function reports: the original's. A bound
    method drops the first parameter, so an already-bound original gets one put in front."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    if not bound:
        return signature
    receiver = inspect.Parameter(_PREFIX + "state", inspect.Parameter.POSITIONAL_ONLY)
    return signature.replace(parameters=[receiver, *signature.parameters.values()])


def _single_parameter(function: Any) -> str | None:
    """`x` for a plain `def forward(self, x)`, else None (decorated, defaults, more params)."""
    if type(function) is not types.FunctionType or hasattr(function, "__wrapped__"):
        return None
    code = function.__code__
    flags = inspect.CO_VARARGS | inspect.CO_VARKEYWORDS
    if code.co_argcount != 2 or code.co_posonlyargcount or code.co_kwonlyargcount:
        return None
    if code.co_flags & flags or function.__defaults__:
        return None
    name = code.co_varnames[1]
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith(_PREFIX):
        return None
    return str(name)


_SINGLE_TEMPLATE = """
def aligned_forward(_tp_self, {name}):
    if _tp_self.enabled and (
        (type({name}) is not _Tensor and _KINDS.get(type({name})) != _TENSOR)
        or (_tp_reference := _tp_self.table.get(_tp_self.name)) is None
        or {name}.get_device() != _tp_reference.get_device()
    ):
        {name} = _tp_self._slow_one({name})
    return _tp_self.forward_function(_tp_self.module, {name})
"""
_SINGLE_GLOBALS = {"_Tensor": _Tensor, "_KINDS": KINDS, "_TENSOR": TENSOR}
_single_cache: dict[str, types.CodeType] = {}


def _single_parameter_function(name: str) -> Any:
    code = _single_cache.get(name)
    if code is None:
        namespace: dict[str, Any] = {}
        exec(_SINGLE_TEMPLATE.format(name=name), dict(_SINGLE_GLOBALS), namespace)
        code = namespace[_NAME].__code__
        _single_cache[name] = code
    return types.FunctionType(code, dict(_SINGLE_GLOBALS), _NAME)


def _at_index(items: Any, index: int) -> bool:
    """Whether every item is a tensor on device `index` (plain tuples such as rotary cos/sin)."""
    for part in items:
        if type(part) is not _Tensor and KINDS.get(type(part)) != TENSOR:
            return False
        if part.get_device() != index:
            return False
    return True


def _settled_at(items: Any, index: int) -> bool:
    """The fast check over arguments: True when each is a tensor on `index` or holds none."""
    kinds = KINDS
    for item in items:
        if type(item) is _Tensor:
            if item.get_device() == index:
                continue
            return False
        kind = kinds.get(type(item))
        if kind is None:
            kind = kind_of(type(item))
        if kind == PASS:
            continue
        if kind == TENSOR:  # subclasses: Parameter, simulated tensors
            if item.get_device() == index:
                continue
        elif type(item) is tuple and _at_index(item, index):
            continue
        return False  # to move, or a container or type not seen yet: the slow path decides
    return True


def _aligned_generic(self: _AlignedForward, *args: Any, **kwargs: Any) -> Any:
    """The hot path for every other forward: one index read for the reference tensor, one per
    tensor argument; anything else (a mismatch, a list, a type not seen yet, a fixed device)
    goes to `_slow_all`, which compares whole devices and moves what must move."""
    if self.enabled:
        reference = self.table.get(self.name)
        if reference is None:
            args, kwargs = self._slow_all(args, kwargs)
        else:
            index = reference.get_device()
            if not _settled_at(args, index) or (kwargs and not _settled_at(kwargs.values(), index)):
                args, kwargs = self._slow_all(args, kwargs)
    if self.previous is not None:
        return self.previous(*args, **kwargs)
    return self.forward_function(self.module, *args, **kwargs)


def wrap_forward(module: torch.nn.Module, target: DeviceTracker, non_blocking: bool) -> Any:
    """Install the aligned forward on `module`; returns the function that removes it."""
    wrapper = _AlignedForward(module, target, non_blocking)
    module.forward = wrapper.bound

    def remove() -> None:
        current = module.__dict__.get("forward")
        if getattr(current, "__self__", None) is wrapper:
            if wrapper.previous is None:
                del module.forward
            else:
                module.forward = wrapper.previous
        else:  # wrapped again on top of us: cannot unwrap, so step aside
            wrapper.enabled = False

    return remove
