"""Fixed twin of buggy.py: vLLM shards the model itself; the reward model runs on the CPU.

Expected-lint: none
Expected-run: none
"""

from transformers import AutoModelForSequenceClassification
from vllm import LLM, SamplingParams


def build(model_path: str, reward_path: str) -> tuple[LLM, AutoModelForSequenceClassification]:
    llm = LLM(model=model_path, tensor_parallel_size=2)
    reward = AutoModelForSequenceClassification.from_pretrained(reward_path, device_map="cpu")
    return llm, reward


def main() -> None:
    llm, reward = build("/models/llama-3-8b", "/models/reward")
    outputs = llm.generate(["Hello"], SamplingParams(max_tokens=8))
    print(outputs[0].outputs[0].text, reward.config.num_labels)


if __name__ == "__main__":
    main()
