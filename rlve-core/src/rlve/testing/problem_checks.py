"""The checks about problems: generation (and its time), determinism, seed variety, prompt format,
JSON round trip and size growth. A mixin of ``rlve.testing.checks.EnvironmentChecker``, whose docstring
states the rules; ``sample`` generates and caches the problems every other check reads.
"""

from __future__ import annotations

import json

from rlve.environment import Environment, Problem, answer_instruction
from rlve.testing.check_support import CheckerState, describe_exception, differences, spread
from rlve.testing.timing import cpu_timer

VARIETY_SEEDS = 5
VARIETY_SOME_FROM = 5
VARIETY_ALL_FROM = 10
GROWTH_SPAN = 10
#: Up to this level, size must grow from each tested level to the next; beyond it, it must only not fall.
STRICT_GROWTH_UNTIL = 30


class ProblemChecks(CheckerState):
    """Generate the grid of problems and check the problems themselves (no answer is scored here)."""

    # -- generation ------------------------------------------------------------------------------

    def sample(self, env: Environment, difficulty: int, seed: int, *, stress: bool = False) -> Problem | None:
        """Generate, time and sanity-check one problem; cache it for every other check."""
        if (difficulty, seed) in self.problems:
            return self.problems[(difficulty, seed)]
        self.progress("generation", difficulty, seed, "sample()")
        try:
            with cpu_timer() as spent:
                problem = env.sample(difficulty, seed)
        except Exception as error:  # noqa: BLE001
            self.report.fail(
                "generation", f"sample() raised {describe_exception(error)}", difficulty=difficulty, seed=seed
            )
            return None
        self.report.time_generation(spent.cpu, difficulty, seed, spent.wall)
        budget = self.config.stress_generation_budget_s if stress else self.config.generation_budget_s
        if spent.cpu > budget:
            self.report.fail(
                "generation_time",
                f"generation used {spent}, over the {budget:g} s budget of CPU time",
                difficulty=difficulty,
                seed=seed,
            )
        else:
            self.report.passed_case("generation_time")
        expected = (self.cls.id, self.cls.version, difficulty, seed)
        if not isinstance(problem, Problem):
            self.report.fail(
                "generation",
                f"sample() returned {type(problem).__name__}, not a Problem",
                difficulty=difficulty,
                seed=seed,
            )
            return None
        if (problem.env, problem.env_version, problem.difficulty, problem.seed) != expected:
            self.report.fail(
                "generation",
                f"sample() returned the Problem for {problem.env} v{problem.env_version} "
                f"d={problem.difficulty} s={problem.seed}",
                difficulty=difficulty,
                seed=seed,
            )
        else:
            self.report.passed_case("generation")
        self.problems[(difficulty, seed)] = problem
        return problem

    def generation(self, env: Environment) -> None:
        levels, seeds = self.config.levels, self.config.seeds
        # The first call pays for lazy imports and caches: it is made once untimed, then compared.
        self.progress("generation", levels[0], seeds[0], "warm-up sample()")
        try:
            self.warm_up = env.sample(levels[0], seeds[0])
        except Exception:  # noqa: BLE001 - reported by the timed call below
            self.warm_up = None
        for difficulty in levels:
            for seed in seeds:
                self.sample(env, difficulty, seed)
        for difficulty in self.config.stress_levels:
            self.sample(env, difficulty, seeds[0], stress=True)

    # -- generation properties -------------------------------------------------------------------

    def determinism(self, env: Environment) -> None:
        first = self.problems.get((self.config.levels[0], self.config.seeds[0]))
        if self.warm_up is not None and first is not None:
            self.compare(self.warm_up, first)
        # Again, in reverse order, so state carried from one call to the next shows up too.
        spots = spread(self.config.levels, 5) + list(self.config.stress_levels)
        for difficulty in reversed(spots):
            for seed in reversed(self.config.seeds):
                original = self.problems.get((difficulty, seed))
                if original is None:
                    continue
                self.progress("determinism", difficulty, seed, "sample() again")
                try:
                    again = env.sample(difficulty, seed)
                except Exception as error:  # noqa: BLE001
                    self.report.fail(
                        "determinism",
                        f"sample() raised the second time: {describe_exception(error)}",
                        difficulty=difficulty,
                        seed=seed,
                    )
                    continue
                self.compare(original, again)

    def compare(self, first: Problem, second: Problem) -> None:
        if first == second:
            self.report.passed_case("determinism")
            return
        self.report.fail(
            "determinism",
            f"the same (seed, difficulty) gave a different problem the second time: {differences(first, second)}",
            difficulty=first.difficulty,
            seed=first.seed,
        )

    def probe_seeds(self) -> list[int]:
        seeds = list(dict.fromkeys(self.config.seeds))
        extra = max(seeds) + 1
        while len(seeds) < VARIETY_SEEDS:
            seeds.append(extra)
            extra += 1
        return seeds[:VARIETY_SEEDS]

    def probe(self, env: Environment, difficulty: int) -> dict[int, Problem]:
        stress = difficulty in self.config.stress_levels
        problems = {seed: self.sample(env, difficulty, seed, stress=stress) for seed in self.probe_seeds()}
        return {seed: p for seed, p in problems.items() if p is not None}

    def seed_variety(self, env: Environment) -> None:
        levels = self.config.levels
        low, high = levels[0], levels[-1]
        low_problems = self.probe(env, low)
        low_prompts = {p.prompt for p in low_problems.values()}
        if len(low_problems) < 2:
            pass  # generation failed there, and says so
        elif len(low_prompts) < 2:
            self.report.fail("seed_variety", f"{VARIETY_SEEDS} seeds all give the same problem", difficulty=low)
        else:
            self.report.passed_case("seed_variety")
        if len(self.config.seeds) >= 2:
            for difficulty in levels:
                if difficulty < VARIETY_SOME_FROM:
                    continue
                problems = [
                    self.problems[(difficulty, s)] for s in self.config.seeds if (difficulty, s) in self.problems
                ]
                if len(problems) < 2:
                    continue
                if len({p.prompt for p in problems}) == 1:
                    self.report.fail(
                        "seed_variety",
                        f"seeds {list(self.config.seeds)} all give the same problem",
                        difficulty=difficulty,
                    )
                else:
                    self.report.passed_case("seed_variety")
        if high >= VARIETY_ALL_FROM:
            seen: dict[str, int] = {}
            for seed, problem in self.probe(env, high).items():
                if problem.prompt in seen:
                    self.report.fail(
                        "seed_variety",
                        f"seeds {seen[problem.prompt]} and {seed} give the same problem at a level where the "
                        "problem space should be large",
                        difficulty=high,
                        seed=seed,
                    )
                else:
                    seen[problem.prompt] = seed
                    self.report.passed_case("seed_variety")

    def prompt_format(self, env: Environment) -> None:
        instruction = answer_instruction(self.cls.answer_format)
        stated_format = self.cls.answer_format.rstrip(".")
        for (difficulty, seed), problem in sorted(self.problems.items()):
            at = {"difficulty": difficulty, "seed": seed}
            if instruction not in problem.prompt or stated_format not in problem.prompt:
                self.report.fail("prompt_format", "the prompt does not end with the standard answer sentence", **at)
            elif problem.prompt.count("<answer>") != 1:
                self.report.fail(
                    "prompt_format",
                    f"the prompt mentions <answer> {problem.prompt.count('<answer>')} times: the base class adds the "
                    "tag instruction, so do not write your own",
                    **at,
                )
            elif not problem.prompt[: problem.prompt.rfind(instruction)].strip():
                self.report.fail("prompt_format", "the prompt is empty apart from the answer sentence", **at)
            else:
                self.report.passed_case("prompt_format")

    def json_round_trip(self, env: Environment) -> None:
        for (difficulty, seed), problem in sorted(self.problems.items()):
            at = {"difficulty": difficulty, "seed": seed}
            try:
                plain = json.loads(json.dumps(problem.data, allow_nan=False))
            except (TypeError, ValueError) as error:
                self.report.fail("json_round_trip", f"data is not plain JSON: {error}", **at)
                continue
            if plain != problem.data:
                self.report.fail(
                    "json_round_trip",
                    "data changes in a JSON round trip (tuples, sets or non-string keys?): "
                    f"{differences(problem, problem.model_copy(update={'data': plain}))}",
                    **at,
                )
                continue
            if Problem.model_validate_json(problem.model_dump_json()) != problem:
                self.report.fail(
                    "json_round_trip", "the Problem differs after model_dump_json/model_validate_json", **at
                )
                continue
            self.report.passed_case("json_round_trip")

    def size_growth(self, env: Environment) -> None:
        sizes: dict[int, dict[int, int]] = {}
        for (difficulty, seed), problem in self.problems.items():
            if seed in self.config.seeds:
                sizes.setdefault(difficulty, {})[seed] = problem.size
        levels = sorted(sizes)
        for difficulty in levels:
            values = set(sizes[difficulty].values())
            if min(values) < 0:
                self.report.fail("size_growth", f"size is negative: {min(values)}", difficulty=difficulty)
            if len(values) > 1:
                self.report.fail(
                    "size_growth",
                    f"size depends on the seed: {dict(sorted(sizes[difficulty].items()))} (seed: size); it must be "
                    "a function of the difficulty alone",
                    difficulty=difficulty,
                )
            else:
                self.report.passed_case("size_growth")
        for low, high in zip(levels, levels[1:]):
            before, after = max(sizes[low].values()), min(sizes[high].values())
            if before > after:
                self.report.fail(
                    "size_growth", f"size falls from {before} at d={low} to {after} at d={high}", difficulty=high
                )
            elif before == after and high <= STRICT_GROWTH_UNTIL:
                self.report.fail(
                    "size_growth",
                    f"size stays at {after} from d={low} to d={high}: up to d={STRICT_GROWTH_UNTIL} it must grow "
                    "at every level, so that each level is a bigger instance than the one before",
                    difficulty=high,
                )
            else:
                self.report.passed_case("size_growth")
        if levels and levels[-1] - levels[0] >= GROWTH_SPAN:
            if max(sizes[levels[-1]].values()) <= min(sizes[levels[0]].values()):
                self.report.fail(
                    "size_growth",
                    f"size does not grow: {min(sizes[levels[0]].values())} at d={levels[0]} and "
                    f"{max(sizes[levels[-1]].values())} at d={levels[-1]}",
                    difficulty=levels[-1],
                )
            else:
                self.report.passed_case("size_growth")
