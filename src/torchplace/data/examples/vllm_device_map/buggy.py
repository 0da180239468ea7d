"""Hugging Face habits inside a vLLM server: a `device_map="auto"` reward model loaded in the
same process as the vLLM engine, and `device_map` passed to vLLM itself.

vLLM shards the model over its own tensor-parallel workers; the Hugging Face model grabs
memory on the same GPUs and `device_map` is not an engine argument. (Static example: vLLM
does not run without GPUs, so only the linter and preflight check it.)

Run-with: none
Expected-lint: TPL301, TPL302
Expected-run: none
"""

from transformers import AutoModelForSequenceClassification
from vllm import LLM, SamplingParams


def build(model_path: str, reward_path: str) -> tuple[LLM, AutoModelForSequenceClassification]:
    llm = LLM(model=model_path, tensor_parallel_size=2, device_map="auto")
    reward = AutoModelForSequenceClassification.from_pretrained(reward_path, device_map="auto")
    return llm, reward


def main() -> None:
    llm, reward = build("/models/llama-3-8b", "/models/reward")
    outputs = llm.generate(["Hello"], SamplingParams(max_tokens=8))
    print(outputs[0].outputs[0].text, reward.config.num_labels)


if __name__ == "__main__":
    main()
