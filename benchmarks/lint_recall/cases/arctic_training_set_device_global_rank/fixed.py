from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field

from arctic_training.config.utils import get_global_rank
from arctic_training.config.utils import get_local_rank

import deepspeed
import yaml
from deepspeed.accelerator import get_accelerator
from pydantic import Field
from pydantic import ValidationInfo
from pydantic import field_validator
from pydantic import model_validator

class BaseConfig(BaseModel):

    local_rank: int = Field(default_factory=get_local_rank, exclude=True)
    global_rank: int = Field(default_factory=get_global_rank, exclude=True)
    world_size: int = Field(default_factory=get_world_size, exclude=True)

class TrainerConfig(BaseConfig):

    @model_validator(mode="after")
    def init_dist(self) -> Self:
        get_accelerator().set_device(self.local_rank)
        deepspeed.init_distributed()
        return self
