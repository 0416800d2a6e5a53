"""The second wave of array and DP environments: max_subarray_sum, trapping_rain_water, interval_partitioning,
stock_trading, longest_bitonic_subsequence, grid_min_path_sum, subarray_sum_count, palindromic_substrings_count.

Each instance is rebuilt from the prompt text alone and solved by brute force written here, independently of
the environment: every run of the list, every subsequence and every set of buy and sell days of a small
instance, the water filled in level by level, every room assignment by backtracking, every substring, and
networkx's shortest path on the grid seen as a graph. Then: other valid answers are accepted, and near misses
(off by one, one constraint broken, feasible but not optimal, a wrong stated optimum, a wrong format) are
rejected.
"""

from __future__ import annotations

import itertools
import re

import networkx as nx
import pytest
from helpers import assert_right, assert_wrong, env, find, score


def numbers_in(text):
    return [int(x) for x in re.findall(r"-?[0-9]+", text)]


def listed_values(prompt):
    """The numbers on the line after the first line ending in a colon."""
    return numbers_in(prompt.split(":\n", 1)[1].split("\n", 1)[0])


def stated(problem):
    return int(problem.answer.split(":")[0])


# -- max_subarray_sum ---------------------------------------------------------------------------


def runs_by_sum(values):
    """Every run (1-based first, last) with its sum."""
    return {(a + 1, b + 1): sum(values[a : b + 1]) for a in range(len(values)) for b in range(a, len(values))}


@pytest.mark.parametrize("difficulty", [0, 1, 4, 12, 30])
def test_max_subarray_sum_matches_brute_force(difficulty):
    for seed in range(4):
        problem = env("max_subarray_sum").sample(difficulty, seed)
        assert stated(problem) == max(runs_by_sum(listed_values(problem.prompt)).values())


def test_max_subarray_sum_accepts_any_best_run_and_rejects_near_misses():
    def two_best_runs(problem):
        sums = runs_by_sum(listed_values(problem.prompt))
        return sum(s == max(sums.values()) for s in sums.values()) >= 2

    problem = find("max_subarray_sum", two_best_runs, range(0, 8))
    sums = runs_by_sum(listed_values(problem.prompt))
    best = max(sums.values())
    for first, last in [run for run, s in sums.items() if s == best]:
        assert_right(problem, f"{best}: {first} {last}")
        assert_right(problem, f"sum = {best}: {first} to {last}")
        assert_right(problem, f"{best}: [{first}, {last}]")
    worse = next(run for run, s in sums.items() if s < best)
    assert_wrong(problem, f"{best}: {worse[0]} {worse[1]}", "possible")
    first, last = map(int, problem.answer.split(":")[1].split())
    assert_wrong(problem, f"{best + 1}: {first} {last}", "stated")
    if first < last:
        assert_wrong(problem, f"{best}: {last} {first}", "before")
    assert not score(problem, f"{best}").format_ok
    assert not score(problem, f"{best}: {first}").format_ok
    assert not score(problem, f"{best}: 0 {last}").format_ok


def test_max_subarray_sum_all_negative_takes_one_number():
    problem = find("max_subarray_sum", lambda p: max(listed_values(p.prompt)) < 0, range(0, 3), range(400))
    values = listed_values(problem.prompt)
    where = values.index(max(values)) + 1
    assert_right(problem, f"{max(values)}: {where} {where}")


# -- trapping_rain_water ------------------------------------------------------------------------


def water_by_levels(heights):
    """Fill layer by layer: at height y, water lies on the columns lower than y strictly between the first
    and the last column reaching y."""
    water = 0
    for y in range(1, max(heights) + 1):
        walls = [i for i, h in enumerate(heights) if h >= y]
        if len(walls) >= 2:
            water += sum(1 for i in range(walls[0], walls[-1]) if heights[i] < y)
    return water


@pytest.mark.parametrize("difficulty", [0, 1, 3, 10, 30])
def test_trapping_rain_water_matches_brute_force(difficulty):
    for seed in range(4):
        problem = env("trapping_rain_water").sample(difficulty, seed)
        assert int(problem.answer) == water_by_levels(listed_values(problem.prompt))


def test_trapping_rain_water_reads_labels_and_rejects_near_misses():
    problem = find("trapping_rain_water", lambda p: int(p.answer) > 3, range(0, 5))
    water = int(problem.answer)
    assert_right(problem, f"water = {water}")
    assert_right(problem, f" {water} ")
    assert_wrong(problem, str(water + 1), "not the amount")
    assert_wrong(problem, str(water - 1), "not the amount")
    assert not score(problem, "a lot").format_ok
    assert not score(problem, f"{water} {water}").format_ok


