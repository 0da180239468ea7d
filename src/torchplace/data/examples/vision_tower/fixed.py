"""Fixed twin of buggy.py: image features move to the text embeddings' device.

Expected-lint: none
Expected-run: ok
"""

import torch
from torch import nn


# What a device map for two GPUs gives this model: the vision tower first, the language model next.
PLACEMENT = {"vision": 0, "language": 1}


class VisionTower(nn.Module):
    def __init__(self, patch_dim: int, hidden: int) -> None:
        super().__init__()
        self.patch_embed = nn.Linear(patch_dim, hidden)
        self.projector = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, hidden))

    def forward(self, pixel_patches: torch.Tensor) -> torch.Tensor:
        return self.projector(self.patch_embed(pixel_patches))


class LanguageModel(nn.Module):
    def __init__(self, vocab: int, hidden: int) -> None:
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, hidden)
        self.block = nn.Linear(hidden, hidden)
        self.lm_head = nn.Linear(hidden, vocab)

    def forward(self, inputs_embeds: torch.Tensor) -> torch.Tensor:
        return self.lm_head(torch.relu(self.block(inputs_embeds)))


class VisionLanguageModel(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.vision = VisionTower(patch_dim=48, hidden=64)
        self.language = LanguageModel(vocab=100, hidden=64)

    def forward(self, input_ids: torch.Tensor, pixel_patches: torch.Tensor) -> torch.Tensor:
        inputs_embeds = self.language.embed_tokens(input_ids)
        image_features = self.vision(pixel_patches)
        image_features = image_features.to(inputs_embeds.device, inputs_embeds.dtype)
        merged = torch.cat([image_features, inputs_embeds], dim=1)
        return self.language(merged)


def main() -> None:
    with torch.no_grad():
        model = VisionLanguageModel()
        for part, gpu in PLACEMENT.items():
            getattr(model, part).to(torch.device("cuda", gpu))
        text_device = model.language.embed_tokens.weight.device
        vision_device = model.vision.patch_embed.weight.device
        input_ids = torch.randint(0, 100, (1, 8), device=text_device)
        pixel_patches = torch.randn(1, 4, 48, device=vision_device)
        print(model(input_ids, pixel_patches).shape)


if __name__ == "__main__":
    main()
