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
  needs at least half of the folder's modules to be named as copies of files outside it
  (`train.py` outside for `backup/train.py`, `analysis.py` for `analysis_20221023.py`),
  counting no module of a name every project has (`utils.py`, `config.py`,
  `__init__.py`). Not `legacy/`, `old/` or `deprecated/`, where libraries keep live code;
- and the project gives no sign of running what it holds: no launch text outside it runs one
  of its files (nor a launch whose script cannot be read), and no file outside it names the
  folder or cannot be read. Every file under the root is searched for the name (code,
  configurations, notebooks, launch texts, a `Makefile`, a `Dockerfile`, CI workflows under
  `.github/`; files too large to read or holding NUL bytes are data, not read): code that
  imports a module of the folder names it (`from code_save.utils import`, `import
  _legacy`, `sys.path.insert(0, "backups")`), and so do a Hydra `_target_`, a `runpy`
  path, a `cd backups` before a launch or a `make` target running one of its scripts. A
  file outside the folder that is a link into it is live code of its own;
- and it is no package of a project that may be installed (a packaging file at the root, or
  a tree that is no git checkout): a folder holding an `__init__.py`, or inside a package
  (a namespace package then), may be imported by its users;
- and the project's root is the top of its checkout (no `.git` above it: texts of an
  outer repository are not read here);
- and the user did not ask for it: a path given to the linter inside the folder (or the
  folder itself) is linted as any code.

The decision is made once a folder, for all its files, and the project's files are listed,
resolved and searched once a root. Every path is compared after resolving symbolic links.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection
from pathlib import Path

from torchplace.lint.launch_commands import LAUNCH_TEXT_SUFFIXES, LaunchIndex
from torchplace.lint.shared_directories import is_shared_directory

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

#: What a copy's name adds to its original's: a date (`20221023`, `221023`, `2022-10-23`), or
#: a word saying copy.
_COPY_SUFFIX = re.compile(
    r"(?:[ _.-](?:(?:19|20)?\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"
    r"|(?:19|20)\d{2}[_-]\d{2}[_-]\d{2}|old|bak|backup|copy|orig|\(\d+\)))+$",
    re.IGNORECASE,
)

#: Module names most projects have: a file of one of these names outside the folder says
#: nothing of whether the folder's file is its copy.
_EVERY_PROJECT = frozenset(
    {
        "__init__",
        "__main__",
        "utils",
        "util",
        "helpers",
        "common",
        "config",
        "configs",
        "settings",
        "constants",
        "setup",
        "main",
    }
)

#: Folders never searched: a repository's own store, caches and installed environments.
_NOT_SEARCHED = frozenset(
    {".git", ".hg", ".svn", "node_modules", "__pycache__", "site-packages", "dist-packages"}
)

#: Files listed for one root at most: past this, what names a folder is unknown.
MAX_SEARCHED = 50_000


def archive_folder(relative: str) -> str | None:
    """The outermost folder of `relative` (a file's path, `/` or `\\` separated) named as an
    archive, as a `/` path; None when no folder above the file is one. Given a path from the
    project's root, the folder is from that root; given an absolute path, it says whether any
    folder above the file bears such a name."""
    parts = re.split(r"[\\/]", relative)[:-1]
    if parts and parts[0] == "..":
        return None  # not under the root
    for index, part in enumerate(parts):
        if part.lower() in ARCHIVE_FOLDERS:
            return "/".join(parts[: index + 1])
    return None


def original_name(stem: str) -> str:
    """The name of the file a copy named `stem` was taken from: `stem` less the dates and
    words a copy's name adds (`train_20221023` -> `train`, `train_old` -> `train`)."""
    return _COPY_SUFFIX.sub("", stem).lower()


