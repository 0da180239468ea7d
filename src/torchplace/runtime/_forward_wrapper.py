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
- PyTorch's own single-kernel layers (`_REFUSING_FORWARDS`: Linear, Embedding, the norms,
  convolutions; over half the calls of a Llama step) are aligned on the error path instead:
  the layer runs as it is, and only when it raises is its input compared and, if it was on
  another device, moved and the call made again. Their kernels refuse an input on another
  device before they read or write anything (`tests/runtime/test_runtime_refusing_layers.py`
  checks each one, under virtual GPUs and on real ones), and the layer itself changes nothing
  but its output, so running it again is the same as having moved first. A well-placed call
  then costs the call layer alone: on an H200 Llama step about 0.2-0.3 points less than
  checking first (the CPU proxy promised 1.5; its tiny Linear calls weigh far more there).
  A refused call costs PyTorch tens of µs to build its error, so a layer once handed an input
  from another device (one at a device boundary) checks first from then on.
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

Modules of one class share one function object, carrying that class's `forward` signature:
`inspect.signature(module.forward)` is what it was (Hugging Face's `generate` reads it); a
module whose `forward` was already wrapped gets its own, with the wrapper's signature.
`copy.deepcopy` rebinds the method to the copied state (hence the copied module), and pickling
goes through `getattr(state, "aligned_forward")`, rebuilt on load.
"""

from __future__ import annotations

import inspect
import keyword
import types
import weakref
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
_NO_TABLE: dict[str, Any] = {}  # a fixed device or a switched-off wrapper: no fast check


class _AlignedForward:
    """What one aligned module's `forward` is bound to. Not itself callable: see `bound`.

    `table`/`name` locate the reference tensor (its owner's `_parameters` or `_buffers`) for
    the fast check; a fixed device, or a module whose reference went missing, has the empty
    table, so every call takes `_slow_one`/`_slow_all`, which also refresh `table`/`name`.
    Slots keep the fields the hot path reads in the object itself: one place in memory per
    module, where an instance dict would add another.
    """

    __slots__ = (
        "bound",
        "checks_first",
        "enabled",
        "forward_function",
        "module",
        "name",
        "non_blocking",
        "previous",
        "table",
        "target",
    )
    _PICKLED = (
        "checks_first",
        "enabled",
        "forward_function",
        "module",
        "non_blocking",
        "previous",
        "target",
    )

    def __init__(self, module: torch.nn.Module, target: DeviceTracker, non_blocking: bool) -> None:
        self.module = module
        self.target = target
        self.non_blocking = non_blocking
        self.enabled = True
        self.checks_first = False  # set once a refusing layer was handed a stray input
        self.previous = module.__dict__.get("forward")  # an earlier wrapper (accelerate's), if any
        self.forward_function = type(module).forward
        self._sync_reference()
        self._bind()

    def _bind(self) -> None:
        on_error = (
            self.previous is None
            and self.target.device is None  # a fixed target must be reached even when it runs
            and not self.checks_first
            and self.forward_function in _REFUSING_FORWARDS
        )
        function = _function_for(self.forward_function, self.previous, on_error)
        self.bound = types.MethodType(function, self)

    def _check_first(self) -> None:
        """A refusing layer was handed an input from another device: from now on its input is
        checked before each call, as for any other module. Its inputs evidently arrive from
        elsewhere (a layer at a device boundary), and a refused call costs tens of µs, spent by
        PyTorch building the error, where a check costs well under one."""
        self.checks_first = True
        self._bind()
        installed = self.module.__dict__.get("forward")
        if getattr(installed, "__self__", None) is self:  # not if someone wrapped us since
            self.module.forward = self.bound

    def _sync_reference(self) -> None:
        target = self.target
        if not self.enabled or target.device is not None or target.table is None:
            self.table = _NO_TABLE  # every call takes the slow path
        else:
            self.table = target.table
        self.name = target.name

    def disable(self) -> None:
        """Stop aligning (the wrapper stays: someone else's wraps it); calls pass through."""
        self.enabled = False
        self._sync_reference()

    def _device(self) -> torch.device | None:
        """The full lookup: fixed device, else the reference tensor's (None on meta)."""
        device = self.target.resolve()
        self._sync_reference()
        return device

    def _slow_one(self, value: Any) -> Any:
        """One argument the fast check could not settle: compare whole devices, move if needed."""
        if not self.enabled:
            return value
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
        if not self.enabled:
            return args, kwargs
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
        # Not `bound` (a generated function does not pickle; it is made again on load) nor
        # `table`/`name` (found again from the pickled tracker).
        return {field: getattr(self, field) for field in self._PICKLED}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.checks_first = False  # absent from pickles made before it existed
        for field, value in state.items():
            setattr(self, field, value)
        self._sync_reference()
        self._bind()


_shared: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
_shared_on_error: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()

# The `forward`s aligned on the error path: PyTorch layers that make one kernel call on their
# input and their own tensors, change nothing else (Embedding's `max_norm` renorm is
# idempotent), and whose kernel refuses an input on another device before it starts. A
# subclass that keeps the class `forward` is included; one that overrides it is not.
_REFUSING_LAYERS = (
    "Linear",
    "Embedding",
    "LayerNorm",
    "RMSNorm",  # torch 2.4 and later
    "GroupNorm",
    "Conv1d",
    "Conv2d",
    "Conv3d",
)
_REFUSING_FORWARDS = frozenset(
    getattr(torch.nn, name).forward for name in _REFUSING_LAYERS if hasattr(torch.nn, name)
)


def _function_for(forward_function: Any, previous: Any, on_error: bool) -> Any:
    """The function a module's aligned `forward` binds: generated for `forward(self, x)`, else
    generic, with the original's signature. One per class `forward`, shared by every module
    of that class (the hot path then reads one function object for all of them, not one
    each); a module whose `forward` was already wrapped (accelerate) gets its own."""
    if previous is None:
        shared = _shared_on_error if on_error else _shared
        function = shared.get(forward_function)
        if function is None:
            function = _new_function(forward_function, None, on_error)
            try:
                shared[forward_function] = function
            except TypeError:  # not weak-referenceable: not shared
                pass
        return function
    return _new_function(forward_function, previous, False)


def _new_function(forward_function: Any, previous: Any, on_error: bool) -> Any:
    name = _single_parameter(forward_function) if previous is None else None
    if name is not None:
        function = _single_parameter_function(name, on_error)
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


# The fast check is the `try` body: anything it cannot read (an argument that is not a tensor,
# a missing reference: None has no `get_device`) raises and means "not settled", like an
# unequal index. The forward runs outside the `try`, so its own errors are never caught here.
_SINGLE_TEMPLATE = """
def aligned_forward(_tp_self, {name}):
    try:
        _tp_settled = {name}.get_device() == _tp_self.table.get(_tp_self.name).get_device()
    except Exception:
        _tp_settled = False
    if not _tp_settled:
        {name} = _tp_self._slow_one({name})
    return _tp_self.forward_function(_tp_self.module, {name})
"""
# A refusing layer (`_REFUSING_FORWARDS`) runs first and is looked at only if it raises: an
# input that had to move is moved and the layer runs again, outside the `except` (its error
# is then its own, not chained to the refusal), and the layer checks first from then on
# (`_check_first`); an input already in place means the error was not ours, and it is raised
# as it came.
_ON_ERROR_TEMPLATE = """
def aligned_forward(_tp_self, {name}):
    try:
        return _tp_self.forward_function(_tp_self.module, {name})
    except RuntimeError:
        _tp_moved = _tp_self._slow_one({name})
        if _tp_moved is {name}:
            raise
        _tp_self._check_first()
    return _tp_self.forward_function(_tp_self.module, _tp_moved)
"""
_single_cache: dict[tuple[str, bool], types.CodeType] = {}


def _single_parameter_function(name: str, on_error: bool) -> Any:
    code = _single_cache.get((name, on_error))
    if code is None:
        template = _ON_ERROR_TEMPLATE if on_error else _SINGLE_TEMPLATE
        namespace: dict[str, Any] = {}
        exec(template.format(name=name), {}, namespace)
        code = namespace[_NAME].__code__
        _single_cache[name, on_error] = code
    return types.FunctionType(code, {"__builtins__": __builtins__}, _NAME)


def _at_index(items: Any, index: int) -> bool:
    """Whether every item is a tensor on device `index` (plain tuples such as rotary cos/sin)."""
    for part in items:
        if type(part) is not _Tensor and KINDS.get(type(part)) != TENSOR:
            return False
        if part.get_device() != index:
            return False
    return True


def _aligned_generic(self: _AlignedForward, *args: Any, **kwargs: Any) -> Any:
    """The hot path for every other forward: one index read for the reference tensor, one per
    tensor argument, plain tuples of tensors (rotary cos/sin) checked by `_at_index`; anything
    else (a mismatch, a list or dict, a fixed device) goes to `_slow_all`, which compares whole
    devices and moves what must move. The loop is written out twice (args, kwargs), not shared:
    a helper function cost 0.6 points more on the CPU proxy, and one nested loop over
    `(args, kwargs.values())` cost 0-80 ns more per decoder-layer call in a tight loop (both
    2026-11-30). Neither is resolvable on an H200 step, where the goal's margin is 0.2 points,
    so the code measured there stays."""
    reference = self.table.get(self.name)
    if reference is None:
        args, kwargs = self._slow_all(args, kwargs)
    else:
        index = reference.get_device()
        kinds = KINDS
        settled = True
        for item in args:
            cls = type(item)
            if cls is _Tensor:
                if item.get_device() == index:
                    continue
            else:
                kind = kinds.get(cls)
                if kind == PASS:
                    continue
                if kind == TENSOR:
                    if item.get_device() == index:
                        continue
                elif cls is tuple and _at_index(item, index):
                    continue
                elif kind is None:
                    kind_of(cls)  # sorted now; settled by the slow path this once
            settled = False
            break
        if settled and kwargs:
            for item in kwargs.values():
                cls = type(item)
                if cls is _Tensor:
                    if item.get_device() == index:
                        continue
                else:
                    kind = kinds.get(cls)
                    if kind == PASS:
                        continue
                    if kind == TENSOR:
                        if item.get_device() == index:
                            continue
                    elif cls is tuple and _at_index(item, index):
                        continue
                    elif kind is None:
                        kind_of(cls)
                settled = False
                break
        if not settled:
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
            wrapper.disable()

    return remove
