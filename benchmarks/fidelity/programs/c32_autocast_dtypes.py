# expect: ok
# CUDA autocast's dtype changes (bf16 and fp16): matmuls and convolutions low, reductions,
# norms and softmax in float32, promotion to the widest input; the assert shows what was seen.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
layer = torch.nn.Linear(16, 8).cuda()
conv = torch.nn.Conv2d(3, 4, 3).cuda()
x = torch.randn(4, 16, device="cuda")
image = torch.randn(2, 3, 8, 8, device="cuda")
heads = torch.randn(1, 2, 4, 8, device="cuda")
seen = {}
for dtype in (torch.bfloat16, torch.float16):
    with torch.autocast("cuda", dtype=dtype):
        assert torch.is_autocast_enabled("cuda") and torch.get_autocast_dtype("cuda") == dtype
        y = layer(x)
        seen[str(dtype)] = {
            "linear": y.dtype,
            "matmul": (x @ x.T).dtype,
            "bmm": torch.bmm(x[None], x.T[None]).dtype,
            "conv2d": conv(image).dtype,
            "sdpa": F.scaled_dot_product_attention(heads, heads, heads).dtype,
            "softmax": F.softmax(y, dim=-1).dtype,
            "log_softmax": y.log_softmax(-1).dtype,
            "layer_norm": F.layer_norm(y, (8,)).dtype,
            "sum": y.sum().dtype,
            "exp": y.exp().dtype,
            "mse_loss": F.mse_loss(y, torch.zeros(4, 8, device="cuda")).dtype,
            "add": (y + 1).dtype,
            "relu": F.relu(y).dtype,
            "addcmul": torch.addcmul(y.float(), y, y).dtype,
            "cat": torch.cat([y, y.float()]).dtype,
            "float64 matmul": (x.double() @ x.double().T).dtype,
        }
        with torch.autocast("cuda", enabled=False):
            seen[str(dtype)]["disabled linear"] = layer(x).dtype
low = {"linear", "matmul", "bmm", "conv2d", "sdpa", "add", "relu"}
for dtype in (torch.bfloat16, torch.float16):
    expected = {
        name: dtype if name in low else torch.float64 if "float64" in name else torch.float32
        for name in seen[str(dtype)]
    }
    assert seen[str(dtype)] == expected, seen[str(dtype)]
assert not torch.is_autocast_enabled("cuda")
