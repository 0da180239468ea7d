"""Whether a line lies in code that nothing can call: a script's unused function, or a class
nothing names.

A script (a file with an `if __name__ == "__main__":` block) whose module name no other file
of the project mentions is run, never imported; a function of its own that the script never
names again (no call, no reference, no decorator that registers it) never runs. Findings
there describe code that cannot execute. Files that are imported (the module name appears
elsewhere), functions referenced anywhere in the file, decorated functions, and methods are
all taken as reachable.

A class runs only when something names it: a call, a subclass, a registry lookup by the
name a configuration file or a launch command spells out. In a checkout nobody installs, a
class of a module other files import (a file loaded by path, as a Triton model or a pytest
file is, may be searched for its classes) with no decorator (a registry may file it under
another name) and no keyword (`metaclass=` may file it) that no text of the project names
outside its own body, other than another file's definition of a class of the same name (a
copied module), in a project that never scans modules for their classes, never runs
(`plain_classes` and `named_in` here; the project-wide reading is
`ProjectIndex.in_class_nothing_names`). Only code in the class's methods is dropped: its
body's own statements run when the module is imported.

A method runs only when something names it, too, unless a framework calls it by its name (a
hook: `forward`, `training_step`). In a checkout nobody installs, a method with no decorator
(but those that register nothing: `@staticmethod`, `@torch.no_grad()`, `@torch.jit.unused`)
of a class with no decorator or keyword, whose bases are only `object`, `nn.Module` or the
file's own such classes (so no framework calls it but PyTorch, whose hooks `_MODULE_HOOKS`
lists), not a dunder or one of those hooks, that its file names nowhere outside its own body
(and that builds no attribute names at run time: `getattr(self, name)`), and that no other
text of the project names, never runs (`unnamed_methods`; query2labels' `load_backbone`). A
Python file's comments name nothing: VITA's `rel_shift` is called only in commented-out lines.
Unless its file imports a library that may call it by name: one that is neither the
standard library, PyTorch and the numeric libraries (`_NO_PROTOCOLS`) nor the project's own
module (self-rag's encoder, a plain class whose `encode_queries` BEIR's search calls).
"""

from __future__ import annotations

import ast
import io
import os
import re
import sys
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.parse_around import tolerant_tree

MAIN_GUARD = re.compile(rb"""if\s+__name__\s*==\s*["']__main__["']\s*:""")

#: Top-level statements a module of definitions holds (a docstring is an `Expr` of a string).
_DEFINITIONS = (
    ast.Import,
    ast.ImportFrom,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Assign,
    ast.AnnAssign,
)


def runs_work_at_top_level(code: bytes) -> bool | None:
    """Whether the module runs work of its own when run as a script (a `__main__` block, a
    top-level call, loop, `with` or `if`, `args = parser.parse_args()`), not only defines
    (imports, functions, classes, plain assignments of names); None when it does not
    parse."""
    if MAIN_GUARD.search(code):
        return True
    try:
        tree = tolerant_tree(code)
    except (SyntaxError, ValueError, RecursionError):
        return None
    for statement in tree.body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue
        if not isinstance(statement, _DEFINITIONS):
            return True
        if isinstance(statement, ast.Assign | ast.AnnAssign) and any(
            isinstance(node, ast.Call) and "parse_args" in ast.unparse(node.func)
            for node in ast.walk(statement)
        ):
            return True  # `args = parser.parse_args()`: a script's set-up
    return False


def is_main_guard(statement: ast.AST) -> bool:
    """The statement is a script's `if __name__ == "__main__":` block (also written the other
    way round): the parsed form of `MAIN_GUARD`."""
    if not isinstance(statement, ast.If) or not isinstance(statement.test, ast.Compare):
        return False
    test = statement.test
    if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [side.id for side in sides if isinstance(side, ast.Name)]
    texts = [side.value for side in sides if isinstance(side, ast.Constant)]
    return names == ["__name__"] and texts == ["__main__"]


