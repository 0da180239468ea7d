"""Whether a file is an archived copy: code a project keeps in a folder of old copies, that
nothing of the project runs.

Research repositories keep dated copies of their scripts beside the live ones
(`backups/analysis_v4_20221023.py`, `code_save/sample_ddp_save.py`, `_legacy/MagicPoint/
train.py`). The copy holds the device code of the script it was taken from, so its findings
repeat the live file's or lie in code the project has left: its imports no longer resolve
from where it lies, and its launch texts name old paths.

A folder between the project's root and the file is read as such a store of copies when:

- its name says so (:data:`ARCHIVE_FOLDERS`): a name that says "copy" and nothing else
  (`code_save`, `_legacy`, `_old`, `old_versions`) is enough alone; a plain word that may
  also name live code (`backup`, `backups`, `archive`, `trash`: a backup tool, a Django app)
  needs most of the folder's modules to be copies of files outside it, by their names
  (`train.py` outside for `backup/train.py`, `sample_ddp.py` for `sample_ddp_save.py`,
  `analysis.py` for `analysis_20221023.py`). Not `legacy/`, `old/` or `deprecated/`, where
  libraries keep live, importable code;
- and the project gives no sign of running what it holds: no launch text outside it runs one
  of its files (nor a launch whose script cannot be read), and no text outside it (code,
  configuration, notebook, launch text) names the folder or cannot be read. Code outside
  that imports a module of the folder names it (`from code_save.utils import`, `import
  _legacy`, `sys.path.insert(0, "backups")`), and so does a Hydra `_target_`, a `runpy` path
  or a `cd backups` before a launch;
- and it is no package of a project that may be installed (a packaging file at the root, or
  a tree that is no git checkout): users may import that from outside;
- and the user did not ask for it: a path given to the linter inside the folder (or the
  folder itself) is linted as any code.

The decision is made once a folder, for all its files. Every path is compared after
resolving symbolic links.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.launch_commands import LaunchIndex

#: Folder names that say "kept copies" and nothing else.
COPY_FOLDERS = frozenset(
    {
        "_backup",
        "_backups",
        "_bak",
        "code_backup",
        "code_backups",
        "code_bak",
        "backup_code",
        "code_save",
        "code_saved",
        "saved_code",
        "_archive",
        "_archived",
        "_legacy",
        "_old",
        "_obsolete",
        "_trash",
        "old_code",
        "old_codes",
        "old_scripts",
        "old_version",
        "old_versions",
    }
)

#: Plain words that name kept copies in research code, and live code elsewhere (a backup tool,
#: a Django `archive` app): read as copies only when the folder's modules are copies by name.
WORD_FOLDERS = frozenset(
    {"backup", "backups", "bak", "archive", "archives", "archived", "attic", "obsolete", "trash"}
)

ARCHIVE_FOLDERS = COPY_FOLDERS | WORD_FOLDERS

#: What a copy's name adds to its original's: a date, a version mark, a word saying copy.
_COPY_SUFFIX = re.compile(
    r"(?:[ _.-](?:\d{6,8}|\d{4}[_-]\d{2}[_-]\d{2}|old|bak|backup|copy|save|saved|orig|original"
    r"|prev|previous|archived?|\(\d+\)))+$",
    re.IGNORECASE,
)


def archive_folder(relative: str) -> str | None:
    """The outermost folder of `relative` (a file's path from its project's root, `/` or `\\`
    separated) named as an archive, as a `/` path from the same root; None when no folder
    above the file is one."""
    parts = re.split(r"[\\/]", relative)[:-1]
    if parts and parts[0] == "..":
        return None  # not under the root
    for index, part in enumerate(parts):
        if part.lower() in ARCHIVE_FOLDERS:
            return "/".join(parts[: index + 1])
    return None


def original_name(stem: str) -> str:
    """The name of the file a copy named `stem` was taken from: `stem` less the dates,
    versions and words a copy's name adds (`train_20221023` -> `train`)."""
    return _COPY_SUFFIX.sub("", stem).lower()


def _lies_within(path: str, folder: str) -> bool:
    return path.startswith(folder + os.sep)


class ArchivedCopies:
    """The archive folders of one launch root, each read once (module docstring)."""

    def __init__(
        self,
        launches: LaunchIndex,
        *,
        installable: bool,
        asked: Collection[str],
        max_file_bytes: int,
        read: Callable[[str], bytes | None] | None = None,
    ) -> None:
        self.launches = launches
        self.root = os.path.realpath(launches.root)
        self.installable = installable
        self.asked = [os.path.realpath(path) for path in asked]
        self.max_file_bytes = max_file_bytes
        self._read_file = read or (lambda path: read_regular_file(Path(path), max_file_bytes))
        self._folders: dict[str, bool] = {}

    def holds(self, path: str) -> bool:
        """Whether `path` lies in a store of copies nothing of the project runs."""
        real = os.path.realpath(path)
        folder = archive_folder(os.path.relpath(real, self.root))
        if folder is None:
            return False
        if folder not in self._folders:
            self._folders[folder] = self._holds_copies(os.path.join(self.root, folder))
        return self._folders[folder]

    def _holds_copies(self, archive: str) -> bool:
        if any(a == archive or _lies_within(a, archive) for a in self.asked):
            return False  # the user asked for this code by name
        if not self.launches.python_files:
            return False  # the project's files were not listed: what runs them is unknown
        files = [(f, os.path.realpath(f)) for f in self.launches.python_files]
        inside = [(f, real) for f, real in files if _lies_within(real, archive)]
        if not inside:
            return False
        if self.installable and any(Path(real).name == "__init__.py" for _, real in inside):
            return False  # a package its users may import
        if self.launches.unread_spanning is not None:
            return False  # a launch whose script cannot be read may run any file
        for path, _ in inside:
            for launch in self.launches.launches_of(path):
                if not _lies_within(os.path.join(self.root, launch.path), archive):
                    return False
            unread = self.launches.unread_several_gpus(path)
            if unread is not None and not _lies_within(
                os.path.join(self.root, unread.path), archive
            ):
                return False
        name = os.path.basename(archive)
        if self._named_outside(archive, name):
            return False
        if name.lower() in WORD_FOLDERS:
            return self._mostly_copies(archive, [real for _, real in inside], files)
        return True

    def _named_outside(self, archive: str, name: str) -> bool:
        """A text of the project outside the folder (code, configuration, notebook, launch
        text) names it (`from archive.nets import`, `sys.path.insert(0, "_legacy")`, `cd
        backups`), or cannot be read: it may run what the folder holds."""
        word = re.compile(rb"(?<![\w-])" + re.escape(name.encode()) + rb"(?![\w-])", re.IGNORECASE)
        texts = [
            *self.launches.python_files,
            *(self.launches.config_files or ()),
            *self.launches.text_files,
        ]
        for text in texts:
            if _lies_within(os.path.realpath(text), archive):
                continue
            data = self._read_file(text)
            if data is None or word.search(data) is not None:
                return True
        return self.launches.config_files is None  # the tree's configurations were not read

    @staticmethod
    def _mostly_copies(archive: str, inside: list[str], files: list[tuple[str, str]]) -> bool:
        """At least half the folder's modules (less `__init__.py`) are named as copies of a
        Python file outside it (`original_name`)."""
        outside = {Path(real).stem.lower() for _, real in files if not _lies_within(real, archive)}
        modules = [Path(real).stem for real in inside if Path(real).name != "__init__.py"]
        copies = sum(original_name(stem) in outside for stem in modules)
        return bool(modules) and 2 * copies >= len(modules)
