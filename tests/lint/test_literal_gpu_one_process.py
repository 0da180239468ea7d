"""A literal GPU in a program the project launches only as one process shares it with nothing
(TPL104's project condition, `shares-a-literal-gpu`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

# BELLE's inference script, in short, with the model placed whole on one GPU by a map of one
# entry (a map that spreads it puts its first layers on cuda:0, where inputs belong): inputs
# sent to cuda:0.
INFER = """\
import torch
from transformers import AutoModelForCausalLM

from pkg.inputs import encode


def main():
    model = AutoModelForCausalLM.from_pretrained("model", device_map={"": "cuda:0"})
    ids = encode("hello").to(0)
    return model.generate(ids)


if __name__ == "__main__":
    main()
"""
# A module the script imports, which speaks of device maps too.
INPUTS = """\
import torch


def encode(text, device_map=None):
    return torch.tensor([[1, 2, 3]], device=0)
"""


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "project"
    base = {
        "pyproject.toml": "",
        "pkg/__init__.py": "",
        "pkg/inputs.py": INPUTS,
        "infer.py": INFER,
    }
    for name, text in {**base, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _tpl104(root: Path) -> list[str]:
    result = run([str(root)], LintConfig(select=("TPL104",), preview=True), cache_dir=None)
    return sorted(f"{Path(f.path).name}:{f.line}" for f in result.findings)


BOTH = ["infer.py:9", "inputs.py:5"]


def test_a_program_launched_only_as_one_process_shares_its_gpu_with_nothing(
    tmp_path: Path,
) -> None:
    readme = "Run:\n\n```\npython infer.py --model llama\n```\n"
    assert _tpl104(_project(tmp_path / "one", {"README.md": readme})) == []
    # Nothing says how it runs: every finding stays.
    assert _tpl104(_project(tmp_path / "unknown", {})) == BOTH


def test_a_launch_of_several_processes_keeps_the_script_and_its_modules(tmp_path: Path) -> None:
    readme = "```\npython infer.py\ntorchrun --nproc_per_node=2 infer.py\n```\n"
    assert _tpl104(_project(tmp_path, {"README.md": readme})) == BOTH


def test_a_script_that_starts_threads_or_processes_is_not_one_process(tmp_path: Path) -> None:
    readme = "```\npython infer.py\n```\n"
    # The threads the script starts may run the module's code too.
    threads = INFER.replace("    main()", "    threading.Thread(target=main).start()")
    found = _tpl104(_project(tmp_path / "threads", {"README.md": readme, "infer.py": threads}))
    assert found == BOTH
    spawned = INFER.replace("    main()", "    mp.spawn(main, nprocs=2)")
    found = _tpl104(_project(tmp_path / "spawn", {"README.md": readme, "infer.py": spawned}))
    assert found == BOTH


def test_a_module_another_unlaunched_file_imports_stays(tmp_path: Path) -> None:
    files = {
        "README.md": "```\npython infer.py\n```\n",
        "pkg/serve.py": "from pkg.inputs import encode\n\nencode('x')\n",
    }
    assert _tpl104(_project(tmp_path, files)) == ["inputs.py:5"]


def test_a_thread_that_streams_generation_is_no_gpu_of_its_own(tmp_path: Path) -> None:
    # MedicalGPT's demos: `TextIteratorStreamer` with the model's `generate` in a thread.
    readme = "```\npython infer.py\n```\n"
    streaming = INFER.replace(
        "    return model.generate(ids)",
        "    Thread(target=model.generate, kwargs={'input_ids': ids}).start()",
    )
    files = {"README.md": readme, "infer.py": streaming}
    assert _tpl104(_project(tmp_path / "streaming", files)) == []
    worker = streaming.replace("target=model.generate", "target=serve")
    files = {"README.md": readme, "infer.py": worker}
    assert _tpl104(_project(tmp_path / "worker", files)) == BOTH


def test_inputs_sent_to_the_first_layers_of_a_spread_model_are_in_place(tmp_path: Path) -> None:
    # BELLE's script as written: `device_map="auto"` puts the embeddings on cuda:0, and every
    # process of a launch spreads its own model the same way, so the inputs are in place.
    spread = INFER.replace('device_map={"": "cuda:0"}', 'device_map="auto"')
    readme = "```\ntorchrun --nproc_per_node=2 infer.py\n```\n"
    found = _tpl104(_project(tmp_path, {"README.md": readme, "infer.py": spread}))
    assert found == ["inputs.py:5"]


# TUNiB's tutorials, in short: modules of a package (not scripts the linter may read as run
# alone) that wrap one process's model over four GPUs; DataLoader workers are no ranks.
DATA_PARALLEL = """\
import torch
from torch import nn

loader = torch.utils.data.DataLoader(range(8), batch_size=2, num_workers=4)
model = nn.DataParallel(model.cuda(), device_ids=[0, 1, 2, 3], output_device=0)
for batch in loader:
    model(batch.cuda())
"""
GPIPE = """\
import torch
from torchgpipe import GPipe

