"""TPL401 keeps an unbound process group only where the process acts on its current GPU."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.current_gpu import current_gpu_use
from torchplace.lint.runner import run


@pytest.mark.parametrize(
    "code",
    [
        "x = torch.zeros(1).cuda()",
        "x = batch.cuda(non_blocking=True)",
        'device = "cuda"',
        "y = x.to('cuda')",
        "loader = DataLoader(data, pin_memory=True)",
        "loader = build_loader(DataConfig(workers=2), pin_memory=True)",
        # Settings a loader of the file itself reads, in this process.
        "loader = DataLoader(ds, **asdict(LoaderConfig(batch_size=64, pin_memory=True)))",
        "cfg = LoaderConfig(pin_memory=True)\nloader = DataLoader(ds, pin_memory=cfg.pin_memory)",
        "torch.cuda.synchronize()",
        "peak = torch.cuda.max_memory_allocated()",
        "index = torch.cuda.current_device()",
        "buffer = torch.cuda.FloatTensor(4)",
    ],
)
def test_uses_of_the_current_gpu(code: str) -> None:
    found = current_gpu_use("a.py", "import torch\n\n" + code + "\n")
    assert found is not None and found.line == 3


@pytest.mark.parametrize(
    "code",
    [
        "x = torch.zeros(1).cuda(rank)",
        'x = torch.zeros(1, device=f"cuda:{rank}")',
        'device = torch.device("cuda", local_rank)',
        "torch.cuda.synchronize(device)",
        "torch.cuda.empty_cache()",
        "torch.cuda.manual_seed_all(0)",
        "# model.cuda()",
        "loader = DataLoader(data, pin_memory=False)",
        # Settings recorded for a loader built later (molmo's launch scripts hand them to a
        # `train` that binds the GPU first): pinning happens where that loader is iterated.
        "data = DataConfig(\n    dataset=name,\n    num_workers=2,\n    pin_memory=True,\n)",
        "cfg = olmo.LoaderArgs(pin_memory=True, workers=[1, 2])",
    ],
)
def test_code_that_names_its_device_does_not_use_the_current_gpu(code: str) -> None:
    assert current_gpu_use("a.py", "import torch\n\n" + code + "\n") is None


HELPER = """\
import torch.distributed as dist


def init_distributed():
    dist.init_process_group(backend="nccl")
"""
NAMED = """\
import os

import torch

from pkg.dist import init_distributed


def main():
    init_distributed()
    rank = int(os.environ["LOCAL_RANK"])
    model = torch.nn.Linear(2, 2).to(f"cuda:{rank}")
"""


def _tpl401(tmp_path: Path, caller: str, extra: dict[str, str] | None = None) -> list[str]:
    root = tmp_path / "project"
    files = {"pkg/__init__.py": "", "pkg/dist.py": HELPER, "train.py": caller, **(extra or {})}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "setup.py").write_text("", encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL401",), preview=True), cache_dir=None)
    return [f"{Path(f.path).name}:{f.line} {f.message}" for f in result.findings]


def test_a_caller_that_names_every_device_leaves_cuda_0_alone(tmp_path: Path) -> None:
    assert _tpl401(tmp_path, NAMED) == []


def test_a_caller_that_uses_the_current_gpu_keeps_the_finding(tmp_path: Path) -> None:
    caller = NAMED + "    loader = DataLoader(data, pin_memory=True)\n"
    [finding] = _tpl401(tmp_path, caller)
    assert finding.startswith("dist.py:5 ")
    assert "`pin_memory=True` at train.py:12" in finding


def test_a_function_of_the_same_name_elsewhere_is_not_a_caller(tmp_path: Path) -> None:
    # Another script of the tree has its own `init_distributed` and uses the current GPU:
    # it does not import pkg.dist, so it says nothing about the processes that do.
    other = "def init_distributed():\n    pass\n\n\ninit_distributed()\nx = y.cuda()\n"
    assert _tpl401(tmp_path, NAMED, {"tools/other.py": other}) == []


def test_work_inside_a_cuda_device_block_uses_that_gpu() -> None:
    text = (
        "import torch\n\nwith torch.cuda.device(device):\n    x = batch.cuda()\ny = batch.cuda()\n"
    )
    found = current_gpu_use("a.py", text)
    assert found is not None and found.line == 5
    # `torch.cuda.device(None)` binds nothing.
    assert current_gpu_use("a.py", text.replace("(device)", "(None)")) is not None
    unbound = current_gpu_use("a.py", text.replace("(device)", "(None)").replace("y = b", "# "))
    assert unbound is not None and unbound.line == 4


EARTH2MIP_MAIN = """\
import asyncio

