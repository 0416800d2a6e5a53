"""A local Hugging Face model: batched ``generate`` on the GPU when there is one, else on the CPU."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rlve.errors import RlveError
from rlve_trainer.evaluation.backends import Conversation, Sampling


def check_model_folder(model: str) -> Path:
    path = Path(model).expanduser()
    if not path.is_dir():
        what = "does not exist" if not path.exists() else "is not a folder"
        raise RlveError(
            f"model {model!r} {what}; give a local Hugging Face model folder, or --base-url URL for a served model"
        )
    if not (path / "config.json").is_file():
        raise RlveError(f"model {model!r} has no config.json; is it a Hugging Face model folder?")
    return path.resolve()


class LocalModel:
    kind = "hf"

    def __init__(self, model: str, sampling: Sampling, *, batch_size: int = 16, trust_remote_code: bool = False):
        from rlve_trainer.model_loading import load_tokenizer  # checks the chat template and eos token

        self.path = check_model_folder(model)
        self.sampling = sampling
        self.batch_size = max(1, batch_size)
        self.tokenizer = load_tokenizer(self.path, trust_remote_code)
        import torch

        from rlve_trainer.model_loading import load_model

        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        bf16 = self.device == "cuda" and torch.cuda.is_bf16_supported()
        self.model = load_model(
            self.path, bf16=bf16, trust_remote_code=trust_remote_code, pad_token_id=self.tokenizer.pad_token_id
        ).to(self.device)
        self.model.eval()
        self.tokenizer.padding_side = "left"  # every row continues from its last prompt token
        self._generator = torch.Generator(device=self.device).manual_seed(sampling.seed)

    def settings(self) -> dict[str, Any]:
        return {
            "model": str(self.path),
            "device": self.device,
            "batch_size": self.batch_size,
            "temperature": self.sampling.temperature,
            "max_tokens": self.sampling.max_tokens,
            "n": self.sampling.n,
            "seed": self.sampling.seed,
        }

    def complete(self, conversations: list[Conversation]) -> list[list[str]]:
        import torch

        results: list[list[str]] = []
        n = self.sampling.n
        for start in range(0, len(conversations), self.batch_size):
            chunk = conversations[start : start + self.batch_size]
            texts = [
                self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
                for messages in chunk
            ]
            batch = self.tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False).to(self.device)
            sampled = self.sampling.temperature > 0
            options: dict[str, Any] = {"do_sample": sampled, "num_return_sequences": n}
            if sampled:
                options["temperature"] = self.sampling.temperature
                torch.manual_seed(int(torch.randint(0, 2**31 - 1, (1,), generator=self._generator)))
            with torch.no_grad():
                output = self.model.generate(
                    **batch,
                    max_new_tokens=self.sampling.max_tokens,
                    eos_token_id=self.tokenizer.eos_token_id,
                    pad_token_id=self.tokenizer.pad_token_id,
                    **options,
                )
            decoded = self.tokenizer.batch_decode(output[:, batch["input_ids"].shape[1] :], skip_special_tokens=True)
            results.extend(decoded[i * n : (i + 1) * n] for i in range(len(chunk)))
        return results

    def close(self) -> None:
        self.model = None