if __name__ == "__main__":
    world_size = 4
    model = GPipe(model, balance=[4, 3, 3, 4], devices=[0, 1, 2, 3], chunks=world_size)
    loader = torch.utils.data.DataLoader(range(8), batch_size=2, num_workers=8)
    for tokens in loader:
        input_ids = tokens.to(0)
        labels = tokens.to(world_size - 1)
"""
RANKS_WRAP = """\
import torch
import torch.distributed as dist
from torch import nn

dist.init_process_group("nccl")
model = nn.DataParallel(model.cuda(), device_ids=[0, 1, 2, 3], output_device=0)
"""


def _found(root: Path, files: dict[str, str]) -> list[tuple[str, int]]:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL104",), preview=True), cache_dir=None)
    return [(Path(f.path).name, f.line) for f in result.findings]


def test_one_process_wrapping_its_model_over_several_gpus_owns_each_index(
    tmp_path: Path,
) -> None:
    stages = GPIPE.replace("world_size", "stages")
    files = {"__init__.py": "", "data_parallel.py": DATA_PARALLEL, "gpipe.py": stages}
    assert _found(tmp_path / "tutorials", files) == []
    # A file that speaks of a world size (TUNiB's GPipe script names its stages so) reads
    # as one of several ranks (`run_conditions.speaks_of_one_process`): its index is kept.
    named = {"__init__.py": "", "gpipe.py": GPIPE}
    assert _found(tmp_path / "world_size", named) == [("gpipe.py", 9)]
    # Ranks that each wrap the same four GPUs collide on them.
    ranks = {"__init__.py": "", "ddp_and_dp.py": RANKS_WRAP}
    assert _found(tmp_path / "ranks", ranks) == [("ddp_and_dp.py", 6)] * 5


TRAINER_WITH_A_DATA_PARALLEL_ARM = """\
from torch import nn


class Trainer:
    def __init__(self, model, n_gpu, single):
        if n_gpu > 1 and single:
            model = nn.DataParallel(model, device_ids=list(range(n_gpu)))
        self.model = model

    def step(self, batch):
        batch = {k: v.to(0) for k, v in batch.items()}
        return self.model(**batch).loss
"""


def test_a_data_parallel_arm_of_a_trainer_owns_no_index_of_its_other_arm(
    tmp_path: Path,
) -> None:
    # A trainer module wraps `DataParallel` only in one arm (its other runs under torchrun,
    # one rank per GPU): the wrap is no evidence that one process owns every GPU.
    files = {"__init__.py": "", "engine.py": TRAINER_WITH_A_DATA_PARALLEL_ARM}
    assert _found(tmp_path / "trainer", files) == [("engine.py", 11)]
    # A script that wraps inside a function, and names ranks: the same.
    script = DATA_PARALLEL.replace("loader = ", "local_rank = -1\nloader = ")
    assert _found(tmp_path / "ranks_named", {"__init__.py": "", "dp.py": script}) != []


def test_a_wrap_in_one_arm_of_a_conditional_expression_owns_no_index(tmp_path: Path) -> None:
    script = DATA_PARALLEL.replace(
        "model = nn.DataParallel(model.cuda(), device_ids=[0, 1, 2, 3], output_device=0)",
        "model = model.cuda()\n"
        "model = nn.DataParallel(model, device_ids=[0, 1]) if USE_DP else model",
    )
    assert "if USE_DP" in script
    assert _found(tmp_path / "ifexp", {"__init__.py": "", "dp.py": script}) != []


def test_a_wrapping_script_launched_as_several_processes_keeps_its_indexes(
    tmp_path: Path,
) -> None:
    # Its words read as one process over four GPUs; a README running it under `torchrun`
    # makes four processes, each wrapping the same four GPUs from cuda:0.
    readme = "```\ntorchrun --nproc_per_node 4 data_parallel.py\n```\n"
    files = {"data_parallel.py": DATA_PARALLEL, "README.md": readme}
    found = _found(tmp_path / "several", files)
    assert found == [("data_parallel.py", 5)] * 5
    config = LintConfig(select=("TPL104",), preview=True)
    result = run([str(tmp_path / "several")], config, cache_dir=None)
    assert all("launched as several by README.md:2" in f.message for f in result.findings)
    # Run as one process, or never launched, the script owns each index.
    one = {"data_parallel.py": DATA_PARALLEL, "README.md": "`python data_parallel.py`\n"}
    assert _found(tmp_path / "one", one) == []
    assert _found(tmp_path / "none", {"data_parallel.py": DATA_PARALLEL}) == []


@pytest.mark.parametrize(
    ("name", "launch"),
    [
        ("run.sh", "#SBATCH --nodes=1 --gres=gpu:4\npython data_parallel.py\n"),
        ("run.sh", "torchrun --nnodes 2 --nproc_per_node 1 data_parallel.py\n"),
        ("run.sh", "srun --nodes 2 --ntasks-per-node 1 python data_parallel.py\n"),
        ("README.md", "`torchrun --nnodes 2 data_parallel.py`\n"),
    ],
)
def test_a_wrapping_script_run_once_per_node_owns_its_indexes(
    tmp_path: Path, name: str, launch: str
) -> None:
    # One process per node wraps its own node's GPUs: no other process shares them.
    files = {"data_parallel.py": DATA_PARALLEL, name: launch}
    assert _found(tmp_path / "per-node", files) == []
