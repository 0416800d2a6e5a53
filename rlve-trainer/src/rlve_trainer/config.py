"""The one configuration model of a training run: loadable from TOML, every field overridable with ``--set``.

A TOML file mirrors the model's sections::

    envs = ["graph/shortest_path", "math/*"]
    max_steps = 500
    [model]
    path = "/models/Qwen2.5-0.5B-Instruct"
    [curriculum]
    strategy = "adaptive"
    params = { min_samples = 64 }
    [grpo]
    learning_rate = 1e-6

``--set grpo.learning_rate=1e-6`` parses the value as a TOML value (numbers, booleans, arrays, inline
tables) and falls back to a plain string, then the whole config is validated again, so an override is
checked exactly like a file. Errors name the field, the value and what is allowed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rlve.errors import RlveError

M = TypeVar("M", bound=BaseModel)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LOSS_TYPES = ("grpo", "dr_grpo", "dapo", "bnpo", "cispo", "sapo", "luspo", "vespo")


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class ModelSection(Section):
    path: str | None = Field(None, description="a local Hugging Face model folder (weights, tokenizer, chat template)")
    tiny: bool = Field(False, description="build a tiny random model offline instead (the demo and tests)")
    trust_remote_code: bool = False


class CurriculumSection(Section):
    strategy: str = Field("adaptive", description="a name from rlve.curriculum.available()")
    params: dict[str, Any] = Field(default_factory=dict, description="the strategy's keyword parameters")


class RewardSection(Section):
    mode: Literal["binary", "shaped"] = Field("binary", description="binary: 1 if correct else 0 (RLVE's choice)")
    format_penalty: float = Field(0.0, ge=0.0, le=1.0, description="subtracted when the answer cannot be read")
    verify_timeout: float = Field(10.0, gt=0, description="seconds per answer for environments that run code")
    verify_workers: int = Field(2, ge=1, description="processes verifying environments that run code")


class GRPOSection(Section):
    """The TRL GRPOConfig parameters users tune; ``extra`` passes anything else through unchanged."""

    num_generations: int = Field(8, ge=2, description="completions per problem (the GRPO group)")
    per_device_train_batch_size: int = Field(8, ge=1, description="completions per device per step")
    gradient_accumulation_steps: int = Field(1, ge=1)
    max_completion_length: int = Field(256, ge=1)
    learning_rate: float = Field(1e-6, gt=0)
    beta: float = Field(0.0, ge=0, description="KL coefficient; 0 loads no reference model")
    loss_type: Literal[LOSS_TYPES] = "dapo"  # type: ignore[valid-type]
    scale_rewards: Literal["group", "batch", "none"] = "group"
    temperature: float = Field(1.0, gt=0)
    top_p: float = Field(1.0, gt=0, le=1)
    use_vllm: bool = False
    vllm_mode: Literal["colocate", "server"] = "colocate"
    vllm_gpu_memory_utilization: float = Field(0.3, gt=0, le=1)
    bf16: bool | None = Field(None, description="None: on when a bf16-capable GPU is present, off on CPU")
    gradient_checkpointing: bool = False
    logging_steps: int = Field(1, ge=1)
    save_steps: int = Field(50, ge=1, description="checkpoint every this many steps (and at the end)")
    save_total_limit: int | None = Field(2, ge=1)
    extra: dict[str, Any] = Field(default_factory=dict, description="any other GRPOConfig argument")


class TrainConfig(Section):
    model: ModelSection = Field(default_factory=ModelSection)
    envs: list[str] = Field(default_factory=lambda: ["graph/shortest_path"], min_length=1)
    curriculum: CurriculumSection = Field(default_factory=CurriculumSection)
    reward: RewardSection = Field(default_factory=RewardSection)
    grpo: GRPOSection = Field(default_factory=GRPOSection)
    seed: int = Field(0, ge=0)
    max_steps: int = Field(100, ge=1)
    output: str = Field("rlve-runs", description="folder holding one sub-folder per run")
    db: str | None = Field(None, description="SQLAlchemy URL or a file path; default <output>/history.db")
    run_name: str | None = None
    store_completions: bool = Field(False, description="keep each completion's text in the rollouts table")

    @field_validator("envs", mode="before")
    @classmethod
    def _one_env_is_a_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    def db_url(self) -> str:
        from rlve_trainer.history.engine import to_url

        return to_url(self.db) if self.db else to_url(str(Path(self.output) / "history.db"))


def demo_config() -> TrainConfig:
    """``rlve train --demo``: a tiny offline model, ~30 quick steps on CPU, a curriculum that can move."""
    return TrainConfig(
        model=ModelSection(tiny=True),
        envs=["graph/shortest_path", "graph/connected_components"],
        curriculum=CurriculumSection(strategy="adaptive", params={"min_samples": 8, "threshold": 0.5}),
        reward=RewardSection(mode="shaped"),
        grpo=GRPOSection(
            num_generations=4,
            per_device_train_batch_size=8,
            max_completion_length=24,
            learning_rate=5e-4,
            temperature=1.0,
            save_steps=10,
        ),
        max_steps=30,
        run_name="demo",
    )


def load(path: str | Path | None, overrides: list[str] = (), base: TrainConfig | None = None) -> TrainConfig:
    """The config in ``path`` (TOML, or ``base``/defaults when None) with ``--set`` overrides applied."""
    return load_model(TrainConfig, path, overrides, base, file_label="config file", label="config")


def validate(data: dict[str, Any]) -> TrainConfig:
    return validate_model(TrainConfig, data)


def load_model(
    model: type[M], path: str | Path | None, overrides: list[str], base: M | None, *, file_label: str, label: str
) -> M:
    """``model`` from the TOML file at ``path`` laid over ``base``, then ``--set`` overrides, validated.

    Shared by ``rlve train`` and ``rlve ablate`` so both read files and report mistakes the same way;
    errors call the file ``file_label`` ("ablation file") and the settings ``label`` ("ablation config").
    """
    data: dict[str, Any] = base.model_dump(mode="json") if base is not None else {}
    if path is not None:
        path = Path(path)
        if not path.is_file():
            raise RlveError(f"{file_label} {str(path)!r} does not exist; pass a TOML file or use --demo")
        try:
            data = _merge(data, tomllib.loads(path.read_text()))
        except tomllib.TOMLDecodeError as error:
            raise RlveError(f"{file_label} {str(path)!r} is not valid TOML: {error}") from error
    for override in overrides:
        key, value = parse_override(override)
        _set_dotted(data, key, value)
    return validate_model(model, data, label)


def validate_model(model: type[M], data: dict[str, Any], label: str = "config") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RlveError(describe(error, model).replace("invalid config", f"invalid {label}", 1)) from None


def describe(error: ValidationError, root: type[BaseModel] | None = None) -> str:
    """One line per problem: ``field grpo.learning_rate = 'fast': input should be a valid number``."""
    lines = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "config"
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            parent = item["loc"][:-1]
            allowed = ", ".join(sorted(_fields_at(parent, root or TrainConfig)))
            message = f"unknown field; allowed here: {allowed}"
            lines.append(f"{field}: {message}")
            continue
        lines.append(f"{field} = {item.get('input')!r}: {message}")
    return "invalid config: " + "; ".join(lines)


def _fields_at(loc: tuple, root: type[BaseModel]) -> list[str]:
    """The field names of the section at ``loc`` (list indexes skipped, optional sections unwrapped)."""
    import typing

    model = root
    for part in loc:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(str(part))
        if field is None:
            return []
        candidates = [field.annotation, *typing.get_args(field.annotation)]
        sections = [c for c in candidates if isinstance(c, type) and issubclass(c, BaseModel)]
        if not sections:
            return []
        model = sections[0]
    return list(model.model_fields)


def parse_override(text: str) -> tuple[str, Any]:
    """``a.b=value`` -> ("a.b", value), the value read as TOML when it is valid TOML, else as a string."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise RlveError(f"--set {text!r}: expected FIELD=VALUE, for example --set grpo.learning_rate=1e-6")
    try:
        value = tomllib.loads(f"v = {raw.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw.strip()
    return key, value


def _set_dotted(data: dict[str, Any], key: str, value: Any) -> None:
    """Set ``a.b.c`` in nested dicts; a number picks a list item (``arms.0.params`` in an ablation)."""
    parts = key.split(".")
    node: Any = data
    for index, part in enumerate(parts):
        here = ".".join(parts[: index + 1])
        last = index == len(parts) - 1
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                raise RlveError(f"--set {key}: {here} is not an item of a list of {len(node)}")
            if last:
                node[int(part)] = value
                return
            node = node[int(part)]
            continue
        if not isinstance(node, dict):
            raise RlveError(f"--set {key}: {'.'.join(parts[:index])} is not a section")
        if last:
            node[part] = value
            return
        node = node.setdefault(part, {})


def _merge(base: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict) and key not in ("params", "extra"):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def to_toml(config: TrainConfig) -> str:
    """A TOML text that loads back to ``config`` (saved beside every run)."""
    data = config.model_dump(mode="json")
    top = {k: v for k, v in data.items() if not isinstance(v, dict)}
    lines = [f"{key} = {_toml_value(value)}" for key, value in top.items() if value is not None]
    for section, values in data.items():
        if not isinstance(values, dict):
            continue
        lines.append(f"\n[{section}]")
        lines.extend(f"{key} = {_toml_value(value)}" for key, value in values.items() if value is not None)
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items() if v is not None) + "}"
    raise TypeError(f"cannot write {value!r} as TOML")
