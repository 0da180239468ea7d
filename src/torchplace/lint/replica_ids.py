"""The device ids given to a data-parallel wrapper (`DataParallel(module, device_ids=ids)`,
`DistributedDataParallel(module, ids)`): one replica, or one process's GPU, per id.
Static: reads the call's syntax and the file's imports only."""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, keyword_value

#: `nn.DataParallel` by its public and defining names.
DATA_PARALLEL = frozenset(
    {
        "torch.nn.DataParallel",
        "torch.nn.parallel.DataParallel",
        "torch.nn.parallel.data_parallel.DataParallel",
    }
)
#: `DistributedDataParallel`, whose `device_ids` name the one GPU of its process.
DISTRIBUTED_DATA_PARALLEL = frozenset(
    {
        "torch.nn.parallel.DistributedDataParallel",
        "torch.nn.parallel.distributed.DistributedDataParallel",
    }
)


def replica_ids(ctx: FileContext, call: ast.Call) -> ast.expr | None:
    """The ids given to a `DataParallel` or `DistributedDataParallel` call, by keyword or as
    its second argument; None for other calls and where none is given."""
    wrapper = ctx.qualified(call.func) or ""
    if wrapper not in DATA_PARALLEL and wrapper not in DISTRIBUTED_DATA_PARALLEL:
        return None
    ids = keyword_value(call, "device_ids")
    if ids is None and len(call.args) > 1 and not isinstance(call.args[0], ast.Starred):
        ids = call.args[1]
    return None if isinstance(ids, ast.Starred) else ids
