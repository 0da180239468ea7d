"""The large hostile inputs `run.py` feeds the command line, written without holding them in
memory (a 1 GB log is written a block at a time)."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MIB = 1024 * 1024


_TRACEBACK = """Traceback (most recent call last):
  File "/workspace/train.py", line 88, in <module>
    loss = model(batch).loss
  File "/workspace/model.py", line 41, in forward
    return self.proj(hidden_states + self.bias)
RuntimeError: Expected all tensors to be on the same device, but found at least two devices, \
cuda:1 and cuda:0!
"""


def write_training_log(path: Path, size: int) -> None:
    """Training-progress lines up to `size` bytes, then one device-mismatch traceback."""
    lines = []
    for step in range(4000):
        lines.append(
            f"[rank{step % 8}] step {step:>7} | loss {2.0 + (step % 97) / 100:.4f} | "
            f"lr 3.0e-04 | grad_norm {0.5 + (step % 13) / 10:.3f} | tokens/s 41873\n"
        )
    block = "".join(lines).encode()
    with open(path, "wb") as handle:
        written = 0
        while written + len(block) <= size:
            handle.write(block)
            written += len(block)
        handle.write(_TRACEBACK.encode())


def write_short_lines(path: Path, size: int) -> None:
    block = b"ok\n" * (MIB // 3)
    with open(path, "wb") as handle:
        for _ in range(max(size // len(block), 1)):
            handle.write(block)


def write_long_forward(path: Path, statements: int) -> None:
    body = "".join(
        f"        h{i} = torch.zeros(4) + x * {i}\n" if i % 2 else f"        h{i} = x + {i}\n"
        for i in range(statements)
    )
    path.write_text(
        "import torch\nfrom torch import nn\n\n\nclass Big(nn.Module):\n"
        f"    def forward(self, x):\n{body}        return x\n",
        encoding="utf-8",
    )


FIXABLE = (
    "import torch\nfrom torch import nn\n\n\nclass Block(nn.Module):\n"
    "    def forward(self, hidden_states):\n"
    "        positions = torch.arange(hidden_states.shape[1])\n"
    "        return hidden_states + positions\n\n\n"
    "state = torch.load(path)\n"
)


def write_deep_yaml(path: Path, depth: int) -> None:
    path.write_text("tensor-parallel-size: 2\nx: " + "[" * depth + "]" * depth + "\n")


def write_alias_bomb(path: Path) -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_huge_model(directory: Path, layers: int) -> None:
    directory.mkdir()
    config = json.loads((ROOT / "src/torchplace/data/configs/llama-3.2-1b/config.json").read_text())
    config["num_hidden_layers"] = layers
    (directory / "config.json").write_text(json.dumps(config))


def write_deep_code(directory: Path) -> None:
    directory.mkdir()
    for index in range(100):
        (directory / f"plain{index:03d}.py").write_text("import torch\nz = torch.ones(1).cuda()\n")
    (directory / "sum600.py").write_text(
        "import torch\ny = (" + "+".join(["x"] * 600) + ").cuda()\n"
    )
    (directory / "sum100k.py").write_text(
        "import torch\ny = (" + "+".join(["x"] * 100_000) + ").cuda()\n"
    )
