"""TPL205 reads a checkout nobody installs only where it spreads a model over devices
(`project_facts._may_split_models`, `SPLITS`): its own code is every loader of its models."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint.project_facts import SPLITS

from .project_tree import lint_tree

MODEL = """\
import torch
from torch import nn
from diffusers import ModelMixin


class VideoTransformer(ModelMixin):
    _no_split_modules = ["Block"]

    def __init__(self, config):
        super().__init__()
        self.patch_embedding = nn.Linear(config.in_dim, config.dim)
        self.blocks = nn.ModuleList([Block(config) for _ in range(config.layers)])
        self.scale_shift_table = nn.Parameter(torch.randn(1, 2, config.dim))

    def forward(self, hidden_states):
        hidden_states = self.patch_embedding(hidden_states)
        for block in self.blocks:
            hidden_states = block(hidden_states)
        shift, scale = self.scale_shift_table.chunk(2, dim=1)
        return hidden_states * (1 + scale) + shift


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attn = nn.Linear(config.dim, config.dim)

    def forward(self, hidden_states):
        return self.attn(hidden_states)
"""
ONE_DEVICE = """\
from models import VideoTransformer


def load(path, device):
    model = VideoTransformer.from_pretrained(path, device_map={"": device})
    return VideoTransformer.from_pretrained(path, device_map="cuda:0") or model
"""
SPREAD = """\
from models import VideoTransformer


def load(path, device_map):
    return VideoTransformer.from_pretrained(path, device_map=device_map)
"""


def _lint(root: Path, loader: str, installable: bool = False) -> list[str]:
    (root / ".git").mkdir(parents=True)
    files = {"models.py": MODEL, "load.py": loader}
    if installable:
        files["pyproject.toml"] = "[project]\nname = 'videos'\n"
    return lint_tree(root, files, "TPL205")


def test_a_checkout_whose_maps_name_one_device_runs_each_model_whole(tmp_path: Path) -> None:
    assert _lint(tmp_path / "one", ONE_DEVICE) == []


def test_a_checkout_that_hands_on_a_map_may_spread_its_models(tmp_path: Path) -> None:
    assert _lint(tmp_path / "spread", SPREAD) == ["models.py:20"]


def test_an_installable_project_s_users_may_spread_its_models(tmp_path: Path) -> None:
    assert _lint(tmp_path / "package", ONE_DEVICE, installable=True) == ["models.py:20"]


def test_what_counts_as_spreading_a_model() -> None:
    spread = [
        b'm = M.from_pretrained(p, device_map="auto")',
        b"device_map = device_map",  # handed on: the caller may pass "auto"
        b'    device_map: str = "auto"',
        b"device_map: auto",
        b'kwargs["device_map"] = "auto"',
        b'device_map="balanced_low_0"',
        b'device_map = {"transformer.h.0": 0, "lm_head": 1}',
        b"model = dispatch_model(model, device_map=dm)",
    ]
    one_device = [
        b'device_map = {"": device}',
        b'device_map=f"cuda:{local_rank}"',
        b"device_map = None",
        b'{"device_map": None}',
        b'{"device_map": "cuda:0"}',
        b'    device_map: str = "cuda:0"',
        b"device_map: null",
        b"device_map=local_rank",
        b'if device_map == "auto":',
        b"    device_map: Optional[str] = None",
        b'device_map={"": 0}',
    ]
    assert [text for text in spread if not SPLITS.search(text)] == []
    assert [text for text in one_device if SPLITS.search(text)] == []
