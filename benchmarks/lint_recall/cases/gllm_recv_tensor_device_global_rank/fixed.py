import torch.distributed as dist
import torch
from logger import logger


def recv_tensor(dtype, src):
    # recv dim
    dim = [None]
    dist.recv_object_list(dim,src)
    # recv shape
    tensor_shape = [None for _ in range(dim[0])]
    dist.recv_object_list(tensor_shape,src)
    # recv tensor
    tensor = torch.zeros(torch.Size(tensor_shape),dtype=dtype,device=f'cuda:{get_local_rank()}')
    dist.recv(tensor,src)
    return tensor

def recv_pp_data(src, dtype, shape, has_residual):
    hidden_states = torch.zeros(torch.Size(shape),dtype=dtype,device=f'cuda:{get_local_rank()}')
    if has_residual:
        residual = hidden_states.clone().detach()
        hidden_states_future = dist.irecv(hidden_states,src)
        residual_future = dist.irecv(residual,src)
        return hidden_states_future, residual_future, hidden_states, residual
    else:
        hidden_states_future = dist.irecv(hidden_states,src)
        return hidden_states_future, hidden_states
