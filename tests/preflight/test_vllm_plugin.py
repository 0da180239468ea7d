"""The vLLM general plugin, loaded through the real entry-point contract.

`LOADER` mirrors vLLM 0.33's `vllm/plugins/__init__.py` (`load_plugins_by_group` and
`load_general_plugins`): discover `importlib.metadata.entry_points(group=...)`, filter by
`VLLM_PLUGINS`, `plugin.load()`, then call each function with no arguments. It runs in a fresh
interpreter because the plugin installs process-wide hooks.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points

import pytest

from torchplace.preflight import vllm_plugin

LOADER = textwrap.dedent(
    """
    import json, logging, os, sys
    from collections.abc import Callable
    from typing import Any

    logging.basicConfig(level=logging.DEBUG, format="%(name)s %(message)s", stream=sys.stdout)
    logger = logging.getLogger("vllm.plugins")
    DEFAULT_PLUGINS_GROUP = "vllm.general_plugins"
    plugins_loaded = False


    def load_plugins_by_group(group: str) -> dict[str, Callable[[], Any]]:
        from importlib.metadata import entry_points

        allowed_plugins = (
            None if "VLLM_PLUGINS" not in os.environ else os.environ["VLLM_PLUGINS"].split(",")
        )
        discovered_plugins = entry_points(group=group)
        if len(discovered_plugins) == 0:
            return {}
        plugins = dict[str, Callable[[], Any]]()
        for plugin in discovered_plugins:
            if allowed_plugins is None or plugin.name in allowed_plugins:
                try:
                    func = plugin.load()
                    plugins[plugin.name] = func
                except Exception:
                    logger.exception("Failed to load plugin %s", plugin.name)
        return plugins


    def load_general_plugins():
        global plugins_loaded
        if plugins_loaded:
            return
        plugins_loaded = True
        plugins = load_plugins_by_group(group=DEFAULT_PLUGINS_GROUP)
        for func in plugins.values():
            func()
    """
)


NO_RUNTIME = 'sys.modules["torchplace.runtime"] = None  # imports torch: slow, not under test\n'


def _run(
    body: str, env: dict[str, str] | None = None, runtime: bool = False
) -> subprocess.CompletedProcess[str]:
    full_env = {
        k: v for k, v in os.environ.items() if k not in ("RANK", "LOCAL_RANK", "VLLM_PLUGINS")
    }
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", LOADER + ("" if runtime else NO_RUNTIME) + textwrap.dedent(body)],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=120,
    )


def test_entry_point_is_registered() -> None:
    found = [ep for ep in entry_points(group="vllm.general_plugins") if ep.name == "torchplace"]
    assert len(found) == 1
    assert found[0].value == "torchplace.preflight.vllm_plugin:register"
    assert found[0].load() is vllm_plugin.register


def test_loaded_like_vllm_in_a_worker_with_a_rank() -> None:
    run = _run(
        """
        load_general_plugins()
        """,
        env={"RANK": "3", "LOCAL_RANK": "1", "CUDA_VISIBLE_DEVICES": "4,5,6,7"},
        runtime=True,
    )
    assert run.returncode == 0, run.stderr
    assert "rank 3 (local 1) will bind cuda:1 -> physical GPU 5" in run.stdout
    assert "explainer installed" in run.stdout
    if importlib.util.find_spec("torch") is not None:
        assert "thread-device inheritance installed" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr


def test_idempotent_when_vllm_loads_it_again() -> None:
    # vLLM calls load_general_plugins from several places; a second LLM engine in the same
    # process, or another code path, may call the entry point again.
    run = _run(
        """
        import torchplace.explain as explain
        calls = []
        explain.install = lambda *a, **k: calls.append(1)
        load_general_plugins()
        plugins_loaded = False
        load_general_plugins()
        for plugin in load_plugins_by_group(DEFAULT_PLUGINS_GROUP).values():
            plugin()
        print("INSTALLS", len(calls))
        """,
        env={"RANK": "0"},
    )
    assert run.returncode == 0, run.stderr
    assert "INSTALLS 1" in run.stdout
    assert run.stdout.count("rank 0 (local 0)") == 1


def test_rank_read_from_vllm_init_worker_frame() -> None:
    # Mirrors WorkerWrapperBase.init_worker: the plugin is loaded while all_kwargs holds this
    # worker's rank and local_rank (vLLM's mp executor sets no RANK variable).
    run = _run(
        """
        class WorkerWrapperBase:
            def __init__(self, rpc_rank):
                self.rpc_rank = rpc_rank

            def init_worker(self, all_kwargs):
                kwargs = all_kwargs[self.rpc_rank]
                load_general_plugins()

        all_kwargs = [{}, {"vllm_config": None, "local_rank": 1, "rank": 1}]
        WorkerWrapperBase(rpc_rank=1).init_worker(all_kwargs)
        """,
    )
    assert run.returncode == 0, run.stderr
    assert "rank 1 (local 1) will bind cuda:1 -> physical GPU 1" in run.stdout


def test_never_raises_when_the_hooks_break() -> None:
    run = _run(
        """
        import torchplace.explain as explain
        def boom(*a, **k):
            raise RuntimeError("explainer broke")
        explain.install = boom
        sys.modules["torchplace.runtime"] = None  # thread inheritance not landed
        load_general_plugins()
        print("STILL RUNNING")
        """,
        env={"LOCAL_RANK": "0"},
    )
    assert run.returncode == 0, run.stderr
    assert "STILL RUNNING" in run.stdout
    assert "_install_explainer failed: RuntimeError: explainer broke" in run.stdout
    assert "thread-device inheritance not installed" in run.stdout


def test_no_rank_no_binding_log_and_vllm_plugins_filter() -> None:
    run = _run("load_general_plugins()\n")
    assert "will bind" not in run.stdout
    filtered = _run(
        """
        import torchplace.explain as explain
        explain.install = lambda *a, **k: print("INSTALLED")
        load_general_plugins()
        """,
        env={"VLLM_PLUGINS": "someone_else"},
    )
    assert "INSTALLED" not in filtered.stdout


def test_plugin_does_not_initialise_cuda() -> None:
    torch = pytest.importorskip("torch")
    run = _run(
        """
        import torch
        load_general_plugins()
        print("CUDA_INIT", torch.cuda.is_initialized())
        """,
        env={"RANK": "0"},
        runtime=True,
    )
    assert run.returncode == 0, run.stderr
    assert "CUDA_INIT False" in run.stdout
    del torch
