"""Measure, on 2 real GPUs, the CUDA behaviours `torchplace.sim` reproduces for parity.

usage: OUT=DIR python benchmarks/sim_parity_probe.py   (from the repository root; needs 2 GPUs,
torch with CUDA and cuda-bindings) -> DIR/probe.json

What it records (each in fresh subprocesses): cuda x meta tensor mixes (outcome or message per
expression); CUDA_VISIBLE_DEVICES set before / after CUDA initialises, and values that hide all
GPUs; fork after CUDA initialisation (what works in the child); torch.save / torch.load device
tags and map_location; cuCtxGetDevice in fresh threads after each first call, with GPU 0 never
used or both used; and the stderr of explain-accuracy programs p21, p22, p25, p26, p27.
Results of 2026-11-30 (2x H200, torch 2.11.0+cu130, cuda-bindings 13.3.1):
benchmarks/results/raw/2026-11-30-h200x2/sim_parity_probe.json (the meta table's first entry
was cut off by the 3000-character capture; p22's stderr shows it).
"""

# ruff: noqa: E501  (the child programs below are kept exactly as they ran on the GPUs)
import json
import os
import subprocess
import sys
import textwrap

OUT = os.environ.get("OUT", "/tmp")
R = {}


def sub(code, env=None, args=()):
    e = dict(os.environ)
    e.pop("CUDA_VISIBLE_DEVICES", None)
    if env:
        e.update(env)
    try:
        p = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code), *args],
            capture_output=True,
            text=True,
            env=e,
            timeout=60,
        )
    except subprocess.TimeoutExpired as x:
        return {"rc": "timeout", "out": str(x.stdout)[-2000:], "err": str(x.stderr)[-2000:]}
    return {"rc": p.returncode, "out": p.stdout[-3000:], "err": p.stderr[-2500:]}


R["versions"] = sub("import torch,sys;print(torch.__version__, torch.version.cuda, sys.version)")
try:
    import cuda.bindings

    R["cuda_bindings"] = getattr(cuda.bindings, "__version__", "?")
except Exception as e:
    R["cuda_bindings"] = repr(e)

META = r"""
import torch, json, torch.nn.functional as F
c = torch.randn(2, 16, device="cuda:1"); c0 = torch.randn((), device="cuda:1")
m = torch.empty(16, device="meta"); M = torch.empty(2, 16, device="meta"); m0 = torch.empty((), device="meta")
W = torch.empty(16, 16, device="meta"); idx = torch.tensor([0, 1], device="cuda:1")
cases = {
 "c*m": lambda: c * m, "m*c": lambda: m * c, "c+M": lambda: c + M, "M+c": lambda: M + c,
 "c/m": lambda: c / m, "c*m0": lambda: c * m0, "m0*c": lambda: m0 * c, "c0*M": lambda: c0 * M,
 "c@W": lambda: c @ W, "W@c.T": lambda: W @ c.T, "linear(c,W)": lambda: F.linear(c, W),
 "linear(c,W,m)": lambda: F.linear(c, W, m), "layer_norm(c,m,m)": lambda: F.layer_norm(c, (16,), m, m),
 "cat[c,M]": lambda: torch.cat([c, M]), "cat[M,c]": lambda: torch.cat([M, c]), "stack[c,M]": lambda: torch.stack([c, M]),
 "where(c>0,c,M)": lambda: torch.where(c > 0, c, M), "maximum(c,M)": lambda: torch.maximum(c, M),
 "c.add_(m)": lambda: c.clone().add_(m), "M.add_(c)": lambda: M.clone().add_(c),
 "embedding(idx,W)": lambda: F.embedding(idx, W), "W[idx]": lambda: W[idx],
 "index_select(W,0,idx)": lambda: W.index_select(0, idx), "masked_fill(c,Mb,0)": lambda: c.masked_fill(torch.empty(2,16,dtype=torch.bool,device="meta"), 0.0),
 "addmm(m,c,W)": lambda: torch.addmm(m, c, W), "c.copy_(M)": lambda: c.clone().copy_(M), "M.copy_(c)": lambda: M.clone().copy_(c),
 "bmm": lambda: torch.bmm(c[None], W[None]), "c.to(meta)": lambda: c.to("meta"), "silu(c)*m": lambda: F.silu(c) * m,
 "c.mul(m,out)": lambda: torch.mul(c, m, out=torch.empty(2,16,device="cuda:1")),
 "rms": lambda: c * torch.rsqrt(c.pow(2).mean(-1, keepdim=True) + 1e-6) * m,
 "sdpa": lambda: F.scaled_dot_product_attention(c[None,None], M[None,None], M[None,None]),
 "gather(W,0,idx2)": lambda: torch.gather(W, 0, torch.zeros(2,16,dtype=torch.long,device="cuda:1")),
 "c.eq(M)": lambda: c == M, "lt": lambda: c < m,
}
res = {}
with torch.no_grad():
    for k, f in cases.items():
        try:
            r = f(); res[k] = ["ok", str(r.device), type(r).__name__]
        except Exception as e:
            res[k] = [type(e).__module__ + "." + type(e).__name__, str(e)[:400]]
# with grad
try:
    p = torch.nn.Parameter(torch.empty(16, device="meta"))
    x = torch.randn(2, 16, device="cuda:1", requires_grad=True)
    r = x * p; res["grad c*p"] = ["ok", str(r.device)]
except Exception as e:
    res["grad c*p"] = [type(e).__name__, str(e)[:400]]
print(json.dumps(res))
"""
R["meta"] = sub(META)

