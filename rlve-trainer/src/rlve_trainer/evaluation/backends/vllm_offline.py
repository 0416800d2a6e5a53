"""vLLM's offline engine (``vllm.LLM``), where vLLM is installed (it needs a GPU)."""

from __future__ import annotations

from typing import Any

from rlve_trainer.evaluation.backends import BackendError, Conversation, Sampling
from rlve_trainer.evaluation.backends.local import check_model_folder


class VLLMOffline:
    kind = "vllm"

    def __init__(self, model: str, sampling: Sampling, *, trust_remote_code: bool = False):
        try:
            import vllm
        except ImportError:
            raise BackendError(
                "vLLM is not installed here (`pip install vllm`, on a GPU machine); use --backend hf, or serve "
                "the model with `vllm serve` and pass --base-url"
            ) from None
        self.path = check_model_folder(model)
        self.sampling = sampling
        self.llm = vllm.LLM(model=str(self.path), trust_remote_code=trust_remote_code, seed=sampling.seed)
        self.params = vllm.SamplingParams(
            temperature=sampling.temperature, max_tokens=sampling.max_tokens, n=sampling.n, seed=sampling.seed
        )
        self.version = getattr(vllm, "__version__", "unknown")

    def settings(self) -> dict[str, Any]:
        return {
            "model": str(self.path),
            "vllm": self.version,
            "temperature": self.sampling.temperature,
            "max_tokens": self.sampling.max_tokens,
            "n": self.sampling.n,
            "seed": self.sampling.seed,
        }

    def complete(self, conversations: list[Conversation]) -> list[list[str]]:
        outputs = self.llm.chat(conversations, self.params, use_tqdm=False)
        return [[choice.text for choice in output.outputs] for output in outputs]

    def close(self) -> None:
        self.llm = None
