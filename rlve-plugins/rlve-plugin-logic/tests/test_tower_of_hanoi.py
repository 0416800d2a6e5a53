import itertools
from collections import deque

import pytest

from rlve import Problem
from rlve.testing import EnvironmentConformance
from rlve_plugin_logic.tower_of_hanoi import PEGS, TowerOfHanoi, optimal_moves, solve

ENV = TowerOfHanoi()


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


class TestConformance(EnvironmentConformance):
    environments = [TowerOfHanoi]


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


@pytest.mark.parametrize("difficulty", range(31))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_correct(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    assert problem.data["optimal"] == len(problem.answer.split(", "))
    assert len(problem.answer) < 20_000


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
                data = {"discs": n, "start": list(start), "goal": list(goal), "optimal": dist[start]}
                assert ENV.check(data, ", ".join(first)).correct
                assert ENV.check(data, " ".join(m[0] + "->" + m[1] for m in last)).correct
                found += 1
    assert found > 0
    problem = ENV.sample(14, 3)
    goal = tuple(problem.data["goal"])
    moves = _descend(tuple(problem.data["start"]), goal, _distances(goal), -1)
    assert ENV.score(problem, _tag("; ".join(moves))).correct


def test_wrong_answers_rejected() -> None:
    data = {"discs": 3, "start": [0, 0, 0], "goal": [2, 2, 2], "optimal": 7}
    assert ENV.check(data, "AC, AB, CB, AC, BA, BC, AC").correct
    assert "more than the minimum" in ENV.check(data, "AC, AB, CB, AC, BA, BC, AC, CA, AC").reason
    assert "smaller disc" in ENV.check(data, "AC, AC").reason
    assert "empty peg" in ENV.check(data, "BC").reason
    assert "same peg" in ENV.check(data, "AA").reason
    assert "not in the goal" in ENV.check(data, "AC, AB, CB").reason
    assert not ENV.check(data, "AB, AC, BC, AB, CA, CB, AB").correct  # optimal length, but to peg B


def test_hostile() -> None:
    problem = ENV.sample(20, 1)
    for text in [
        "AB" * 1_000_000,
        "\x00\xff" * 40,
        "9**9**9",
        "10^10^10",
        "A",
        problem.prompt,
        "nan",
        "inf",
        problem.answer + " or AC",
        "[[[[AC]]]]",
        "import os",
        "AC" * 9000,
    ]:
        verdict = ENV.score(problem, _tag(text))
        assert not verdict.correct
        assert "verifier error" not in verdict.reason


def test_determinism_json_size() -> None:
    for d in (0, 9, 30):
        a = ENV.sample(d, 5)
        assert a == ENV.sample(d, 5)
        assert Problem.model_validate_json(a.model_dump_json()) == a
    sizes = [ENV.sample(d, 0).size for d in range(31)]
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]
