"""Scoring a file of model responses to exported problems: ``rlve verify-file``.

Each line is a JSON object naming its problem by ``env``, ``env_version``, ``difficulty`` and ``seed`` (as every
row of ``rlve export`` does; a verl row's ``extra_info`` holds the same four) and the model's full ``response``.
The problem is regenerated and the response scored as in training (answer extraction included). A line that
cannot be judged (not JSON, a missing field, an unknown environment, another environment version) is counted and
reported with its line number, never scored as correct, and never stops the others.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rlve.answers import MAX_RESPONSE_CHARS
from rlve.environment import validate_difficulty, validate_seed

#: A line longer than this is not judged: extraction reads at most MAX_RESPONSE_CHARS of a response anyway.
MAX_LINE_CHARS = 4 * MAX_RESPONSE_CHARS


@dataclass
class Tally:
    lines: int = 0
    scored: int = 0
    correct: int = 0
    problems: list[tuple[int, str]] = field(default_factory=list)  # (line number, why it was not judged)
    #: env id -> [scored, correct]
    by_env: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))


def problem_key(record: dict[str, Any]) -> dict[str, Any]:
    """The four fields that name a problem, from the record itself or from its ``extra_info`` (verl rows)."""
    source = record.get("extra_info") if isinstance(record.get("extra_info"), dict) else record
    return {key: source.get(key, record.get(key)) for key in ("env", "env_version", "difficulty", "seed")}


def judge(record: Any, registry) -> tuple[dict[str, Any], Any]:
    """``(key, Verdict)`` for one line's record; ValueError saying why it cannot be judged."""
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    key = problem_key(record)
    missing = [name for name, value in key.items() if value is None]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}")
    response = record.get("response", record.get("completion"))
    if not isinstance(response, str):
        raise ValueError("missing response (the model's full response as text)")
    env_id = str(key["env"])
    if env_id not in registry:
        raise ValueError(f"unknown environment {env_id!r}")
    env = registry.get(env_id)
    try:
        version = int(key["env_version"])
        difficulty = validate_difficulty(int(key["difficulty"]))
        seed = validate_seed(int(key["seed"]))
    except (TypeError, ValueError) as error:
        raise ValueError(f"bad env_version, difficulty or seed: {error}") from None
    if version != env.version:
        raise ValueError(
            f"{env_id} version {version} made this problem, but version {env.version} is installed: its problems differ"
        )
    problem = env.sample(difficulty, seed)
    return key, env.score(problem, response)


def read_lines(path: Path) -> Iterator[tuple[int, str]]:
    with path.open("r", encoding="utf-8", errors="replace") as source:
        yield from enumerate(source, start=1)


def verify_file(path: str | Path, *, on_verdict=None) -> Tally:
    """Score every line of ``path``; ``on_verdict(line_number, key, verdict)`` for each judged one."""
    from rlve.plugins import registry

    environments = registry()
    tally = Tally()
    for number, line in read_lines(Path(path)):
        if not line.strip():
            continue
        tally.lines += 1
        try:
            if len(line) > MAX_LINE_CHARS:
                raise ValueError(f"line longer than {MAX_LINE_CHARS} characters")
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise ValueError(f"not JSON ({error.msg})") from None
            key, verdict = judge(record, environments)
        except ValueError as error:
            tally.problems.append((number, str(error)))
            continue
        tally.scored += 1
        tally.correct += bool(verdict.correct)
        counts = tally.by_env[str(key["env"])]
        counts[0] += 1
        counts[1] += bool(verdict.correct)
        if on_verdict is not None:
            on_verdict(number, key, verdict)
    return tally
