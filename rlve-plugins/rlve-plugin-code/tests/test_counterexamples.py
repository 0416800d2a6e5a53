"""Tests and counterexamples: mutant-killing tests, branch coverage, exceptions, hash collisions, regexes,
property counterexamples, string inputs.

Every instance is rebuilt from the prompt alone: the Python code it shows is run here as Python (it is our own
generated code, never a model's) and searched by brute force, independently of the environments' interpreters.
"""

from __future__ import annotations

import ast
import itertools
import random
import re
import sys
import traceback

from code_test_helpers import tag

from rlve_plugin_code.environments.branch_coverage_inputs import BranchCoverageInputs
from rlve_plugin_code.environments.exception_triggering_input import ExceptionTriggeringInput
from rlve_plugin_code.environments.hash_collision import HashCollision
from rlve_plugin_code.environments.mutant_killing_tests import MutantKillingTests
from rlve_plugin_code.environments.property_counterexample import PropertyCounterexample
from rlve_plugin_code.environments.regex_distinguishing_string import RegexDistinguishingString
from rlve_plugin_code.environments.string_input_search import StringInputSearch

# -- rebuilding from the prompt -----------------------------------------------------------------------------------


def code_of(prompt: str) -> str:
    return re.search(r"```python\n(.*?)```", prompt, re.S).group(1)


def run_code(source: str) -> dict:
    """The names a prompt's Python code defines."""
    names: dict = {}
    exec(compile(source, "<prompt>", "exec"), names)  # our generated code, shown in the prompt
    return names


def input_range(prompt: str) -> int:
    return int(re.search(r"0 <= n <= (\d+)", prompt).group(1))


def greedy(sets: list[set[int]]) -> list[int]:
    """Inputs hitting every set, picked greedily (largest input on ties, unlike the environments)."""
    alive, chosen = list(range(len(sets))), []
    while alive:
        counts: dict[int, int] = {}
        for j in alive:
            for n in sets[j]:
                counts[n] = counts.get(n, 0) + 1
        best = max(counts, key=lambda n: (counts[n], n))
        chosen.append(best)
        alive = [j for j in alive if best not in sets[j]]
    return chosen


# -- code/mutant_killing_tests -------------------------------------------------------------------------------------


def mutant_instance(problem):
    names = run_code(code_of(problem.prompt))
    top = input_range(problem.prompt)
    most = int(re.search(r"Write at most (\d+) tests", problem.prompt).group(1))
    mutants = [names[f"m{j}"] for j in range(1, 10) if f"m{j}" in names]
    return names["f"], mutants, top, most


def test_mutant_killing_reference_kills_every_mutant_and_others_are_accepted():
    env = MutantKillingTests()
    other_accepted = 0
    for difficulty, seed in [(0, 0), (3, 1), (8, 2), (14, 3), (22, 4), (30, 5)]:
        problem = env.sample(difficulty, seed)
        f, mutants, top, most = mutant_instance(problem)
        assert len(mutants) >= 2
        kills = [{n for n in range(top + 1) if m(n) != f(n)} for m in mutants]
        assert all(kills), "a mutant that no input kills"
        tests = [tuple(map(int, line.split("->"))) for line in problem.answer.splitlines()]
        assert len(tests) <= most
        assert all(f(n) == value for n, value in tests)
        assert all(any(m(n) != value for n, value in tests) for m in mutants)
        assert env.score(problem, tag(problem.answer)).correct
        # Another cover (ties broken the other way), in another notation.
        cover = greedy(kills)
        if len(cover) <= most:
            written = "; ".join(f"f({n}) == {f(n)}" for n in cover)
            assert env.score(problem, tag(written)).correct, written
            other_accepted += sorted(cover) != sorted(n for n, _ in tests)
    assert other_accepted


