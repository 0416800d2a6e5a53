"""Ricochet robots, peg solitaire, keys and doors, 2x2 rotation puzzles, flood-it, Petri nets and subset
constructions.

Every instance is rebuilt from the prompt text alone and solved here independently: by breadth-first searches
written in this file with their own move rules (networkx shortest paths where the state graph is small enough to
build whole), and by a subset construction of its own for the NFAs. The reference answer must be valid and
optimal; other optimal plans are accepted; longer valid plans and illegal ones are rejected with a reason.
"""

from __future__ import annotations

import itertools
import re

import networkx as nx
from logic_test_helpers import assert_right, assert_wrong, env, find, score, shortest_plans

# -- a breadth-first search that keeps every shortest way ------------------------------------------------


def grid_block(prompt: str, symbols: str) -> list[list[str]]:
    """The first blank-line-separated block of the prompt made only of the given cell symbols and spaces."""
    block = next(b for b in prompt.split("\n\n") if set(b) <= set(symbols + " \n"))
    return [line.split() for line in block.splitlines()]


# -- ricochet robots -------------------------------------------------------------------------------------

RICOCHET_STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def ricochet_from_prompt(prompt):
    rows = grid_block(prompt, ".#*ABCD")
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    names = sorted(ch for ch in cells.values() if ch.isalpha())
    robots = tuple(next(rc for rc, ch in cells.items() if ch == name) for name in names)
    target = next(rc for rc, ch in cells.items() if ch == "*")
    return len(rows), {rc for rc, ch in cells.items() if ch == "#"}, names, robots, target


def ricochet_moves(side, blocks, names):
    def successors(robots):
        for k, name in enumerate(names):
            for direction, (dr, dc) in RICOCHET_STEP.items():
                r, c = robots[k]
                while True:
                    nr, nc = r + dr, c + dc
                    if not (0 <= nr < side and 0 <= nc < side) or (nr, nc) in blocks or (nr, nc) in robots:
                        break
                    r, c = nr, nc
                if (r, c) != robots[k]:
                    yield f"{name} {direction}", robots[:k] + ((r, c),) + robots[k + 1 :]

    return successors


def test_ricochet_optimum_matches_breadth_first_search_from_the_prompt():
    for difficulty, seeds in ((0, 4), (3, 3), (6, 3), (12, 2), (19, 2), (30, 2)):
        for seed in range(seeds):
            problem = env("ricochet_robots").sample(difficulty, seed)
            side, blocks, names, start, target = ricochet_from_prompt(problem.prompt)
            successors = ricochet_moves(side, blocks, names)
            optimum, _ = shortest_plans(start, successors, lambda s, t=target: s[0] == t, limit=1)
            assert optimum == problem.data["moves"] == len(problem.answer.split(",")), (difficulty, seed)
            state = start
            for move in problem.answer.split(","):  # the reference replays legally onto the target
                state = dict(successors(state))[move.strip()]
            assert state[0] == target


def test_ricochet_small_boards_agree_with_networkx_on_the_whole_state_graph():
    for seed in range(3):
        problem = env("ricochet_robots").sample(1, seed)  # two robots on a 5x5 board: a few hundred positions
        side, blocks, names, start, target = ricochet_from_prompt(problem.prompt)
        successors = ricochet_moves(side, blocks, names)
        graph, stack = nx.DiGraph(), [start]
        graph.add_node(start)
        while stack:
            state = stack.pop()
            for _, nxt in successors(state):
                if nxt not in graph:
                    stack.append(nxt)
                graph.add_edge(state, nxt)
        lengths = nx.single_source_shortest_path_length(graph, start)
        assert min(n for s, n in lengths.items() if s[0] == target) == problem.data["moves"]


