# expect: raise
import torch

embedding = torch.nn.Embedding(100, 8).to("cuda:0")
with torch.no_grad():
    embedding(torch.tensor([[1, 2, 3]]))  # token ids left on the CPU
