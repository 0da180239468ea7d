"""Names the pinned transformers tests import that the installed transformers renamed.

A pytest plugin (`-p transformers_compat`) for `run_transformers.py`. The newest public test
files differ from the installed release's private API in places; each alias below points an old
private name at the installed function that replaced it, unchanged (no behaviour is defined
here). A name with no installed replacement is left missing, so its tests fail on the CPU run
and are excluded from the comparison.
"""

from __future__ import annotations

import importlib

# (module the tests import from, old name) -> (installed module, installed name)
RENAMED = {
    # transformers' TP refactor moved the plan lookup to transformers.distributed.parallel_utils
    # with the same positional signature (parameter_name, plan, is_weight=True)
    ("transformers.integrations.tensor_parallel", "_get_parameter_tp_plan"): (
        "transformers.distributed.parallel_utils",
        "_get_parameter_plan",
    ),
}


def pytest_configure(config: object) -> None:
    for (module_name, old), (new_module, new) in RENAMED.items():
        module = importlib.import_module(module_name)
        if not hasattr(module, old):
            setattr(module, old, getattr(importlib.import_module(new_module), new))
