"""The one exception preflight raises for bad input (the CLI turns it into exit code 2)."""

from __future__ import annotations


class PreflightInputError(ValueError):
    """The command, a config file or an option cannot be read: say which and how to fix it."""
