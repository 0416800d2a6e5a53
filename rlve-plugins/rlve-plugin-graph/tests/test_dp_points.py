"""Dynamic programming, points in the plane and strings: closest_pair, max_points_on_line, maximal_rectangle,
partition_min_difference, egg_drop, optimal_bst, word_break and longest_common_substring.

Each instance is rebuilt from the prompt text alone and solved without the environments' algorithms:
exhaustive search with itertools (every pair, every subset, every rectangle, every tree, every way to cut),
networkx where the problem is a count of paths, difflib for common blocks, and the textbook minimax
recurrence for the eggs. Then other optimal answers are accepted and near misses (feasible but not optimal,
infeasible, a wrong stated optimum, a wrong format) are rejected with a reason that says why.
"""

from __future__ import annotations

import bisect
import difflib
import itertools
import re
from functools import cache

import networkx as nx
import pytest
from helpers import assert_right, assert_wrong, env, find, score

SEEDS = range(4)


def stated(problem):
    return int(problem.answer.split(":")[0])


def witness(problem):
    return [int(x) for x in problem.answer.split(":", 1)[1].split()]


def formatted(best, numbers):
    return f"{best}: {' '.join(map(str, numbers))}"


# -- closest_pair ---------------------------------------------------------------------------------------


def points_from_prompt(prompt):
    return [(int(x), int(y)) for _, x, y in re.findall(r"point ([0-9]+): \((-?[0-9]+), (-?[0-9]+)\)", prompt)]