def test_mutant_killing_near_misses():
    env = MutantKillingTests()
    problem = env.sample(12, 7)
    f, mutants, top, most = mutant_instance(problem)
    tests = [tuple(map(int, line.split("->"))) for line in problem.answer.splitlines()]
    n, value = tests[0]
    wrong_value = [(n, value + 1)] + tests[1:]
    verdict = env.score(problem, tag("\n".join(f"{a} -> {b}" for a, b in wrong_value)))
    assert not verdict.correct and "f fails this test" in verdict.reason
    # Tests right for f that kill nothing: inputs no mutant differs on.
    quiet = [k for k in range(top + 1) if all(m(k) == f(k) for m in mutants)][:most]
    verdict = env.score(problem, tag("\n".join(f"{k} -> {f(k)}" for k in quiet)))
    assert not verdict.correct and "passes every test" in verdict.reason
    too_many = tests + [(k, f(k)) for k in quiet[: most + 1 - len(tests)]]
    assert not env.score(problem, tag("\n".join(f"{a} -> {b}" for a, b in too_many))).correct
    assert env.score(problem, tag("[" + ", ".join(f"({a}, {b})" for a, b in tests) + "]")).correct
    assert not env.score(problem, tag(f"{top + 1} -> 0")).correct
    assert not env.score(problem, tag("f(n) is tested")).format_ok
    assert not env.score(problem, tag(problem.answer + "\nand that is all")).format_ok


# -- code/branch_coverage_inputs -------------------------------------------------------------------------------------


class _Recorder(ast.NodeTransformer):
    """Wraps the test of every ``if`` as ``_seen(number, test)``, ifs numbered in source order."""

    def __init__(self, numbers: dict[int, int]):
        self.numbers = numbers

    def visit_If(self, node: ast.If) -> ast.If:
        self.generic_visit(node)
        number = ast.Constant(self.numbers[node.lineno])
        node.test = ast.Call(ast.Name("_seen", ast.Load()), [number, node.test], [])
        return node


def coverage_instance(problem):
    """For each input of the range, the (if number, outcome) pairs a call takes; and the number of ifs."""
    source = code_of(problem.prompt)
    tree = ast.parse(source)
    lines = sorted(node.lineno for node in ast.walk(tree) if isinstance(node, ast.If))
    numbers = {line: index + 1 for index, line in enumerate(lines)}
    for line, number in numbers.items():  # the prompt's comments number them the same way
        assert source.split("\n")[line - 1].endswith(f"# if {number}")
    tree = ast.fix_missing_locations(_Recorder(numbers).visit(tree))
    taken: set = set()
    names = {"_seen": lambda number, outcome: taken.add((number, bool(outcome))) or outcome}
    exec(compile(tree, "<prompt>", "exec"), names)
    top = input_range(problem.prompt)
    reached = []
    for n in range(top + 1):
        taken.clear()
        names["f"](n)
        reached.append(set(taken))
    return reached, len(lines), top


def test_branch_coverage_reference_covers_every_branch():
    env = BranchCoverageInputs()
    other_accepted = dropped = 0
    for difficulty, seed in [(0, 0), (4, 1), (9, 2), (16, 3), (24, 4), (30, 5)]:
        problem = env.sample(difficulty, seed)
        reached, ifs, top = coverage_instance(problem)
        most = int(re.search(r"Give at most (\d+) integers", problem.prompt).group(1))
        outcomes = {(j, outcome) for j in range(1, ifs + 1) for outcome in (True, False)}
        answer = [int(x) for x in problem.answer.split(",")]
        assert len(answer) <= most and set().union(*(reached[n] for n in answer)) == outcomes
        assert env.score(problem, tag(problem.answer)).correct
        covers = [{n for n in range(top + 1) if pair in reached[n]} for pair in sorted(outcomes)]
        cover = greedy(covers)
        if len(cover) <= most:
            assert env.score(problem, tag(f"[{' '.join(map(str, cover))}]")).correct
            other_accepted += sorted(cover) != sorted(answer)
        # Without the one input that alone takes some outcome, something is left uncovered.
        for n in answer:
            rest = set().union(*(reached[k] for k in answer if k != n))
            if rest != outcomes:
                verdict = env.score(problem, tag(", ".join(str(k) for k in answer if k != n)))
                assert not verdict.correct and "is never" in verdict.reason
                dropped += 1
    assert other_accepted and dropped