import torch

from pkg import core


async def lagged_average(ensemble, obs):
    async for x in core.yield_ensembles(ensemble):
        score(x.cuda(), obs.cuda())


def main(rank):
    torch.distributed.init_process_group(backend="nccl", init_method="env://")
    device = torch.device("cuda", rank % torch.cuda.device_count())
    obs = torch.zeros(4, device=device)
    with torch.cuda.device(device), torch.no_grad():
        asyncio.run(lagged_average(ensemble, obs))
"""
EARTH2MIP_CORE = """\
import torch


async def yield_ensembles(ensemble):
    for x in ensemble:
        torch.cuda.synchronize()
        yield _to_cpu(x)


def _to_cpu(buffer):
    return torch.empty_like(buffer, device="cpu", pin_memory=True)
"""


def _tpl401_package(project: Path, main: str, core: str) -> list[str]:
    (project / "pkg").mkdir(parents=True)
    (project / "setup.py").write_text("", encoding="utf-8")
    (project / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (project / "pkg" / "core.py").write_text(core, encoding="utf-8")
    script = project / "pkg" / "main.py"
    script.write_text(main, encoding="utf-8")
    config = LintConfig(select=("TPL401",), preview=True)
    lint_run = run([str(script)], config, cache_dir=None, jobs=1)
    return [f"{Path(f.path).name}:{f.line}" for f in lint_run.findings]


def test_a_program_whose_gpu_work_runs_under_a_cuda_device_block_is_not_flagged(
    tmp_path: Path,
) -> None:
    # earth2mip's lagged ensembles: every use of the current GPU, in the script and in the
    # module it imports, runs inside `with torch.cuda.device(device)`.
    assert _tpl401_package(tmp_path, EARTH2MIP_MAIN, EARTH2MIP_CORE) == []


@pytest.mark.parametrize(
    ("main", "core"),
    [
        # The script also calls its worker outside the block.
        (EARTH2MIP_MAIN + "\n\nasyncio.run(lagged_average([], None))\n", EARTH2MIP_CORE),
        # The module calls its public generator itself: other code may run it unbound.
        (EARTH2MIP_MAIN, EARTH2MIP_CORE + "\n\ndef first(e):\n    return yield_ensembles(e)\n"),
        # The module's helper is public: an importer may call it outside any block.
        (EARTH2MIP_MAIN, EARTH2MIP_CORE.replace("_to_cpu", "to_cpu")),
    ],
)
def test_current_gpu_work_outside_the_block_keeps_the_finding(
    tmp_path: Path, main: str, core: str
) -> None:
    assert _tpl401_package(tmp_path, main, core) == ["main.py:14"]


def test_a_barrier_given_no_devices_uses_the_current_gpu() -> None:
    # torch's NCCL barrier reduces a tensor on the current GPU unless `device_ids=` (or the
    # group's `device_id=`) names one.
    found = current_gpu_use("a.py", "import torch.distributed as dist\n\ndist.barrier()\n")
    assert found is not None and found.line == 3
    named = "import torch.distributed as dist\n\ndist.barrier(device_ids=[local_rank])\n"
    assert current_gpu_use("a.py", named) is None


BINDS_THEN_BARRIER = """\
import os

import torch
import torch.distributed as dist

from pkg.dist import init_distributed


def main():
    init_distributed()
    rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(rank)
    dist.barrier()
