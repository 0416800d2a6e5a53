"""Environments for testing the conformance suite: one good one, and one broken in each way the suite
must catch. No tests here (so the name does not start with test_); the test_conformance_*.py modules import
these by name (conftest.py puts this folder on sys.path), so the suite's child processes can import them too."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

from rlve import Environment, Instance, ParseError, Problem, Verdict
from rlve.parse import parse_int, parse_int_list

COLOURS = ["red", "green", "blue", "cyan", "magenta", "yellow", "black", "white"]

#: Python that burns {seconds} of CPU time in a child process, as a sandboxed program would.
BURN_IN_CHILD = "import time\nend = time.process_time() + {seconds}\nwhile time.process_time() < end:\n    pass\n"


def burn(seconds: float) -> None:
    """Use ``seconds`` of CPU time: the time budgets are CPU time, so sleeping would not be slow."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


class GoodSum(Environment):
    """Add up a list of numbers: a correct environment, which must pass every check."""

    id = "kit/good_sum"
    description = "Add up a list of integers."
    difficulty_scales = "numbers: 2 + d; values: up to 10 * (d + 1)"
    size_name = "numbers"
    answer_format = "an integer"

    def numbers(self, difficulty: int, rng: random.Random) -> list[int]:
        return [rng.randint(1, 10 * (difficulty + 1)) for _ in range(2 + difficulty)]

    def generate(self, difficulty, rng):
        numbers = self.numbers(difficulty, rng)
        return Instance(
            prompt=f"What is the sum of {' '.join(map(str, numbers))}?",
            answer=str(sum(numbers)),
            data={"numbers": numbers, "total": sum(numbers)},
            size=len(numbers),
        )

    def check(self, data, answer):
        value = parse_int(answer, max_digits=len(str(data["total"])) + 1)
        return Verdict.right() if value == data["total"] else Verdict.wrong(f"{value} is not the sum")


class GoodPair(Environment):
    """Two numbers with a given sum: several valid answers, checked structurally."""

    id = "kit/good_pair"
    description = "Give two listed numbers that sum to the target."
    difficulty_scales = "numbers: 4 + d"
    size_name = "numbers"
    answer_format = "two numbers separated by a space"

    def generate(self, difficulty, rng):
        numbers = rng.sample(range(1, 20 * (difficulty + 5)), 4 + difficulty)
        a, b = rng.sample(numbers, 2)
        return Instance(
            prompt=f"Numbers: {numbers}. Give two of them that sum to {a + b}.",
            answer=f"{a} {b}",
            data={"numbers": numbers, "target": a + b},
            size=len(numbers),
        )

    def check(self, data, answer):
        values = parse_int_list(answer, max_items=2, max_digits=12)
        if len(values) != 2 or values[0] == values[1]:
            raise ParseError("expected two different numbers")
        if not all(v in data["numbers"] for v in values):
            return Verdict.wrong("a number is not in the list")
        return Verdict.right() if sum(values) == data["target"] else Verdict.wrong("wrong sum")


# -- generation -------------------------------------------------------------------------------------


class GlobalRandom(GoodSum):
    id = "kit/global_random"

    def numbers(self, difficulty, rng):
        return [random.randint(1, 10 * (difficulty + 1)) for _ in range(2 + difficulty)]


class UnseededRandom(GoodSum):
    id = "kit/unseeded_random"

    def numbers(self, difficulty, rng):
        local = random.Random()  # seeded from the OS: different every call
        return [local.randint(1, 10 * (difficulty + 1)) for _ in range(2 + difficulty)]


class HashOrder(GoodSum):
    """Deterministic within a process, different under another PYTHONHASHSEED: iterates over a set of strings."""

    id = "kit/hash_order"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        order = " ".join(set(COLOURS))
        return Instance(f"{instance.prompt} (colours: {order})", instance.answer, instance.data, instance.size)


class SameProblem(GoodSum):
    """Ignores the seed: every seed gives the same problem."""

    id = "kit/same_problem"

    def generate(self, difficulty, rng):
        return super().generate(difficulty, random.Random(difficulty))