def unused_script_functions(data: bytes | None) -> tuple[tuple[str, int, int], ...]:
    """Every top-level function of a script (its bytes: `data`) that the script never names,
    as (name, first line, last line); the project-wide part, that no other file names the
    script, is `mentioned_elsewhere`. A script that looks its own functions up by a name
    built at run time (`getattr(sys.modules[__name__], sys.argv[1])()`, `globals()[name]`,
    `eval(args.mode)`) or hands them to a command line (`fire.Fire()`) may run any of
    them."""
    if data is None or not MAIN_GUARD.search(data):
        return ()
    if FINDS_CLASSES.search(data) or exposes_functions(data):
        return ()  # looked up by a name built at run time, or offered to a command line
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError, RecursionError):
        return ()
    used: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            used.add(n.id)
        elif isinstance(n, ast.Attribute):
            used.add(n.attr)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            used.add(n.value)
    return tuple(
        (node.name, node.lineno, node.end_lineno or node.lineno)
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not node.decorator_list
        and node.name not in used
    )


def mentioned_elsewhere(path: str, files: Sequence[str], max_file_bytes: int) -> bool:
    """Some other file of the project names the module of `path` (it may be imported), or a
    file could not be read."""
    stem = Path(path).stem.encode()
    if stem == b"__init__":
        return True
    own = os.path.abspath(path)
    for other in files:
        if os.path.abspath(other) == own:
            continue
        data = read_regular_file(Path(other), max_file_bytes)
        if data is None or stem in data:
            return True
    return False


@dataclass(frozen=True)
class PlainClass:
    """A class with no decorator and no keyword, the lines of its body and of its methods
    (its body's own statements run when the module is imported; its methods only when
    something calls them)."""

    name: str
    first: int
    last: int
    methods: tuple[tuple[int, int], ...]

    def holds_in_a_method(self, line: int) -> bool:
        return any(first <= line <= last for first, last in self.methods)


def plain_classes(data: bytes | None) -> list[PlainClass]:
    """The classes of the file (`data`), nested ones too, that no decorator or keyword may
    register under another name; none for a file that does not parse."""
    if data is None:
        return []
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError, RecursionError):
        return []
    return [
        PlainClass(
            node.name,
            node.lineno,
            node.end_lineno or node.lineno,
            tuple(
                (method.lineno, method.end_lineno or method.lineno)
                for method in node.body
                if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef)
            ),
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and not node.decorator_list and not node.keywords
    ]


