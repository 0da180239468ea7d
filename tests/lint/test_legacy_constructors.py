"""Legacy constructors given `device=`: TPL904 raises them, and the device flow does not take
them for CPU-made tensors, whichever rules run beside it (the candidate lines say the same)."""

from __future__ import annotations

from torchplace.lint import LintConfig, lint_source

# Stark's DiMP tracker (`pytracking/tracker/dimp/dimp.py`): the step lengths asked for the
# params' device, then met with GPU boxes in the refinement loop. TPL204 runs on the file for
# the factory in `visualize`; `optimize_boxes` is kept for the flow only when a rule whose
# candidate is `Tensor(` runs too.
_REFINE = """
import torch


class DiMP:
    def optimize_boxes(self, iou_features, init_boxes):
        output_boxes = init_boxes.view(1, -1, 4).to(self.params.device)
        step_length = self.params.box_refinement_step_length
        if isinstance(step_length, (tuple, list)):
            step_length = torch.Tensor(
                [step_length[0], step_length[0], step_length[1], step_length[1]],
                device=self.params.device,
            ).view(1, 1, 4)
        for _ in range(self.params.box_refinement_iter):
            bb_init = output_boxes.clone().detach()
            output_boxes = bb_init + step_length * bb_init
        return output_boxes

    def visualize(self, center_box):
        # a factory without `device=` elsewhere in the file: TPL204 runs on it
        grid = torch.zeros(1, 8, 4)
        return (center_box + grid).to(self.params.device)
"""


def _lines(select: tuple[str, ...], code: str) -> list[int]:
    findings = lint_source(_REFINE, "dimp.py", LintConfig(select=select))
    return sorted(f.line for f in findings if f.code == code)


def test_a_legacy_constructor_given_a_device_is_not_cpu_made() -> None:
    # Another rule's candidate on the line (TPL904's, TPL903's `Tensor(`) keeps the function
    # for the flow; the flow must not then call the tensor "made on the CPU without device=".
    assert _lines(("TPL204",), "TPL204") == []
    assert _lines(("TPL204", "TPL903"), "TPL204") == []
    assert _lines(("TPL204", "TPL904", "TPL903"), "TPL204") == []


def test_the_constructor_given_a_device_is_raised_by_tpl211() -> None:
    assert _lines(("TPL904",), "TPL904") == [10]
    assert _lines(("TPL204", "TPL904", "TPL903"), "TPL904") == [10]
