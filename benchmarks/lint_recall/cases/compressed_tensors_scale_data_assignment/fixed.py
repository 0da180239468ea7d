from functools import wraps

import torch
from sparsetensors.quantization.quant_args import QuantizationArgs
from sparsetensors.quantization.quant_config import QuantizationStatus
from sparsetensors.quantization.quant_scheme import QuantizationScheme
from torch.nn import Module

def _maybe_calibrate_or_quantize(
    module: Module, value: Module, base_name: str, args: "QuantizationArgs"
) -> torch.Tensor:
    # only run quantized for the included stages
    if module.quantization_status not in {
        QuantizationStatus.CALIBRATION,
        QuantizationStatus.FROZEN,
    }:
        return value

    device = next(module.parameters()).device
    scale = getattr(module, f"{base_name}_scale")
    # zero_point = getattr(module, f"{base_name}_zero_point").data
    zero_point = getattr(module, f"{base_name}_zero_point")

    if module.quantization_status == QuantizationStatus.CALIBRATION:
        # get observer and get new quant params from observation
        observer = getattr(module, f"{base_name}_observer")
        updated_scale, updated_zero_point = observer(value)

        # update scale and zero point
        scale.data = updated_scale.to(device)
        zero_point.data = updated_zero_point.to(device)

    return fake_quantize(value, scale, zero_point, args)

from torch.nn import Module, Parameter

def _initialize_scale_zero_point_observer(
    module: Module, base_name: str, quantization_args: QuantizationArgs
):
    device = next(module.parameters()).device

    # initializes empty scale and zero point parameters for the module
    init_scale = Parameter(torch.empty(0, device=device), requires_grad=False)
    module.register_parameter(f"{base_name}_scale", init_scale)

    init_zero_point = Parameter(
        torch.empty(0, device=device, dtype=int), requires_grad=False
    )
    module.register_parameter(f"{base_name}_zero_point", init_zero_point)

    # initialize observer module and attach as submodule
    observer = quantization_args.get_observer()
    module.register_module(f"{base_name}_observer", observer)