def test_branch_coverage_rejections():
    env = BranchCoverageInputs()
    problem = env.sample(10, 3)
    reached, ifs, top = coverage_instance(problem)
    most = int(re.search(r"Give at most (\d+) integers", problem.prompt).group(1))
    assert not env.score(problem, tag(", ".join(["0"] * (most + 1)))).correct
    assert not env.score(problem, tag(f"{top + 1}")).correct
    assert not env.score(problem, tag("all of them")).format_ok
    # A single input never takes both outcomes of an if outside a loop.
    verdict = env.score(problem, tag("0"))
    assert verdict.correct == (len(reached[0]) == 2 * ifs)


# -- code/exception_triggering_input --------------------------------------------------------------------------------


def raised_at(names: dict, source: str, n: int) -> tuple[str, int] | None:
    """The exception f(n) raises and the line (of the prompt's code) it is raised at, or None."""
    try:
        names["f"](n)
    except Exception as error:  # noqa: BLE001 - which one is the point
        line = traceback.extract_tb(sys.exc_info()[2])[-1].lineno
        return type(error).__name__, line
    return None


def exception_instance(problem):
    source = code_of(problem.prompt)
    marked = next(i + 1 for i, line in enumerate(source.split("\n")) if line.endswith("# <-- marked line"))
    kind = re.search(r"calling f\(n\) raises (\w+) at the marked line", problem.prompt).group(1)
    names = run_code(source)
    top = input_range(problem.prompt)
    outcomes = {n: raised_at(names, source, n) for n in range(top + 1)}
    return outcomes, kind, marked, top