def _key(path: str) -> str:
    """A path as compared here: links resolved, case folded where the disk folds it."""
    return os.path.normcase(os.path.realpath(path))


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
        read: Callable[[str], bytes | None],
    ) -> None:
        self.launches = launches
        self.root = _key(launches.root)
        self.installable = installable
        self.asked = [_key(path) for path in asked]
        self.max_file_bytes = max_file_bytes
        self._read = read
        self._folders: dict[str, bool] = {}
        #: The Python files as listed and resolved; the texts naming each archive name.
        self._files: list[tuple[str, str]] | None = None
        self._naming: dict[str, list[str]] | None = None

    def holds(self, path: str) -> bool:
        """Whether `path` lies in a store of copies nothing of the project runs."""
        real = _key(path)
        try:
            relative = os.path.relpath(real, self.root)
        except ValueError:  # another drive: not under the root
            return False
        folder = archive_folder(relative)
        if folder is None:
            return False
        if folder not in self._folders:
            archive = os.path.join(self.root, *folder.split("/"))
            self._folders[folder] = self._holds_copies(archive)
        return self._folders[folder]

    def _holds_copies(self, archive: str) -> bool:
        if any(a == archive or _lies_within(a, archive) for a in self.asked):
            return False  # the user asked for this code by name
        if not self.launches.python_files or _below_a_checkout(self.root):
            return False  # the project's files were not listed, or its texts lie above it
        files = self._python_files()
        inside = [(f, real) for f, real in files if _lies_within(real, archive)]
        if any(not _lies_within(self._where(f), archive) for f, _ in inside):
            return False  # a file outside that is a link into the folder: live code
        if self.installable and self._importable(archive, [real for _, real in inside]):
            return False
        for path, _ in inside:
            if self._launched_from_outside(path, archive):
                return False
        name = os.path.basename(archive).lower()
        if any(not _lies_within(text, archive) for text in self._texts_naming(name)):
            return False
        if name in WORD_FOLDERS:
            return _mostly_copies(archive, [real for _, real in inside], files)
        return True

    def _where(self, path: str) -> str:
        """Where `path` lies in the tree itself (its links not followed), under the resolved
        root."""
        top = os.path.abspath(self.launches.root)
        return os.path.normcase(
            os.path.join(self.root, os.path.relpath(os.path.abspath(path), top))
        )

    def _python_files(self) -> list[tuple[str, str]]:
        if self._files is None:
            self._files = [(f, _key(f)) for f in self.launches.python_files]
        return self._files

    def _importable(self, archive: str, inside: list[str]) -> bool:
        """In a project that may be installed: the folder holds a package, or lies inside one
        (its modules are then a namespace package's)."""
        if any(Path(real).name == "__init__.py" for real in inside):
            return True
        parent = os.path.dirname(archive)
        while parent == self.root or _lies_within(parent, self.root):
            if os.path.isfile(os.path.join(parent, "__init__.py")):
                return True
            if parent == self.root:
                return False
            parent = os.path.dirname(parent)
        return False

    def _launched_from_outside(self, path: str, archive: str) -> bool:
        """A launch written outside the folder runs `path`, or one whose script cannot be read
        may (`python $SCRIPT`)."""
        written = [*self.launches.launches_of(path), self.launches.unread_several_gpus(path)]
        if self.launches.unread_spanning is not None:
            written.append(self.launches.unread_spanning)
        return any(
            launch is not None
            and not _lies_within(_key(os.path.join(self.root, launch.path)), archive)
            for launch in written
        )

    def _texts_naming(self, name: str) -> list[str]:
        """The files under the root (resolved) whose text names `name` as a word, or that
        cannot be read (they may): searched once a root, for every archive name at once."""
        if self._naming is None:
            self._naming = self._search()
        return self._naming.get(name, [])

    def _search(self) -> dict[str, list[str]]:
        names = sorted(ARCHIVE_FOLDERS, key=len, reverse=True)
        word = re.compile(
            rb"(?<![\w-])(" + b"|".join(re.escape(n.encode()) for n in names) + rb")(?![\w-])",
            re.IGNORECASE,
        )
        naming: dict[str, list[str]] = {}
        unread: list[str] = []
        seen = 0
        for directory, subdirectories, files in os.walk(self.root):
            subdirectories[:] = [d for d in subdirectories if d not in _NOT_SEARCHED]
            for file in files:
                seen += 1
                path = os.path.join(directory, file)
                if os.path.islink(path):
                    continue  # its target lies in the tree (searched there) or outside it
                try:
                    size = os.path.getsize(path)
                except OSError:
                    unread.append(_key(path))
                    continue
                if size > self.max_file_bytes:
                    if file.endswith((".py", *LAUNCH_TEXT_SUFFIXES)):
                        unread.append(_key(path))  # code or a launch text not read: may name it
                    continue  # else data, not a text that runs code
                data = self._read(path)
                if data is None:
                    unread.append(_key(path))
                    continue
                if b"\0" in data[:8192]:
                    continue  # binary
                for found in {m.group(1).lower() for m in word.finditer(data)}:
                    naming.setdefault(found.decode(), []).append(_key(path))
            if seen > MAX_SEARCHED:
                return {n: [self.root + os.sep] for n in ARCHIVE_FOLDERS}  # unknown: any
        for name in ARCHIVE_FOLDERS:
            if unread:
                naming.setdefault(name, []).extend(unread)
        return naming


def _below_a_checkout(root: str) -> bool:
    """A `.git` lies in a folder above `root`: the root is a project inside a repository whose
    other texts (its launch scripts, its CI) may run this one's files."""
    parent = os.path.dirname(root)
    while True:
        if is_shared_directory(parent):
            return False  # a dotfiles `.git` above (a home, `/tmp`) holds no checkout of this
        if os.path.lexists(os.path.join(parent, ".git")):
            return True
        if parent == os.path.dirname(parent):
            return False
        parent = os.path.dirname(parent)


def _mostly_copies(archive: str, inside: list[str], files: list[tuple[str, str]]) -> bool:
    """At least half the folder's modules, counting none of a name every project has, are
    named as copies of a Python file outside it (`original_name`)."""
    outside = {Path(real).stem.lower() for _, real in files if not _lies_within(real, archive)}
    modules = [
        original_name(Path(real).stem)
        for real in inside
        if original_name(Path(real).stem) not in _EVERY_PROJECT
    ]
    copies = sum(module in outside for module in modules)
    return bool(modules) and 2 * copies >= len(modules)
