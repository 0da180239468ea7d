"""The transformers test files the peer-suite comparison runs, pinned by commit and sha256.

transformers' wheel and sdist ship no tests, so the files come from a git copy of the
transformers repository (any clone or mirror holding the recorded commit). `build` starts from
the chosen model test files and follows their imports of the `tests` package (relative imports
and `tests.` imports, transitively), adding each package's `__init__.py`, the repository's
root `conftest.py` and `pyproject.toml` (pytest markers); `extract` writes exactly those files
under `.corpus/transformers-tests/`; `verify` checks every file against the manifest.

    python benchmarks/peer_suites/transformers_corpus.py build GIT_DIR COMMIT [--archs a b]
    python benchmarks/peer_suites/transformers_corpus.py extract GIT_DIR
    python benchmarks/peer_suites/transformers_corpus.py verify
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import subprocess
import sys
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = Path(__file__).with_name("transformers_tests.json")
CORPUS = ROOT / ".corpus" / "transformers-tests"
ALWAYS = ("conftest.py", "pyproject.toml", "tests/utils/tiny_model_summary.json")
# tests/utils/test_configuration_utils.py puts the repository's utils/ on sys.path for these
ALWAYS_DIRS = ("utils/test_module",)


def git_show(git_dir: Path, commit: str, path: str) -> bytes | None:
    done = subprocess.run(
        ["git", "-C", str(git_dir), "show", f"{commit}:{path}"], capture_output=True, check=False
    )
    return done.stdout if done.returncode == 0 else None


def module_files(name: str) -> list[str]:
    """Candidate files for the dotted module `name` (a module or a package)."""
    base = name.replace(".", "/")
    return [f"{base}.py", f"{base}/__init__.py"]


LOCAL_PACKAGES = ("tests", "utils")  # the repository's own packages the tests import


def is_local(name: str) -> bool:
    return name.split(".")[0] in LOCAL_PACKAGES


def imported_modules(source: bytes, path: str) -> set[str]:
    """Dotted names of the repository modules `path` imports (absolute and relative)."""
    package = PurePosixPath(path).parent.parts
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if is_local(alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package[: len(package) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            if not is_local(base):
                continue
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def package_inits(path: str) -> list[str]:
    parts = PurePosixPath(path).parent.parts
    return [str(PurePosixPath(*parts[: i + 1], "__init__.py")) for i in range(len(parts))]


def tree_files(git_dir: Path, commit: str, folder: str) -> list[str]:
    done = subprocess.run(
        ["git", "-C", str(git_dir), "ls-tree", "-r", "--name-only", commit, folder],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.split()


def collect(git_dir: Path, commit: str, start: list[str]) -> dict[str, bytes]:
    """Every file `start` needs, by path, with its bytes at `commit`."""
    files: dict[str, bytes] = {}
    pending = list(start) + list(ALWAYS)
    for folder in ALWAYS_DIRS:
        pending.extend(tree_files(git_dir, commit, folder))
    while pending:
        path = pending.pop()
        if path in files:
            continue
        data = git_show(git_dir, commit, path)
        if data is None and path.endswith("__init__.py"):
            continue  # a namespace package (the repository's utils/)
        if data is None:
            raise SystemExit(f"{path} is not in {git_dir} at {commit}")
        files[path] = data
        if path.startswith(LOCAL_PACKAGES):
            pending.extend(p for p in package_inits(path) if p not in files)
        if not path.endswith(".py"):
            continue
        for module in imported_modules(data, path):
            for candidate in module_files(module):
                if candidate not in files and git_show(git_dir, commit, candidate) is not None:
                    pending.append(candidate)
                    break
    return files


def build(
    git_dir: Path, commit: str, archs: list[str], source: str, infra: dict[str, str]
) -> dict[str, object]:
    """The manifest: every file at `commit`, except the `infra` files (path -> their commit)."""
    start = [f"tests/models/{arch}/test_modeling_{arch}.py" for arch in archs]
    files = collect(git_dir, commit, start)
    entries = {}
    for path in sorted(files):
        at = infra.get(path, commit)
        data = files[path] if at == commit else git_show(git_dir, at, path)
        if data is None:
            raise SystemExit(f"{path} is not in {git_dir} at {at}")
        entries[path] = {"commit": at, "sha256": hashlib.sha256(data).hexdigest()}
    return {"source": source, "commit": commit, "archs": archs, "files": entries}


def load_manifest() -> dict[str, object]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def extract(git_dir: Path, manifest: dict[str, object]) -> None:
    for path, entry in manifest["files"].items():  # type: ignore[attr-defined]
        data = git_show(git_dir, entry["commit"], path)
        if data is None:
            raise SystemExit(f"{path} is not in {git_dir} at {entry['commit']}")
        target = CORPUS / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def verify(manifest: dict[str, object]) -> list[str]:
    """Files that are missing or differ from the manifest (empty when all match)."""
    problems = []
    for path, entry in manifest["files"].items():  # type: ignore[attr-defined]
        target = CORPUS / path
        if not target.is_file():
            problems.append(f"{path}: missing")
        elif hashlib.sha256(target.read_bytes()).hexdigest() != entry["sha256"]:
            problems.append(f"{path}: sha256 differs from the manifest")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    make = verbs.add_parser("build")
    make.add_argument("git_dir", type=Path)
    make.add_argument("commit")
    make.add_argument("--source", required=True, help="where the commit was read (owner/name)")
    make.add_argument("--archs", nargs="+", required=True)
    make.add_argument("--note", default="", help="how the files relate to the installed release")
    make.add_argument(
        "--infra", nargs="*", default=[], metavar="PATH=COMMIT",
        help="a file taken at another commit (the root conftest.py of a later one)",
    )  # fmt: skip
    verbs.add_parser("extract").add_argument("git_dir", type=Path)
    verbs.add_parser("verify")
    options = parser.parse_args()
    if options.verb == "build":
        infra = dict(item.split("=", 1) for item in options.infra)
        manifest = build(options.git_dir, options.commit, options.archs, options.source, infra)
        manifest["note"] = options.note
        MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        extract(options.git_dir, manifest)
    elif options.verb == "extract":
        extract(options.git_dir, load_manifest())
    problems = verify(load_manifest())
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(load_manifest()['files']) - len(problems)} files match the manifest")  # type: ignore[arg-type]
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
