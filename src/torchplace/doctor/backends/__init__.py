"""Where the real environment's facts come from: NVML (pynvml) and torch's CUDA."""
