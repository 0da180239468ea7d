"""What a file's saves hold, as TPL108 reads it: a save it takes for a CPU copy hands the file's
loads to TPL106 (the checkpoints come back on the CPU). Each trainer below saves its model
from a GPU in a way an earlier reading took for a CPU copy; its load must stay TPL108's."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

#: A trainer run by spawned ranks; `load` restores what `train_rank` saves. Line 13 is the load.
HEAD = """\
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel


class Trainer:
    def __init__(self, model, path):
        self.model = model
        self.path = path

    def load(self, path):
        checkpoint = torch.load(path, weights_only=False)
        self.model.load_state_dict(checkpoint["model_state_dict"])

    def train(self, world_size):
        mp.spawn(self.train_rank, args=(world_size,), nprocs=world_size)

"""

SAVES_FROM_A_GPU = {
    # A module built on the CPU, then moved in place: `model` is on the GPU when saved.
    "moved-after-its-cpu-build": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        model = build_model(self.cfg, device="cpu")
        model.load_state_dict(torch.load("init.pt", map_location="cpu"))
        model.to(rank)
        self.model = DistributedDataParallel(model, device_ids=[rank])
        if rank == 0:
            torch.save(model.state_dict(), self.path)
""",
    # A parameter made a CPU copy on one arm only: the caller's GPU model on the other.
    "parameter-made-cpu-on-one-arm": """\
    def save(self, model, offload=False):
        if offload:
            model = model.to("cpu")
        torch.save({"model_state_dict": model.state_dict(), "epoch": 1}, self.path)

    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            self.save(self.model)
""",
    # A GPU entry stored into the dict after its literal.
    "dict-filled-after": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            ckpt = {"model_state_dict": self.model.cpu().state_dict(), "epoch": 1}
            ckpt["ema_state_dict"] = self.ema.state_dict()
            torch.save(ckpt, self.path)
""",
    # A module's attribute as an entry of its own: `Module.to` leaves a plain tensor behind.
    "module-attribute-as-entry": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            cpu_model = self.model.to("cpu")
            state = {"model_state_dict": cpu_model.state_dict(), "centers": cpu_model.centers}
            torch.save(state, self.path)
""",
    # A checkpoint named `data` is no data batch.
    "checkpoint-named-data": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        model = self.model
        if rank == 0:
            data = {"model_state_dict": model.state_dict(), "epoch": 1}
            torch.save(data, self.path)
            torch.save(model.embeddings.cpu(), "emb.pt")
""",
    # `rank if cuda else "cpu"` is a GPU whenever CUDA is there.
    "moved-to-rank-or-cpu": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        model = self.model.to(rank if torch.cuda.is_available() else "cpu")
        self.model = DistributedDataParallel(model, device_ids=[rank])
        if rank == 0:
            torch.save(model.state_dict(), self.path)
""",
    # Weights saved with the optimizer's state are weights.
    "weights-with-optimizer": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            torch.save(
                {"model_state_dict": self.model.state_dict(), "optimizer": self.opt.state_dict()},
                self.path,
            )
            torch.save(self.model.embed.weight.cpu(), "emb.pt")
""",
    # A CPU copy rebound by unpacking on one arm: maybe the GPU EMA model.
    "rebound-by-unpacking": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            cpu_model = self.model.to("cpu")
            if self.use_ema:
                cpu_model, _ = self.ema_model, None
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # The CPU copy is the very module moved back to the GPU before the save.
    "copy-of-a-module-moved-again": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        cpu_model = self.model.to("cpu")
        self.model.to(rank)
        self.fit(self.model)
        if rank == 0:
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # The CPU copy of the model is saved beside EMA weights that live where training put them.
    "cpu-copy-beside-ema-weights": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            cpu_model = self.model.to("cpu")
            ema = self.ema_weights
            torch.save({"model_state_dict": cpu_model.state_dict(), "ema": ema}, self.path)
""",
    # The saved CPU copy is moved back to a GPU itself.
    "moved-itself-then-saved": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        cpu_model = self.model.to("cpu")
        cpu_model.cuda(rank)
        if rank == 0:
            torch.save(cpu_model, self.path)
""",
    # The saved copy is the module moved back in place.
    "source-moved-then-saved-whole": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        cpu_model = self.model.to("cpu")
        self.model.to(rank)
        if rank == 0:
            torch.save(cpu_model, self.path)
""",
    # A GPU weight stored into a state dict of CPU copies.
    "state-dict-filled-after": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        sd = self.model.cpu().state_dict()
        self.model.to(rank)
        sd["ema"] = self.ema.weight
        if rank == 0:
            torch.save(sd, self.path)
