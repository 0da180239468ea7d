import functools
import logging
from ctypes import c_void_p, cast
from types import SimpleNamespace
from typing import List, Optional, Tuple, Union
from typing_extensions import deprecated
from flashinfer.comm.mnnvl import CommBackend, SymmDeviceMemory, TorchDistBackend
import torch
import torch.distributed as dist
from torch.distributed import ProcessGroup
from ..jit.comm import gen_trtllm_comm_module
from ..utils import register_custom_op, round_up
from .cuda_ipc import create_shared_buffer, cudart, free_shared_buffer


@deprecated(
    "use the unified API allreduce.py instead. It will internally call trtllm_create_ipc_workspace_for_all_reduce_fusion."
)
def trtllm_create_ipc_workspace_for_all_reduce_fusion(
    tp_rank: int,
    tp_size: int,
    max_token_num: int,
    hidden_dim,
    use_fp32_lamport: bool = False,
    group: Optional[ProcessGroup] = None,
    create_metadata: bool = False,
    comm_backend: Optional[CommBackend] = None,
    use_symm_dev_mem: bool = False,
) -> Union[
    Tuple[List[List[int]], torch.Tensor],
    Tuple[List[List[int]], torch.Tensor, dict],
    Tuple[List[List[int]], torch.Tensor, List[SymmDeviceMemory], dict],
]:
    """
    Parameters:
    - tp_rank: the rank of the current process.
    - tp_size: the size of the process group.
    - max_token_num: the maximum number of tokens in a sequence.
    - hidden_dim: the dimension of the hidden states.
    - use_fp32_lamport: if True, we will use fp32 datatype in allreduce fusion.
    - group: the process group to use.
    - create_metadata: if True, return metadata dict as third element (default: False).
    - comm_backend: the communication backend to use.
    - use_symm_dev_mem: if True, we will use symmetric device memory for the workspace.

    Returns:
    - If create_metadata=False: (ipc_handles, workspace_tensor)
    - If create_metadata=True: and use_symm_dev_mem=False: (ipc_handles, workspace_tensor, metadata)
      where metadata contains: tp_rank, tp_size, max_token_num, hidden_dim,
      use_fp32_lamport, buffer_size, flag_size, lamport_comm_size, lamport_buffer_size
    - If create_metadata=True: and use_symm_dev_mem=True: (ipc_handles, workspace_tensor, mem_handles,metadata)
      where metadata contains: tp_rank, tp_size, max_token_num, hidden_dim,
      use_fp32_lamport, buffer_size, flag_size, lamport_comm_size, lamport_buffer_size
      and mem_handles is a list of SymmDeviceMemory objects.

    Note: The optional parameters make the API clunky at this time. This will be refactored in the future, at the cost of backward compatibility, where the default behavior will be
    create_metadata=True and use_symm_dev_mem=True.

    Note:
    We would init 3 IPC buffers for trtllm_custom_all_reduce_fusion.
    They are sized as follows:
    [buffer_size, flag_size, lamport_buffer_size * 3]
    where:
    - buffer_size: tp_size * max_token_num * hidden_dim * sizeof(half)
    - flag_size: tp_size * BarrierFlagCount * sizeof(int)
    - lamport_buffer_size: tp_size * max_token_num * tp_size * hidden_dim * sizeof(half)
      where sizeof(elem) = 2 (fp16/bf16) or 4 (fp32 when use_fp32_lamport=True)
    The workspace is passed as workspace field in AllReduceFusionParams.

    We use tp_size and world_size here interchangeably (allReduceFusion).

    Reference: trtllm, cpp/tensorrt_llm/kernels/communicationKernels/allReduceWorkspace.cu, Workspace init
    """

    if comm_backend is None and use_symm_dev_mem:
        comm_backend = TorchDistBackend(group=group)

    # No need to support all variations. In the future we only support create_metadata=True and use_symm_dev_mem=True.
    if use_symm_dev_mem and not create_metadata:
        raise ValueError("use_symm_dev_mem is only supported when create_metadata=True")

    buffer_size = tp_size * max_token_num * hidden_dim * 2
    flag_size = tp_size * BarrierFlagCount * 4
    # lamport_comm_size = tp_size * max(max_token_num, OneShotMaxToken) * hidden_dim * 2
    # enable larger workspace for cases > OneShotMaxToken
    lamport_comm_size = (
        tp_size * max_token_num * hidden_dim * 2
        if not use_fp32_lamport
        else tp_size * max_token_num * hidden_dim * 4
    )
    if lamport_comm_size > MAX_COMM_SIZE:
        logging.warning(
            f"warning: lamport_comm_size {lamport_comm_size} is greater than MAX_COMM_SIZE {MAX_COMM_SIZE}, set to MAX_COMM_SIZE"
        )
        lamport_comm_size = MAX_COMM_SIZE

    lamport_buffer_size = lamport_comm_size * 3

    # we should init 3 buffers for all reduce fusion:
    # [buffer_size, flag_size, lamport_buffer_size]

    ipc_handles: List[List[int]] = list()
    mem_handles: List[SymmDeviceMemory] = list()
    for size in [buffer_size, flag_size, lamport_buffer_size]:
        # todo(review): confirm we need this alignment
        # all sizes should be aligned to 1LU << 21 bytes (2MB)
        aligned_size = round_up(size, 1 << 21)

        if not use_symm_dev_mem:
            ipc_handles.append(create_shared_buffer(aligned_size, group))
        else:
            symm_mem = SymmDeviceMemory(
                aligned_size,
                tp_size,
                tp_rank,
                torch.device("cuda", tp_rank).index,
                comm_backend,
                enable_multicast=False,
                allocate_signal_pads=False,
            )
            ipc_handles.append(symm_mem.uc_ptrs)
            mem_handles.append(symm_mem)

    logger.debug(
        "rank %s allocated ipc_handles: %s",
        tp_rank,
        [[hex(handle) for handle in sublist] for sublist in ipc_handles],
    )

    # Initialize lamport buffer
    aligned_lamport_buffer_size = round_up(lamport_buffer_size, 1 << 21)
    if use_fp32_lamport:
        trtllm_lamport_initialize(
            ipc_handles[2][tp_rank], aligned_lamport_buffer_size // 4, torch.float32
        )
    else:
        trtllm_lamport_initialize(
            ipc_handles[2][tp_rank], aligned_lamport_buffer_size // 2, torch.float16
        )

    # initialize workspace
    workspace = list()
    # add ipc handles to workspace
    for ipc_handle in ipc_handles:
        for rank in range(tp_size):
            workspace.append(ipc_handle[rank])

    # add flags to workspace
    """
    NOTE:
    The flags are for the lamport communication states.
    atomic flag read counter: kernel_flag_ptr[0] = 0;
    non-lamport flag: kernel_flag_ptr[1] = 0;
    lamport flag: kernel_flag_ptr[2] = 0;
    lamport triple buffer offset: kernel_flag_ptr[3] = lamport_comm_size;
    lamport clear size: kernel_flag_ptr[4] = 0;
    """
    # malloc cuda memory of int32_t * 5
    flag_ptr = cudart.cudaMalloc(5 * 4)
    # initialize the flag to [0,0,0,lamport_comm_size,0]
    cudart.cudaMemset(flag_ptr, 0, 5 * 4)
    # Set flag_ptr[3] = lamport_comm_size
    lamport_comm_size_bytes = lamport_comm_size.to_bytes(4, byteorder="little")
    cudart.cudaMemcpy(
        c_void_p(flag_ptr.value + 3 * 4), cast(lamport_comm_size_bytes, c_void_p), 4
    )
    logger.debug("set flag_ptr[3] = lamport_comm_size: %s", lamport_comm_size)
    # add flag_ptr to workspace
    workspace.append(flag_ptr.value)

    for i in range(len(workspace)):
        logger.debug("Rank %s workspace[%d] %s", tp_rank, i, hex(workspace[i]))

    # Store workspace pointers in device tensor
    workspace_tensor = torch.tensor(
        workspace, dtype=torch.int64, device=torch.device("cuda")
    )

    if use_symm_dev_mem:
        comm_backend.barrier()  # must sync after create_workspace
    else:
        dist.barrier(group=group)

    if create_metadata:
        metadata = {
            "tp_rank": tp_rank,
            "tp_size": tp_size,
            "max_token_num": max_token_num,
            "hidden_dim": hidden_dim,
            "use_fp32_lamport": use_fp32_lamport,
            "buffer_size": buffer_size,
            "flag_size": flag_size,
            "lamport_comm_size": lamport_comm_size,
            "lamport_buffer_size": lamport_buffer_size,
        }
        if use_symm_dev_mem:
            return ipc_handles, workspace_tensor, mem_handles, metadata
        else:
            return ipc_handles, workspace_tensor, metadata

    else:
        return ipc_handles, workspace_tensor
