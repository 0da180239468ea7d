"""The `forward` that `align_inputs(via="forward")` installs: state object plus a bound function.

`align_inputs` runs on every call of every aligned module, so its call layer matters (a Llama
decode step calls about 200 modules). Two things keep it cheap:

- The module's `forward` is a function bound to an `_AlignedForward` (a method object), not
  an instance with `__call__`: calling an instance goes through `tp_call`, which packs the
  arguments into a tuple and a dict first; a bound function takes them as they come.
- A plain `forward(self, x)` (Linear, norms, MLPs, embeddings: most modules of a model) gets a
  function generated for its own parameter name, `aligned_forward(state, x)`, with no
  `*args/**kwargs` packing and one argument checked inline. Decorated forwards and any other
  signature use the generic `(state, *args, **kwargs)` function.

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

from torchplace.runtime._devices import META as _META
from torchplace.runtime._devices import DeviceTracker
from torchplace.runtime._moving import KINDS, PASS, TENSOR, move, move_mapping, move_sequence
from torchplace.runtime._moving import settled as _settled

_Tensor = torch.Tensor
_NAME = "aligned_forward"  # pickle finds the bound function again by this name
_PREFIX = "_tp_"


class _AlignedForward:
    """What one aligned module's `forward` is bound to. Not itself callable: see `bound`."""

    def __init__(self, module: torch.nn.Module, target: DeviceTracker, non_blocking: bool) -> None:
        self.module = module
        self.target = target
        self.non_blocking = non_blocking
        self.enabled = True
        self.previous = module.__dict__.get("forward")  # an earlier wrapper (accelerate's), if any
        self.forward_function = type(module).forward
        self._bind()

    def _bind(self) -> None:
        function = _function_for(self.forward_function, self.previous)
        self.bound = types.MethodType(function, self)

    @property
    def aligned_forward(self) -> Any:
        return self.bound

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["bound"]  # a generated function does not pickle; it is made again on load
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
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
    if _tp_self.enabled:
        _tp_target = _tp_self.target
        _tp_device = _tp_target.device
        if _tp_device is None:
            _tp_table = _tp_target.table
            _tp_reference = None if _tp_table is None else _tp_table.get(_tp_target.name)
            if _tp_reference is None:
                _tp_device = _tp_target.resolve()
            else:
                _tp_device = _tp_reference.device
                if _tp_device == _META:
                    _tp_device = None
        if _tp_device is not None:
            _tp_kind = _KINDS.get(type({name}))
            if _tp_kind == _TENSOR:
                if {name}.device != _tp_device:
                    {name} = {name}.to(_tp_device, non_blocking=_tp_self.non_blocking)
            elif _tp_kind != _PASS:
                {name} = _move({name}, _tp_device, _tp_self.non_blocking)
    return _tp_self.forward_function(_tp_self.module, {name})
"""
_SINGLE_GLOBALS = {
    "_META": _META,
    "_KINDS": KINDS,
    "_TENSOR": TENSOR,
    "_PASS": PASS,
    "_move": move,
}
_single_cache: dict[str, types.CodeType] = {}


def _single_parameter_function(name: str) -> Any:
    code = _single_cache.get(name)
    if code is None:
        namespace: dict[str, Any] = {}
        exec(_SINGLE_TEMPLATE.format(name=name), dict(_SINGLE_GLOBALS), namespace)
        code = namespace[_NAME].__code__
        _single_cache[name] = code
    return types.FunctionType(code, dict(_SINGLE_GLOBALS), _NAME)


def _tensors_on(items: tuple[Any, ...], device: torch.device) -> bool:
    for part in items:
        if type(part) is not _Tensor or part.device != device:
            return _settled(items, device)
    return True


def _aligned_generic(self: _AlignedForward, *args: Any, **kwargs: Any) -> Any:
    """The hot path for every other forward: reads the reference tensor's device straight
    from its owner's table, checks the arguments in place (a type lookup per argument, a
    device comparison per tensor, plain tuples of tensors such as rotary cos/sin inline) and
    only when something must move hands over to `move_sequence` / `move_mapping`."""
    if self.enabled:
        target = self.target
        device = target.device  # a fixed device, else the reference tensor's, read now
        if device is None:
            table = target.table
            reference = None if table is None else table.get(target.name)
            if reference is None:  # replaced or deleted: let the tracker look again
                device = target.resolve()
            else:
                device = reference.device
                if device == _META:  # offloaded: the device is decided at run time
                    device = None
        if device is not None:
            kinds = KINDS
            for item in args:  # mostly tensors: asked first
                kind = kinds.get(type(item))
                if kind == TENSOR:
                    if item.device == device:
                        continue
                elif kind == PASS:
                    continue
                elif type(item) is tuple:
                    if _tensors_on(item, device):
                        continue
                elif _settled((item,), device):
                    continue  # other containers, types not seen yet
                args = move_sequence(args, device, self.non_blocking)
                break
            if kwargs:
                for item in kwargs.values():
                    kind = kinds.get(type(item))
                    if kind == PASS:
                        continue
                    if kind == TENSOR:
                        if item.device == device:
                            continue
                    elif type(item) is tuple:
                        if _tensors_on(item, device):
                            continue
                    elif _settled((item,), device):
                        continue
                    kwargs = move_mapping(kwargs, device, self.non_blocking)
                    break
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
