import os

import torch

class FastLlamaModel:

    def patch_peft_model(
        model,
        use_gradient_checkpointing = True,
    ):

        # Patch cross entropy loss labels
        # Fixes https://github.com/unslothai/unsloth/issues/10
        max_seq_length = model.max_seq_length
        device_ids = os.environ.get("CUDA_VISIBLE_DEVICES", "0") + ","
        device = device_ids[:device_ids.find(',')] # Unsloth only works on NVIDIA GPUs for now
        device = f"cuda:{device if device.isdigit() else '0'}"
        extra_ignored_labels = torch.full((max_seq_length, 1), -100, device = device)
        model.model.extra_ignored_labels = extra_ignored_labels
