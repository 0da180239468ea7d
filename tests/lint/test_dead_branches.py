"""Findings in a branch the file switches off (`if self.parallel_decode:` where it is always
false, a private helper's `zero_triu=False` no call fills) are dropped, for every rule."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint import LintConfig, lint_source

from .project_tree import lint_tree

# Transformer-XL's `_rel_shift` (NVIDIA DeepLearningExamples, fastmoe, wenet copies): the CPU
# mask is built only under `zero_triu`, which both calls leave at its default.
REL_SHIFT = """\
import torch
from torch import nn


class RelMultiHeadAttn(nn.Module):
    def _rel_shift(self, x, zero_triu=False):
        zero_pad = torch.zeros((x.size(0), 1), device=x.device, dtype=x.dtype)
        x = torch.cat([zero_pad, x], dim=1)
        if zero_triu:
            ones = torch.ones((x.size(0), x.size(1)))
            x = x * torch.tril(ones)
        return x

    def forward(self, w, r):
        scores = self._rel_shift(w @ r)
        return self._rel_shift(scores){call}
"""

# GLM's `_rel_shift`, a static method whose one call leaves `zero_triu` at its default.
STATIC_REL_SHIFT = """\
import torch
from torch import nn


class Attention(nn.Module):
    @staticmethod
    def _rel_shift(x, zero_triu=False):
        zero_pad = torch.zeros((*x.size()[:-2], x.size(-2), 1), device=x.device, dtype=x.dtype)
        x = torch.cat([zero_pad, x], dim=-1)[:, :, 1:].view_as(x)
        if zero_triu:
            ones = torch.ones((x.size(0), x.size(1)))
            x = x * torch.tril(ones, x.size(1) - x.size(0))[:, :, None, None]
        return x

    def forward(self, query, key, relative):
        ac = torch.matmul(query, key)
        bd = torch.matmul(query, relative)
        bd = self._rel_shift(bd)
        return ac + bd
"""

# HunyuanVideo-Avatar's VAE: a parameter overwritten with False, copied to an attribute (and
# from it to another), which guards the multi-GPU decode.
VAE = """\
import torch
import torch.distributed as dist


class Decoder:
    def __init__(self, use_trt_engine: bool = False):
        use_trt_engine = False
        self.parallel_decode = use_trt_engine
        self.gather_to_rank0 = self.parallel_decode{extra}

    def decode(self, z):
        if self.gather_to_rank0:
            rank = dist.get_rank()
            z = z.to(rank)
        return z
"""


def _moved(code: str) -> int:
    """The line of the VAE's placement by the rank."""
    return code.splitlines().index("            z = z.to(rank)") + 1


def _lines(code: str, code_name: str) -> list[int]:
    findings = lint_source(code, "model.py", LintConfig(select=(code_name,), preview=True))
    return [f.line for f in findings if f.code == code_name]


def test_a_private_helpers_default_that_no_call_fills_switches_its_branch_off() -> None:
    assert _lines(REL_SHIFT.format(call=""), "TPL201") == []
    # One call that fills it, by keyword or by position, turns the branch on.
    filled = "\n\n    def masked(self, w):\n        return self._rel_shift(w, zero_triu=True)"
    assert _lines(REL_SHIFT.format(call=filled), "TPL201") == [10]
    by_position = "\n\n    def masked(self, w):\n        return self._rel_shift(w, True)"
    assert _lines(REL_SHIFT.format(call=by_position), "TPL201") == [10]


def test_a_static_helpers_default_that_no_call_fills_switches_its_branch_off() -> None:
    # GLM's `_rel_shift`: a `@staticmethod`, called as `self._rel_shift(score)` (no `self`
    # among its parameters: the one positional argument fills `x`, not `zero_triu`).
    assert _lines(STATIC_REL_SHIFT, "TPL201") == []
    filled = STATIC_REL_SHIFT.replace("self._rel_shift(bd)", "self._rel_shift(bd, True)")
    assert _lines(filled, "TPL201") == [11]
    wrapped = STATIC_REL_SHIFT.replace("@staticmethod", "@torch.jit.ignore")
    assert _lines(wrapped, "TPL201") == [11]


def test_a_public_helper_or_one_passed_around_may_be_called_with_anything() -> None:
    public = REL_SHIFT.format(call="").replace("_rel_shift", "rel_shift")
    assert _lines(public, "TPL201") == [10]
    stored = REL_SHIFT.format(call="\n\n    shift = _rel_shift")
    assert _lines(stored, "TPL201") == [10]


def test_an_attribute_the_file_only_ever_sets_false_switches_its_branch_off() -> None:
    assert _lines(VAE.format(extra=""), "TPL402") == []


