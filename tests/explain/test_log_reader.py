"""The log reader on the shapes real pasted logs take (each modelled on a public thread)."""

from __future__ import annotations

import io

from torchplace.explain.logframes import is_user_path
from torchplace.explain.logs import MAX_LINE, iter_lines, read_log


def _one(text: str):  # type: ignore[no-untyped-def]
    diagnoses = read_log(text)
    known = [d for d in diagnoses if d.known]
    assert len(known) == 1, [(d.kind, d.message[:60]) for d in diagnoses]
    return known[0]


def _where(d) -> str:  # type: ignore[no-untyped-def]
    assert d.user_frame is not None
    return f"{d.user_frame.path.replace(chr(92), '/')}:{d.user_frame.line}"


def test_torchelastic_error_file_dump_with_torch_built_from_source() -> None:
    d = _one(
        "traceback : Traceback (most recent call last):\n"
        '    File "/data/u/pytorch/torch/distributed/elastic/multiprocessing/errors/__init__.py",'
        " line 355, in wrapper\n"
        "      return f(*args, **kwargs)\n"
        '    File "/data/u/torchtrain/train.py", line 162, in main\n'
        "      torch.cuda.set_device(device)\n"
        '    File "/data/u/pytorch/torch/cuda/__init__.py", line 470, in set_device\n'
        "      torch._C._cuda_setDevice(device)\n"
        "  RuntimeError: CUDA error: invalid device ordinal\n"
        "  CUDA kernel errors might be asynchronously reported at some other API call\n"
    )
    assert d.kind == "invalid-device-ordinal"
    assert _where(d) == "/data/u/torchtrain/train.py:162"
    assert d.pattern is not None and d.pattern.id == "more-ranks-than-gpus"


def test_vllm_worker_message_before_frames_and_cut_traceback() -> None:
    prefix = "(VllmWorkerProcess pid=307) ERROR 01-19 03:55:24 multiproc_worker_utils.py:233] "
    d = _one(
        f"{prefix}Exception in worker VllmWorkerProcess while processing method init_device: "
        "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you "
        "must use the 'spawn' start method, Traceback (most recent call last):\n"
        f'{prefix}  File "/env/site-packages/vllm/worker/worker.py", line 166, in init_device\n'
        f"{prefix}    torch.cuda.set_device(self.device)\n"
        "(Vll"
    )
    assert d.kind == "fork-after-cuda-init"
    assert d.stack and d.stack[0].path.endswith("vllm/worker/worker.py")
    assert d.pattern is not None and d.pattern.id == "vllm-worker-forked-after-cuda-init"


def test_interleaved_ranks_without_prefixes_name_the_deepest_user_line() -> None:
    lines = [
        "Traceback (most recent call last):",
        '  File "train.py", line 284, in <module>',
        "Traceback (most recent call last):",
        '  File "train.py", line 284, in <module>',
        "    main(args)",
        '  File "train.py", line 129, in main',
        "    main(args)",
        '  File "train.py", line 129, in main',
        "    utils.init_distributed_mode(args)",
        '  File "/content/TransVG/utils/misc.py", line 453, in init_distributed_mode',
        "    utils.init_distributed_mode(args)",
        '  File "/content/TransVG/utils/misc.py", line 453, in init_distributed_mode',
        "    torch.cuda.set_device(args.gpu)",
        '  File "/usr/local/lib/python3.7/dist-packages/torch/cuda/__init__.py", line 311, in f',
        "    torch._C._cuda_setDevice(device)",
        "RuntimeError: CUDA error: invalid device ordinal",
    ]
    d = _one("\n".join(lines))
    assert _where(d) == "/content/TransVG/utils/misc.py:453"
    assert [f.line for f in d.stack] == [284, 129, 453, 311]


