"""Counting sequences (runs in binary strings, surjections, Delannoy, Motzkin, bounded compositions, rook
placements, cycle types, Eulerian numbers): every instance is rebuilt from its prompt and counted again with
sympy or by brute-force enumeration."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from math_test_helpers import assert_modular_answer_forms, judge, modulus
from sympy import Matrix, binomial, factorial
from sympy.combinatorics import Permutation, SymmetricGroup
from sympy.discrete.recurrences import linrec
from sympy.functions.combinatorial.numbers import motzkin, nC, stirling
from sympy.utilities.iterables import multiset_permutations, variations

from rlve.testing import assert_accepted, assert_rejected
from rlve_plugin_math.environments.binary_strings_no_run import BinaryStringsNoRun
from rlve_plugin_math.environments.bounded_compositions import BoundedCompositions
from rlve_plugin_math.environments.delannoy_numbers import DelannoyNumbers
from rlve_plugin_math.environments.eulerian_numbers import EulerianNumbers
from rlve_plugin_math.environments.motzkin_numbers import MotzkinNumbers
from rlve_plugin_math.environments.permutations_by_cycle_type import PermutationsByCycleType
from rlve_plugin_math.environments.rook_placements import RookPlacements
from rlve_plugin_math.environments.surjections_mod_prime import SurjectionsModPrime

MODULAR = [BinaryStringsNoRun, SurjectionsModPrime, DelannoyNumbers, MotzkinNumbers, EulerianNumbers]
EXACT = [BoundedCompositions, RookPlacements, PermutationsByCycleType]


def instances(env, difficulties, seeds=range(4)):
    for d in difficulties:
        for seed in seeds:
            yield env.sample(d, seed)


# -- math/binary_strings_no_run -----------------------------------------------------------------------


def read_strings_question(prompt: str) -> tuple[str, int, int]:
    match = re.search(
        r"Let N be the number of binary strings of length (\d+) (?:that contain no run of (\d+) consecutive "
        r"(1s|equal symbols)|whose longest run of consecutive 1s has length exactly (\d+))[.:]",
        prompt,
    )
    n, k_run, kind, k_exact = match.groups()
    if k_exact:
        return "exactly", int(n), int(k_exact)
    return ("ones" if kind == "1s" else "equal"), int(n), int(k_run)


def longest_run(s: str, symbol: str) -> int:
    return max(len(block) for block in s.split("0" if symbol == "1" else "1"))


def strings_by_enumeration(kind: str, n: int, k: int) -> int:
    total = 0
    for letters in itertools.product("01", repeat=n):
        s = "".join(letters)
        if kind == "ones":
            total += longest_run(s, "1") < k
        elif kind == "equal":
            total += max(longest_run(s, "0"), longest_run(s, "1")) < k
        else:
            total += longest_run(s, "1") == k
    return total


def strings_by_linrec(kind: str, n: int, k: int) -> int:
    """sympy's linrec on a(t) = a(t - 1) + ... + a(t - order) (a block before the last 0 or the last change of
    symbol), started from enumerated values a(1..order)."""
    if kind == "exactly":
        return strings_by_linrec("ones", n, k + 1) - strings_by_linrec("ones", n, k)
    order = k if kind == "ones" else k - 1
    start = [strings_by_enumeration(kind, t, k) for t in range(1, order + 1)]
    return int(linrec([1] * order, start, n - 1))


def test_binary_strings_match_enumeration_and_sympy_linrec():
    env = BinaryStringsNoRun()
    kinds = set()
    for problem in instances(env, range(0, 4)):
        kind, n, k = read_strings_question(problem.prompt)
        kinds.add(kind)
        assert int(problem.answer) == strings_by_enumeration(kind, n, k) % modulus(problem.prompt)
    for problem in instances(env, (4, 9, 17, 30), seeds=range(5)):
        kind, n, k = read_strings_question(problem.prompt)
        kinds.add(kind)
        assert 2 <= k < n and (kind != "equal" or k >= 3)
        assert int(problem.answer) == strings_by_linrec(kind, n, k) % modulus(problem.prompt)
    assert kinds == {"ones", "equal", "exactly"}


def test_binary_strings_at_d0_are_small_enough_to_list_by_hand():
    for seed in range(8):
        problem = BinaryStringsNoRun().sample(0, seed)
        kind, n, k = read_strings_question(problem.prompt)
        assert kind == "ones" and n == 5 and strings_by_enumeration(kind, n, k) < modulus(problem.prompt)


# -- math/surjections_mod_prime -----------------------------------------------------------------------


def read_surjection_question(prompt: str) -> tuple[int, int]:
    match = re.search(r"Let S be the number of functions from a set of (\d+) elements onto a set of (\d+) ", prompt)
    return int(match.group(1)), int(match.group(2))


def test_surjections_match_enumeration_and_sympy_stirling():
    env = SurjectionsModPrime()
    for problem in instances(env, (0,), seeds=range(8)):
        n, m = read_surjection_question(problem.prompt)
        onto = sum(len(set(f)) == m for f in itertools.product(range(m), repeat=n))
        assert n <= 5 and int(problem.answer) == onto % modulus(problem.prompt)
    for problem in instances(env, (1, 2, 5, 9, 14)):
        n, m = read_surjection_question(problem.prompt)
        p = modulus(problem.prompt)
        # Every k^n with 0 < k <= m < p depends only on n mod (p - 1): an exponent below p stands for n.
        reduced = (n - 1) % (p - 1) + 1
        assert 2 <= m < p and int(problem.answer) == int(stirling(reduced, m) * factorial(m)) % p
    problem = env.sample(3, 0)  # a 3-digit n, small enough for sympy directly
    n, m = read_surjection_question(problem.prompt)
    assert int(problem.answer) == int(stirling(n, m) * factorial(m)) % modulus(problem.prompt)


def test_surjections_near_misses():
    problem = SurjectionsModPrime().sample(8, 2)
    n, m = read_surjection_question(problem.prompt)
    p = modulus(problem.prompt)
    assert_rejected(problem, str(pow(m, n, p)), "not the number of onto")  # all functions
    reduced = (n - 1) % (p - 1) + 1
    assert_rejected(problem, str(int(stirling(reduced, m)) % p), "not")  # partitions, not functions: no m!


# -- math/delannoy_numbers ----------------------------------------------------------------------------


def read_delannoy_question(prompt: str) -> tuple[int, int]:
    match = re.search(r"Let D be the number of such paths from \(0, 0\) to \((\d+), (\d+)\)\.", prompt)
    return int(match.group(1)), int(match.group(2))


def delannoy_by_enumeration(m: int, n: int) -> int:
    """Every word in E, N and D with as many east and north moves as needed, listed by sympy."""
    return sum(
        sum(1 for _ in multiset_permutations("E" * (m - d) + "N" * (n - d) + "D" * d)) for d in range(min(m, n) + 1)
    )


def delannoy_by_multinomials(m: int, n: int) -> int:
    """Sum over the number d of diagonal steps of the orderings of d D, m - d E and n - d N steps."""
    terms = (factorial(m + n - d) / (factorial(d) * factorial(m - d) * factorial(n - d)) for d in range(min(m, n) + 1))
    return int(sum(terms))


def test_delannoy_numbers_match_enumeration_and_multinomials():
    env = DelannoyNumbers()
    for problem in instances(env, range(0, 4)):
        m, n = read_delannoy_question(problem.prompt)
        assert int(problem.answer) == delannoy_by_enumeration(m, n) % modulus(problem.prompt)
    for problem in instances(env, (4, 13, 30)):
        m, n = read_delannoy_question(problem.prompt)
        assert m >= 1 and n >= 1
        assert int(problem.answer) == delannoy_by_multinomials(m, n) % modulus(problem.prompt)
    assert {env.sample(0, seed).answer for seed in range(12)} <= {"7", "13"}  # D(1, 3), D(2, 2), D(3, 1)


def test_delannoy_rejects_paths_without_diagonal_steps():
    problem = DelannoyNumbers().sample(6, 1)
    m, n = read_delannoy_question(problem.prompt)
    assert_rejected(problem, str(math.comb(m + n, m) % modulus(problem.prompt)), "not the number of such paths")


# -- math/motzkin_numbers -----------------------------------------------------------------------------


def read_motzkin_question(prompt: str) -> tuple[int, int]:
    match = re.search(
        r"Let T be the number of (?:Motzkin paths of length (\d+)|paths of (\d+) such steps that start at height "
        r"0, end at height (\d+) and never go below height 0)\.",
        prompt,
    )
    plain, n, height = match.groups()
    return (int(plain), 0) if plain else (int(n), int(height))


#: sympy 1.14's motzkin(n) is M_(n - 1) for n >= 1 (motzkin(4) == 4, but M_4 = 9: FFFF, UDFF, UFDF, UFFD, FUDF,
#: FUFD, FFUD, UDUD, UUDD); the offset is read off M_4 so that a fixed sympy keeps the test right.
MOTZKIN_OFFSET = 0 if int(motzkin(4)) == 9 else 1


def motzkin_by_enumeration(n: int, height: int) -> int:
    total = 0
    for steps in itertools.product((1, -1, 0), repeat=n):
        levels = list(itertools.accumulate(steps))
        total += min(levels) >= 0 and levels[-1] == height
    return total


def paths_by_heights(n: int, height: int) -> int:
    """Plain step-by-step count of the ways to stand at each height (heights above n never come back)."""
    ways = [1] + [0] * n
    for _ in range(n):
        ways = [ways[h] + (ways[h - 1] if h else 0) + (ways[h + 1] if h < n else 0) for h in range(n + 1)]
    return ways[height]


def test_motzkin_numbers_match_sympy_and_enumeration():
    env = MotzkinNumbers()
    heights = set()
    for problem in [*instances(env, range(0, 2)), *instances(env, (2,), seeds=range(2))]:
        n, height = read_motzkin_question(problem.prompt)
        assert int(problem.answer) == motzkin_by_enumeration(n, height) % modulus(problem.prompt)
    for problem in instances(env, (3, 11, 22, 30), seeds=range(6)):
        n, height = read_motzkin_question(problem.prompt)
        heights.add(height > 0)
        p = modulus(problem.prompt)
        expected = int(motzkin(n + MOTZKIN_OFFSET)) if height == 0 else paths_by_heights(n, height)
        assert 0 <= height < n and int(problem.answer) == expected % p
    assert heights == {True, False}
    assert env.sample(0, 0).answer == "9"  # M_4 = 9, below every 7-bit prime


def ending_at_zero(problem) -> int:
    n, _ = read_motzkin_question(problem.prompt)
    p = modulus(problem.prompt)
    assert int(motzkin(n + MOTZKIN_OFFSET)) % p == paths_by_heights(n, 0) % p
    return int(motzkin(n + MOTZKIN_OFFSET)) % p


def test_motzkin_height_is_read_not_assumed_zero():
    problem = next(
        p
        for p in instances(MotzkinNumbers(), (8,), seeds=range(20))
        if p.data["height"] > 0 and ending_at_zero(p) != int(p.answer)
    )
    assert_rejected(problem, str(ending_at_zero(problem)), "not the number of such paths")


# -- math/bounded_compositions ------------------------------------------------------------------------


def read_bounded_question(prompt: str) -> tuple[int, list[tuple[int, int]]]:
    match = re.search(r"does the equation [x_\d + ]+ = (\d+) have with (.*?)\? Two solutions", prompt)
    ranges = []
    for item in match.group(2).split(", "):
        bounds = re.fullmatch(r"(?:(\d+) <= )?x_\d+ <= (\d+)", item)
        ranges.append((int(bounds.group(1) or 0), int(bounds.group(2))))
    if "in non-negative integers x_" not in prompt:
        assert any(low for low, _ in ranges)
    return int(match.group(1)), ranges


def bounded_by_enumeration(n: int, ranges: list[tuple[int, int]]) -> int:
    return sum(sum(xs) == n for xs in itertools.product(*(range(low, high + 1) for low, high in ranges)))


def bounded_by_sympy_nc(n: int, ranges: list[tuple[int, int]]) -> int:
    """Solutions shifted by the lower bounds are the sub-multisets of size n - sum(lows) of a multiset holding
    high - low copies of item i: sympy's nC counts those."""
    shifted = n - sum(low for low, _ in ranges)
    return int(nC({i: high - low for i, (low, high) in enumerate(ranges)}, shifted))


