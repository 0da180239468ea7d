"""Directories many unrelated files share, which a project root is never taken to be.

Without a packaging file or a `.git` around it, a file's project is the top of the Python tree
holding it (`project_facts`): the linter climbs while the parent directory holds Python files.
A file in a busy scratch place (`/tmp/check.py` beside hundreds of other people's scripts,
`~/train.py` in a home directory that holds a dotfiles `.git`) would then make that whole place
one project, read for every project fact: seconds to minutes of reading code that has nothing
to do with the file, and facts (a binding, a launch, a save) taken from strangers' scripts.
So the climb, and the search for a project marker, stop below these directories: the
filesystem root, the user's home directory and every directory above it, and the system's
temporary directories (`tempfile.gettempdir()`, `/tmp`, `/var/tmp`), by their own paths or
through links to them. A file lying directly in one of them is a project of its own, even
beside a stray `__init__.py`; so is each file of a repository checked out as the home
directory itself (its `.git` is read as a dotfiles checkout's).
"""

from __future__ import annotations

import functools
import os
import tempfile


@functools.cache
def _shared() -> frozenset[str]:
    places = {os.path.abspath(os.sep), "/tmp", "/var/tmp"}
    for temporary in (tempfile.gettempdir(), "/tmp", "/var/tmp"):
        places.add(os.path.abspath(temporary))
        places.add(os.path.realpath(temporary))
    home = os.path.expanduser("~")
    if home != "~":
        for spelled in {os.path.abspath(home), os.path.realpath(home)}:
            current = spelled
            while True:  # the home directory and each directory above it (`/home`)
                places.add(current)
                parent = os.path.dirname(current)
                if parent == current:
                    break
                current = parent
    return frozenset(places)


def is_shared_directory(directory: str) -> bool:
    """`directory` (an absolute path) is a place many unrelated files share, by its own path
    or through links (`~/scratch -> /tmp`, `//tmp`)."""
    shared = _shared()
    return directory in shared or os.path.realpath(directory) in shared
