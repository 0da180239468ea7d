from vllm import LLM, EngineArgs

llm = LLM(model=path, device_map="auto")
first = LLM(device_map="auto", model=path)
only = LLM(device_map="auto")
args = EngineArgs(
    model=path,
    device_map="auto",
    tensor_parallel_size=2,
)
last = EngineArgs(
    model=path,
    device_map="auto",
)
