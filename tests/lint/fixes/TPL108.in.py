import base64
import io

import torch


def load_bytes(data):
    return torch.load(io.BytesIO(data), weights_only=True)


def load_base64(text):
    return load_bytes(base64.b64decode(text))