def test_an_attribute_set_true_anywhere_in_the_file_keeps_the_branch() -> None:
    enabled = VAE.format(extra="\n\n    def enable(self):\n        self.gather_to_rank0 = True")
    assert _lines(enabled, "TPL402") == [_moved(enabled)]
    # From the parameter (a public method's), or set again on one path of an `if`: either
    # value may reach the test.
    from_parameter = VAE.format(extra="").replace("        use_trt_engine = False\n", "")
    assert _lines(from_parameter, "TPL402") == [_moved(from_parameter)]
    branch = "\n        if dist.is_initialized():\n            use_trt_engine = True"
    on_one_path = VAE.format(extra="").replace("= False\n", "= False" + branch + "\n", 1)
    assert _lines(on_one_path, "TPL402") == [_moved(on_one_path)]


def test_module_constants_and_boolean_tests() -> None:
    script = """\
import torch
import torch.distributed as dist

PARALLEL = False


def run(z, verbose):
    if PARALLEL and verbose:
        z = z.to(dist.get_rank())
    if PARALLEL or verbose:
        z = z.to(dist.get_rank())
    return z
"""
    assert _lines(script, "TPL402") == [11]
    switched = script + "\n\ndef enable():\n    global PARALLEL\n    PARALLEL = True\n"
    assert _lines(switched, "TPL402") == [9, 11]


def test_a_value_set_again_in_a_loop_around_the_test_is_not_known() -> None:
    code = """\
import torch
import torch.distributed as dist


def run(batches):
    moved = False
    for z in batches:
        if moved:
            z = z.to(dist.get_rank())
        moved = True
    return z
"""
    assert _lines(code, "TPL402") == [9]


# MLPerf inference's llama2-70b SUT: a `torch.device` compared with a string is never equal.
SUT = """\
import torch
from transformers import AutoModelForCausalLM


class SUT:
    def __init__(self, device="cpu"):
        self.device = device

    def load_model(self):
        self.model = AutoModelForCausalLM.from_pretrained("m", device_map="auto")
        self.device = torch.device(self.device)
        if self.device == "cpu":
            self.model = self.model.to(self.device)
"""


def test_a_device_object_compared_with_a_string_is_never_equal() -> None:
    assert _lines(SUT, "TPL303") == []
    # Without the conversion `self.device` is the string itself: the branch may run.
    as_text = SUT.replace("        self.device = torch.device(self.device)\n", "")
    assert _lines(as_text, "TPL303") == [12]
    # Converted only on one path: the string may reach the test.
    on_one_path = SUT.replace(
        "        self.device = torch.device(self.device)\n",
        "        if self.device:\n            self.device = torch.device(self.device)\n",
    )
    assert _lines(on_one_path, "TPL303") == [14]


def _project_lines(tmp_path: Path, files: dict[str, str], code_name: str) -> list[str]:
    return lint_tree(tmp_path, files, code_name)


