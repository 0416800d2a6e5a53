"""The string environments: each instance rebuilt from its prompt text and solved by brute force written
from the definitions in the prompt (never with the environments' algorithms), other valid answers accepted,
near misses refused with a reason that says why."""

from __future__ import annotations

import fnmatch
import itertools
import re
from collections import deque

import pytest
from helpers import assert_right, assert_wrong, env, find

from rlve import Problem

LEVELS = (0, 1, 2, 3, 5, 8, 13, 21, 30)
SEEDS = range(4)
POINTS = [(d, s) for d in LEVELS for s in SEEDS]


def letter_lines(prompt: str) -> list[str]:
    """The prompt's lines made of letters only (with $ and ?): the strings the problem is about."""
    return re.findall(r"^[a-z$?]+$", prompt, flags=re.MULTILINE)


def the_string(problem: Problem) -> str:
    s = letter_lines(problem.prompt)[0]
    assert f"{len(s)} letters" in problem.prompt
    return s


def sample(name: str, difficulty: int, seed: int) -> Problem:
    return env(name).sample(difficulty, seed)


def is_palindrome(s: str) -> bool:
    return s == s[::-1]


# -- string_period ------------------------------------------------------------------------------------------


def brute_period(s: str) -> int:
    return next(p for p in range(1, len(s) + 1) if all(s[i] == s[i + p] for i in range(len(s) - p)))


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_string_period_matches_the_definition(difficulty, seed):
    problem = sample("string_period", difficulty, seed)
    assert problem.answer == str(brute_period(the_string(problem)))