def closest_pairs_by_brute_force(points):
    """The smallest squared distance and every pair (1-based, i < j) at that distance."""
    distances = {
        (i + 1, j + 1): (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
        for (i, p), (j, q) in itertools.combinations(enumerate(points), 2)
    }
    best = min(distances.values())
    return best, [pair for pair, d in distances.items() if d == best]


@pytest.mark.parametrize("difficulty", [0, 1, 4, 12, 30, 200])
def test_closest_pair_matches_every_pair(difficulty):
    for seed in SEEDS:
        problem = env("closest_pair").sample(difficulty, seed)
        points = points_from_prompt(problem.prompt)
        assert len(points) == problem.size and len(set(points)) == len(points)
        best, pairs = closest_pairs_by_brute_force(points)
        assert stated(problem) == best
        assert tuple(witness(problem)) in pairs


def test_closest_pair_accepts_any_closest_pair_and_rejects_near_misses():
    def tied(p):
        return len(closest_pairs_by_brute_force(points_from_prompt(p.prompt))[1]) >= 2

    problem = find("closest_pair", tied)
    points = points_from_prompt(problem.prompt)
    best, pairs = closest_pairs_by_brute_force(points)
    for a, b in pairs:
        assert_right(problem, f"{best}: {b} {a}")
    a, b = pairs[0]
    for written in (f"({a}, {b})", f"{a} and {b}", f"{a}-{b}", f"{a}, {b}"):
        assert_right(problem, f"{best}: {written}")
    further = next((i, j) for i, j in itertools.combinations(range(1, len(points) + 1), 2) if (i, j) not in pairs)
    assert_wrong(problem, formatted(best, further), "squared distance", f"but {best} is possible")
    assert_wrong(problem, f"{best + 1}: {a} {b}", "stated")
    assert_wrong(problem, f"{best}: {a} {a}", "twice")
    assert not score(problem, f"{best}: {a} {b} {a}").format_ok  # three points
    assert not score(problem, f"{best}: {a} {len(points) + 1}").format_ok  # no such point
    assert not score(problem, f"{a} {b}").format_ok  # the distance is missing
    assert not score(problem, f"{best}: -{a} {b}").format_ok


# -- max_points_on_line ---------------------------------------------------------------------------------


def lines_by_brute_force(points):
    """The most points on one line, and every such largest set (as sorted 1-based tuples)."""
    sets = set()
    for p, q in itertools.combinations(points, 2):
        on = tuple(
            k + 1 for k, r in enumerate(points) if (q[0] - p[0]) * (r[1] - p[1]) == (q[1] - p[1]) * (r[0] - p[0])
        )
        sets.add(on)
    best = max(map(len, sets))
    return best, sorted(s for s in sets if len(s) == best)


@pytest.mark.parametrize("difficulty", [0, 1, 3, 8, 17, 30])
def test_max_points_on_line_matches_every_line_through_two_points(difficulty):
    for seed in SEEDS:
        problem = env("max_points_on_line").sample(difficulty, seed)
        points = points_from_prompt(problem.prompt)
        assert len(set(points)) == len(points) == problem.size
        best, sets = lines_by_brute_force(points)
        assert stated(problem) == best >= 3
        assert tuple(sorted(witness(problem))) in sets


def test_max_points_on_line_accepts_any_largest_line_and_rejects_near_misses():
    def tied(p):
        return len(lines_by_brute_force(points_from_prompt(p.prompt))[1]) >= 2

    problem = find("max_points_on_line", tied, difficulties=range(0, 31))
    points = points_from_prompt(problem.prompt)
    best, sets = lines_by_brute_force(points)
    for chosen in sets:
        assert_right(problem, formatted(best, reversed(chosen)))
    chosen = list(sets[0])
    assert_right(problem, f"{best}: [{', '.join(map(str, chosen))}]")
    assert_wrong(problem, formatted(best - 1, chosen[:-1]), f"lie on one line, but {best} points do")
    off = next(k for k in range(1, len(points) + 1) if k not in chosen)
    assert_wrong(problem, formatted(best, [*chosen[:-1], off]), f"point {off} is not on the line")
    assert_wrong(problem, formatted(best + 1, chosen), "stated")
    assert_wrong(problem, formatted(best, [*chosen, chosen[0]]), "twice")
    assert not score(problem, f"1: {chosen[0]}").format_ok  # one point fixes no line
    assert not score(problem, " ".join(map(str, chosen))).format_ok  # the count is missing


# -- maximal_rectangle ----------------------------------------------------------------------------------


def grid_from_prompt(prompt):
    return re.findall(r"^[01]+$", prompt, flags=re.MULTILINE)


def rectangles_by_brute_force(grid):
    """The largest all-1 area and every rectangle (top, left, bottom, right), 1-based, of that area."""
    rows, cols = len(grid), len(grid[0])
    ones = [[0] * (cols + 1) for _ in range(rows + 1)]  # ones[r][c]: the 1s above and left of (r, c)
    for r, c in itertools.product(range(rows), range(cols)):
        ones[r + 1][c + 1] = ones[r][c + 1] + ones[r + 1][c] - ones[r][c] + (grid[r][c] == "1")
    found = {}
    for (top, bottom), (left, right) in itertools.product(
        itertools.combinations_with_replacement(range(rows), 2), itertools.combinations_with_replacement(range(cols), 2)
    ):
        area = (bottom - top + 1) * (right - left + 1)
        inside = ones[bottom + 1][right + 1] - ones[top][right + 1] - ones[bottom + 1][left] + ones[top][left]
        if inside == area:
            found[(top + 1, left + 1, bottom + 1, right + 1)] = area
    best = max(found.values())
    return best, [corners for corners, area in found.items() if area == best], found


@pytest.mark.parametrize("difficulty", [0, 1, 2, 5, 11, 20, 30])
def test_maximal_rectangle_matches_every_rectangle(difficulty):
    for seed in SEEDS:
        problem = env("maximal_rectangle").sample(difficulty, seed)
        grid = grid_from_prompt(problem.prompt)
        assert len(grid) * len(grid[0]) == problem.size
        best, largest, _ = rectangles_by_brute_force(grid)
        assert stated(problem) == best
        assert tuple(witness(problem)) in largest


def test_maximal_rectangle_accepts_any_largest_rectangle_and_rejects_near_misses():
    def tied(p):
        return len(rectangles_by_brute_force(grid_from_prompt(p.prompt))[1]) >= 2

    problem = find("maximal_rectangle", tied, difficulties=range(3, 31))
    grid = grid_from_prompt(problem.prompt)
    best, largest, found = rectangles_by_brute_force(grid)
    for corners in largest:
        assert_right(problem, formatted(best, corners))
    top, left, bottom, right = largest[0]
    for written in (
        f"({top}, {left}) ({bottom}, {right})",
        f"({top},{left})-({bottom},{right})",
        f"{bottom} {right} {top} {left}",  # the other corner first
        f"{top} {right} {bottom} {left}",  # the other two corners
    ):
        assert_right(problem, f"{best}: {written}")
    smaller = next(corners for corners, area in found.items() if area < best)
    assert_wrong(problem, formatted(best, smaller), "holds", f"but {best} is possible")
    zero_at = next((r, c) for r, c in itertools.product(range(len(grid)), range(len(grid[0]))) if grid[r][c] == "0")
    assert_wrong(problem, formatted(best, (1, 1, len(grid), len(grid[0]))), "is 0")
    assert_wrong(problem, formatted(best, (zero_at[0] + 1, zero_at[1] + 1) * 2), f"row {zero_at[0] + 1}")
    assert_wrong(problem, formatted(best - 1, largest[0]), "stated")
    assert_wrong(problem, formatted(best, (0, left, bottom, right)), "rows are numbered")
    assert not score(problem, formatted(best, (top, left, bottom))).format_ok
    assert not score(problem, f"{top} {left} {bottom} {right}").format_ok  # the area is missing


# -- partition_min_difference ---------------------------------------------------------------------------


def numbers_from_partition_prompt(prompt):
    return [int(x) for x in prompt.split("\n")[1].split()]


def groups_by_brute_force(numbers):
    """The smallest difference and every group (as a tuple of positions) that reaches it."""
    total = sum(numbers)
    differences = {}
    for mask in itertools.product((0, 1), repeat=len(numbers)):
        group = tuple(i for i, m in enumerate(mask) if m)
        differences[group] = abs(total - 2 * sum(numbers[i] for i in group))
    best = min(differences.values())
    return best, [group for group, d in differences.items() if d == best]


def difference_by_meet_in_the_middle(numbers):
    """The smallest difference: every sum of the first half against the sorted sums of the second half."""
    total, half = sum(numbers), len(numbers) // 2

    def sums(part):
        return {sum(c) for k in range(len(part) + 1) for c in itertools.combinations(part, k)}

    right = sorted(sums(numbers[half:]))
    best = total
    for left in sums(numbers[:half]):
        k = bisect.bisect_left(right, total / 2 - left)  # the right sums on either side of the ideal
        for r in right[max(0, k - 1) : k + 1]:
            best = min(best, abs(total - 2 * (left + r)))
    return best


def multiset_in(group, numbers):
    return all(group.count(x) <= numbers.count(x) for x in group)


@pytest.mark.parametrize("difficulty", [0, 1, 3, 7, 12, 16])
def test_partition_min_difference_matches_every_split(difficulty):
    for seed in SEEDS:
        problem = env("partition_min_difference").sample(difficulty, seed)
        numbers = numbers_from_partition_prompt(problem.prompt)
        best, _ = groups_by_brute_force(numbers)
        assert stated(problem) == best
        group = witness(problem)
        assert multiset_in(group, numbers) and abs(sum(numbers) - 2 * sum(group)) == best


@pytest.mark.parametrize("difficulty", [24, 30, 100])
def test_partition_min_difference_matches_a_meet_in_the_middle_search(difficulty):
    for seed in SEEDS[:2]:
        problem = env("partition_min_difference").sample(difficulty, seed)
        assert stated(problem) == difference_by_meet_in_the_middle(numbers_from_partition_prompt(problem.prompt))


def test_partition_min_difference_accepts_either_group_of_any_best_split_and_rejects_near_misses():
    def several(p):
        return len(groups_by_brute_force(numbers_from_partition_prompt(p.prompt))[1]) >= 4  # two splits, two sides

    problem = find("partition_min_difference", several, difficulties=range(2, 12))
    numbers = numbers_from_partition_prompt(problem.prompt)
    best, groups = groups_by_brute_force(numbers)
    for group in groups[:6]:
        assert_right(problem, formatted(best, [numbers[i] for i in reversed(group)]))
    group = [numbers[i] for i in groups[0]]
    assert_right(problem, f"{best} : [{', '.join(map(str, group))}]")
    worse = next(g for g in itertools.combinations(range(len(numbers)), 2) if g not in groups)
    worse_difference = abs(sum(numbers) - 2 * sum(numbers[i] for i in worse))
    assert_wrong(problem, formatted(best, [numbers[i] for i in worse]), f"differ by {worse_difference}")
    assert_wrong(problem, formatted(best + 1, group), "stated")
    absent = next(x for x in range(1, max(numbers)) if x not in numbers)
    assert_wrong(problem, formatted(best, [*group, absent]), "not in the list")
    assert_wrong(problem, formatted(best, numbers + [numbers[0]]), "times")
    assert not score(problem, " ".join(map(str, group))).format_ok  # the difference is missing


# -- egg_drop -------------------------------------------------------------------------------------------


def eggs_from_prompt(prompt):
    floors = int(re.search(r"A building has ([0-9]+) floors", prompt).group(1))
    eggs = re.search(r"You have (?:1 egg|([0-9]+) identical eggs)\.", prompt).group(1)
    return floors, int(eggs or 1)


def drops_by_minimax(floors, eggs):
    """The textbook recurrence, straight from the rules: try every first floor x; the egg breaks (x - 1 floors
    below are left, one egg fewer) or survives (the floors above are left); the worse case counts."""

    @cache
    def worst(k, m):
        if m == 0:
            return 0
        if k == 1:
            return m
        return 1 + min(max(worst(k - 1, x - 1), worst(k, m - x)) for x in range(1, m + 1))

    return worst(eggs, floors)


def drops_by_counting_floors(floors, eggs):
    """The other way round: the most floors that t drops and k eggs can settle grows as
    f(t, k) = f(t - 1, k - 1) + 1 + f(t - 1, k); the answer is the first t that reaches the building. One egg
    must go up floor by floor, so f(t, 1) = t: that case is answered directly (its t can be millions)."""
    if eggs == 1:
        return floors
    row = [0] * (eggs + 1)  # row[k] = f(t, k)
    t = 0
    while row[eggs] < floors:
        t += 1
        row = [0] + [row[k - 1] + 1 + row[k] for k in range(1, eggs + 1)]
    return t


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3, 4, 5])
def test_egg_drop_matches_the_minimax_recurrence(difficulty):
    for seed in range(8):
        problem = env("egg_drop").sample(difficulty, seed)
        assert int(problem.answer) == drops_by_minimax(*eggs_from_prompt(problem.prompt))


