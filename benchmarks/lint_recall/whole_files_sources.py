"""Where the whole files of the recall cases come from, and how to get them back.

`collect` reads each case's `case.toml`: a case read from a git commit gets its file(s) at the
fix commit's parent (buggy) and at the fix commit (fixed) from a bare clone under a mirrors
folder (`DIR/<owner>+<name>/repo` or `DIR/<owner>+<name>`); a case read from two released
wheels gets the file from both wheels (`pip download --no-deps`). The manifest records, per
file and side, the origin (repository, commit and path, or package, version and wheel member)
and the sha256 of the content; `rebuild` brings every file back from it (a mirror, else a
partial clone from GitHub; the package index for wheels) and checks the sha256.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import score as excerpt_score  # noqa: E402  (the excerpt scorer beside this file)

SIDES = excerpt_score.SIDES
MANIFEST = HERE / "whole_files.json"
CORPUS = ROOT / ".corpus" / "recall-whole"
MIRRORS = Path("/work/.mirror")
# A project renamed on GitHub after the fix: the case names the old address.
RENAMED = {"meta-llama/llama-recipes": "meta-llama/llama-cookbook"}
SHA = re.compile(r"\b[0-9a-f]{40}\b")
WHEELS = re.compile(r"buggy\.py from the (\S+) wheel, fixed\.py from the (\S+) wheel")


class NotRetrievable(Exception):
    """A case whose whole files cannot be had; the message says why."""


# ---------------------------------------------------------------- manifest


def read_manifest(path: Path) -> dict[str, dict[str, object]]:
    """The cases of a manifest, checked for the fields that rebuilding and scoring read."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, dict):
        raise ValueError(f"{path}: no 'cases' table")
    for name, entry in cases.items():
        status = entry.get("status") if isinstance(entry, dict) else None
        if status == "not retrievable" and entry.get("reason"):
            continue
        if status != "retrieved" or not entry.get("files"):
            raise ValueError(f"{path}: case {name} is neither retrieved with files nor explained")
        for item in entry["files"]:
            for side in SIDES:
                _check_origin(path, name, item, side)
    return cases


def _check_origin(path: Path, name: str, item: dict[str, object], side: str) -> None:
    origin = item.get(side)
    needed = {"git": ("repo", "commit", "path"), "pypi": ("package", "version", "member")}
    if not isinstance(origin, dict) or origin.get("origin") not in needed:
        raise ValueError(f"{path}: case {name} {side} has no git or pypi origin")
    missing = [k for k in (*needed[str(origin["origin"])], "sha256") if not origin.get(k)]
    if missing or not item.get("path"):
        raise ValueError(f"{path}: case {name} {side} lacks {missing or ['path']}")