def test_duplicate_gpu_from_two_ranks_is_one_report_with_every_rank() -> None:
    lines = [
        'torch.distributed  File "/run/megatron/initialize.py", line 156, in _compile_dep',
        ".DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1727, invalid usage",
        "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
        "Last error:",
        "Duplicate GPU detected : rank 3 and rank 0 both on CUDA device f000",
        "    torch.distributed.barrier()",
        '  File "/usr/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 72',
        "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1727, "
        "invalid usage",
        "Last error:",
        "Duplicate GPU detected : rank 7 and rank 0 both on CUDA device f000",
    ]
    d = _one("\n".join(lines))
    assert d.facts["ranks"] == [3, 0, 7] and d.facts["bus_id"] == "f000"
    assert d.reports == 2
    assert _where(d) == "/run/megatron/initialize.py:156"


def test_srun_and_mpirun_prefixes_give_the_rank() -> None:
    d = _one(
        "3: Last error:\n3: Duplicate GPU detected : rank 3 and rank 0 both on CUDA device 3000"
    )
    assert d.rank == 3
    d = _one("[1,2]<stderr>:RuntimeError: No backend type associated with device type cpu")
    assert d.rank == 2 and d.pattern is not None
    assert d.pattern.id == "cpu-tensor-to-nccl-collective"


def test_fastchat_prefix_and_markdown() -> None:
    lines = [
        "**RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cpu! (when checking argument for argument mat1 in method "
        "wrapper_CUDA_addmm)**",
        '2024-01-31 22:40:54 | ERROR | stderr |   File "/src/llava/model.py", line 50, in f',
    ]
    d = _one("\n".join(lines))
    assert d.devices == ["cuda:0", "cpu"] and d.op == "addmm"


def test_logger_message_then_frames_then_cut() -> None:
    lines = [
        "[2025-02-20 11:03:36] ERROR - run.py: main - 433: Model X failed: Expected all tensors "
        "to be on the same device, but found at least two devices, cuda:0 and cuda:1! (when "
        "checking argument for argument mat2 in method wrapper_CUDA_bmm), skipping.",
        "Traceback (most recent call last):",
        '  File "*/VLMEvalKit/run.py", line 316, in main',
        "    model = infer_data_job(",
        '  File "*/VLMEvalKit/vlmeval/vlm/qwen2_vl/model.py", line 197, in generate_inner',
        "    generated_ids = self.model.generate(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/_contextlib.py", line 115',
    ]
    d = _one("\n".join(lines))
    assert _where(d) == "*/VLMEvalKit/vlmeval/vlm/qwen2_vl/model.py:197"


def test_reversed_paste_names_the_innermost_user_frame() -> None:
    lines = [
        "Duplicate GPU detected : rank 9 and rank 1 both on CUDA device 34000",
        " Last error:",
        "torch.distributed.DistBackendError: NCCL error in: NCCLUtils.hpp:268, invalid usage",
        " work = group.barrier(opts=opts)",
        'File "/env/site-packages/torch/distributed/distributed_c10d.py", line 4551, in barrier',
        "torch.distributed.barrier()",
        'File "/tmp/ray/pkg/verl/workers/fsdp_workers.py", line 219, in _build_model',
        "self.ref = self._build_model(",
        'File "/tmp/ray/pkg/verl/workers/fsdp_workers.py", line 423, in init_model',
    ]
    d = _one("\n".join(lines))
    assert _where(d) == "/tmp/ray/pkg/verl/workers/fsdp_workers.py:219"


