"""Importing dynamo inside a simulation, and tracebacks that end at the user's torch op."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import traceback

import pytest
import torch
import torch.nn.functional as F

import torchplace

_FIRST_IMPORT_INSIDE = textwrap.dedent(
    """
    import sys
    import torch
    import torchplace

    assert "torch._dynamo" not in sys.modules and "transformers" not in sys.modules
    real = {"set_device": torch.cuda.set_device, "current_device": torch.cuda.current_device}
    with torchplace.virtual_gpus(2):
        from transformers import LlamaConfig
        from transformers.models.llama.modeling_llama import LlamaForCausalLM

        import torch._dynamo  # first imported here, inside (transformers 5 already did)
        config = LlamaConfig(
            vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=1,
            num_attention_heads=2, num_key_value_heads=1,
        )
        model = LlamaForCausalLM(config).to("cuda:1")
        model(torch.tensor([[1, 2, 3]], device="cuda:1"))

        from torch._dynamo import trace_rules
        from torch._dynamo.variables import TorchInGraphFunctionVariable

        rules = trace_rules.get_torch_obj_rule_map()
        assert all(function in rules for function in real.values())  # torch's own functions
        assert torch.cuda.current_device not in rules  # not sim's stand-in
        # sim serves torch.cuda.set_device and torch.accelerator.set_device_index with one
        # function; a torch whose rules treat those two differently must still import dynamo
        extra = "torch.accelerator.set_device_index"
        trace_rules.manual_torch_name_rule_map[extra] = TorchInGraphFunctionVariable
        trace_rules.get_torch_obj_rule_map.cache_clear()
        trace_rules.get_torch_obj_rule_map()
    assert trace_rules.load_object.__name__ == "load_object"  # put back
    print("ok")
    """
)


def test_first_transformers_import_inside_simulation_keeps_dynamo_working() -> None:
    pytest.importorskip("transformers")
    command = [sys.executable, "-c", _FIRST_IMPORT_INSIDE]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr


def _last_frame(error: BaseException) -> traceback.FrameSummary:
    return traceback.extract_tb(error.__traceback__)[-1]


def _sim_frames(error: BaseException) -> list[str]:
    sim_dir = str(torchplace.sim.__path__[0])
    return [f.filename for f in traceback.extract_tb(error.__traceback__) if sim_dir in f.filename]


def test_mismatch_traceback_ends_at_the_users_line() -> None:
    with pytest.raises(RuntimeError) as info, torchplace.virtual_gpus(2):
        a0, a1 = torch.ones(2, device="cuda:0"), torch.ones(2, device="cuda:1")
        a0 + a1
    error = info.value
    assert type(error) is RuntimeError
    assert str(error) == (
        "Expected all tensors to be on the same device, but found at least two devices, "
        "cuda:0 and cuda:1!"
    )
    last = _last_frame(error)
    assert last.filename == __file__ and last.line == "a0 + a1"
    assert _sim_frames(error) == []


def test_library_op_traceback_ends_in_torch_and_data_needed_keeps_its_type() -> None:
    mismatch = pytest.raises(RuntimeError, match="wrapper_CUDA__index_select")
    with mismatch as info, torchplace.virtual_gpus(2):
        weight = torch.randn(10, 4, device="cuda:0")
        F.embedding(torch.tensor([1, 2], device="cuda:1"), weight)
    assert _last_frame(info.value).filename == F.__file__  # torch's own frame, as on CUDA
    assert _sim_frames(info.value) == []

    needs = pytest.raises(torchplace.sim.DataNeededError, match="needs data")
    with needs as needed, torchplace.virtual_gpus(1, keep_values_up_to=0):  # value-less
        torch.zeros(4, device="cuda:0").sum().item()
    assert _sim_frames(needed.value) == []


def test_errors_caught_inside_keep_at_most_the_dispatch_entry() -> None:
    with torchplace.virtual_gpus(2):
        a0, a1 = torch.ones(2, device="cuda:0"), torch.ones(2, device="cuda:1")
        try:
            a0 @ a1
        except RuntimeError as error:
            assert len(_sim_frames(error)) <= 1  # only the __torch_dispatch__ entry point
        else:
            raise AssertionError("no error")
