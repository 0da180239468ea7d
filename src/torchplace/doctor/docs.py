"""Documentation generated from the checks' docstrings: `--explain CHECK` and docs/doctor.md."""

from __future__ import annotations

import inspect

from torchplace.doctor.distributed import RANK_CHECKS
from torchplace.doctor.registry import LoadedCheck, all_checks

INTRO = (
    """\
# torchplace doctor

`torchplace doctor` checks a multi-GPU host (or, under torchrun, a cluster) and gives a verdict
for each check: PASS, WARN, FAIL or SKIP, with the value it observed and one sentence saying
what to do. A check that needs hardware this machine lacks (no GPU, no NVML, a CPU build of
torch) SKIPs and says why; a check that crashes or hangs is a FAIL of that check and the rest
still run. Checks run in a worker process with a hard timeout each; no process the doctor
starts outlives it.

```
torchplace doctor                      # table on stdout, progress on stderr
torchplace doctor --json               # the same as JSON
torchplace doctor --strict             # exit 1 on WARN too (default: only on FAIL)
torchplace doctor --only p2p-bandwidth nccl-all-reduce
torchplace doctor --list               # the checks below, one line each
torchplace doctor --explain dev-shm    # one check's documentation
torchrun --nnodes=2 --nproc-per-node=8 -m torchplace doctor --distributed
```

Exit codes: 0 no FAIL (and no WARN with `--strict`), 1 otherwise, 2 bad usage.

`--distributed` runs the per-rank checks on every rank, binds each rank to `cuda:LOCAL_RANK`
(or `cuda:0` when the rank sees one GPU), flags two ranks of one host on the same GPU, checks
and times an all-reduce over all ranks (NCCL on GPUs, gloo otherwise), and rank 0 prints one
table: host, rank, local rank, GPU UUID, binding, all-reduce, bus bandwidth and a count of the
per-rank check verdicts, followed by every non-passing verdict once with the ranks that gave it.
Bus bandwidth follows nccl-tests: busbw = algbw * 2(n-1)/n, with algbw = bytes / time of the
slowest rank. Per-rank checks: """
    + ", ".join(f"`{name}`" for name in RANK_CHECKS)
    + """.

Tuning knobs (environment): `TORCHPLACE_DOCTOR_NCCL_TIMEOUT` (seconds, default 45),
`TORCHPLACE_DOCTOR_NCCL_BYTES` and `TORCHPLACE_DOCTOR_P2P_BYTES` (default 1 GiB each).

This file is generated: `torchplace doctor --docs > docs/doctor.md`.

## Checks
"""
)


def explain(check: LoadedCheck) -> str:
    doc = inspect.cleandoc(check.doc)
    meta = f"[{check.info.category}; timeout {check.info.timeout_s:.0f} s]"
    return f"{check.name}: {doc}\n\n{meta}"


def markdown() -> str:
    parts = [INTRO]
    parts.append("| check | area | what it checks |\n|---|---|---|")
    parts += [
        f"| [`{c.name}`](#{c.name}) | {c.info.category} | {c.summary} |" for c in all_checks()
    ]
    for check in all_checks():
        doc = inspect.cleandoc(check.doc)
        summary, _, body = doc.partition("\n")
        parts.append(f"\n### {check.name}\n\n{summary}\n")
        for block in body.strip().split("\n\n"):
            heading, _, text = block.partition("\n")
            if heading.endswith(":") and text:
                parts.append(
                    f"**{heading[:-1]}.** " + " ".join(inspect.cleandoc(text).split()) + "\n"
                )
            else:
                parts.append(block + "\n")
    return "\n".join(parts).rstrip() + "\n"
