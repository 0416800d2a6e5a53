"""Problem, Verdict and the Environment base class that every environment subclasses.

An environment is two pure functions: ``generate`` builds an instance from a difficulty and a local
random generator, ``check`` judges an already-extracted answer against that instance. The base class
wraps both with the things every environment needs and none should re-implement: seeding, argument
validation, the answer-format instruction, answer-size limits, and turning parser errors and bugs
into a zero-reward Verdict instead of an exception in the trainer.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from rlve.parse import ParseError

#: An environment id is ``pack/name``: lower-case letters, digits and underscores on each side.
ENV_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*/[a-z][a-z0-9_]*$")

#: Seeds are non-negative and fit in a signed 64-bit integer, so they survive JSON, SQLite and numpy.
MAX_SEED = 2**63 - 1
#: Training draws seeds below this; the seeds from here to MAX_SEED are held out for evaluation, so an
#: evaluation problem is never a training problem (``rlve train``, ``rlve eval``, ``rlve export --split eval``).
TRAIN_SEED_LIMIT = 2**62

#: Extracted answers longer than this are refused before an environment parses them.
DEFAULT_MAX_ANSWER_CHARS = 20_000

#: The reason prefix of a Verdict that judges nothing: the checker raised something other than ParseError,
#: or the machinery around it (a sandbox, a verifier process) failed. See ``Verdict.is_verifier_error``.
VERIFIER_ERROR = "verifier error"


class Problem(BaseModel):
    """One generated problem: everything needed to show it to a model and to verify an answer later.

    A Problem is a pure function of (env, env_version, seed, difficulty) and round-trips through JSON,
    so it can be stored, shipped to another process and verified there.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    env: str
    env_version: int
    difficulty: int
    seed: int
    prompt: str
    answer: str = Field(description="one reference answer, as the text that goes inside <answer> tags")
    data: dict[str, Any] = Field(default_factory=dict, description="what the verifier needs")
    size: int = Field(ge=0, description="the environment's size measure (nodes, digits, cells...)")


