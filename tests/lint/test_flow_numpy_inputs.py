"""Which parameters a method hands on to `.numpy()` (`flow_numpy_inputs`)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from torchplace.lint.flow_numpy_inputs import numpy_cpu_parameters


def _bound(source: str, methods: dict[str, str] | None = None) -> set[str]:
    function = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(function, ast.FunctionDef)
    return set(numpy_cpu_parameters(function, methods or {}))


def test_a_value_computed_from_the_parameter_binds_it() -> None:
    source = """
        def find(self, image, size=3):
            image = torch.tensor(image).float()
            img = self._dilate(image, size)
            diff = -torch.abs(1 - img) + 1
            return diff.numpy()
    """
    assert _bound(source) == {"image"}


@pytest.mark.parametrize(
    "source",
    [
        # moved to the CPU first
        "def find(self, image):\n    return self._dilate(image).cpu().numpy()",
        "def find(self, image):\n    out = image.to('cpu')\n    return out.numpy()",
        # `force=True` copies to the CPU itself
        "def find(self, image):\n    return image.numpy(force=True)",
        # only on one arm, or after a return that may come first
        "def find(self, image, export):\n"
        "    if export:\n"
        "        return image.numpy()\n"
        "    return image",
        "def find(self, image, early):\n"
        "    if early:\n"
        "        return image\n"
        "    return image.numpy()",
        # a caught failure
        "def find(self, image):\n"
        "    try:\n"
        "        return image.numpy()\n"
        "    except TypeError:\n"
        "        return None",
        # through a function of its own, which may move what it is handed
        "def find(self, image):\n    out = helper(image)\n    return out.numpy()",
        # another name, or the parameter only as an argument that is not the data
        "def find(self, image):\n    sizes = torch.tensor([1, 2])\n    return image, sizes.numpy()",
        "def find(self, image, size):\n"
        "    out = torch.zeros(3).view(size)\n"
        "    return image, out.numpy()",
        # in a lambda, run later or not at all
        "def find(self, image):\n    later = lambda: image.numpy()\n    return later",
    ],
)
def test_no_binding(source: str) -> None:
    assert _bound(source) == set()


def test_a_method_that_moves_what_it_is_handed_ends_the_chain() -> None:
    source = "def find(self, image):\n    out = self.run(image)\n    return out.numpy()"
    assert (
        _bound(source, {"run": "def run(self, x):\n    return self.net(x.cuda()).cpu()"}) == set()
    )
    assert _bound(source, {"run": "def run(self, x):\n    return self.net(x)"}) == {"image"}


def test_a_with_body_runs() -> None:
    source = (
        "def find(self, image):\n"
        "    with torch.no_grad():\n"
        "        out = image * 2\n"
        "        return out.numpy()"
    )
    assert _bound(source) == {"image"}


@pytest.mark.parametrize(
    "source",
    [
        # a copy moved on one arm (the `.numpy()` may read it)
        "def forward(self, x):\n"
        "    logits = self.fc(x)\n"
        "    if logits.is_cuda:\n"
        "        probs = logits.softmax(-1).cpu()\n"
        "    else:\n"
        "        probs = logits.softmax(-1)\n"
        "    self.history.append(probs.detach().numpy())\n"
        "    return logits",
        # a copy moved before the `.numpy()`
        "def forward(self, x):\n"
        "    feats = x.detach()\n"
        "    feats = feats.cpu()\n"
        "    self.cache = feats.numpy()\n"
        "    return x",
        # the parameter itself moved
        "def forward(self, x):\n    x = x.cpu()\n    return x.numpy()",
    ],
)
def test_a_moved_name_carries_nothing(source: str) -> None:
    assert _bound(source) == set()
