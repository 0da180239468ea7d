"""Whether a `.cuda()` or `.to("cuda")` moves a `torch.nn` module that holds no tensor.

`Module.cuda()` and `Module.to(...)` apply the move to the module's parameters and buffers
only; a module built with none (`nn.CrossEntropyLoss()` without `weight=`, `nn.ReLU()`,
`nn.Dropout(0.1)`) moves nothing, starts no CUDA and places nothing on the current GPU.
`criterion = nn.CrossEntropyLoss().cuda()` before `set_device` is a common line of training
scripts, and harmless. A loss given a class weight (`weight=`, `pos_weight=`, or a positional
argument of the weighted losses) holds it as a buffer, and the move does place it.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.rules._helpers import scope_nodes

#: `torch.nn` modules built with no parameter or buffer (their arguments are numbers,
#: dimensions and flags), whatever they are given.
_ALWAYS_STATELESS = frozenset(
    {"MSELoss", "L1Loss", "SmoothL1Loss", "HuberLoss", "KLDivLoss", "CosineEmbeddingLoss",
     "MarginRankingLoss", "TripletMarginLoss", "TripletMarginWithDistanceLoss", "CTCLoss",
     "SoftMarginLoss", "HingeEmbeddingLoss", "PoissonNLLLoss", "GaussianNLLLoss",
     "CosineSimilarity", "PairwiseDistance", "ReLU", "ReLU6", "LeakyReLU", "GELU", "SiLU",
     "Mish", "ELU", "SELU", "CELU", "Sigmoid", "Tanh", "Hardtanh", "Hardswish",
     "Hardsigmoid", "Softplus", "Softsign", "Tanhshrink", "Softmax", "LogSoftmax",
     "Softmax2d", "Identity", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d",
     "AlphaDropout", "Flatten", "Unflatten", "MaxPool1d", "MaxPool2d", "MaxPool3d",
     "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d",
     "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
     "Upsample", "PixelShuffle", "PixelUnshuffle"}
)  # fmt: skip
#: Losses that hold a class weight as a buffer when given one (first positional argument,
#: or these keywords); stateless without it.
_WEIGHTED_LOSSES = frozenset(
    {"CrossEntropyLoss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss", "MultiLabelSoftMarginLoss",
     "MultiMarginLoss", "MultiLabelMarginLoss"}
)  # fmt: skip
_WEIGHT_KEYWORDS = frozenset({"weight", "pos_weight"})


def moves_stateless_module(ctx: FileContext, scope: Scope, receiver: ast.expr) -> bool:
    """`receiver` (of `.cuda()` / `.to(...)`) is a `torch.nn` module built with no tensor:
    the constructor call itself, or a name the scope binds once, to such a call."""
    built = receiver if isinstance(receiver, ast.Call) else _bound_once(ctx, scope, receiver)
    return built is not None and _stateless(ctx, built)


def _stateless(ctx: FileContext, call: ast.Call) -> bool:
    qualified = ctx.qualified(call.func) or ""
    if not qualified.startswith("torch.nn."):
        return False
    name = qualified.rpartition(".")[2]
    if name in _ALWAYS_STATELESS:
        return True
    if name in _WEIGHTED_LOSSES:
        keywords = {keyword.arg for keyword in call.keywords}
        return not call.args and None not in keywords and not keywords & _WEIGHT_KEYWORDS
    return False


def _bound_once(ctx: FileContext, scope: Scope, name: ast.expr) -> ast.Call | None:
    """The call a local name is bound to, if the scope binds it exactly once (besides moves
    of itself: `criterion = criterion.cuda()` keeps the same module)."""
    if not isinstance(name, ast.Name):
        return None
    values: list[ast.expr] = []
    for node in scope_nodes(ctx, scope):
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name.id for t in node.targets):
                if not _moves_itself(node.value, name.id):
                    values.append(node.value)
            elif any(name.id in _names(t) for t in node.targets):
                return None  # bound by unpacking: not known
        elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.For | ast.NamedExpr) and (
            name.id in _names(node.target)
        ):
            return None
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    return values[0]


def _moves_itself(value: ast.expr, name: str) -> bool:
    """`name.cuda()` / `name.to(...)`: a module's move returns the module itself."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in ("cuda", "to")
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == name
    )


def _names(target: ast.AST | None) -> set[str]:
    if target is None:
        return set()
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
