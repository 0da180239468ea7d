"""`import torchplace` and `torchplace lint` must never import torch (nor transformers)."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _modules_after(code: str) -> set[str]:
    probe = textwrap.dedent(code) + "\nimport sys\nprint(' '.join(sorted(sys.modules)))\n"
    output = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return set(output.split())


def test_import_torchplace_does_not_import_torch() -> None:
    modules = _modules_after("import torchplace; torchplace.__version__")
    assert "torch" not in modules


def test_lint_run_does_not_import_torch(tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "serve.py"
    target.write_text("import torch\nx = torch.zeros(1).cuda()\n", encoding="utf-8")
    modules = _modules_after(
        f"""
        from torchplace.cli import main
        code = main(["lint", "--no-cache", "-q", "--preview", {str(target)!r}])
        assert code == 1, code
        """
    )
    assert "torch" not in modules
    assert "transformers" not in modules
