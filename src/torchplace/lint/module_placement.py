"""Where `device_map` places the parts of a model, read from the model file's own text.

What decides whether two holders of tensors land on two GPUs:

- A decoder's token table tied to a weight outside the decoder (`"decoder.embed_tokens.weight":
  "shared.weight"`): accelerate places tied weights together, so the table sits at the front
  with the shared one while the decoder's other parts follow the encoder. A tie whose source
  is the decoder's own table (`"lm_head.weight": "model.decoder.embed_tokens.weight"`) moves
  the head to the table instead: nothing of the decoder leaves its place.
- A tower of a composite model that builds its language model from a sub-config
  (`self.language_model = AutoModel.from_config(config.text_config)`): the language model's
  decoder layers are what the map spreads over the GPUs; a speech or vision tower placed
  beside it fills its share of one GPU whole.
- The output of a list of blocks run in sequence leaves the last block, on the last GPU the
  map fills: a call of a block reads as a call of its list (`blocks_as_one_submodule`), so
  the flow names the list as the holder of the chain's output.

And what is no tensor op: `all_hidden_states += (hidden_states,)` grows a tuple.
"""

from __future__ import annotations

import ast
import copy
import re

from torchplace.lint.flow_facts import self_attribute
from torchplace.lint.flow_split import _iterated_attribute, _iterates_items, _taken_from

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def decoder_tables_tied_to_front(text: str, class_name: str) -> set[str]:
    """Tables of `class_name` tied to a weight placed before its module: the file builds it as
    `self.decoder = <class_name>(...)` and its `_tied_weights_keys` ties a key under
    `decoder` (`"model.decoder.embed_tokens.weight"`) to a weight outside the decoder (a dict
    `{target: source}`), or lists such a key (the older list form: tied to the input table).
    A decoder-only model's table is the first thing placed, and its tied head joins it."""
    if class_name not in {m.group(1) for m in _BUILT_AS_DECODER.finditer(text)}:
        return set()
    names: set[str] = set()
    for listed in _TIED_KEYS.findall(text):
        for target, source in _tied_pairs(listed):
            table = _decoder_table(target)
            if table is not None and (source is None or _decoder_table(source) is None):
                names.add(table)
    return names


def _tied_pairs(listed: str) -> list[tuple[str, str | None]]:
    """`{"a": "b"}` gives ("a", "b"); `["a"]` gives ("a", None); anything else nothing."""
    try:
        value = ast.literal_eval(listed)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return []  # TypeError: an unhashable key, `{[]: 1}`
    if isinstance(value, dict):
        return [(k, v) for k, v in value.items() if isinstance(k, str) and isinstance(v, str)]
    if isinstance(value, list):
        return [(k, None) for k in value if isinstance(k, str)]
    return []


def _decoder_table(key: str) -> str | None:
    """`model.decoder.embed_tokens.weight`: `embed_tokens`; keys elsewhere: None."""
    parts = key.split(".")
    if len(parts) >= 3 and parts[-1] == "weight" and parts[-3] == "decoder":
        return parts[-2]
    return None


def towers_beside_a_language_model(text: str) -> set[str]:
    """Classes that a class of the file builds (`self.encoder = Tower(config)`) beside a model
    it builds from a sub-config (`AutoModel.from_config(...)`, `AutoModelForCausalLM
    .from_config(...)`): the towers of a composite model. Read from the text, from one
    top-level `class` line to the next, since `regions` may have stubbed the composite out:
    it holds no block loop."""
    towers: set[str] = set()
    for block in _TOP_LEVEL_CLASS.split(text)[1:]:
        if _FROM_SUB_CONFIG.search(block):
            towers.update(_BUILT_ON_SELF.findall(block))
    return towers


#: A top-level `class` line: what follows, up to the next one, is that class (and any
#: module-level code after it, which builds nothing on `self`).
_TOP_LEVEL_CLASS = re.compile(r"(?m)^class\s")
_FROM_SUB_CONFIG = re.compile(r"=\s*AutoModel\w*\.from_config\(")
#: `self.x = Name(`: the class a submodule is built from (a capitalised name).
_BUILT_ON_SELF = re.compile(r"self\.\w+\s*=\s*([A-Z]\w*)\(")
_BUILT_AS_DECODER = re.compile(r"self\.decoder\s*=\s*(\w+)\(")
_TIED_KEYS = re.compile(r"_tied_weights_keys\s*(?::[^=]*)?=\s*(\[[^\]]*\]|\{[^}]*\})")


