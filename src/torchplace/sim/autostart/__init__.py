"""The directory a simulated process puts in front of its children's `PYTHONPATH`.

It holds `sitecustomize.py` (see `torchplace.sim.inherit`); this file only makes it a package,
so that it ships with torchplace.
"""
