"""The doctor's worker process: reads check module names on stdin, writes results as JSON lines.

Started by :class:`torchplace.doctor.runner.Worker`; not meant to be run by hand. Anything the
checks (or NCCL, or CUDA) print goes to stderr, so the result pipe carries only results.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from torchplace.doctor.allreduce import die_with_parent
from torchplace.doctor.registry import load
from torchplace.doctor.result import CheckResult
from torchplace.doctor.runner import CRASH_FIX, DEFAULT_ENV_FACTORY, execute


def load_factory(spec: str) -> Callable[[], Any]:
    """`package.module:callable` -> the callable."""
    module_name, _, attribute = spec.partition(":")
    factory: Callable[[], Any] = getattr(importlib.import_module(module_name), attribute)
    return factory


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m torchplace.doctor.worker")
    parser.add_argument("--env-factory", default=DEFAULT_ENV_FACTORY)
    args = parser.parse_args(argv)
    die_with_parent()
    results = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)  # stray prints, C libraries included, must not corrupt the result pipe
    env = load_factory(args.env_factory)()
    for line in sys.stdin:
        if not line.strip():
            continue
        module = json.loads(line)["module"]
        try:
            result = execute(load(module), env)
        except Exception as error:  # an unloadable check is a FAIL of that check
            result = CheckResult.fail(f"could not load {module}: {error}", CRASH_FIX)
        results.write(json.dumps(result.to_dict(), default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
