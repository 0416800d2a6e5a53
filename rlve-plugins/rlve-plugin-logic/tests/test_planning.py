"""N-queens, lights out, water jugs, sliding puzzles, bridge and torch, make_target: optima recomputed here
by brute force, other valid (and optimal) answers accepted, invalid or slower ones rejected with a reason."""

from __future__ import annotations

import heapq
import itertools
from collections import deque

import pytest
from logic_test_helpers import assert_right, assert_wrong, env, find, grid_text, score

from rlve import ParseError
from rlve_plugin_logic.environments.lights_out import press_all
from rlve_plugin_logic.environments.water_jugs import apply, moves_of
from rlve_plugin_logic.solvers.sliding import goal_of, neighbours_of

# -- n-queens --------------------------------------------------------------------------------------------


def completions(n, placed, limit=2):
    fixed = dict(placed)
    out = []

    def place(row, cols):
        if len(out) >= limit:
            return
        if row == n:
            out.append(list(cols))
            return
        for c in [fixed[row]] if row in fixed else range(n):
            if all(c != cc and abs(c - cc) != row - r for r, cc in enumerate(cols)):
                place(row + 1, [*cols, c])

    place(0, [])
    return out


def test_n_queens_accepts_any_completion():
    problem = find("n_queens", lambda p: len(completions(p.data["n"], p.data["placed"])) == 2, range(4, 10))
    first, second = completions(problem.data["n"], problem.data["placed"])
    assert first != second
    for cols in (first, second):
        assert_right(problem, " ".join(str(c + 1) for c in cols))
    assert_right(problem, ", ".join(str(c + 1) for c in second))


def test_n_queens_wrong_placements_say_why():
    problem = env("n_queens").sample(6, 2)
    n = problem.data["n"]
    cols = [int(c) for c in problem.answer.split()]
    assert_wrong(problem, " ".join(map(str, cols[:-1])), "a column for each")
    given_row, given_col = problem.data["placed"][0]
    moved = list(cols)
    moved[given_row] = given_col % n + 1 + (1 if given_col % n + 1 == given_col + 1 else 0)
    assert not score(problem, " ".join(map(str, moved))).correct
    assert_wrong(problem, " ".join(str(i + 1) for i in range(n)), "")  # the main diagonal
    assert_wrong(problem, " ".join(["1"] * n), "")
    assert_wrong(problem, " ".join(map(str, [*cols[:-1], n + 1])), "off the board")


# -- lights out ------------------------------------------------------------------------------------------


def test_lights_out_accepts_every_solution_and_rejects_near_misses():
    problem = env("lights_out").sample(2, 0)  # a 4x4 board: its presses have a 4-dimensional null space
    height, width = len(problem.data["lights"]), len(problem.data["lights"][0])
    assert (height, width) == (4, 4)
    reference = [[int(v) for v in row.split()] for row in problem.answer.splitlines()]
    quiet = next(
        pattern
        for bits in itertools.product((0, 1), repeat=16)
        if any(bits) and not any(map(any, press_all(pattern := [list(bits[r * 4 : r * 4 + 4]) for r in range(4)])))
    )
    other = [[reference[r][c] ^ quiet[r][c] for c in range(4)] for r in range(4)]
    assert other != reference
    assert_right(problem, grid_text(other))
    assert_right(problem, grid_text(reference, spaced=False))
    near = [list(row) for row in reference]
    near[1][2] ^= 1
    assert_wrong(problem, grid_text(near), "still on")
    assert not score(problem, grid_text([[2] * 4] * 4)).format_ok


# -- water jugs ------------------------------------------------------------------------------------------


def shortest_plans(capacities, target, limit=2):
    """Up to ``limit`` distinct shortest move lists, by breadth-first search over (state, path)."""
    start = tuple(0 for _ in capacities)
    depth = {start: 0}
    layer, plans = [(start, [])], []
    moves = moves_of(len(capacities))
    while layer and not plans:
        following = []
        for state, path in layer:
            for move in moves:
                nxt = apply(state, move, capacities)
                if target in nxt and len(plans) < limit:
                    plans.append([*path, move])
                if depth.get(nxt, len(path) + 1) == len(path) + 1:
                    depth[nxt] = len(path) + 1
                    if len(following) < 5000:
                        following.append((nxt, [*path, move]))
        layer = following
    return plans


def text_of(plan):
    return ", ".join(f"pour {'ABCD'[i]} {'ABCD'[j]}" if k == "pour" else f"{k} {'ABCD'[i]}" for k, i, j in plan)


def test_water_jugs_optimum_is_the_breadth_first_one_and_any_shortest_plan_counts():
    problem = find(
        "water_jugs", lambda p: len(shortest_plans(p.data["capacities"], p.data["target"])) == 2, range(3, 12)
    )
    plans = shortest_plans(problem.data["capacities"], problem.data["target"])
    assert len(plans[0]) == problem.data["steps"]
    for plan in plans:
        assert_right(problem, text_of(plan))
    assert_right(problem, text_of(plans[1]).upper().replace(", ", "\n"))


