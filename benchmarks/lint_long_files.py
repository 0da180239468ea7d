"""How `torchplace lint` scales on long generated files full of checkpoint loads and saves.

Usage: python benchmarks/lint_long_files.py [--sizes 100,200,400] [--compare REV] [--out DIR]
                                           [--no-write]

The load rules (TPL106, TPL108) read each `torch.load` against the code around it: the
function holding it, the file's saves, the project's saves of the same file name. A reading
that walks the whole function or file again for every load makes a long file quadratic. Two
shapes are generated at each size N and linted in a temporary tree with
`--select TPL106,TPL108 --preview --no-cache`:

- `one_function`: one function of N save / load / `load_state_dict` triples (a generated
  training script);
- `rank_zero_pairs`: N pairs of functions, a rank-0 save and a load every rank runs (each
  load is a TPL108 finding, read against the project's saves);
- `top_level_script`: N resumes (a load, the model's and the optimizer's `load_state_dict`)
  in a script's top-level code, which TPL108 reads as one function.

Each time is the median of 3 runs, beside `ast.parse` of the same file and the lint of a
one-line file (the start-up of the command) in the same run. The figure is the growth from
the second largest size to the largest: the ratio of the times less start-up, divided by the
size ratio (1.0 is linear; a quadratic reading approaches the size ratio itself). With `--compare
REV`, the same files are linted in the same run by the linter of another commit (its `src/`
taken with `git archive`), and each row gives the speed-up over it. Results go to
`<out>/lint_long_files.md` and `.json`.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RUNS = 3


def one_function(size: int) -> str:
    lines = [
        "import torch",
        "import torch.distributed as dist",
        "",
        "",
        "def main(model, rank):",
        "    dist.init_process_group('nccl')",
        "    model = model.to(rank)",
    ]
    for i in range(size):
        lines.append(f"    torch.save(model.state_dict(), 'ckpt/m_{i}.pt')")
        lines.append(f"    sd_{i} = torch.load('ckpt/m_{i}.pt')")
        lines.append(f"    model.load_state_dict(sd_{i})")
    return "\n".join(lines) + "\n"


def rank_zero_pairs(size: int) -> str:
    lines = ["import torch", "import torch.distributed as dist", ""]
    for i in range(size):
        lines += [
            "",
            f"def save_{i}(model):",
            "    if dist.get_rank() != 0:",
            "        return",
            f"    torch.save(model.state_dict(), 'ckpt/model_{i}.pt')",
            "",
            "",
            f"def load_{i}(model):",
            "    torch.cuda.synchronize()",
            f"    model.load_state_dict(torch.load('ckpt/model_{i}.pt'))",
        ]
    return "\n".join(lines) + "\n"


def top_level_script(size: int) -> str:
    """A training script written at its top level (nanoGPT's `train.py`): TPL108 reads the
    module's statements as one function, so each load is read against all of them."""
    lines = [
        "import os",
        "import torch",
        "import torch.distributed as dist",
        "from torch.nn.parallel import DistributedDataParallel as DDP",
        "from model import Net",
        "",
        "dist.init_process_group('nccl')",
        "local_rank = int(os.environ['LOCAL_RANK'])",
        "model = DDP(Net().to(local_rank), device_ids=[local_rank])",
        "optimizer = torch.optim.AdamW(model.parameters())",
    ]
    for i in range(size):
        lines.append(f"ckpt_{i} = torch.load(f'ckpt/step_{i}.pt')")
        lines.append(f"model.load_state_dict(ckpt_{i}['model'])")
        lines.append(f"optimizer.load_state_dict(ckpt_{i}['optimizer'])")
    return "\n".join(lines) + "\n"


SHAPES = {
    "one_function": one_function,
    "rank_zero_pairs": rank_zero_pairs,
    "top_level_script": top_level_script,
}


def lint_seconds(tree: Path, source: Path | None = None) -> tuple[float, int]:
    """Median wall time of the lint of `tree` (by the package under `source` when given),
    and its number of findings."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source)
    elif env.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.pathsep.join(
            os.path.abspath(p) for p in env["PYTHONPATH"].split(os.pathsep) if p
        )
    command = [
        sys.executable,
        "-m",
        "torchplace",
        "lint",
        "--select",
        "TPL106,TPL108",
        "--preview",
        "--no-cache",
        "--exit-zero",
        "--format",
        "json",
        "-q",
        ".",
    ]
    times, findings = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        result = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"lint failed ({result.returncode}): {result.stderr[-2000:]}")
        findings = len(json.loads(result.stdout or "[]"))
    return statistics.median(times), findings


def parse_seconds(text: str) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        ast.parse(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def startup_seconds() -> float:
    """The lint of a one-line file: what every size pays before reading any load."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        (tree / "train.py").write_text("import torch\n", encoding="utf-8")
        (tree / "setup.cfg").write_text("# generated project\n", encoding="utf-8")
        return lint_seconds(tree)[0]


def measure(
    sizes: list[int], startup: float, other: Path | None
) -> dict[str, list[dict[str, float | int]]]:
    rows: dict[str, list[dict[str, float | int]]] = {}
    for shape, make in SHAPES.items():
        rows[shape] = []
        for size in sizes:
            text = make(size)
            with tempfile.TemporaryDirectory() as tmp:
                tree = Path(tmp)
                (tree / "train.py").write_text(text, encoding="utf-8")
                (tree / "setup.cfg").write_text("# generated project\n", encoding="utf-8")
                seconds, findings = lint_seconds(tree)
                compared = lint_seconds(tree, other)[0] if other is not None else None
            rows[shape].append(
                {
                    "size": size,
                    "lines": text.count("\n"),
                    "lint_s": round(seconds, 3),
                    "net_s": round(max(seconds - startup, 0.001), 3),
                    "parse_s": round(parse_seconds(text), 4),
                    "findings": findings,
                    **({"compared_s": round(compared, 3)} if compared is not None else {}),
                }
            )
    return rows


def growth(rows: list[dict[str, float | int]]) -> float:
    """Ratio of the times less start-up over the size ratio, between the two largest sizes
    (1.0: linear; at the smallest, start-up and noise dominate)."""
    first, last = rows[-2], rows[-1]
    return round(
        (float(last["net_s"]) / float(first["net_s"]))
        / (float(last["size"]) / float(first["size"])),
        2,
    )


def export_source(revision: str, into: Path) -> Path:
    """The `src/` of `revision`, exported under `into` (nothing of it runs but the linter)."""
    archive = subprocess.run(
        ["git", "archive", revision, "src"], cwd=ROOT, capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise SystemExit(f"cannot export {revision}: {archive.stderr.decode()[-500:]}")
    unpacked = subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=False)
    if unpacked.returncode != 0:
        raise SystemExit(f"cannot unpack the source of {revision}")
    return into / "src"


def commit() -> str:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return result.stdout.strip() or "unknown"


def render(
    rows: dict[str, list[dict[str, float | int]]],
    meta: dict[str, str],
    history: list[dict[str, str]],
) -> str:
    figure = "; ".join(f"{shape} growth {growth(r)}" for shape, r in rows.items())
    figure += f"; start-up {meta['startup_s']} s"
    compare = meta.get("compare")
    if compare:
        first = rows["one_function"][-1]
        figure += (
            f"; at {first['size']} loads in one function {first['lint_s']} s against "
            f"{first['compared_s']} s at {compare}"
        )
    out = [
        "# Lint time on long files of checkpoint loads",
        "",
        "- Claim: the load rules read each load without walking its function or file again: "
        "time grows about linearly with the number of loads in one file",
        f"- Figure: {figure} (time ratio over size ratio; 1.0 is linear)",
        f"- Date: {meta['date']}",
        f"- Machine: {meta['machine']}",
        f"- Commit: {meta['commit']}",
        f"- Command: `{meta['command']}`",
        "",
        "| Shape | Size | Lines | Lint (median of 3) | Less start-up | ast.parse | Findings"
        + (f" | Lint at {compare} |" if compare else " |"),
        "| --- | --- | --- | --- | --- | --- | ---" + (" | --- |" if compare else " |"),
    ]
    for shape, shape_rows in rows.items():
        for row in shape_rows:
            out.append(
                f"| {shape} | {row['size']} | {row['lines']} | {row['lint_s']} s | "
                f"{row['net_s']} s | {row['parse_s']} s | {row['findings']} |"
                + (f" {row['compared_s']} s |" if compare else "")
            )
    out += ["", "## History", "", "| Date | Commit | Figure |", "| --- | --- | --- |"]
    out += [f"| {h['date']} | {h['commit']} | {h['figure']} |" for h in history]
    return "\n".join(out) + "\n"


def figure_of(rows: dict[str, list[dict[str, float | int]]], meta: dict[str, str]) -> str:
    """The history line of one run: each shape's growth and time at its largest size."""
    parts = []
    for shape, shape_rows in rows.items():
        last = shape_rows[-1]
        parts.append(f"{shape} growth {growth(shape_rows)}, {last['lint_s']} s at {last['size']}")
    return "; ".join(parts) + (f" (against {meta['compare']})" if meta.get("compare") else "")


def history_with(
    out: Path, rows: dict[str, list[dict[str, float | int]]], meta: dict[str, str]
) -> list[dict[str, str]]:
    """The runs recorded before in `<out>/lint_long_files.json`, and this one."""
    previous: list[dict[str, str]] = []
    try:
        previous = json.loads((out / "lint_long_files.json").read_text(encoding="utf-8")).get(
            "history", []
        )
    except (OSError, ValueError, AttributeError):
        previous = []
    entry = {"date": meta["date"], "commit": meta["commit"], "figure": figure_of(rows, meta)}
    return [h for h in previous if h.get("commit") != meta["commit"]] + [entry]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,200,400")
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument("--compare", metavar="REV", help="also lint with the code of REV")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    try:
        sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    except ValueError:
        parser.error("--sizes takes comma-separated integers")
    if len(sizes) < 2 or sizes[0] <= 0:
        parser.error("--sizes needs two positive sizes at least")
    startup = startup_seconds()
    with tempfile.TemporaryDirectory() as other_tree:
        other = export_source(args.compare, Path(other_tree)) if args.compare else None
        rows = measure(sizes, startup, other)
    meta = {
        "compare": args.compare or "",
        "startup_s": str(round(startup, 3)),
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "commit": commit(),
        "command": "python benchmarks/lint_long_files.py"
        + ("" if args.sizes == "100,200,400" else f" --sizes {args.sizes}")
        + (f" --compare {args.compare}" if args.compare else ""),
    }
    history = history_with(args.out, rows, meta)
    text = render(rows, meta, history)
    print(text)
    if not args.no_write:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "lint_long_files.md").write_text(text, encoding="utf-8")
        payload = {
            **meta,
            "rows": rows,
            "growth": {s: growth(r) for s, r in rows.items()},
            "history": history,
        }
        (args.out / "lint_long_files.json").write_text(
            json.dumps(payload, indent=2) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