def test_ricochet_accepts_every_shortest_plan_and_rejects_the_rest():
    def plans(problem):
        side, blocks, names, start, target = ricochet_from_prompt(problem.prompt)
        return shortest_plans(start, ricochet_moves(side, blocks, names), lambda s: s[0] == target)[1]

    problem = find("ricochet_robots", lambda p: len(plans(p)) == 2, range(2, 12), range(10))
    first, second = plans(problem)
    assert first != second
    assert_right(problem, ", ".join(first))
    assert_right(problem, "; ".join(second).lower())
    assert_right(problem, ", ".join(move.replace(" ", "") for move in second))
    side, blocks, names, start, target = ricochet_from_prompt(problem.prompt)
    successors = ricochet_moves(side, blocks, names)
    # a detour: one extra legal move of another robot and back is still valid, but longer
    state = start
    for move in first:
        state = dict(successors(state))[move]
    assert_wrong(problem, ", ".join(first[:-1]))  # one move short of the target
    moves_of = [m for m, _ in successors(start)]
    stuck = [f"{n} {d}" for n in names for d in "UDLR" if f"{n} {d}" not in moves_of]
    if stuck:
        assert "cannot move" in score(problem, ", ".join([stuck[0], *first])).reason
    longer = next(
        [m, *plan]
        for m, nxt in successors(start)
        for plan in [shortest_plans(nxt, successors, lambda s: s[0] == target, limit=1)[1]]
        if plan and len(plan[0]) == len(first)
    )
    assert "fewest possible" in score(problem, ", ".join([longer[0], *longer[1]])).reason
    for bad in ("", "A", "A X", "E U", "A U B", "A up up", "A U, " * 40):
        assert_wrong(problem, bad)


# -- peg solitaire ---------------------------------------------------------------------------------------


def pegs_from_prompt(prompt):
    block = next(b for b in prompt.split("\n\n") if b.lstrip().startswith("a b"))
    header, *lines = block.splitlines()
    letters = header.split()
    pegs = frozenset(
        (int(line.split()[0]), letters[k]) for line in lines for k, ch in enumerate(line.split()[1:]) if ch == "o"
    )
    return len(lines), letters, pegs


def peg_jumps(rows, letters):
    def successors(pegs):
        for row, letter in sorted(pegs):
            col = letters.index(letter)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                r2, c2 = row + 2 * dr, col + 2 * dc
                if 1 <= r2 <= rows and 0 <= c2 < len(letters):
                    over, to = (row + dr, letters[col + dc]), (r2, letters[c2])
                    if over in pegs and to not in pegs:
                        yield f"{letter}{row}-{to[1]}{to[0]}", pegs - {(row, letter), over} | {to}

    return successors


def peg_solutions(pegs, successors, limit):
    """Up to ``limit`` solutions (jump lists) by depth-first search, remembering positions that lead nowhere."""
    dead, found = set(), []

    def search(state, path):
        if len(state) == 1:
            found.append(list(path))
            return
        if state in dead:
            return
        before = len(found)
        for move, nxt in successors(state):
            search(nxt, [*path, move])
            if len(found) >= limit:
                return
        if len(found) == before:
            dead.add(state)

    search(pegs, [])
    return found


def test_peg_solitaire_starts_are_solvable_and_the_reference_replays():
    for difficulty, seeds in ((0, 3), (4, 3), (9, 3), (14, 2), (30, 2), (10**6, 1)):
        for seed in range(seeds):
            problem = env("peg_solitaire").sample(difficulty, seed)
            rows, letters, pegs = pegs_from_prompt(problem.prompt)
            successors = peg_jumps(rows, letters)
            state = pegs
            for move in problem.answer.split(","):
                state = dict(successors(state))[move.strip()]
            assert len(state) == 1
            if len(pegs) <= 14:  # an independent search finds a solution too
                assert peg_solutions(pegs, successors, 1), (difficulty, seed)


