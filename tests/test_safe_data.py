"""Bounded JSON / TOML / YAML loaders: same data as the stdlib and PyYAML for valid input within
the limits, one DataError (never a traceback, a hang or gigabytes) for anything else."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from torchplace import configs, safe_data
from torchplace.safe_data import DataError, Limits

SMALL = Limits(max_file_bytes=1 << 20, max_depth=8, max_nodes=2_000, max_expanded_bytes=50_000)
BOMBS = Limits(max_depth=16, max_nodes=2_000, max_expanded_bytes=10**9)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.text(
                st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
                min_size=1,
                max_size=8,
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=30,
)


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 1


@settings(max_examples=150, deadline=None)
@given(documents)
def test_valid_json_and_yaml_round_trip_within_the_limits(data: Any) -> None:
    assert safe_data.loads_json(json.dumps(data)) == data
    assert safe_data.loads_yaml(yaml.safe_dump(data)) == data


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 30))
def test_nesting_is_refused_exactly_beyond_max_depth(depth: int) -> None:
    json_text = "[" * (depth - 1) + "1" + "]" * (depth - 1)
    yaml_text = "[" * (depth - 1) + "1" + "]" * (depth - 1)
    toml_text = "a = " + "[" * (depth - 1) + "1" + "]" * (depth - 1)
    for load, text, levels in (
        (safe_data.loads_json, json_text, depth),
        (safe_data.loads_yaml, yaml_text, depth),
        (safe_data.loads_toml, toml_text, depth),  # the table itself is one more level
    ):
        too_deep = levels + (load is safe_data.loads_toml) > SMALL.max_depth
        if too_deep:
            with pytest.raises(DataError, match="nested deeper than 8 levels"):
                load(text, SMALL)
        else:
            assert _depth(load(text, SMALL)) == levels + (load is safe_data.loads_toml)


def _bomb(width: int, levels: int) -> str:
    lines = ["l0: &l0 [" + ", ".join(["x"] * width) + "]"]
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


def _expanded_nodes(width: int, levels: int) -> int:
    # Each level i is a sequence of `width` copies of level i-1; level 0 holds `width` scalars.
    per_level = [width + 1]
    for _ in range(1, levels):
        per_level.append(1 + width * per_level[-1])
    return 1 + sum(1 + n for n in per_level)  # the root mapping, each key, each value


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9))
def test_alias_expansion_is_bounded_and_counted_before_building(width: int, levels: int) -> None:
    text = _bomb(width, levels)
    started = time.perf_counter()
    if _expanded_nodes(width, levels) > BOMBS.max_nodes:
        with pytest.raises(DataError, match="expands to more than 2000 nodes"):
            safe_data.loads_yaml(text, BOMBS)
    else:
        data = safe_data.loads_yaml(text, BOMBS)
        assert len(json.dumps(data)) > 0  # serialising the expansion is as cheap as counted
    assert time.perf_counter() - started < 2.0


def test_the_600_byte_billion_laughs_is_refused_at_once() -> None:
    text = _bomb(9, 9)
    assert len(text) < 700
    started = time.perf_counter()
    with pytest.raises(DataError, match="alias bomb"):
        safe_data.loads_yaml(text)
    assert time.perf_counter() - started < 1.0


def test_merge_key_bomb_and_recursive_anchor() -> None:
    lines = ["a0: &a0 {k: v}"]
    for i in range(1, 25):
        lines.append(f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 1}]}}")
    with pytest.raises(DataError, match="expands to more than"):
        safe_data.loads_yaml("\n".join(lines))
    with pytest.raises(DataError, match="recursive alias"):
        safe_data.loads_yaml("a: &a [1, *a]\n")


def test_yaml_code_tags_are_refused() -> None:
    with pytest.raises(DataError, match="could not determine a constructor"):
        safe_data.loads_yaml("!!python/object/apply:os.system ['true']\n")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_give_data_or_one_data_error(raw: bytes) -> None:
    text = raw.decode("utf-8", errors="replace")
    for load in (safe_data.loads_json, safe_data.loads_yaml, safe_data.loads_toml):
        try:
            load(text, SMALL)
        except DataError:
            pass


def test_files_non_utf8_unreadable_fifo_too_large(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(DataError, match="is not UTF-8"):
        safe_data.load_yaml(bad)
    with pytest.raises(DataError, match="cannot read"):
        safe_data.load_json(tmp_path / "missing.json")
    fifo = tmp_path / "config.json"
    os.mkfifo(fifo)
    started = time.perf_counter()
    with pytest.raises(DataError, match="not a regular file"):
        safe_data.load_json(fifo)
    assert time.perf_counter() - started < 1.0
    big = tmp_path / "big.json"
    big.write_text("[" + "1," * 600_000 + "1]")
    with pytest.raises(DataError, match="the limit is 1048576"):
        safe_data.load_json(big, SMALL)
    bom = tmp_path / "bom.json"
    bom.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert safe_data.load_json(bom) == {"a": 1}


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_unreadable_file(tmp_path: Path) -> None:
    locked = tmp_path / "config.json"
    locked.write_text("{}")
    locked.chmod(0)
    with pytest.raises(DataError, match="cannot read"):
        safe_data.load_json(locked)


def test_configs_load_uses_the_bounded_loader(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(ValueError, match="nested deeper than 64 levels"):
        configs.load(str(tmp_path))
    (tmp_path / "config.json").write_text("{not json")
    with pytest.raises(ValueError, match="is not valid JSON"):
        configs.load(str(tmp_path))
    assert configs.load("llama-3-70b")["model_type"] == "llama"