def test_bounded_compositions_match_enumeration_and_sympy_nc():
    env = BoundedCompositions()
    lower = set()
    for problem in instances(env, range(0, 6)):
        n, ranges = read_bounded_question(problem.prompt)
        lower.add(any(low for low, _ in ranges))
        assert problem.answer == str(bounded_by_enumeration(n, ranges))
    for problem in instances(env, (8, 19, 30)):
        n, ranges = read_bounded_question(problem.prompt)
        lower.add(any(low for low, _ in ranges))
        assert problem.answer == str(bounded_by_sympy_nc(n, ranges))
    assert lower == {True, False}


def test_bounded_compositions_at_d0_are_small_enough_to_list_by_hand():
    for seed in range(8):
        n, ranges = read_bounded_question(BoundedCompositions().sample(0, seed).prompt)
        assert len(ranges) == 2 and all(low == 0 and high <= 3 for low, high in ranges)


def test_bounded_compositions_answers_and_near_misses():
    problem = BoundedCompositions().sample(12, 0)
    n, ranges = read_bounded_question(problem.prompt)
    count = int(problem.answer)
    assert count > 1000
    assert_accepted(problem, f"{count:,}")
    unbounded = math.comb(n - sum(low for low, _ in ranges) + len(ranges) - 1, len(ranges) - 1)
    assert unbounded != count
    assert_rejected(problem, str(unbounded), "not the number of solutions")  # the upper bounds ignored


