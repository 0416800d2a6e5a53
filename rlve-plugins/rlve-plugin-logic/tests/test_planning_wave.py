"""Sokoban, Rush Hour, blocks world, knight rearrangements, task scheduling and transition-system plans.

Every instance is rebuilt from the prompt text alone and solved here independently: by a breadth-first search
over the puzzle's states written in this file (with its own move rules), by a search over unit time steps for
the schedules, and by networkx shortest paths on the product of the transition system with its waypoint flag.
The reference answer must be a valid plan of the optimal length; other shortest plans are accepted; longer
valid plans and invalid ones are rejected with a reason.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict

import networkx as nx
from logic_test_helpers import assert_right, assert_wrong, env, find, score, shortest_plans

# -- a breadth-first search that keeps every shortest way ------------------------------------------------


def blocks_of(prompt: str) -> list[str]:
    return prompt.split("\n\n")


# -- sokoban ---------------------------------------------------------------------------------------------

STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def sokoban_from_prompt(prompt):
    rows = next(b for b in blocks_of(prompt) if set(b) <= set("#-.$*@+\n")).splitlines()
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    walls = {rc for rc, ch in cells.items() if ch == "#"}
    goals = frozenset(rc for rc, ch in cells.items() if ch in ".*+")
    boxes = frozenset(rc for rc, ch in cells.items() if ch in "$*")
    player = next(rc for rc, ch in cells.items() if ch in "@+")
    return walls, goals, (player, boxes)


def sokoban_moves(walls):
    def successors(state):
        (r, c), boxes = state
        for name, (dr, dc) in STEP.items():
            nxt = (r + dr, c + dc)
            if nxt in walls:
                continue
            if nxt in boxes:
                behind = (r + 2 * dr, c + 2 * dc)
                if behind in walls or behind in boxes:
                    continue
                yield name, (nxt, boxes - {nxt} | {behind})
            else:
                yield name, (nxt, boxes)

    return successors


def test_sokoban_optimum_matches_breadth_first_search_from_the_prompt():
    for difficulty, seeds in ((0, 3), (2, 3), (4, 3), (7, 3), (10, 2), (14, 2), (17, 1)):
        for seed in range(seeds):
            problem = env("sokoban").sample(difficulty, seed)
            walls, goals, start = sokoban_from_prompt(problem.prompt)
            optimum, plans = shortest_plans(start, sokoban_moves(walls), lambda s, g=goals: s[1] == g, limit=1)
            assert optimum == len(problem.answer) == problem.data["moves"], (difficulty, seed)
            state, successors = start, sokoban_moves(walls)
            for move in problem.answer:  # the reference replays legally to the goal
                state = dict(successors(state))[move]
            assert state[1] == goals


def test_sokoban_accepts_every_shortest_solution_and_rejects_the_rest():
    def two_plans(problem):
        walls, goals, start = sokoban_from_prompt(problem.prompt)
        return shortest_plans(start, sokoban_moves(walls), lambda s: s[1] == goals, limit=2)[1]

    problem = find("sokoban", lambda p: len(two_plans(p)) == 2, range(3, 10), range(10))
    first, second = ("".join(plan) for plan in two_plans(problem))
    assert first != second
    assert_right(problem, first)
    assert_right(problem, " ".join(second.lower()))
    assert_right(problem, ", ".join(second))
    walls, goals, (player, boxes) = sokoban_from_prompt(problem.prompt)
    # a step onto free floor and back: legal, two moves too many
    there, back = next(
        (name, other)
        for name, other in (("U", "D"), ("D", "U"), ("L", "R"), ("R", "L"))
        if (player[0] + STEP[name][0], player[1] + STEP[name][1]) not in walls | boxes
    )
    assert_wrong(problem, there + back + problem.answer, "fewest")
    assert_wrong(problem, problem.answer[:-1], "not on a goal")
    into_wall = next(n for n, (dr, dc) in STEP.items() if (player[0] + dr, player[1] + dc) in walls)
    assert_wrong(problem, into_wall + problem.answer, "wall")
    for malformed in ("", "UDX", "up down", "1 2"):
        assert not score(problem, malformed).format_ok, malformed


def blocked_push(problem):
    """A walk to a square behind a box, then a push of it into a wall or another box; None if there is none."""
    walls, _, (player, boxes) = sokoban_from_prompt(problem.prompt)
    solid = walls | boxes

    def walk(p):  # steps over the floor that touch no box
        return ((n, (p[0] + a, p[1] + b)) for n, (a, b) in STEP.items() if (p[0] + a, p[1] + b) not in solid)

    for box, (name, (dr, dc)) in itertools.product(sorted(boxes), STEP.items()):
        stand, behind = (box[0] - dr, box[1] - dc), (box[0] + dr, box[1] + dc)
        if stand not in solid and behind in solid:
            route = shortest_plans(player, walk, lambda p, s=stand: p == s, limit=1)[1]
            if route:
                return "".join(route[0]) + name
    return None


def test_sokoban_a_push_into_a_box_or_wall_is_refused():
    problem = find("sokoban", lambda p: blocked_push(p) is not None, range(16, 24), range(5))  # three boxes
    assert_wrong(problem, blocked_push(problem), "pushes a box into a wall or another box")


# -- rush hour -------------------------------------------------------------------------------------------


def rush_from_prompt(prompt):
    grid = [line.split() for line in blocks_of(prompt)[1].splitlines()]
    rows, cols = len(grid), len(grid[0])
    cells = defaultdict(list)
    for r, c in itertools.product(range(rows), range(cols)):
        if grid[r][c] not in ".#":
            cells[grid[r][c]].append((r, c))
    walls = frozenset((r, c) for r, c in itertools.product(range(rows), range(cols)) if grid[r][c] == "#")
    names = sorted(cells)
    cars = {}
    for name in names:
        squares = sorted(cells[name])
        horizontal = len({r for r, _ in squares}) == 1
        assert horizontal or len({c for _, c in squares}) == 1
        cars[name] = (horizontal, len(squares))
    start = tuple(min(cells[name]) for name in names)  # top-left square of each car
    return rows, cols, walls, names, cars, start


def rush_moves(rows, cols, walls, names, cars):
    def squares(name, corner):
        horizontal, length = cars[name]
        return [(corner[0], corner[1] + k) if horizontal else (corner[0] + k, corner[1]) for k in range(length)]

    def successors(state):
        taken = set(walls)
        for name, corner in zip(names, state):
            taken.update(squares(name, corner))
        for i, name in enumerate(names):
            horizontal, _ = cars[name]
            mine = set(squares(name, state[i]))
            for sign, letter in ((1, "R" if horizontal else "D"), (-1, "L" if horizontal else "U")):
                for distance in range(1, max(rows, cols)):
                    corner = (
                        (state[i][0], state[i][1] + sign * distance)
                        if horizontal
                        else (state[i][0] + sign * distance, state[i][1])
                    )
                    new = squares(name, corner)
                    if any(not (0 <= r < rows and 0 <= c < cols) or ((r, c) in taken and (r, c) not in mine)
                           for r, c in new):
                        break
                    yield f"{name} {letter}{distance}", state[:i] + (corner,) + state[i + 1 :]

    return successors


def rush_goal(names, cols):
    x = names.index("X")
    return lambda state: state[x][1] == cols - 2


def test_rush_hour_optimum_matches_breadth_first_search_from_the_prompt():
    for difficulty in (0, 2, 5, 8, 12, 16, 20, 25, 30):
        for seed in range(2):
            problem = env("rush_hour").sample(difficulty, seed)
            rows, cols, walls, names, cars, start = rush_from_prompt(problem.prompt)
            successors = rush_moves(rows, cols, walls, names, cars)
            optimum, _ = shortest_plans(start, successors, rush_goal(names, cols), limit=1)
            moves = problem.answer.split(", ")
            assert optimum == len(moves) == problem.data["moves"], (difficulty, seed)
            state = start
            for move in moves:
                state = dict((m, s) for m, s in successors(state))[move]
            assert rush_goal(names, cols)(state)


def test_rush_hour_accepts_every_shortest_solution_and_rejects_the_rest():
    def plans_of(problem):
        rows, cols, walls, names, cars, start = rush_from_prompt(problem.prompt)
        return shortest_plans(start, rush_moves(rows, cols, walls, names, cars), rush_goal(names, cols), limit=2)[1]

    problem = find("rush_hour", lambda p: len(plans_of(p)) == 2 and p.data["moves"] >= 3, range(8, 20), range(10))
    first, second = plans_of(problem)
    assert first != second
    assert_right(problem, ", ".join(first))
    assert_right(problem, "; ".join(m.replace(" ", "").lower() for m in second))
    rows, cols, walls, names, cars, start = rush_from_prompt(problem.prompt)
    successors = rush_moves(rows, cols, walls, names, cars)
    # a car slid one square and back: legal, two moves too many
    there = next(m for m, _ in successors(start) if m.endswith("1"))
    undo = there[:-2] + {"R": "L", "L": "R", "U": "D", "D": "U"}[there[-2]] + "1"
    assert_wrong(problem, f"{there}, {undo}, {problem.answer}", "fewest")
    assert_wrong(problem, ", ".join(problem.answer.split(", ")[:-1]), "not reached the exit")
    assert_wrong(problem, "X U1", "can only move left or right")
    assert_wrong(problem, f"X R{cols}", "off the board")
    blocked = None  # the shortest slide that stays on the board but hits a car or a wall
    for i, name in enumerate(names):
        horizontal, length = cars[name]
        legal = dict(successors(start))
        for letter, sign in (("R", 1), ("L", -1)) if horizontal else (("D", 1), ("U", -1)):
            for k in range(1, max(rows, cols)):
                end = (start[i][1] if horizontal else start[i][0]) + sign * k
                if not 0 <= end <= (cols if horizontal else rows) - length:
                    break
                if f"{name} {letter}{k}" not in legal:
                    blocked = blocked or f"{name} {letter}{k}"
                    break
    assert blocked is not None
    assert_wrong(problem, blocked, "runs into")
    assert_wrong(problem, "X R0", "zero")
    for malformed in ("", "X right", "X R", "XX R1", "X R1 X R1"):
        assert not score(problem, malformed).format_ok, malformed


# -- blocks world ----------------------------------------------------------------------------------------


def blocks_from_prompt(prompt):
    text = prompt.split("Start:\n")[1]
    start_text, rest = text.split("\n\nGoal:\n")
    goal_text = rest.split("\n\n")[0]

    def below(lines):
        out = {}
        for line in lines.splitlines():
            names = line.split()
            for lower, upper in zip([None, *names], names):
                out[upper] = lower
        return out

    return below(start_text), below(goal_text)


def blocks_moves(state):
    on = dict(state)
    clear = [b for b in on if b not in on.values()]
    for block in clear:
        for target in [None, *clear]:
            if target != block and target != on[block]:
                nxt = dict(on)
                nxt[block] = target
                yield (block, target), frozenset(nxt.items())


def blocks_text(plan):
    return ", ".join(f"{b} to table" if t is None else f"{b} onto {t}" for b, t in plan)


def test_blocks_world_optimum_matches_breadth_first_search_from_the_prompt():
    for difficulty, seeds in ((0, 4), (1, 4), (2, 3), (3, 3)):  # 3 to 6 blocks
        for seed in range(seeds):
            problem = env("blocks_world").sample(difficulty, seed)
            start, goal = blocks_from_prompt(problem.prompt)
            target = frozenset(goal.items())
            optimum, _ = shortest_plans(frozenset(start.items()), blocks_moves, lambda s, t=target: s == t, limit=1)
            assert optimum == problem.data["moves"] == len(problem.answer.split(", ")), (difficulty, seed)


def in_place(block, on, goal):
    """The block stands on what the goal puts it on, and so does everything below it."""
    return on[block] == goal[block] and (on[block] is None or in_place(on[block], on, goal))


def test_blocks_world_reference_plans_are_valid_at_every_size():
    for difficulty in (5, 12, 20, 30):
        problem = env("blocks_world").sample(difficulty, 1)
        start, goal = blocks_from_prompt(problem.prompt)
        state = frozenset(start.items())
        for move in problem.answer.split(", "):
            block, _, where = move.partition(" to table" if move.endswith("table") else " onto ")
            state = dict(blocks_moves(state))[(block, where or None)]
        assert state == frozenset(goal.items())
        # every block that is not already where the goal wants it (with all below it) moves at least once
        assert problem.data["moves"] >= sum(not in_place(b, start, goal) for b in start)


def test_blocks_world_accepts_every_shortest_plan_and_rejects_the_rest():
    def plans_of(problem):
        start, goal = blocks_from_prompt(problem.prompt)
        target = frozenset(goal.items())
        return shortest_plans(frozenset(start.items()), blocks_moves, lambda s: s == target, limit=2)[1]

    problem = find("blocks_world", lambda p: len(plans_of(p)) == 2 and p.data["moves"] >= 3, range(2, 4), range(20))
    first, second = plans_of(problem)
    assert_right(problem, blocks_text(first))
    assert_right(problem, blocks_text(second).replace(" onto ", " on ").replace(", ", "\n"))
    assert_right(problem, "; ".join(f"move {m}" for m in blocks_text(second).split(", ")))
    start, goal = blocks_from_prompt(problem.prompt)
    clear = [b for b in start if b not in start.values()]
    covered = next(b for b in start if b in start.values())
    stacked = next((b for b in clear if start[b] is not None), None)
    if stacked:  # to the table and back: legal, two moves too many
        assert_wrong(problem, f"{stacked} to table, {stacked} onto {start[stacked]}, {problem.answer}", "fewest")
    assert_wrong(problem, f"{covered} to table", "has a block on it")
    assert_wrong(problem, f"{clear[0]} onto {covered}", "has a block on it")
    assert_wrong(problem, f"{clear[0]} onto {clear[0]}", "on itself")
    on_table = next((b for b in clear if start[b] is None), None)
    if on_table:
        assert_wrong(problem, f"{on_table} to table", "already on the table")
    assert_wrong(problem, ", ".join(problem.answer.split(", ")[:-1]), "not stacked as in the goal")
    for malformed in ("", "A B C", "move A", "table to A", "ZZ to table"):
        assert not score(problem, malformed).format_ok, malformed


# -- knight moves ----------------------------------------------------------------------------------------


def knights_from_prompt(prompt):
    def board(label):
        lines = prompt.split(f"{label}:\n")[1].split("\n\n")[0].splitlines()
        files = lines[-1].split()
        squares, white, black = set(), set(), set()
        for line in lines[:-1]:
            rank, *cells = line.split()
            for file, cell in zip(files, cells):
                name = f"{file}{rank}"
                if cell != "#":
                    squares.add(name)
                (white if cell == "W" else black if cell == "B" else set()).add(name)
        return squares, frozenset(white), frozenset(black)

    squares, *start = board("Start")
    _, *goal = board("Goal")
    return squares, tuple(start), tuple(goal)


def knight_moves(squares):
    def xy(name):
        return ord(name[0]) - 97, int(name[1:])

    def successors(state):
        occupied = state[0] | state[1]
        for colour in (0, 1):
            for here in sorted(state[colour]):
                x, y = xy(here)
                for dx, dy in itertools.permutations((1, 2, -1, -2), 2):
                    if abs(dx) == abs(dy):
                        continue
                    there = f"{chr(97 + x + dx)}{y + dy}" if x + dx >= 0 else None
                    if there in squares and there not in occupied:
                        moved = state[colour] - {here} | {there}
                        yield f"{here}-{there}", (moved, state[1]) if colour == 0 else (state[0], moved)

    return successors


def test_knight_moves_optimum_matches_breadth_first_search_from_the_prompt():
    for difficulty in (0, 1, 3, 6, 10, 15, 20, 30):
        for seed in range(2):
            problem = env("knight_moves_puzzle").sample(difficulty, seed)
            squares, start, goal = knights_from_prompt(problem.prompt)
            optimum, _ = shortest_plans(start, knight_moves(squares), lambda s, g=goal: s == g, limit=1)
            moves = problem.answer.split(", ")
            assert optimum == len(moves) == problem.data["moves"], (difficulty, seed)
            state = start
            for move in moves:
                state = dict(knight_moves(squares)(state))[move]
            assert state == goal


def test_knight_moves_accepts_every_shortest_sequence_and_rejects_the_rest():
    def plans_of(problem):
        squares, start, goal = knights_from_prompt(problem.prompt)
        return shortest_plans(start, knight_moves(squares), lambda s: s == goal, limit=2)[1]

    problem = find("knight_moves_puzzle", lambda p: len(plans_of(p)) == 2, range(4, 12), range(10))
    first, second = plans_of(problem)
    assert first != second
    assert_right(problem, ", ".join(first))
    assert_right(problem, " ".join(m.replace("-", " to ") for m in second))
    assert_right(problem, " ".join(m.replace("-", "").upper() for m in second))
    squares, start, goal = knights_from_prompt(problem.prompt)
    there = next(m for m, _ in knight_moves(squares)(start))
    here, to = there.split("-")
    assert_wrong(problem, f"{there}, {to}-{here}, {problem.answer}", "fewest")
    assert_wrong(problem, ", ".join(problem.answer.split(", ")[:-1]), "not in the goal")
    empty = sorted(squares - start[0] - start[1])
    assert_wrong(problem, f"{empty[0]}-{empty[1]}", "no knight")
    knight = sorted(start[0])[0]
    occupied = sorted((start[0] | start[1]) - {knight})
    for move_to in occupied:  # a jump onto another knight, if one is a knight's move away, else a non-jump
        verdict = score(problem, f"{knight}-{move_to}")
        assert not verdict.correct and ("occupied" in verdict.reason or "knight's move" in verdict.reason)
    for malformed in ("", "b1", "b1-", "z9-a1", "knight to c3"):
        assert not score(problem, malformed).format_ok, malformed


# -- job shop schedule -----------------------------------------------------------------------------------


def schedule_from_prompt(prompt):
    durations, predecessors = [], []
    for line in re.findall(r"^Task \d+: .*$", prompt, re.MULTILINE):
        durations.append(int(re.search(r"duration (\d+)", line).group(1)))
        after = re.search(r"starts after tasks? ([\d, ]+) finish", line)
        predecessors.append([int(t) - 1 for t in after.group(1).split(", ")] if after else [])
    workers = int(re.search(r"At most (\d+) tasks can be in progress", prompt).group(1))
    return durations, predecessors, workers


def least_makespan(durations, predecessors, workers):
    """Breadth-first search over unit time steps: a state is (tasks finished, running tasks with the time each
    still needs); at each step any set of ready tasks the free workers allow is started (or none)."""
    n = len(durations)
    layer = {(frozenset(), frozenset())}
    for time in itertools.count():
        if any(len(done) == n for done, _ in layer):
            return time
        following = set()
        for done, running in layer:
            busy = {task for task, _ in running}
            ready = [t for t in range(n) if t not in done and t not in busy and set(predecessors[t]) <= done]
            for k in range(min(len(ready), workers - len(running)) + 1):
                for started in itertools.combinations(ready, k):
                    now = set(running) | {(t, durations[t]) for t in started}
                    left = frozenset((t, r - 1) for t, r in now if r > 1)
                    following.add((done | {t for t, r in now if r == 1}, left))
        layer = following


def feasible(starts, durations, predecessors, workers):
    n = len(durations)
    return (
        all(starts[t] >= starts[p] + durations[p] for t in range(n) for p in predecessors[t])
        and all(sum(starts[o] <= starts[t] < starts[o] + durations[o] for o in range(n)) <= workers for t in range(n))
        and min(starts) >= 0
    )


def test_job_shop_optimum_matches_a_time_step_search_from_the_prompt():
    for difficulty, seeds in ((0, 4), (1, 4), (2, 4), (3, 3), (4, 3), (5, 2)):
        for seed in range(seeds):
            problem = env("job_shop_schedule").sample(difficulty, seed)
            durations, predecessors, workers = schedule_from_prompt(problem.prompt)
            starts = [int(s) for s in problem.answer.split()]
            assert feasible(starts, durations, predecessors, workers)
            best = least_makespan(durations, predecessors, workers)
            assert max(s + d for s, d in zip(starts, durations)) == best == problem.data["makespan"], (difficulty, seed)


def test_job_shop_large_schedules_are_feasible_and_meet_the_lower_bound():
    for difficulty in (10, 20, 30):
        problem = env("job_shop_schedule").sample(difficulty, 0)
        durations, predecessors, workers = schedule_from_prompt(problem.prompt)
        starts = [int(s) for s in problem.answer.split()]
        assert feasible(starts, durations, predecessors, workers)
        graph = nx.DiGraph()  # a task's duration on each arc out of it: the longest path is the longest chain
        graph.add_weighted_edges_from((p, t, durations[p]) for t, before in enumerate(predecessors) for p in before)
        graph.add_weighted_edges_from((t, "end", durations[t]) for t in range(len(durations)))
        chain = nx.dag_longest_path_length(graph, weight="weight")
        bound = max(chain, -(-sum(durations) // workers))
        # a makespan equal to the lower bound is optimal, whoever found it
        assert max(s + d for s, d in zip(starts, durations)) == bound == problem.data["makespan"]


def test_job_shop_accepts_any_optimal_schedule_and_rejects_the_rest():
    def slack_variant(problem):
        durations, predecessors, workers = schedule_from_prompt(problem.prompt)
        starts = [int(s) for s in problem.answer.split()]
        for t, shift in itertools.product(range(len(starts)), (1, -1)):
            other = list(starts)
            other[t] += shift
            end = max(s + d for s, d in zip(other, durations))
            if feasible(other, durations, predecessors, workers) and end == problem.data["makespan"]:
                return other
        return None

    problem = find("job_shop_schedule", lambda p: slack_variant(p) is not None, range(3, 8), range(10))
    other = slack_variant(problem)
    assert other != [int(s) for s in problem.answer.split()]
    assert_right(problem, " ".join(map(str, other)))
    assert_right(problem, ", ".join(f"T{t + 1}: {s}" for t, s in reversed(list(enumerate(other)))))
    durations, predecessors, workers = schedule_from_prompt(problem.prompt)
    starts = [int(s) for s in problem.answer.split()]
    last = max(range(len(starts)), key=lambda t: starts[t] + durations[t])
    late = list(starts)
    late[last] += 1
    assert_wrong(problem, " ".join(map(str, late)), "earliest possible")
    waiting = next(t for t in range(len(starts)) if predecessors[t])
    early = list(starts)
    early[waiting] = 0
    assert_wrong(problem, " ".join(map(str, early)), "before task")
    together = [0] * len(starts)  # no precedence broken only if there are none: every task at once
    verdict = score(problem, " ".join(map(str, together)))
    assert not verdict.correct
    assert_wrong(problem, " ".join(map(str, [*starts[:-1], -1])), "")
    for malformed in ("", " ".join(map(str, starts[:-1])), "0 0 x", "T1: 0, T1: 0", "1/2 0 0"):
        assert not score(problem, malformed).format_ok, malformed


def test_job_shop_too_many_tasks_at_once_is_named():
    problem = find("job_shop_schedule", lambda p: sum(not b for b in p.data["predecessors"]) > p.data["workers"])
    durations, predecessors, workers = schedule_from_prompt(problem.prompt)
    free = [t for t in range(len(durations)) if not predecessors[t]]
    starts = [int(s) for s in problem.answer.split()]
    for t in free:
        starts[t] = 0
    assert_wrong(problem, " ".join(map(str, starts)), "in progress")


# -- transition system -----------------------------------------------------------------------------------


def system_from_prompt(prompt):
    facts = dict(re.findall(r"^(s\d+): (.*)$", prompt, re.MULTILINE))
    labels = {s: set() if text == "none" else set(text.split(", ")) for s, text in facts.items()}
    arrows = []
    for action, text in re.findall(r"^([a-d]): (s\d+ -> .*)$", prompt, re.MULTILINE):
        arrows += [(a, b, action) for a, b in re.findall(r"(s\d+) -> (s\d+)", text)]
    start = re.search(r"You start in state (s\d+)\.", prompt).group(1)
    goal_text = re.search(r"end in a state where (.*?) holds", prompt).group(1)
    terms = [
        [(lit.split()[-1], not lit.startswith("not ")) for lit in term.strip("()").split(" and ")]
        for term in goal_text.split(" or ")
    ]
    via = re.search(r"passing through at least one state where (\w) is true", prompt)
    return labels, arrows, start, terms, via.group(1) if via else None


def product_graph(labels, arrows, start, terms, via):
    """Nodes (state, waypoint passed); an edge per action arrow (labelled with its actions); a sink after every
    goal node, so that one shortest path to the sink is one shortest plan."""
    graph = nx.DiGraph()

    def passes(state):
        return via is None or via in labels[state]

    for a, b, action in arrows:
        for flag in (False, True):
            head = (b, flag or passes(b))
            if graph.has_edge((a, flag), head):
                graph.edges[(a, flag), head]["actions"].add(action)
            else:
                graph.add_edge((a, flag), head, actions={action})
    holds = [
        s for s in labels if any(all((f in labels[s]) == value for f, value in term) for term in terms)
    ]
    for s in holds:
        graph.add_edge((s, True), "sink", actions=set())
    graph.add_node((start, passes(start)))
    return graph, (start, passes(start))


def plan_of(graph, path):
    return [sorted(graph.edges[u, v]["actions"])[0] for u, v in zip(path, path[1:-1])]


def longer_walk(graph, source, shortest):
    """A plan a few actions longer than the shortest that still ends at the goal (a walk may repeat states):
    layered reachability over exactly k actions, for the first k above the optimum that works."""
    layers = [{source}]
    for k in range(1, shortest + 6):
        layers.append({v for u in layers[-1] for v in graph.successors(u) if v != "sink"})
        ends = sorted(v for v in layers[k] if graph.has_edge(v, "sink"))
        if k > shortest and ends:
            path = [ends[0]]
            for i in range(k - 1, -1, -1):
                path.append(next(u for u in sorted(layers[i]) if graph.has_edge(u, path[-1])))
            return plan_of(graph, [*path[::-1], "sink"])
    return None


def test_transition_system_optimum_matches_networkx_from_the_prompt():
    seen_impossible = seen_possible = 0
    for difficulty in range(0, 31, 3):
        for seed in range(6):
            problem = env("transition_system_plan").sample(difficulty, seed)
            graph, source = product_graph(*system_from_prompt(problem.prompt))
            if "sink" in graph and nx.has_path(graph, source, "sink"):
                length = nx.shortest_path_length(graph, source, "sink") - 1
                assert len(problem.answer.split()) == length == problem.data["optimum"], (difficulty, seed)
                seen_possible += 1
            else:
                assert problem.answer == "impossible" and problem.data["optimum"] is None, (difficulty, seed)
                seen_impossible += 1
    assert seen_possible and seen_impossible


def test_transition_system_accepts_any_shortest_plan_and_rejects_the_rest():
    def plans_of(problem):
        graph, source = product_graph(*system_from_prompt(problem.prompt))
        if "sink" not in graph or not nx.has_path(graph, source, "sink"):
            return graph, source, []
        plans = set()
        for path in itertools.islice(nx.all_shortest_paths(graph, source, "sink"), 20):
            for choice in itertools.product(*(sorted(graph.edges[u, v]["actions"]) for u, v in zip(path, path[1:-1]))):
                plans.add(" ".join(choice))
        return graph, source, sorted(plans)

    def usable(problem):
        graph, source, plans = plans_of(problem)
        return len(plans) >= 2 and longer_walk(graph, source, problem.data["optimum"]) is not None

    problem = find("transition_system_plan", usable, range(6, 20), range(10))
    graph, source, plans = plans_of(problem)
    for plan in plans[:3]:
        assert_right(problem, plan)
    assert_right(problem, ", ".join(plans[-1].split()))
    assert_right(problem, " -> ".join(plans[-1].upper().split()))
    assert_wrong(problem, "impossible", "possible")
    assert_wrong(problem, " ".join(longer_walk(graph, source, problem.data["optimum"])), "fewest")
    labels, arrows, start, terms, via = system_from_prompt(problem.prompt)
    defined = {(a, action) for a, _, action in arrows}
    actions = re.search(r"The actions are ([a-d, ]+)\.", problem.prompt).group(1).split(", ")
    missing = next(action for action in actions if (start, action) not in defined)
    assert_wrong(problem, missing, "cannot be taken")
    for malformed in ("", "a b z", "go a", "ab"):
        assert not score(problem, malformed).format_ok, malformed


def test_transition_system_impossible_is_the_only_right_answer_when_no_plan_exists():
    problem = find("transition_system_plan", lambda p: p.answer == "impossible", range(5, 20))
    assert_right(problem, "Impossible.")
    labels, arrows, start, terms, via = system_from_prompt(problem.prompt)
    action = next(x for a, _, x in arrows if a == start)
    assert_wrong(problem, action, "")
