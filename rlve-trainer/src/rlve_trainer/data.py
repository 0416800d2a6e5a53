"""The curriculum-driven training stream: problems made at the moment TRL asks for them.

TRL 1.16 reads an ``IterableDataset`` through ``repeat_iterable_dataset``, which itself repeats each row
``num_generations`` times consecutively (the GRPO group), so the stream yields each problem once. With
``shuffle_dataset=False`` there is no shuffle buffer; the only read-ahead left is Accelerate's
one-batch look-ahead in its data loader, so a curriculum change made while scoring generation batch k
shows in batch k + 2 at the latest: one generation batch of lag (``tests/test_live_curriculum.py``).

Words: the stream *draws* a problem for each slot (``draw``): the curriculum picks an environment and a
difficulty (``Curriculum.sample``), then the environment generates the problem for a seed
(``Environment.sample``). ``rlve sample`` (the command) plays no part here.

Problem ``slot`` s (the s-th problem of the run) draws its environment, difficulty and seed from
``random.Random(f"{run seed}|{s}")`` and the curriculum's state at that moment. Every rank of a
multi-process run reads the whole stream (Accelerate shards it after reading) with the same curriculum
state, so every rank makes the same problem for a slot and a group split across ranks is one problem.
A resumed run restarts the stream at the first slot not yet trained on, with no RNG state to restore.
Seeds are drawn below ``TRAIN_SEED_LIMIT`` only, which keeps the top half of the seed space held out.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict, deque
from collections.abc import Iterator, Mapping
from typing import Any

from rlve import Environment, Problem
from rlve.chat import messages
from rlve.curriculum import Curriculum
from rlve.environment import MAX_SEED, TRAIN_SEED_LIMIT

__all__ = ["TRAIN_SEED_LIMIT", "ProblemStream", "held_out_seeds"]


def held_out_seeds(env_id: str, difficulty: int, count: int, eval_seed: int) -> list[int]:
    """``count`` distinct seeds in [2**62, 2**63), never trained on, the same for the same arguments on every
    machine; ``rlve ablate`` and ``rlve eval`` take their problems from them."""
    rng = random.Random(f"rlve-ablate-eval|{eval_seed}|{env_id}|{difficulty}")
    seeds: list[int] = []
    chosen: set[int] = set()
    while len(seeds) < count:
        seed = rng.randint(TRAIN_SEED_LIMIT, MAX_SEED)
        if seed not in chosen:
            chosen.add(seed)
            seeds.append(seed)
    return seeds


#: Dataset columns besides ``prompt``; TRL hands them to the reward function as keyword arguments.
COLUMNS = ("rlve_slot", "rlve_env", "rlve_difficulty", "rlve_seed")


class ProblemStream:
    """The run's problems, slot by slot, each drawn from the curriculum when the data loader asks for it."""

    def __init__(
        self,
        curriculum: Curriculum,
        environments: Mapping[str, Environment],
        seed: int,
        start_slot: int = 0,
        cache_size: int = 4096,
        system_prompt: str | None = None,
    ):
        self.curriculum = curriculum
        self.system_prompt = system_prompt
        self.environments = dict(environments)
        self.seed = seed
        self.next_slot = start_slot
        self._cache: OrderedDict[int, Problem] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        #: (slot, drawn while the curriculum had seen this many outcomes); for tests and debugging.
        self.drawn_at: deque[tuple[int, int]] = deque(maxlen=10_000)
        self.outcomes_seen = 0

    def draw(self, slot: int) -> Problem:
        """Draw the problem of ``slot`` from the curriculum as it stands now."""
        rng = random.Random(f"rlve-trainer|{self.seed}|{slot}")
        env_id, difficulty = self.curriculum.sample(rng)  # the curriculum picks (environment, difficulty)
        problem = self.environments[env_id].sample(difficulty, rng.randrange(TRAIN_SEED_LIMIT))  # generate it
        with self._lock:
            self._cache[slot] = problem
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
            self.drawn_at.append((slot, self.outcomes_seen))
        return problem

    def drawn(self, slot: int, env_id: str, difficulty: int, seed: int) -> Problem:
        """The problem drawn for ``slot`` that a reward is for: cached, or generated again from its (env,
        difficulty, seed), which gives the same Problem."""
        with self._lock:
            problem = self._cache.get(slot)
        if problem is not None and (problem.env, problem.difficulty, problem.seed) == (env_id, difficulty, seed):
            return problem
        return self.environments[env_id].sample(difficulty, seed)

    def rows(self) -> Iterator[dict[str, Any]]:
        """Rows forever, one per problem, each made only when the data loader asks for it."""
        while True:
            slot = self.next_slot
            self.next_slot += 1
            problem = self.draw(slot)
            yield {
                "prompt": messages(problem.prompt, self.system_prompt),
                "rlve_slot": slot,
                "rlve_env": problem.env,
                "rlve_difficulty": problem.difficulty,
                "rlve_seed": problem.seed,
            }

    def dataset(self):
        """A ``datasets.IterableDataset`` over ``rows()``; pair it with ``shuffle_dataset=False``."""
        from datasets import Features, IterableDataset, Value

        features = Features(
            {
                "prompt": [{"role": Value("string"), "content": Value("string")}],
                "rlve_slot": Value("int64"),
                "rlve_env": Value("string"),
                "rlve_difficulty": Value("int64"),
                "rlve_seed": Value("int64"),
            }
        )
        # A closure, not gen_kwargs: datasets would copy the kwargs, and the stream must be this live object.
        stream = self

        def generate():
            yield from stream.rows()

        return IterableDataset.from_generator(generate, features=features)
