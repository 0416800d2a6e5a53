"""The array and sequence environments: sliding_window_maximum, next_greater_element, range_updates_queries,
pancake_sorting, min_swaps_to_sort, josephus, deadline_scheduling, bin_packing, largest_rectangle_histogram.

Each instance is rebuilt from the prompt text alone and solved by brute force written here, independently
of the environment: naive loops over windows, positions, rectangles and subsets, a plain simulation of the
circle, breadth-first search over every arrangement for the sorting-by-operations tasks, a bitmask table
over subsets for bin packing, and networkx (permutation cycles, a job-to-slot matching) where instances
outgrow exhaustive search. Then: other valid answers are accepted, and near misses (off by one, one
constraint broken, feasible but not optimal, a wrong stated optimum, a wrong format) are rejected.
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from functools import cache

import networkx as nx
import pytest
from helpers import assert_right, assert_wrong, env, find, score


def numbers_in(text):
    return [int(x) for x in re.findall(r"-?[0-9]+", text)]


def listed_values(prompt):
    """The numbers on the line after the first line ending in a colon (the list, heights or stack)."""
    return numbers_in(prompt.split(":\n", 1)[1].split("\n", 1)[0])


def stated(problem):
    return int(problem.answer.split(":")[0])


def wrong_in_one_place(answer):
    values = numbers_in(answer)
    values[len(values) // 2] += 1
    return " ".join(map(str, values))


# -- sliding_window_maximum ---------------------------------------------------------------------


def window_maxima_by_brute_force(prompt):
    values = listed_values(prompt)
    width = int(re.search(r"A window is a run of ([0-9]+) consecutive", prompt).group(1))
    return [max(values[i : i + width]) for i in range(len(values) - width + 1)]


@pytest.mark.parametrize("difficulty", [0, 1, 5, 12, 30, 150])
def test_sliding_window_maximum_matches_brute_force(difficulty):
    for seed in range(4):
        problem = env("sliding_window_maximum").sample(difficulty, seed)
        assert numbers_in(problem.answer) == window_maxima_by_brute_force(problem.prompt)


def test_sliding_window_maximum_accepts_other_notations_and_rejects_near_misses():
    problem = env("sliding_window_maximum").sample(6, 1)
    maxima = window_maxima_by_brute_force(problem.prompt)
    assert_right(problem, f"[{', '.join(map(str, maxima))}]")
    assert_right(problem, ", ".join(map(str, maxima)))
    assert_wrong(problem, wrong_in_one_place(problem.answer), "window")
    assert_wrong(problem, " ".join(map(str, maxima[:-1])), "numbers given")
    assert_wrong(problem, " ".join(map(str, [*maxima, maxima[-1]])), "numbers given")
    values = listed_values(problem.prompt)
    width = len(values) - len(maxima) + 1
    minima_instead = [min(values[i : i + width]) for i in range(len(maxima))]
    assert minima_instead != maxima
    assert_wrong(problem, " ".join(map(str, minima_instead)), "wrong")
    assert not score(problem, "max of each window").format_ok


# -- next_greater_element -----------------------------------------------------------------------


def next_greater_by_brute_force(prompt, strictly=True):
    values = listed_values(prompt)
    asks_position = "give the position of that number" in prompt
    out = []
    for i, x in enumerate(values):
        j = next((j for j in range(i + 1, len(values)) if values[j] > x or (not strictly and values[j] == x)), None)
        out.append(-1 if j is None else (j + 1 if asks_position else values[j]))
    return out


@pytest.mark.parametrize("difficulty", [0, 2, 7, 15, 30, 200])
def test_next_greater_element_matches_brute_force(difficulty):
    asked = set()
    for seed in range(6):
        problem = env("next_greater_element").sample(difficulty, seed)
        assert numbers_in(problem.answer) == next_greater_by_brute_force(problem.prompt)
        asked.add("position of that number" in problem.prompt)
    assert asked == {True, False}  # both questions appear


def test_next_greater_element_rejects_near_misses():
    positions = find("next_greater_element", lambda p: "position of that number" in p.prompt, range(4, 8))
    by_value = find("next_greater_element", lambda p: "its value" in p.prompt, range(4, 8))
    for problem in (positions, by_value):
        expected = next_greater_by_brute_force(problem.prompt)
        assert_right(problem, "; ".join(map(str, expected)))
        assert_wrong(problem, wrong_in_one_place(problem.answer), "position")
        assert_wrong(problem, " ".join(map(str, expected[1:])), "numbers given")
        not_strict = next_greater_by_brute_force(problem.prompt, strictly=False)
        if not_strict != expected:  # an equal number counted as greater
            assert_wrong(problem, " ".join(map(str, not_strict)))
        assert not score(problem, " ".join("none" if x == -1 else str(x) for x in expected)).format_ok
    values = listed_values(positions.prompt)
    as_values = [values[j - 1] if j > 0 else -1 for j in numbers_in(positions.answer)]
    if as_values != numbers_in(positions.answer):  # the values where positions are asked
        assert_wrong(positions, " ".join(map(str, as_values)))


# -- range_updates_queries ----------------------------------------------------------------------


def range_results_by_simulation(prompt, apply_updates=True):
    array = listed_values(prompt)
    results = []
    for line in prompt.splitlines():
        add = re.fullmatch(r"[0-9]+\. add (-?[0-9]+) to positions ([0-9]+) to ([0-9]+)", line)
        total = re.fullmatch(r"[0-9]+\. sum of positions ([0-9]+) to ([0-9]+)", line)
        if add and apply_updates:
            amount, left, right = map(int, add.groups())
            for i in range(left - 1, right):
                array[i] += amount
        elif total:
            left, right = map(int, total.groups())
            results.append(sum(array[left - 1 : right]))
    return results


@pytest.mark.parametrize("difficulty", [0, 1, 6, 14, 30, 300])
def test_range_updates_queries_match_a_plain_simulation(difficulty):
    for seed in range(4):
        problem = env("range_updates_queries").sample(difficulty, seed)
        count = int(re.search(r"Carry out these ([0-9]+) operations", problem.prompt).group(1))
        assert count == problem.size == len(re.findall(r"^[0-9]+\. (?:add|sum)", problem.prompt, re.M))
        assert numbers_in(problem.answer) == range_results_by_simulation(problem.prompt)


def test_range_updates_queries_reject_near_misses():
    def updates_matter(p):
        return range_results_by_simulation(p.prompt) != range_results_by_simulation(p.prompt, apply_updates=False)

    problem = find("range_updates_queries", updates_matter, range(3, 10))
    results = range_results_by_simulation(problem.prompt)
    assert_right(problem, ", ".join(map(str, results)))
    assert_wrong(problem, " ".join(map(str, range_results_by_simulation(problem.prompt, False))), "wrong")
    assert_wrong(problem, wrong_in_one_place(problem.answer), "sum operation")
    assert_wrong(problem, " ".join(map(str, results[:-1])), "numbers given")
    assert not score(problem, " + ".join(map(str, results))).format_ok


# -- pancake_sorting ----------------------------------------------------------------------------


def flip(stack, k):
    return stack[:k][::-1] + stack[k:]


@cache
def pancake_distances(n):
    """Breadth-first search from the sorted stack over every arrangement (flips are their own inverse)."""
    start = tuple(range(1, n + 1))
    distance = {start: 0}
    queue = deque([start])
    while queue:
        stack = queue.popleft()
        for k in range(2, n + 1):
            nxt = flip(stack, k)
            if nxt not in distance:
                distance[nxt] = distance[stack] + 1
                queue.append(nxt)
    return distance


def shortest_flip_lists(stack):
    """Every shortest list of flips from ``stack``, following the BFS distances down to 0."""
    distance = pancake_distances(len(stack))
    if distance[stack] == 0:
        return [[]]
    return [
        [k, *rest]
        for k in range(2, len(stack) + 1)
        if distance[flip(stack, k)] == distance[stack] - 1
        for rest in shortest_flip_lists(flip(stack, k))
    ]


def gap_count(stack):
    return sum(abs(a - b) != 1 for a, b in zip(stack, [*stack[1:], len(stack) + 1]))


@pytest.mark.parametrize("difficulty", [0, 1, 3, 6, 10, 15, 19])
def test_pancake_sorting_optimum_matches_bfs_over_every_arrangement(difficulty):
    for seed in range(5):
        problem = env("pancake_sorting").sample(difficulty, seed)
        stack = tuple(listed_values(problem.prompt))
        assert sorted(stack) == list(range(1, len(stack) + 1))
        flips = numbers_in(problem.answer)
        assert len(flips) == pancake_distances(len(stack))[stack] > 0
        for k in flips:
            stack = flip(stack, k)
        assert list(stack) == sorted(stack)


@pytest.mark.parametrize("difficulty", [30, 10**9])
def test_pancake_sorting_larger_stacks_are_sorted_by_at_most_the_gap_count_plus_search(difficulty):
    """Beyond BFS: the reference sorts the stack and is never shorter than the gap lower bound; on the big
    stacks built so that every scramble flip adds a gap, it is exactly the gap count."""
    for seed in range(4):
        problem = env("pancake_sorting").sample(difficulty, seed)
        stack = listed_values(problem.prompt)
        flips = numbers_in(problem.answer)
        assert len(flips) >= gap_count(stack)
        if len(stack) > 20:
            assert len(flips) == gap_count(stack)
        for k in flips:
            stack = flip(stack, k)
        assert stack == sorted(stack)


def test_pancake_sorting_accepts_every_shortest_flip_list_and_rejects_near_misses():
    def several_shortest(p):
        return len(shortest_flip_lists(tuple(listed_values(p.prompt)))) >= 2

    problem = find("pancake_sorting", several_shortest, range(8, 16))
    stack = tuple(listed_values(problem.prompt))
    shortest = shortest_flip_lists(stack)
    for flips in shortest[:6]:
        assert_right(problem, " ".join(map(str, flips)))
    assert_right(problem, f"[{', '.join(map(str, shortest[-1]))}]")
    best = shortest[0]
    assert_wrong(problem, " ".join(map(str, [*best[:1], 2, 2, *best[1:]])), "enough")  # two flips that cancel
    assert_wrong(problem, " ".join(map(str, best[:-1])), "do not sort")
    assert_wrong(problem, " ".join(map(str, [len(stack) + 1, *best])), "pancakes")
    assert not score(problem, "flip 3 then flip 2").format_ok


# -- min_swaps_to_sort --------------------------------------------------------------------------


def fewest_swaps_by_bfs(values):
    """Breadth-first search over arrangements, one swap of any two positions per step."""
    start, goal = tuple(values), tuple(sorted(values))
    distance = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == goal:
            return distance[state]
        for i, j in itertools.combinations(range(len(state)), 2):
            nxt = list(state)
            nxt[i], nxt[j] = nxt[j], nxt[i]
            nxt = tuple(nxt)
            if nxt not in distance:
                distance[nxt] = distance[state] + 1
                queue.append(nxt)
    raise AssertionError("unreachable")


def fewest_swaps_by_cycles(values):
    """n minus the cycles of the graph sending each position to where its value belongs (networkx)."""
    rank = {v: r for r, v in enumerate(sorted(values))}
    graph = nx.DiGraph([(i, rank[v]) for i, v in enumerate(values)])
    return len(values) - nx.number_weakly_connected_components(graph)


def selection_sort_swaps(values):
    """A different shortest sequence: bring the smallest remaining number to the front, one at a time."""
    values, swaps = list(values), []
    for i in range(len(values)):
        j = values.index(min(values[i:]), i)
        if j != i:
            values[i], values[j] = values[j], values[i]
            swaps.append((j + 1, i + 1))
    return swaps


def swaps_text(swaps):
    return f"{len(swaps)}: " + " ".join(f"({i}, {j})" for i, j in swaps)


@pytest.mark.parametrize("difficulty", [0, 1, 2])
def test_min_swaps_to_sort_matches_bfs_over_arrangements(difficulty):
    for seed in range(5):
        problem = env("min_swaps_to_sort").sample(difficulty, seed)
        assert stated(problem) == fewest_swaps_by_bfs(listed_values(problem.prompt))


@pytest.mark.parametrize("difficulty", [5, 17, 30, 500])
def test_min_swaps_to_sort_matches_the_cycle_count(difficulty):
    for seed in range(4):
        problem = env("min_swaps_to_sort").sample(difficulty, seed)
        values = listed_values(problem.prompt)
        assert len(set(values)) == len(values) == problem.size
        assert stated(problem) == fewest_swaps_by_cycles(values)


def test_min_swaps_to_sort_accepts_other_shortest_sequences_and_rejects_near_misses():
    problem = find("min_swaps_to_sort", lambda p: stated(p) >= 4, range(3, 8))
    values = listed_values(problem.prompt)
    other = selection_sort_swaps(values)
    assert len(other) == stated(problem) and swaps_text(other) != problem.answer
    assert_right(problem, swaps_text(other))
    assert_right(problem, f"{len(other)}: " + ", ".join(f"{j}-{i}" for i, j in other))  # either end first
    assert_right(problem, f"{len(other)}: " + "; ".join(f"{i} {j}" for i, j in other))
    i, j = other[0]
    assert_wrong(problem, swaps_text([(i, j), (i, j), *other]), "enough")  # a swap made and undone
    assert_wrong(problem, swaps_text(other[:-1]), "do not sort")
    assert_wrong(problem, swaps_text([(i, i), *other]), "itself")
    assert_wrong(problem, swaps_text([(1, len(values) + 1), *other]), "outside")
    assert_wrong(problem, f"{len(other) + 1}: " + " ".join(f"({i}, {j})" for i, j in other), "stated")
    assert not score(problem, " ".join(f"({i}, {j})" for i, j in other)).format_ok  # no count


# -- josephus -----------------------------------------------------------------------------------


def josephus_by_simulation(prompt, reverse_direction=False):
    n = int(re.match(r"([0-9]+) people", prompt).group(1))
    k = int(re.search(r"the person who says ([0-9]+) leaves", prompt).group(1))
    start = int(re.search(r"Person ([0-9]+) says 1", prompt).group(1))
    clockwise = ("Counting goes clockwise" in prompt) != reverse_direction
    circle = deque(range(1, n + 1) if clockwise else range(n, 0, -1))
    circle.rotate(-circle.index(start))
    order = []
    while len(circle) > 1:
        circle.rotate(-(k - 1))
        order.append(circle.popleft())
    survivor = circle[0]
    if "last person left" in prompt:
        return survivor
    asked = re.search(r"Person ([0-9]+) leaves the circle at some point", prompt)
    if asked:
        return order.index(int(asked.group(1))) + 1
    return order[int(re.search(r"leaves the circle in round ([0-9]+)\?", prompt).group(1)) - 1]


@pytest.mark.parametrize("difficulty", [0, 1, 4, 11, 23, 30, 250])
def test_josephus_matches_a_plain_simulation(difficulty):
    kinds = set()
    for seed in range(9):
        problem = env("josephus").sample(difficulty, seed)
        assert int(problem.answer) == josephus_by_simulation(problem.prompt)
        kinds.add(next(word for word in ("last person", "at some point", "in round") if word in problem.prompt))
    assert len(kinds) >= 2


def test_josephus_rejects_near_misses():
    def direction_matters(p):
        return josephus_by_simulation(p.prompt) != josephus_by_simulation(p.prompt, reverse_direction=True)

    problem = find("josephus", direction_matters, range(2, 8))
    result = int(problem.answer)
    assert_right(problem, f"{result}.")
    assert_wrong(problem, str(result + 1), "not the answer")
    assert_wrong(problem, str(josephus_by_simulation(problem.prompt, reverse_direction=True)), "not the answer")
    assert not score(problem, f"{result} or {result + 1}").format_ok


# -- deadline_scheduling ------------------------------------------------------------------------


def jobs_from_prompt(prompt):
    return [(int(d), int(p)) for d, p in re.findall(r"job [0-9]+: deadline ([0-9]+), profit ([0-9]+)", prompt)]


def can_all_be_done(jobs, chosen):
    """Simulate the schedule: at each time slot run the chosen job with the earliest deadline."""
    deadlines = sorted(jobs[i - 1][0] for i in chosen)
    return all(deadline >= slot for slot, deadline in enumerate(deadlines, start=1))


def best_job_sets_by_brute_force(jobs):
    best, sets = -1, []
    for size in range(len(jobs) + 1):
        for chosen in itertools.combinations(range(1, len(jobs) + 1), size):
            if can_all_be_done(jobs, chosen):
                profit = sum(jobs[i - 1][1] for i in chosen)
                if profit > best:
                    best, sets = profit, [list(chosen)]
                elif profit == best:
                    sets.append(list(chosen))
    return best, sets


def best_profit_by_matching(jobs):
    """A maximum-weight matching of jobs to the time slots before their deadlines (networkx)."""
    graph = nx.Graph()
    for i, (deadline, profit) in enumerate(jobs):
        for slot in range(min(deadline, len(jobs))):
            graph.add_edge(("job", i), ("slot", slot), weight=profit)
    matching = nx.max_weight_matching(graph)
    return sum(graph.edges[u, v]["weight"] for u, v in matching)


@pytest.mark.parametrize("difficulty", [0, 1, 3, 7])
def test_deadline_scheduling_matches_brute_force_over_every_subset(difficulty):
    for seed in range(4):
        problem = env("deadline_scheduling").sample(difficulty, seed)
        jobs = jobs_from_prompt(problem.prompt)
        best, sets = best_job_sets_by_brute_force(jobs)
        assert stated(problem) == best
        assert sorted(numbers_in(problem.answer.split(":")[1])) in sets


@pytest.mark.parametrize("difficulty", [15, 30])
def test_deadline_scheduling_matches_a_job_to_slot_matching(difficulty):
    for seed in range(2):
        problem = env("deadline_scheduling").sample(difficulty, seed)
        assert stated(problem) == best_profit_by_matching(jobs_from_prompt(problem.prompt))


def test_deadline_scheduling_accepts_every_best_set_and_rejects_near_misses():
    def several_best(p):
        return len(best_job_sets_by_brute_force(jobs_from_prompt(p.prompt))[1]) >= 2

    problem = find("deadline_scheduling", several_best, range(2, 7))
    jobs = jobs_from_prompt(problem.prompt)
    best, sets = best_job_sets_by_brute_force(jobs)
    for chosen in sets[:4]:
        assert_right(problem, f"{best}: {', '.join(map(str, reversed(chosen)))}")
    chosen = sets[0]
    assert_wrong(problem, f"{best}: {' '.join(map(str, chosen[1:]))}", "possible")
    extra = next(i for i in range(1, len(jobs) + 1) if i not in chosen)  # a maximum set has no room left
    assert_wrong(problem, f"{best}: {' '.join(map(str, [*chosen, extra]))}", "late")
    assert_wrong(problem, f"{best}: {' '.join(map(str, [*chosen, chosen[0]]))}", "twice")
    assert_wrong(problem, f"{best - 1}: {' '.join(map(str, chosen))}", "stated")
    assert not score(problem, " ".join(map(str, chosen))).format_ok  # the profit is missing


# -- bin_packing --------------------------------------------------------------------------------


def bins_from_prompt(prompt):
    capacity = int(re.search(r"Bins each hold a total size of at most ([0-9]+)", prompt).group(1))
    return [int(s) for s in re.findall(r"item [0-9]+: size ([0-9]+)", prompt)], capacity


def fewest_bins_by_subsets(sizes, capacity):
    """The classic table over subsets: for each set of items, the fewest bins and, among packings with
    that many, the least load in the last bin. Returns the fewest bins and one packing (1-based items)."""
    n = len(sizes)
    table = [(0, 0)] + [(n + 1, 0)] * ((1 << n) - 1)
    last = [0] * (1 << n)
    for mask in range(1 << n):
        bins, load = table[mask]
        for i in range(n):
            if not mask >> i & 1:
                nxt = mask | 1 << i
                option = (bins, load + sizes[i]) if load + sizes[i] <= capacity else (bins + 1, sizes[i])
                if option < table[nxt]:
                    table[nxt], last[nxt] = option, i
    full = (1 << n) - 1
    bins, load = table[full]
    count = bins + (load > 0)
    packing, current, mask = [], [], full
    while mask:  # walk back: a new bin starts wherever the load went down
        i = last[mask]
        current.append(i + 1)
        previous = mask & ~(1 << i)
        if table[previous][0] != table[mask][0] or previous == 0:
            packing.append(current)
            current = []
        mask = previous
    return count, packing


def packing_text(packing):
    return f"{len(packing)}: " + "; ".join(" ".join(map(str, b)) for b in packing)


@pytest.mark.parametrize("difficulty", [0, 1, 3, 6, 9])
def test_bin_packing_optimum_matches_a_table_over_subsets(difficulty):
    for seed in range(4):
        problem = env("bin_packing").sample(difficulty, seed)
        sizes, capacity = bins_from_prompt(problem.prompt)
        assert len(sizes) == problem.size
        assert stated(problem) == fewest_bins_by_subsets(sizes, capacity)[0]


@pytest.mark.parametrize("difficulty", [20, 30, 10**6])
def test_bin_packing_reference_is_a_packing_and_meets_the_size_bound_when_planted(difficulty):
    for seed in range(6):
        problem = env("bin_packing").sample(difficulty, seed)
        sizes, capacity = bins_from_prompt(problem.prompt)
        packing = [numbers_in(b) for b in problem.answer.split(":")[1].split(";")]
        assert sorted(i for b in packing for i in b) == list(range(1, len(sizes) + 1))
        assert all(sum(sizes[i - 1] for i in b) <= capacity for b in packing)
        assert len(packing) >= -(-sum(sizes) // capacity)


def test_bin_packing_has_instances_beyond_the_size_bound():
    """Some optima exceed the total size over the capacity: the count is not a formula."""

    def beyond(p):
        sizes, capacity = bins_from_prompt(p.prompt)
        return stated(p) > -(-sum(sizes) // capacity)

    problem = find("bin_packing", beyond, range(2, 8))
    sizes, capacity = bins_from_prompt(problem.prompt)
    assert stated(problem) == fewest_bins_by_subsets(sizes, capacity)[0]


def test_bin_packing_accepts_any_fewest_packing_and_rejects_near_misses():
    problem = env("bin_packing").sample(7, 2)
    sizes, capacity = bins_from_prompt(problem.prompt)
    count, packing = fewest_bins_by_subsets(sizes, capacity)
    assert_right(problem, packing_text(packing))
    assert_right(problem, f"{count}: " + ", ".join(f"[{', '.join(map(str, b))}]" for b in reversed(packing)))
    assert_right(problem, f"{count}\n" + "\n".join(" ".join(map(str, b)) for b in packing))
    split = [*packing[1:], packing[0][:1], packing[0][1:]] if len(packing[0]) > 1 else None
    if split:
        assert_wrong(problem, packing_text(split), "enough")
    assert_wrong(problem, packing_text([packing[0][1:], *packing[1:]]), "no bin")
    assert_wrong(problem, packing_text([[*packing[0], packing[1][0]], *packing[1:]]), "more than one")
    merged = [packing[0] + packing[1], *packing[2:]]
    if sum(sizes[i - 1] for i in merged[0]) > capacity:
        assert_wrong(problem, f"{count - 1}: " + "; ".join(" ".join(map(str, b)) for b in merged), "over")
    assert_wrong(problem, f"{count + 1}: " + "; ".join(" ".join(map(str, b)) for b in packing), "stated")
    assert not score(problem, f"{count}: 0 " + "; ".join(" ".join(map(str, b)) for b in packing)).format_ok


# -- largest_rectangle_histogram ----------------------------------------------------------------


def rectangles_by_brute_force(heights):
    """The largest area, and every (first, last) column pair (1-based) that reaches it."""
    n = len(heights)
    areas = {(a + 1, b + 1): (b - a + 1) * min(heights[a : b + 1]) for a in range(n) for b in range(a, n)}
    best = max(areas.values())
    return best, [span for span, area in areas.items() if area == best]


@pytest.mark.parametrize("difficulty", [0, 1, 5, 13, 30, 120])
def test_largest_rectangle_matches_brute_force(difficulty):
    for seed in range(4):
        problem = env("largest_rectangle_histogram").sample(difficulty, seed)
        best, spans = rectangles_by_brute_force(listed_values(problem.prompt))
        assert stated(problem) == best
        assert tuple(numbers_in(problem.answer.split(":")[1])) in spans


def test_largest_rectangle_accepts_every_best_span_and_rejects_near_misses():
    def several(p):
        return len(rectangles_by_brute_force(listed_values(p.prompt))[1]) >= 2

    problem = find("largest_rectangle_histogram", several, range(0, 10))
    heights = listed_values(problem.prompt)
    best, spans = rectangles_by_brute_force(heights)
    for a, b in spans:
        assert_right(problem, f"{best}: {a} {b}")
    a, b = spans[0]
    assert_right(problem, f"{best}: {a}-{b}")
    assert_right(problem, f"{best}: {b} to {a}")
    assert_right(problem, f"{best}: ({a}, {b})")
    worse = next((x, y) for x in range(1, len(heights) + 1) for y in range(x, len(heights) + 1) if (x, y) not in spans)
    assert_wrong(problem, f"{best}: {worse[0]} {worse[1]}", "possible")
    assert_wrong(problem, f"{best + 1}: {a} {b}", "stated")
    assert not score(problem, f"{best}: {a}").format_ok
    assert not score(problem, f"{best}: {a} {len(heights) + 1}").format_ok
    assert not score(problem, f"{a} {b}").format_ok