# -- math/rook_placements -----------------------------------------------------------------------------


def read_board(prompt: str) -> tuple[list[str], int]:
    shape = re.search(r"a board of (\d+) rows and (\d+) columns;.*?In how many ways can (\d+) identical", prompt)
    rows, cols, rooks = map(int, shape.groups())
    board = [line for line in prompt.split("\n") if line and set(line) <= {".", "#"}]
    assert len(board) == rows and all(len(line) == cols for line in board)
    return board, rooks


def rooks_by_enumeration(board: list[str], rooks: int) -> int:
    """Every choice of rows, and every injective assignment of columns to them (sympy's variations)."""
    total = 0
    for rows in itertools.combinations(range(len(board)), rooks):
        for cols in variations(range(len(board[0])), rooks):
            total += all(board[r][c] == "." for r, c in zip(rows, cols))
    return total


def test_rook_placements_match_enumeration_and_permanents():
    env = RookPlacements()
    full = 0
    for problem in instances(env, range(0, 31, 3)):
        board, rooks = read_board(problem.prompt)
        assert "#" in "".join(board)
        assert problem.answer == str(rooks_by_enumeration(board, rooks))
        if rooks == len(board) == len(board[0]):
            full += 1  # a full placement on a square board is a permanent
            free = Matrix([[int(cell == ".") for cell in row] for row in board])
            assert problem.answer == str(free.per())
    assert full >= 1