def python_code_text(text: str) -> str:
    """A Python file's text less its comments, line for line (line breaks as Python reads
    them: `\r\n` and a lone `\r` become `\n`): each comment Python's tokenizer finds is
    blanked, never a `#` inside a string (an f-string's replacement field runs, a template's
    `#SBATCH` line may close before code). Commented-out code (`# matrix_bd =
    self.rel_shift(matrix_bd)`) names nothing that runs. A text the tokenizer cannot read is
    kept whole."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "#" not in text:
        return text
    lines = text.split("\n")
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                row, column = token.start
                line = lines[row - 1]
                lines[row - 1] = line[:column] + " " * (len(line) - column)
    except (tokenize.TokenError, SyntaxError, IndentationError, ValueError):
        return text
    return "\n".join(lines)


def named_in(text: str, name: str, outside: tuple[int, int] | None = None) -> bool:
    """The text names `name` other than in a definition (`class name`, `def name`), on a
    line outside the `outside` span (first and last line) when given. Words are read as
    Python reads identifiers (`class Modèle`)."""
    pattern = re.compile(r"(?<!\w)(?:(class|def)\s+)?" + re.escape(name) + r"(?!\w)")
    for match in pattern.finditer(text):
        if match.group(1) is not None:
            continue
        if outside is not None:
            line = text.count("\n", 0, match.start()) + 1
            if outside[0] <= line <= outside[1]:
                continue
        return True
    return False


#: Ways a program reaches classes it never names: every subclass of a base, a base's hook or
#: a metaclass of its own that files each subclass as it is defined (`class Registry(type)`,
#: inherited by every subclass of a base that names it), a scan of a module's members
#: (`inspect.getmembers` over the modules `pkgutil.walk_packages` finds, `module.__dict__`
#: matched against a name built at run time, `globals()[name]`, `getattr(module, f"...")`).
#: `getattr(self, f"...")` is not one: it reaches attributes of an object whose class already
#: runs (NATSpeech's `getattr(self, f"{prefix}_loss")`), never a class nothing names; nor is
#: a library's member fetched by name (ESPnet's `getattr(torch, f"{window}_window")`,
#: `getattr(F, f"{name}")`): torch, numpy and math hold none of the project's classes.
FINDS_CLASSES = re.compile(
    rb"__subclasses__|__init_subclass__|\bgetmembers\b|\bgetmro\b|\bwalk_packages\b"
    rb"|(?<!self)\.__dict__\b|\bglobals\(\)\s*(?:\[|\.get\b|\.items\b)"
    rb"|\bgetattr\(\s*(?!(?:self|cls|torch|nn|F|np|numpy|math|torchaudio|torchvision)"
    rb"(?:\.\w+)*\s*,)[\w.]+\s*,\s*f[\"']|\bsys\.modules\s*\["
    rb"|\bclass\s+\w+\s*\(\s*(?:abc\.)?(?:type|ABCMeta)\s*\)"
)
#: A module that hands its functions to a command-line framework: any may run.
EXPOSES_FUNCTIONS = re.compile(
    rb"\bFire\s*\(|\btyper\b|@click\.|\bCLI\s*\(\s*\)|\bauto_cli\s*\("  # jsonargparse's too
    # a name evaluated at run time: `eval(args.mode)(args)`, `exec(...)`, `vars()[mode]`,
    # `locals()[mode]`, `getattr(__import__("__main__"), mode)`
    rb"|(?<![\w.])(?:eval|exec)\s*\(|\b(?:vars|locals)\(\)\s*(?:\[|\.get\b)|\b__import__\s*\("
)
#: The file's own function named `eval` or `exec` (an evaluation loop): its calls evaluate
#: no names.
_OWN_EVAL = re.compile(rb"^\s*(?:async\s+)?def\s+(eval|exec)\s*\(", re.MULTILINE)


def exposes_functions(data: bytes) -> bool:
    """The file hands its functions to a command line or evaluates names at run time
    (`EXPOSES_FUNCTIONS`), not counting calls of a function of its own named `eval` or
    `exec` (`def eval(args, task_num, logger)`, called as `eval(args, ...)`)."""
    own = {match.group(1) for match in _OWN_EVAL.finditer(data)}
    for match in EXPOSES_FUNCTIONS.finditer(data):
        word = re.match(rb"(eval|exec)\s*\(", match.group(0))
        if word is None or word.group(1) not in own:
            return True
    return False


#: The methods PyTorch itself calls by name on an `nn.Module` (or that code outside a project
#: commonly calls on any module: `model.train()`, `load_state_dict`): never dead for lack of
#: a caller in the project.
_MODULE_HOOKS = frozenset(
    {
        "forward",
        "extra_repr",
        "reset_parameters",
        "_reset_parameters",
        "init_weights",
        "_init_weights",
        "train",
        "eval",
        "state_dict",
        "load_state_dict",
        "_load_from_state_dict",
        "_save_to_state_dict",
        "get_extra_state",
        "set_extra_state",
        "parameters",
        "named_parameters",
        "buffers",
        "named_buffers",
        "children",
        "named_children",
        "modules",
        "named_modules",
        "to",
        "cuda",
        "cpu",
        "type",
        "float",
        "double",
        "half",
        "bfloat16",
        "apply",
        "_apply",
        "zero_grad",
        "requires_grad_",
        "share_memory",
        "to_empty",
        "compile",
        "_get_name",
        "_register_state_dict_hook",
    }
)
_MODULE_BASES = frozenset({"object", "Module", "nn.Module", "torch.nn.Module"})
#: Attribute names built at run time (`getattr(self, f"load_{kind}")`, `getattr(self, name)`):
#: any method of the file may be reached so.
_BUILT_ATTRIBUTE = re.compile(r"\bgetattr\(\s*[\w.]+\s*,\s*(?![\"'][\w.]*[\"']\s*[,)])")


#: Libraries that call no method of a user's object by a name of the user's choosing.
_NO_PROTOCOLS = frozenset(
    {"torch", "numpy", "scipy", "einops", "math", "tqdm", "PIL", "cv2", "matplotlib", "pandas"}
)


@dataclass(frozen=True)
class UnnamedMethod:
    """A method its file never names (its lines, first and last), and the modules the file
    imports from outside the standard library and `_NO_PROTOCOLS` (the project's own, or a
    library that may call the method by name: the caller tells them apart)."""

    name: str
    first: int
    last: int
    imports: tuple[str, ...]


def unnamed_methods(data: bytes | None) -> tuple[UnnamedMethod, ...]:
    """The methods the file (`data`) gives no caller: see the module's docstring (the
    project-wide part, that no other text names them and that the imports are the project's
    own, is the caller's). Empty for a file that does not parse."""
    if data is None:
        return ()
    text = data.decode("utf-8", "replace")
    if _BUILT_ATTRIBUTE.search(text):
        return ()
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError, RecursionError):
        return ()
    classes = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    found: list[UnnamedMethod] = []
    imports: tuple[str, ...] | None = None
    text = python_code_text(text)
    for node in classes.values():
        if not _plain_module_class(node, classes, set()):
            continue
        for method in node.body:
            if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            name = method.name
            if _may_register(method) or name.startswith("__") or name in _MODULE_HOOKS:
                continue
            span = (method.lineno, method.end_lineno or method.lineno)
            if named_in(text, name, span):
                continue
            if imports is None:
                imports = _imports_beyond_standard(tree)
            found.append(UnnamedMethod(name, span[0], span[1], imports))
    return tuple(found)


