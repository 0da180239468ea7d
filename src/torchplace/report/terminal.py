"""Make text from untrusted sources (logs, file names, configs) safe to print on a terminal.

A log pasted by a user or a file name in a cloned tree can hold escape sequences that set the
window title, write to the clipboard (OSC 52), switch to the alternate screen or hide text.
Every text format escapes them before printing, the way `ls` and `git` quote odd names: the
reader sees ``\\x1b]0;...`` instead of having their terminal driven by the input.
"""

from __future__ import annotations

import re

# C0 controls except tab and newline, DEL, and the C1 range (which some terminals treat as
# escape introducers: U+009B is a one-character CSI). Bidirectional overrides are included
# because they reorder what a reader sees (the "Trojan Source" trick).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape_one(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """`text` with every control character except tab and newline written as an escape.

    Runs in time linear in the text; text without control characters is returned as it came.
    """
    return _CONTROL.sub(_escape_one, text)


def escape_line(text: str) -> str:
    """Like :func:`escape_controls`, but a newline is escaped too: for one-line fields."""
    return escape_controls(text).replace("\n", "\\n")
