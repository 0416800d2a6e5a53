"""Code answers under a CPU-time bound (code/fast_*): the expected values agree with brute force on the
inputs the prompt describes, near-miss programs fail a hidden test, another efficient solution passes and the
naive algorithm runs out of time at a high difficulty."""

from __future__ import annotations

import re
from functools import reduce
from itertools import combinations
from math import gcd

import pytest
from code_test_helpers import fast, tag

from rlve_plugin_code.environments.fast_distinct_in_windows import FastDistinctInWindows
from rlve_plugin_code.environments.fast_pair_count import FastPairCount
from rlve_plugin_code.environments.fast_range_gcd import FastRangeGcd
from rlve_plugin_code.environments.fast_running_median import FastRunningMedian
from rlve_plugin_code.environments.fast_split_array import FastSplitArray
from rlve_plugin_code.environments.fast_submatrix_sums import FastSubmatrixSums
from rlve_plugin_code.environments.fast_union_find import FastUnionFind
from rlve_plugin_code.environments.fast_value_range_counts import FastValueRangeCounts

SMALL_LEVELS = [(d, seed) for d in (0, 2, 4) for seed in range(4)]


def numbers(pattern: str, text: str) -> list[int]:
    found = re.search(pattern, text)
    assert found, pattern
    return [int(value) for value in found.groups()]


def example(problem) -> tuple[list[int], int]:
    """The worked example of the prompt: the call's arguments and the value it must return."""
    found = re.search(rf"{problem.data['entry']}\(([\d, ]+)\) == (\d+)", problem.prompt)
    assert found
    args = [int(part) for part in found.group(1).split(",")]
    return args, int(found.group(2))


def expected(env, problem, args):
    return type(env).solve(tuple(problem.data["constants"]), tuple(args))


def run_in_process(source: str, entry: str, args: list[int]):
    """Our own mutants of the reference (never model code), run here to see which hidden test they fail."""
    namespace: dict = {}
    exec(source, namespace)  # noqa: S102 - test-owned source
    try:
        return namespace[entry](*args)
    except (IndexError, ValueError, TypeError, ZeroDivisionError) as error:  # a crash is a failed test too
        return error


def assert_mutants_fail(env, mutations: list[tuple[str, str]], levels=((2, 0), (5, 1), (8, 2), (8, 3))) -> None:
    """Every mutant gets at least one hidden test of every sampled problem wrong."""
    for d, seed in levels:
        problem = env.sample(d, seed)
        entry = problem.data["entry"]
        for old, new in mutations:
            assert old in problem.answer, old
            mutant = problem.answer.replace(old, new)
            assert any(
                run_in_process(mutant, entry, test["args"]) != expected(env, problem, test["args"])
                for test in problem.data["tests"]
            ), (d, seed, old, new)


def assert_reference_and_alternative_pass(env, problem, alternative: str) -> None:
    assert env.score(problem, tag(problem.answer)).correct
    verdict = env.score(problem, tag(alternative))
    assert verdict.correct, verdict.reason


def assert_naive_times_out(cls, difficulty: int, naive) -> None:
    env = fast(cls)
    problem = env.sample(difficulty, 0)
    verdict = env.score(problem, tag(naive(problem)))
    assert not verdict.correct and "limit" in verdict.reason, verdict.reason


def test_a_wrong_format_answer_is_rejected_with_a_reason():
    env = FastPairCount()
    problem = env.sample(3, 0)
    verdict = env.score(problem, tag("The answer is 42 pairs."))
    assert not verdict.correct and "Python" in verdict.reason
    verdict = env.score(problem, tag("def count_pair(n, s, t):\n    return 0\n"))
    assert not verdict.correct and "count_pairs" in verdict.reason


# -- fast_pair_count ---------------------------------------------------------------------------------------------


def pair_formula(prompt: str) -> list[int]:
    return numbers(r"a\[i\] = \((\d+)\*i\*i \+ (\d+)\*i \+ s\) mod (\d+)", prompt)


def brute_pairs(a: int, b: int, m: int, n: int, s: int, t: int) -> int:
    values = [(a * i * i + b * i + s) % m for i in range(n)]
    return sum(1 for x, y in combinations(values, 2) if x + y <= t)


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_pair_counts_match_brute_force_from_the_prompt(difficulty, seed):
    env = FastPairCount()
    problem = env.sample(difficulty, seed)
    formula = pair_formula(problem.prompt)
    args, value = example(problem)
    assert brute_pairs(*formula, *args) == value
    for test in problem.data["tests"]:
        assert brute_pairs(*formula, *test["args"]) == expected(env, problem, test["args"])


