"""The one memory-size parser that sim and preflight share."""

from __future__ import annotations

import pytest

from torchplace.sizes import parse_size


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("141GiB", 141 * 2**30),
        ("80 GB", 80 * 10**9),
        ("81920MiB", 81920 * 2**20),
        ("1.5gib", int(1.5 * 2**30)),
        (4096, 4096),
        ("512", 512),
    ],
)
def test_sizes(text: str | int, expected: int) -> None:
    assert parse_size(text) == expected


@pytest.mark.parametrize("text", ["141 GiBs", "lots", "", "-1GiB", "0"])
def test_bad_sizes_say_how_to_write_one(text: str) -> None:
    with pytest.raises(ValueError, match=r"memory size|more than zero"):
        parse_size(text)


def test_zero_only_where_allowed() -> None:
    assert parse_size("0", allow_zero=True) == 0