@pytest.mark.parametrize("difficulty", [6, 10, 20, 30, 100, 10**6])
def test_egg_drop_matches_counting_the_floors_that_t_drops_settle(difficulty):
    for seed in range(8):
        problem = env("egg_drop").sample(difficulty, seed)
        floors, eggs = eggs_from_prompt(problem.prompt)
        assert floors <= problem.size
        assert int(problem.answer) == drops_by_counting_floors(floors, eggs)


def test_egg_drop_mostly_has_too_few_eggs_for_a_binary_search():
    cases = [eggs_from_prompt(env("egg_drop").sample(30, seed).prompt) for seed in range(60)]
    scarce = [1 < eggs < floors.bit_length() for floors, eggs in cases]
    assert sum(scarce) >= 40
    assert any(eggs == 1 for _, eggs in cases) and any(eggs >= floors.bit_length() for floors, eggs in cases)


def test_egg_drop_answers():
    problem = find("egg_drop", lambda p: eggs_from_prompt(p.prompt)[1] == 2, difficulties=range(3, 10))
    drops = int(problem.answer)
    assert_right(problem, f"drops = {drops}")
    assert_right(problem, f" {drops} ")
    assert_wrong(problem, str(drops - 1), "not the fewest")
    assert_wrong(problem, str(drops + 1), "not the fewest")
    assert not score(problem, f"{drops} or {drops + 1}").format_ok
    assert not score(problem, f"{drops}.5").format_ok


