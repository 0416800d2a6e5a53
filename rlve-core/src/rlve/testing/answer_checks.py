"""The checks about answers: the reference answer, discrimination between problems, hostile answers, and
the verification time budget every scoring call is held to. A mixin of
``rlve.testing.checks.EnvironmentChecker``, whose docstring states the rules.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rlve.environment import Environment, Problem, Verdict
from rlve.parse import ParseError
from rlve.testing import hostile
from rlve.testing.check_support import CheckerState, describe_exception, spread
from rlve.testing.timing import Spent, cpu_timer

#: Environments that run code get their reference checked at this many levels instead of all of them.
UNTRUSTED_REFERENCE_LEVELS = 6


class AnswerChecks(CheckerState):
    """Score answers against the generated problems, each call timed against the verification budget."""

    #: From ``rlve.testing.problem_checks.ProblemChecks``: up to 5 problems at one level, generated if need be.
    probe: Callable[[Environment, int], dict[int, Problem]]

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
        elif (verdict.correct or verdict.reward >= 1.0) and not entry.may_be_correct:
            self.report.fail("hostile_answers", f"{what} was scored as correct ({verdict.reason})", **at)
        elif verdict.is_verifier_error:
            self.report.fail("hostile_answers", f"check() crashed on {what}: {verdict.reason}", **at)
        else:
            if verdict.reward > 0 and not entry.may_be_correct:
                partial.append(f"{entry.label!r}: {verdict.reward:g} at d={problem.difficulty}")
            self.report.passed_case("hostile_answers")