def test_ipython_traceback() -> None:
    lines = [
        "RuntimeError                              Traceback (most recent call last)",
        "[<ipython-input-9-60e6>](https://localhost:8080/#) in forward(self, x, t)",
        "     11 ",
        "---> 13         xt = torch.cat([x, t], dim=1)",
        "",
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cpu! (when checking argument for argument tensors in method "
        "wrapper_CUDA_cat)",
    ]
    diagnoses = read_log("\n".join(lines))
    assert len(diagnoses) == 1
    assert _where(diagnoses[0]) == "<ipython-input-9-60e6>:13"
    assert diagnoses[0].user_frame is not None
    assert diagnoses[0].user_frame.source.startswith("xt = torch.cat")


def test_notebook_json_traceback_is_decoded() -> None:
    lines = [
        '   "traceback": [',
        '    "\\u001b[0;31mRuntimeError\\u001b[0m: Expected all tensors to be on the same device,'
        ' but found at least two devices, cuda:1 and cuda:0!\\n",',
        "   ]",
    ]
    d = _one("\n".join(lines))
    assert d.devices == ["cuda:1", "cuda:0"]


def test_rich_traceback_box() -> None:
    lines = [
        "│ /data/Firefly/train.py:14 in _i                                             │",
        "│ ❱  14 │   return tensor[t].view(shape).to(x)                                 │",
        "╰─────────────────────────────────────────────────────────────────────────────╯",
        "RuntimeError: indices should be either on cpu or on the same device as the indexed "
        "tensor (cpu)",
    ]
    d = _one("\n".join(lines))
    assert _where(d) == "/data/Firefly/train.py:14"
    assert set(d.devices) == {"cpu", "cuda"}


def test_non_placement_errors_are_listed_by_category() -> None:
    text = (
        "[rank0]:[E626 06:24:44.9 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective "
        "operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE) ran for 600020 ms\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.22 GiB.\n"
        "RuntimeError: Error(s) in loading state_dict for Net:\n"
        "\tsize mismatch for fc.weight: copying a param with shape torch.Size([24, 64])\n"
    )
    diagnoses = read_log(text)
    assert not any(d.known for d in diagnoses)
    assert {d.category for d in diagnoses} == {
        "collective timeout",
        "out of memory",
        "shape mismatch",
    }


def test_tensorrt_teardown_is_not_a_context_diagnosis() -> None:
    text = (
        "[11/04/2021-10:00:07] [TRT] [E] 1: [defaultAllocator.cpp::deallocate::35] Error Code 1:"
        " Cuda Runtime (invalid device context)\n"
    )
    assert not any(d.known for d in read_log(text))


def test_traceback_cut_before_its_message_still_names_the_line() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/proj/train.py", line 402, in <module>\n'
        "    torch.cuda.set_device(local_rank)\n"
        '  File "/venv/lib/python3.12/site-packages/torch/cuda/__init__.py", line 477, in f\n'
    )
    (d,) = read_log(text)
    assert not d.known and d.category == "traceback cut before its message"
    assert _where(d) == "/home/u/proj/train.py:402"


def test_package_identity_not_site_packages() -> None:
    assert not is_user_path("/workspace/pypacks/transformers/training_args.py")
    assert not is_user_path("torch/utils/_device.py")
    assert not is_user_path("/data/u/pytorch/torch/cuda/__init__.py")
    assert not is_user_path(r"C:\Python311\Lib\multiprocessing\process.py")
    assert not is_user_path("/usr/lib/python3.10/runpy.py")
    assert not is_user_path("/env/bin/torchrun")
    assert is_user_path("/root/.cache/huggingface/modules/transformers_modules/m/modeling.py")
    assert is_user_path(
        "/tmp/ray/session_2025-04-15_08-40-06_621291_1/verl/workers/fsdp_workers.py"
    )
    assert is_user_path("/home/me/torch/train.py")  # a project folder named torch
    assert is_user_path("<ipython-input-3-ab>")


def test_iter_lines_cuts_long_lines_and_keeps_the_rest() -> None:
    long = "x" * (MAX_LINE * 3)
    stream = io.StringIO(f"first\r\n{long}\nlast", newline=None)
    lines = list(iter_lines(stream))
    assert lines == ["first", "x" * MAX_LINE, "last"]


def test_distinct_errors_beyond_the_limit_are_counted_not_kept() -> None:
    from torchplace.explain.logs import MAX_REPORTS, LogReader

    reader = LogReader()
    for i in range(MAX_REPORTS + 500):
        name = "".join(chr(97 + (i // 26**k) % 26) for k in range(3))  # no digits: all distinct
        reader.feed(f"ValueError: distinct problem {name}")
    diagnoses = reader.finish()
    assert len(diagnoses) == MAX_REPORTS and reader.dropped >= 500
    assert len(reader._found) <= MAX_REPORTS
