"""What an import runs at import time, read from disk: `torchplace.lint.import_cuda`."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint.import_cuda import import_starts_no_cuda, imports_before_start_no_cuda


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_module_whose_import_time_code_starts_no_cuda(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/util.py": (
                "import torch\n"
                "DEVICE = torch.device('cuda')  # names a device, starts nothing\n"
                "def warm():\n    torch.cuda.synchronize()\n"
                "class Net:\n    def forward(self, x):\n        return x.cuda()\n"
            ),
            "pkg/run.py": "",
        },
    )
    assert import_starts_no_cuda(str(root / "pkg/run.py"), "pkg.util")
    assert import_starts_no_cuda(str(root / "pkg/run.py"), "util", level=1)


def test_module_level_cuda_call_through_an_import_chain(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/models.py": "from pkg.kernels import fused\n",
            "pkg/kernels/__init__.py": "from . import fused\n",
            "pkg/kernels/fused.py": (
                "import torch\ntry:\n    HAS_GPU = torch.cuda.is_available()\nexcept Exception:\n"
                "    HAS_GPU = False\n"
            ),
            "pkg/run.py": "",
        },
    )
    assert not import_starts_no_cuda(str(root / "pkg/run.py"), "pkg.models")


def test_an_import_of_sibling_modules_runs_only_those_modules(tmp_path: Path) -> None:
    # mdt's sampler: `from . import utils` runs `utils.py`; its package ran already.
    files = {
        "pkg/__init__.py": "",
        "pkg/models/__init__.py": "",
        "pkg/models/sampling.py": "from . import utils\nfrom .. import common\n",
        "pkg/models/utils.py": "import torch\n",
        "pkg/common.py": "X = 1\n",
        "pkg/run.py": "",
    }
    root = _project(tmp_path / "quiet", files)
    assert import_starts_no_cuda(str(root / "pkg/run.py"), "pkg.models.sampling")
    starting = {**files, "pkg/models/utils.py": "import torch\nN = torch.cuda.is_available()\n"}
    root = _project(tmp_path / "starting", starting)
    assert not import_starts_no_cuda(str(root / "pkg/run.py"), "pkg.models.sampling")


def test_class_body_and_parent_package_run_at_import(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "pkg/__init__.py": "import torch\nREADY = torch.cuda.is_available()\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/clean.py": "",
            "pkg/sub/table.py": "import torch\nclass T:\n    ONES = torch.ones(2, device='cuda')\n",
            "pkg/sub/run.py": "",
        },
    )
    run = str(root / "pkg/sub/run.py")
    assert not import_starts_no_cuda(run, "pkg.sub.clean")  # runs pkg/__init__.py first
    assert not import_starts_no_cuda(run, "table", level=1)


def test_missing_project_module_may_start_cuda(tmp_path: Path) -> None:
    root = _project(tmp_path, {"pkg/__init__.py": "from .absent import x\n", "pkg/run.py": ""})
    assert not import_starts_no_cuda(str(root / "pkg/run.py"), "pkg")
    assert not import_starts_no_cuda(str(root / "pkg/run.py"), "gone", level=1)


def test_other_distributions_are_not_followed(tmp_path: Path) -> None:
    root = _project(tmp_path, {"pkg/__init__.py": "", "pkg/run.py": ""})
    assert import_starts_no_cuda(str(root / "pkg/run.py"), "transformers")


def test_imports_before_a_line(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/quiet.py": "import torch\n",
            "app/loud.py": "import torch\ntorch.cuda.init()\n",
            "app/main.py": (
                "import os\nimport torch\nfrom app.quiet import x\n"
                "os.environ['CUDA_VISIBLE_DEVICES'] = '1'\nfrom app.loud import y\n"
            ),
        },
    )
    main = str(root / "app/main.py")
    assert imports_before_start_no_cuda(main, 4)
    assert not imports_before_start_no_cuda(main, 6)
    assert not imports_before_start_no_cuda(str(root / "app/absent.py"), 4)


def test_a_main_block_runs_only_as_the_script_but_its_else_runs_on_import(
    tmp_path: Path,
) -> None:
    # openseg.pytorch's base_oc_block: a GPU self-test under `__main__`, never run on import.
    selftest = "import torch\nif __name__ == '__main__':\n    x = torch.randn(2).cuda()\n"
    reversed_test = selftest.replace("__name__ == '__main__'", "'__main__' == __name__")
    with_else = selftest + "else:\n    READY = torch.cuda.is_available()\n"
    other_test = selftest.replace("__name__ == '__main__'", "__name__ != 'x'")
    root = _project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/selftest.py": selftest,
            "pkg/reversed_test.py": reversed_test,
            "pkg/with_else.py": with_else,
            "pkg/other_test.py": other_test,
            "pkg/run.py": "",
        },
    )
    run = str(root / "pkg/run.py")
    assert import_starts_no_cuda(run, "pkg.selftest")
    assert import_starts_no_cuda(run, "pkg.reversed_test")
    assert not import_starts_no_cuda(run, "pkg.with_else")
    assert not import_starts_no_cuda(run, "pkg.other_test")


def test_tpl404_leaves_a_write_after_importing_a_module_with_a_gpu_self_test(
    tmp_path: Path,
) -> None:
    from torchplace.lint import LintConfig
    from torchplace.lint.runner import run

    block = "import torch\nif __name__ == '__main__':\n    x = torch.randn(2).cuda()\n"
    script = (
        "import os\nimport torch\nfrom pkg.block import x\n\n"
        "if __name__ == '__main__':\n    os.environ['CUDA_VISIBLE_DEVICES'] = '0'\n"
        "    torch.randn(2).cuda()\n"
    )
    config = LintConfig(select=("TPL404",), preview=True)
    for name, text, found in (
        ("self_test", block, []),
        ("at_import", "import torch\nREADY = torch.cuda.is_available()\n", [6]),
    ):
        root = _project(
            tmp_path / name,
            {"setup.py": "", "pkg/__init__.py": "", "pkg/block.py": text, "pkg/run.py": script},
        )
        findings = run([str(root / "pkg/run.py")], config, cache_dir=None, jobs=1).findings
        assert [f.line for f in findings if f.code == "TPL404"] == found, name
