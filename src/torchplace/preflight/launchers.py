"""torchrun and DeepSpeed launcher options: the ones the checks read, from their own parsers.

Names and defaults follow `torch.distributed.run.get_args_parser` (torch 2.13) and
`deepspeed.launcher.runner.parse_args` (DeepSpeed 0.19). Options end at the first positional
argument, the script (or module with `-m` / `--module`); everything after it is the script's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from torchplace.preflight.errors import PreflightInputError

_TORCHRUN_VALUES = {
    "--nnodes": "nnodes",
    "--nproc-per-node": "nproc_per_node",
    "--node-rank": "node_rank",
    "--master-addr": "master_addr",
    "--master-port": "master_port",
    "--rdzv-backend": "rdzv_backend",
    "--rdzv-endpoint": "rdzv_endpoint",
    "--rdzv-id": "rdzv_id",
    "--rdzv-conf": "rdzv_conf",
    "--max-restarts": "max_restarts",
    "--monitor-interval": "monitor_interval",
    "--start-method": "start_method",
    "--event-log-handler": "event_log_handler",
    "--role": "role",
    "--log-dir": "log_dir",
    "-r": "redirects",
    "--redirects": "redirects",
    "-t": "tee",
    "--tee": "tee",
    "--local-ranks-filter": "local_ranks_filter",
    "--duplicate-stdout-filters": "duplicate_stdout_filters",
    "--duplicate-stderr-filters": "duplicate_stderr_filters",
    "--local-addr": "local_addr",
    "--logs-specs": "logs_specs",
    "--numa-binding": "numa_binding",
    "--signals-to-handle": "signals_to_handle",
    "--shutdown-timeout": "shutdown_timeout",
}
_TORCHRUN_SWITCHES = {
    "--standalone": "standalone",
    "-m": "module",
    "--module": "module",
    "--no-python": "no_python",
    "--run-path": "run_path",
    "--virtual-local-rank": "virtual_local_rank",
}
_DEEPSPEED_VALUES = {
    "-H": "hostfile",
    "--hostfile": "hostfile",
    "-i": "include",
    "--include": "include",
    "-e": "exclude",
    "--exclude": "exclude",
    "--num_nodes": "num_nodes",
    "--num_gpus": "num_gpus",
    "--num_accelerators": "num_gpus",
    "--master_port": "master_port",
    "--master_addr": "master_addr",
    "--node_rank": "node_rank",
    "--launcher": "launcher",
    "--launcher_args": "launcher_args",
    "--enable_each_rank_log": "enable_each_rank_log",
    "--autotuning": "autotuning",
    "--bind_core_list": "bind_core_list",
    "--ssh_port": "ssh_port",
    "--venv_script": "venv_script",
    "--log_level": "log_level",
}
_DEEPSPEED_SWITCHES = {
    "--module": "module",
    "--no_python": "no_python",
    "--no_local_rank": "no_local_rank",
    "--no_ssh": "no_ssh",
    "--no_ssh_check": "no_ssh_check",
    "--force_multi": "force_multi",
    "--save_pid": "save_pid",
    "--bind_cores_to_rank": "bind_cores_to_rank",
    "-q": "quiet",
    "--quiet": "quiet",
}


@dataclass
class LauncherArgs:
    """A launcher's options, the script (or module) it starts and that script's arguments."""

    name: str
    options: dict[str, str | bool] = field(default_factory=dict)
    script: str | None = None
    script_args: list[str] = field(default_factory=list)
    passthrough: list[str] = field(default_factory=list)

    def get(self, key: str) -> str | bool | None:
        return self.options.get(key)


def parse_torchrun(args: list[str]) -> LauncherArgs:
    def norm(option: str) -> str:
        return option.replace("_", "-") if option.startswith("--") else option

    return _parse("torchrun", args, _TORCHRUN_VALUES, _TORCHRUN_SWITCHES, norm)


def parse_deepspeed(args: list[str]) -> LauncherArgs:
    return _parse("deepspeed", args, _DEEPSPEED_VALUES, _DEEPSPEED_SWITCHES, lambda o: o)


def _parse(
    name: str,
    args: list[str],
    values: dict[str, str],
    switches: dict[str, str],
    norm: object,
) -> LauncherArgs:
    assert callable(norm)
    parsed = LauncherArgs(name)
    index = 0
    while index < len(args):
        token = args[index]
        if not token.startswith("-") or token == "-":
            parsed.script, parsed.script_args = token, list(args[index + 1 :])
            return parsed
        option, has_value, inline = token.partition("=")
        option = norm(option)
        if option in switches:
            parsed.options[switches[option]] = True
        elif option in values:
            if not has_value:
                if index + 1 >= len(args):
                    raise PreflightInputError(f"{name}: argument {option}: expected one argument")
                index += 1
                inline = args[index]
            parsed.options[values[option]] = inline
        else:
            parsed.passthrough.append(token)
        index += 1
    raise PreflightInputError(
        f"{name}: no script to launch; write `{name} [options] SCRIPT.py [args]`"
    )


def int_option(parsed: LauncherArgs, key: str, default: int | None = None) -> int | None:
    """An integer option, or `default` when absent; PreflightInputError when not a number."""
    raw = parsed.get(key)
    if raw is None or isinstance(raw, bool):
        return default
    try:
        return int(raw)
    except ValueError:
        raise PreflightInputError(
            f"{parsed.name}: argument {key}: invalid int value: {raw!r}"
        ) from None
