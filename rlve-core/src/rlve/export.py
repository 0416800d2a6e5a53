"""A static snapshot of problems for any engine or for evaluation: ``rlve export``, and scoring responses to it.

Every row carries the problem's (env, env_version, difficulty, seed), so the reward side can regenerate and
verify it anywhere (``rlve verify-file``) without shipping the verifier's data. Rows are made and written one
at a time, so a million problems never sit in memory. The same arguments give the same file.

Seeds: ``split="train"`` draws them below ``TRAIN_SEED_LIMIT`` like training does; ``split="eval"`` draws
them from the held-out range above it, which no training stream ever uses, so an evaluation export never
shares a problem (by seed) with any training run.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from rlve.environment import TRAIN_SEED_LIMIT, Environment, Problem
from rlve.errors import RlveError

FORMATS = ("jsonl", "parquet", "verl", "hf")
SPLITS = ("train", "eval")
#: Rows per parquet row group (and per progress report).
BATCH = 1000
#: More levels than this in one --difficulties is surely a typo (0-100000000).
MAX_LEVELS = 10_000


def parse_levels(text: str) -> list[int]:
    """``"0-8"``, ``"0,2,5"``, ``"0-3,10,20-22"`` -> sorted distinct levels; RlveError naming the bad part."""
    levels: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            start = int(low)
            end = int(high) if dash else start
        except ValueError:
            raise RlveError(
                f"--difficulties {text!r}: {part!r} is not a level or a range such as 0-8 (write 0-8,12,20-22)"
            ) from None
        if start < 0 or end < start:
            raise RlveError(f"--difficulties {text!r}: {part!r} must be levels >= 0, low-high with low <= high")
        if end - start + 1 + len(levels) > MAX_LEVELS:
            raise RlveError(f"--difficulties {text!r} names more than {MAX_LEVELS} levels")
        levels.update(range(start, end + 1))
    if not levels:
        raise RlveError(f"--difficulties {text!r} names no level; write e.g. 0-8")
    return sorted(levels)


def seeds(env_id: str, difficulty: int, *, split: str, seed: int) -> Iterator[int]:
    """Distinct seeds for (env, difficulty) from the split's range, the same on every machine, one at a time.

    The i-th seed is ``base + (a * i + b) mod 2**62`` with ``a`` odd: a bijection on the range, so seeds never
    repeat and none has to be remembered (a million problems per level cost no memory here).
    """
    base = 0 if split == "train" else TRAIN_SEED_LIMIT
    span = TRAIN_SEED_LIMIT  # train is [0, 2**62), eval [2**62, 2**63): both hold 2**62 seeds
    rng = random.Random(f"rlve-export|{split}|{seed}|{env_id}|{difficulty}")
    step, offset = rng.randrange(span) | 1, rng.randrange(span)
    index = 0
    while True:
        yield base + (step * index + offset) % span
        index += 1


def problems(
    environments: Sequence[Environment], levels: Sequence[int], per_level: int, *, split: str, seed: int
) -> Iterator[Problem]:
    """Environment by environment, level by level, ``per_level`` problems each, generated one at a time."""
    for env in environments:
        for difficulty in levels:
            for _, problem_seed in zip(range(per_level), seeds(env.id, difficulty, split=split, seed=seed)):
                yield env.sample(difficulty, problem_seed)


def plain_row(problem: Problem) -> dict[str, Any]:
    """The Problem's fields; ``data`` as JSON text, so every row has the same columns whatever the environment."""
    row = problem.model_dump()
    row["data"] = json.dumps(row["data"], sort_keys=True)
    return row


def verl_row(problem: Problem, index: int, split: str) -> dict[str, Any]:
    """verl's RL parquet row: ``data_source`` (the environment id, which verl passes to the reward function),
    ``prompt`` (chat messages), ``ability``, ``reward_model`` and ``extra_info`` (what regenerates the problem)."""
    return {
        "data_source": problem.env,
        "prompt": [{"role": "user", "content": problem.prompt}],
        "ability": problem.env.split("/", 1)[0],
        "reward_model": {"style": "rule", "ground_truth": problem.answer},
        "extra_info": {
            "env": problem.env,
            "env_version": problem.env_version,
            "difficulty": problem.difficulty,
            "seed": str(problem.seed),  # 63-bit seeds: text, as parquet readers differ on large integers
            "index": index,
            "split": split,
        },
    }


