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
Reading classes, fields and type aliases is in `scripts/vllm_source_index.py`.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vllm_source_index import (
    Source,
    all_fields,
    classify,
    const_text,
    hints,
    literal,
    read_wheel,
)

ENGINE_FILE = "vllm/engine/arg_utils.py"
FRONTEND_FILE = "vllm/entrypoints/common/cli_args.py"


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
        constant = const_text(value)
        if constant is None and isinstance(value, ast.Name):
            constant = walk.source.constants.get(value.id)
        return "help", (constant or "")
    if keyword.arg == "choices":
        return "choices", _choices(value, walk)
    return keyword.arg, literal(value)


def _choices(value: ast.expr, walk: Walk) -> Any:
    """Choices computed in the source: `get_args(LogLevel)`, or a list plus the platform's
    device type (vLLM on a CUDA machine, where these tables are meant to be used: `cuda`)."""
    found = literal(value)
    if not isinstance(found, dict):
        return found
    if isinstance(value, ast.Call) and ast.unparse(value.func) == "get_args" and value.args:
        members = hints(value.args[0], walk.source)
        return [v for kind, values in members if kind == "literal" for v in values]
    if isinstance(value, ast.BinOp) and isinstance(value.left, ast.List):
        base = literal(value.left)
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
    name, key = literal(inner.slice), literal(target.slice)
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
                        walk.group = str(literal(keyword.value))
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
            key = literal(target.slice)
            fake = ast.keyword(arg=str(key), value=value)
            walk.edits.setdefault((variable, name), {})[str(key)] = _explicit(fake, walk)[1]
        else:
            _record_edit(target, value, walk)


def _bind_single(target: str, value: ast.Subscript, walk: Walk) -> None:
    name = literal(value.slice)
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
    text = const_text(removed) if removed is not None else None
    if text is None and isinstance(removed, ast.Name):
        text = walk.source.constants.get(removed.id)
    name = literal(inner.slice)
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
        name = literal(value.slice)
        if isinstance(name, str):
            return walk.kwargs_for(value.value.id, name)
    if isinstance(value, ast.Dict):
        spec: dict[str, Any] = {}
        for key, item in zip(value.keys, value.values, strict=True):
            if key is None:
                spec.update(_splat(item, walk))
            else:
                fake = ast.keyword(arg=str(literal(key)), value=item)
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
