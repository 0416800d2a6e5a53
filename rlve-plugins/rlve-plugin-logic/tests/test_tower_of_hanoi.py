import itertools
import random
from collections import deque

import pytest

from rlve_plugin_logic.environments.tower_of_hanoi import PEGS, TowerOfHanoi, optimal_moves, plan, position_after, solve

ENV = TowerOfHanoi()


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


def _neighbours(state: tuple[int, ...]):
    tops: dict[int, int] = {}
    for disc in range(len(state), 0, -1):
        tops[state[disc - 1]] = disc
    for a, disc in tops.items():
        for b in range(3):
            if b != a and (b not in tops or tops[b] > disc):
                nxt = list(state)
                nxt[disc - 1] = b
                yield (a, b), tuple(nxt)


def _distances(goal: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        u = queue.popleft()
        for _, v in _neighbours(u):
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def test_optimum_matches_breadth_first_search() -> None:
    for n in range(1, 5):
        states = list(itertools.product(range(3), repeat=n))
        for goal in states:
            dist = _distances(goal)
            for start in states:
                assert optimal_moves(list(start), list(goal)) == dist[start]
                assert len(solve(list(start), list(goal))) == dist[start]


def _play(start: list[int], moves: list[tuple[int, int]]) -> list[int]:
    pos = list(start)
    for a, b in moves:
        disc = min(d for d in range(1, len(pos) + 1) if pos[d - 1] == a)
        pos[disc - 1] = b
    return pos


def test_position_after_follows_the_move_list() -> None:
    rng = random.Random(5)
    for n in range(1, 8):
        for _ in range(12):
            start, goal = [rng.randrange(3) for _ in range(n)], [rng.randrange(3) for _ in range(n)]
            moves = solve(start, goal)
            for m in range(len(moves) + 1):
                assert position_after(start, goal, m) == _play(start, moves[:m]), (start, goal, m)


def test_position_after_is_exact_for_huge_move_counts() -> None:
    n = 60
    start, goal = [0] * n, [2] * n
    m = (1 << 59) + (1 << 20) + 5
    pos = position_after(start, goal, m)
    assert optimal_moves(start, pos) == m and optimal_moves(pos, goal) == (1 << n) - 1 - m
    assert pos[n - 1] == 2  # the largest disc has made its single move half way through


@pytest.mark.parametrize("difficulty", range(31))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_correct(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    data = problem.data
    if data["ask"] == "moves":
        assert data["optimal"] == len(problem.answer.split(", "))
    else:
        assert data["discs"] > 8 and 1 <= int(data["after"]) < optimal_moves(data["start"], data["goal"])
        assert len(problem.answer.split()) == data["discs"] and str(int(data["after"])) in problem.prompt
    assert len(problem.answer) < ENV.max_answer_chars


def test_the_question_switches_to_positions_past_eight_discs_and_stays_short() -> None:
    asks = [plan(d)[1] for d in range(31)]
    assert asks[:6] == ["moves"] * 6 and set(asks[6:]) == {"position"}
    for d in (30, 100, 1000, 100_000):
        problem = ENV.sample(d, 1)
        assert ENV.score(problem, _tag(problem.answer)).correct
        assert len(problem.answer) < 1000 and len(problem.prompt) < 5000


def _distances_from(source: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    return _distances(source)  # the move graph is undirected


def test_every_position_on_some_shortest_way_is_accepted_and_no_other() -> None:
    """Against breadth-first search: exactly the positions P with d(start, P) = m and d(P, goal) = opt - m."""
    rng = random.Random(11)
    n = 4
    states = list(itertools.product(range(3), repeat=n))
    several = 0
    for _ in range(25):
        start, goal = rng.choice(states), rng.choice(states)
        from_start, from_goal = _distances_from(start), _distances_from(goal)
        opt = from_start[goal]
        for m in range(1, opt):
            data = {"discs": n, "start": list(start), "goal": list(goal), "ask": "position", "after": str(m)}
            valid = {p for p in states if from_start[p] == m and from_goal[p] == opt - m}
            accepted = {p for p in states if ENV.check(data, " ".join(PEGS[x] for x in p)).correct}
            assert accepted == valid
            several += len(valid) > 1
    assert several > 0


def test_positions_in_other_notations_and_wrong_positions() -> None:
    problem = next(p for s in range(20) if (p := ENV.sample(12, s)).data["ask"] == "position")
    data, letters = problem.data, problem.answer.split()
    assert ENV.score(problem, _tag("".join(letters).lower())).correct
    assert ENV.score(problem, _tag(", ".join(letters) + ".")).correct
    by_peg = {peg: [d for d in range(len(letters), 0, -1) if letters[d - 1] == peg] for peg in PEGS}
    listing = "; ".join(f"{peg}: {' '.join(map(str, on)) or 'empty'}" for peg, on in by_peg.items())
    assert ENV.score(problem, _tag(listing)).correct
    assert ENV.score(problem, _tag("\n".join(reversed(listing.split("; "))))).correct
    m = int(data["after"])
    # one move too far along a shortest way
    later = position_after(data["start"], data["goal"], m + 1)
    verdict = ENV.score(problem, _tag(" ".join(PEGS[p] for p in later)))
    assert not verdict.correct and f"not {m}" in verdict.reason
    # m moves from the start, but away from the goal: the start with the smallest disc moved
    for first in range(3):
        wrong = list(position_after(data["start"], data["goal"], m))
        wrong[0] = (wrong[0] + 1 + first) % 3
        text = " ".join(PEGS[p] for p in wrong)
        if text != problem.answer and not ENV.score(problem, _tag(text)).correct:
            break
    else:
        raise AssertionError("moving the smallest disc elsewhere kept the position valid")
    for malformed in (" ".join(letters[:-1]), problem.answer + " A", problem.answer.replace("A", "D"), "A: 1 1"):
        verdict = ENV.score(problem, _tag(malformed))
        assert not verdict.correct and not verdict.format_ok, malformed
    verdict = ENV.score(problem, _tag("AC, AB"))  # a move list where a position is asked
    assert not verdict.correct


def _descend(start: tuple[int, ...], goal: tuple[int, ...], dist: dict, pick: int) -> list[str]:
    moves, state = [], start
    while state != goal:
        move, state = [(m, v) for m, v in _neighbours(state) if dist[v] == dist[state] - 1][pick]
        moves.append(PEGS[move[0]] + PEGS[move[1]])
    return moves


def test_other_optimal_sequences_accepted() -> None:
    """Where two shortest sequences exist (the once/twice options tie), both score."""
    n = 3
    found = 0
    for goal in itertools.product(range(3), repeat=n):
        dist = _distances(goal)
        for start in itertools.product(range(3), repeat=n):
            first, last = _descend(start, goal, dist, 0), _descend(start, goal, dist, -1)
            if first != last:
                data = {"discs": n, "start": list(start), "goal": list(goal), "ask": "moves", "optimal": dist[start]}
                assert ENV.check(data, ", ".join(first)).correct
                assert ENV.check(data, " ".join(m[0] + "->" + m[1] for m in last)).correct
                found += 1
    assert found > 0
    problem = next(p for s in range(30) if (p := ENV.sample(4, s)).data["optimal"] > 30)
    goal = tuple(problem.data["goal"])
    moves = _descend(tuple(problem.data["start"]), goal, _distances(goal), -1)
    assert ENV.score(problem, _tag("; ".join(moves))).correct


def test_wrong_answers_rejected() -> None:
    data = {"discs": 3, "start": [0, 0, 0], "goal": [2, 2, 2], "ask": "moves", "optimal": 7}
    assert ENV.check(data, "AC, AB, CB, AC, BA, BC, AC").correct
    assert "more than the minimum" in ENV.check(data, "AC, AB, CB, AC, BA, BC, AC, CA, AC").reason
    assert "smaller disc" in ENV.check(data, "AC, AC").reason
    assert "empty peg" in ENV.check(data, "BC").reason
    assert "same peg" in ENV.check(data, "AA").reason
    assert "not in the goal" in ENV.check(data, "AC, AB, CB").reason
    assert not ENV.check(data, "AB, AC, BC, AB, CA, CB, AB").correct  # optimal length, but to peg B


@pytest.mark.parametrize("difficulty", [4, 20])
def test_malformed_moves_and_positions_score_nothing(difficulty: int) -> None:
    problem = ENV.sample(difficulty, 1)
    for text in [
        "A",
        problem.answer + " or AC",
        problem.answer + " " + problem.answer,
        "AC" * 9000,
        "A: " + "1 " * 5000,
        "A: 99999999999999",
    ]:
        verdict = ENV.score(problem, _tag(text))
        assert not verdict.correct
        assert "verifier error" not in verdict.reason
