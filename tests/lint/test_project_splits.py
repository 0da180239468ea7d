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


LIBRARY = """\
from models import VideoTransformer

__all__ = ["VideoTransformer"]
"""
HANDED_ON = """\
from models import VideoTransformer


def load(path, **kwargs):
    return VideoTransformer.from_pretrained(path, **kwargs)


def load_whole(path, device):
    return VideoTransformer.from_pretrained(path).to(device)
"""
WHOLE_BESIDE_A_SPLIT = """\
from transformers import AutoModel

from models import VideoTransformer


def load(path, device):
    encoder = AutoModel.from_pretrained(path, device_map="auto")
    return VideoTransformer.from_pretrained(path).to(device), encoder
"""


REGISTRY = """\
from models import VideoTransformer

MODELS = {"video": VideoTransformer}
"""
REGISTRY_LOADS = """\
import models
from registry import MODELS


def load(name, path, **kwargs):
    return MODELS[name].from_pretrained(path, **kwargs)


def load_by_name(name, path, **kwargs):
    return getattr(models, name).from_pretrained(path, **kwargs)
"""


def test_a_load_handed_a_callers_mapping_through_a_registry_may_spread(tmp_path: Path) -> None:
    # The application also loads the model whole (`ONE_DEVICE`), but another file hands a
    # class it cannot name (a registry's entry, a `getattr`) its caller's mapping.
    root = tmp_path / "registry"
    (root / ".git").mkdir(parents=True)
    files = {
        "models.py": MODEL,
        "load.py": ONE_DEVICE,
        "registry.py": REGISTRY,
        "pipeline.py": REGISTRY_LOADS,
        "pyproject.toml": "[project]\nname = 'videos'\n",
    }
    assert lint_tree(root, files, "TPL205") == ["models.py:20"]


def test_an_installable_library_s_users_may_spread_its_models(tmp_path: Path) -> None:
    # Its own code never loads the model: its users do, with whatever map they choose.
    assert _lint(tmp_path / "package", LIBRARY, installable=True) == ["models.py:20"]


def test_an_installable_application_that_loads_its_model_whole_runs_it_whole(
    tmp_path: Path,
) -> None:
    # Wan2.1 and StreamDiffusionV2 load their transformer by name and move it whole to
    # each rank's GPU; the project splits nothing (3 judged findings FALSE for both judges).
    assert _lint(tmp_path / "application", ONE_DEVICE, installable=True) == []


def test_an_installable_project_that_hands_a_load_its_callers_arguments_may_spread(
    tmp_path: Path,
) -> None:
    assert _lint(tmp_path / "handed", HANDED_ON, installable=True) == ["models.py:20"]


def test_an_installable_project_that_spreads_another_model_may_spread_this_one(
    tmp_path: Path,
) -> None:
    found = _lint(tmp_path / "beside", WHOLE_BESIDE_A_SPLIT, installable=True)
    assert found == ["models.py:20"]


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


def test_what_counts_as_a_projects_own_whole_load() -> None:
    from torchplace.lint.own_model_loads import FileLoads, model_class_at, read_loads, whole_load

    source = b'class Outer:\n    """Built with `Outer.from_pretrained(p, **kw)`."""\n    x = 1\n'
    assert model_class_at(read_loads(source), 3) == "Outer"
    assert model_class_at(read_loads(source), 4) is None

    def files(*texts: tuple[str, bytes]) -> list[tuple[str, FileLoads]]:
        return [(path, read_loads(text)) for path, text in texts]

    # A docstring's example is prose, not a load; nor is a constructor's smoke test.
    assert whole_load("Outer", files(("m.py", source))) is None
    assert whole_load("Outer", files(("s.py", b"print(Outer(None))\n"))) is None
    loads = [("a.py", b"m = Outer.from_config(cfg)\n"), ("b.py", b"m = Outer(dim=8).cuda()\n")]
    assert whole_load("Outer", files(*loads)) == "a.py:1"
    # A file naming the class that hands a load its caller's mapping, by any name: an alias,
    # a registry, a module attribute.
    for handing in (
        b"m = Outer.from_pretrained(p, **model_kwargs)\n",
        b"from models import Outer as VT\nm = VT.from_pretrained(p, **kw)\n",
        b"MODELS = {'video': Outer}\nm = MODELS[n].from_pretrained(p, **kw)\n",
        b"import models\nm = models.Outer.from_pretrained(p, **kw)\n",
    ):
        assert whole_load("Outer", files(*loads, ("c.py", handing))) is None
    assert whole_load("Outer", files(("d.py", b"m = other.Outer.from_pretrained(p)\n"))) is None
