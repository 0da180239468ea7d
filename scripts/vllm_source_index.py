"""The part of `gen_vllm_args.py` that reads vLLM's source: classes, fields, type aliases.

`read_wheel` indexes the wheel's modules (config, entrypoints, engine, utils) by syntax tree;
`classify` turns a config dataclass field into the argparse keyword arguments that vLLM's
`_compute_kwargs` builds for it (never importing vLLM).
"""

from __future__ import annotations

import ast
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HUMAN_INT_FIELDS = {
    "max_num_batched_tokens",
    "max_num_scheduled_tokens",
    "kv_cache_memory_bytes",
    "safetensors_prefetch_block_size",
    "max_num_queued_tokens",
}
BUILTIN_NAMES = {"bool", "int", "float", "str", "dict", "list", "tuple", "set", "Any", "object"}


@dataclass
class Field:
    name: str
    annotation: ast.expr | None
    default: Any
    has_default: bool


@dataclass
class ClassInfo:
    name: str
    bases: list[str]
    fields: list[Field]
    is_dataclass: bool


@dataclass
class Source:
    """Every module of the wheel: classes, type aliases, module-level string constants."""

    classes: dict[str, ClassInfo] = field(default_factory=dict)
    aliases: dict[str, ast.expr] = field(default_factory=dict)
    constants: dict[str, str] = field(default_factory=dict)
    trees: dict[str, ast.Module] = field(default_factory=dict)


