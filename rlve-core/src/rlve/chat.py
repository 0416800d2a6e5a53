"""What a model is shown around each problem: the conversation and the chat template that renders it.

``rlve sample ID --chat MODEL`` prints the exact text a chat model receives; rlve-trainer's ``[prompt]``
section (``system``, ``chat_template``) uses the same functions. A chat template is either a Jinja
template written inline or the path of a file holding one (``chat_template.jinja``, as transformers
saves them). Which one is decided by whether the file exists; a
value that is neither an existing file nor something that looks like a template is refused, so a mistyped
path is not silently used as the template text. transformers is imported only by ``render``.
"""

from __future__ import annotations

from pathlib import Path

from rlve.errors import RlveError

#: a template longer than this is not a plausible chat template (and not read whole into memory)
MAX_TEMPLATE_BYTES = 1 << 20


def looks_like_a_template(text: str) -> bool:
    return "{{" in text or "{%" in text


def chat_template_text(value: str, setting: str = "prompt.chat_template") -> str:
    """The template ``value`` names: a file's contents, or the inline text itself. ``setting`` is where the
    value came from, for the error message."""
    candidate = Path(value).expanduser() if "\n" not in value and len(value) < 4096 else None
    if candidate is not None and candidate.is_file():
        if candidate.stat().st_size > MAX_TEMPLATE_BYTES:
            raise RlveError(f"{setting}: {str(candidate)!r} is larger than 1 MiB; is it a chat template?")
        text = candidate.read_text(encoding="utf-8", errors="replace")
        if not looks_like_a_template(text):
            raise RlveError(
                f"{setting}: {str(candidate)!r} holds no Jinja ({{{{ ... }}}} or {{% ... %}}); "
                "give a chat template file"
            )
        return text
    if not looks_like_a_template(value):
        raise RlveError(
            f"{setting}: {value[:80]!r} is neither an existing file nor a Jinja chat template "
            "(no {{ or {%); give the path of a .jinja file or the template itself"
        )
    return value


def messages(prompt: str, system: str | None = None) -> list[dict[str, str]]:
    """The conversation a model is given for one problem: the system message (if any), then the problem."""
    head = [{"role": "system", "content": system}] if system else []
    return [*head, {"role": "user", "content": prompt}]


def render(model_path: str, conversation: list[dict[str, str]], chat_template: str | None = None) -> str:
    """The exact text the tokenizer in ``model_path`` makes of ``conversation`` (generation prompt added), with
    ``chat_template`` (inline or a file) in place of its own. RlveError when it cannot."""
    try:
        from transformers import AutoTokenizer
    except ImportError:
        raise RlveError("--chat needs the transformers library: pip install transformers") from None
    if not Path(model_path).expanduser().is_dir():
        raise RlveError(f"--chat {model_path!r} is not a folder; give a local Hugging Face model folder")
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(Path(model_path).expanduser()))
    except (OSError, ValueError) as error:
        raise RlveError(f"--chat {model_path!r}: cannot load a tokenizer: {str(error).splitlines()[0]}") from None
    if chat_template is not None:
        tokenizer.chat_template = chat_template_text(chat_template, "--chat-template")
    if not getattr(tokenizer, "chat_template", None):
        raise RlveError(f"--chat {model_path!r}: the tokenizer has no chat template; give one with --chat-template")
    from jinja2 import TemplateError

    try:
        return tokenizer.apply_chat_template(conversation, tokenize=False, add_generation_prompt=True)
    except (TemplateError, ValueError, TypeError) as error:  # a user's template failed: say how, in one line
        raise RlveError(f"the chat template failed on this conversation: {type(error).__name__}: {error}") from None
