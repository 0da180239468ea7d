"""Recall of `torchplace lint` on the whole real files of the recall cases, not only the excerpts.

Usage:
  python benchmarks/lint_recall/whole_files.py collect [--mirrors DIR]  # files + manifest
  python benchmarks/lint_recall/whole_files.py rebuild [--mirrors DIR]  # files from the manifest
  python benchmarks/lint_recall/whole_files.py score [--no-write]       # lint and compare

A case's `buggy.py` / `fixed.py` hold only the functions its fix touched; a user lints the whole
file, where evidence outside those functions (a `.to("cpu")` in another method, a class
attribute such as `_no_split_modules`) can make a finding appear or go. For each case read from
a git commit, `collect` takes the whole file at the fix commit's parent (buggy) and at the fix
commit (fixed) from a bare clone (`DIR/<owner>+<name>/repo` or `DIR/<owner>+<name>`); a case
read from two released wheels takes the file from the two wheels (`pip download --no-deps`).
Where each file came from (repository, commit, path or package, version, member, and the
sha256 of the content) goes to the committed manifest `whole_files.json`; the files go to
`.corpus/recall-whole/files/` (git-ignored). `rebuild` brings them back from the manifest (git
from the mirrors, else a partial clone from GitHub; wheels from the package index) and checks
each sha256.

`score` lays each whole file out where it lived in its project (`<side>/<case>/<path>`, as
score.py does for excerpts), maps every buggy line of the excerpt onto the whole buggy file
(the line's stripped text, disambiguated by its neighbours; a line that cannot be placed is
reported, never guessed), lints with the default rules and with every rule, and scores as
score.py does: found = a finding on a mapped buggy line; fixed clean = no finding on the lines
the fix wrote (whole buggy file against whole fixed file) nor on the mapped buggy lines it
kept. The excerpts of the same cases are scored in the same run, and every case where the
excerpt and the whole file disagree is listed. Results: `benchmarks/results/
lint_recall_whole.{md,json}`.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
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
CONTEXT = 12  # neighbours each side that may break a tie between equal lines


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


# ---------------------------------------------------------------- mapping buggy lines


@dataclass(frozen=True)
class Mapped:
    """Where a buggy line of the excerpt sits in the whole file (path and line), or why not."""

    excerpt_line: int
    path: str | None = None
    line: int | None = None
    reason: str = ""


def map_line(excerpt: list[str], number: int, files: dict[str, list[str]]) -> Mapped:
    """Map excerpt line `number` (1-based) onto the whole files by its stripped text.

    One match is taken. Among several, the best is the one inside the same `class` / `def`
    headers as in the excerpt, then the one whose neighbours agree best with the excerpt's
    (nearer neighbours weigh more); it is taken only when no other candidate ties with it,
    otherwise the line is reported as ambiguous.
    """
    text = excerpt[number - 1].strip() if 0 < number <= len(excerpt) else ""
    if not text:
        return Mapped(number, reason="blank or out of the excerpt")
    candidates = [
        (path, index)
        for path, lines in files.items()
        for index, line in enumerate(lines)
        if line.strip() == text
    ]
    if not candidates:
        return Mapped(number, reason=f"text not in the whole file: {text[:60]!r}")
    headers = enclosing_headers(excerpt, number - 1)
    scores = [
        (
            _same_headers(headers, enclosing_headers(files[p], i)),
            _agreement(excerpt, number - 1, files[p], i),
        )
        for p, i in candidates
    ]
    best = max(scores)
    if len(candidates) > 1 and (best == (0, 0) or scores.count(best) > 1):
        return Mapped(number, reason=f"ambiguous: {len(candidates)} equal lines, same context")
    path, index = candidates[scores.index(best)]
    return Mapped(number, path, index + 1)


def enclosing_headers(lines: list[str], index: int) -> list[str]:
    """The `def` / `class` lines that enclose line `index`, innermost first, stripped."""
    headers: list[str] = []
    indent = _indent(lines[index])
    for line in reversed(lines[:index]):
        # a closing bracket ends a statement that began above (a long signature's `) -> T:`)
        if not line.strip() or line.lstrip()[0] in ")]}" or _indent(line) >= indent:
            continue
        indent = _indent(line)
        if line.lstrip().startswith(("def ", "async def ", "class ")):
            headers.append(line.strip())
        if indent == 0:
            break
    return headers


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _same_headers(excerpt: list[str], whole: list[str]) -> int:
    same = 0
    for a, b in zip(excerpt, whole, strict=False):
        if a != b:
            break
        same += 1
    return same


def _agreement(excerpt: list[str], at: int, whole: list[str], index: int) -> int:
    score = 0
    for distance in range(1, CONTEXT + 1):
        for sign in (-1, 1):
            a, b = at + sign * distance, index + sign * distance
            if 0 <= a < len(excerpt) and 0 <= b < len(whole):
                near = excerpt[a].strip()
                if near and near == whole[b].strip():
                    score += CONTEXT + 1 - distance
    return score


# ---------------------------------------------------------------- scoring


@dataclass
class WholeCase:
    case: excerpt_score.Case
    paths: list[str]
    mapped: list[Mapped]
    results: dict[str, dict[str, object]] = field(default_factory=dict)

    @property
    def unmapped(self) -> list[Mapped]:
        return [m for m in self.mapped if m.line is None]


def read_side(name: str, side: str, paths: list[str]) -> dict[str, list[str]]:
    root = CORPUS / "files" / side / name
    return {p: (root / p).read_text(encoding="utf-8").splitlines() for p in paths}


def map_case(case: excerpt_score.Case, cases_dir: Path, paths: list[str]) -> WholeCase:
    excerpt = (cases_dir / case.name / "buggy.py").read_text(encoding="utf-8").splitlines()
    whole = read_side(case.name, "buggy", paths)
    mapped = [map_line(excerpt, n, whole) for n in case.buggy_lines]
    return WholeCase(case, paths, mapped)


def score_whole(items: list[WholeCase], findings: list[dict[str, object]], key: str) -> None:
    by_file: dict[tuple[str, str, str], set[tuple[int, str]]] = {}
    for finding in findings:
        side, name, *rest = Path(str(finding["path"])).parts
        spot = (excerpt_score._line(finding), str(finding["code"]))
        by_file.setdefault((side, name, "/".join(rest)), set()).add(spot)
    for item in items:
        name, hits, left = item.case.name, set(), set()
        buggy, fixed = read_side(name, "buggy", item.paths), read_side(name, "fixed", item.paths)
        for path in item.paths:
            lines = [m.line for m in item.mapped if m.path == path and m.line is not None]
            hits |= {c for n, c in by_file.get(("buggy", name, path), set()) if n in lines}
            watched = excerpt_score.watched_fixed_lines(buggy[path], fixed[path], lines)
            left |= {c for n, c in by_file.get(("fixed", name, path), set()) if n in watched}
        count = {s: sum(len(by_file.get((s, name, p), ())) for p in item.paths) for s in SIDES}
        item.results[key] = {
            "found": bool(hits),
            "fixed_clean": not left,
            "rules_on_bug": sorted(hits),
            "rules_left_on_fix": sorted(left),
            "findings_buggy": count["buggy"],
            "findings_fixed": count["fixed"],
        }


def lint_whole(items: list[WholeCase], flags: list[str]) -> list[dict[str, object]]:
    # A temporary tree, so that no configuration of this repository applies to the files.
    with tempfile.TemporaryDirectory(prefix="lint-recall-whole-") as tmp:
        for item in items:
            for side in SIDES:
                for path in item.paths:
                    source = CORPUS / "files" / side / item.case.name / path
                    target = Path(tmp) / side / item.case.name / path
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(source, target)
        return excerpt_score.run_lint(Path(tmp), flags)


def score_excerpts(cases: list[excerpt_score.Case], cases_dir: Path, sets: dict[str, list[str]]):
    with tempfile.TemporaryDirectory(prefix="lint-recall-") as tmp:
        excerpt_score.lay_out(cases, cases_dir, Path(tmp))
        for key, flags in sets.items():
            excerpt_score.score(cases, cases_dir, excerpt_score.run_lint(Path(tmp), flags), key)


RULES_OF = {"found": "rules_on_bug", "fixed_clean": "rules_left_on_fix"}


def disagreements(items: list[WholeCase], keys: list[str]) -> list[dict[str, object]]:
    """Every (case, rule set, found / fixed clean) where the excerpt and the whole file differ."""
    out: list[dict[str, object]] = []
    for item in items:
        for key in keys:
            ex, wh = item.case.results[key], item.results[key]
            for what, rules in RULES_OF.items():
                if ex[what] != wh[what]:
                    row = {"case": item.case.name, "rule_set": key, "what": what}
                    row |= {"excerpt": ex[what], "whole": wh[what]}
                    row |= {"excerpt_rules": ex[rules], "whole_rules": wh[rules]}
                    out.append(row)
    return out


def totals(results: list[dict[str, dict[str, object]]], key: str) -> dict[str, object]:
    n = len(results)
    found = sum(1 for r in results if r[key]["found"])
    clean = sum(1 for r in results if r[key]["fixed_clean"])
    rate = lambda k: round(k / n, 4) if n else 0.0  # noqa: E731
    return {"cases": n, "found": found, "fixed_clean": clean, "recall": rate(found)} | {
        "fixed_clean_rate": rate(clean)
    }


def per_category(items: list[WholeCase], key: str, whole: bool) -> dict[str, list[int]]:
    table: dict[str, list[int]] = {}
    for item in items:
        results = item.results if whole else item.case.results
        row = table.setdefault(str(item.case.meta.get("category", "?")), [0, 0])
        row[0] += int(bool(results[key]["found"]))
        row[1] += 1
    return dict(sorted(table.items()))


# ---------------------------------------------------------------- report


def build_report(
    items: list[WholeCase], manifest: dict[str, dict[str, object]], sets: dict[str, list[str]]
) -> dict[str, object]:
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()
    keys = list(sets)
    whole = {k: totals([i.results for i in items], k) for k in keys}
    excerpt = {k: totals([i.case.results for i in items], k) for k in keys}
    lost = {n: str(e["reason"]) for n, e in manifest.items() if e["status"] != "retrieved"}
    commit = excerpt_score.linter_commit()
    row = {"date": now[:10], "commit": commit, "cases": len(items)}
    for k in keys:
        row |= {
            f"whole_recall_{k}": whole[k]["recall"],
            f"excerpt_recall_{k}": excerpt[k]["recall"],
        }
        row |= {f"whole_clean_{k}": whole[k]["fixed_clean_rate"]}
    return {
        "date": now,
        "machine": excerpt_score.machine(),
        "commit": commit,
        "command": "PYTHONPATH=src python benchmarks/lint_recall/whole_files.py score",
        "rule_sets": {k: " ".join(v) or "(default)" for k, v in sets.items()},
        "coverage": {"cases": len(manifest), "retrieved": len(manifest) - len(lost)}
        | {
            "not_retrievable": lost,
            "unmapped_lines": [
                {"case": i.case.name, "excerpt_line": m.excerpt_line, "reason": m.reason}
                for i in items
                for m in i.unmapped
            ],
        },
        "totals": {"whole": whole, "excerpt": excerpt},
        "disagreements": disagreements(items, keys),
        "cases": [_case_entry(i, manifest) for i in items],
        "history": _history(row),
    }


def _case_entry(item: WholeCase, manifest: dict[str, dict[str, object]]) -> dict[str, object]:
    mapped = [{"excerpt_line": m.excerpt_line, "path": m.path, "line": m.line} for m in item.mapped]
    return {
        "name": item.case.name,
        "category": item.case.meta.get("category"),
        "files": manifest[item.case.name]["files"],
        "buggy_lines": mapped,
        "whole": item.results,
        "excerpt": item.case.results,
    }


def _history(row: dict[str, object]) -> list[dict[str, object]]:
    path = ROOT / "benchmarks" / "results" / "lint_recall_whole.json"
    history = json.loads(path.read_text()).get("history", []) if path.exists() else []
    same = [k for k in row if k not in ("date", "commit")]
    if history and all(history[-1].get(k) == row[k] for k in same):
        history = history[:-1]  # same figures as the last run: keep one row, the newest
    return [*history, row]


def render(report: dict[str, object], items: list[WholeCase], keys: list[str]) -> str:
    whole, excerpt = report["totals"]["whole"], report["totals"]["excerpt"]  # type: ignore[index]
    cover = report["coverage"]
    assert isinstance(cover, dict)
    figure = "; ".join(
        f"{k} {whole[k]['recall']:.1%} on whole files (twins {whole[k]['fixed_clean_rate']:.1%} "
        f"clean) vs {excerpt[k]['recall']:.1%} on the excerpts"
        for k in keys
    )
    lines = ["# Lint recall on the whole real files of the recall cases", ""]
    lines += [
        "- Claim: the linter flags the real placement bugs of the recall corpus when it reads the "
        "whole project file, as a user does, and leaves the whole fixed file clean",
        f"- Figure: {figure}",
        f"- Coverage: {cover['retrieved']} of {cover['cases']} cases retrieved "
        f"({len(cover['unmapped_lines'])} buggy lines not mapped)",
        f"- Date: {str(report['date'])[:10]}",
        f"- Machine: {report['machine']}",
        f"- Commit: {report['commit']}",
        f"- Command: `{report['command']}` (files from `whole_files.py rebuild`)",
        "- Rule sets: " + "; ".join(f"{k}: `{v}`" for k, v in report["rule_sets"].items()),  # type: ignore[attr-defined]
        "",
        "| Rule set | Cases | Whole: found | recall | twins clean | Excerpt: found | recall "
        "| twins clean |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for k in keys:
        w, e = whole[k], excerpt[k]
        lines.append(
            f"| {k} | {w['cases']} | {w['found']} | {w['recall']:.1%} | {w['fixed_clean_rate']:.1%}"
            f" | {e['found']} | {e['recall']:.1%} | {e['fixed_clean_rate']:.1%} |"
        )
    lines += ["", *_coverage_lines(cover), "", *_category_lines(items, keys)]
    lines += ["", *_disagreement_lines(report), "", *_case_lines(items, keys), ""]
    lines += _history_lines(report, keys)
    return "\n".join(lines) + "\n"


def _coverage_lines(cover: dict[str, object]) -> list[str]:
    out = ["## Coverage", ""]
    lost = cover["not_retrievable"]
    assert isinstance(lost, dict)
    out += [f"- not retrievable: {n}: {r}" for n, r in lost.items()] or ["- every case retrieved"]
    for m in cover["unmapped_lines"]:  # type: ignore[attr-defined]
        out.append(f"- buggy line not mapped: {m['case']} line {m['excerpt_line']}: {m['reason']}")
    return out


def _category_lines(items: list[WholeCase], keys: list[str]) -> list[str]:
    heads = [f"{k} whole / excerpt" for k in keys]
    out = ["## By category", "", "| Category | " + " | ".join(heads) + " |"]
    out.append("| --- |" + " --- |" * len(keys))
    tables = {(k, w): per_category(items, k, w) for k in keys for w in (True, False)}
    for category in tables[(keys[0], True)]:
        cells = []
        for k in keys:
            w, e = tables[(k, True)][category], tables[(k, False)][category]
            cells.append(f"{w[0]}/{w[1]} / {e[0]}/{e[1]}")
        out.append(f"| {category} | " + " | ".join(cells) + " |")
    return out


def _disagreement_lines(report: dict[str, object]) -> list[str]:
    out = ["## Where the excerpt and the whole file disagree", ""]
    out += ["| Case | Rule set | What | Excerpt | Whole file |", "| --- | --- | --- | --- | --- |"]
    for d in report["disagreements"]:  # type: ignore[attr-defined]
        ex = f"{d['excerpt']} ({','.join(d['excerpt_rules']) or '-'})"
        wh = f"{d['whole']} ({','.join(d['whole_rules']) or '-'})"
        out.append(f"| {d['case']} | {d['rule_set']} | {d['what']} | {ex} | {wh} |")
    return out


def _case_lines(items: list[WholeCase], keys: list[str]) -> list[str]:
    head = "| Case | Category | " + " | ".join(f"{k}: found / clean" for k in keys) + " |"
    out = ["## Cases (whole files)", "", head, "| --- | --- |" + " --- |" * len(keys)]
    for item in items:
        cells = []
        for k in keys:
            r = item.results[k]
            rules = ",".join(r["rules_on_bug"]) or "-"  # type: ignore[arg-type]
            clean = "yes" if r["fixed_clean"] else f"no ({','.join(r['rules_left_on_fix'])})"  # type: ignore[arg-type]
            cells.append(f"{'yes' if r['found'] else 'no'} ({rules}) / {clean}")
        category = item.case.meta.get("category", "?")
        out.append(f"| {item.case.name} | {category} | " + " | ".join(cells) + " |")
    return out


def _history_lines(report: dict[str, object], keys: list[str]) -> list[str]:
    out = ["## History", "", "| date | commit | cases | whole recall (default / all) | "]
    out[-1] += "whole twins clean | excerpt recall |"
    out.append("| --- | --- | --- | --- | --- | --- |")
    for h in report["history"]:  # type: ignore[attr-defined]
        recall = " / ".join(f"{h[f'whole_recall_{k}']:.1%}" for k in keys)
        clean = " / ".join(f"{h[f'whole_clean_{k}']:.1%}" for k in keys)
        ex = " / ".join(f"{h[f'excerpt_recall_{k}']:.1%}" for k in keys)
        out.append(f"| {h['date']} | {h['commit']} | {h['cases']} | {recall} | {clean} | {ex} |")
    return out


# ---------------------------------------------------------------- command line


def run_score(cases_dir: Path, manifest: dict[str, dict[str, object]], write: bool) -> int:
    wanted = {n for n, e in manifest.items() if e["status"] == "retrieved"}
    cases = [c for c in excerpt_score.load_cases(cases_dir) if c.name in wanted]
    missing = [
        f"{c.name}/{f['path']}"
        for c in cases
        for f in manifest[c.name]["files"]  # type: ignore[attr-defined]
        for s in SIDES
        if not (CORPUS / "files" / s / c.name / f["path"]).is_file()
    ]
    if missing:
        print(f"whole files missing (run `rebuild`): {', '.join(missing[:5])}", file=sys.stderr)
        return 2
    paths = {c.name: [f["path"] for f in manifest[c.name]["files"]] for c in cases}  # type: ignore[attr-defined]
    items = [map_case(c, cases_dir, paths[c.name]) for c in cases]
    sets = excerpt_score.rule_sets()
    for key, flags in sets.items():
        score_whole(items, lint_whole(items, flags), key)
    score_excerpts(cases, cases_dir, sets)
    report = build_report(items, manifest, sets)
    whole = report["totals"]["whole"]  # type: ignore[index]
    excerpt = report["totals"]["excerpt"]  # type: ignore[index]
    for k in sets:
        print(
            f"{k}: whole {whole[k]['found']}/{whole[k]['cases']} found, "
            f"{whole[k]['fixed_clean_rate']:.1%} clean; excerpt {excerpt[k]['found']}/"
            f"{excerpt[k]['cases']} found, {excerpt[k]['fixed_clean_rate']:.1%} clean"
        )
    print(
        f"{len(report['disagreements'])} disagreements; {len(manifest)} cases, {len(items)} scored"
    )  # type: ignore[arg-type]
    if write:
        out = ROOT / "benchmarks" / "results"
        (out / "lint_recall_whole.json").write_text(json.dumps(report, indent=2) + "\n")
        (out / "lint_recall_whole.md").write_text(render(report, items, list(sets)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("collect", "rebuild", "score"))
    parser.add_argument("--cases", type=Path, default=HERE / "cases")
    parser.add_argument("--manifest", type=Path, default=MANIFEST)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS, help="bare clones: DIR/owner+name")
    parser.add_argument("--no-write", action="store_true", help="print the summary only")
    args = parser.parse_args(argv)
    if args.action == "collect":
        write_manifest(args.manifest, collect(args.cases, args.mirrors))
        return 0
    try:
        manifest = read_manifest(args.manifest)
    except (OSError, ValueError) as error:
        print(f"cannot read the manifest: {error}", file=sys.stderr)
        return 2
    if args.action == "rebuild":
        problems = rebuild(manifest, args.mirrors)
        print("\n".join(problems) or "every whole file rebuilt and checked", file=sys.stderr)
        return 1 if problems else 0
    return run_score(args.cases, manifest, not args.no_write)


if __name__ == "__main__":
    sys.exit(main())
