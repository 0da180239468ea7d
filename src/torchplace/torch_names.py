"""Names of torch's API that several parts reason about, kept in one place (no torch import).

Lint flags these factories in `forward` without `device=`; explain's origins mode records where
their results were made.
"""

from __future__ import annotations

#: `torch` functions that create a tensor on the CPU unless given `device=` (`from_numpy` takes
#: no `device=` and always makes a CPU tensor).
TENSOR_FACTORIES = frozenset(
    {
        "arange",
        "as_tensor",
        "bartlett_window",
        "blackman_window",
        "empty",
        "empty_strided",
        "eye",
        "from_numpy",
        "full",
        "hamming_window",
        "hann_window",
        "kaiser_window",
        "linspace",
        "logspace",
        "ones",
        "rand",
        "randint",
        "randn",
        "randperm",
        "scalar_tensor",
        "sparse_coo_tensor",
        "tensor",
        "tril_indices",
        "triu_indices",
        "zeros",
    }
)
