"""`torchplace sim --nproc-per-node N`: N simulated ranks, launched by torch's own torchrun."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import sys
from collections.abc import Sequence


def launch(nproc: int, worker_argv: Sequence[str]) -> int:
    """Run `torchplace sim <worker_argv>` in `nproc` processes; 1 if any rank fails.

    torch.distributed.run sets RANK, LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, MASTER_ADDR and
    MASTER_PORT for each process and prefixes each line of output with its rank.
    """
    from torch.distributed import run as torchrun
    from torch.distributed.elastic.multiprocessing.api import SignalException
    from torch.distributed.elastic.multiprocessing.errors import ChildFailedError

    launcher = ["--standalone", f"--nproc-per-node={nproc}", "--tee=3", "-m", "torchplace"]
    args = torchrun.parse_args([*launcher, "sim", *worker_argv])  # type: ignore[no-untyped-call]
    try:
        torchrun.run(args)  # type: ignore[no-untyped-call]
    except SignalException as signalled:  # torchrun has stopped the workers by now
        print(f"torchplace sim: stopped by signal {signalled.sigval.name}", file=sys.stderr)
        return 128 + int(signalled.sigval)
    except KeyboardInterrupt:
        return 130
    except ChildFailedError as error:
        for rank, failure in sorted(error.failures.items()):
            print(
                f"torchplace sim: rank {rank} (local rank {failure.local_rank}) failed with exit "
                f"code {failure.exitcode}",
                file=sys.stderr,
            )
        return 1
    return 0