def test_peg_solitaire_accepts_any_solution_and_rejects_broken_ones():
    problem = env("peg_solitaire").sample(8, 2)
    rows, letters, pegs = pegs_from_prompt(problem.prompt)
    successors = peg_jumps(rows, letters)
    solutions = peg_solutions(pegs, successors, 40)
    reference = [m.strip() for m in problem.answer.split(",")]
    others = [s for s in solutions if s != reference]
    assert others, "the test wants a second solution"
    for other in others[:5]:
        assert_right(problem, ", ".join(other))
    assert_right(problem, "; ".join(m.upper().replace("-", " to ") for m in others[0]))
    assert_right(problem, "\n".join(m.replace("-", " ") for m in others[0]))
    assert "pegs are left" in score(problem, ", ".join(reference[:-1])).reason
    # a jump over an empty hole, into an occupied one, diagonally, off the board, from an empty hole
    empty = next((r, letter) for r in range(1, rows + 1) for letter in letters if (r, letter) not in pegs)
    first_from, first_to = reference[0].split("-")
    assert_wrong(problem, f"{first_to}-{first_from}, " + ", ".join(reference[1:]))
    assert_wrong(problem, f"{empty[1]}{empty[0]}-{first_to}")
    assert_wrong(problem, "a1-c3")
    assert_wrong(problem, "a1-a99")
    bad_over = next(
        f"{letter}{row}-{letter}{row + 2}"
        for row, letter in sorted(pegs)
        if row + 2 <= rows and (row + 1, letter) not in pegs and (row + 2, letter) not in pegs
    )
    assert "to jump over" in score(problem, bad_over).reason
    for bad in ("", "a1", "a1-", "11-13", "a1-a3-a5", ", ".join(reference * 3)):
        assert_wrong(problem, bad)


# -- keys and doors --------------------------------------------------------------------------------------

STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def maze_from_prompt(prompt):
    rows = next(b for b in prompt.split("\n\n") if set(b) <= set("#.@*abcdABCD\n")).splitlines()
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    start = next(rc for rc, ch in cells.items() if ch == "@")
    goal = next(rc for rc, ch in cells.items() if ch == "*")
    return cells, start, goal


def maze_moves(cells, locked=True):
    def successors(state):
        (r, c), keys = state
        for name, (dr, dc) in STEP.items():
            nxt = (r + dr, c + dc)
            ch = cells[nxt]
            if ch == "#" or (locked and ch.isupper() and ch.lower() not in keys):
                continue
            yield name, (nxt, keys | {ch} if ch.islower() else keys)

    return successors


def maze_graph(cells, start):
    """The whole state graph (square, keys held) reachable from the start, as a networkx digraph."""
    successors = maze_moves(cells)
    first = (start, frozenset())
    graph, stack = nx.DiGraph(), [first]
    graph.add_node(first)
    while stack:
        state = stack.pop()
        for _, nxt in successors(state):
            if nxt not in graph:
                stack.append(nxt)
            graph.add_edge(state, nxt)
    return graph, first


def test_keys_and_doors_optimum_matches_networkx_on_the_state_graph():
    for difficulty, seeds in ((0, 3), (5, 3), (12, 2), (15, 2), (30, 2), (10**5, 1)):
        for seed in range(seeds):
            problem = env("keys_and_doors").sample(difficulty, seed)
            cells, start, goal = maze_from_prompt(problem.prompt)
            graph, first = maze_graph(cells, start)
            lengths = nx.single_source_shortest_path_length(graph, first)
            optimum = min(n for (square, _), n in lengths.items() if square == goal)
            assert optimum == problem.data["moves"] == len(problem.answer), (difficulty, seed)
            free, _ = shortest_plans(first, maze_moves(cells, locked=False), lambda s, g=goal: s[0] == g, limit=1)
            assert free < optimum  # the doors really are in the way
            state = first
            for move in problem.answer:
                state = dict(maze_moves(cells)(state))[move]
            assert state[0] == goal


