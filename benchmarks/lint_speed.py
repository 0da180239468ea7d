"""Lint speed on a real corpus, against ruff and TorchFix in the same run.

Usage: python benchmarks/lint_speed.py [CORPUS_DIR] [--out benchmarks/results]

The corpus defaults to the installed `transformers` package's Python sources. Measured:
torchplace cold (no cache, all cores), torchplace warm (content-hash cache), ruff's default
rule set without cache, a bare `ast.parse` + `ast.walk` floor on all cores, and TorchFix
(`flake8 --select=TOR`) on a sample of files, extrapolated by lines per second.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPEATS = 3


def _timed(command: list[str], **kwargs: object) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
    return time.perf_counter() - started, result


def _median(command: list[str], repeats: int = REPEATS) -> tuple[float, list[float], str]:
    times = []
    output = ""
    for _ in range(repeats):
        seconds, result = _timed(command)
        if result.returncode not in (0, 1):
            raise SystemExit(f"{command[:3]} failed ({result.returncode}): {result.stderr[-2000:]}")
        times.append(seconds)
        output = result.stdout
    return statistics.median(times), times, output


def _corpus_lines(files: list[Path]) -> int:
    return sum(p.read_bytes().count(b"\n") for p in files)


def _parse_floor(corpus: Path) -> list[str]:
    code = (
        "import ast, gc, sys, pathlib\n"
        "from multiprocessing import get_context\n"
        "def work(p):\n"
        "    gc.disable()\n"
        "    for _ in ast.walk(ast.parse(pathlib.Path(p).read_bytes())): pass\n"
        "files = [str(p) for p in pathlib.Path(sys.argv[1]).rglob('*.py')]\n"
        "with get_context('fork').Pool() as pool: pool.map(work, files, chunksize=16)\n"
    )
    return [sys.executable, "-c", code, str(corpus)]


def _machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {cpu}, Python {platform.python_version()}, {platform.system()}"


def main() -> int:
    import transformers

    parser = argparse.ArgumentParser()
    parser.add_argument("corpus", nargs="?", default=str(Path(transformers.__file__).parent))
    parser.add_argument("--out", default=str(Path(__file__).parent / "results"))
    parser.add_argument("--torchfix-sample", type=int, default=60, help="files for TorchFix")
    args = parser.parse_args()
    corpus = Path(args.corpus)
    files = sorted(corpus.rglob("*.py"))
    lines = _corpus_lines(files)
    cache_dir = Path(tempfile.mkdtemp(prefix="torchplace-bench-cache-"))
    torchplace = [sys.executable, "-m", "torchplace", "lint", "--exit-zero", "-q", "--no-progress"]
    results: dict[str, object] = {}

    cold, cold_all, cold_out = _median([*torchplace, "--no-cache", str(corpus)])
    findings = len(cold_out.splitlines())
    # Every rule, the device-flow analysis of the preview tier included.
    preview, preview_all, preview_out = _median(
        [*torchplace, "--no-cache", "--preview", str(corpus)]
    )
    subprocess.run(
        [*torchplace, "--cache-dir", str(cache_dir), str(corpus)], capture_output=True, check=False
    )
    warm, warm_all, _ = _median([*torchplace, "--cache-dir", str(cache_dir), str(corpus)])
    ruff = shutil.which("ruff")
    ruff_time = ruff_all = None
    if ruff:
        ruff_time, ruff_all, _ = _median(
            [ruff, "check", "--no-cache", "--isolated", "--exit-zero", "--quiet", str(corpus)]
        )
    floor, floor_all, _ = _median(_parse_floor(corpus))
    torchfix = _torchfix(files[: args.torchfix_sample])
    shutil.rmtree(cache_dir, ignore_errors=True)

    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": _machine(),
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        ).stdout.strip(),
        "corpus": f"{corpus} ({len(files)} files, {lines} lines)",
        "command": " ".join(["python benchmarks/lint_speed.py", *sys.argv[1:]]),
        "torchplace_cold_s": cold,
        "torchplace_cold_runs": cold_all,
        "torchplace_warm_s": warm,
        "torchplace_warm_runs": warm_all,
        "torchplace_findings": findings,
        "torchplace_cold_preview_s": preview,
        "torchplace_cold_preview_runs": preview_all,
        "torchplace_preview_findings": len(preview_out.splitlines()),
        "torchplace_lines_per_s": lines / cold,
        "ruff_default_s": ruff_time,
        "ruff_runs": ruff_all,
        "ast_parse_walk_floor_s": floor,
        "floor_runs": floor_all,
        "torchfix": torchfix,
        "ratio_cold_to_ruff": cold / ruff_time if ruff_time else None,
        "ratio_cold_preview_to_ruff": preview / ruff_time if ruff_time else None,
        "ratio_cold_to_parse_floor": cold / floor,
        "torchfix_estimated_whole_corpus_s": lines / torchfix["lines_per_s"] if torchfix else None,
    }
    if torchfix:
        results["speedup_over_torchfix"] = (lines / torchfix["lines_per_s"]) / cold
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "lint_speed.json").write_text(json.dumps(results, indent=2) + "\n")
    (out / "lint_speed.md").write_text(_markdown(results))
    print(_markdown(results))
    return 0


def _torchfix(sample: list[Path]) -> dict[str, float] | None:
    flake8 = shutil.which("flake8")
    if flake8 is None:
        return None
    sample_lines = _corpus_lines(sample)
    version = subprocess.run([flake8, "--version"], capture_output=True, text=True, check=False)
    if "torchfix" not in version.stdout.lower():
        return None  # flake8 without the TorchFix plugin: nothing to compare with
    seconds, result = _timed([flake8, "--select=TOR", "--jobs=2", *map(str, sample)])
    if result.returncode not in (0, 1):
        return None
    return {
        "files": len(sample),
        "lines": sample_lines,
        "seconds": seconds,
        "lines_per_s": sample_lines / seconds,
    }


def _markdown(r: dict[str, object]) -> str:
    def s(value: object) -> str:
        return f"{value:.2f} s" if isinstance(value, float) else "n/a"

    torchfix = r.get("torchfix") or {}
    assert isinstance(torchfix, dict)
    rows = [
        "# Lint speed",
        "",
        "- Claim: `torchplace lint` on all of transformers, cold, <= 1.5x `ruff check` (default "
        "rules) in the same run; warm < 1 s",
        f"- Figure: {_figure(r)}",
        f"- Date: {str(r['date'])[:10]}",
        f"- Machine: {r['machine']}",
        f"- Commit: {r['commit']}",
        f"- Command: `{r.get('command', 'python benchmarks/lint_speed.py')}` (ruff on PATH)",
        "",
        f"Corpus: {r['corpus']}",
        "",
        "| Tool | Time (median of 3) | Ratio to torchplace cold |",
        "| --- | --- | --- |",
        f"| torchplace lint, cold (no cache) | {s(r['torchplace_cold_s'])} | 1.00 |",
        f"| torchplace lint, warm (cache) | {s(r['torchplace_warm_s'])} | "
        f"{float(r['torchplace_warm_s']) / float(r['torchplace_cold_s']):.2f} |",  # type: ignore[arg-type]
    ]
    rows.append(
        f"| torchplace lint --preview, cold (every rule) | {s(r['torchplace_cold_preview_s'])} | "
        f"{float(r['torchplace_cold_preview_s']) / float(r['torchplace_cold_s']):.2f} |"  # type: ignore[arg-type]
    )
    if r.get("ruff_default_s"):
        rows.append(
            f"| ruff, default rules, no cache | {s(r['ruff_default_s'])} | "
            f"{float(r['ruff_default_s']) / float(r['torchplace_cold_s']):.2f} |"
        )  # type: ignore[arg-type]
    rows.append(
        f"| bare ast.parse + ast.walk, all cores | {s(r['ast_parse_walk_floor_s'])} | "
        f"{float(r['ast_parse_walk_floor_s']) / float(r['torchplace_cold_s']):.2f} |"
    )  # type: ignore[arg-type]
    if torchfix:
        est = r["torchfix_estimated_whole_corpus_s"]
        rows.append(
            f"| TorchFix (flake8 --select=TOR, 2 jobs), estimated from "
            f"{torchfix['files']} files / {torchfix['lines']} lines "
            f"at {torchfix['lines_per_s']:.0f} lines/s | {s(est)} | "
            f"{float(est) / float(r['torchplace_cold_s']):.0f} |"
        )  # type: ignore[arg-type]
    rows += [
        "",
        f"torchplace: {r['torchplace_lines_per_s']:.0f} lines/s cold, "
        f"{r['torchplace_findings']} findings ({r['torchplace_preview_findings']} with --preview). "
        "Goals: cold <= 1.5x ruff's default rules in the same run, warm < 1 s.",
        "",
        "Each tool runs 3 times (median shown). The machine is shared, so the ratios to ruff and",
        "to the bare-parse floor, measured in the same run, are steadier than the seconds.",
        "",
        "How cold gets there (`src/torchplace/lint/regions.py`, `engine.py`): a file no rule's",
        "expression matches is never parsed; in the others, functions and classes that cannot",
        "hold a finding become one-line stubs before `ast.parse`, and only statements touching a",
        "candidate line are walked. `tests/lint/test_regions.py` checks in CI that findings are",
        "identical with and without the reduction (every fixture, example and source file of this",
        "repository, and transformers' 60 largest modeling files).",
        "",
        "## History",
        "",
        "| date | commit | figure |",
        "| --- | --- | --- |",
        *(f"| {d} | {c} | {f} |" for d, c, f in HISTORY),
        f"| {str(r['date'])[:10]} | {r['commit']} | {_ratio_text(r)} |",
        "",
    ]
    return "\n".join(rows)


#: Earlier measurements of the same claim (date, commit, figure).
HISTORY = [
    ("2026-11-30", "27b766b", "4.52 s / 1.98 s = 2.28x; warm 0.31 s"),
    ("2026-12-01", "084807a", "0.78x default, 2.80x with --preview; warm 0.62 s"),
    (
        "2026-12-02",
        "496a2d9",
        "1.25x default (5 more rules in it: TPL107, TPL406, TPL407, TPL409, TPL410), 5.81x with "
        "--preview (TPL205's model-file parses); warm 0.36 s",
    ),
    (
        "2026-12-02",
        "9ab1bbd",
        "1.24x default (5 more rules in it: TPL108, TPL109, TPL206, TPL207, TPL408; rank flow's "
        "nodes collected once, literal-start candidates), 6.70x with --preview; warm 0.37 s",
    ),
    ("2026-12-02", "380fd6b", "1.37x default (21 rules), 5.26x with --preview; warm 0.28 s"),
    (
        "2026-12-02",
        "7ccc1e1",
        "1.65x default in a run minutes before the next one, same code (ruff 1.49 s there, "
        "1.82 s in the next: the shared machine's noise), 6.99x with --preview; warm 0.27 s",
    ),
    ("2026-12-03", "c8f3a5a", "0.50x default, 10.02x with --preview; warm 0.41 s"),
    ("2026-12-03", "e39e7c6", "0.68x default, 11.06x with --preview; warm 0.60 s"),
    ("2026-12-04", "89a887a", "0.73x default, 10.89x with --preview; warm 0.42 s"),
    ("2026-12-04", "915fbdd", "0.68x default, 8.74x with --preview; warm 0.26 s"),
    ("2026-12-04", "64cc69b", "0.53x default, 9.21x with --preview; warm 0.34 s"),
    ("2026-12-04", "29ba8ba", "0.53x default, 9.29x with --preview; warm 0.46 s"),
    ("2026-12-04", "1ce58da", "0.56x default, 9.39x with --preview; warm 0.31 s"),
    ("2026-12-04", "8725034", "0.50x default, 9.95x with --preview; warm 0.28 s"),
    ("2026-12-04", "474a2e5", "0.50x default, 9.52x with --preview; warm 0.24 s"),
    ("2026-12-04", "0f3fe09", "0.46x default, 8.07x with --preview; warm 0.24 s"),
    ("2026-12-04", "0c377d8", "0.53x default, 9.67x with --preview; warm 0.27 s"),
    (
        "2026-12-04",
        "e354647",
        "0.46x default, 8.44x with --preview; warm 0.24 s (a run minutes before, same code: "
        "0.72x, 9.58x)",
    ),
    ("2026-12-04", "608954f", "0.46x default, 9.16x with --preview; warm 0.30 s"),
    ("2026-12-04", "a29e61b", "0.51x default, 8.54x with --preview; warm 0.23 s"),
    ("2026-12-04", "692372f", "0.51x default, 9.24x with --preview; warm 0.24 s"),
    ("2026-12-05", "b97b298", "0.51x default, 9.61x with --preview; warm 0.25 s"),
    ("2026-12-05", "577e94e", "0.54x default, 9.49x with --preview; warm 0.24 s"),
    ("2026-12-05", "929b099", "0.45x default, 9.10x with --preview; warm 0.26 s"),
    ("2026-12-05", "a71f87a", "0.52x default, 9.52x with --preview; warm 0.25 s"),
    ("2026-12-05", "b527217", "0.38x default, 8.38x with --preview; warm 0.63 s"),
    ("2026-12-05", "b49c9cb", "0.40x default, 9.23x with --preview; warm 0.46 s"),
    ("2026-12-05", "a5389de", "0.50x default, 12.01x with --preview; warm 0.51 s"),
    ("2026-12-05", "c77c30f", "0.57x default, 15.76x with --preview; warm 0.51 s"),
    ("2026-12-05", "44931b7", "0.58x default, 18.90x with --preview; warm 0.57 s"),
    ("2026-12-05", "b29508d", "0.43x default, 7.05x with --preview; warm 0.68 s"),
]


def _figure(r: dict[str, object]) -> str:
    ratio = r.get("ratio_cold_to_ruff")
    preview = r.get("ratio_cold_preview_to_ruff")
    if not isinstance(ratio, float):
        return f"ruff not on PATH: no ratio; warm {float(r['torchplace_warm_s']):.2f} s"  # type: ignore[arg-type]
    text = (
        f"cold {ratio:.2f}x ruff ({float(r['torchplace_cold_s']):.2f} s vs "  # type: ignore[arg-type]
        f"{float(r['ruff_default_s']):.2f} s), warm {float(r['torchplace_warm_s']):.2f} s"  # type: ignore[arg-type]
    )
    return text + (f"; with `--preview` {preview:.2f}x" if isinstance(preview, float) else "")


def _ratio_text(r: dict[str, object]) -> str:
    ratio = r.get("ratio_cold_to_ruff")
    preview = r.get("ratio_cold_preview_to_ruff")
    if not isinstance(ratio, float) or not isinstance(preview, float):
        return "n/a (ruff not found)"
    warm = r["torchplace_warm_s"]
    return f"{ratio:.2f}x default, {preview:.2f}x with --preview; warm {warm:.2f} s"


if __name__ == "__main__":
    sys.exit(main())
