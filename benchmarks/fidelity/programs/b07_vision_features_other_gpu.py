# expect: raise
import torch

vision = torch.nn.Linear(48, 32).to("cuda:1")
projector = torch.nn.Linear(32, 32).to("cuda:1")
text_embed = torch.nn.Embedding(100, 32).to("cuda:0")
with torch.no_grad():
    image_features = projector(vision(torch.randn(1, 4, 48, device="cuda:1")))
    text = text_embed(torch.randint(0, 100, (1, 6), device="cuda:0"))
    torch.cat([image_features, text], dim=1)