"""


def test_a_caller_that_binds_before_its_current_gpu_work_is_no_evidence(
    tmp_path: Path,
) -> None:
    # hetu-galvatron's test helper: one caller binds its GPU right after the helper made the
    # group, before its barrier; the other names every device. Neither runs anything on
    # cuda:0, though the first file holds a barrier.
    extra = {"tests/test_model.py": BINDS_THEN_BARRIER}
    assert _tpl401(tmp_path, NAMED, extra) == []


def test_current_gpu_work_before_the_callers_binding_keeps_the_finding(
    tmp_path: Path,
) -> None:
    early = BINDS_THEN_BARRIER.replace(
        "    init_distributed()\n", "    init_distributed()\n    dist.barrier()\n"
    )
    [finding] = _tpl401(tmp_path, NAMED, {"tests/test_model.py": early})
    assert "`barrier()` at test_model.py:11" in finding


def test_a_caller_that_never_binds_is_still_evidence(tmp_path: Path) -> None:
    unbound = BINDS_THEN_BARRIER.replace("    torch.cuda.set_device(rank)\n", "")
    [finding] = _tpl401(tmp_path, NAMED, {"tests/test_model.py": unbound})
    assert "`barrier()` at test_model.py:12" in finding


def test_the_work_right_after_the_group_is_named_first(tmp_path: Path) -> None:
    # graphlearn's igbh example: a function earlier in the file synchronizes the current GPU,
    # but runs only after the binding; the pinning right after the group runs before it.
    script = (
        "import torch\n"
        "import torch.distributed as dist\n"
        "\n"
        "\n"
        "def evaluate(model):\n"
        "    torch.cuda.synchronize()\n"
        "\n"
        "\n"
        "def run(rank, world_size):\n"
        '    dist.init_process_group("nccl", rank=rank, world_size=world_size)\n'
        "    loader = make_loader(pin_memory=True)\n"
        "    torch.cuda.set_device(rank)\n"
        "    evaluate(loader)\n"
    )
    [finding] = _tpl401(tmp_path, script)
    assert finding.startswith("train.py:10 ")
    assert "`pin_memory=True` at train.py:11" in finding


def test_a_use_outside_the_given_lines_is_skipped() -> None:
    text = "import torch\n\nx = batch.cuda()\ny = torch.cuda.synchronize()\n"
    found = current_gpu_use("a.py", text, lines=(4, 4))
    assert found is not None and found.line == 4
    assert current_gpu_use("a.py", text, lines=(1, 2)) is None


def test_work_after_another_functions_group_is_no_evidence_for_this_one(tmp_path: Path) -> None:
    # FunCodec's `distributed_utils.py`: one function starts the job with a group of its own
    # and a barrier (the PAI path); the other path's group is named by nothing on the GPU.
    script = (
        "import torch.distributed as dist\n"
        "\n"
        "\n"
        "def init_torch_distributed(rank, world_size):\n"
        '    dist.init_process_group("nccl", rank=rank, world_size=world_size)\n'
        "\n"
        "\n"
        "def init_torch_distributed_pai(rank, world_size):\n"
        '    dist.init_process_group("nccl", rank=rank, world_size=world_size)\n'
        "    dist.barrier()\n"
    )
    [finding] = _tpl401(tmp_path, script)
    assert finding.startswith("train.py:9 ") and "`barrier()` at train.py:10" in finding


BRIO = """\
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def evaluation(args):
    # another entry point, run by the parent's `__main__` block, never by the ranks
    model = build(args).cuda()
    return model


def run(rank, args):
    gpuid = args.gpuid[rank]
    is_mp = len(args.gpuid) > 1
    model = build(args)
    if is_mp:
        dist.init_process_group("nccl", rank=rank, world_size=len(args.gpuid))
        model = torch.nn.parallel.DistributedDataParallel(model.to(gpuid), [gpuid]){work}
    else:
        model = model.cuda()
    return model


def main(args):
    if len(args.gpuid) > 1:
        mp.spawn(run, args=(args,), nprocs=len(args.gpuid), join=True)
    else:
        run(0, args)


if __name__ == "__main__":
    args = parse()
    if args.evaluate:
        evaluation(args)
    else:
        main(args)
"""


@pytest.mark.parametrize(
    ("work", "flagged"),
    [
        # BRIO (fresh-60): the ranks name their GPU everywhere; the `.cuda()` calls sit in the
        # one-GPU arm of the `if` that makes the group and in another entry point
        ("", False),
        # the ranks themselves use the current GPU
        ("\n        batch = next(loader).cuda()", True),
    ],
)
def test_work_on_arms_and_entry_points_the_ranks_never_run_is_no_evidence(
    tmp_path: Path, work: str, flagged: bool
) -> None:
    root = tmp_path / "brio"
    (root / ".git").mkdir(parents=True)
    (root / "main.py").write_text(BRIO.format(work=work), encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL401",), preview=True), cache_dir=None)
    assert bool([f for f in result.findings if f.code == "TPL401"]) is flagged


# soup-cli (fresh-102): an NCCL check spawned from a command module names every device; the
# module imports a helper, inside another function, from a module one of whose other
# functions synchronizes the current GPU.
_SPAWNED_CHECK = """\
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
{top_import}