def test_rook_placements_at_d0_and_near_misses():
    for seed in range(6):
        board, rooks = read_board(RookPlacements().sample(0, seed).prompt)
        assert (len(board), len(board[0]), rooks) == (3, 3, 2)
    problem = RookPlacements().sample(20, 3)
    board, rooks = read_board(problem.prompt)
    count = int(problem.answer)
    assert_rejected(problem, str(count * math.factorial(rooks)), "not the number of placements")  # ordered rooks
    assert_rejected(problem, str(count + 1), "not the number of placements")


# -- math/permutations_by_cycle_type ------------------------------------------------------------------


def read_cycle_question(prompt: str) -> tuple[int, dict[int, int] | None, list[int] | None]:
    n = int(re.search(r"How many permutations of 1, 2, \.\.\., (\d+) have", prompt).group(1))
    shown = re.search(r"sends 1, 2, \.\.\., \d+ to ([\d, ]+) respectively", prompt)
    if shown:
        return n, None, [int(x) for x in shown.group(1).split(", ")]
    wanted = re.search(r"have exactly (.*?), and no other cycles\?", prompt).group(1)
    counts = {int(length): int(times) for times, length in re.findall(r"(\d+) cycles? of length (\d+)", wanted)}
    return n, counts, None


def cycle_type_of(image: list[int]) -> dict[int, int]:
    return dict(Permutation([x - 1 for x in image]).cycle_structure)


