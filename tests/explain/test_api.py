"""The public names: lazy, callable either way, and free of torch until something runs."""

from __future__ import annotations

import subprocess
import sys


def test_install_and_explain_do_not_import_torch() -> None:
    code = (
        "import sys, torchplace\n"
        "import torchplace.explain.logs\n"  # makes `torchplace.explain` the package itself
        "with torchplace.explain():\n    pass\n"
        "@torchplace.explain()\ndef f():\n    return 3\n"
        "assert f() == 3\n"
        "torchplace.install(); torchplace.install()\n"
        "assert torchplace.explain.is_installed()\n"
        "torchplace.explain.uninstall()\n"
        "print('torch' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


def test_lazy_exports_resolve() -> None:
    import torchplace
    from torchplace.explain.hooks import install

    assert torchplace.install is install
    assert callable(torchplace.explain)
