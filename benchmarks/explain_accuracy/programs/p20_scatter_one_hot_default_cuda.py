"""A one-hot buffer made with `device="cuda"` (cuda:0) scattered with labels on cuda:1.

Modelled on zhongyy/Face-Transformer#37 ("cuda:0 and cuda:1! (when checking argument for
argument index in method wrapper_CUDA_scatter__value)") in an ArcFace-style head.
"""

import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    "devices": ["cuda:0", "cuda:1"],
    "module": "head",
    "pattern": "hardcoded-cuda-device",
}


class ArcFaceHead(nn.Module):
    def __init__(self, dim: int = 16, classes: int = 10) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(classes, dim))

    def forward(self, x: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
        cosine = F.linear(F.normalize(x), F.normalize(self.weight))
        one_hot = torch.zeros(cosine.size(), device="cuda")
        one_hot.scatter_(1, label.view(-1, 1).long(), 1)  # <- fails here
        return one_hot * cosine


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.backbone = nn.Linear(8, 16)
        self.head = ArcFaceHead()

    def forward(self, x: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
        return self.head(self.backbone(x), label)


if __name__ == "__main__":
    net = Net().to("cuda:1")
    with torch.no_grad():
        net(torch.randn(4, 8, device="cuda:1"), torch.randint(0, 10, (4,), device="cuda:1"))