def test_water_jugs_wrong_plans_say_why():
    problem = env("water_jugs").sample(10, 1)
    assert_wrong(problem, "fill A, empty A, " + problem.answer, "fewest")
    assert_wrong(problem, "fill A", "none of them")
    assert not score(problem, "fill E").format_ok
    assert not score(problem, "pour A A").format_ok
    assert not score(problem, "fill A pour A B").format_ok


# -- sliding puzzle --------------------------------------------------------------------------------------


def bfs_distance(board, rows, cols):
    goal = goal_of(rows, cols)
    near = neighbours_of(rows, cols)
    seen = {tuple(board): 0}
    queue = deque([tuple(board)])
    while queue:
        state = queue.popleft()
        if state == goal:
            return seen[state]
        blank = state.index(0)
        for j in near[blank]:
            nxt = list(state)
            nxt[blank], nxt[j] = nxt[j], 0
            nxt = tuple(nxt)
            if nxt not in seen:
                seen[nxt] = seen[state] + 1
                queue.append(nxt)
    raise AssertionError("unsolvable")


def test_sliding_puzzle_optimum_matches_breadth_first_search():
    for difficulty in (0, 3, 6, 10, 14):  # 2x3 and 3x3 boards
        for seed in range(3):
            data = env("sliding_puzzle").sample(difficulty, seed).data
            assert data["moves"] == bfs_distance(data["board"], data["rows"], data["cols"]), (difficulty, seed)


def all_shortest(data, limit=2):
    rows, cols, board = data["rows"], data["cols"], tuple(data["board"])
    near, goal, out = neighbours_of(rows, cols), goal_of(rows, cols), []

    def walk(state, path, left):
        if len(out) >= limit:
            return
        if state == goal:
            out.append(list(path))
            return
        if left == 0 or bfs_distance(list(state), rows, cols) > left:
            return
        blank = state.index(0)
        for j in near[blank]:
            nxt = list(state)
            nxt[blank], nxt[j] = nxt[j], 0
            walk(tuple(nxt), [*path, state[j]], left - 1)

    walk(board, [], data["moves"])
    return out


def test_sliding_puzzle_accepts_any_shortest_solution_and_rejects_others():
    problem = find("sliding_puzzle", lambda p: len(all_shortest(p.data)) == 2, range(2, 9), range(10))
    first, second = all_shortest(problem.data)
    assert first != second
    assert_right(problem, " ".join(map(str, first)))
    assert_right(problem, ", ".join(map(str, second)))
    moves = [int(t) for t in problem.answer.split()]
    assert_wrong(problem, " ".join(map(str, [moves[0], moves[0], *moves])), "fewest")
    assert_wrong(problem, " ".join(map(str, moves[:-1])), "do not reach")
    board, rows, cols = problem.data["board"], problem.data["rows"], problem.data["cols"]
    near = neighbours_of(rows, cols)[board.index(0)]
    not_near = next(t for t in range(1, len(board)) if board.index(t) not in near)
    assert_wrong(problem, str(not_near), "not next to")
    assert_wrong(problem, str(len(board)), "no tile")


# -- bridge and torch ------------------------------------------------------------------------------------


def fastest(times):
    """The least total time by Dijkstra over (people on the start side, torch side)."""
    n = len(times)
    start = (frozenset(range(n)), True)
    dist, queue, tie = {start: 0}, [(0, 0, start)], 0
    while queue:
        d, _, (near, torch) = heapq.heappop(queue)
        if d > dist[(near, torch)]:
            continue
        if not near:
            return d
        side = near if torch else frozenset(range(n)) - near
        for k in (1, 2):
            for group in itertools.combinations(sorted(side), k):
                after = (near - set(group) if torch else near | set(group), not torch)
                cost = d + max(times[i] for i in group)
                if cost < dist.get(after, 1 << 30):
                    dist[after] = cost
                    tie += 1
                    heapq.heappush(queue, (cost, tie, after))
    raise AssertionError("unreachable")


def test_bridge_and_torch_optimum_matches_dijkstra():
    for difficulty in range(0, 4):  # 3 to 6 people
        for seed in range(3):
            data = env("bridge_and_torch").sample(difficulty, seed).data
            assert data["best"] == fastest(data["times"]), (difficulty, seed)


def test_bridge_and_torch_accepts_another_fastest_schedule_and_rejects_slow_or_invalid_ones():
    def starts_paired(problem):
        """The reference starts with the two fastest over, one back, the two slowest over, the other back."""
        steps = problem.answer.split(", ")
        return (
            len(steps) >= 5
            and steps[1] in steps[0].split(" and ")
            and steps[3] in steps[0].split(" and ")
            and (steps[1] != steps[3])
        )

    problem = find("bridge_and_torch", starts_paired, range(1, 10))
    steps = problem.answer.split(", ")
    a, b = steps[0].split(" and ")
    # the two fastest cross; either of them may bring the torch back first, the other one later
    swapped = [steps[0], b if steps[1] == a else a, steps[2], steps[1], *steps[4:]]
    assert swapped != steps
    assert_right(problem, ", ".join(swapped))
    assert_right(problem, ", ".join(" & ".join(reversed(s.split(" and "))) for s in steps))
    names, times = problem.data["names"], problem.data["times"]
    order = sorted(range(len(names)), key=lambda i: times[i])
    escort = order[0]
    slow = []
    for person in order[1:]:
        slow += [f"{names[escort]} and {names[person]}", names[escort]]
    slow = slow[:-1]
    if problem.data["best"] < sum(times[i] for i in order[1:]) + times[escort] * (len(order) - 2):
        assert_wrong(problem, ", ".join(slow), "least possible")
    assert_wrong(problem, ", ".join(steps[:-1]), "still on the starting side")
    stayed = next(name for name in names if name not in steps[0].split(" and "))
    assert_wrong(problem, f"{steps[0]}, {stayed}", "side with the torch")
    assert not score(problem, f"{names[0]} and {names[1]} and {names[2]}").format_ok
    assert not score(problem, "Nobody and Alice").format_ok


