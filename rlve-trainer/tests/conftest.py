"""Shared fixtures: offline mode, a tiny model built once, environments whose outcomes the test controls."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

# The tests' helper modules (untrusted_env) must import here and in spawned verifier processes.
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import rlve  # noqa: E402
from rlve import Environment, Instance, Verdict  # noqa: E402


class AlwaysRight(Environment):
    """Every response is correct: the curriculum climbs as fast as its rule allows."""

    id = "testfake/always_right"
    version = 1
    description = "test environment: every response is correct"
    difficulty_scales = "number: 0 to 10 + d"
    size_name = "digits"
    answer_format = "an integer"

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = rng.randint(0, 10 + difficulty)
        return Instance(prompt=f"Say {n}.", answer=str(n), data={"n": n}, size=difficulty + 1)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return Verdict.right()

    def score(self, problem, response):  # even responses without tags count: the test controls correctness
        return Verdict.right()


class NeverRight(AlwaysRight):
    id = "testfake/never_right"
    description = "test environment: no response is correct"

    def check(self, data, answer):
        return Verdict.wrong("never")

    def score(self, problem, response):
        return Verdict.wrong("never")


def register_fakes() -> None:
    registry = rlve.registry()
    for cls in (AlwaysRight, NeverRight):
        if cls.id not in registry:
            registry.add(cls, "rlve-trainer-tests")


@pytest.fixture(scope="module")
def rlve_cli():
    """The `rlve` command group with the trainer's commands (train, eval, ablate, history, ...) registered."""
    from rlve import plugins
    from rlve.cli import cli

    plugins.register_commands(cli)
    return cli


@pytest.fixture(scope="session")
def fakes():
    register_fakes()
    return [AlwaysRight.id, NeverRight.id]


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory):
    from rlve_trainer.tiny import build_tiny

    return build_tiny(tmp_path_factory.mktemp("tiny") / "model", ["graph/shortest_path"])
