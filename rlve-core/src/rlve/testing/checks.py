"""The conformance checks, run in one process against one environment class.

``check_environment(MyEnv)`` runs every check of ``rlve.testing.report.CHECKS`` except ``fresh_process``
(which needs a second process; see ``rlve.testing.runner``) and returns an ``EnvReport``. Problems are
generated once, on a grid of (difficulty, seed), and every check reads that grid.

Rules worth knowing, because they are judgement calls:

* **Seed variety.** At the lowest tested level at least 2 of 5 seeds give different prompts (tiny levels
  may have tiny problem spaces); at every tested level from 5 on, the grid's seeds are not all the same
  problem; at the highest tested level, if it is 10 or more, all 5 seeds give different prompts.
* **Size growth.** ``size`` must not depend on the seed and must never fall as difficulty rises (stress
  levels included); between consecutive tested levels up to 30 it must strictly grow (the quality bar:
  every level from 0 to 30 is a bigger instance); and it must be larger at the highest tested level than
  at the lowest when they are at least 10 levels apart (which still catches a plateau beyond 30).
* **Discrimination.** At the highest tested level, the reference answers of other seeds' problems
  (where they differ from this problem's) are scored; accepting more than half of them fails.
* **Hostile answers.** An ``answer`` entry goes through the same guards as ``Environment.verify`` and
  then straight to ``check``, so a crash is seen as a crash rather than as a zero-reward Verdict.
  Partial credit for a hostile answer is a warning, not a failure; scoring it correct is a failure.
* **Time budgets** are CPU time (``rlve.testing.timing``): this process's threads plus the children it
  waited for during the step (a sandbox), not the wall clock, which a busy machine stretches. Time
  spent blocked is not counted; a step that blocks for good is what the runner's watchdog is for.
  A failure states both the CPU and the wall time.
* Environments with ``runs_untrusted_code`` get a larger verification budget and fewer verifications
  (each runs a sandbox), no canary check (running the answer is what they do), and none of the hostile
  entries that are valid programs (the reference with a comment appended, a near miss redefined by it).
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rlve.environment import Environment, Problem, Verdict, answer_instruction
from rlve.errors import InvalidEnvironment
from rlve.parse import ParseError
from rlve.registry import validate_environment_class
from rlve.testing import hostile
from rlve.testing.config import CheckConfig
from rlve.testing.report import NOT_RUN, EnvReport
from rlve.testing.timing import Spent, cpu_timer

#: ``progress(check, difficulty, seed, what)`` is called before every step that could hang.
Progress = Callable[[str, "int | None", "int | None", str], None]

#: Checks that run whatever ``only`` says: every other check needs problems, and every step is timed.
ALWAYS = ("metadata", "generation", "generation_time", "verification_time")
VARIETY_SEEDS = 5
VARIETY_SOME_FROM = 5
VARIETY_ALL_FROM = 10
GROWTH_SPAN = 10
#: Up to this level, size must grow from each tested level to the next; beyond it, it must only not fall.
STRICT_GROWTH_UNTIL = 30
#: Environments that run code get their reference checked at this many levels instead of all of them.
UNTRUSTED_REFERENCE_LEVELS = 6


def _no_progress(check: str, difficulty: int | None, seed: int | None, what: str) -> None:
    return None


def target_of(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def describe_exception(error: BaseException) -> str:
    """``Type: message at file.py:line``, the line being the innermost frame, where the bug usually is."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {str(error)[:240]}{where}"


def spread(levels: tuple[int, ...], count: int) -> list[int]:
    """Up to ``count`` levels evenly spread over ``levels``, first and last included."""
    if len(levels) <= count:
        return list(levels)
    picks = {levels[round(i * (len(levels) - 1) / (count - 1))] for i in range(count)}
    return sorted(picks)