def test_keys_and_doors_accepts_every_shortest_walk_and_rejects_the_rest():
    def plans(problem):
        cells, start, goal = maze_from_prompt(problem.prompt)
        return shortest_plans((start, frozenset()), maze_moves(cells), lambda s: s[0] == goal)[1]

    problem = find("keys_and_doors", lambda p: len(plans(p)) == 2, range(3, 20), range(10))
    first, second = ("".join(plan) for plan in plans(problem))
    assert first != second
    assert_right(problem, first)
    assert_right(problem, " ".join(second.lower()))
    assert_right(problem, ", ".join(second))
    cells, start, goal = maze_from_prompt(problem.prompt)
    _, unlocked = shortest_plans((start, frozenset()), maze_moves(cells, locked=False), lambda s: s[0] == goal)
    assert "without its key" in score(problem, "".join(unlocked[0])).reason  # the shortcut through a locked door
    into_wall = next(m for m in "UDLR" if cells[start[0] + STEP[m][0], start[1] + STEP[m][1]] == "#")
    assert "wall" in score(problem, into_wall).reason
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    assert "fewest possible" in score(problem, first[0] + back[first[0]] + first).reason
    assert_wrong(problem, first[:-1])
    for bad in ("", "X", "U2", first + "Q", "R" * 500):
        assert_wrong(problem, bad)


# -- rotation puzzle -------------------------------------------------------------------------------------


def rotation_from_prompt(prompt):
    rows = [tuple(map(int, line.split())) for line in prompt.split("\n\n")[1].splitlines()]
    return len(rows), len(rows[0]), tuple(v for row in rows for v in row)


def rotation_moves(rows, cols):
    def successors(tiles):
        for r in range(rows - 1):
            for c in range(cols - 1):
                grid = [list(tiles[i * cols : (i + 1) * cols]) for i in range(rows)]
                a, b, d, e = grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1]
                # clockwise: the top-left tile goes right, the top-right down, and so on
                grid[r][c], grid[r][c + 1], grid[r + 1][c + 1], grid[r + 1][c] = d, a, b, e
                yield f"({r + 1},{c + 1})", tuple(v for row in grid for v in row)

    return successors


def test_rotation_optimum_matches_breadth_first_search_from_the_prompt():
    for difficulty, seeds in ((0, 2), (3, 3), (4, 2), (9, 2), (30, 2), (45, 1)):
        for seed in range(seeds):
            problem = env("rotation_puzzle").sample(difficulty, seed)
            rows, cols, tiles = rotation_from_prompt(problem.prompt)
            goal = tuple(range(1, rows * cols + 1))
            successors = rotation_moves(rows, cols)
            optimum, _ = shortest_plans(tiles, successors, lambda s, g=goal: s == g, limit=1)
            assert optimum == problem.data["moves"] == problem.answer.count("("), (difficulty, seed)
            for move in problem.answer.split(", "):
                tiles = dict(successors(tiles))[move]
            assert tiles == goal


def test_rotation_small_grid_agrees_with_networkx():
    problem = env("rotation_puzzle").sample(3, 1)
    rows, cols, tiles = rotation_from_prompt(problem.prompt)
    graph = nx.DiGraph((state, nxt) for state in [tiles] for _, nxt in rotation_moves(rows, cols)(state))
    stack = list(graph)
    while stack:  # the 2x3 puzzle: the whole reachable graph is small
        state = stack.pop()
        for _, nxt in rotation_moves(rows, cols)(state):
            if nxt not in graph:
                stack.append(nxt)
            graph.add_edge(state, nxt)
    assert nx.shortest_path_length(graph, tiles, tuple(range(1, 7))) == problem.data["moves"]


