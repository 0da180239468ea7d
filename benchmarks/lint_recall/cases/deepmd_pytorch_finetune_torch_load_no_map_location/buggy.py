import logging
import os
import torch
import time
import math
from copy import deepcopy
from typing import Any, Dict
from deepmd_pt.utils import dp_random
from deepmd_pt.utils.env import DEVICE, JIT, LOCAL_RANK
from deepmd_pt.optimizer import KFOptimizerWrapper, LKFOptimizer
from deepmd_pt.utils.learning_rate import LearningRateExp
from deepmd_pt.loss import EnergyStdLoss, DenoiseLoss
from deepmd_pt.model.model import get_model
from deepmd_pt.train.wrapper import ModelWrapper
from deepmd_pt.utils.dataloader import BufferedIterator
from pathlib import Path
from tqdm import tqdm
from tqdm.contrib.logging import logging_redirect_tqdm
import wandb as wb
from torch.nn.parallel import DistributedDataParallel as DDP
import torch.distributed as dist
from torch.utils.data import DataLoader


class Trainer(object):

    def __init__(
        self,
        config: Dict[str, Any],
        training_data,
        sampled,
        validation_data=None,
        resume_from=None,
        force_load=False,
        finetune_model=None,
    ):
        """Construct a DeePMD trainer.

        Args:
        - config: The Dict-like configuration with training options.
        """
        model_params = config["model"]
        training_params = config["training"]
        self.rank = dist.get_rank() if dist.is_initialized() else 0

        # Iteration config
        self.num_steps = training_params["numb_steps"]
        self.disp_file = training_params.get("disp_file", "lcurve.out")
        self.disp_freq = training_params.get("disp_freq", 1000)
        self.save_ckpt = training_params.get("save_ckpt", "model.pt")
        self.save_freq = training_params.get("save_freq", 1000)
        self.opt_type = training_params.get("opt_type", "Adam")
        self.kf_blocksize = training_params.get("kf_blocksize", 5120)
        self.kf_start_pref_e = training_params.get("kf_start_pref_e", 1)
        self.kf_limit_pref_e = training_params.get("kf_limit_pref_e", 1)
        self.kf_start_pref_f = training_params.get("kf_start_pref_f", 1)
        self.kf_limit_pref_f = training_params.get("kf_limit_pref_f", 1)
        self.wandb_config = training_params.get("wandb_config", {})
        self.wandb_enabled = self.wandb_config.get("wandb_enabled", False)
        if self.wandb_enabled:
            entity = self.wandb_config.get("entity", None)
            assert (
                entity is not None
            ), "The parameter 'entity' of wandb must be specified."
            project = self.wandb_config.get("project", None)
            assert (
                project is not None
            ), "The parameter 'project' of wandb must be specified."
            job_name = self.wandb_config.get("job_name", None)
            if job_name is None:
                name_path = os.path.abspath(".").split("/")
                job_name = name_path[-2] + "/" + name_path[-1]
            if self.rank == 0:
                wb.init(
                    project=project,
                    entity=entity,
                    config=training_params,
                    name=job_name,
                    settings=wb.Settings(start_method="fork"),
                )

        # Data + Model
        dp_random.seed(training_params["seed"])
        self.training_dataloader = DataLoader(
            training_data,
            sampler=torch.utils.data.RandomSampler(training_data),
            batch_size=None,
            num_workers=8,  # setting to 0 diverges the behavior of its iterator; should be >=1
            drop_last=False,
            pin_memory=True,
        )
        self.training_data = BufferedIterator(iter(self.training_dataloader))
        self.validation_dataloader = DataLoader(
            validation_data,
            sampler=torch.utils.data.RandomSampler(validation_data),
            batch_size=None,
            num_workers=1,
            drop_last=False,
            pin_memory=True,
        )

        self.validation_data = BufferedIterator(iter(self.validation_dataloader))
        if training_params.get("validation_data", None) is not None:
            self.valid_numb_batch = training_params["validation_data"].get(
                "numb_btch", 1
            )
        else:
            self.valid_numb_batch = 1
        self.model = get_model(deepcopy(model_params), sampled).to(DEVICE)

        # Learning rate
        self.warmup_steps = training_params.get("warmup_steps", 0)
        self.gradient_max_norm = training_params.get("gradient_max_norm", 0.)
        lr_params = config.pop("learning_rate")
        assert lr_params.pop("type", "exp"), "Only learning rate `exp` is supported!"
        assert self.num_steps - self.warmup_steps > 0, "Warm up steps must be less than total training steps!"
        lr_params["stop_steps"] = self.num_steps - self.warmup_steps
        self.lr_exp = LearningRateExp(**lr_params)

        # Loss
        loss_params = config.pop("loss")
        loss_type = loss_params.pop("type", "ener")
        if loss_type == 'ener':
            loss_params["starter_learning_rate"] = lr_params["start_lr"]
            self.loss = EnergyStdLoss(**loss_params)
        elif loss_type == 'denoise':
            loss_params['ntypes'] = len(model_params['type_map'])
            self.loss = DenoiseLoss(**loss_params)
        else:
            raise NotImplementedError

        # Model Wrapper
        self.wrapper = ModelWrapper(self.model, self.loss, model_params=model_params)
        if JIT:
            self.wrapper = torch.jit.script(self.wrapper)
        # resuming and finetune
        if model_params["resuming"] and (self.rank == 0):
            ntest = model_params.get("data_bias_nsample", 10)
            origin_model = finetune_model if finetune_model is not None else resume_from
            logging.info(f"Resuming from {origin_model}.")
            state_dict = torch.load(origin_model)
            if force_load:
                input_keys = list(state_dict.keys())
                target_keys = list(self.wrapper.state_dict().keys())
                missing_keys = [item for item in target_keys if item not in input_keys]
                if missing_keys:
                    target_state_dict = self.wrapper.state_dict()
                    slim_keys = []
                    for item in missing_keys:
                        state_dict[item] = target_state_dict[item].clone().detach()
                        new_key = True
                        for slim_key in slim_keys:
                            if slim_key in item:
                                new_key = False
                                break
                        if new_key:
                            tmp_keys = '.'.join(item.split('.')[:3])
                            slim_keys.append(tmp_keys)
                    slim_keys = [i + '.*' for i in slim_keys]
                    logging.warning(f"Force load mode allowed! These keys are not in ckpt and will re-init: {slim_keys}")
            self.wrapper.load_state_dict(state_dict)
            # finetune
            if finetune_model is not None and model_params["fitting_net"].get("type", "ener") in ['ener']:
                assert model_params["descriptor"]["type"] in [
                    "se_atten"
                ] and model_params["fitting_net"].get("type", "ener") in [
                    "ener"
                ], "The finetune process only supports models pretrained with 'se_atten' descriptor and 'ener' fitting net!"
                old_type_map, new_type_map = model_params['type_map'], model_params['new_type_map']
                self.model.fitting_net.change_energy_bias(
                    config,
                    self.model,
                    old_type_map,
                    new_type_map,
                    ntest=ntest,
                )

        if dist.is_initialized():
            torch.cuda.set_device(LOCAL_RANK)
            # DDP will guarantee the model parameters are identical across all processes
            self.wrapper = DDP(
                self.wrapper,
                device_ids=[LOCAL_RANK],
                output_device=LOCAL_RANK
            )

        def warm_up_linear(step, warmup_steps):
            if step < warmup_steps:
                return step / warmup_steps
            else:
                return self.lr_exp.value(step - warmup_steps) / self.lr_exp.start_lr

        if self.opt_type == "Adam":
            self.optimizer = torch.optim.Adam(
                self.wrapper.parameters(), lr=self.lr_exp.start_lr
            )
            self.scheduler = torch.optim.lr_scheduler.LambdaLR(
                self.optimizer,
                lambda step: warm_up_linear(step, self.warmup_steps),
            )
        elif self.opt_type == "LKF":
            self.optimizer = LKFOptimizer(
                self.wrapper.parameters(), 0.98, 0.99870, self.kf_blocksize
            )
        else:
            raise ValueError("Not supported optimizer type '%s'" % self.opt_type)

        self.multi_task_mode = False
        self.task_keys = ["Default"]

        self.lcurve_should_print_header = True
