"""Config files: TOML in, ``--set`` overrides on top, validation with readable errors, TOML out.

Shared by ``rlve train`` (``TrainConfig``, ``config``) and ``rlve ablate`` (``AblateConfig``), so both read
files and report mistakes the same way. ``--set grpo.learning_rate=1e-6`` parses the value as a TOML value
(numbers, booleans, arrays, inline tables) and falls back to a plain string, then the whole config is
validated again, so an override is checked exactly like a file. Errors name the field, the value and
what is allowed.
"""

from __future__ import annotations

import json
import sys
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

M = TypeVar("M", bound=BaseModel)

#: Sections whose tables are values (a strategy's parameters, GRPOConfig pass-through), replaced whole by a
#: file rather than merged key by key into the base config's.
OPAQUE_SECTIONS = ("params", "extra")


def load_train(path: str | Path | None, overrides: Iterable[str] = (), base: TrainConfig | None = None) -> TrainConfig:
    """The training config in ``path`` (TOML, or ``base``/defaults when None) with ``--set`` overrides applied."""
    return load_model(TrainConfig, path, overrides, base, file_label="config file", label="config")


def validate_train(data: dict[str, Any]) -> TrainConfig:
    return validate_model(TrainConfig, data)


def load_model(
    model: type[M],
    path: str | Path | None,
    overrides: Iterable[str],
    base: M | None,
    *,
    file_label: str,
    label: str,
) -> M:
    """``model`` from the TOML file at ``path`` laid over ``base``, then ``--set`` overrides, validated.

    Errors call the file ``file_label`` ("ablation file") and the settings ``label`` ("ablation config").
    """
    data: dict[str, Any] = base.model_dump(mode="json") if base is not None else {}
    if path is not None:
        path = Path(path)
        if not path.is_file():
            raise RlveError(f"{file_label} {str(path)!r} does not exist; pass a TOML file or use --demo")
        try:
            data = merge(data, tomllib.loads(path.read_text()))
        except tomllib.TOMLDecodeError as error:
            raise RlveError(f"{file_label} {str(path)!r} is not valid TOML: {error}") from error
    apply_overrides(data, overrides)
    return validate_model(model, data, label)


def validate_model(model: type[M], data: dict[str, Any], label: str = "config") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RlveError(describe(error, model).replace("invalid config", f"invalid {label}", 1)) from None


def describe(error: ValidationError, root: type[BaseModel] = TrainConfig) -> str:
    """One line per problem: ``field grpo.learning_rate = 'fast': input should be a valid number``."""
    lines = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "config"
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            allowed = ", ".join(sorted(fields_at(item["loc"][:-1], root)))
            lines.append(f"{field}: unknown field; allowed here: {allowed}")
            continue
        lines.append(f"{field} = {item.get('input')!r}: {message}")
    return "invalid config: " + "; ".join(lines)


def fields_at(loc: tuple, root: type[BaseModel]) -> list[str]:
    """The field names of the section at ``loc`` (list indexes skipped, optional sections unwrapped)."""
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


def apply_overrides(data: dict[str, Any], overrides: Iterable[str]) -> dict[str, Any]:
    """Apply ``--set FIELD=VALUE`` overrides to the plain data of a config, in order; returns ``data``."""
    for override in overrides:
        key, value = parse_override(override)
        set_dotted(data, key, value)
    return data


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


def set_dotted(data: dict[str, Any], key: str, value: Any) -> None:
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


def merge(base: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """``update`` laid over ``base``: sections merged key by key, everything else replaced."""
    merged = dict(base)
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict) and key not in OPAQUE_SECTIONS:
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def location_overrides(output: str | None, db: str | None) -> list[str]:
    """``--output`` / ``--db`` of a command as ``--set`` overrides of its config's ``output`` / ``db``."""
    return [
        *([f"output={json.dumps(output)}"] if output else []),
        *([f"db={json.dumps(db)}"] if db else []),
    ]


def to_toml(config: BaseModel) -> str:
    """A TOML text that loads back to ``config`` (saved beside every run)."""
    data = config.model_dump(mode="json")
    top = {k: v for k, v in data.items() if not isinstance(v, dict)}
    lines = [f"{key} = {toml_value(value)}" for key, value in top.items() if value is not None]
    for section, values in data.items():
        if not isinstance(values, dict):
            continue
        lines.append(f"\n[{section}]")
        lines.extend(f"{key} = {toml_value(value)}" for key, value in values.items() if value is not None)
    return "\n".join(lines) + "\n"


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items() if v is not None) + "}"
    raise TypeError(f"cannot write {value!r} as TOML")