R["cvd_before_import"] = sub("""
import os; os.environ["CUDA_VISIBLE_DEVICES"] = "1"
import torch
print("count", torch.cuda.device_count())
try: torch.randn(16, 16, device="cuda:1")
except BaseException as e: print("ERR", type(e).__module__, type(e).__name__, repr(str(e)))
try: torch.cuda.set_device(1)
except BaseException as e: print("ERR set_device", type(e).__module__, type(e).__name__, repr(str(e)))
print("uuid0", torch.cuda.get_device_properties(0).uuid)
""")
R["uuids_unset"] = sub("""
import torch
print([str(torch.cuda.get_device_properties(i).uuid) for i in range(torch.cuda.device_count())])
""")


def _visible_devices_set_after(step: str) -> str:
    """A program that runs `step`, then sets CUDA_VISIBLE_DEVICES=1 and uses cuda:1."""
    return f"""
import torch, os
{step}
os.environ["CUDA_VISIBLE_DEVICES"] = "1"
print("count", torch.cuda.device_count())
try: torch.zeros(1, device="cuda:1"); print("cuda:1 ok")
except BaseException as e: print("ERR", type(e).__name__, repr(str(e)))
print("count", torch.cuda.device_count())
"""


R["cvd_after_import_before_use"] = sub(_visible_devices_set_after(""))
R["cvd_after_is_available"] = sub(
    _visible_devices_set_after('print("avail", torch.cuda.is_available())')
)
R["cvd_after_device_count"] = sub(
    _visible_devices_set_after('print("count0", torch.cuda.device_count())')
)
R["cvd_after_init"] = sub("""
import torch, os
torch.zeros(1, device="cuda")
os.environ["CUDA_VISIBLE_DEVICES"] = "1"
print("count", torch.cuda.device_count())
torch.zeros(1, device="cuda:1"); print("cuda:1 ok")
""")
for name, val in [
    ("empty", ""),
    ("five", "5"),
    ("0_5_1", "0,5,1"),
    ("dup", "0,0"),
    ("uuidprefix", "GPU-"),
]:
    R["cvd_" + name] = sub(
        """
import torch
print("avail", torch.cuda.is_available(), "count", torch.cuda.device_count())
try: torch.zeros(1, device="cuda"); print("zeros ok")
except BaseException as e: print("ERR", type(e).__module__, type(e).__name__, repr(str(e)))
try: print("cur", torch.cuda.current_device())
except BaseException as e: print("ERR cur", type(e).__module__, type(e).__name__, repr(str(e)))
""",
        {"CUDA_VISIBLE_DEVICES": val},
    )

# One program, run twice: with CUDA initialised in the parent, and with only
# `is_available()` called there (argument "avail").
FORK_PROGRAM = """
import multiprocessing as mp, torch, os
def child(q, what):
    try:
        if what == "ones": r = torch.ones(4, device="cuda:1").sum().item()
        elif what == "count": r = torch.cuda.device_count()
        elif what == "avail": r = torch.cuda.is_available()
        elif what == "init": r = torch.cuda.is_initialized()
        elif what == "cur": r = torch.cuda.current_device()
        elif what == "cpu": r = torch.ones(2).sum().item()
        elif what == "props": r = torch.cuda.get_device_name(0)
        elif what == "set": r = torch.cuda.set_device(0)
        elif what == "to": r = str(torch.ones(2).to("cuda").device)
        q.put(("ok", repr(r)))
    except BaseException as e:
        q.put((type(e).__module__ + "." + type(e).__name__, str(e)))
def run(what):
    ctx = mp.get_context("fork"); q = ctx.Queue(); p = ctx.Process(target=child, args=(q, what)); p.start(); p.join(); return q.get()
import sys
if len(sys.argv) > 1 and sys.argv[1] == "avail":
    print("parent_only_avail", torch.cuda.is_available(), run("ones")); raise SystemExit
print("parent_only_count", torch.cuda.device_count(), run("ones"))
torch.zeros(1, device="cuda:0")
for w in ["ones","count","avail","init","cur","cpu","props","set","to"]:
    print(w, run(w))
"""
R["fork"] = sub(FORK_PROGRAM)
R["fork_avail"] = sub(FORK_PROGRAM, args=["avail"])