# -- interval_partitioning ----------------------------------------------------------------------


def meetings_in(prompt):
    return [(int(s), int(e)) for s, e in re.findall(r"meeting [0-9]+: from ([0-9]+) to ([0-9]+)", prompt)]


def overlap(a, b):
    return a[0] < b[1] and b[0] < a[1]


def fewest_rooms_by_backtracking(meetings):
    """The least k for which some assignment of k rooms keeps every room free of overlaps."""
    n = len(meetings)

    def fits(rooms, k):
        i = len(rooms)
        if i == n:
            return True
        for room in range(min(k, max(rooms, default=-1) + 2)):  # a new room only as the next unused one
            if all(rooms[j] != room or not overlap(meetings[i], meetings[j]) for j in range(i)):
                if fits([*rooms, room], k):
                    return True
        return False

    return next(k for k in range(1, n + 1) if fits([], k))


@pytest.mark.parametrize("difficulty", [0, 1, 2, 4, 8])
def test_interval_partitioning_matches_brute_force(difficulty):
    for seed in range(4):
        problem = env("interval_partitioning").sample(difficulty, seed)
        assert stated(problem) == fewest_rooms_by_backtracking(meetings_in(problem.prompt))


def test_interval_partitioning_at_larger_sizes_needs_as_many_rooms_as_meetings_at_once():
    for seed in range(4):
        problem = env("interval_partitioning").sample(30, seed)
        meetings = meetings_in(problem.prompt)
        busiest = max(sum(s <= t < e for s, e in meetings) for t in range(max(e for _, e in meetings)))
        assert stated(problem) == busiest


def test_interval_partitioning_accepts_other_assignments_and_rejects_near_misses():
    problem = find("interval_partitioning", lambda p: 2 <= stated(p) < len(meetings_in(p.prompt)) - 1, range(2, 10))
    best = stated(problem)
    rooms = numbers_in(problem.answer.split(":")[1])
    swapped = [2 if r == 1 else 1 if r == 2 else r for r in rooms]
    assert_right(problem, f"{best}: {' '.join(map(str, swapped))}")
    assert_right(problem, f"{best}: {', '.join(str(best + 1 - r) for r in rooms)}")
    n = len(rooms)
    assert_wrong(problem, f"{n}: {' '.join(map(str, range(1, n + 1)))}", "enough")
    assert_wrong(problem, f"{best}: {' '.join('1' for _ in rooms)}", "overlap")
    assert_wrong(problem, f"{best + 1}: {' '.join(map(str, rooms))}", "stated")
    assert_wrong(problem, f"{best}: {' '.join(map(str, rooms[:-1]))}", "meetings")
    assert not score(problem, f"{best}").format_ok
    assert not score(problem, f"{best}: {' '.join('0' for _ in rooms)}").format_ok


# -- stock_trading ------------------------------------------------------------------------------


def stock_instance(prompt):
    return listed_values(prompt), int(re.search(r"at most ([0-9]+) trade", prompt).group(1))


def every_trade_set(prices, k):
    """(profit, trades) for every choice of at most k trades: 2t distinct days b1 < s1 < b2 < s2 < ..."""
    for t in range(k + 1):
        for days in itertools.combinations(range(1, len(prices) + 1), 2 * t):
            trades = list(zip(days[::2], days[1::2]))
            yield sum(prices[s - 1] - prices[b - 1] for b, s in trades), trades


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3, 5])
def test_stock_trading_matches_brute_force(difficulty):
    for seed in range(3):
        problem = env("stock_trading").sample(difficulty, seed)
        assert stated(problem) == max(p for p, _ in every_trade_set(*stock_instance(problem.prompt)))


def test_stock_trading_accepts_any_best_trades_and_rejects_near_misses():
    def several_best(problem):
        sets = list(every_trade_set(*stock_instance(problem.prompt)))
        best = max(p for p, _ in sets)
        return best > 0 and sum(p == best for p, _ in sets) >= 2

    problem = find("stock_trading", several_best, range(0, 4))
    prices, k = stock_instance(problem.prompt)
    sets = list(every_trade_set(prices, k))
    best = stated(problem)
    for profit, trades in sets:
        text = ", ".join(f"{b}-{s}" for b, s in trades[::-1]) or "none"
        if profit == best:
            assert_right(problem, f"{best}: {text}")
            assert_right(problem, f"{best}: {' '.join(f'({b}, {s})' for b, s in trades)}")
        elif profit < best and trades:
            assert_wrong(problem, f"{best}: {text}", "possible")
    trades = re.findall(r"([0-9]+)-([0-9]+)", problem.answer.split(":")[1])
    b, s = trades[0]
    assert_wrong(problem, f"{best}: {s}-{b}", "sell after")
    assert_wrong(problem, f"{best + 1}: {problem.answer.split(':')[1]}", "stated")
    assert_wrong(problem, f"{best}: none", "possible")
    assert not score(problem, f"{best}: {b}").format_ok
    assert not score(problem, f"{best}: 0-{s}").format_ok