def test_string_period_hides_periods_that_do_not_divide_and_near_periods_that_fail():
    problems = [sample("string_period", 30, seed) for seed in range(40)]
    periods = [(len(the_string(p)), int(p.answer)) for p in problems]
    assert any(p < n and n % p for n, p in periods)  # a last copy cut short
    assert any(p == n for n, p in periods)  # no period but the length
    # a near period: a block that repeats for at least half the string, then breaks
    assert any(
        brute_period(s[: len(s) // 2]) < int(p.answer) for p in problems for s in [the_string(p)]
    )


def test_string_period_answers():
    problem = find("string_period", lambda p: 1 < int(p.answer) < p.size - 1)
    s, period = the_string(problem), int(problem.answer)
    assert_right(problem, f"p = {period}")
    assert_right(problem, f" {period} ")
    assert_wrong(problem, str(len(s)), "not the smallest")  # a period, but not the smallest
    assert_wrong(problem, str(period - 1), "not a period")  # below the smallest period: no period at all
    assert_wrong(problem, "0", "between")
    assert_wrong(problem, str(len(s) + 1), "between")
    assert_wrong(problem, f"{period} {period}")


# -- minimal_rotation -----------------------------------------------------------------------------------------


def brute_least_rotation(s: str) -> int:
    return min(range(len(s)), key=lambda i: (s[i:] + s[:i], i))


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_minimal_rotation_matches_sorting_every_rotation(difficulty, seed):
    problem = sample("minimal_rotation", difficulty, seed)
    assert problem.answer == str(brute_least_rotation(the_string(problem)))


def test_minimal_rotation_ties_go_to_the_smallest_index():
    def tied(p: Problem) -> bool:
        s = the_string(p)
        return sum(s[i:] + s[:i] == s for i in range(len(s))) > 1  # a block repeated: rotations repeat

    problem = find("minimal_rotation", tied, difficulties=range(5, 31))
    s, start = the_string(problem), int(problem.answer)
    best = s[start:] + s[:start]
    later = next(i for i in range(start + 1, len(s)) if s[i:] + s[:i] == best)
    assert_wrong(problem, str(later), "smaller index")
    assert_right(problem, f"i = {start}")


def test_minimal_rotation_answers():
    problem = find("minimal_rotation", lambda p: int(p.answer) > 0, difficulties=range(10, 31))
    s, start = the_string(problem), int(problem.answer)
    assert_wrong(problem, s[start:] + s[:start], "index")  # the rotation itself is not what is asked
    assert_wrong(problem, str(start - 1), "not the smallest")
    assert_wrong(problem, str(len(s)), "indices")
    assert_wrong(problem, "-1", "indices")


# -- distinct_substrings --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_distinct_substrings_matches_a_set_of_every_substring(difficulty, seed):
    problem = sample("distinct_substrings", difficulty, seed)
    s = the_string(problem)
    substrings = {s[i:j] for i in range(len(s)) for j in range(i + 1, len(s) + 1)}
    assert problem.answer == str(len(substrings))


def test_distinct_substrings_answers():
    problem = sample("distinct_substrings", 30, 0)
    count = int(problem.answer)
    s = the_string(problem)
    assert count < len(s) * (len(s) + 1) // 2  # repeats do occur: not every substring is new
    assert_right(problem, f"count = {count}")
    assert_wrong(problem, str(count + 1), "not the number")
    assert_wrong(problem, str(len(s) * (len(s) + 1) // 2), "not the number")  # every substring counted, repeats too
    assert_wrong(problem, f"{count}.5")


# -- shortest_superstring -------------------------------------------------------------------------------------


def words_of(problem: Problem) -> list[str]:
    line = re.search(r"words:\n([a-z ]+)\n", problem.prompt).group(1)
    return line.split()


def merge_in_order(order: tuple[str, ...]) -> str:
    """Each word written after the text so far, overlapping it as much as possible (skipped if already inside)."""
    out = ""
    for word in order:
        if word in out:
            continue
        k = max(k for k in range(len(word) + 1) if out.endswith(word[:k]))
        out += word[k:]
    return out


def brute_superstrings(words: list[str]) -> set[str]:
    """The shortest of the merges over every order of the words (some order gives an optimum)."""
    merges = {merge_in_order(order) for order in itertools.permutations(words)}
    best = min(map(len, merges))
    return {m for m in merges if len(m) == best}


def exhaustive_superstring_length(words: list[str]) -> int:
    """Try every string over the words' letters, shortest first (tiny instances only)."""
    alphabet = sorted(set("".join(words)))
    for length in itertools.count(1):
        for letters in itertools.product(alphabet, repeat=length):
            text = "".join(letters)
            if all(w in text for w in words):
                return length
    raise AssertionError


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_shortest_superstring_matches_every_order_of_the_words(difficulty, seed):
    problem = sample("shortest_superstring", difficulty, seed)
    words = words_of(problem)
    assert sum(map(len, words)) == problem.size and len(set(words)) == len(words)
    best = brute_superstrings(words)
    assert len(problem.answer) == len(next(iter(best)))
    assert all(w in problem.answer for w in words)
    if difficulty <= 1:
        assert len(problem.answer) == exhaustive_superstring_length(words)


def test_shortest_superstring_accepts_any_shortest_and_refuses_near_misses():
    def several(p: Problem) -> bool:
        return len(brute_superstrings(words_of(p))) > 1 and len(p.answer) < p.size

    problem = find("shortest_superstring", several, difficulties=range(0, 12), seeds=range(10))
    words = words_of(problem)
    other = sorted(brute_superstrings(words) - {problem.answer})[0]
    assert_right(problem, other)
    assert_right(problem, f"'{problem.answer}'")
    assert_wrong(problem, "".join(words), "letters")  # contains every word, but longer than needed
    assert_wrong(problem, problem.answer[:-1], "does not occur")
    assert_wrong(problem, problem.answer + problem.answer)
    assert_wrong(problem, " ".join(problem.answer))


# -- lz_factorisation -----------------------------------------------------------------------------------------


def brute_lz(s: str) -> list[str]:
    factors, i = [], 0
    while i < len(s):
        longest = max(
            (
                length
                for length in range(1, len(s) - i + 1)
                for j in range(i)
                if s[j : j + length] == s[i : i + length]
            ),
            default=1,
        )
        factors.append(s[i : i + longest])
        i += longest
    return factors


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_lz_factorisation_matches_trying_every_earlier_start(difficulty, seed):
    problem = sample("lz_factorisation", difficulty, seed)
    factors = brute_lz(the_string(problem))
    assert problem.answer == f"{len(factors)}: {' '.join(factors)}"


def test_lz_factorisation_example_in_the_prompt_is_right():
    assert brute_lz("abababb") == ["a", "b", "abab", "b"]
    assert "abababb splits into a, b, abab" in sample("lz_factorisation", 0, 0).prompt


def test_lz_factorisation_answers():
    problem = find("lz_factorisation", lambda p: any(len(f) > 2 for f in brute_lz(the_string(p))))
    s = the_string(problem)
    factors = brute_lz(s)
    assert_right(problem, " ".join(factors))  # without the count
    assert_right(problem, f"{len(factors)}: " + ", ".join(factors))
    assert_right(problem, "[" + ", ".join(f"'{f}'" for f in factors) + "]")
    assert_right(problem, " | ".join(factors))
    assert_wrong(problem, f"{len(factors) + 1}: {' '.join(factors)}", "count")
    long = next(k for k, f in enumerate(factors) if len(f) > 2)
    split = factors[:long] + [factors[long][:-1], factors[long][-1]] + factors[long + 1 :]
    assert_wrong(problem, " ".join(split), "longest")
    merged = factors[:-2] + [factors[-2] + factors[-1]]
    assert_wrong(problem, " ".join(merged))
    assert_wrong(problem, " ".join(factors[:-1]), "cover")
    assert_wrong(problem, " ".join(factors + ["a"]))
    assert_wrong(problem, " ".join(s), "longest")  # one letter at a time


# -- inverse_bwt ----------------------------------------------------------------------------------------------


def brute_inverse_bwt(last: str) -> str:
    """The textbook reconstruction: prepend the transform as a column and sort, once per character."""
    table = [""] * len(last)
    for _ in range(len(last)):
        table = sorted(c + row for c, row in zip(last, table))  # '$' sorts before letters, as in ASCII
    return next(row for row in table if row.endswith("$"))[:-1]


def forward_bwt(text: str) -> str:
    s = text + "$"
    return "".join(rotation[-1] for rotation in sorted(s[i:] + s[:i] for i in range(len(s))))


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_inverse_bwt_matches_the_textbook_reconstruction(difficulty, seed):
    problem = sample("inverse_bwt", difficulty, seed)
    (transform,) = letter_lines(problem.prompt)
    assert problem.answer == brute_inverse_bwt(transform)
    assert forward_bwt(problem.answer) == transform


def test_inverse_bwt_example_in_the_prompt_is_right():
    assert forward_bwt("banana") == "annb$aa"
    assert "the transform of banana is annb$aa" in sample("inverse_bwt", 0, 0).prompt


def test_inverse_bwt_answers():
    problem = find("inverse_bwt", lambda p: p.answer != p.answer[::-1], difficulties=range(8, 31))
    w = problem.answer
    assert_right(problem, w + "$")
    assert_right(problem, f'"{w}"')
    assert_wrong(problem, w[::-1], "differs")
    assert_wrong(problem, w[:-1], "letters")
    assert_wrong(problem, "$" + w, "end")
    changed = w[:3] + ("a" if w[3] != "a" else "b") + w[4:]
    assert_wrong(problem, changed, "position 3")
    assert_wrong(problem, w.upper())


# -- wildcard_matching ----------------------------------------------------------------------------------------


def text_and_pattern(problem: Problem) -> tuple[str, str]:
    text = re.search(r"Text \(.*\):\n([a-z]+)\n", problem.prompt).group(1)
    pattern = re.search(r"Pattern \(.*\):\n([a-z?]+)\n", problem.prompt).group(1)
    return text, pattern


def brute_matches(text: str, pattern: str) -> list[int]:
    # fnmatch's ? is one character and there are no other special characters in a pattern of letters and ?
    return [i for i in range(len(text) - len(pattern) + 1) if fnmatch.fnmatchcase(text[i : i + len(pattern)], pattern)]


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_wildcard_matching_matches_fnmatch_at_every_position(difficulty, seed):
    problem = sample("wildcard_matching", difficulty, seed)
    text, pattern = text_and_pattern(problem)
    assert len(text) == problem.size and "?" in pattern and pattern.strip("?")
    expected = brute_matches(text, pattern)
    assert problem.answer == (" ".join(map(str, expected)) if expected else "none")


def test_wildcard_matching_answers():
    problem = find("wildcard_matching", lambda p: len(p.answer.split()) >= 3)
    text, pattern = text_and_pattern(problem)
    positions = brute_matches(text, pattern)
    assert_right(problem, ", ".join(map(str, reversed(positions))))  # any order
    assert_right(problem, f"[{', '.join(map(str, positions))}]")
    assert_wrong(problem, " ".join(map(str, positions[1:])), "also occurs")
    assert_wrong(problem, " ".join(map(str, positions + [positions[0]])), "twice")
    miss = next(i for i in range(len(text)) if i not in positions)
    assert_wrong(problem, " ".join(map(str, positions + [miss])), str(miss))
    assert_wrong(problem, "none", "also occurs")
    assert_wrong(problem, " ".join(str(i + 1) for i in positions))


def test_wildcard_matching_none_when_the_pattern_occurs_nowhere():
    problem = find("wildcard_matching", lambda p: p.answer == "none", seeds=range(60))
    assert brute_matches(*text_and_pattern(problem)) == []
    assert_right(problem, "None.")
    assert_right(problem, "[]")
    assert_wrong(problem, "0")
    assert_wrong(problem, "no")


# -- palindrome_partition -------------------------------------------------------------------------------------


def fewest_palindromes_by_search(s: str) -> int:
    """Breadth-first search over cut positions: from i to j when s[i:j] is a palindrome. Pieces, not cuts."""
    steps = {0: 0}
    queue = deque([0])
    while queue:
        i = queue.popleft()
        for j in range(i + 1, len(s) + 1):
            if j not in steps and is_palindrome(s[i:j]):
                steps[j] = steps[i] + 1
                queue.append(j)
    return steps[len(s)]


def every_best_partition(s: str) -> list[list[str]]:
    """Every partition into palindromes with the fewest pieces, by trying every set of cuts (short strings)."""
    partitions = []
    for mask in range(1 << (len(s) - 1)):
        cuts = [0] + [k + 1 for k in range(len(s) - 1) if mask >> k & 1] + [len(s)]
        pieces = [s[a:b] for a, b in itertools.pairwise(cuts)]
        if all(map(is_palindrome, pieces)):
            partitions.append(pieces)
    best = min(map(len, partitions))
    return [p for p in partitions if len(p) == best]


@pytest.mark.parametrize(("difficulty", "seed"), POINTS)
def test_palindrome_partition_matches_search_over_cuts(difficulty, seed):
    problem = sample("palindrome_partition", difficulty, seed)
    s = the_string(problem)
    pieces = fewest_palindromes_by_search(s)
    cuts, _, listed = problem.answer.partition(": ")
    assert int(cuts) == pieces - 1
    assert "".join(listed.split()) == s and all(map(is_palindrome, listed.split()))
    if len(s) <= 14:
        assert len(every_best_partition(s)[0]) == pieces


def test_palindrome_partition_accepts_any_optimal_partition_and_refuses_near_misses():
    def several(p: Problem) -> bool:
        return len(every_best_partition(the_string(p))) > 1

    problem = find("palindrome_partition", several, difficulties=range(0, 9), seeds=range(10))
    s = the_string(problem)
    reference = problem.answer.partition(": ")[2].split()
    other = next(p for p in every_best_partition(s) if p != reference)
    assert_right(problem, f"{len(other) - 1}: {' '.join(other)}")
    assert_right(problem, " | ".join(other))  # without the count
    assert_wrong(problem, f"{len(other)}: {' '.join(other)}", "count")  # pieces counted, not cuts
    assert_wrong(problem, f"{len(s) - 1}: {' '.join(s)}", "enough")  # one letter each: feasible, not optimal
    assert_wrong(problem, " ".join(reference[:-1]), "spell")
    assert_wrong(problem, f"{len(reference) - 1}: {' '.join(reference)} a", "spell")


def test_palindrome_partition_refuses_a_piece_that_is_no_palindrome():
    problem = find("palindrome_partition", lambda p: not is_palindrome(the_string(p)[:2]))
    s = the_string(problem)
    # the first two letters glued into one piece, the rest one letter at a time
    assert_wrong(problem, " ".join([s[:2], *s[2:]]), "not a palindrome")
