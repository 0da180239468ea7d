"""Generate the `vllm serve` argument table from a vLLM wheel's source (never importing vLLM).

Usage: python scripts/gen_vllm_args.py WHEEL [--out src/torchplace/data/vllm_args/VERSION.json]
       python scripts/gen_vllm_args.py WHEEL --check TABLE   (exit 1 when TABLE is stale)

Get the wheel with `pip download vllm==0.33.0 --no-deps -d .corpus/`. The script reads, from the
syntax trees of the wheel's Python files:
- `make_arg_parser` (vllm/entrypoints/common/cli_args.py): the positional `model_tag` and the
  serve-only flags, then `FrontendArgs.add_cli_args` (one `--field` per dataclass field of
  `BaseFrontendArgs` + `FrontendArgs`, with `_customize_cli_kwargs`' edits);
- `EngineArgs.add_cli_args` and `AsyncEngineArgs.add_cli_args` (vllm/engine/arg_utils.py):
  every `group.add_argument("--x", "-y", **cfg_kwargs["field"], ...)` and every plain
  `add_argument(...)`, with the `cfg_kwargs = get_kwargs(ConfigClass)` bindings and the edits
  made to them;
- each config dataclass's field annotations and defaults, classified the way vLLM's
  `_compute_kwargs` does (dataclass -> JSON, bool|str|None -> optional value, bool ->
  BooleanOptionalAction (`--enable-x` also gets `--disable-x`), Literal -> choices,
  list/tuple/set -> nargs, int (human-readable for some), float, dict, str).
The table records the wheel's name and SHA-256 and a checksum of its own arguments list.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import sys
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
ENGINE_FILE = "vllm/engine/arg_utils.py"
FRONTEND_FILE = "vllm/entrypoints/common/cli_args.py"


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
        text = _const_text(value)
        if text is not None:
            source.constants.setdefault(name, text)


def _const_text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _const_text(node.left), _const_text(node.right)
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
                return Field(item.target.id, item.annotation, _literal(keyword.value), True)
            if keyword.arg == "default_factory":
                return Field(item.target.id, item.annotation, _factory(keyword.value), True)
        if value.args:
            return Field(item.target.id, item.annotation, _literal(value.args[0]), True)
        return Field(item.target.id, item.annotation, None, False)
    return Field(item.target.id, item.annotation, _literal(value), True)


def _literal(node: ast.expr) -> Any:
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
        return _literal(node.body)
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


def _hints(node: ast.expr | None, source: Source, depth: int = 0) -> list[tuple[str, Any]]:
    """The flattened union members of an annotation: (kind, detail) pairs."""
    if node is None or depth > 20:
        return [("other", None)]
    if isinstance(node, ast.Constant):
        if node.value is None:
            return [("none", None)]
        if isinstance(node.value, str):
            return _hints(ast.parse(node.value, mode="eval").body, source, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _hints(node.left, source, depth + 1) + _hints(node.right, source, depth + 1)
    if isinstance(node, ast.Subscript):
        return _subscript_hints(node, source, depth)
    name = ast.unparse(node).split(".")[-1]
    if name == "None":
        return [("none", None)]
    if name in BUILTIN_NAMES:
        return [(name, None)]
    if name in source.aliases:
        return _hints(source.aliases[name], source, depth + 1)
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
        found = [h for a in args for h in _hints(a, source, depth + 1)]
        return found + ([("none", None)] if head == "Optional" else [])
    if head == "Annotated":
        return _hints(args[0], source, depth + 1)
    if head == "Literal":
        return [("literal", [_literal(a) for a in args])]
    if head in ("list", "List", "Sequence"):
        return [("list", _element(args, source, depth))]
    if head in ("set", "Set"):
        return [("set", _element(args, source, depth))]
    if head in ("tuple", "Tuple"):
        fixed = not any(isinstance(a, ast.Constant) and a.value is Ellipsis for a in args)
        return [("tuple", (_element(args, source, depth), len(args) if fixed else None))]
    if head in ("dict", "Dict", "Mapping"):
        return [("dict", None)]
    return _hints(node.value, source, depth + 1)


def _element(args: list[ast.expr], source: Source, depth: int) -> str:
    kinds = {k for k, _ in _hints(args[0], source, depth + 1)} if args else {"str"}
    if "literal" in kinds:
        values = [v for k, v in _hints(args[0], source, depth + 1) if k == "literal"]
        return "str" if isinstance(values[0][0], str) else type(values[0][0]).__name__
    if len(kinds) > 1:
        return "str"
    only = next(iter(kinds))
    return only if only in ("int", "float", "str") else "str"


def classify(f: Field, source: Source) -> dict[str, Any]:
    """The argparse keyword arguments `_compute_kwargs` would build for this field."""
    hints = _hints(f.annotation, source)
    kinds = {k for k, _ in hints}
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
        values = next(v for k, v in hints if k == "literal")
        key = "metavar" if "str" in kinds else "choices"
        spec["type"] = type(values[0]).__name__
        if key == "choices":
            spec["choices"] = sorted(values, key=str)
    elif kinds & {"tuple", "list", "set"}:
        kind = "tuple" if "tuple" in kinds else ("list" if "list" in kinds else "set")
        detail = next(v for k, v in hints if k == kind)
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


# --- walking the add_cli_args functions ------------------------------------------------------


@dataclass
class Walk:
    source: Source
    arguments: list[dict[str, Any]] = field(default_factory=list)
    bindings: dict[str, str] = field(default_factory=dict)  # cfg_kwargs -> ConfigClass
    single: dict[str, tuple[str, str]] = field(default_factory=dict)  # x = cfg_kwargs["f"]
    edits: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    group: str = ""

    def kwargs_for(self, variable: str, name: str) -> dict[str, Any]:
        cls = self.bindings.get(variable, "")
        fields = {f.name: f for f in all_fields(self.source, cls)}
        if name not in fields:
            raise SystemExit(f"{variable}[{name!r}]: no field {name} in {cls or '?'}")
        spec = classify(fields[name], self.source)
        spec.update(self.edits.get((variable, name), {}))
        spec["source"] = f"{cls}.{name}"
        return spec


def _explicit(keyword: ast.keyword, walk: Walk) -> tuple[str, Any]:
    assert keyword.arg is not None
    value = keyword.value
    text = ast.unparse(value)
    if keyword.arg == "type":
        return "type", _type_name(text)
    if keyword.arg == "action":
        return "action", _action_name(text)
    if keyword.arg == "help":
        constant = _const_text(value)
        if constant is None and isinstance(value, ast.Name):
            constant = walk.source.constants.get(value.id)
        return "help", (constant or "")
    if keyword.arg == "choices":
        return "choices", _choices(value, walk)
    return keyword.arg, _literal(value)


def _choices(value: ast.expr, walk: Walk) -> Any:
    """Choices computed in the source: `get_args(LogLevel)`, or a list plus the platform's
    device type (vLLM on a CUDA machine, where these tables are meant to be used: `cuda`)."""
    found = _literal(value)
    if not isinstance(found, dict):
        return found
    if isinstance(value, ast.Call) and ast.unparse(value.func) == "get_args" and value.args:
        hints = _hints(value.args[0], walk.source)
        return [v for kind, values in hints if kind == "literal" for v in values]
    if isinstance(value, ast.BinOp) and isinstance(value.left, ast.List):
        base = _literal(value.left)
        if isinstance(base, list) and "current_platform.device_type" in ast.unparse(value):
            return [*base, "cuda"]
    raise SystemExit(f"cannot read choices={ast.unparse(value)}")


def _type_name(text: str) -> str:
    if "device_id" in text:
        return "device_ids"
    if ".lower()" in text:
        return "str_lower"
    known = {
        "int": "int",
        "float": "float",
        "str": "str",
        "json.loads": "json",
        "optional_type(json.loads)": "json",
        "optional_type(str)": "str",
        "optional_type(int)": "int",
        "human_readable_int": "human_int",
        "human_readable_int_or_auto": "human_int_or_auto",
        "parse_reasoning_parser": "str",
        "union_dict_and_str": "dict_or_str",
    }
    return known.get(text, "str")


def _action_name(text: str) -> str:
    text = text.strip("'\"")
    if "BooleanOptionalAction" in text:
        return "boolean_optional"
    return {"LoRAParserAction": "append_list"}.get(text, text)


def _record_edit(target: ast.expr, value: ast.expr | None, walk: Walk) -> None:
    """`cfg_kwargs["field"]["key"] = value` or `del cfg_kwargs["field"]["key"]`."""
    if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Subscript)):
        return
    inner = target.value
    if not isinstance(inner.value, ast.Name):
        return
    variable = inner.value.id
    name, key = _literal(inner.slice), _literal(target.slice)
    if not isinstance(name, str) or not isinstance(key, str):
        return
    edits = walk.edits.setdefault((variable, name), {})
    if value is None:
        edits[key] = None
        return
    fake = ast.keyword(arg=key, value=value)
    edits[key] = _explicit(fake, walk)[1]


def walk_function(body: list[ast.stmt], walk: Walk) -> None:
    for statement in body:
        if isinstance(statement, ast.If):
            walk_function(statement.body, walk)  # e.g. `--model` outside `serve --help`
            continue
        if isinstance(statement, ast.Assign):
            _assign(statement, walk)
        elif isinstance(statement, ast.Delete):
            for target in statement.targets:
                _record_edit(target, None, walk)
        for node in ast.walk(statement):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".add_argument"):
                _add_argument(node, walk)
            elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith(
                ".add_argument_group"
            ):
                for keyword in node.keywords:
                    if keyword.arg == "title":
                        walk.group = str(_literal(keyword.value))
            elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".remove"):
                _remove_choice(node, walk)


def _assign(statement: ast.Assign, walk: Walk) -> None:
    value = statement.value
    for target in statement.targets:
        if isinstance(target, ast.Name) and isinstance(value, ast.Call):
            if ast.unparse(value.func) == "get_kwargs" and value.args:
                walk.bindings[target.id] = ast.unparse(value.args[0]).split(".")[-1]
        elif isinstance(target, ast.Name) and isinstance(value, ast.Subscript):
            _bind_single(target.id, value, walk)
        elif (
            isinstance(target, ast.Subscript)
            and isinstance(target.value, ast.Name)
            and target.value.id in walk.single
        ):
            # x = cfg_kwargs["field"]; x["type"] = ...
            variable, name = walk.single[target.value.id]
            key = _literal(target.slice)
            fake = ast.keyword(arg=str(key), value=value)
            walk.edits.setdefault((variable, name), {})[str(key)] = _explicit(fake, walk)[1]
        else:
            _record_edit(target, value, walk)


def _bind_single(target: str, value: ast.Subscript, walk: Walk) -> None:
    name = _literal(value.slice)
    if not isinstance(name, str):
        return
    inner = value.value
    if isinstance(inner, ast.Call) and ast.unparse(inner.func) == "get_kwargs" and inner.args:
        cls = ast.unparse(inner.args[0]).split(".")[-1]
        walk.bindings["__" + cls] = cls
        walk.single[target] = ("__" + cls, name)
    elif isinstance(inner, ast.Name) and inner.id in walk.bindings:
        walk.single[target] = (inner.id, name)


def _remove_choice(node: ast.Call, walk: Walk) -> None:
    # parallel_kwargs["all2all_backend"]["choices"].remove(PASSTHROUGH_ALL2ALL_BACKEND)
    func = node.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Subscript):
        return
    inner = func.value.value
    if not (isinstance(inner, ast.Subscript) and isinstance(inner.value, ast.Name)):
        return
    removed = node.args[0] if node.args else None
    text = _const_text(removed) if removed is not None else None
    if text is None and isinstance(removed, ast.Name):
        text = walk.source.constants.get(removed.id)
    name = _literal(inner.slice)
    if isinstance(name, str) and text is not None:
        walk.edits.setdefault((inner.value.id, name), {}).setdefault("remove_choices", []).append(
            text
        )


def _add_argument(node: ast.Call, walk: Walk) -> None:
    names = [a.value for a in node.args if isinstance(a, ast.Constant)]
    if not names or not all(isinstance(n, str) for n in names):
        return
    spec: dict[str, Any] = {}
    for keyword in node.keywords:
        if keyword.arg is None:
            spec.update(_splat(keyword.value, walk))
        else:
            key, value = _explicit(keyword, walk)
            spec[key] = value
    _finish(names, spec, walk)


def _splat(value: ast.expr, walk: Walk) -> dict[str, Any]:
    if isinstance(value, ast.Name) and value.id in walk.single:
        return walk.kwargs_for(*walk.single[value.id])
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name):
        name = _literal(value.slice)
        if isinstance(name, str):
            return walk.kwargs_for(value.value.id, name)
    if isinstance(value, ast.Dict):
        spec: dict[str, Any] = {}
        for key, item in zip(value.keys, value.values, strict=True):
            if key is None:
                spec.update(_splat(item, walk))
            else:
                fake = ast.keyword(arg=str(_literal(key)), value=item)
                spec.update([_explicit(fake, walk)])
        return spec
    raise SystemExit(f"cannot read **{ast.unparse(value)}")


def _finish(names: list[str], spec: dict[str, Any], walk: Walk) -> None:
    removed = spec.pop("remove_choices", [])
    if spec.get("choices") and removed:
        spec["choices"] = [c for c in spec["choices"] if c not in removed]
    spec = {k: v for k, v in spec.items() if v is not None or k == "default"}
    positional = not names[0].startswith("-")
    long_names = [n for n in names if n.startswith("--")]
    dest = spec.pop("dest", None) or (names[0] if positional else long_names[0][2:]).replace(
        "-", "_"
    )
    action = spec.get("action", "store")
    if action == "boolean_optional":
        names = names + _negations(names)
    elif action == "store_true":
        spec.setdefault("default", False)
    help_text = str(spec.pop("help", "") or "")
    deprecated = bool(spec.pop("deprecated", False)) or "deprecated" in help_text.lower()
    entry = {"names": names, "dest": dest, "action": action, "group": walk.group}
    for key in ("type", "nargs", "const", "choices", "default", "optional", "source"):
        if key in spec:
            entry[key] = spec[key]
    entry["deprecated"] = deprecated
    walk.arguments.append(entry)


def _negations(names: list[str]) -> list[str]:
    # argparse's BooleanOptionalAction adds `--no-x`; vLLM's EnableDisableAction also pairs
    # `--enable-x` with `--disable-x` (and the reverse).
    extra = []
    for name in names:
        if not name.startswith("--"):
            continue
        extra.append("--no-" + name[2:])
        for prefix, inverse in (("--enable-", "--disable-"), ("--disable-", "--enable-")):
            if name.startswith(prefix):
                extra.append(inverse + name[len(prefix) :])
    return extra


def _find_function(tree: ast.Module, cls: str | None, name: str) -> ast.FunctionDef:
    for node in ast.walk(tree):
        if cls is not None and isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == name:
                    return item
        if cls is None and isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    raise SystemExit(f"{cls}.{name} not found in the wheel")


def frontend_arguments(source: Source, walk: Walk) -> None:
    """`FrontendArgs.add_cli_args`: one `--field` per dataclass field, after the edits."""
    tree = source.trees[FRONTEND_FILE]
    walk.bindings["frontend_kwargs"] = "FrontendArgs"
    for cls in ("BaseFrontendArgs", "FrontendArgs"):
        walk_function(_find_function(tree, cls, "_customize_cli_kwargs").body, walk)
    walk.group = "Frontend"
    for f in all_fields(source, "FrontendArgs"):
        spec = walk.kwargs_for("frontend_kwargs", f.name)
        _finish([f"--{f.name.replace('_', '-')}"], spec, walk)


def generate(wheel: Path) -> dict[str, Any]:
    source = read_wheel(wheel)
    walk = Walk(source)
    frontend = source.trees[FRONTEND_FILE]
    serve = _find_function(frontend, None, "make_arg_parser")
    for statement in serve.body:
        if isinstance(statement, ast.Assign | ast.Return):
            continue  # `parser = FrontendArgs.add_cli_args(parser)` etc., handled below
        walk_function([statement], walk)
    frontend_arguments(source, walk)
    engine = source.trees[ENGINE_FILE]
    walk.bindings = {}
    walk_function(_find_function(engine, "EngineArgs", "add_cli_args").body, walk)
    walk_function(_find_function(engine, "AsyncEngineArgs", "add_cli_args").body, walk)
    arguments = walk.arguments
    version = re.search(r"vllm-([^-]+)-", wheel.name)
    table = {
        "vllm_version": version.group(1) if version else "unknown",
        "wheel": wheel.name,
        "wheel_sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "generator": "scripts/gen_vllm_args.py",
        "arguments_sha256": checksum(arguments),
        "arguments": arguments,
    }
    return table


def checksum(arguments: list[dict[str, Any]]) -> str:
    text = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--check", type=Path, help="compare with this table; exit 1 if stale")
    args = parser.parse_args(argv)
    table = generate(args.wheel)
    text = json.dumps(table, indent=1, sort_keys=False) + "\n"
    if args.check is not None:
        same = json.loads(args.check.read_text(encoding="utf-8")) == table
        print(f"{args.check}: {'up to date' if same else 'STALE: regenerate it'}")
        return 0 if same else 1
    out = args.out or Path(f"src/torchplace/data/vllm_args/{table['vllm_version']}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"{out}: {len(table['arguments'])} arguments from {args.wheel.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
