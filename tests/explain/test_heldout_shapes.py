"""Shapes that logs collected after the reader was built showed it did not know (minimal copies)."""

from __future__ import annotations

from torchplace.explain.classify import classify
from torchplace.explain.logs import read_log
from torchplace.explain.messages import ErrorKind, parse


def _known(text: str):  # type: ignore[no-untyped-def]
    known = [d for d in read_log(text) if d.known]
    assert len(known) == 1, [(d.kind, d.message[:60]) for d in read_log(text)]
    return known[0]


def test_message_cut_inside_a_word_by_a_fixed_width_is_read_whole() -> None:
    parsed = parse(
        "Expected all tensors to be on the same device, but foun\n"
        "d at least two devices, cuda:0 and cuda:1!"
    )
    assert parsed.kind is ErrorKind.DEVICE_MISMATCH
    assert set(parsed.devices) == {"cuda:0", "cuda:1"}


def test_cut_message_in_a_log_names_devices_and_line() -> None:
    d = _known(
        '  File "tools/train.py", line 219, in validation_epoch_end\n'
        "    x = torch.stack(outputs).mean()\n"
        "RuntimeError: Expected all tensors to be on the same device, but foun\n"
        "d at least two devices, cuda:0 and cuda:1!\n"
    )
    assert set(d.devices) == {"cuda:0", "cuda:1"}
    assert d.user_frame is not None and d.user_frame.line == 219


def test_words_split_by_a_newline_without_a_cut_stay_apart() -> None:
    # The join without a space is only a second reading: an ordinary wrapped message between
    # two words is still read with a space.
    parsed = parse(
        "Expected all tensors to be on the same device, but found at least two\n"
        "devices, cpu and cuda:0!"
    )
    assert parsed.kind is ErrorKind.DEVICE_MISMATCH
    assert set(parsed.devices) == {"cpu", "cuda:0"}


def test_ddp_module_on_cpu_is_explained_with_both_devices() -> None:
    text = (
        '  File "train_ddp.py", line 57, in main\n'
        "    model = DistributedDataParallel(model, device_ids=[LOCAL_RANK])\n"
        "ValueError: DistributedDataParallel device_ids and output_device arguments only work "
        "with single-device/multiple-device GPU modules or CPU modules, but got device_ids [0], "
        "output_device 0, and module parameters {device(type='cpu')}.\n"
    )
    d = _known(text)
    assert d.kind == "ddp-module-device"
    assert d.devices == ["cuda:0", "cpu"]
    assert d.facts["module_devices"] == "cpu"
    assert d.pattern is not None and d.pattern.id == "ddp-module-not-on-rank-device"
    assert d.user_frame is not None and d.user_frame.line == 57


def test_ddp_module_spread_over_two_gpus_lists_them() -> None:
    parsed = parse(
        "DistributedDataParallel device_ids and output_device arguments only work with "
        "single-device/multiple-device GPU modules or CPU modules, but got device_ids [1], "
        "output_device 1, and module parameters {device(type='cuda', index=0), "
        "device(type='cuda', index=1)}."
    )
    assert parsed.kind is ErrorKind.DDP_DEVICE
    assert parsed.devices == ("cuda:1", "cuda:0")
    assert parsed.details["module_devices"] == "cuda:0,cuda:1"


def test_fsdp_compute_device_checks_point_at_the_rank_binding() -> None:
    for message, devices, rank in (
        ("AssertionError: Expects tensor to be on the compute device cuda:1", ("cuda:1",), None),
        (
            "ValueError: Inconsistent compute device and `device_id` on rank 3: cuda:0 vs cuda:3",
            ("cuda:0", "cuda:3"),
            "3",
        ),
    ):
        parsed = parse(message)
        assert parsed.kind is ErrorKind.FSDP_DEVICE, message
        assert parsed.devices == devices
        assert parsed.details.get("rank") == rank
    d = _known(
        '  File "/home/u/test.py", line 18, in <module>\n'
        "    output = model(torch.randn((1, 100)))\n"
        "AssertionError: Expects tensor to be on the compute device cuda:1\n"
    )
    assert d.pattern is not None and d.pattern.id == "rank-not-bound-to-gpu"


def test_narrow_pattern_is_not_chosen_without_evidence() -> None:
    # Two GPUs, no frame, no context: the tie order must not pick a LoRA or vision story.
    d = _known(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cuda:1!\n"
    )
    assert d.pattern is not None
    assert d.pattern.id not in {
        "lora-adapter-on-wrong-gpu",
        "vision-features-on-other-gpu",
        "draft-model-on-other-gpu",
    }
    assert classify(d, parse(d.message)) is not None


def test_message_first_then_outermost_first_frames_name_the_deepest_user_frame() -> None:
    # Web runners (streamlit) print the message, then `Traceback:` and frames outermost first,
    # starting with their own library frame.
    d = _known(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cuda:1!\n"
        "Traceback:\n"
        'File "/env/lib/python3.10/site-packages/streamlit/script_runner.py", line 534, in run\n'
        "    exec(code, module.__dict__)\n"
        'File "/data/app/web_demo.py", line 62, in <module>\n'
        "    for r in model.stream_chat(tokenizer, prompt):\n"
        'File "/root/.cache/huggingface/modules/transformers_modules/m/modeling.py", line 1072, '
        "in stream_chat\n"
        "    for outputs in self.stream_generate(**inputs):\n"
    )
    assert d.user_frame is not None
    assert d.user_frame.path.endswith("transformers_modules/m/modeling.py")
    assert d.user_frame.line == 1072


def test_reversed_paste_ending_in_the_entry_frame_is_still_innermost_first() -> None:
    d = _known(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cpu and cuda:0!\n"
        '  File "/env/lib/python3.10/site-packages/torch/nn/functional.py", line 2210, '
        "in embedding\n"
        '  File "/work/model.py", line 40, in forward\n'
        '  File "/work/train.py", line 9, in <module>\n'
    )
    assert d.user_frame is not None and d.user_frame.path == "/work/model.py"


def test_environment_folder_names_are_no_evidence() -> None:
    # A conda environment called `huggingface_meta` must not count as a `meta` (offload) hint.
    d = _known(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cuda:1!\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 66, in <module>\n'
        "    trainer.fit(model)\n"
        '  File "/home/u/conda/envs/huggingface_meta/lib/python3.8/site-packages/'
        'pytorch_lightning/trainer/trainer.py", line 735, in fit\n'
        "    self._call_and_handle_interrupt(\n"
    )
    assert d.pattern is not None
    assert d.pattern.id != "offloaded-module-used-outside-scope"


def test_import_time_failure_after_the_message_keeps_the_ordinary_order() -> None:
    # The script's `<module>` first and an imported module's `<module>` innermost.
    d = _known(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cpu and cuda:0!\n"
        '  File "/work/train.py", line 3, in <module>\n'
        "    import model\n"
        '  File "/env/lib/python3.10/site-packages/torch/nn/modules/module.py", line 10, in f\n'
        '  File "/work/model.py", line 12, in <module>\n'
        "    table = weights.cuda() + bias\n"
    )
    assert d.user_frame is not None and d.user_frame.path == "/work/model.py"