""",
    # A dict of CPU copies updated with GPU state.
    "comprehension-updated-after": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        sd = {k: v.cpu() for k, v in self.model.state_dict().items()}
        sd.update(self.ema.state_dict())
        if rank == 0:
            torch.save(sd, self.path)
""",
    # A move through a chain of calls (`cpu_model.eval().cuda(rank)`).
    "moved-through-a-chain": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        cpu_model = self.model.to("cpu")
        cpu_model.eval().cuda(rank)
        if rank == 0:
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # The copy's wrapped module moved (`cpu_model.module.to(rank)`).
    "submodule-moved": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        cpu_model = self.model.to("cpu")
        cpu_model.module.to(rank)
        if rank == 0:
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # The source moved through `self.model.eval().to(rank)`.
    "source-moved-through-a-chain": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        cpu_model = self.model.to("cpu")
        self.model.eval().to(rank)
        if rank == 0:
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # A copy made by a function (`to_device(self.model, "cpu")`), its source moved after.
    "function-made-copy-source-moved": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        cpu_model = to_device(self.model, "cpu")
        self.model.to(rank)
        if rank == 0:
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # A move later in the loop runs before the next save.
    "moved-later-in-the-loop": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        cpu_model = self.model.to("cpu")
        for epoch in range(3):
            if rank == 0:
                torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
            self.model.to(rank)
            self.fit(self.model)
""",
    # The CPU copy given another name, then moved under it: the same module.
    "aliased-then-moved": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        cpu_model = self.model.to("cpu")
        net = cpu_model
        net.cuda(rank)
        if rank == 0:
            torch.save(cpu_model, self.path)
""",
    # The CPU copy wrapped, and the wrapper moved: the wrapped module moves with it.
    "wrapped-then-moved": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        cpu_model = self.model.to("cpu")
        ddp = DistributedDataParallel(cpu_model, device_ids=[rank])
        ddp.to(rank)
        if rank == 0:
            torch.save(cpu_model, self.path)
""",
    # A nested checkpoint of a model and its optimizer beside a counter holds weights.
    "nested-checkpoint-beside-a-counter": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            torch.save(self.model.embed.weight.cpu(), "emb.pt")
            state = {"model": self.model.state_dict(), "optimizer": self.opt.state_dict()}
            torch.save({"epoch": 3, "state": state}, self.path)
""",
    # An optimizer's state beside the best weights, GPU clones.
    "optimizer-beside-best-weights": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        best = {k: v.clone() for k, v in self.model.state_dict().items()}
        if rank == 0:
            torch.save({"model_state_dict": self.model.cpu().state_dict()}, "m.pt")
            torch.save({"optimizer": self.opt.state_dict(), "best": best}, self.path)
""",
}


def _load_findings(root: Path, body: str) -> list[tuple[str, int]]:
    (root / "trainer.py").write_text(HEAD + body, encoding="utf-8")
    config = LintConfig(select=("TPL106", "TPL108"), preview=True)
    result = run([str(root)], config, cache_dir=None)
    return [(f.code, f.line) for f in result.findings]


@pytest.mark.parametrize("body", SAVES_FROM_A_GPU.values(), ids=SAVES_FROM_A_GPU.keys())
def test_a_save_from_a_gpu_keeps_the_load_tpl108(tmp_path: Path, body: str) -> None:
    assert ("TPL108", 13) in _load_findings(tmp_path, body)


def test_a_cpu_copy_beside_settings_hands_the_load_to_tpl106(tmp_path: Path) -> None:
    # qcmlforge's trainers: the unwrapped model moved to the CPU and saved with settings that
    # hold no tensor, and a debugging save of a data batch, which holds no weights.
    body = """\
    def train_rank(self, rank, world_size, loader):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        self.model = DistributedDataParallel(self.model, device_ids=[rank])
        for batch in loader:
            if batch is None:
                torch.save(batch, "debug_batch.pt")
        if rank == 0:
            cpu_model = self.model.module.to("cpu")
            head_config = None
            if cpu_model.head is not None:
                head_config = {"n_embed": cpu_model.head.n_embed, "r_cut": 5.0}
            config = {
                "n_embed": cpu_model.n_embed,
                "has_head": cpu_model.head is not None,
                "head_config": head_config,
                "name": f"atom-{world_size}",
            }
            torch.save({"model_state_dict": cpu_model.state_dict(), "config": config}, self.path)
"""
    assert _load_findings(tmp_path, body) == [("TPL106", 13)]


SAVES_ON_THE_CPU = {
    # A deep copy moved to the CPU is another module than the one moved back.
    "deep-copy": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        self.fit(self.model)
        cpu_model = copy.deepcopy(self.model).to("cpu")
        self.model.to(rank)
        if rank == 0:
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # qcmlforge's best model: a deep copy of the CPU copy is kept; copying moves nothing.
    "kept-as-best": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        self.fit(self.model)
        cpu_model = self.model.to("cpu")
        best_model = copy.deepcopy(cpu_model)
        if rank == 0:
            torch.save({"model_state_dict": cpu_model.state_dict()}, self.path)
""",
    # An optimizer's state beside a counter holds no weights; the weights are a CPU copy.
    "optimizer-with-a-counter": """\
    def train_rank(self, rank, world_size):
        dist.init_process_group("nccl", rank=rank, world_size=world_size)
        self.model.to(rank)
        if rank == 0:
            torch.save({"model_state_dict": self.model.cpu().state_dict()}, self.path)
            torch.save({"optimizer": self.opt.state_dict(), "epoch": 3}, "opt.pt")
""",
}


@pytest.mark.parametrize("body", SAVES_ON_THE_CPU.values(), ids=SAVES_ON_THE_CPU.keys())
def test_a_save_of_cpu_copies_hands_the_load_to_tpl106(tmp_path: Path, body: str) -> None:
    assert _load_findings(tmp_path, body) == [("TPL106", 13)]