def test_rotation_accepts_every_shortest_solution_and_rejects_the_rest():
    def plans(problem):
        rows, cols, tiles = rotation_from_prompt(problem.prompt)
        return shortest_plans(tiles, rotation_moves(rows, cols), lambda s: s == tuple(sorted(s)))[1]

    problem = find("rotation_puzzle", lambda p: len(plans(p)) == 2, range(2, 12), range(10))
    first, second = plans(problem)
    assert first != second
    assert_right(problem, ", ".join(first))
    assert_right(problem, " ".join(second))
    assert_right(problem, "; ".join(m.strip("()").replace(",", " ") for m in second))
    assert_right(problem, ", ".join(m.strip("()").replace(",", "-") for m in second))
    rows, cols, _ = rotation_from_prompt(problem.prompt)
    assert "not in order" in score(problem, ", ".join(first[:-1])).reason
    # four turns of one block change nothing: valid, but longer
    assert "fewest possible" in score(problem, ", ".join(["(1,1)"] * 4 + first)).reason
    assert "no 2x2 block" in score(problem, ", ".join([f"({rows},1)", *first])).reason
    for bad in ("", "(1)", "(1,2,3)", "(a,b)", "(1,999)", "(1,1) " * 300, "1"):
        assert_wrong(problem, bad)


# -- resource-constrained schedule -----------------------------------------------------------------------

TASK_LINE = re.compile(
    r"Task (\d+): duration (\d+), needs (\d+) crew members?(?:, starts after tasks? ([\d, ]+) finish)?"
)


def schedule_from_prompt(prompt):
    crew = int(re.search(r"with a crew of (\d+) people", prompt).group(1))
    tasks = [TASK_LINE.match(line) for line in prompt.splitlines() if line.startswith("Task ")]
    durations = [int(m.group(2)) for m in tasks]
    crews = [int(m.group(3)) for m in tasks]
    before = [[int(x) - 1 for x in m.group(4).split(", ")] if m.group(4) else [] for m in tasks]
    return durations, crews, before, crew


def schedule_problems(durations, crews, before, crew, starts):
    """What is wrong with the start times, checked unit of time by unit of time (empty when nothing is)."""
    problems = [f"{t} before {p}" for t, ps in enumerate(before) for p in ps if starts[t] < starts[p] + durations[p]]
    for moment in range(max(s + d for s, d in zip(starts, durations))):
        busy = sum(c for s, d, c in zip(starts, durations, crews) if s <= moment < s + d)
        if busy > crew:
            problems.append(f"{busy} busy at {moment}")
    return problems


def all_serial_schedules(durations, crews, before, crew):
    """Every schedule the serial scheme builds, over every order that respects the precedences (brute force)."""
    n = len(durations)
    for order in itertools.permutations(range(n)):
        position = {t: k for k, t in enumerate(order)}
        if any(position[p] > position[t] for t in range(n) for p in before[t]):
            continue
        starts = [0] * n
        for task in order:
            t = max((starts[p] + durations[p] for p in before[task]), default=0)
            placed = [(starts[o], durations[o], crews[o]) for o in order[: position[task]]]
            def fits(t, task=task, placed=placed):
                return all(
                    sum(c for s, d, c in placed if s <= u < s + d) + crews[task] <= crew
                    for u in range(t, t + durations[task])
                )

            while not fits(t):
                t += 1
            starts[task] = t
        yield starts


def test_schedule_optimum_matches_brute_force_from_the_prompt():
    for difficulty in range(0, 11):
        for seed in range(2):
            problem = env("resource_constrained_schedule").sample(difficulty, seed)
            durations, crews, before, crew = schedule_from_prompt(problem.prompt)
            best = min(max(s + d for s, d in zip(starts, durations)) for starts in
                       all_serial_schedules(durations, crews, before, crew))
            reference = list(map(int, problem.answer.split()))
            assert not schedule_problems(durations, crews, before, crew, reference)
            assert max(s + d for s, d in zip(reference, durations)) == best == problem.data["makespan"]


