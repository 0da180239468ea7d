"""`image_newline` parameter on the first GPU concatenated to image features on another.

Modelled on LLaVA-VL/LLaVA-NeXT#154 (`torch.cat((image_feature, self.model.image_newline[None]),
dim=0)`: "cuda:7 and cuda:0 ... wrapper_CUDA_cat").
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": None,
    "pattern": "vision-features-on-other-gpu",
}


class Inner(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.image_newline = nn.Parameter(torch.zeros(16))
        self.mm_projector = nn.Linear(16, 16)


class LlavaQwen(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.model = Inner()

    def prepare_inputs_labels_for_multimodal(self, image_features: torch.Tensor) -> torch.Tensor:
        new_image_features = []
        for image_feature in image_features:
            image_feature = self.model.mm_projector(image_feature)
            image_feature = torch.cat(
                (image_feature, self.model.image_newline[None]), dim=0
            )  # <- fails here
            new_image_features.append(image_feature)
        return torch.stack(new_image_features)


if __name__ == "__main__":
    model = LlavaQwen()
    model.model.mm_projector.to("cuda:1")
    # The newline embedding was loaded onto the first GPU by a hand-written device map.
    model.model.image_newline = nn.Parameter(torch.zeros(16, device="cuda:0"))
    with torch.no_grad():
        model.prepare_inputs_labels_for_multimodal(torch.randn(2, 4, 16, device="cuda:1"))
