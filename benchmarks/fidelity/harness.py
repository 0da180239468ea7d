"""Run one fidelity program and record its outcome as JSON (used by run.py, real or sim).

usage: harness.py PROGRAM OUT  (OUT is a file; with RANK set, OUT-rank<R>.json beside it)
"""

from __future__ import annotations

import json
import os
import re
import runpy
import sys
import traceback

DEVICE = re.compile(r"\b(cuda:\d+|cpu|meta)\b")


def outcome(error: BaseException | None) -> dict[str, object]:
    if error is None:
        return {"raised": False, "type": None, "message": "", "devices": []}
    message = str(error)
    return {
        "raised": True,
        "type": type(error).__name__,
        "message": message[:2000],
        "devices": sorted(set(DEVICE.findall(message))),
        "traceback": "".join(traceback.format_exception(error))[-4000:],
    }


def main() -> int:
    program, out = sys.argv[1], sys.argv[2]
    rank = os.environ.get("RANK")
    if rank is not None and os.environ.get("WORLD_SIZE", "1") != "1":
        out = f"{out}-rank{rank}.json"
    sys.argv = [program]
    error: BaseException | None = None
    try:
        runpy.run_path(program, run_name="__main__")
    except SystemExit as exit_:
        if exit_.code not in (None, 0):
            error = exit_
    except BaseException as caught:
        error = caught
    result = outcome(error)
    result["rank"] = None if rank is None else int(rank)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(result, handle)
    return 1 if error is not None else 0  # a failed rank makes torchrun stop the others


if __name__ == "__main__":
    sys.exit(main())