def test_pair_count_mutants_fail():
    assert_mutants_fail(
        FastPairCount(),
        [
            ("<= t", "< t"),
            ("count += right - left", "count += right - left + 1"),
            ("for i in range(n)", "for i in range(1, n + 1)"),
            ("count, left, right = 0, 0, n - 1", "count, left, right = 0, 0, n - 2"),
        ],
    )


PAIRS_BY_BISECTION = """
from bisect import bisect_right

def count_pairs(n, s, t):
    values = sorted((A * i * i + B * i + s) % M for i in range(n))
    # for each j, the partners i < j (in sorted order) with values[i] <= t - values[j]
    return sum(bisect_right(values, t - value, 0, j) for j, value in enumerate(values))
"""

PAIRS_NAIVE = """
def count_pairs(n, s, t):
    a = [(A * i * i + B * i + s) % M for i in range(n)]
    return sum(1 for i in range(n) for j in range(i + 1, n) if a[i] + a[j] <= t)
"""


def with_pair_formula(source: str, problem) -> str:
    a, b, m = pair_formula(problem.prompt)
    return source.replace("A *", f"{a} *").replace("B *", f"{b} *").replace("% M", f"% {m}")


def test_pair_count_by_bisection_passes_and_checking_every_pair_times_out():
    env = FastPairCount()
    problem = env.sample(12, 1)
    assert_reference_and_alternative_pass(env, problem, with_pair_formula(PAIRS_BY_BISECTION, problem))
    assert_naive_times_out(FastPairCount, 16, lambda p: with_pair_formula(PAIRS_NAIVE, p))


# -- fast_range_gcd ----------------------------------------------------------------------------------------------


def gcd_formula(prompt: str) -> tuple[list[int], list[int], list[int]]:
    a, b, m = numbers(r"x\[i\] = \((\d+)\*i\*i \+ (\d+)\*i \+ s\) mod (\d+)", prompt)
    primes = [int(p) for p in re.search(r"p_7 are ([\d, ]+) \(", prompt).group(1).split(",")]
    c, e = numbers(r"numbers \((\d+)\*k \+ s\) mod n and \((\d+)\*k\*k \+ k \+ s\) mod n", prompt)
    return [a, b, m], primes, [c, e]


