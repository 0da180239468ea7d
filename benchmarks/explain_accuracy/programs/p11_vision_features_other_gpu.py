"""Image features from a vision tower on cuda:0 merged into text embeddings on cuda:1.

Modelled on huggingface/accelerate#2847 (InstructBLIP with `device_map="auto"` fails in
generate) and haotian-liu/LLaVA#1050 (multi-GPU inference broken with LLaVA 1.6).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:0", "cuda:1"],
    "module": None,
    "pattern": "vision-features-on-other-gpu",
}


class VisionTower(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.patch_embed = nn.Conv2d(3, 16, kernel_size=4, stride=4)

    def forward(self, pixel_values: torch.Tensor) -> torch.Tensor:
        return self.patch_embed(pixel_values).flatten(2).transpose(1, 2)


class Llava(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.vision_tower = VisionTower()
        self.multi_modal_projector = nn.Linear(16, 16)
        self.embed_tokens = nn.Embedding(100, 16)
        self.lm_head = nn.Linear(16, 100)

    def forward(self, input_ids: torch.Tensor, pixel_values: torch.Tensor) -> torch.Tensor:
        image_features = self.multi_modal_projector(self.vision_tower(pixel_values))
        inputs_embeds = self.embed_tokens(input_ids)
        inputs_embeds = torch.cat([image_features, inputs_embeds], dim=1)  # <- fails here
        return self.lm_head(inputs_embeds)


if __name__ == "__main__":
    model = Llava()
    model.vision_tower.to("cuda:0")
    model.multi_modal_projector.to("cuda:0")
    model.embed_tokens.to("cuda:1")
    model.lm_head.to("cuda:1")
    with torch.no_grad():
        model(
            torch.randint(0, 100, (1, 5), device="cuda:1"),
            torch.randn(1, 3, 16, 16, device="cuda:0"),
        )