def read_wheel(path: Path) -> Source:
    source = Source()
    with zipfile.ZipFile(path) as wheel:
        for name in sorted(wheel.namelist()):
            if not name.startswith("vllm/") or not name.endswith(".py"):
                continue
            if not any(part in name for part in ("config", "entrypoints", "engine", "utils")):
                continue
            try:
                tree = ast.parse(wheel.read(name).decode("utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            source.trees[name] = tree
            _index(tree, source)
    return source


def _index(tree: ast.Module, source: Source) -> None:
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            source.classes.setdefault(node.name, _class_info(node))
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                _alias_or_constant(target.id, node.value, source)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
            _alias_or_constant(node.target.id, node.value, source)


def _alias_or_constant(name: str, value: ast.expr, source: Source) -> None:
    if isinstance(value, ast.Subscript | ast.BinOp):
        source.aliases.setdefault(name, value)
    else:
        text = const_text(value)
        if text is not None:
            source.constants.setdefault(name, text)


def const_text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = const_text(node.left), const_text(node.right)
        return None if left is None or right is None else left + right
    return None


def _class_info(node: ast.ClassDef) -> ClassInfo:
    decorators = {ast.unparse(d).split("(")[0].split(".")[-1] for d in node.decorator_list}
    fields = []
    for item in node.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            if ast.unparse(item.annotation).startswith("ClassVar"):
                continue
            fields.append(_field(item))
    bases = [ast.unparse(b).split(".")[-1] for b in node.bases]
    is_dc = bool(decorators & {"config", "dataclass"}) or "BaseModel" in bases
    return ClassInfo(node.name, bases, fields, is_dc)


def _field(item: ast.AnnAssign) -> Field:
    assert isinstance(item.target, ast.Name)
    value = item.value
    if value is None:
        return Field(item.target.id, item.annotation, None, False)
    if isinstance(value, ast.Call) and ast.unparse(value.func).split(".")[-1] in ("field", "Field"):
        for keyword in value.keywords:
            if keyword.arg == "default":
                return Field(item.target.id, item.annotation, literal(keyword.value), True)
            if keyword.arg == "default_factory":
                return Field(item.target.id, item.annotation, _factory(keyword.value), True)
        if value.args:
            return Field(item.target.id, item.annotation, literal(value.args[0]), True)
        return Field(item.target.id, item.annotation, None, False)
    return Field(item.target.id, item.annotation, literal(value), True)


def literal(node: ast.expr) -> Any:
    try:
        value = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return {"expr": ast.unparse(node)}
    if isinstance(value, tuple | set | frozenset):
        return sorted(value, key=str) if isinstance(value, set | frozenset) else list(value)
    return value


def _factory(node: ast.expr) -> Any:
    text = ast.unparse(node)
    simple = {"list": [], "dict": {}, "set": []}
    if text in simple:
        return simple[text]
    if isinstance(node, ast.Lambda):
        return literal(node.body)
    return {"expr": f"{text}()"}


def all_fields(source: Source, name: str) -> list[Field]:
    info = source.classes.get(name)
    if info is None:
        return []
    inherited: list[Field] = []
    for base in info.bases:
        inherited.extend(all_fields(source, base))
    own = {f.name for f in info.fields}
    return [f for f in inherited if f.name not in own] + info.fields


# --- the type classification of `_compute_kwargs` -------------------------------------------


def hints(node: ast.expr | None, source: Source, depth: int = 0) -> list[tuple[str, Any]]:
    """The flattened union members of an annotation: (kind, detail) pairs."""
    if node is None or depth > 20:
        return [("other", None)]
    if isinstance(node, ast.Constant):
        if node.value is None:
            return [("none", None)]
        if isinstance(node.value, str):
            return hints(ast.parse(node.value, mode="eval").body, source, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return hints(node.left, source, depth + 1) + hints(node.right, source, depth + 1)
    if isinstance(node, ast.Subscript):
        return _subscript_hints(node, source, depth)
    name = ast.unparse(node).split(".")[-1]
    if name == "None":
        return [("none", None)]
    if name in BUILTIN_NAMES:
        return [(name, None)]
    if name in source.aliases:
        return hints(source.aliases[name], source, depth + 1)
    info = source.classes.get(name)
    if info is not None and "dict" in info.bases:
        return [("dict", None)]
    if info is not None and info.is_dataclass:
        return [("dataclass", name)]
    if info is not None and "TypedDict" in info.bases:
        return [("dict", None)]
    return [("other", name)]


def _subscript_hints(node: ast.Subscript, source: Source, depth: int) -> list[tuple[str, Any]]:
    head = ast.unparse(node.value).split(".")[-1]
    args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if head in ("Union", "Optional"):
        found = [h for a in args for h in hints(a, source, depth + 1)]
        return found + ([("none", None)] if head == "Optional" else [])
    if head == "Annotated":
        return hints(args[0], source, depth + 1)
    if head == "Literal":
        return [("literal", [literal(a) for a in args])]
    if head in ("list", "List", "Sequence"):
        return [("list", _element(args, source, depth))]
    if head in ("set", "Set"):
        return [("set", _element(args, source, depth))]
    if head in ("tuple", "Tuple"):
        fixed = not any(isinstance(a, ast.Constant) and a.value is Ellipsis for a in args)
        return [("tuple", (_element(args, source, depth), len(args) if fixed else None))]
    if head in ("dict", "Dict", "Mapping"):
        return [("dict", None)]
    return hints(node.value, source, depth + 1)


def _element(args: list[ast.expr], source: Source, depth: int) -> str:
    kinds = {k for k, _ in hints(args[0], source, depth + 1)} if args else {"str"}
    if "literal" in kinds:
        values = [v for k, v in hints(args[0], source, depth + 1) if k == "literal"]
        return "str" if isinstance(values[0][0], str) else type(values[0][0]).__name__
    if len(kinds) > 1:
        return "str"
    only = next(iter(kinds))
    return only if only in ("int", "float", "str") else "str"


def classify(f: Field, source: Source) -> dict[str, Any]:
    """The argparse keyword arguments `_compute_kwargs` would build for this field."""
    found = hints(f.annotation, source)
    kinds = {k for k, _ in found}
    optional = "none" in kinds
    spec: dict[str, Any] = {"default": f.default}
    if "dataclass" in kinds:
        spec["type"] = "json"
    elif kinds - {"none"} == {"bool", "str"} and optional:
        spec.update(type="str", nargs="?", const=True)
    elif "bool" in kinds:
        spec["action"] = "boolean_optional"
        optional = False
    elif "literal" in kinds:
        values = next(v for k, v in found if k == "literal")
        key = "metavar" if "str" in kinds else "choices"
        spec["type"] = type(values[0]).__name__
        if key == "choices":
            spec["choices"] = sorted(values, key=str)
    elif kinds & {"tuple", "list", "set"}:
        kind = "tuple" if "tuple" in kinds else ("list" if "list" in kinds else "set")
        detail = next(v for k, v in found if k == kind)
        if kind == "tuple":
            spec.update(type=detail[0], nargs=detail[1] if detail[1] else "+")
        else:
            spec.update(type=detail, nargs="+")
    elif "int" in kinds:
        if f.name == "max_model_len":
            spec["type"] = "human_int_or_auto"
        elif f.name in HUMAN_INT_FIELDS:
            spec["type"] = "human_int"
        else:
            spec["type"] = "int"
    elif "float" in kinds:
        spec["type"] = "float"
    elif "dict" in kinds and ("str" in kinds or "other" in kinds):
        spec["type"] = "dict_or_str"
    elif "dict" in kinds:
        spec["type"] = "json"
    else:
        spec["type"] = "str"
    if optional:
        spec["optional"] = True
        if spec.get("choices"):
            spec["choices"].append(None)
    return spec
