"""The run folder's README.md: what was trained, on what, how far, and where each environment's band ended.

TRL writes a generic card at every checkpoint ("a fine-tuned version of [None]" for a local model);
rlve writes this one instead, at every checkpoint and when the run ends, from what it knows for certain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CARD_FILE = "README.md"


@dataclass
class CardFacts:
    run_id: str
    run_name: str | None
    model: str  # the model folder trained from, or a description of the tiny model
    environments: Mapping[str, int]  # env id -> env version
    strategy: str
    params: Mapping[str, Any]
    reward_mode: str
    step: int
    max_steps: int
    status: str  # "in progress", "finished", "stopped", "failed"
    bands: Mapping[str, Any]  # env id -> rlve.curriculum.Band (low, high, samples, accuracy)
    packages: Mapping[str, str] = field(default_factory=dict)
    history: str = ""  # the command that shows the run's history
    resume_command: str = ""  # the command that continues the run


def render(facts: CardFacts) -> str:
    title = f"rlve run {facts.run_id}" + (f" ({facts.run_name})" if facts.run_name else "")
    params = ", ".join(f"{key}={value}" for key, value in sorted(facts.params.items())) or "default parameters"
    resume = facts.resume_command or f"rlve train --resume {facts.run_id}"
    steps = f"{facts.step} of {facts.max_steps}"
    status = {
        "finished": f"{steps} (finished)",
        "stopped": f"{steps} (stopped; `{resume}` continues it)",
        "failed": f"{steps} (failed; the history's `runs.error` says why)",
    }.get(facts.status, f"{steps} (in progress when this was written)")
    versions = ", ".join(f"{name} {version}" for name, version in sorted(facts.packages.items()))
    lines = [
        "---",
        "library_name: transformers",
        "tags:",
        "- rlve",
        "- grpo",
        "- trl",
        "---",
        "",
        f"# {title}",
        "",
        "GRPO (Hugging Face TRL) on problems that rlve generated and verified, drawn live from an adaptive "
        "curriculum of verifiable environments.",
        "",
        f"- **model trained**: {facts.model}",
        f"- **steps**: {status}",
        f"- **environments**: {', '.join(f'{env} (version {version})' for env, version in facts.environments.items())}",
        f"- **curriculum**: {facts.strategy} ({params})",
        f"- **reward**: {facts.reward_mode}",
    ]
    if versions:
        lines.append(f"- **packages**: {versions}")
    lines += [
        "",
        f"## Difficulty band per environment at step {facts.step}",
        "",
        "| environment | band (low-high) | outcomes at high since the last decision | their accuracy |",
        "| --- | --- | --- | --- |",
    ]
    for env in facts.environments:
        band = facts.bands.get(env)
        if band is None:
            lines.append(f"| {env} | - | - | - |")
            continue
        accuracy = "-" if band.accuracy is None else f"{band.accuracy:.3f}"
        lines.append(f"| {env} | {band.low}-{band.high} | {band.samples} | {accuracy} |")
    lines += [
        "",
        "## Files",
        "",
        "The weights are in the `checkpoint-N/` folders beside this card (each a Hugging Face model folder with "
        "its tokenizer, plus `rlve_state.json`: the curriculum state). `config.toml` is the run's whole config.",
    ]
    if facts.history:
        lines.append(f"The curriculum and every rollout, step by step: `{facts.history}`.")
    return "\n".join(lines) + "\n"


def write(run_dir: str | Path, facts: CardFacts) -> Path:
    """Write the card to ``run_dir/README.md`` (replacing TRL's) and return its path."""
    target = Path(run_dir) / CARD_FILE
    temporary = target.with_name(CARD_FILE + ".tmp")
    temporary.write_text(render(facts))
    temporary.replace(target)
    return target
