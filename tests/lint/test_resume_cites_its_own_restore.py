"""A TPL108 resume cites the optimizer restore of its own load (the nearest of one
checkpoint), not that of an arm the run does not take (TNN-MO's `main.py`, which resumes the
same path in its one-process arm and in its torchrun arm)."""

from __future__ import annotations

from torchplace.lint import LintConfig, lint_source

TWO_ARMS = """\
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def main(args, model, optimizer, local_rank):
    path = args.checkpoint_dir + "last.pth"
    if args.dist == "OFF":
        model.cuda()
        checkpoint = torch.load(path)
        model.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
    if args.dist == "ON":
        dist.init_process_group("nccl")
        model = DDP(model.to(local_rank), device_ids=[local_rank])
        checkpoint = torch.load(path)
        model.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
"""


def test_each_load_cites_its_own_line() -> None:
    findings = lint_source(TWO_ARMS, config=LintConfig(select=("TPL108",), preview=True))
    cited = {f.line: f.message for f in findings if f.code == "TPL108"}
    assert 16 in cited
    assert "(line 16)" in cited[16] and "(line 10)" not in cited[16]