def test_stock_trading_rejects_overlap_and_too_many_trades():
    problem = find("stock_trading", lambda p: stock_instance(p.prompt)[1] >= 2, range(6, 12))
    prices, k = stock_instance(problem.prompt)
    assert_wrong(problem, f"{stated(problem)}: 1-3, 2-4", "overlap")
    assert_wrong(problem, f"{stated(problem)}: 1-3, 3-5", "overlap")  # buying on the day of the sale
    too_many = ", ".join(f"{2 * i + 1}-{2 * i + 2}" for i in range(k + 1))
    assert_wrong(problem, f"{stated(problem)}: {too_many}", "at most")


def test_stock_trading_no_gain_is_none():
    problem = find("stock_trading", lambda p: stated(p) == 0, range(0, 3), range(2000))
    assert_right(problem, "0: none")
    assert_right(problem, "0:")


# -- longest_bitonic_subsequence ----------------------------------------------------------------


def bitonic(values):
    peak = values.index(max(values)) if values else 0
    rising, falling = values[: peak + 1], values[peak:]
    return all(a < b for a, b in zip(rising, rising[1:])) and all(a > b for a, b in zip(falling, falling[1:]))


def longest_bitonic_by_brute_force(values):
    """Every longest bitonic set of 1-based positions, trying subsets from the largest size down."""
    for size in range(len(values), 0, -1):
        found = [c for c in itertools.combinations(range(len(values)), size) if bitonic([values[i] for i in c])]
        if found:
            return [[i + 1 for i in c] for c in found]
    return []


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3])
def test_longest_bitonic_subsequence_matches_brute_force(difficulty):
    for seed in range(3):
        problem = env("longest_bitonic_subsequence").sample(difficulty, seed)
        best = longest_bitonic_by_brute_force(listed_values(problem.prompt))
        assert stated(problem) == len(best[0])
        assert numbers_in(problem.answer.split(":")[1]) in best


def test_longest_bitonic_subsequence_accepts_any_longest_and_rejects_near_misses():
    def several_longest(problem):
        return len(longest_bitonic_by_brute_force(listed_values(problem.prompt))) >= 2

    problem = find("longest_bitonic_subsequence", several_longest, range(0, 3))
    values = listed_values(problem.prompt)
    best = longest_bitonic_by_brute_force(values)
    length = len(best[0])
    for positions in best:
        assert_right(problem, f"{length}: {' '.join(map(str, positions))}")
    assert_right(problem, f"{length}: {', '.join(map(str, best[0][::-1]))}")  # any order names the same one
    assert_wrong(problem, f"{length - 1}: {' '.join(map(str, best[0][:-1]))}", "possible")
    assert_wrong(problem, f"{length + 1}: {' '.join(map(str, best[0]))}", "stated")
    extra = next(p for p in range(1, len(values) + 1) if p not in best[0])
    assert_wrong(problem, f"{length + 1}: {' '.join(map(str, sorted([*best[0], extra])))}", "rise")
    assert_wrong(problem, f"{length}: {' '.join(map(str, [best[0][0], *best[0][:-1]]))}", "twice")
    assert not score(problem, f"{length}: {' '.join(map(str, best[0][:-1]))} {len(values) + 1}").format_ok
    assert not score(problem, " ".join(map(str, best[0]))).format_ok


# -- grid_min_path_sum --------------------------------------------------------------------------


def grid_in(prompt):
    return [numbers_in(line) for line in prompt.split(":\n", 1)[1].split("\n\n", 1)[0].split("\n")]


def cheapest_by_networkx(grid):
    """Shortest path on the grid as a DAG: entering a cell costs its number (the start is added once)."""
    rows, cols = len(grid), len(grid[0])
    dag = nx.DiGraph()
    for r, c in itertools.product(range(rows), range(cols)):
        if r + 1 < rows:
            dag.add_edge((r, c), (r + 1, c), weight=grid[r + 1][c])
        if c + 1 < cols:
            dag.add_edge((r, c), (r, c + 1), weight=grid[r][c + 1])
    return grid[0][0] + nx.shortest_path_length(dag, (0, 0), (rows - 1, cols - 1), weight="weight")


