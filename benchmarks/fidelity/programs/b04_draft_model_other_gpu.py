# expect: raise
import torch

vocab, dim = 100, 32
target = torch.nn.Sequential(torch.nn.Embedding(vocab, dim), torch.nn.Linear(dim, vocab)).to(
    "cuda:0"
)
draft = torch.nn.Sequential(torch.nn.Embedding(vocab, 8), torch.nn.Linear(8, vocab)).to("cuda:1")
ids = torch.randint(0, vocab, (1, 4), device="cuda:1")
with torch.no_grad():
    proposal = draft(ids).argmax(-1)  # on cuda:1
    target(torch.cat([ids, proposal], dim=1))  # fed to the target on cuda:0