# -- river crossing --------------------------------------------------------------------------------------


def river_plans(data, limit=2):
    """Up to ``limit`` shortest plans from the start, by breadth-first search written here."""
    pairs, capacity = data["pairs"], data["capacity"]

    def ok(m, c):
        return (m == 0 or m >= c) and (pairs - m == 0 or pairs - m >= pairs - c)

    start = tuple(data["start"])
    layer, seen, found = [(start, [])], {start}, []
    while layer and not found:
        following = []
        for (m, c, boat), path in layer:
            here = (m, c) if boat else (pairs - m, pairs - c)
            for dm in range(capacity + 1):
                for dc in range(capacity + 1 - dm):
                    if dm + dc == 0 or dm > here[0] or dc > here[1]:
                        continue
                    sign = -1 if boat else 1
                    nxt = (m + sign * dm, c + sign * dc, 1 - boat)
                    if not ok(nxt[0], nxt[1]):
                        continue
                    if nxt == (0, 0, 0) and len(found) < limit:
                        found.append([*path, (dm, dc)])
                    if nxt not in seen:
                        seen.add(nxt)
                        following.append((nxt, [*path, (dm, dc)]))
        layer = following
    return found


def load_text(plan):
    return ", ".join(" ".join(([f"{m}M"] if m else []) + ([f"{c}C"] if c else [])) for m, c in plan)


def test_river_crossing_optimum_matches_breadth_first_search_and_any_shortest_plan_counts():
    for difficulty in range(0, 8):
        data = env("river_crossing").sample(difficulty, 1).data
        assert len(river_plans(data, 1)[0]) == data["crossings"], difficulty
    problem = find("river_crossing", lambda p: len(river_plans(p.data)) == 2, range(2, 12))
    first, second = river_plans(problem.data)
    assert first != second
    assert_right(problem, load_text(first))
    assert_right(problem, load_text(second).replace("M", " missionaries").replace("C", " cannibals"))


def test_river_crossing_wrong_plans_say_why():
    problem = env("river_crossing").sample(6, 0)
    loads = problem.answer.split(", ")
    capacity = problem.data["capacity"]
    assert_wrong(problem, ", ".join(loads[:-1]), "not everyone")
    assert_wrong(problem, f"{capacity + 1}C", "boat takes")
    assert_wrong(problem, f"{problem.data['pairs'] + 1}M", "")
    back_and_forth = [loads[0], loads[0], *loads]
    assert_wrong(problem, ", ".join(back_and_forth), "fewest")
    assert not score(problem, "2X").format_ok
    assert not score(problem, "M C").format_ok


# -- make_target -----------------------------------------------------------------------------------------

DATA_24 = {"numbers": [1, 2, 3, 4], "target": 24}


@pytest.mark.parametrize("text", ["(1 + 2 + 3) * 4", "4 * 3 * 2 * 1", "1 * 2 * 3 * 4 = 24", "[4 × (3 + 2 + 1)]"])
def test_make_target_accepts_every_expression_using_each_number_once(text):
    assert env("make_target").check(DATA_24, text).correct


def test_make_target_rejects_wrong_uses_and_values():
    check = env("make_target").check
    assert "does not use 1" in check(DATA_24, "2 * 3 * 4").reason
    assert "more often" in check(DATA_24, "4 * 3 * 2 * 2").reason
    assert "not 24" in check(DATA_24, "1 + 2 + 3 + 4").reason
    for malformed in (
        "2 ** 3 * 3 * 1",
        "4 * 3 * 2 * 1 = 25",
        "-1 + 2 * 3 * 4",
        "12 * 2",
        "4 * 3 * 2 * 1 = 24 = 24",
        "4 * 3 * 2 * 1 * 1",
    ):
        with pytest.raises(ParseError):
            check(DATA_24, malformed)


def test_make_target_references_use_every_number_and_are_not_trivial():
    for difficulty in range(0, 31, 5):
        for seed in range(3):
            problem = env("make_target").sample(difficulty, seed)
            numbers, target = problem.data["numbers"], problem.data["target"]
            assert target not in (sum(numbers),)
            assert len(problem.data["numbers"]) == 3 + min(difficulty, 30) // 4
            assert_right(problem, problem.answer)