def walk_sum(grid, moves):
    r = c = 0
    total = grid[0][0]
    for move in moves:
        r, c = (r + 1, c) if move == "D" else (r, c + 1)
        total += grid[r][c]
    return total


@pytest.mark.parametrize("difficulty", [0, 1, 2, 7, 30, 500])
def test_grid_min_path_sum_matches_networkx(difficulty):
    for seed in range(3):
        problem = env("grid_min_path_sum").sample(difficulty, seed)
        grid = grid_in(problem.prompt)
        assert stated(problem) == cheapest_by_networkx(grid)
        assert walk_sum(grid, problem.answer.split(":")[1].strip()) == stated(problem)


def test_grid_min_path_sum_accepts_any_cheapest_walk_and_rejects_near_misses():
    def walks(grid):
        rows, cols = len(grid), len(grid[0])
        for downs in itertools.combinations(range(rows + cols - 2), rows - 1):
            yield "".join("D" if i in downs else "R" for i in range(rows + cols - 2))

    def two_cheapest(problem):
        grid = grid_in(problem.prompt)
        sums = [walk_sum(grid, w) for w in walks(grid)]
        return sums.count(min(sums)) >= 2 and max(sums) > min(sums)

    problem = find("grid_min_path_sum", two_cheapest, range(1, 5))
    grid = grid_in(problem.prompt)
    best = stated(problem)
    for walk in walks(grid):
        if walk_sum(grid, walk) == best:
            assert_right(problem, f"{best}: {walk}")
            assert_right(problem, f"{best}: {' '.join(walk.lower())}")
            assert_right(problem, f"{best}: {', '.join('right' if m == 'R' else 'down' for m in walk)}")
        else:
            assert_wrong(problem, f"{best}: {walk}", "possible")
    moves = problem.answer.split(":")[1].strip()
    assert_wrong(problem, f"{best + 1}: {moves}", "stated")
    assert_wrong(problem, f"{best}: {moves[:-1]}", "needs exactly")
    assert_wrong(problem, f"{best}: {moves}R", "needs exactly")
    assert not score(problem, f"{best}: {moves}U").format_ok
    assert not score(problem, moves).format_ok


# -- subarray_sum_count -------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", [0, 1, 3, 10, 30, 200])
def test_subarray_sum_count_matches_brute_force(difficulty):
    for seed in range(4):
        problem = env("subarray_sum_count").sample(difficulty, seed)
        target = int(re.search(r"a sum equal to (-?[0-9]+)\?", problem.prompt).group(1))
        assert int(problem.answer) == sum(s == target for s in runs_by_sum(listed_values(problem.prompt)).values())


def test_subarray_sum_count_reads_labels_and_rejects_near_misses():
    problem = env("subarray_sum_count").sample(4, 2)
    count = int(problem.answer)
    assert count >= 1  # the target is the sum of some run
    assert_right(problem, f"count = {count}")
    assert_wrong(problem, str(count + 1), "not the number")
    assert_wrong(problem, str(count - 1), "not the number")
    assert not score(problem, f"{count}.5").format_ok


# -- palindromic_substrings_count ---------------------------------------------------------------


def palindromes_by_brute_force(word, distinct=False):
    found = [word[a:b] for a in range(len(word)) for b in range(a + 1, len(word) + 1) if word[a:b] == word[a:b][::-1]]
    return len(set(found)) if distinct else len(found)


@pytest.mark.parametrize("difficulty", [0, 1, 5, 12, 30, 1000])
def test_palindromic_substrings_count_matches_brute_force(difficulty):
    for seed in range(4):
        problem = env("palindromic_substrings_count").sample(difficulty, seed)
        word = problem.prompt.split(":\n", 1)[1].split("\n", 1)[0]
        assert int(problem.answer) == palindromes_by_brute_force(word)


def test_palindromic_substrings_count_counts_positions_not_distinct_substrings():
    problem = env("palindromic_substrings_count").sample(3, 1)
    word = problem.prompt.split(":\n", 1)[1].split("\n", 1)[0]
    assert palindromes_by_brute_force(word, distinct=True) < int(problem.answer)
    assert_wrong(problem, str(palindromes_by_brute_force(word, distinct=True)), "not the number")
    assert_wrong(problem, str(int(problem.answer) + 1), "not the number")
    assert_right(problem, f"answer = {problem.answer}")
    assert not score(problem, word).format_ok