R["save_load"] = sub("""
import torch, os, tempfile
d = tempfile.mkdtemp(); p = os.path.join(d, "t.pt"); p1 = os.path.join(d, "t1.pt")
torch.save({"a": torch.full((4,), 2.0, device="cuda:0"), "p": torch.nn.Parameter(torch.ones(2, device="cuda:1"))}, p)
torch.save(torch.ones(2, device="cuda:1"), p1)
def show(x): return {k: (type(v).__name__, str(v.device)) for k, v in x.items()}
print("default", show(torch.load(p)))
for ml in ["cpu", "cuda:1", torch.device("cuda", 1), {"cuda:0": "cuda:1"}]:
    print(repr(ml), show(torch.load(p, map_location=ml)))
print("lambda s", show(torch.load(p, map_location=lambda s, l: s)))
print("lambda cuda1", show(torch.load(p, map_location=lambda s, l: s.cuda(1))))
print("wo=False", show(torch.load(p, weights_only=False)))
open(os.path.join("/tmp", "p1path"), "w").write(p1)
""")
R["load_cvd"] = sub(
    """
import torch
p1 = open("/tmp/p1path").read()
try: print(torch.load(p1).device)
except BaseException as e: print("ERR", type(e).__name__, repr(str(e)))
""",
    {"CUDA_VISIBLE_DEVICES": "0"},
)

CTX = """
import threading, torch
from cuda.bindings import driver as cu
def q():
    err, dev = cu.cuCtxGetDevice()
    e2, ctx = cu.cuCtxGetCurrent()
    return (err.name, int(dev) if err == cu.CUresult.CUDA_SUCCESS else None, int(ctx) != 0, type(dev).__name__, type(err).__name__)
def thr(f):
    out = {}
    def t():
        try: out["pre"] = f()
        except BaseException as e: out["pre"] = repr(e)
        out["after"] = q()
    th = threading.Thread(target=t); th.start(); th.join(); return out
scen = {
 "nothing": lambda: None,
 "set0": lambda: torch.cuda.set_device(0), "set1": lambda: torch.cuda.set_device(1),
 "alloc1": lambda: torch.zeros(1, device="cuda:1"), "alloc": lambda: torch.zeros(1, device="cuda"),
 "sync": lambda: torch.cuda.synchronize(), "curdev": lambda: torch.cuda.current_device(),
 "op_on_x1": lambda: X1 + 1, "count": lambda: torch.cuda.device_count(),
}
def with_after(i):
    def f():
        with torch.cuda.device(i):
            inside = q()
        return inside
    return f
scen["with0 block"] = with_after(0); scen["with1 block"] = with_after(1)
import os
setup = os.environ["SETUP"]; name = os.environ["SCEN"]
torch.cuda.set_device(1); X1 = torch.zeros(1, device="cuda:1")
if setup == "both":
    torch.zeros(1, device="cuda:0"); torch.cuda.set_device(0)
print("MAIN", q())
print("RES", thr(scen[name]))
"""

with open(os.path.join(OUT, "probe_partial.json"), "w") as partial:
    json.dump(R, partial, indent=1)
R["ctx"] = {}
for setup in ["p27", "both"]:
    for name in [
        "nothing",
        "set0",
        "set1",
        "alloc1",
        "alloc",
        "sync",
        "curdev",
        "op_on_x1",
        "count",
        "with0 block",
        "with1 block",
    ]:
        R["ctx"][setup + ":" + name] = sub(CTX, {"SETUP": setup, "SCEN": name})
progs = "benchmarks/explain_accuracy/programs"
for n in [
    "p21_checkpoint_loaded_without_map_location",
    "p22_offloaded_weight_used_directly",
    "p25_cuda_visible_devices_physical_id",
    "p26_fork_after_cuda_init",
    "p27_thread_driver_call_without_context",
]:
    e = dict(os.environ)
    e.pop("CUDA_VISIBLE_DEVICES", None)
    try:
        p = subprocess.run(
            [sys.executable, f"{progs}/{n}.py"],
            capture_output=True,
            text=True,
            env=e,
            cwd=".",
            timeout=90,
        )
    except subprocess.TimeoutExpired:
        R[n] = "timeout"
        continue
    R[n] = {"rc": p.returncode, "err": p.stderr[-3500:], "out": p.stdout[-500:]}
with open(os.path.join(OUT, "probe.json"), "w") as f:
    json.dump(R, f, indent=1)
print("done")