def _worker(rank):
    dist.init_process_group("nccl", rank=rank, world_size=2)
    tensor = torch.ones(4, device=f"cuda:{{rank}}")
    dist.all_reduce(tensor){work}


def disk_report():
    from pkg.stream import detect_disk
    return detect_disk()


def main():
    mp.spawn(_worker, nprocs=2)
"""
_STREAM = """\
import torch


def detect_disk():
    return "ssd"


def stream_layers(layers):
    for layer in layers:
        layer.to("cuda", non_blocking=True)
    torch.cuda.synchronize()
"""


@pytest.mark.parametrize(
    ("top_import", "work", "flagged"),
    [
        # imported only by a function the spawned ranks never run
        ("", "", False),
        # imported at the top, but only a function that never uses the current GPU
        ("from pkg.stream import detect_disk", "", False),
        # imported at the top and called by the ranks: its current-GPU work counts
        ("from pkg.stream import stream_layers", "\n    stream_layers([])", True),
        # a module imported whole brings all of it
        ("import pkg.stream", "", True),
        # an import under a top-level `try:` runs in every spawned process too
        (
            "try:\n    from pkg.stream import stream_layers\nexcept ImportError:\n    pass",
            "\n    stream_layers([])",
            True,
        ),
    ],
)
def test_only_imports_the_ranks_run_and_the_names_they_bring_are_evidence(
    tmp_path: Path, top_import: str, work: str, flagged: bool
) -> None:
    doctor = _SPAWNED_CHECK.format(top_import=top_import, work=work)
    assert _spawned_check_flagged(tmp_path, _STREAM, doctor) is flagged


def _spawned_check_flagged(tmp_path: Path, stream: str, doctor: str) -> bool:
    """Whether TPL401 flags the spawned check of `doctor` beside the module `stream`."""
    root = tmp_path / "soup"
    files = {"pkg/__init__.py": "", "pkg/stream.py": stream, "pkg/doctor.py": doctor}
    for name, text in {**files, "setup.py": ""}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    result = run([str(root)], LintConfig(select=("TPL401",), preview=True), cache_dir=None)
    return bool([f for f in result.findings if f.code == "TPL401"])


@pytest.mark.parametrize(
    ("module", "flagged"),
    [
        # a class body runs at import, whatever the importer names
        ("class Prefetcher:\n    stream = torch.cuda.Stream()\n", True),
        # so does a default value
        ("def sync(stream=torch.cuda.current_stream()):\n    return stream\n", True),
        # a registry may call a decorated function by name
        (
            "OPS = {}\n\n\ndef register(fn):\n    OPS[fn.__name__] = fn\n    return fn\n\n\n"
            "@register\ndef warm():\n    torch.cuda.synchronize()\n",
            True,
        ),
        # a plain function nothing imported reaches does not run
        ("def warm():\n    torch.cuda.synchronize()\n", False),
        # nor does one a decorator of torch's wraps: it registers nothing
        ("@torch.no_grad()\ndef warm():\n    torch.cuda.synchronize()\n", False),
    ],
)
def test_what_runs_when_a_module_is_imported_counts(
    tmp_path: Path, module: str, flagged: bool
) -> None:
    stream = "import torch\n\n\ndef detect_disk():\n    return 'ssd'\n\n\n" + module
    doctor = _SPAWNED_CHECK.format(top_import="from pkg.stream import detect_disk", work="")
    assert _spawned_check_flagged(tmp_path, stream, doctor) is flagged


def test_an_import_in_the_parents_main_block_brings_nothing_to_the_ranks(
    tmp_path: Path,
) -> None:
    # A spawned child imports the file as `__mp_main__`: its `__main__` block never runs.
    doctor = _SPAWNED_CHECK.format(top_import="", work="") + (
        '\n\nif __name__ == "__main__":\n    from pkg.stream import stream_layers\n    main()\n'
    )
    assert not _spawned_check_flagged(tmp_path, _STREAM, doctor)
