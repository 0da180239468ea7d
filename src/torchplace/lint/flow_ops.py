"""What torch operations do with devices, by name: which methods leave the tensor or accept
one of another device, which arguments are sizes rather than tensors, which calls place a
tensor, join tensors or refuse a CPU scalar, and which constructors always make a CPU tensor.
The device-flow analysis (`flow`, `flow_calls`) reads these tables, and the rules read the
legacy constructors and the NCCL collectives. Which ops accept a CPU tensor beside a CUDA one
is measured on a GPU by `benchmarks/lint_flow_op_devices.py`."""

from __future__ import annotations

import ast

#: Attributes of a tensor that are not tensors (or not on its device).
NOT_TENSORS = frozenset(
    {"device", "dtype", "shape", "ndim", "is_cuda", "requires_grad", "grad_fn", "layout"}
)
#: Methods whose result is not a tensor on the receiver's device.
LEAVES = frozenset(
    {"size", "dim", "numel", "item", "tolist", "numpy", "cpu", "data_ptr", "element_size",
     "stride", "is_contiguous", "storage_offset", "get_device", "nelement", "__len__", "any",
     "all"}
)  # fmt: skip
#: Methods that accept a tensor on another device (copies, index assignment).
CROSS_DEVICE = frozenset({"copy_", "__setitem__", "to", "cuda", "type_as", "new_tensor"})
#: Methods of dicts, lists and strings: their arguments never meet a tensor.
CONTAINER_METHODS = frozenset(
    {"get", "pop", "setdefault", "items", "keys", "values", "extend", "update", "index",
     "count", "format", "join", "insert", "remove", "startswith", "endswith"}
)  # fmt: skip
NAMESPACES = ("torch.", "torch.nn.functional.", "F.")
#: `torch.FloatTensor([...])` and friends: always CPU tensors.
LEGACY_CONSTRUCTORS = frozenset(
    {"Tensor", "FloatTensor", "DoubleTensor", "HalfTensor", "LongTensor", "IntTensor",
     "BoolTensor", "ByteTensor"}
)  # fmt: skip
#: Collectives whose tensors must be on the rank's GPU with NCCL.
NCCL_COLLECTIVES = frozenset(
    {"all_reduce", "broadcast", "all_gather", "reduce", "reduce_scatter", "all_to_all",
     "all_gather_into_tensor", "reduce_scatter_tensor", "all_to_all_single"}
)  # fmt: skip
#: Calls under `torch.` whose arguments meet in no torch op: custom operators (`torch.ops.*`,
#: which often take host-side metadata such as sequence lengths on purpose), helpers that
#: hand their arguments to a function (`torch.utils.checkpoint.checkpoint(fn, *args)`), and
#: ONNX export helpers, whose shape tensors (`shape_as_tensor(x)`) live on the CPU whatever
#: `x`'s device: their results are of no known device.
PASS_THROUGH = ("torch.ops.", "torch.utils.", "torch.onnx.", "torch._shape_as_tensor")
#: Factories whose device comes from their tensor arguments.
FOLLOW_INPUTS = frozenset({"sparse_coo_tensor"})
#: Methods whose arguments are sizes and dimensions, not tensors.
SHAPES = frozenset(
    {"view", "reshape", "expand", "repeat", "permute", "transpose", "flatten", "unflatten",
     "narrow", "split", "chunk", "squeeze", "unsqueeze", "movedim", "size", "tile",
     "expand_as", "view_as", "reshape_as"}
)  # fmt: skip
#: Methods that place a tensor on a device.
MOVES = frozenset({"to", "cuda", "xpu", "npu", "hpu"})
#: Ops that take no CPU scalar beside a GPU tensor (binary arithmetic does).
STRICT = frozenset(
    {"clamp", "clip", "clamp_", "clip_", "bmm", "mm", "matmul", "einsum",
     # index ops check every tensor's device, a 0-dim index's too (measured on an H200)
     "index_select", "gather", "take", "take_along_dim", "scatter", "scatter_add",
     "index_add", "index_copy", "index_fill", "index_put", "embedding",
     # losses broadcast a 0-dim target to the input's shape first (measured on an H200)
     "mse_loss", "l1_loss", "smooth_l1_loss"}
)  # fmt: skip
CLAMPS = frozenset({"clamp", "clip", "clamp_", "clip_"})
BOUNDS = frozenset({"min", "max"})
#: Functions whose arguments after the first are counts, sizes or dimensions (`interpolate`'s
#: output size and scale, `pad`'s widths, an adaptive pool's output size).
SIZE_ARGUMENTS = frozenset(
    {"multinomial", "topk", "kthvalue", "narrow", "split", "chunk", "roll", "tril", "triu",
     "diag", "flatten", "transpose", "movedim", "squeeze", "unsqueeze", "flip", "interpolate",
     "upsample", "pad", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
     "adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d"}
)  # fmt: skip
#: Reductions over every element when given no dimension (`x.max()`, `torch.sum(x)`): their
#: result is 0-dim.
FULL_REDUCTIONS = frozenset(
    {"max", "min", "sum", "mean", "prod", "std", "var", "norm", "amax", "amin", "median",
     "nansum", "nanmean", "count_nonzero"}
)  # fmt: skip
#: Factories of a 0-dim tensor when given one number.
SCALAR_FACTORIES = frozenset({"tensor", "as_tensor", "scalar_tensor"})
#: Ops that join tensors: every operand, even an empty one, must be on one device.
JOINS = frozenset({"cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack"})
#: Literal sequences: `+` of them builds a tuple or a list, not a tensor op.
SEQUENCES = (ast.Tuple, ast.List, ast.ListComp)
#: The symbol of each binary operator, for messages.
OPERATORS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
    ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@", ast.BitAnd: "&", ast.BitOr: "|",
    ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>",
}  # fmt: skip
