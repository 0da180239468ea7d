"""Whether multi-process code drives its GPUs from the default one: one process per node.

Some multi-process programs never give a process a GPU of its own: each process puts its
model on the default GPU (`model.cuda()`) and hands it to `DistributedDataParallel` without
`device_ids` (or to `DataParallel`), owning every GPU of its node from cuda:0 (PipeDream's
image-classification baseline, music-translation's trainer, launched with
`--nproc_per_node=1`). Such a program saves its checkpoints from cuda:0 in every process and
restores them onto cuda:0, its own model's GPU: "every rank restores onto the GPU that saved
it" names no GPU a process does not already use. (Launched with several processes per node,
those processes share cuda:0 whatever they load; that is the binding rules' hazard.)

A file shows this shape when it wraps a model that way and picks no GPU per process anywhere:
no binding (`set_device(local_rank)`, accelerate's `Accelerator()`), no `device_ids=` or
`output_device=`, no `.cuda(gpu)` with a device, no device made from a rank (`f"cuda:{rank}"`,
`torch.device("cuda", index=local_rank)`, `"cuda:%d" % gpu`, `"cuda" + ":" + str(gpu)`), no
`.to(local_rank)`, `.to(args.device)` or `torch.cuda.device(gpu)`, and no framework that
binds for it (DeepSpeed, Lightning, transformers' `Trainer`, accelerate). Read from the syntax
tree, never run.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import call_name, keyword_value
from torchplace.lint.gpu_bindings import binds_gpu
from torchplace.lint.rank_flow import cuda_fstring_index

_WRAPPERS = frozenset({"DistributedDataParallel", "DDP", "DataParallel"})
#: Frameworks that give each process its GPU themselves: their code is not in the project.
_BINDING_FRAMEWORKS = re.compile(
    rb"deepspeed|lightning|accelerate|transformers|Fabric\s*\(|colossalai|horovod|hvd\."
)
#: The last name of a device argument that is a process's own GPU (`args.gpu`, `local_rank`).
_PROCESS_GPU_NAME = re.compile(r"rank|gpu|local|proc|dev|device", re.IGNORECASE)
_DEVICE_KEYWORDS = ("device_ids", "output_device")


def drives_gpus_from_default(tree: ast.Module, code: bytes) -> bool:
    """The file wraps a model for its node's GPUs from the default one (`DistributedDataParallel`
    without `device_ids`, or `DataParallel`) and picks no GPU per process anywhere."""
    wraps = any(
        isinstance(node, ast.Call)
        and call_name(node) in _WRAPPERS
        and keyword_value(node, "device_ids") is None
        for node in ast.walk(tree)
    )
    return wraps and not picks_a_process_gpu(tree, code)


def picks_a_process_gpu(tree: ast.Module, code: bytes) -> bool:
    """Whether the file may give a process a GPU of its own (see the module's docstring)."""
    if _BINDING_FRAMEWORKS.search(code):
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _picks_in_call(node):
            return True
        if _names_a_numbered_gpu(node):
            return True
    return False


def _picks_in_call(call: ast.Call) -> bool:
    if binds_gpu(call):
        return True
    for keyword in _DEVICE_KEYWORDS:
        value = keyword_value(call, keyword)
        if value is not None and not _is_none(value):
            return True
    name = call_name(call)
    given = [*call.args, *(k.value for k in call.keywords if k.arg == "device")]
    if name == "cuda":
        return any(not isinstance(a, ast.Constant) for a in given)
    if name in {"to", "device", "set_device"}:
        index = [*call.args[1:], *(k.value for k in call.keywords if k.arg == "index")]
        return any(_process_gpu_name(a) for a in given) or (
            name == "device" and any(not isinstance(a, ast.Constant) for a in index)
        )
    return False


def _names_a_numbered_gpu(node: ast.AST) -> bool:
    """`f"cuda:{rank}"`, `"cuda:%d" % gpu`, `"cuda:" + str(gpu)`, `"cuda:{}".format(gpu)`."""
    if isinstance(node, ast.JoinedStr):
        return cuda_fstring_index(node) is not None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
        # `"cuda:%d" % gpu`, `"cuda:" + str(gpu)`, `"cuda" + ":" + str(gpu)`: a text naming CUDA
        # joined with a value.
        parts = _operands(node)
        pieces = [str(part.value) for part in parts if isinstance(part, ast.Constant)]
        return any("cuda" in piece for piece in pieces) and len(pieces) < len(parts)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        owner = node.func.value
        return (
            node.func.attr == "format"
            and isinstance(owner, ast.Constant)
            and isinstance(owner.value, str)
            and "cuda:{" in owner.value
        )
    return False


def _operands(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
        return [*_operands(node.left), *_operands(node.right)]
    return [node]


def _process_gpu_name(node: ast.expr) -> bool:
    last = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return isinstance(last, str) and _PROCESS_GPU_NAME.search(last) is not None


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
