import torch
import torch.distributed as dist
import traceback
import logging
from collections import deque
from logger import logger
from gllm.input_data import InputData
from gllm.model_runner import ModelRunner
from gllm.dist_utils import init_dist, send_pp_data, recv_pp_data
from gllm.zmq_comm import zmqComm
from gllm.pp_scheduler import PPScheduler


class Worker:


    def init(self):
        self.init_logger()
        
        init_dist(self.pp_size, self.local_rank, self.pp_rank, self.master_addr, 
                  self.master_port, self.assigned_layers)
        torch.cuda.set_device(f'cuda:{self.pp_rank}')
        
        self.comm.init()
        
        self.model_runner.init(self.mp_load_progress)
        self.dtype = self.model_runner.memory_manager.dtype
        self.hidden_size = self.model_runner.model_loader.hidden_size
        self.ret_residual = self.model_runner.model.ret_residual
        
        if self.pp_rank == 0:
            self.pp_scheduler = PPScheduler(self.pp_size,
                                            self.model_runner.memory_manager, 
                                            self.use_naive_schedule,
                                            self.model_runner.maxp,
                                            self.model_runner.minp,
                                            self.model_runner.iterp,
                                            self.model_runner.page_size,
                                            self.model_runner.kvthresh)
        else:
            # Input data for each rank except 0
            self.schedule_queue = deque()
            # Input data and intermediate data for rank except 0
            self.run_queue = deque()

        self.mp_alive[self.local_rank] = 1

        logger.info(f'Init')
