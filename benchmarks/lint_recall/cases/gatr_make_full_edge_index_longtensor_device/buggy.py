# Copyright (c) 2023 Qualcomm Technologies, Inc.
# All rights reserved.
import random
from collections.abc import Mapping
from functools import wraps
from itertools import chain, product
from typing import Any, Callable, List, Literal, Optional, Union

import numpy as np
import torch
from torch import Tensor

from gatr.utils.einsum import gatr_cache


@gatr_cache
@torch.no_grad()
def make_full_edge_index(num_nodes, batchsize=1, self_loops=False, device=torch.device("cpu")):
    """Creates a PyG-style edge index for a fully connected graph of `num_nodes` nodes."""

    # Construct fully connected edge index
    src, dst = [], []
    for i, j in product(range(num_nodes), repeat=2):
        if not self_loops and i == j:
            continue
        src.append(i)
        dst.append(j)

    edge_index_per_batch = torch.LongTensor([src, dst], device=device)

    # Repeat for each batch element
    if batchsize > 1:
        edge_index_list = [edge_index_per_batch + k * num_nodes for k in range(batchsize)]
        edge_index = torch.cat(edge_index_list, dim=1)
    else:
        edge_index = edge_index_per_batch

    return edge_index