def _import_pyarrow(fmt: str):
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise RlveError(f"--format {fmt} needs pyarrow, which is not installed: pip install pyarrow") from None
    return pyarrow


def write_jsonl(rows: Iterator[dict[str, Any]], path: Path) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    return count


def write_parquet(rows: Iterator[dict[str, Any]], path: Path, fmt: str) -> int:
    pyarrow = _import_pyarrow(fmt)
    writer = None
    count = 0
    batch: list[dict[str, Any]] = []

    def flush() -> None:
        nonlocal writer
        table = pyarrow.Table.from_pylist(batch)
        if writer is None:
            writer = pyarrow.parquet.ParquetWriter(str(path), table.schema)
        writer.write_table(table.cast(writer.schema))
        batch.clear()

    try:
        for row in rows:
            batch.append(row)
            count += 1
            if len(batch) >= BATCH:
                flush()
        if batch:
            flush()
    finally:
        if writer is not None:
            writer.close()
    return count


def write_hf(rows: Iterator[dict[str, Any]], path: Path) -> int:
    """A ``datasets`` folder (``load_from_disk``): the rows streamed to a parquet file first, then converted
    (memory-mapped, so the rows are never all in memory either)."""
    try:
        import datasets
    except ImportError:
        raise RlveError(
            "--format hf needs the datasets package, which is not installed: pip install datasets"
        ) from None
    bars = datasets.is_progress_bar_enabled()
    datasets.disable_progress_bars()  # rlve export prints its own progress
    staging = path.parent / f".{path.name}.staging"
    remove(staging)
    staging.mkdir(parents=True)
    try:
        count = write_parquet(rows, staging / "rows.parquet", "hf")
        dataset = datasets.Dataset.from_parquet(str(staging / "rows.parquet"), cache_dir=str(staging / "cache"))
        dataset.save_to_disk(str(path))
    finally:
        remove(staging)
        if bars:
            datasets.enable_progress_bars()
    return count


def export(
    environments: Sequence[Environment],
    levels: Sequence[int],
    per_level: int,
    path: str | Path,
    *,
    fmt: str = "jsonl",
    split: str = "train",
    seed: int = 0,
    on_row: Callable[[int], None] | None = None,
) -> int:
    """Write ``per_level`` problems per environment and level to ``path`` in ``fmt``; the number of rows.

    ``path`` is a file for jsonl, parquet and verl (``.parquet``), a folder for hf (``load_from_disk``).
    """
    if fmt not in FORMATS:
        raise RlveError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if split not in SPLITS:
        raise RlveError(f"unknown split {split!r}; choose train or eval")
    if per_level < 1:
        raise RlveError(f"--per-level must be at least 1, got {per_level}")
    path = Path(path)
    if path.exists() and not (fmt == "hf" and path.is_dir() and not any(path.iterdir())):
        raise RlveError(f"{path} already exists; choose another -o or remove it first")
    if fmt in ("parquet", "verl", "hf"):
        _import_pyarrow(fmt)  # before any work, so a missing package is one line at once
    path.parent.mkdir(parents=True, exist_ok=True)

    def rows() -> Iterator[dict[str, Any]]:
        for index, problem in enumerate(problems(environments, levels, per_level, split=split, seed=seed)):
            if on_row is not None:
                on_row(index + 1)
            yield verl_row(problem, index, split) if fmt == "verl" else plain_row(problem)

    try:
        if fmt == "jsonl":
            return write_jsonl(rows(), path)
        if fmt == "hf":
            return write_hf(rows(), path)
        return write_parquet(rows(), path, fmt)
    except BaseException:
        remove(path)  # Ctrl-C or a failure: no half-written snapshot that looks complete
        raise


def remove(path: Path) -> None:
    import shutil

    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)