def brute_gcds(formula, n: int, q: int, s: int) -> list[int]:
    (a, b, m), primes, (c, e) = formula
    values = []
    for i in range(n):
        x = (a * i * i + b * i + s) % m
        values.append(reduce(lambda p, k: p * primes[k] if x >= m // 4 ** (k + 1) else p, range(len(primes)), 1))
    answers = []
    for k in range(q):
        ends = sorted(((c * k + s) % n, (e * k * k + k + s) % n))
        answers.append(reduce(gcd, values[ends[0] : ends[1] + 1]))
    return answers


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_range_gcds_match_brute_force_from_the_prompt(difficulty, seed):
    env = FastRangeGcd()
    problem = env.sample(difficulty, seed)
    formula = gcd_formula(problem.prompt)
    args, value = example(problem)
    assert sum(brute_gcds(formula, *args)) == value
    for test in problem.data["tests"]:
        assert sum(brute_gcds(formula, *test["args"])) == expected(env, problem, test["args"])


def test_long_ranges_keep_varied_gcds_so_a_scan_cannot_stop_at_1():
    problem = FastRangeGcd().sample(8, 0)
    n, q, s = problem.data["tests"][-1]["args"]
    answers = brute_gcds(gcd_formula(problem.prompt), n, q, s)
    assert answers.count(1) < q // 10 and len(set(answers)) >= 5


def test_range_gcd_mutants_fail():
    assert_mutants_fail(
        FastRangeGcd(),
        [
            (">= ", "> "),
            (">> (2 * k + 2)", ">> (2 * k + 1)"),
            ("right - 2 ** j + 1", "right - 2 ** j"),
            ("(right - left + 1).bit_length() - 1", "(right - left).bit_length()"),
            ("left, right = min(x, y), max(x, y)", "left, right = x, max(x, y)"),
        ],
    )


GCD_SEGMENT_TREE = """
from math import gcd

def gcd_queries(n, q, s):
    tree = [0] * (2 * n)   # gcd(0, x) = x: 0 is the neutral element
    for i in range(n):
        x = (A * i * i + B * i + s) % M
        value = 1
        for k, p in enumerate(PRIMES):
            if x >= M // 4 ** (k + 1):
                value *= p
        tree[n + i] = value
    for i in range(n - 1, 0, -1):
        tree[i] = gcd(tree[2 * i], tree[2 * i + 1])
    total = 0
    for k in range(q):
        x, y = (C * k + s) % n, (E * k * k + k + s) % n
        lo, hi = min(x, y) + n, max(x, y) + n + 1
        g = 0
        while lo < hi:
            if lo & 1:
                g = gcd(g, tree[lo])
                lo += 1
            if hi & 1:
                hi -= 1
                g = gcd(g, tree[hi])
            lo //= 2
            hi //= 2
        total += g
    return total
"""

GCD_NAIVE = """
from math import gcd

def gcd_queries(n, q, s):
    a = []
    for i in range(n):
        x = (A * i * i + B * i + s) % M
        a.append(1)
        for k, p in enumerate(PRIMES):
            if x >= M // 4 ** (k + 1):
                a[-1] *= p
    total = 0
    for k in range(q):
        x, y = (C * k + s) % n, (E * k * k + k + s) % n
        g = 0
        for i in range(min(x, y), max(x, y) + 1):
            g = gcd(g, a[i])
        total += g
    return total
"""


def with_gcd_formula(source: str, problem) -> str:
    (a, b, m), primes, (c, e) = gcd_formula(problem.prompt)
    for name, value in (("A", a), ("B", b), ("M", m), ("C", c), ("E", e), ("PRIMES", primes)):
        source = re.sub(rf"\b{name}\b", str(value), source)
    return source


def test_range_gcd_by_segment_tree_passes_and_scanning_each_range_times_out():
    env = FastRangeGcd()
    problem = env.sample(11, 1)
    assert_reference_and_alternative_pass(env, problem, with_gcd_formula(GCD_SEGMENT_TREE, problem))
    assert_naive_times_out(FastRangeGcd, 16, lambda p: with_gcd_formula(GCD_NAIVE, p))


# -- fast_split_array --------------------------------------------------------------------------------------------


def brute_split(a: int, b: int, m: int, n: int, s: int, k: int) -> int:
    """best[j][i]: the smallest largest sum cutting the first i values into j parts (O(k n^2))."""
    values = [(a * i * i + b * i + s) % m for i in range(n)]
    prefix = [0]
    for value in values:
        prefix.append(prefix[-1] + value)
    infinity = float("inf")
    best = [[infinity] * (n + 1) for _ in range(k + 1)]
    best[0][0] = 0
    for j in range(1, k + 1):
        for i in range(j, n + 1):
            best[j][i] = min(max(best[j - 1][h], prefix[i] - prefix[h]) for h in range(j - 1, i))
    return best[k][n]


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_splits_match_dynamic_programming_from_the_prompt(difficulty, seed):
    env = FastSplitArray()
    problem = env.sample(difficulty, seed)
    formula = pair_formula(problem.prompt)
    args, value = example(problem)
    assert brute_split(*formula, *args) == value
    for test in problem.data["tests"]:
        assert brute_split(*formula, *test["args"]) == expected(env, problem, test["args"])


def test_split_array_mutants_fail():
    assert_mutants_fail(
        FastSplitArray(),
        [
            ("if current + value > bound", "if current + value >= bound"),
            ("parts_needed(middle) <= k", "parts_needed(middle) < k"),
            ("low, high = max(a), sum(a)", "low, high = 0, sum(a)"),
            ("parts, current = 1, 0", "parts, current = 0, 0"),
            ("high = middle\n", "high = middle - 1\n"),
        ],
    )


SPLIT_BY_JUMPS = """
from bisect import bisect_right
from itertools import accumulate

def split_array(n, s, k):
    prefix = [0, *accumulate((A * i * i + B * i + s) % M for i in range(n))]

    def fits(bound):
        # jump from cut to cut: each part reaches as far as its sum allows
        start = 0
        for _ in range(k):
            start = bisect_right(prefix, prefix[start] + bound) - 1
            if start == n:
                return True
        return False

    low = max(b - a for a, b in zip(prefix, prefix[1:]))
    high = prefix[-1]
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if fits(middle) else (middle + 1, high)
    return low
"""

SPLIT_NAIVE = """
def split_array(n, s, k):
    a = [(A * i * i + B * i + s) % M for i in range(n)]
    prefix = [0]
    for value in a:
        prefix.append(prefix[-1] + value)
    best = [0] + [float("inf")] * n
    for parts in range(1, k + 1):
        best = [float("inf")] * parts + [
            min(max(best[h], prefix[i] - prefix[h]) for h in range(parts - 1, i)) for i in range(parts, n + 1)
        ]
    return best[n]
"""


def with_split_formula(source: str, problem) -> str:
    return with_pair_formula(source, problem)


def test_split_by_jumping_between_cuts_passes_and_dynamic_programming_times_out():
    env = FastSplitArray()
    problem = env.sample(14, 1)
    assert_reference_and_alternative_pass(env, problem, with_split_formula(SPLIT_BY_JUMPS, problem))
    assert_naive_times_out(FastSplitArray, 16, lambda p: with_split_formula(SPLIT_NAIVE, p))


# -- fast_submatrix_sums -----------------------------------------------------------------------------------------


def matrix_formula(prompt: str) -> list[int]:
    a, b, c, m = numbers(r"v\[i\]\[j\] = \((\d+)\*i\*j \+ (\d+)\*i \+ (\d+)\*j \+ s\) mod (\d+)", prompt)
    d, e = numbers(r"of \((\d+)\*k \+ s\) mod rows and \((\d+)\*k\*k \+ k \+ s\) mod rows", prompt)
    e2, d2 = numbers(r"of \((\d+)\*k \+ s\) mod cols and \((\d+)\*k\*k \+ k \+ s\) mod cols", prompt)
    assert (d, e) == (d2, e2)
    return [a, b, c, m, d, e]


def brute_rectangles(a: int, b: int, c: int, m: int, d: int, e: int, rows: int, cols: int, q: int, s: int) -> int:
    total = 0
    for k in range(q):
        r1, r2 = sorted(((d * k + s) % rows, (e * k * k + k + s) % rows))
        c1, c2 = sorted(((e * k + s) % cols, (d * k * k + k + s) % cols))
        total += sum((a * i * j + b * i + c * j + s) % m for i in range(r1, r2 + 1) for j in range(c1, c2 + 1))
    return total


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_rectangle_sums_match_brute_force_from_the_prompt(difficulty, seed):
    env = FastSubmatrixSums()
    problem = env.sample(difficulty, seed)
    formula = matrix_formula(problem.prompt)
    args, value = example(problem)
    assert brute_rectangles(*formula, *args) == value
    for test in problem.data["tests"]:
        assert brute_rectangles(*formula, *test["args"]) == expected(env, problem, test["args"])


def test_submatrix_mutants_fail():
    assert_mutants_fail(
        FastSubmatrixSums(),
        [
            ("+ prefix[r1][c1]", "- prefix[r1][c1]"),
            (
                "prefix[r2 + 1][c2 + 1] - prefix[r1][c2 + 1] - prefix[r2 + 1][c1]",
                "prefix[r2][c2] - prefix[r1][c2] - prefix[r2][c1]",
            ),
            ("+ k + s) % cols", "+ k + s) % rows"),
            ("running += (", "running += 1 + ("),
        ],
    )


RECTANGLES_FLAT = """
from itertools import accumulate

def rectangle_sums(rows, cols, q, s):
    width = cols + 1
    # one flat list: P[i * width + j] = sum of v over the first i rows and first j columns
    P = [0] * ((rows + 1) * width)
    for i in range(rows):
        line = [0, *accumulate((A * i * j + B * i + C * j + s) % M for j in range(cols))]
        base = (i + 1) * width
        for j in range(width):
            P[base + j] = P[base - width + j] + line[j]
    total = 0
    for k in range(q):
        r1, r2 = sorted(((D * k + s) % rows, (E * k * k + k + s) % rows))
        c1, c2 = sorted(((E * k + s) % cols, (D * k * k + k + s) % cols))
        total += P[(r2 + 1) * width + c2 + 1] - P[r1 * width + c2 + 1] - P[(r2 + 1) * width + c1] + P[r1 * width + c1]
    return total
"""

RECTANGLES_NAIVE = """
def rectangle_sums(rows, cols, q, s):
    v = [[(A * i * j + B * i + C * j + s) % M for j in range(cols)] for i in range(rows)]
    total = 0
    for k in range(q):
        r1, r2 = sorted(((D * k + s) % rows, (E * k * k + k + s) % rows))
        c1, c2 = sorted(((E * k + s) % cols, (D * k * k + k + s) % cols))
        for i in range(r1, r2 + 1):
            for j in range(c1, c2 + 1):
                total += v[i][j]
    return total
"""


def with_matrix_formula(source: str, problem) -> str:
    for name, value in zip("ABCMDE", matrix_formula(problem.prompt)):
        source = re.sub(rf"\b{name}\b", str(value), source)
    return source


def test_rectangle_sums_by_a_flat_table_pass_and_adding_up_cells_times_out():
    env = FastSubmatrixSums()
    problem = env.sample(13, 1)
    assert_reference_and_alternative_pass(env, problem, with_matrix_formula(RECTANGLES_FLAT, problem))
    assert_naive_times_out(FastSubmatrixSums, 16, lambda p: with_matrix_formula(RECTANGLES_NAIVE, p))


# -- fast_running_median -----------------------------------------------------------------------------------------


def brute_median_sum(a: int, b: int, m: int, n: int, s: int) -> int:
    values = [(a * i * i + b * i + s) % m for i in range(n)]
    return sum(sorted(values[: length + 1])[length // 2] for length in range(n))


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_median_sums_match_sorting_every_prefix_from_the_prompt(difficulty, seed):
    env = FastRunningMedian()
    problem = env.sample(difficulty, seed)
    formula = pair_formula(problem.prompt)
    args, value = example(problem)
    assert brute_median_sum(*formula, *args) == value
    for test in problem.data["tests"]:
        assert brute_median_sum(*formula, *test["args"]) == expected(env, problem, test["args"])


def test_running_median_mutants_fail():
    assert_mutants_fail(
        FastRunningMedian(),
        [
            ("total += -low[0]", "total += high[0] if len(high) == len(low) else -low[0]"),
            ("if len(low) > len(high) + 1", "if len(low) > len(high) + 2"),
            ("elif len(high) > len(low)", "elif len(high) > len(low) + 1"),
            ("value > -low[0]", "value < -low[0]"),
            ("for i in range(n)", "for i in range(1, n)"),
        ],
    )


MEDIANS_BY_FENWICK_TREE = """
def median_sum(n, s):
    values = [(A * i * i + B * i + s) % M for i in range(n)]
    ranked = sorted(set(values))
    rank = {value: position + 1 for position, value in enumerate(ranked)}
    size = len(ranked)
    tree = [0] * (size + 1)   # counts of the values seen so far, by rank
    top = 1 << size.bit_length()
    total = 0
    for count, value in enumerate(values, start=1):
        i = rank[value]
        while i <= size:
            tree[i] += 1
            i += i & -i
        # the smallest rank with at least (count + 1) // 2 values at or below it
        wanted, position, step = (count + 1) // 2, 0, top
        while step:
            if position + step <= size and tree[position + step] < wanted:
                position += step
                wanted -= tree[position]
            step >>= 1
        total += ranked[position]
    return total
"""

MEDIANS_NAIVE = """
from bisect import insort

def median_sum(n, s):
    prefix, total = [], 0
    for i in range(n):
        insort(prefix, (A * i * i + B * i + s) % M)
        total += prefix[i // 2]
    return total
"""


def test_medians_by_a_fenwick_tree_pass_and_a_sorted_list_times_out():
    env = FastRunningMedian()
    problem = env.sample(10, 1)
    assert_reference_and_alternative_pass(env, problem, with_pair_formula(MEDIANS_BY_FENWICK_TREE, problem))
    assert_naive_times_out(FastRunningMedian, 17, lambda p: with_pair_formula(MEDIANS_NAIVE, p))


# -- fast_union_find ---------------------------------------------------------------------------------------------


def union_formula(prompt: str) -> list[int]:
    pattern = r"x = \(\((\d+)\*k \+ s\) mod (\d+)\) mod n    and    y = \(\(\((\d+)\*k\*k \+ s\) mod (\d+)\)"
    c, p, e, p2 = numbers(pattern, prompt)
    assert p == p2
    return [c, e, p]


def brute_union_find(c: int, e: int, p: int, n: int, q: int, s: int) -> int:
    """Every element carries the label of its set; a union relabels one whole set."""
    label = list(range(n))
    yes = total = 0
    for k in range(q):
        x, y = (c * k + s) % p % n, ((e * k * k + s) % p + yes) % n
        if k % 3 == 2:
            if label[x] == label[y]:
                yes, total = yes + 1, total + k
        else:
            old, new = label[y], label[x]
            label = [new if value == old else value for value in label]
    return total


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_union_find_matches_relabelling_from_the_prompt(difficulty, seed):
    env = FastUnionFind()
    problem = env.sample(difficulty, seed)
    formula = union_formula(problem.prompt)
    args, value = example(problem)
    assert brute_union_find(*formula, *args) == value
    for test in problem.data["tests"]:
        assert brute_union_find(*formula, *test["args"]) == expected(env, problem, test["args"])


def test_union_find_mutants_fail():
    assert_mutants_fail(
        FastUnionFind(),
        [
            ("if k % 3 == 2", "if k % 3 == 1"),
            ("total += k", "total += k + 1"),
            ("+ yes) % n", ") % n"),
            ("x = find((", "x = (("),
            ("% 1000003 % n", "% n"),
        ],
    )


UNION_BY_MERGING_MEMBER_LISTS = """
def union_find(n, q, s):
    owner = list(range(n))            # the set each element is in
    members = [[i] for i in range(n)]
    yes = total = 0
    for k in range(q):
        x, y = owner[(C * k + s) % P % n], owner[((E * k * k + s) % P + yes) % n]
        if k % 3 == 2:
            if x == y:
                yes += 1
                total += k
        elif x != y:
            if len(members[x]) < len(members[y]):
                x, y = y, x
            for element in members[y]:   # the smaller set moves: each element moves O(log n) times
                owner[element] = x
            members[x].extend(members[y])
            members[y] = []
    return total
"""

UNION_NAIVE = """
def union_find(n, q, s):
    label = list(range(n))
    yes = total = 0
    for k in range(q):
        x, y = (C * k + s) % P % n, ((E * k * k + s) % P + yes) % n
        if k % 3 == 2:
            if label[x] == label[y]:
                yes += 1
                total += k
        else:
            old, new = label[y], label[x]
            for i in range(n):
                if label[i] == old:
                    label[i] = new
    return total
"""


def with_union_formula(source: str, problem) -> str:
    for name, value in zip("CEP", union_formula(problem.prompt)):
        source = re.sub(rf"\b{name}\b", str(value), source)
    return source


def test_union_by_merging_member_lists_passes_and_relabelling_times_out():
    env = FastUnionFind()
    problem = env.sample(12, 1)
    assert_reference_and_alternative_pass(env, problem, with_union_formula(UNION_BY_MERGING_MEMBER_LISTS, problem))
    assert_naive_times_out(FastUnionFind, 14, lambda p: with_union_formula(UNION_NAIVE, p))


# -- fast_distinct_in_windows ------------------------------------------------------------------------------------


def window_formula(prompt: str) -> list[int]:
    return numbers(r"a\[i\] = \(\((\d+)\*i\*i \+ (\d+)\*i \+ s\) mod (\d+)\) mod v", prompt)


def brute_windows(a: int, b: int, p: int, n: int, k: int, v: int, s: int) -> int:
    values = [(a * i * i + b * i + s) % p % v for i in range(n)]
    return sum(len(set(values[j : j + k])) for j in range(n - k + 1))


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_distinct_counts_match_a_set_per_window_from_the_prompt(difficulty, seed):
    env = FastDistinctInWindows()
    problem = env.sample(difficulty, seed)
    formula = window_formula(problem.prompt)
    args, value = example(problem)
    assert brute_windows(*formula, *args) == value
    for test in problem.data["tests"]:
        assert brute_windows(*formula, *test["args"]) == expected(env, problem, test["args"])


def test_distinct_in_windows_mutants_fail():
    assert_mutants_fail(
        FastDistinctInWindows(),
        [
            ("if i >= k:", "if i > k:"),
            ("if i >= k - 1:", "if i >= k:"),
            ("del count[old]", "count[old] = 0"),
            ("count[old] -= 1", "count[old] = 0"),
            ("total += len(count)", "total += min(len(count), k - 1)"),
        ],
    )


WINDOWS_BY_FIRST_OCCURRENCES = """
def distinct_windows(n, k, v, s):
    last = {}
    total = 0
    for i in range(n):
        value = (A * i * i + B * i + s) % P % v
        # a[i] is counted in the windows that start after its previous occurrence and still reach i
        first = max(last.get(value, -1) + 1, i - k + 1, 0)
        final = min(i, n - k)
        if final >= first:
            total += final - first + 1
        last[value] = i
    return total
"""

WINDOWS_NAIVE = """
def distinct_windows(n, k, v, s):
    a = [(A * i * i + B * i + s) % P % v for i in range(n)]
    return sum(len(set(a[j : j + k])) for j in range(n - k + 1))
"""


def with_window_formula(source: str, problem) -> str:
    for name, value in zip("ABP", window_formula(problem.prompt)):
        source = re.sub(rf"\b{name}\b", str(value), source)
    return source


def test_distinct_counts_by_first_occurrences_pass_and_a_set_per_window_times_out():
    env = FastDistinctInWindows()
    problem = env.sample(14, 1)
    assert_reference_and_alternative_pass(env, problem, with_window_formula(WINDOWS_BY_FIRST_OCCURRENCES, problem))
    assert_naive_times_out(FastDistinctInWindows, 17, lambda p: with_window_formula(WINDOWS_NAIVE, p))


# -- fast_value_range_counts -------------------------------------------------------------------------------------


def range_count_formula(prompt: str) -> list[int]:
    a, b, m = pair_formula(prompt)
    c, m1, e, m2 = numbers(r"of \((\d+)\*k \+ s\) mod (\d+) and \((\d+)\*k\*k \+ k \+ s\) mod (\d+)\.", prompt)
    assert m == m1 == m2
    return [a, b, m, c, e]


def brute_range_counts(a: int, b: int, m: int, c: int, e: int, n: int, q: int, s: int) -> int:
    values = [(a * i * i + b * i + s) % m for i in range(n)]
    total = 0
    for k in range(q):
        low, high = sorted(((c * k + s) % m, (e * k * k + k + s) % m))
        total += sum(low <= value <= high for value in values)
    return total


@pytest.mark.parametrize(("difficulty", "seed"), SMALL_LEVELS)
def test_range_counts_match_scanning_from_the_prompt(difficulty, seed):
    env = FastValueRangeCounts()
    problem = env.sample(difficulty, seed)
    formula = range_count_formula(problem.prompt)
    args, value = example(problem)
    assert brute_range_counts(*formula, *args) == value
    for test in problem.data["tests"]:
        assert brute_range_counts(*formula, *test["args"]) == expected(env, problem, test["args"])


def test_value_range_count_mutants_fail():
    assert_mutants_fail(
        FastValueRangeCounts(),
        [
            ("bisect_right(a, high)", "bisect_left(a, high)"),
            ("bisect_left(a, low)", "bisect_right(a, low)"),
            ("for k in range(q)", "for k in range(1, q)"),
            ("low, high = min(x, y), max(x, y)", "low, high = x, y"),
        ],
    )


COUNTS_BY_ONE_SWEEP = """
def range_counts(n, q, s):
    values = sorted((A * i * i + B * i + s) % M for i in range(n))
    # every query is (values <= high) - (values <= low - 1): sort all the thresholds and sweep once
    thresholds = []
    for k in range(q):
        x, y = (C * k + s) % M, (E * k * k + k + s) % M
        thresholds.append((max(x, y), 1))
        thresholds.append((min(x, y) - 1, -1))
    thresholds.sort()
    total = position = 0
    for threshold, sign in thresholds:
        while position < n and values[position] <= threshold:
            position += 1
        total += sign * position
    return total
"""

COUNTS_NAIVE = """
def range_counts(n, q, s):
    a = [(A * i * i + B * i + s) % M for i in range(n)]
    total = 0
    for k in range(q):
        x, y = (C * k + s) % M, (E * k * k + k + s) % M
        low, high = min(x, y), max(x, y)
        total += sum(1 for value in a if low <= value <= high)
    return total
"""


def with_range_count_formula(source: str, problem) -> str:
    for name, value in zip("ABMCE", range_count_formula(problem.prompt)):
        source = re.sub(rf"\b{name}\b", str(value), source)
    return source


def test_range_counts_by_one_sweep_pass_and_scanning_per_query_times_out():
    env = FastValueRangeCounts()
    problem = env.sample(13, 1)
    assert_reference_and_alternative_pass(env, problem, with_range_count_formula(COUNTS_BY_ONE_SWEEP, problem))
    assert_naive_times_out(FastValueRangeCounts, 15, lambda p: with_range_count_formula(COUNTS_NAIVE, p))