def cycle_lengths(perm: tuple[int, ...]) -> dict[int, int]:
    """The cycle type of a permutation of 0..n-1 by walking its cycles (fast enough to run over all of S_7)."""
    seen, counts = set(), {}
    for start in range(len(perm)):
        length = 0
        while start not in seen:
            seen.add(start)
            start, length = perm[start], length + 1
        if length:
            counts[length] = counts.get(length, 0) + 1
    return counts


def test_cycle_types_match_enumeration_and_sympy_centralizers():
    env = PermutationsByCycleType()
    shown_seen = set()
    for problem in instances(env, range(0, 4), seeds=range(6)):
        n, counts, shown = read_cycle_question(problem.prompt)
        shown_seen.add(shown is not None)
        counts = counts or cycle_type_of(shown)
        assert sum(length * times for length, times in counts.items()) == n
        brute = sum(cycle_lengths(perm) == counts for perm in itertools.permutations(range(n)))
        assert problem.answer == str(brute)
    for problem in instances(env, (5, 8, 12), seeds=range(6)):
        n, counts, shown = read_cycle_question(problem.prompt)
        shown_seen.add(shown is not None)
        if shown is None:  # a permutation with that type, written out cycle by cycle
            cycles, start = [], 0
            for length, times in counts.items():
                for _ in range(times):
                    cycles.append(list(range(start, start + length)))
                    start += length
            element = Permutation(cycles, size=n)
        else:
            element = Permutation([x - 1 for x in shown])
        # The class of an element has |S_n| / |centraliser| members (orbit-stabiliser under conjugation).
        assert problem.answer == str(math.factorial(n) // SymmetricGroup(n).centralizer(element).order())
    assert shown_seen == {True, False}


def test_cycle_types_at_d0_are_named_for_four_items():
    for seed in range(8):
        n, counts, shown = read_cycle_question(PermutationsByCycleType().sample(0, seed).prompt)
        assert n == 4 and shown is None and counts != {1: 4}


def test_cycle_types_by_formula_at_high_levels_and_near_misses():
    for problem in instances(PermutationsByCycleType(), (30, 100)):
        n, counts, shown = read_cycle_question(problem.prompt)
        counts = counts or cycle_type_of(shown)
        centraliser = math.prod(factorial(times) * length**times for length, times in counts.items())
        assert problem.answer == str(factorial(n) / centraliser)
    problem = next(
        p
        for p in instances(PermutationsByCycleType(), (9,), seeds=range(30))
        if max(p.data["cycle_type"].values()) > 1
    )
    n = problem.data["n"]
    rotations_only = math.factorial(n) // math.prod(int(k) ** m for k, m in problem.data["cycle_type"].items())
    assert_rejected(problem, str(rotations_only), "not the number of permutations")  # equal cycles not swapped
    assert_accepted(problem, f"{int(problem.answer):,}")


# -- math/eulerian_numbers ----------------------------------------------------------------------------


def read_eulerian_question(prompt: str) -> tuple[int, str, int]:
    match = re.search(
        r"Let E be the number of permutations of 1, 2, \.\.\., (\d+) with exactly (\d+) "
        r"(ascents?|descents?|increasing runs?)\.",
        prompt,
    )
    return int(match.group(1)), match.group(3).rstrip("s").replace("run", "runs"), int(match.group(2))


def statistic_of(perm: tuple[int, ...], statistic: str) -> int:
    ascents = sum(a < b for a, b in itertools.pairwise(perm))
    descents = len(perm) - 1 - ascents
    return {"ascent": ascents, "descent": descents, "increasing runs": descents + 1}[statistic]


def eulerian_by_sympy_sum(n: int, ascents: int) -> int:
    """A(n, k) = sum_j (-1)^j C(n + 1, j) (k + 1 - j)^n, summed with sympy's binomial."""
    return int(sum((-1) ** j * binomial(n + 1, j) * (ascents + 1 - j) ** n for j in range(ascents + 2)))


def test_eulerian_numbers_match_enumeration_and_the_alternating_sum():
    env = EulerianNumbers()
    statistics = set()
    for problem in [*instances(env, range(0, 2), seeds=range(6)), *instances(env, (2,), seeds=range(3))]:
        n, statistic, k = read_eulerian_question(problem.prompt)
        statistics.add(statistic)
        brute = sum(statistic_of(perm, statistic) == k for perm in itertools.permutations(range(n)))
        assert int(problem.answer) == brute % modulus(problem.prompt)
    for problem in instances(env, (3, 12, 30), seeds=range(6)):
        n, statistic, k = read_eulerian_question(problem.prompt)
        statistics.add(statistic)
        ascents = k - 1 if statistic == "increasing runs" else k
        assert 1 <= ascents <= n - 2
        assert int(problem.answer) == eulerian_by_sympy_sum(n, ascents) % modulus(problem.prompt)
    assert statistics == {"ascent", "descent", "increasing runs"}
    assert env.sample(0, 0).answer == "11"  # A(4, 1) = A(4, 2) = 11


def test_eulerian_rejects_an_off_by_one_statistic():
    """Off by one: k - 1 or k + 1 ascents or descents; for k increasing runs, the count for k descents (there
    are descents + 1 runs)."""
    rejected = 0
    for problem in instances(EulerianNumbers(), (10,), seeds=range(12)):
        n, statistic, k = read_eulerian_question(problem.prompt)
        p, answer = modulus(problem.prompt), int(problem.answer)
        slips = [k - 1, k + 1] if statistic != "increasing runs" else [k]
        for wrong in (eulerian_by_sympy_sum(n, slip) % p for slip in slips if 0 <= slip <= n - 1):
            if wrong != answer:
                assert_rejected(problem, str(wrong), "not the number of such permutations")
                rejected += 1
    assert rejected >= 15


# -- what the environments share ----------------------------------------------------------------------


@pytest.mark.parametrize("cls", MODULAR, ids=lambda cls: cls.id)
def test_modular_answers_accept_harmless_forms_and_reject_near_misses(cls):
    assert_modular_answer_forms(cls())


@pytest.mark.parametrize("cls", EXACT, ids=lambda cls: cls.id)
def test_exact_answers_accept_separators_and_reject_near_misses(cls):
    env = cls()
    problem = env.sample(15, 2)
    count = int(problem.answer)
    for written in (f"{count}", f"{count:,}", f"$N = {count}$", f"{count}."):
        assert_accepted(problem, written)
    for wrong in (count + 1, count - 1, -count, 10 * count):
        assert_rejected(problem, str(wrong), "that is not")
    for bad in ("", "many", "3.5", "2^10", "1e3", "9" * 400, f"{count} or {count + 1}"):
        verdict = judge(env, problem, bad)
        assert not verdict.correct and verdict.reward == 0


@pytest.mark.parametrize("cls", MODULAR + EXACT, ids=lambda cls: cls.id)
def test_answers_differ_between_seeds_at_high_levels(cls):
    env = cls()
    answers = [env.sample(30, seed).answer for seed in range(12)]
    assert len(set(answers)) >= 10 and answers.count("0") <= 1
