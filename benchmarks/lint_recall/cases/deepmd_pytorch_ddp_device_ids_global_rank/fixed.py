import logging
import os
import torch

from deepmd_pt.utils.env import DEVICE, JIT, LOCAL_RANK

from torch.nn.parallel import DistributedDataParallel as DDP
import torch.distributed as dist

class Trainer(object):
    def __init__(
        self,
        config: Dict[str, Any],
        training_data,
        sampled,
        validation_data=None,
        resume_from=None,
    ):

        # Model Wrapper
        self.wrapper = ModelWrapper(self.model, self.loss)
        if JIT:
            self.wrapper = torch.jit.script(self.wrapper)

        self.rank = dist.get_rank() if dist.is_initialized() else 0

        if (resume_from is not None) and (self.rank == 0):
            state_dict = torch.load(resume_from)
            self.wrapper.load_state_dict(state_dict)
            logging.info(f"Resuming from {resume_from}.")

        if dist.is_initialized():
            # DDP will guarantee the model parameters are identical across all processes
            self.wrapper = DDP(
                self.wrapper,
                device_ids=[LOCAL_RANK],
                output_device=LOCAL_RANK,
                find_unused_parameters=True, # TODO: otherwise the model might throw an error for attention layers
            )

