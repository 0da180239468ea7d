from vllm import LLM, EngineArgs

llm = LLM(model=path)
first = LLM(model=path)
only = LLM()
args = EngineArgs(
    model=path,
    tensor_parallel_size=2,
)
last = EngineArgs(
    model=path,
)