def blocks_as_one_submodule(method: _Function, lists: set[str]) -> _Function:
    """A copy of `method` in which each call of a block taken from one of `lists` (`block(h)`
    in `for block in self.layers`, `self.layers[i](h)`, `self._gradient_checkpointing_func(
    block, h)`) reads as a call of the list itself (`self.layers(h)`): the chain's output is
    then held by the list, whose last block sits on the last GPU the map fills."""
    rewritten = _BlockCalls(lists).visit(copy.deepcopy(method))
    assert isinstance(rewritten, ast.FunctionDef | ast.AsyncFunctionDef)
    return ast.fix_missing_locations(rewritten)


def chain_apart(owners: set[str], layout: dict[str, tuple[int, str]], lists: set[str]) -> bool:
    """Whether the output of a block list meets a holder placed before the list: a parameter
    of the model itself (placed first) or a submodule `__init__` registers before it. The
    chain's output leaves the last block, on the last GPU the map fills; a holder registered
    after the list follows it there."""
    chains = owners & lists
    others = owners - lists
    if len(chains) != 1 or len(others) != 1:
        return False
    (chain,), (other,) = chains, others
    if chain not in layout:
        return False
    if other == "self":
        return True
    return other in layout and layout[other][0] < layout[chain][0]


def inside_block_loops(method: _Function, lists: set[str], line: int) -> bool:
    """Whether `line` lies in a loop over one of `lists`: there the chain's output is that of
    the block before, which may still share a GPU with what was placed first."""
    return any(
        isinstance(node, ast.For | ast.AsyncFor)
        and _iterated_list(node.iter) in lists
        and node.lineno <= line <= (node.end_lineno or node.lineno)
        for node in ast.walk(method)
    )


def _iterated_list(node: ast.expr) -> str | None:
    """`self.x`, `enumerate(self.x)`, `zip(self.x, ...)`: `x` (not `range(len(self.x))`)."""
    return _iterated_attribute(node) if _iterates_items(node) else None


class _BlockCalls(ast.NodeTransformer):
    def __init__(self, lists: set[str]) -> None:
        self.lists = lists
        self.blocks: dict[str, str] = {}  # loop name -> list

    def visit_For(self, node: ast.For) -> ast.AST:
        listed = _iterated_list(node.iter)
        names: list[str] = []
        if listed in self.lists:
            names = [n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)]
            names += sorted(_taken_from(node.body, listed))
            self.blocks.update(dict.fromkeys(names, listed))
        self.generic_visit(node)
        for name in names:
            self.blocks.pop(name, None)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func, args = node.func, node.args
        listed = None
        if isinstance(func, ast.Name):
            listed = self.blocks.get(func.id)
        elif isinstance(func, ast.Subscript):
            name = self_attribute(func.value)
            listed = name if name in self.lists else None
        elif (
            isinstance(func, ast.Attribute)
            and func.attr == "_gradient_checkpointing_func"
            and args
            and isinstance(args[0], ast.Name)
        ):
            listed = self.blocks.get(args[0].id)
            args = args[1:]
        if listed is None:
            return node
        receiver = ast.Attribute(ast.Name("self", ast.Load()), listed, ast.Load())
        return ast.copy_location(ast.Call(receiver, args, node.keywords), node)


def joins_tuples(method: _Function, at: ast.AST | None) -> bool:
    """Whether the op at `at` adds tuples (`all_hidden_states += (hidden_states,)`,
    `states + (h,)`): an operand is a tuple display or a name the method binds to one."""
    if isinstance(at, ast.AugAssign):
        operands = [at.target, at.value]
    elif isinstance(at, ast.BinOp):
        operands = [at.left, at.right]
    else:
        return False
    named = _tuple_names(method)
    return any(
        isinstance(o, ast.Tuple) or (isinstance(o, ast.Name) and o.id in named) for o in operands
    )


def _tuple_names(method: _Function) -> set[str]:
    """Names bound to a tuple display (`x = ()`, `x = (h,)`, `x = () if c else None`)."""
    names: set[str] = set()
    for node in ast.walk(method):
        if isinstance(node, ast.Assign) and _is_tuple_display(node.value):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _is_tuple_display(node: ast.expr) -> bool:
    if isinstance(node, ast.IfExp):
        return _is_tuple_display(node.body) or _is_tuple_display(node.orelse)
    return isinstance(node, ast.Tuple)