# -- optimal_bst ----------------------------------------------------------------------------------------


def counts_from_prompt(prompt):
    return [int(c) for _, c in re.findall(r"key ([0-9]+): searched ([0-9]+) times?\n", prompt)]


def every_tree(low, high):
    """Every binary search tree over keys low..high, as (preorder, {key: depth})."""
    if low > high:
        yield [], {}
        return
    for root in range(low, high + 1):
        for left, left_depths in every_tree(low, root - 1):
            for right, right_depths in every_tree(root + 1, high):
                depths = {key: d + 1 for key, d in {**left_depths, **right_depths}.items()}
                depths[root] = 1
                yield [root, *left, *right], depths


def trees_by_brute_force(counts):
    """The least cost and the preorder of every tree that reaches it."""
    costs = [
        (sum(counts[key - 1] * d for key, d in depths.items()), order) for order, depths in every_tree(1, len(counts))
    ]
    best = min(cost for cost, _ in costs)
    return best, [order for cost, order in costs if cost == best], costs


def cost_by_interval_recursion(counts):
    """The least cost by the plain cubic recursion over intervals (every root tried, no shortcut)."""

    @cache
    def best(i, j):  # keys i..j-1, 0-based
        if i >= j:
            return 0
        return sum(counts[i:j]) + min(best(i, r) + best(r + 1, j) for r in range(i, j))

    return best(0, len(counts))


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3, 4, 5])
def test_optimal_bst_matches_every_tree(difficulty):
    for seed in SEEDS:
        problem = env("optimal_bst").sample(difficulty, seed)
        counts = counts_from_prompt(problem.prompt)
        assert len(counts) == problem.size
        best, orders, _ = trees_by_brute_force(counts)
        assert stated(problem) == best
        assert witness(problem) in orders