def write_manifest(path: Path, cases: dict[str, dict[str, object]]) -> None:
    data = {
        "about": "whole files of the recall cases: where each came from; see whole_files.py",
        "cases": dict(sorted(cases.items())),
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------- getting the files


def repo_of(meta: dict[str, object]) -> str:
    match = re.search(r"github\.com/([^/\s]+/[^/\s]+)", str(meta["source"]))
    if not match:
        raise NotRetrievable(f"source is not a GitHub address: {meta['source']}")
    repo = match.group(1)
    return RENAMED.get(repo, repo)


def git_dir(repo: str, mirrors: Path) -> Path | None:
    base = mirrors / repo.replace("/", "+")
    for candidate in (base / "repo", base):
        if (candidate / "HEAD").is_file() and (candidate / "objects").is_dir():
            return candidate
    return None


def _git(gdir: Path, *args: str) -> bytes:
    result = subprocess.run(["git", "--git-dir", str(gdir), *args], capture_output=True)
    if result.returncode != 0:
        raise NotRetrievable(
            f"git {' '.join(args)}: {result.stderr.decode(errors='replace')[:200]}"
        )
    return result.stdout


def resolve_paths(meta: dict[str, object], names: list[str]) -> list[str]:
    """The project files a case names (`a/b.py + c.py`: a second part may be a path suffix)."""
    parts = [p.strip().lstrip("/") for p in str(meta["path"]).split("+")]
    out = []
    for part in parts:
        part = part if part.endswith(".py") else part + ".py"
        if part in names:
            out.append(part)
            continue
        tails = [n for n in names if n.endswith("/" + part)]
        if len(tails) != 1:
            raise NotRetrievable(f"{part}: {len(tails)} files of the tree end with it")
        out.append(tails[0])
    return out


def collect_git(meta: dict[str, object], mirrors: Path) -> list[dict[str, object]]:
    repo = repo_of(meta)
    shas = SHA.findall(str(meta.get("commits", "")))
    gdir = git_dir(repo, mirrors)
    if gdir is None:
        raise NotRetrievable(f"no clone of {repo} under {mirrors}")
    fix, first = shas[-1], shas[0]
    parent = _git(gdir, "rev-parse", f"{first}^").decode().strip()
    names = _git(gdir, "ls-tree", "-r", "--name-only", fix).decode().splitlines()
    files = []
    for path in resolve_paths(meta, names):
        item: dict[str, object] = {"path": path}
        for side, commit in (("buggy", parent), ("fixed", fix)):
            data = _git(gdir, "show", f"{commit}:{path}")
            item[side] = {"origin": "git", "repo": repo, "commit": commit, "path": path}
            item[side]["sha256"] = sha256(data)  # type: ignore[index]
            _store(side, str(meta["_name"]), path, data)
        files.append(item)
    return files


def wheel_file(package: str, version: str) -> Path:
    folder = CORPUS / "wheels"
    found = sorted(folder.glob(f"{package}-{version}-*.whl")) if folder.is_dir() else []
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", f"{package}=={version}", "--no-deps"]
    result = subprocess.run([*command, "-d", str(folder), "-q"], capture_output=True, text=True)
    found = sorted(folder.glob(f"{package}-{version}-*.whl"))
    if result.returncode != 0 or not found:
        raise NotRetrievable(f"pip download {package}=={version}: {result.stderr[-200:]}")
    return found[0]


def wheel_member(wheel: Path, path: str) -> str:
    """The member of the wheel that is the project file `path` (`src/` layouts drop `src/`)."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    parts = path.split("/")
    for start in range(len(parts)):
        if "/".join(parts[start:]) in names:
            return "/".join(parts[start:])
    raise NotRetrievable(f"{wheel.name} holds no file for {path}")


def collect_wheels(meta: dict[str, object]) -> list[dict[str, object]]:
    match = WHEELS.search(str(meta.get("commits", "")))
    if not match:
        raise NotRetrievable(f"commits names no git commit nor two wheels: {meta.get('commits')}")
    package = str(meta["project"]).lower()
    path = str(meta["path"]).strip()
    item: dict[str, object] = {"path": path}
    for side, version in zip(SIDES, match.groups(), strict=True):
        wheel = wheel_file(package, version)
        member = wheel_member(wheel, path)
        with zipfile.ZipFile(wheel) as archive:
            data = archive.read(member)
        item[side] = {"origin": "pypi", "package": package, "version": version, "member": member}
        item[side]["sha256"] = sha256(data)  # type: ignore[index]
        _store(side, str(meta["_name"]), path, data)
    return [item]


def _store(side: str, case: str, path: str, data: bytes) -> None:
    target = CORPUS / "files" / side / case / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def collect(cases_dir: Path, mirrors: Path) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for case in excerpt_score.load_cases(cases_dir):
        meta = {**case.meta, "_name": case.name}
        try:
            if SHA.search(str(meta.get("commits", ""))):
                files = collect_git(meta, mirrors)
            else:
                files = collect_wheels(meta)
            out[case.name] = {"status": "retrieved", "files": files}
        except NotRetrievable as why:
            out[case.name] = {"status": "not retrievable", "reason": str(why)}
        print(f"{case.name}: {out[case.name]['status']}", file=sys.stderr)
    return out


def rebuild(manifest: dict[str, dict[str, object]], mirrors: Path) -> list[str]:
    """Bring every manifest file onto disk, sha256 checked; returns the problems met."""
    problems = []
    for name, entry in manifest.items():
        for item in entry.get("files", []):  # type: ignore[attr-defined]
            for side in SIDES:
                target = CORPUS / "files" / side / name / item["path"]
                origin = item[side]
                if target.is_file() and sha256(target.read_bytes()) == origin["sha256"]:
                    continue
                try:
                    data = _fetch_origin(origin, mirrors)
                except NotRetrievable as why:
                    problems.append(f"{name} {side}: {why}")
                    continue
                if sha256(data) != origin["sha256"]:
                    problems.append(f"{name} {side}: content differs from the manifest's sha256")
                    continue
                _store(side, name, item["path"], data)
    return problems


def _fetch_origin(origin: dict[str, str], mirrors: Path) -> bytes:
    if origin["origin"] == "pypi":
        with zipfile.ZipFile(wheel_file(origin["package"], origin["version"])) as archive:
            return archive.read(origin["member"])
    gdir = git_dir(origin["repo"], mirrors) or _clone(origin["repo"])
    return _git(gdir, "show", f"{origin['commit']}:{origin['path']}")


def _clone(repo: str) -> Path:
    target = CORPUS / "git" / repo.replace("/", "+")
    if not target.is_dir():
        url = f"https://github.com/{repo}.git"
        command = ["git", "clone", "--bare", "--filter=blob:none", "-q", url, str(target)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise NotRetrievable(f"git clone {url}: {result.stderr.strip()[:200]}")
    return target