#: Decorators that change how a method runs, never who calls it: none files it anywhere.
_PLAIN_DECORATORS = frozenset(
    {
        "staticmethod",
        "classmethod",
        "torch.no_grad",
        "torch.inference_mode",
        "torch.enable_grad",
        "torch.jit.unused",
        "torch.jit.ignore",
        "torch.compile",
        "functools.lru_cache",
        "lru_cache",
        "functools.cache",
        "cache",
    }
)


def _may_register(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A decorator other than those that only change how it runs (`_PLAIN_DECORATORS`:
    `@torch.jit.unused`, `@torch.no_grad()`) may file the function under some name."""
    return any(
        ast.unparse(decorator.func if isinstance(decorator, ast.Call) else decorator)
        not in _PLAIN_DECORATORS
        for decorator in function.decorator_list
    )


def _imports_beyond_standard(tree: ast.Module) -> tuple[str, ...]:
    """The top-level modules the file imports absolutely, less the standard library and
    `_NO_PROTOCOLS` (relative imports are the project's own)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return tuple(sorted(found - _NO_PROTOCOLS - sys.stdlib_module_names))


def _plain_module_class(
    node: ast.ClassDef, classes: dict[str, ast.ClassDef], seen: set[str]
) -> bool:
    """A class with no decorator or keyword whose bases are `object`, `nn.Module` or such
    classes of the same file: no framework but PyTorch calls its methods by name."""
    if node.decorator_list or node.keywords or node.name in seen:
        return False
    seen.add(node.name)
    for base in node.bases:
        written = ast.unparse(base)
        if written in _MODULE_BASES:
            continue
        local = classes.get(written)
        if local is None or not _plain_module_class(local, classes, seen):
            return False
    return True