class CrashingGenerate(GoodSum):
    id = "kit/crashing_generate"

    def generate(self, difficulty, rng):
        if difficulty == 7:
            raise IndexError("off the end of a table")
        return super().generate(difficulty, rng)


class SlowGenerate(GoodSum):
    id = "kit/slow_generate"

    def generate(self, difficulty, rng):
        if difficulty == 12:
            burn(0.25)
        return super().generate(difficulty, rng)


class ShrinkingSize(GoodSum):
    id = "kit/shrinking_size"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        return Instance(instance.prompt, instance.answer, instance.data, size=max(0, 20 - difficulty))


class ConstantSize(GoodSum):
    id = "kit/constant_size"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        return Instance(instance.prompt, instance.answer, instance.data, size=5)


class PlateauSize(GoodSum):
    """Grows and never falls, but stays at 8 from d=6 to d=10 before growing again."""

    id = "kit/plateau_size"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        size = 2 + difficulty if difficulty <= 6 else max(8, difficulty - 2)
        return Instance(instance.prompt, instance.answer, instance.data, size=size)


class SeedDependentSize(GoodSum):
    id = "kit/seed_dependent_size"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        return Instance(instance.prompt, instance.answer, instance.data, size=instance.size + rng.randint(0, 3))


class OwnTagInstruction(GoodSum):
    id = "kit/own_tag_instruction"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        return Instance(
            instance.prompt + " Write it as <answer>N</answer>.", instance.answer, instance.data, instance.size
        )


class MissingFormat(GoodSum):
    """Overrides sample() and loses the standard answer sentence."""

    id = "kit/missing_format"

    def sample(self, difficulty, seed):
        problem = super().sample(difficulty, seed)
        return problem.model_copy(update={"prompt": problem.prompt.split("\n\n")[0]})


class NanData(GoodSum):
    """A float nan in data: json.dumps lets it through, but it is not JSON and never equals itself."""

    id = "kit/nan_data"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        return Instance(instance.prompt, instance.answer, {**instance.data, "ratio": float("nan")}, instance.size)


class SetData(GoodSum):
    id = "kit/set_data"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        return Instance(
            instance.prompt, instance.answer, {**instance.data, "seen": set(instance.data["numbers"])}, instance.size
        )


class BadMetadata(GoodSum):
    id = "Kit/Bad Id"


class WrongProblem(GoodSum):
    """sample() hands back a Problem for the wrong difficulty."""

    id = "kit/wrong_problem"

    def sample(self, difficulty, seed):
        problem = super().sample(difficulty, seed)
        return Problem(**{**problem.model_dump(), "difficulty": difficulty + 1})


# -- verification -----------------------------------------------------------------------------------


class WrongReference(GoodSum):
    id = "kit/wrong_reference"

    def generate(self, difficulty, rng):
        instance = super().generate(difficulty, rng)
        return Instance(instance.prompt, str(int(instance.answer) + 1), instance.data, instance.size)


class CrashesOnHostile(GoodSum):
    """Calls int() on the answer: ValueError on junk, instead of ParseError."""

    id = "kit/crashes_on_hostile"

    def check(self, data, answer):
        return Verdict.right() if int(answer) == data["total"] else Verdict.wrong("not the sum")


class CrashesOnAccents(GoodSum):
    """Also reads the total as a letter code (a = 1, b = 2, ...) through a table of the ASCII letters, but picks
    that branch with str.isalpha(), which is true for an accented letter too: KeyError on "é..."."""

    id = "kit/crashes_on_accents"
    LETTER_VALUES = {chr(ord("a") + i): i + 1 for i in range(26)}

    def check(self, data, answer):
        if answer[:1].isalpha():
            value = self.LETTER_VALUES[answer[0].lower()]
            return Verdict.right() if value == data["total"] else Verdict.wrong("not the sum")
        return super().check(data, answer)


class Lenient(GoodSum):
    """Takes the first integer it finds anywhere: "42 or 43" scores as correct."""

    id = "kit/lenient"

    def check(self, data, answer):
        digits = ""
        for ch in answer[:50]:
            if ch.isdigit() and ch.isascii():
                digits += ch
            elif digits:
                break
        if not digits:
            raise ParseError("no number")
        return Verdict.right() if int(digits) == data["total"] else Verdict.wrong("not the sum")