@pytest.mark.parametrize("difficulty", [8, 15, 30, 200])
def test_optimal_bst_matches_the_cubic_recursion(difficulty):
    for seed in SEEDS[:2]:
        problem = env("optimal_bst").sample(difficulty, seed)
        assert stated(problem) == cost_by_interval_recursion(counts_from_prompt(problem.prompt))


def test_optimal_bst_accepts_any_cheapest_tree_and_rejects_near_misses():
    def several(p):
        return len(trees_by_brute_force(counts_from_prompt(p.prompt))[1]) >= 2

    problem = find("optimal_bst", several, difficulties=range(1, 6), seeds=range(200))
    counts = counts_from_prompt(problem.prompt)
    n = len(counts)
    best, orders, costs = trees_by_brute_force(counts)
    for order in orders:
        assert_right(problem, formatted(best, order))
    assert_right(problem, f"{best}: [{', '.join(map(str, orders[0]))}]")
    worse_cost, worse = next((cost, order) for cost, order in costs if cost > best)
    assert_wrong(problem, formatted(best, worse), f"costs {worse_cost}", f"cost {best}")
    assert_wrong(problem, formatted(best + 1, orders[0]), "stated")
    # 2, then 3 in its right subtree, then 1: smaller than 2 after 2's right subtree has begun
    assert_wrong(problem, formatted(best, [2, 3, 1, *range(4, n + 1)]), "not the preorder")
    assert_wrong(problem, formatted(best, [*orders[0], orders[0][0]]), "twice")
    assert_wrong(problem, formatted(best, orders[0][:-1]), f"all {n}")
    assert not score(problem, formatted(best, [*orders[0][:-1], n + 1])).format_ok  # no such key


