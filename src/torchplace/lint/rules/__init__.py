"""Lint rules, one per module, in families: 1xx hardcoded devices, 2xx tensors made or moved
without regard to device, 3xx device_map / serving-engine misuse, 4xx distributed binding,
threads and visibility, 9xx noisy rules (off unless selected)."""