def test_a_name_another_file_assigns_may_be_true(tmp_path: Path) -> None:
    vae = VAE.format(extra="")
    line = _moved(vae)
    alone = {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/vae.py": vae}
    assert _project_lines(tmp_path / "alone", alone, "TPL402") == []
    # pytext's shape: the module that turns CUDA on sets the flag of another module.
    enabled = {**alone, "pkg/run.py": "from pkg import vae\n\nvae.decoder.gather_to_rank0 = True\n"}
    assert _project_lines(tmp_path / "enabled", enabled, "TPL402") == [f"vae.py:{line}"]
    keyword = {**alone, "pkg/run.py": "from pkg.vae import Decoder\n\nDecoder(gather_to_rank0=1)\n"}
    assert _project_lines(tmp_path / "keyword", keyword, "TPL402") == [f"vae.py:{line}"]


#: A script that builds the attention class (a class nothing names never runs at all).
BUILDS_ATTENTION = "from modules import attention\n\nlayer = attention.RelMultiHeadAttn()\n"


def test_a_public_method_of_a_checkout_nobody_installs_is_called_only_in_sight(
    tmp_path: Path,
) -> None:
    # NATSpeech's espnet attention: a public `rel_shift(x, zero_triu=False)` in a research
    # checkout (a `.git`, no `setup.py`) that no other file names.
    public = REL_SHIFT.format(call="").replace("_rel_shift", "rel_shift")
    checkout = {"modules/attention.py": public, "train.py": BUILDS_ATTENTION}
    (tmp_path / "checkout" / ".git").mkdir(parents=True)
    assert _project_lines(tmp_path / "checkout", checkout, "TPL201") == []
    # Installable, a package's users may call it with anything.
    (tmp_path / "installable" / ".git").mkdir(parents=True)
    installable = {**checkout, "setup.py": ""}
    assert _project_lines(tmp_path / "installable", installable, "TPL201") == ["attention.py:10"]
    # Another file names it: it may fill the parameter.
    (tmp_path / "named" / ".git").mkdir(parents=True)
    calls = "from modules.attention import RelMultiHeadAttn\n\nRelMultiHeadAttn().rel_shift(w, 1)\n"
    named = {**checkout, "train.py": calls}
    assert _project_lines(tmp_path / "named", named, "TPL201") == ["attention.py:10"]
    # Not a whole checkout (no `.git`): the files calling it may lie elsewhere.
    assert _project_lines(tmp_path / "loose", checkout, "TPL201") == ["attention.py:10"]


def test_a_public_function_a_config_names_or_forward_may_be_called_out_of_sight(
    tmp_path: Path,
) -> None:
    public = REL_SHIFT.format(call="").replace("_rel_shift", "rel_shift")
    checkout = {"modules/attention.py": public, "train.py": BUILDS_ATTENTION}
    # Hydra builds objects and calls functions a YAML file names.
    (tmp_path / "hydra" / ".git").mkdir(parents=True)
    hydra = {**checkout, "conf/model.yaml": "shift:\n  _target_: attention.rel_shift\n"}
    assert _project_lines(tmp_path / "hydra", hydra, "TPL201") == ["attention.py:10"]
    # `module(x, spread=True)` runs `forward` with the flag set, without naming it.
    forward = public.replace("rel_shift", "forward").replace(
        "def forward(self, w, r)", "def f(self, w, r)"
    )
    (tmp_path / "forward" / ".git").mkdir(parents=True)
    module = {**checkout, "modules/attention.py": forward}
    assert _project_lines(tmp_path / "forward", module, "TPL201") == ["attention.py:10"]


# D-FINE's `dist_utils.warp_model`: a public helper whose `"dp"` arm never runs, since the
# only call, in another file, leaves `dist_mode` at its default.
WARP = """\
import torch.distributed as dist
from torch import nn


def warp_model(model, sync_bn=False, dist_mode="ddp", **kwargs):
    rank = dist.get_rank()
    if dist_mode == "dp":
        return nn.DataParallel(model, device_ids=[rank])
    return model
"""


def test_a_mode_every_call_in_the_project_leaves_at_its_default(tmp_path: Path) -> None:
    def lines(name: str, call: str, extra: dict[str, str] | None = None) -> list[str]:
        (tmp_path / name / ".git").mkdir(parents=True)
        solver = f"from misc import dist_utils\n\nmodel = {call}\n"
        files = {"misc/dist_utils.py": WARP, "solver.py": solver, **(extra or {})}
        return _project_lines(tmp_path / name, files, "TPL402")

    assert lines("default", "dist_utils.warp_model(net, sync_bn=True)") == []
    # The mode given by keyword, by position or through **kwargs may be "dp".
    assert lines("keyword", 'dist_utils.warp_model(net, dist_mode="dp")') == ["dist_utils.py:8"]
    assert lines("position", "dist_utils.warp_model(net, True, mode)") == ["dist_utils.py:8"]
    assert lines("kwargs", "dist_utils.warp_model(net, **cfg)") == ["dist_utils.py:8"]
    # Passed on as a value, imported under another name, or named by a config file.
    assert lines("stored", "dist_utils.warp_model\n") == ["dist_utils.py:8"]
    aliased = {"run.py": "from misc.dist_utils import warp_model as wrap\n\nwrap(n, dist_mode=m)\n"}
    assert lines("alias", "dist_utils.warp_model(net)", aliased) == ["dist_utils.py:8"]
    config = {"conf/model.yaml": "wrap:\n  _target_: misc.dist_utils.warp_model\n"}
    assert lines("config", "dist_utils.warp_model(net)", config) == ["dist_utils.py:8"]
    # A local name set to another literal before the test: the arm runs.
    local = WARP.replace(
        "    rank = dist.get_rank()\n", '    rank = dist.get_rank()\n    dist_mode = "dp"\n'
    )
    # (The function is called: one nothing calls would never run at all.)
    solver = "from misc import dist_utils\n\nmodel = dist_utils.warp_model(net)\n"
    files = {"misc/dist_utils.py": local, "solver.py": solver}
    (tmp_path / "local" / ".git").mkdir(parents=True)
    assert _project_lines(tmp_path / "local", files, "TPL402") == ["dist_utils.py:9"]