def test_schedule_planted_optimum_meets_the_crew_time_bound():
    for difficulty, seed in ((13, 0), (20, 1), (30, 2), (10**4, 0)):  # 8 tasks or more: planted
        problem = env("resource_constrained_schedule").sample(difficulty, seed)
        durations, crews, before, crew = schedule_from_prompt(problem.prompt)
        reference = list(map(int, problem.answer.split()))
        assert not schedule_problems(durations, crews, before, crew, reference)
        bound = -(-sum(d * c for d, c in zip(durations, crews)) // crew)  # nothing can finish sooner
        assert max(s + d for s, d in zip(reference, durations)) == bound == problem.data["makespan"]


def test_schedule_accepts_every_optimal_schedule_and_rejects_the_rest():
    def optimal_others(problem):
        durations, crews, before, crew = schedule_from_prompt(problem.prompt)
        schedules = {tuple(s) for s in all_serial_schedules(durations, crews, before, crew)}
        optimal = [s for s in schedules if max(a + d for a, d in zip(s, durations)) == problem.data["makespan"]]
        return schedules, [s for s in optimal if s != tuple(map(int, problem.answer.split()))]

    problem = find("resource_constrained_schedule", lambda p: optimal_others(p)[1], range(4, 11), range(6))
    durations, crews, before, crew = schedule_from_prompt(problem.prompt)
    best = problem.data["makespan"]
    schedules, others = optimal_others(problem)
    reference = tuple(map(int, problem.answer.split()))
    assert_right(problem, " ".join(map(str, others[0])))
    assert_right(problem, ", ".join(f"task {t + 1}: {s}" for t, s in reversed(list(enumerate(others[-1])))))
    slower = min((s for s in schedules if max(a + d for a, d in zip(s, durations)) > best),
                 key=lambda s: max(a + d for a, d in zip(s, durations)))
    assert "earliest possible" in score(problem, " ".join(map(str, slower))).reason
    # everything at time 0 breaks a precedence or the crew limit
    assert_wrong(problem, " ".join("0" * len(durations)))
    late = list(reference)
    task = next(t for t, ps in enumerate(before) if ps)
    late[task] = reference[before[task][0]]  # starts with its predecessor
    assert_wrong(problem, " ".join(map(str, late)))
    for bad in ("", " ".join(map(str, reference[:-1])), " ".join(map(str, reference)) + " 0", "-1 " * len(reference),
                "1: 0", "a b c", "9" * 40):
        assert_wrong(problem, bad)


# -- flood-it --------------------------------------------------------------------------------------------


def flood_from_prompt(prompt):
    rows = [tuple(map(int, line.split())) for line in prompt.split("\n\n")[1].splitlines()]
    count = int(re.search(r"colours 1 to (\d+)", prompt).group(1))
    return tuple(rows), count


def flood_moves(count):
    def successors(grid):
        rows, cols = len(grid), len(grid[0])
        own = grid[0][0]
        region, stack = {(0, 0)}, [(0, 0)]
        while stack:  # the squares connected to the corner through its colour
            r, c = stack.pop()
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in region and grid[nr][nc] == own:
                    region.add((nr, nc))
                    stack.append((nr, nc))
        for colour in range(1, count + 1):
            if colour != own:
                yield str(colour), tuple(
                    tuple(colour if (r, c) in region else grid[r][c] for c in range(cols)) for r in range(rows)
                )

    return successors


def one_colour(grid):
    return len({v for row in grid for v in row}) == 1


def test_flood_it_optimum_matches_breadth_first_search_from_the_prompt():
    for difficulty, seeds in ((0, 3), (3, 3), (6, 3), (11, 2), (17, 1), (22, 1)):
        for seed in range(seeds):
            problem = env("flood_it").sample(difficulty, seed)
            grid, count = flood_from_prompt(problem.prompt)
            optimum, _ = shortest_plans(grid, flood_moves(count), one_colour, limit=1)
            assert optimum == problem.data["moves"] == len(problem.answer.split()), (difficulty, seed)
            for move in problem.answer.split():
                grid = dict(flood_moves(count)(grid))[move]
            assert one_colour(grid)


def test_flood_it_accepts_every_shortest_solution_and_rejects_the_rest():
    def plans(problem):
        grid, count = flood_from_prompt(problem.prompt)
        return shortest_plans(grid, flood_moves(count), one_colour)[1]

    problem = find("flood_it", lambda p: len(plans(p)) == 2, range(3, 12), range(10))
    first, second = plans(problem)
    assert first != second
    assert_right(problem, " ".join(first))
    assert_right(problem, ", ".join(second))
    assert_right(problem, "[" + ", ".join(second) + "]")
    grid, count = flood_from_prompt(problem.prompt)
    assert "not one colour" in score(problem, " ".join(first[:-1])).reason
    # picking the region's own colour first is allowed but wastes a move
    assert "fewest possible" in score(problem, " ".join([str(grid[0][0]), *first])).reason
    assert "no colour" in score(problem, " ".join([*first, str(count + 1)])).reason
    for bad in ("", "red", "1.5", "0", " ".join(first) + " x", "1 " * 200):
        assert_wrong(problem, bad)


# -- Petri net reachability ------------------------------------------------------------------------------

ARC = re.compile(r"(\d+) tokens? (?:from|into) p(\d+)")


def petri_from_prompt(prompt):
    places = len(re.search(r"has places ([p\d, ]+) and", prompt).group(1).split(", "))
    transitions = []
    for line in prompt.splitlines():
        match = re.match(r"t(\d+): takes (.*); puts (.*)$", line)
        if match:
            vectors = []
            for side in (match.group(2), match.group(3)):
                vector = [0] * places
                for n, p in ARC.findall(side):
                    vector[int(p) - 1] += int(n)
                vectors.append(vector)
            transitions.append(vectors)
    start = tuple(map(int, re.search(r"Initial marking \([^)]*\): ([\d ]+)", prompt).group(1).split()))
    target = tuple(map(int, re.search(r"Target marking \([^)]*\): ([\d ]+)", prompt).group(1).split()))
    return transitions, start, target


def petri_moves(transitions):
    def successors(marking):
        for k, (taken, added) in enumerate(transitions):
            if all(have >= need for have, need in zip(marking, taken)):
                yield f"t{k + 1}", tuple(h - t + a for h, t, a in zip(marking, taken, added))

    return successors


def petri_graph(transitions, start):
    graph, stack = nx.DiGraph(), [start]
    graph.add_node(start)
    while stack:
        marking = stack.pop()
        for _, nxt in petri_moves(transitions)(marking):
            if nxt not in graph:
                stack.append(nxt)
            graph.add_edge(marking, nxt)
    return graph


def test_petri_net_answer_matches_networkx_on_the_reachability_graph():
    kinds = set()
    for difficulty in (0, 2, 5, 9, 14, 20, 30, 10**7):
        for seed in range(4):
            problem = env("petri_net_reachability").sample(difficulty, seed)
            transitions, start, target = petri_from_prompt(problem.prompt)
            graph = petri_graph(transitions, start)
            assert len(graph) < 2000  # bounded, as the prompt says
            if target in graph:
                optimum = nx.shortest_path_length(graph, start, target)
                assert optimum == problem.data["moves"] == len(problem.answer.split()), (difficulty, seed)
                marking = start
                for move in problem.answer.split():
                    marking = dict(petri_moves(transitions)(marking))[move]
                assert marking == target
                kinds.add("reachable")
            else:
                assert problem.answer == "unreachable" and problem.data["moves"] is None
                kinds.add("unreachable")
    assert kinds == {"reachable", "unreachable"}


def longer_firing(problem, optimum):
    """A valid firing sequence to the target longer than the optimum (a simple path of the reachability graph)."""
    transitions, start, target = petri_from_prompt(problem.prompt)
    graph = petri_graph(transitions, start)
    if target not in graph:
        return None
    paths = nx.all_simple_paths(graph, start, target, cutoff=optimum + 4)
    path = next((p for p in paths if len(p) > optimum + 1), None)
    if path is None:
        return None
    return [next(m for m, nxt in petri_moves(transitions)(a) if nxt == b) for a, b in zip(path, path[1:])]


def test_petri_net_accepts_every_shortest_sequence_and_rejects_the_rest():
    def plans(problem):
        transitions, start, target = petri_from_prompt(problem.prompt)
        return shortest_plans(start, petri_moves(transitions), lambda m: m == target)[1]

    problem = find(
        "petri_net_reachability", lambda p: len(plans(p)) == 2 and longer_firing(p, len(plans(p)[0])), range(4, 16)
    )
    first, second = plans(problem)
    assert first != second
    assert_right(problem, " ".join(first))
    assert_right(problem, ", ".join(second))
    assert_right(problem, " ".join(m[1:] for m in second).upper())
    transitions, start, target = petri_from_prompt(problem.prompt)
    assert "not the target" in score(problem, " ".join(first[:-1]) or "t1").reason or len(first) == 1
    assert "reachable" in score(problem, "unreachable").reason
    enabled = dict(petri_moves(transitions)(start))
    disabled = next(m for m in (f"t{k + 1}" for k in range(len(transitions))) if m not in enabled)
    assert "not enabled" in score(problem, " ".join([disabled, *first])).reason
    assert "no transition" in score(problem, f"t{len(transitions) + 1}").reason
    for bad in ("", "t", "tx", "t1 or t2", "t1.5", "t1 " * 100):
        assert_wrong(problem, bad)
    assert "fewest possible" in score(problem, " ".join(longer_firing(problem, len(first)))).reason


def test_petri_net_unreachable_targets_accept_only_the_word():
    problem = find("petri_net_reachability", lambda p: p.answer == "unreachable", range(3, 20), range(20))
    for word in ("unreachable", "Unreachable.", "impossible", "none"):
        assert_right(problem, word)
    for bad in ("t1", "t1 t2", "reachable", ""):
        assert_wrong(problem, bad)


# -- subset construction ---------------------------------------------------------------------------------


def nfa_from_prompt(prompt):
    block = next(b for b in prompt.split("\n\n") if b.startswith("state"))
    header, *lines = block.splitlines()
    columns = [c.strip() for c in header.split("|")][1:]
    moves = {}
    for line in lines:
        cells = [c.strip() for c in line.split("|")]
        for column, cell in zip(columns, cells[1:]):
            inside = cell.strip("{}")
            moves[int(cells[0]), column[3:]] = {int(x) for x in inside.split(",")} if inside else set()
    return [c[3:] for c in columns if c != "on ε"], moves, "on ε" in columns


def subsets_reached(letters, moves, with_empty):
    def closure(states):
        states, stack = set(states), list(states)
        while with_empty and stack:
            for target in moves[stack.pop(), "ε"]:
                if target not in states:
                    states.add(target)
                    stack.append(target)
        return frozenset(states)

    start = closure({0})
    seen, todo = {start}, [start]
    while todo:
        subset = todo.pop()
        for letter in letters:
            nxt = closure(set().union(*(moves[q, letter] for q in subset)) if subset else set())
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_subset_construction_count_matches_an_independent_construction():
    kinds = set()
    for difficulty in (0, 1, 3, 7, 12, 18, 25, 30, 10**8):
        for seed in range(4):
            problem = env("nfa_subset_construction").sample(difficulty, seed)
            letters, moves, with_empty = nfa_from_prompt(problem.prompt)
            reached = subsets_reached(letters, moves, with_empty)
            assert len(reached) == int(problem.answer), (difficulty, seed)
            kinds.add((with_empty, frozenset() in reached))
    assert {k[0] for k in kinds} == {True, False} and {k[1] for k in kinds} == {True, False}


def test_subset_construction_reads_the_count_and_rejects_near_misses():
    problem = find("nfa_subset_construction", lambda p: int(p.answer) > 5, range(3, 10), range(5))
    count = int(problem.answer)
    for good in (str(count), f"{count} states", f"answer: {count}", f" {count}. "):
        assert_right(problem, good)
    for bad in (str(count - 1), str(count + 1), f"{count} or {count + 1}", "", "many", "9" * 50, f"0{count}"):
        assert_wrong(problem, bad)