# -- word_break -----------------------------------------------------------------------------------------

MODULUS = 1_000_000_007


def words_from_prompt(prompt):
    s = re.search(r"letters:\n([a-z]+)\n", prompt).group(1)
    words = re.search(r"words:\n([a-z ]+)\n", prompt).group(1).split()
    return s, words


def splits_by_brute_force(s, words):
    """Every split of s into dictionary words: every set of cut places, kept when each piece is a word."""
    found = []
    for cuts in itertools.product((False, True), repeat=len(s) - 1):
        places = [0, *(i + 1 for i, cut in enumerate(cuts) if cut), len(s)]
        pieces = [s[a:b] for a, b in zip(places, places[1:])]
        if all(piece in words for piece in pieces):
            found.append(pieces)
    return found


def splits_by_counting_paths(s, words):
    """Splits are the paths from 0 to len(s) in the graph of positions, with an arc i -> j for each word s[i:j]."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(s) + 1))
    graph.add_edges_from((i, j) for i in range(len(s)) for j in range(i + 1, len(s) + 1) if s[i:j] in words)
    paths = dict.fromkeys(graph, 0)
    paths[0] = 1
    for node in nx.topological_sort(graph):
        for nxt in graph.successors(node):
            paths[nxt] += paths[node]
    return paths[len(s)]


def split_answer_ok(problem):
    s, words = words_from_prompt(problem.prompt)
    if problem.answer == "0":
        return True
    pieces = problem.answer.split(":", 1)[1].split()
    return "".join(pieces) == s and all(piece in words for piece in pieces)


@pytest.mark.parametrize("difficulty", [0, 1, 3, 6, 8])
def test_word_break_matches_every_way_to_cut(difficulty):
    for seed in SEEDS:
        problem = env("word_break").sample(difficulty, seed)
        found = splits_by_brute_force(*words_from_prompt(problem.prompt))
        assert int(problem.answer.split(":")[0]) == len(found) % MODULUS
        assert (problem.answer == "0") == (not found)
        assert split_answer_ok(problem)


@pytest.mark.parametrize("difficulty", [15, 30, 100, 1000])
def test_word_break_matches_counting_paths_with_networkx(difficulty):
    for seed in SEEDS:
        problem = env("word_break").sample(difficulty, seed)
        paths = splits_by_counting_paths(*words_from_prompt(problem.prompt))
        assert int(problem.answer.split(":")[0]) == paths % MODULUS
        assert (problem.answer == "0") == (paths == 0)
        assert split_answer_ok(problem)


def test_word_break_has_unsplittable_strings_and_counts_past_the_modulus():
    answers = [env("word_break").sample(30, seed).answer for seed in range(40)]
    assert 3 <= answers.count("0") <= 16
    counts = [splits_by_counting_paths(*words_from_prompt(env("word_break").sample(1000, s).prompt)) for s in range(8)]
    assert any(count > MODULUS for count in counts)


def test_word_break_accepts_any_split_and_rejects_near_misses():
    def several(p):
        return len(splits_by_brute_force(*words_from_prompt(p.prompt))) >= 3

    problem = find("word_break", several, difficulties=range(0, 8))
    s, words = words_from_prompt(problem.prompt)
    found = splits_by_brute_force(s, words)
    count = len(found)
    for pieces in found[:5]:
        assert_right(problem, f"{count}: {' '.join(pieces)}")
    assert_right(problem, f"{count}: {' | '.join(found[0])}")
    assert_right(problem, f"{count}: [{', '.join(found[0])}]")
    assert_wrong(problem, f"{count + 1}: {' '.join(found[0])}", f"is not {count + 1}")
    assert_wrong(problem, str(count), "give the count and one split")
    assert_wrong(problem, "0", "can be split")
    assert_wrong(problem, f"{count}: {s}", f"{s} is not a word")  # no dictionary word is the whole string
    assert_wrong(problem, f"{count}: {' '.join(found[0][:-1])}", "do not spell")
    assert not score(problem, f"{count} {' '.join(found[0])}").format_ok  # the colon is missing

    none = find("word_break", lambda p: p.answer == "0", difficulties=range(0, 10))
    assert_right(none, "0")
    assert_right(none, "0.")
    assert_wrong(none, "1", "no split")
    assert not score(none, "00").format_ok


# -- longest_common_substring ---------------------------------------------------------------------------


def pair_from_prompt(prompt):
    return re.search(r"first:  ([a-z]+)\nsecond: ([a-z]+)\n", prompt).groups()


def blocks_by_brute_force(a, b):
    """The longest common block length and every (block, start in a, start in b), 1-based, of that length."""
    found = []
    for i, j in itertools.product(range(len(a)), range(len(b))):
        k = 0
        while i + k < len(a) and j + k < len(b) and a[i + k] == b[j + k]:
            k += 1
        found.append((k, a[i : i + k], i + 1, j + 1))
    best = max(k for k, *_ in found)
    return best, [(block, i, j) for k, block, i, j in found if k == best]


@pytest.mark.parametrize("difficulty", [0, 1, 3, 9, 18, 30])
def test_longest_common_substring_matches_every_pair_of_starts(difficulty):
    for seed in SEEDS:
        problem = env("longest_common_substring").sample(difficulty, seed)
        a, b = pair_from_prompt(problem.prompt)
        assert len(a) + len(b) == problem.size
        best, blocks = blocks_by_brute_force(a, b)
        block, i, j = problem.answer.split()
        assert (block, int(i), int(j)) in blocks and len(block) == best


@pytest.mark.parametrize("difficulty", [50, 100, 1000])
def test_longest_common_substring_matches_difflib(difficulty):
    for seed in SEEDS:
        problem = env("longest_common_substring").sample(difficulty, seed)
        a, b = pair_from_prompt(problem.prompt)
        match = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
        assert len(problem.answer.split()[0]) == match.size


def test_longest_common_substring_accepts_any_longest_and_rejects_near_misses():
    def several(p):
        return len({block for block, _, _ in blocks_by_brute_force(*pair_from_prompt(p.prompt))[1]}) >= 2

    problem = find("longest_common_substring", several, difficulties=range(0, 20))
    a, b = pair_from_prompt(problem.prompt)
    best, blocks = blocks_by_brute_force(a, b)
    for block, i, j in blocks:
        assert_right(problem, f"{block} {i} {j}")
    block, i, j = blocks[0]
    assert_right(problem, f'"{block.upper()}", {i}, {j}')
    assert_wrong(problem, f"{block[:-1]} {i} {j}", f"{best - 1} letters", f"{best} letters exists")
    wrong_i = next(k for k in range(1, len(a) + 1) if a[k - 1 : k - 1 + best] != block)
    assert_wrong(problem, f"{block} {wrong_i} {j}", f"position {wrong_i} of the first word")
    wrong_j = next(k for k in range(1, len(b) + 1) if b[k - 1 : k - 1 + best] != block)
    assert_wrong(problem, f"{block} {i} {wrong_j}", f"position {wrong_j} of the second word")
    assert_wrong(problem, f"{block} 0 {j}", "position 0")
    assert not score(problem, f"{block} {i}").format_ok
    assert not score(problem, f"{best}: {block} {i} {j}").format_ok
    assert not score(problem, f"{block}1 {i} {j}").format_ok
