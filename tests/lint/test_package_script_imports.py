"""A package's file that runs as a script imports a neighbour by an absolute name found
nowhere else (`project_modules._package_script`): LLM-Blender's `gen_fuser/fuse_infer.py`
imports `model_utils` from beside it. A module of the package that only defines imports the
installed library of that name (`from datasets import load_dataset`), not a `datasets.py`
beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint.project_modules import resolve_imports


@pytest.mark.parametrize(
    ("importer", "found"),
    [
        ("from datasets import load_dataset\n\n\nmain()\n", True),
        ('from datasets import load_dataset\n\nif __name__ == "__main__":\n    main()\n', True),
        ("from datasets import load_dataset\n\n\ndef build():\n    return load_dataset()\n", False),
    ],
)
def test_a_neighbour_is_imported_only_by_a_package_file_run_as_a_script(
    tmp_path: Path, importer: str, found: bool
) -> None:
    package = tmp_path / "mylib" / "data"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "datasets.py").write_text("def load_dataset():\n    pass\n", encoding="utf-8")
    (package / "builder.py").write_text(importer, encoding="utf-8")
    resolved = resolve_imports(str(package / "builder.py"), [("datasets", 0)], str(tmp_path))
    assert resolved == ([package / "datasets.py"] if found else [])
