"""A project whose own loader builds its models under a device context on their GPU (vLLM's
forks: aphrodite's `with target_device: model = initialize_model(...)`) makes every tensor a
model's `__init__` makes there, so TPL203 leaves its plain tensor attributes alone."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint.engine_loaders import engine_loader_line

from .project_tree import lint_tree

LOADER = b"""import torch


class Loader:
    def load_model(self, config):
        target_device = torch.device(config.device)
        with target_device:
            model = initialize_model(config)
        return model
"""

MODEL = """import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.proj = nn.Linear(n, n)
        self.workspace = torch.empty(n, n)

    def forward(self, x):
        return self.proj(x) + self.workspace
"""


def test_a_device_context_around_a_generic_builder_is_a_loader() -> None:
    assert engine_loader_line(LOADER) == 7
    inline = b"import torch\ndef f(d):\n    with torch.device(d):\n        return build_model()\n"
    assert engine_loader_line(inline) == 3


def test_meta_cpu_and_named_classes_are_not_loaders() -> None:
    meta = b'import torch\ndef f():\n    with torch.device("meta"):\n        return get_model()\n'
    cpu = b'import torch\ndef f():\n    with torch.device("cpu:0"):\n        return get_model()\n'
    one_class = b"import torch\ndef f(d):\n    with torch.device(d):\n        return Encoder()\n"
    printing = b"import torch\ndef f(d, m):\n    with torch.device(d):\n        print_model(m)\n"
    for code in (meta, cpu, one_class, printing):
        assert engine_loader_line(code) is None


def test_tpl203_leaves_models_of_a_project_whose_loader_builds_them_on_device(
    tmp_path: Path,
) -> None:
    with_loader = {
        "pyproject.toml": "",
        "engine/loader.py": LOADER.decode(),
        "engine/attn.py": MODEL,
    }
    assert lint_tree(tmp_path / "engine", with_loader, "TPL203") == []
    without = {"pyproject.toml": "", "lib/attn.py": MODEL}
    assert lint_tree(tmp_path / "lib", without, "TPL203") == ["attn.py:9"]


def test_a_loader_in_the_tests_does_not_count(tmp_path: Path) -> None:
    files = {"pyproject.toml": "", "tests/test_loader.py": LOADER.decode(), "lib/attn.py": MODEL}
    assert lint_tree(tmp_path, files, "TPL203") == ["attn.py:9"]
