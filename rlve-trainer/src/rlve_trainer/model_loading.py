"""The model a run trains: its folder checked without loading anything, its tokenizer checked, the model
loaded, and the one transformers warning about it that is not true.

``check_model_path`` needs nothing heavy (``preflight`` calls it before torch is imported); the rest
imports transformers when called.
"""

from __future__ import annotations

import ast
import logging
from pathlib import Path

from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig


def check_model_path(config: TrainConfig) -> Path:
    """The configured model folder, checked without loading anything (``model.tiny`` is built later)."""
    if not config.model.path:
        raise RlveError(
            "no model given: set model.path in the config or pass --set model.path=/path/to/model "
            "(a local Hugging Face model folder), set model.tiny = true for a tiny offline model, "
            "or run `rlve train --demo`"
        )
    path = Path(config.model.path).expanduser()
    if not path.is_dir():
        what = "does not exist" if not path.exists() else "is not a folder"
        raise RlveError(
            f"model path {str(path)!r} (model.path) {what}; give a local Hugging Face model folder "
            "(weights, tokenizer, chat template)"
        )
    if not (path / "config.json").is_file():
        raise RlveError(f"model path {str(path)!r} has no config.json; is it a Hugging Face model folder?")
    return path.resolve()


def resolve_model(config: TrainConfig, run_dir: Path, env_ids: list[str]) -> Path:
    """The model folder to load: the configured one (checked), or a tiny model built under the run folder."""
    if config.model.tiny:
        from rlve_trainer.tiny import build_tiny

        return build_tiny(run_dir / "tiny-model", env_ids, seed=config.seed)
    return check_model_path(config)


def load_tokenizer(path: Path, trust_remote_code: bool = False, chat_template: str | None = None):
    """The model's tokenizer, checked; ``chat_template`` (``prompt.chat_template``) replaces its own."""
    from transformers import AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(str(path), trust_remote_code=trust_remote_code)
    except (OSError, ValueError) as error:
        raise RlveError(f"cannot load a tokenizer from {str(path)!r}: {str(error).splitlines()[0]}") from None
    if chat_template is not None:
        from rlve.chat import chat_template_text

        tokenizer.chat_template = chat_template_text(chat_template)
    if not getattr(tokenizer, "chat_template", None):
        raise RlveError(
            f"the tokenizer in {str(path)!r} has no chat template; use an instruct/chat model or add a "
            "chat_template to its tokenizer_config.json"
        )
    if tokenizer.eos_token_id is None:
        raise RlveError(f"the tokenizer in {str(path)!r} has no eos token; generation could never stop")
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


class TiedWeightsNotMissing(logging.Filter):
    """Drops transformers' "There were missing keys in the checkpoint model loaded: ['lm_head.weight']."
    when every key it names is a weight tied to another one in ``model`` (sharing its storage right now).

    A checkpoint stores a tied tensor once, under the name it is tied to, so loading it on resume reports
    the tied name as missing although every weight is there. Any other missing key is still reported.
    """

    PREFIX = "There were missing keys in the checkpoint model loaded: "

    def __init__(self, model):
        super().__init__()
        self.model = model

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if not message.startswith(self.PREFIX):
            return True
        try:
            keys = ast.literal_eval(message[len(self.PREFIX) :].rstrip("."))
        except (ValueError, SyntaxError):
            return True
        return not (isinstance(keys, list) and keys and set(keys) <= tied_weight_keys(self.model))


def tied_weight_keys(model) -> set[str]:
    """Names of ``model``'s parameters that are tied to another one and share its storage."""
    tied = getattr(model, "all_tied_weights_keys", None) or getattr(model, "_tied_weights_keys", None) or {}
    if not isinstance(tied, dict):  # older transformers: a list of names tied to the input embeddings
        output, inputs = model.get_output_embeddings(), model.get_input_embeddings()
        shared = output is not None and inputs is not None and output.weight is inputs.weight
        return {name for name in tied if name.endswith("weight")} if shared else set()
    parameters = dict(model.named_parameters(remove_duplicate=False))
    return {
        target
        for target, source in tied.items()
        if target in parameters
        and source in parameters
        and parameters[target].data_ptr() == parameters[source].data_ptr()
    }


def load_model(path: Path, *, bf16: bool, trust_remote_code: bool = False, pad_token_id: int | None = None):
    """The causal LM in ``path`` (bfloat16 when ``bf16``, else float32), padding with ``pad_token_id``."""
    import torch
    from transformers import AutoModelForCausalLM

    dtype = torch.bfloat16 if bf16 else torch.float32
    model = AutoModelForCausalLM.from_pretrained(str(path), dtype=dtype, trust_remote_code=trust_remote_code)
    if model.generation_config is not None and pad_token_id is not None:
        model.generation_config.pad_token_id = pad_token_id
    return model