def fingerprint(problem: Problem) -> str:
    """A hash of the whole Problem that ignores dict key order (harmless) and nothing else."""
    canonical = json.dumps(problem.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def fingerprint_points(config: CheckConfig) -> list[tuple[int, int]]:
    """The few (difficulty, seed) points compared across processes."""
    points = [(d, s) for d in spread(config.levels, 3) for s in config.seeds[:2]]
    points += [(d, config.seeds[0]) for d in config.stress_levels]
    return points


def fingerprints(env: Environment, points: list[tuple[int, int]]) -> dict[str, str]:
    return {f"{d}/{s}": fingerprint(env.sample(d, s)) for d, s in points}


def differences(first: Problem, second: Problem) -> str:
    """Which fields of two Problems differ, for a message a human can act on."""
    fields = [name for name in Problem.model_fields if getattr(first, name) != getattr(second, name)]
    if fields == ["data"]:
        keys = sorted({*first.data, *second.data})
        changed = [k for k in keys if first.data.get(k) != second.data.get(k)]
        return f"data differs at {', '.join(map(repr, changed[:5]))}"
    return f"{', '.join(fields)} differ" if fields else "they differ"


class EnvironmentChecker:
    """Runs the in-process checks for one environment class and fills an EnvReport."""

    def __init__(self, cls: type[Environment], config: CheckConfig | None = None, progress: Progress | None = None):
        self.cls = cls
        self.config = config or CheckConfig()
        self.progress = progress or _no_progress
        self.report = EnvReport(env=str(getattr(cls, "id", cls.__qualname__)), target=target_of(cls))
        self.untrusted = getattr(cls, "runs_untrusted_code", False) is True
        self.verify_budget = self.config.verify_budget(self.untrusted)
        self.problems: dict[tuple[int, int], Problem] = {}
        self.warm_up: Problem | None = None
        self.on_checkpoint: Callable[[EnvReport], None] = lambda report: None

    # -- running ---------------------------------------------------------------------------------

    def run(self) -> EnvReport:
        started = time.perf_counter()
        env = self.metadata()
        if env is not None:
            phases: list[tuple[str, Callable[[Environment], None]]] = [
                ("generation", self.generation),
                ("determinism", self.determinism),
                ("seed_variety", self.seed_variety),
                ("prompt_format", self.prompt_format),
                ("json_round_trip", self.json_round_trip),
                ("size_growth", self.size_growth),
                ("reference", self.reference),
                ("discrimination", self.discrimination),
                ("hostile_answers", self.hostile_answers),
            ]
            random_state = random.getstate()
            for name, phase in phases:
                if self.active(name):
                    try:
                        phase(env)
                    except Exception as error:  # noqa: BLE001 - e.g. a class attribute the metadata check flagged
                        self.report.fail(name, f"could not run this check: {describe_exception(error)}")
                if random.getstate() != random_state:
                    if self.active("determinism"):
                        self.report.fail(
                            "determinism",
                            f"the global random module was used during the {name} check; use only the rng "
                            "argument of generate(), and no randomness in check()",
                        )
                    random.setstate(random_state)
                self.on_checkpoint(self.report)
        for name, result in self.report.checks.items():
            if name == "fresh_process" or not self.active(name) or result.status != NOT_RUN:
                continue
            if env is None and name != "metadata":
                result.note = "not run: the environment could not be created"
            elif result.cases or result.failed_cases:
                self.report.finish(name)
            else:
                self.report.skip(name, "nothing to check: no problem was generated")
        self.report.elapsed_s = time.perf_counter() - started
        return self.report

    def active(self, check: str) -> bool:
        return check in ALWAYS or self.config.wants(check)

    # -- metadata and generation ------------------------------------------------------------------

    def metadata(self) -> Environment | None:
        self.progress("metadata", None, None, "")
        try:
            validate_environment_class(self.cls)
            self.report.passed_case("metadata")
        except InvalidEnvironment as error:
            self.report.fail("metadata", str(error))
        try:
            env = self.cls()
        except Exception as error:  # noqa: BLE001
            self.report.fail("metadata", f"{self.cls.__qualname__}() raised {describe_exception(error)}")
            return None
        if not isinstance(getattr(self.cls, "max_answer_chars", None), int) or self.cls.max_answer_chars < 1:
            self.report.fail(
                "metadata", f"max_answer_chars must be a positive integer, got {self.cls.max_answer_chars!r}"
            )
        if not isinstance(getattr(self.cls, "id", None), str):
            return None  # nothing else can run without an id
        return env

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

    # -- verification ----------------------------------------------------------------------------

    def timed(
        self, check: str, problem: Problem, what: str, call: Callable[[], Any]
    ) -> tuple[Any, BaseException | None]:
        """Run one verification under the progress watch and the (CPU) time budget."""
        self.progress(check, problem.difficulty, problem.seed, what)
        result: Any = None
        error: BaseException | None = None
        spent = Spent()
        try:
            with cpu_timer() as spent:
                result = call()
        except (Exception, SystemExit) as caught:  # noqa: BLE001 - the caller decides what is allowed
            error = caught
        self.report.time_verification(spent.cpu, problem.difficulty, problem.seed, f"{check}: {what}", spent.wall)
        if spent.cpu > self.verify_budget:
            self.report.fail(
                "verification_time",
                f"verifying {what} used {spent}, over the {self.verify_budget:g} s budget of CPU time",
                difficulty=problem.difficulty,
                seed=problem.seed,
            )
        else:
            self.report.passed_case("verification_time")
        return result, error

    def reference_points(self) -> list[tuple[int, int]]:
        points = sorted(self.problems)
        if not self.untrusted:
            return points
        levels = set(spread(self.config.levels, UNTRUSTED_REFERENCE_LEVELS)) | set(self.config.stress_levels)
        return [(d, s) for d, s in points if d in levels and s in self.config.seeds]

    def reference(self, env: Environment) -> None:
        points = self.reference_points()
        for index, key in enumerate(points):
            problem = self.problems[key]
            at = {"difficulty": key[0], "seed": key[1]}
            answer = problem.answer
            if not answer.strip():
                self.report.fail("reference", "the reference answer is empty", **at)
                continue
            if len(answer) > self.cls.max_answer_chars:
                self.report.fail(
                    "reference",
                    f"the reference answer is {len(answer)} characters, "
                    f"over max_answer_chars={self.cls.max_answer_chars}",
                    **at,
                )
                continue
            forms = [("<answer> tags", f"Let me think this through.\n<answer>{answer}</answer>")]
            if "{" not in answer and "}" not in answer and (not self.untrusted or index in (0, len(points) - 1)):
                forms.append(("\\boxed{}", f"So the final answer is \\boxed{{{answer}}}."))
            verified = True
            for form, response in forms:
                verdict, error = self.timed(
                    "reference", problem, f"the reference in {form}", lambda p=problem, r=response: env.score(p, r)
                )
                verified &= self.expect_correct(
                    "reference", verdict, error, f"the reference answer in {form}", answer, at
                )
            # Only a reference that verifies here can show that the round trip broke it.
            if verified and self.config.wants("json_round_trip") and (not self.untrusted or index == 0):
                copy = Problem.model_validate_json(problem.model_dump_json())
                response = f"<answer>{answer}</answer>"
                verdict, error = self.timed(
                    "json_round_trip",
                    problem,
                    "the reference after a JSON round trip",
                    lambda c=copy, r=response: env.score(c, r),
                )
                self.expect_correct(
                    "json_round_trip", verdict, error, "after a JSON round trip, the reference", answer, at
                )

    def expect_correct(
        self, check: str, verdict: Any, error: BaseException | None, what: str, answer: str, at: dict
    ) -> bool:
        if error is not None:
            self.report.fail(check, f"scoring {what} raised {describe_exception(error)}", input=answer, **at)
        elif not isinstance(verdict, Verdict) or not verdict.correct or verdict.reward < 1.0:
            detail = f"reward {verdict.reward}: {verdict.reason}" if isinstance(verdict, Verdict) else repr(verdict)
            self.report.fail(check, f"{what} is not scored as correct ({detail})", input=answer, **at)
        else:
            self.report.passed_case(check)
            return True
        return False

    def discrimination(self, env: Environment) -> None:
        high = self.config.levels[-1]
        problems = list(self.probe(env, high).values())
        pairs = [(p, q) for p in problems for q in problems if p is not q and p.answer.strip() != q.answer.strip()]
        if self.untrusted:
            pairs = pairs[:4]
        if len(pairs) < 4:
            self.report.passed_case("discrimination")
            self.report.checks["discrimination"].note = f"too few distinct answers at d={high} to judge"
            return
        accepted = []
        for problem, other in pairs:
            verdict, error = self.timed(
                "discrimination",
                problem,
                f"the answer to seed {other.seed}",
                lambda p=problem, o=other: env.score(p, f"<answer>{o.answer}</answer>"),
            )
            if error is None and isinstance(verdict, Verdict) and verdict.correct:
                accepted.append((problem, other))
        if len(accepted) * 2 > len(pairs):
            problem, other = accepted[0]
            self.report.fail(
                "discrimination",
                f"accepted {len(accepted)} of {len(pairs)} answers meant for other problems (e.g. seed {other.seed}'s "
                f"answer for seed {problem.seed}): does check() compare the answer with this problem's data?",
                difficulty=high,
                seed=problem.seed,
                input=other.answer,
            )
        else:
            self.report.passed_case("discrimination")

    def hostile_problems(self) -> list[Problem]:
        levels = self.config.levels
        chosen = [levels[len(levels) // 2]] if self.untrusted else spread(levels, 3) + list(self.config.stress_levels)
        seed = self.config.seeds[0]
        return [self.problems[(d, seed)] for d in chosen if (d, seed) in self.problems]

    def hostile_answers(self, env: Environment) -> None:
        folder = Path(tempfile.mkdtemp(prefix="rlve-check-"))
        canary = folder / hostile.CANARY_NAME
        partial: list[str] = []
        try:
            for problem in self.hostile_problems():
                entries = hostile.corpus(
                    problem.prompt,
                    problem.answer,
                    max_answer_chars=self.cls.max_answer_chars,
                    canary=str(canary),
                    answer_is_program=self.untrusted,
                )
                for entry in entries:
                    self.hostile_one(env, problem, entry, partial)
                if canary.exists() and not self.untrusted:
                    self.report.fail(
                        "hostile_answers",
                        f"a hostile answer was executed: it created {canary}",
                        difficulty=problem.difficulty,
                        seed=problem.seed,
                    )
                    canary.unlink()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        if partial:
            self.report.warnings.append(
                f"{len(partial)} hostile answers got partial credit (e.g. {partial[0]}); make sure it cannot be gamed"
            )

    def hostile_one(self, env: Environment, problem: Problem, entry: hostile.Hostile, partial: list[str]) -> None:
        at = {"difficulty": problem.difficulty, "seed": problem.seed, "input": entry.text}
        what = f"hostile {entry.kind} {entry.label!r}"
        direct = entry.kind == hostile.ANSWER and entry.text.strip() and len(entry.text) <= self.cls.max_answer_chars
        if direct:
            verdict, error = self.timed(
                "hostile_answers", problem, what, lambda: env.check(problem.data, entry.text.strip())
            )
            if isinstance(error, ParseError):
                self.report.passed_case("hostile_answers")
                return
        elif entry.kind == hostile.ANSWER:
            verdict, error = self.timed("hostile_answers", problem, what, lambda: env.verify(problem, entry.text))
        else:
            verdict, error = self.timed("hostile_answers", problem, what, lambda: env.score(problem, entry.text))
        if error is not None:
            self.report.fail(
                "hostile_answers",
                f"{'check()' if direct else 'scoring'} raised {describe_exception(error)} on {what}; only "
                "rlve.ParseError may escape check()",
                **at,
            )
        elif not isinstance(verdict, Verdict):
            self.report.fail(
                "hostile_answers", f"check() returned {type(verdict).__name__}, not a Verdict, on {what}", **at
            )
        elif verdict.correct or verdict.reward >= 1.0:
            self.report.fail("hostile_answers", f"{what} was scored as correct ({verdict.reason})", **at)
        elif verdict.is_verifier_error:
            self.report.fail("hostile_answers", f"check() crashed on {what}: {verdict.reason}", **at)
        else:
            if verdict.reward > 0:
                partial.append(f"{entry.label!r}: {verdict.reward:g} at d={problem.difficulty}")
            self.report.passed_case("hostile_answers")


def check_environment(
    cls: type[Environment], config: CheckConfig | None = None, progress: Progress | None = None
) -> EnvReport:
    """Run every in-process check on ``cls`` (everything except ``fresh_process``)."""
    return EnvironmentChecker(cls, config, progress).run()
