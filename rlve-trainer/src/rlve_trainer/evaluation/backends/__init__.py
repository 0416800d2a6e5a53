"""Where completions come from: a local Hugging Face model, vLLM offline, or any OpenAI-compatible server.

Every backend takes chat conversations (lists of ``{"role", "content"}`` messages) and returns ``n``
completion texts for each; ``settings()`` is what the evaluation records about it. ``open_backend`` picks
one from the command line's words and checks what can be checked before any problem is generated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from rlve.errors import RlveError

KINDS = ("hf", "vllm", "openai")


class BackendError(RlveError):
    """A backend could not produce completions (server unreachable, retries exhausted, missing package)."""


Conversation = list[dict[str, str]]


class Backend(Protocol):
    kind: str

    def complete(self, conversations: list[Conversation]) -> list[list[str]]: ...

    def settings(self) -> dict[str, Any]: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Sampling:
    """How completions are sampled; the same meaning in every backend, recorded with the evaluation."""

    temperature: float = 0.0  # 0: greedy
    max_tokens: int = 1024
    n: int = 1  # completions per problem; each one counts as an answer
    seed: int = 0

    def __post_init__(self) -> None:
        if self.temperature < 0:
            raise RlveError(f"--temperature must be >= 0, got {self.temperature}")
        if self.max_tokens < 1:
            raise RlveError(f"--max-tokens must be at least 1, got {self.max_tokens}")
        if self.n < 1:
            raise RlveError(f"--n must be at least 1, got {self.n}")
        if self.n > 1 and self.temperature == 0:
            raise RlveError("--n above 1 needs --temperature above 0 (greedy decoding gives n equal answers)")


def open_backend(
    kind: str,
    model: str,
    sampling: Sampling,
    *,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    concurrency: int = 8,
    timeout: float = 120.0,
    retries: int = 5,
    batch_size: int = 16,
    trust_remote_code: bool = False,
) -> Backend:
    """The backend ``kind`` for ``model`` (a folder for hf/vllm, a served model name for openai)."""
    if kind not in KINDS:
        raise RlveError(f"unknown backend {kind!r}; choose one of {', '.join(KINDS)}")
    if kind == "openai":
        if not base_url:
            raise RlveError("the openai backend needs --base-url, e.g. http://127.0.0.1:8000/v1")
        from rlve_trainer.evaluation.backends.openai_server import OpenAIServer

        backend = OpenAIServer(
            base_url,
            model,
            sampling,
            api_key_env=api_key_env,
            concurrency=concurrency,
            timeout=timeout,
            retries=retries,
        )
        backend.check()
        return backend
    if base_url:
        raise RlveError(f"--base-url goes with --backend openai, not {kind}")
    if kind == "vllm":
        from rlve_trainer.evaluation.backends.vllm_offline import VLLMOffline

        return VLLMOffline(model, sampling, trust_remote_code=trust_remote_code)
    from rlve_trainer.evaluation.backends.local import LocalModel

    return LocalModel(model, sampling, batch_size=batch_size, trust_remote_code=trust_remote_code)
