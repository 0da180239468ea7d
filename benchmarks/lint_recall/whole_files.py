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
each sha256 (both in `whole_files_sources.py`).

`score` lays each whole file out where it lived in its project (`<side>/<case>/<path>`, as
score.py does for excerpts), maps every buggy line of the excerpt onto the whole buggy file
(the line's stripped text; among equal lines, the one under the same `class` / `def` headers,
then the one whose neighbours agree; a line that cannot be placed is reported, never
guessed), lints with the default rules and with every rule, and scores as score.py does:
found = a finding on a mapped buggy line; fixed clean = no finding on the lines the fix wrote
(whole buggy file against whole fixed file) nor on the mapped buggy lines it kept. The
excerpts of the same cases are scored in the same run, and every case where the excerpt and
the whole file disagree is listed. Results: `benchmarks/results/
lint_recall_whole.{md,json}`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import tomllib

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import score as excerpt_score  # noqa: E402  (the excerpt scorer beside this file)
import whole_files_sources as sources  # noqa: E402,F401  (tests patch its CORPUS)
from whole_files_sources import (  # noqa: E402
    CORPUS,
    MANIFEST,
    MIRRORS,
    SIDES,
    collect,
    read_manifest,
    rebuild,
    write_manifest,
)

WHY = HERE / "whole_files_why.toml"
CONTEXT = 12  # neighbours each side that may break a tie between equal lines


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


def read_why(path: Path) -> dict[str, str]:
    """The hand-read notes on why a case's excerpt and whole file disagree (case -> note)."""
    if not path.exists():
        return {}
    notes = tomllib.loads(path.read_text(encoding="utf-8"))
    return {name: " ".join(str(entry["why"]).split()) for name, entry in notes.items()}


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
    # every finding in the files, buggy lines or not: what a user of the file would read
    findings = sum(int(str(r[key]["findings_buggy"])) for r in results)
    findings += sum(int(str(r[key]["findings_fixed"])) for r in results)
    return {"cases": n, "found": found, "fixed_clean": clean, "recall": rate(found)} | {
        "fixed_clean_rate": rate(clean),
        "findings_in_files": findings,
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
    items: list[WholeCase],
    manifest: dict[str, dict[str, object]],
    sets: dict[str, list[str]],
    why: dict[str, str],
) -> dict[str, object]:
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()
    keys = list(sets)
    whole = {k: totals([i.results for i in items], k) for k in keys}
    excerpt = {k: totals([i.case.results for i in items], k) for k in keys}
    lost = {n: str(e["reason"]) for n, e in manifest.items() if e["status"] != "retrieved"}
    found_apart = disagreements(items, keys)
    apart = {str(d["case"]) for d in found_apart}
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
        "disagreements": found_apart,
        "why": {n: w for n, w in why.items() if n in apart},
        "notes_no_longer_apart": sorted(set(why) - apart),
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
        "| Rule set | Cases | Whole: found | recall | twins clean | findings in the files "
        "| Excerpt: found | recall | twins clean | findings in the files |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for k in keys:
        w, e = whole[k], excerpt[k]
        lines.append(
            f"| {k} | {w['cases']} | {w['found']} | {w['recall']:.1%} | {w['fixed_clean_rate']:.1%}"
            f" | {w['findings_in_files']} | {e['found']} | {e['recall']:.1%}"
            f" | {e['fixed_clean_rate']:.1%} | {e['findings_in_files']} |"
        )
    lines += ["", "Findings in the files: every finding in the buggy and fixed files of the"]
    lines += ["cases, on buggy lines or not (not judged); what a user linting them would read."]
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
    out += ["", "Why, read by hand in the whole files (`whole_files_why.toml`):", ""]
    notes = report["why"]
    assert isinstance(notes, dict)
    for case in sorted({str(d["case"]) for d in report["disagreements"]}):  # type: ignore[attr-defined]
        out.append(f"- {case}: {notes.get(case, 'not read yet')}")
    for case in report["notes_no_longer_apart"]:  # type: ignore[attr-defined]
        out.append(f"- {case}: a note is kept for it, but it no longer disagrees")
    return out


def _case_lines(items: list[WholeCase], keys: list[str]) -> list[str]:
    head = "| Case | Category | " + " | ".join(f"{k}: found / clean" for k in keys)
    head += f" | {keys[-1]}: findings in the whole buggy / fixed file |"
    out = ["## Cases (whole files)", "", head, "| --- | --- |" + " --- |" * (len(keys) + 1)]
    for item in items:
        cells = []
        for k in keys:
            r = item.results[k]
            rules = ",".join(r["rules_on_bug"]) or "-"  # type: ignore[arg-type]
            left = ",".join(r["rules_left_on_fix"])  # type: ignore[arg-type]
            cells.append(
                f"{'yes' if r['found'] else 'no'} ({rules}) / "
                + (f"no ({left})" if left else "yes")
            )
        r = item.results[keys[-1]]
        cells.append(f"{r['findings_buggy']} / {r['findings_fixed']}")
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
    report = build_report(items, manifest, sets, read_why(WHY))
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