class Verdict(BaseModel):
    """The judgement of one answer. ``reward`` is in [0, 1]; ``correct`` is the binary outcome."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reward: float = Field(ge=0.0, le=1.0)
    correct: bool
    format_ok: bool
    reason: str = ""

    @classmethod
    def right(cls, reason: str = "correct") -> Verdict:
        return cls(reward=1.0, correct=True, format_ok=True, reason=reason)

    @classmethod
    def wrong(cls, reason: str, partial: float = 0.0) -> Verdict:
        """A well-formed answer that is not correct; ``partial`` is optional shaped credit below 1."""
        if not 0.0 <= partial < 1.0:
            raise ValueError(f"partial credit must be in [0, 1), got {partial!r}")
        return cls(reward=partial, correct=False, format_ok=True, reason=reason)

    @classmethod
    def malformed(cls, reason: str) -> Verdict:
        """An answer that could not be read at all: no tags, unparseable, too long."""
        return cls(reward=0.0, correct=False, format_ok=False, reason=reason)

    @classmethod
    def verifier_failed(cls, reason: str) -> Verdict:
        """No judgement at all: the checker crashed, or its sandbox or process could not run.

        It scores 0 like a malformed answer, so nothing built on ``reward`` can be fooled, but it is not the
        answer's fault: trainers give it no format penalty and curricula do not count it.
        """
        return cls.malformed(f"{VERIFIER_ERROR}: {reason}"[:300])

    @property
    def is_verifier_error(self) -> bool:
        return self.reason.startswith(VERIFIER_ERROR)


@dataclass(frozen=True)
class Instance:
    """What ``Environment.generate`` returns; the base class adds the id, version, seed and difficulty."""

    prompt: str
    answer: str
    data: dict[str, Any] = field(default_factory=dict)
    size: int = 0


class InvalidArgument(ValueError):
    """A difficulty or seed outside what environments accept; the message says what is allowed."""


def validate_difficulty(difficulty: object) -> int:
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or difficulty < 0:
        raise InvalidArgument(f"difficulty must be an integer >= 0 (there is no upper bound), got {difficulty!r}")
    return difficulty


def validate_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidArgument(f"seed must be an integer from 0 to {MAX_SEED}, got {seed!r}")
    return seed


class Environment:
    """Base class of every environment. Subclass it, set the class attributes, write two methods.

    Class attributes:
        id: ``pack/name``, unique across all installed packs.
        version: bump it whenever the same (seed, difficulty) would give a different problem.
        description: one line for ``rlve envs list``.
        difficulty_scales: what grows with difficulty, for ``rlve envs show`` ("nodes: 4 + d").
        size_name: what ``Instance.size`` counts ("nodes", "digits", "cells").
        answer_format: how to write the answer, appended to every prompt with the tag instruction.
        tags: free-form labels for filtering.
        max_answer_chars: longer extracted answers are refused before parsing.
        runs_untrusted_code: True when ``check`` executes model-written code (in a sandbox); trainers
            then verify it outside their own process, in a pool with a time limit.
    """

    id: ClassVar[str]
    version: ClassVar[int] = 1
    description: ClassVar[str]
    difficulty_scales: ClassVar[str]
    size_name: ClassVar[str]
    answer_format: ClassVar[str]
    tags: ClassVar[tuple[str, ...]] = ()
    max_answer_chars: ClassVar[int] = DEFAULT_MAX_ANSWER_CHARS
    runs_untrusted_code: ClassVar[bool] = False

    # -- what a subclass writes ---------------------------------------------------------------

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        """Build one instance. Use only ``rng`` for randomness, never the global ``random``."""
        raise NotImplementedError

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        """Judge ``answer`` (already extracted from the response, stripped, size-checked).

        Accept every valid answer, not only the reference one. Raise ``rlve.ParseError`` for an answer
        that cannot be read; the base class turns it into a malformed Verdict.
        """
        raise NotImplementedError

    # -- what the base class provides -----------------------------------------------------------

    def sample(self, difficulty: int, seed: int) -> Problem:
        """The problem for (seed, difficulty): the same inputs always give the same Problem."""
        validate_difficulty(difficulty)
        validate_seed(seed)
        # A string seed is hashed with SHA-512 by random.Random, so the stream does not depend on
        # PYTHONHASHSEED, and each (env, version, difficulty) gets its own independent stream.
        rng = random.Random(f"{self.id}|{self.version}|{difficulty}|{seed}")
        instance = self.generate(difficulty, rng)
        try:
            # Through JSON once, so check() sees the same types (lists, str keys) whether the problem
            # was made in this process or loaded from a database, and a non-serialisable value fails here.
            data = json.loads(json.dumps(instance.data, allow_nan=False))
        except (TypeError, ValueError) as error:
            message = f"{self.id}: Instance.data must be JSON-serialisable, without NaN or inf: {error}"
            raise TypeError(message) from error
        return Problem(
            env=self.id,
            env_version=self.version,
            difficulty=difficulty,
            seed=seed,
            prompt=f"{instance.prompt.rstrip()}\n\n{answer_instruction(self.answer_format)}",
            answer=instance.answer,
            data=data,
            size=instance.size,
        )

    def verify(self, problem: Problem, answer: str | None) -> Verdict:
        """Judge an extracted answer (``None`` when extraction found none). Never raises.

        A problem made by another version of this environment (``problem.env_version``) is not judged:
        the verdict is a verifier error naming both versions, since this version's checker may read that
        problem's ``data`` differently. Trainers give it no penalty and curricula do not count it.
        """
        if problem.env != self.id:
            return Verdict.malformed(f"problem is for {problem.env!r}, not {self.id!r}")
        if problem.env_version != self.version:
            # Like gymnasium's versioned ids: a checker never judges another version's problem.
            return Verdict.verifier_failed(version_mismatch(self.id, problem.env_version, self.version))
        if answer is None:
            return Verdict.malformed("no answer found: expected <answer>...</answer> or \\boxed{...}")
        if len(answer) > self.max_answer_chars:
            return Verdict.malformed(
                f"answer is {len(answer)} characters, more than the {self.max_answer_chars} allowed"
            )
        answer = answer.strip()
        if not answer:
            return Verdict.malformed("the answer is empty")
        try:
            verdict = self.check(problem.data, answer)
        except ParseError as error:
            return Verdict.malformed(f"could not read the answer: {error}")
        except (Exception, SystemExit) as error:  # noqa: BLE001
            # A bug or a resource blow-up in a checker must cost the model its reward, not the run.
            # The conformance suite calls check() directly, so such bugs still fail `rlve check`.
            return Verdict.verifier_failed(f"{type(error).__name__}: {error}")
        if not isinstance(verdict, Verdict):
            return Verdict.verifier_failed(f"check returned {type(verdict).__name__}, not a Verdict")
        return verdict

    def score(self, problem: Problem, response: str) -> Verdict:
        """Extract the answer from a full model response and verify it."""
        from rlve.answers import extract_answer

        return self.verify(problem, extract_answer(response))


def version_mismatch(env_id: str, problem_version: int, installed_version: int) -> str:
    """Why a problem made by another version of an environment is not judged, and what to do instead."""
    return (
        f"the problem was made by {env_id} version {problem_version}, but version {installed_version} is "
        f"installed; verify it with version {problem_version} installed, or regenerate it with this version"
    )


def answer_instruction(answer_format: str) -> str:
    """The sentence every prompt ends with, so the expected format is always stated the same way."""
    return (
        "Think it through, then give only your final answer inside <answer></answer> tags, "
        f"written as {answer_format.rstrip('.')}."
    )
