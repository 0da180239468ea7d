"""Doctor checks, one module each; see :mod:`torchplace.doctor.registry`."""