def test_exception_triggering_matches_python():
    env = ExceptionTriggeringInput()
    seen_kinds, elsewhere = set(), 0
    for difficulty, seed in [(0, 0), (2, 1), (5, 2), (9, 3), (14, 4), (20, 5), (26, 6), (30, 7), (30, 8)]:
        problem = env.sample(difficulty, seed)
        outcomes, kind, marked, top = exception_instance(problem)
        good = [n for n, outcome in outcomes.items() if outcome == (kind, marked)]
        assert int(problem.answer) in good
        assert 1 <= len(good) <= max(1, (top + 1) // 8)
        for n in good:
            assert env.score(problem, tag(f"n = {n}")).correct
        seen_kinds.add(kind)
        for n, outcome in outcomes.items():
            if n not in good:
                verdict = env.score(problem, tag(str(n)))
                assert not verdict.correct
                if outcome is not None:
                    elsewhere += 1
                    assert "another line" in verdict.reason
    assert elsewhere, "no input raised at the other risky line"
    assert len(seen_kinds) >= 2


def test_exception_triggering_rejections():
    env = ExceptionTriggeringInput()
    problem = env.sample(6, 1)
    top = input_range(problem.prompt)
    assert not env.score(problem, tag(str(top + 1))).correct
    assert not env.score(problem, tag("-1")).correct
    assert not env.score(problem, tag("ZeroDivisionError")).format_ok


# -- code/hash_collision ------------------------------------------------------------------------------------------


def hash_instance(problem):
    h = run_code(code_of(problem.prompt))["h"]
    found = re.search(r"each of 1 to (\d+) letters from \{([a-z, ]+)\}", problem.prompt)
    return h, int(found.group(1)), found.group(2).replace(",", "").split()


def collisions(h, longest: int, letters: list[str], wanted: int) -> list[tuple[str, str]]:
    """Colliding pairs among all strings, shortest first (pigeonhole: there are more strings than values)."""
    first_with: dict[int, str] = {}
    pairs = []
    for length in range(1, longest + 1):
        for word in map("".join, itertools.product(letters, repeat=length)):
            value = h(word)
            if value in first_with:
                pairs.append((first_with[value], word))
                if len(pairs) == wanted:
                    return pairs
            else:
                first_with[value] = word
    return pairs


def test_hash_collision_reference_collides_and_any_collision_is_accepted():
    env = HashCollision()
    kinds = set()
    for difficulty, seed in [(0, 0), (2, 1), (5, 2), (9, 3), (13, 4), (18, 5), (22, 6)]:
        problem = env.sample(difficulty, seed)
        h, longest, letters = hash_instance(problem)
        first, second = (word.strip() for word in problem.answer.split(","))
        assert first != second and h(first) == h(second)
        assert all(1 <= len(word) <= longest and set(word) <= set(letters) for word in (first, second))
        kinds.add(problem.data["kind"])
        pairs = collisions(h, longest, letters, 3)
        assert len(pairs) == 3
        for a, b in pairs:
            assert env.score(problem, tag(f"{a}, {b}")).correct
        a, b = pairs[0]
        assert env.score(problem, tag(f'"{b}" "{a}"')).correct
    assert kinds == {"polynomial", "xor"}


def test_hash_collision_near_misses():
    env = HashCollision()
    problem = env.sample(10, 4)
    h, longest, letters = hash_instance(problem)
    first, second = (word.strip() for word in problem.answer.split(","))
    assert "different" in env.score(problem, tag(f"{first}, {first}")).reason
    changed = next(
        second[:-1] + letter for letter in letters if letter != second[-1] and h(second[:-1] + letter) != h(first)
    )
    assert "but h(" in env.score(problem, tag(f"{first}, {changed}")).reason
    assert not env.score(problem, tag(f"{first}, {second}{letters[0]}")).correct  # too long
    outside = chr(ord(letters[-1]) + 1)
    assert "outside" in env.score(problem, tag(f"{first}, {outside}")).reason
    assert not env.score(problem, tag(first)).format_ok
    assert not env.score(problem, tag(f"{first}, {second}, {first}")).format_ok


# -- code/regex_distinguishing_string -------------------------------------------------------------------------------


def regex_instance(problem):
    first = re.compile(re.search(r"^R1: (.*)$", problem.prompt, re.M).group(1))
    second = re.compile(re.search(r"^R2: (.*)$", problem.prompt, re.M).group(1))
    found = re.search(r"string of 1 to (\d+) letters, each one of ([a-z, ]+), that", problem.prompt)
    return first, second, int(found.group(1)), found.group(2).replace(",", "").split()


def apart(first, second, text: str) -> bool:
    return (first.fullmatch(text) is None) != (second.fullmatch(text) is None)


def test_regex_distinguishing_agrees_with_python_re():
    env = RegexDistinguishingString()
    others = 0
    for difficulty, seed in [(0, 0), (1, 1), (3, 2), (6, 3), (9, 4), (12, 5), (20, 6), (30, 7)]:
        problem = env.sample(difficulty, seed)
        first, second, longest, letters = regex_instance(problem)
        assert first.pattern != second.pattern
        assert len(problem.answer) <= longest and apart(first, second, problem.answer)
        # Every short string: Python's re and the check agree on it.
        words = [
            "".join(letters_)
            for length in range(1, min(longest, 6) + 1)
            for letters_ in itertools.product(letters, repeat=length)
        ]
        for word in words[:: max(1, len(words) // 150)]:
            assert env.score(problem, tag(word)).correct == apart(first, second, word), word
        others += sum(apart(first, second, word) and word != problem.answer for word in words) > 0
    assert others >= 4


def test_regex_distinguishing_near_misses():
    env = RegexDistinguishingString()
    problem = env.sample(5, 2)
    first, second, longest, letters = regex_instance(problem)
    both = next(
        "".join(word)
        for length in range(1, longest + 1)
        for word in itertools.product(letters, repeat=length)
        if first.fullmatch("".join(word)) and second.fullmatch("".join(word))
    )
    assert "both patterns match" in env.score(problem, tag(both)).reason
    assert not env.score(problem, tag(problem.answer + "z")).correct
    assert not env.score(problem, tag(letters[0] * (longest + 1))).correct
    assert env.score(problem, tag(f"'{problem.answer}'")).correct
    assert not env.score(problem, tag(f"'{problem.answer}")).correct


# -- code/property_counterexample --------------------------------------------------------------------------------


CLAIM_WORDS = {
    "sorted in non-decreasing order": lambda f, a: f(a) == sorted(f(a)),
    "no value appears twice": lambda f, a: len(set(f(a))) == len(f(a)),
    "the same values as its input": lambda f, a: sorted(f(a)) == sorted(a),
    "idempotent": lambda f, a: f(f(a)) == f(a),
}


def property_instance(problem):
    f = run_code(code_of(problem.prompt))["f"]
    claim = next(check for words, check in CLAIM_WORDS.items() if words in problem.prompt)
    found = re.search(r"at most (\d+) integers, each between 0 and (\d+)", problem.prompt)
    return f, claim, int(found.group(1)), int(found.group(2))


def test_property_counterexample_matches_the_shown_code():
    env = PropertyCounterexample()
    rng = random.Random(5)
    names, others = set(), 0
    for difficulty in range(0, 31, 2):
        for seed in range(3):
            problem = env.sample(difficulty, seed)
            f, claim, longest, largest = property_instance(problem)
            names.add(problem.data["function"])
            reference = ast.literal_eval(problem.answer)
            assert len(reference) <= longest and all(0 <= v <= largest for v in reference)
            assert not claim(f, list(reference))
            # Random lists, and every short list of small values: the check agrees with the shown code.
            tried = [[rng.randint(0, largest) for _ in range(rng.randint(0, longest))] for _ in range(40)]
            tried += [list(a) for n in range(min(longest, 3) + 1) for a in itertools.product(range(4), repeat=n)]
            for a in tried:
                assert env.score(problem, tag(str(a))).correct == (not claim(f, list(a))), a
            others += any(not claim(f, list(a)) and a != reference for a in tried)
    assert names == {"bubble", "insertion", "window", "residue", "counting", "merge", "bubble_twice", "below_mean"}
    assert others >= 10


def test_property_counterexample_rejections():
    env = PropertyCounterexample()
    problem = env.sample(9, 2)
    f, claim, longest, largest = property_instance(problem)
    reference = ast.literal_eval(problem.answer)
    assert env.score(problem, tag("a = " + " ".join(map(str, reference)))).correct
    assert "at most" in env.score(problem, tag(str(reference + [0] * (longest + 1 - len(reference))))).reason
    assert "between 0 and" in env.score(problem, tag(str([largest + 1] + reference[1:]))).reason
    assert "claim holds" in env.score(problem, tag("[]")).reason
    assert not env.score(problem, tag("the empty list")).format_ok


# -- code/string_input_search ------------------------------------------------------------------------------------


def string_instance(problem):
    f = run_code(code_of(problem.prompt))["f"]
    found = re.search(
        r"at most (\d+) characters, each one of (\S+)( and the space character)?, for which f\(s\) "
        r"returns (.*)\. Any such",
        problem.prompt,
    )
    alphabet = found.group(2) + (" " if found.group(3) else "")
    return f, int(found.group(1)), alphabet, ast.literal_eval(found.group(4))


def test_string_input_search_matches_the_shown_code():
    env = StringInputSearch()
    rng = random.Random(3)
    others = 0
    for difficulty, seed in [(0, 0), (2, 1), (4, 2), (7, 3), (10, 4), (15, 5), (22, 6), (30, 7), (30, 8)]:
        problem = env.sample(difficulty, seed)
        f, longest, alphabet, target = string_instance(problem)
        reference = ast.literal_eval(problem.answer)
        assert len(reference) <= longest and set(reference) <= set(alphabet) and f(reference) == target
        # Strings one edit away from the reference, and random ones: the check agrees with the shown code.
        tried = [reference[:i] + ch + reference[i + 1 :] for i in range(len(reference)) for ch in alphabet[:6]]
        tried += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest))) for _ in range(20)]
        for text in tried:
            if len(text) <= longest:
                assert env.score(problem, tag(f'"{text}"')).correct == (f(text) == target), text
        others += any(f(text) == target for text in tried if text != reference)
    assert others >= 3


def test_string_input_search_rejections():
    env = StringInputSearch()
    problem = env.sample(8, 2)
    f, longest, alphabet, target = string_instance(problem)
    reference = ast.literal_eval(problem.answer)
    assert env.score(problem, tag(f"'{reference}'")).correct
    assert env.score(problem, tag(reference)).correct
    wrong = next(
        reference[:i] + ch + reference[i + 1 :]
        for i in range(len(reference))
        for ch in alphabet
        if f(reference[:i] + ch + reference[i + 1 :]) != target
    )
    assert "returns" in env.score(problem, tag(f'"{wrong}"')).reason
    assert "at most" in env.score(problem, tag('"' + alphabet[0] * (longest + 1) + '"')).reason
    assert "outside" in env.score(problem, tag(f'"{reference}#"')).reason
    assert not env.score(problem, tag(f'"{reference}')).format_ok
