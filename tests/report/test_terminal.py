from torchplace.report.terminal import escape_controls, escape_line


def test_plain_text_is_unchanged() -> None:
    text = "RuntimeError: Expected all tensors to be on the same device, cuda:0 and cuda:1\n\tat x"
    assert escape_controls(text) == text


def test_osc_title_and_clipboard_sequences_are_escaped() -> None:
    hostile = "\x1b]0;pwned\x07\x1b]52;c;ZWNobyBoaQ==\x07\x1b[?1049h"
    escaped = escape_controls(hostile)
    assert "\x1b" not in escaped and "\x07" not in escaped
    assert escaped.startswith("\\x1b]0;pwned\\x07")


def test_c1_csi_and_bidi_override_are_escaped() -> None:
    assert escape_controls("a\x9b2Jb") == "a\\x9b2Jb"
    assert escape_controls("x\u202ey") == "x\\u202ey"


def test_escape_line_escapes_newlines() -> None:
    assert escape_line("a\nb\rc") == "a\\nb\\x0dc"