class AcceptsAnything(GoodSum):
    id = "kit/accepts_anything"

    def check(self, data, answer):
        parse_int(answer)
        return Verdict.right()


class ReturnsBool(GoodSum):
    id = "kit/returns_bool"

    def check(self, data, answer):
        if answer == str(data["total"]):
            return Verdict.right()
        return False  # a bool, not a Verdict


class SlowCheck(GoodSum):
    id = "kit/slow_check"

    def check(self, data, answer):
        if "banana" in answer:
            burn(0.3)
        return super().check(data, answer)


class ExecutesAnswer(GoodSum):
    """Runs answers that look like a call: the canary file shows it."""

    id = "kit/executes_answer"

    def check(self, data, answer):
        if answer.startswith("open("):
            exec(answer, {})  # noqa: S102 - the bug this environment exists to show
        return super().check(data, answer)


class HangsInCheck(GoodSum):
    """Loops forever on one hostile answer (in Python: a watchdog could see it, the parent does)."""

    id = "kit/hangs_in_check"

    def check(self, data, answer):
        while answer.endswith("!!!"):
            pass
        return super().check(data, answer)


class HangsInC(GoodSum):
    """Evaluates powers: 9**9**9 holds the GIL for minutes, so only a process boundary can stop it."""

    id = "kit/hangs_in_c"

    def check(self, data, answer):
        if "**" in answer and len(answer) < 20:
            base, _, rest = answer.partition("**")
            value = int(base) ** (int(rest.split("**")[0]) ** int(rest.split("**")[1]))
            return Verdict.right() if value == data["total"] else Verdict.wrong("not the sum")
        return super().check(data, answer)


class ExitsInCheck(GoodSum):
    """Calls os._exit(0) on one input, as model code once did to fake passing tests."""

    id = "kit/exits_in_check"

    def check(self, data, answer):
        if answer == "?":
            os._exit(0)
        return super().check(data, answer)


class UntrustedSlowCheck(GoodSum):
    """Pretends to run code in a sandbox: a child process that uses 20 ms of CPU time, over the normal
    budget and within the untrusted one. The child's CPU time counts, since the check waits for it."""

    id = "kit/untrusted_slow_check"
    runs_untrusted_code = True

    def check(self, data, answer):
        subprocess.run([sys.executable, "-S", "-c", BURN_IN_CHILD.format(seconds=0.02)], check=True)
        return super().check(data, answer)


class PartialCredit(GoodSum):
    """Half credit for any wrong integer: allowed, but the suite warns about it."""

    id = "kit/partial_credit"

    def check(self, data, answer):
        value = parse_int(answer)  # up to 400 digits: the glued reference ("4242") reads as a wrong number
        return Verdict.right() if value == data["total"] else Verdict.wrong("not the sum", partial=0.5)


#: Each broken environment and exactly the checks it must fail (every other check must pass).
BROKEN = {
    GlobalRandom: {"determinism", "fresh_process"},
    UnseededRandom: {"determinism", "fresh_process"},
    HashOrder: {"fresh_process"},
    SameProblem: {"seed_variety"},
    CrashingGenerate: {"generation"},
    SlowGenerate: {"generation_time"},
    ShrinkingSize: {"size_growth"},
    ConstantSize: {"size_growth"},
    PlateauSize: {"size_growth"},
    SeedDependentSize: {"size_growth"},
    OwnTagInstruction: {"prompt_format"},
    MissingFormat: {"prompt_format"},
    NanData: {"generation"},
    SetData: {"generation"},
    BadMetadata: {"metadata"},
    WrongProblem: {"generation"},
    WrongReference: {"reference"},
    CrashesOnHostile: {"hostile_answers"},
    CrashesOnAccents: {"hostile_answers"},
    Lenient: {"hostile_answers"},
    AcceptsAnything: {"discrimination", "hostile_answers"},
    ReturnsBool: {"hostile_answers"},
    SlowCheck: {"verification_time"},
    ExecutesAnswer: {"hostile_answers"},
}
