"""Two-player games solved by search: the coin-row game (take an end coin) and token games on a directed acyclic
graph (Sprague-Grundy sums).

Every instance is rebuilt from its prompt text and solved here by a plain memoised game-tree search written for
these tests (a minimax over the remaining stretch of coins; a win/loss search over the tuple of token places),
independent of the environments' dynamic programme and Grundy arithmetic. Every optimal or winning answer is
accepted; near misses are not.
"""

from __future__ import annotations

import re
from functools import cache

from logic_test_helpers import assert_right, assert_wrong, env, find, score


def verdict(problem, answer):
    return env(problem.env.split("/")[1]).verify(problem, answer)


# -- coin row ------------------------------------------------------------------------------------------------


def coins_from_prompt(prompt: str) -> tuple[int, ...]:
    return tuple(int(v) for v in prompt.split("\n")[1].split())


def minimax_margins(coins: tuple[int, ...]) -> dict[str, int]:
    """Margin after each first move, by a plain minimax: players maximise their own total (the sum is fixed)."""

    @cache
    def own_total(i: int, j: int) -> int:  # the most the player to move collects from coins i..j
        if i > j:
            return 0
        rest = sum(coins[i : j + 1])
        return max(rest - own_total(i + 1, j), rest - own_total(i, j - 1))

    total = sum(coins)
    left = coins[0] + (total - coins[0] - own_total(1, len(coins) - 1)) - own_total(1, len(coins) - 1)
    right = coins[-1] + (total - coins[-1] - own_total(0, len(coins) - 2)) - own_total(0, len(coins) - 2)
    return {"left": left, "right": right}


def test_coin_row_prompts_solved_by_minimax_and_every_optimal_move_accepted():
    ties = 0
    for difficulty in (0, 1, 3, 7, 12, 20, 30):
        for seed in range(6):
            problem = env("coin_row_game").sample(difficulty, seed)
            coins = coins_from_prompt(problem.prompt)
            assert list(coins) == problem.data["coins"]
            assert len(coins) == 3 + difficulty
            margins = minimax_margins(coins)
            best = max(margins.values())
            assert problem.answer.startswith(f"{best}, ")
            for side, margin in margins.items():
                assert verdict(problem, f"{best}, {side}").correct == (margin == best)
            ties += margins["left"] == margins["right"]
            assert not verdict(problem, f"{best + 1}, left").correct
            assert not verdict(problem, f"{best - 1}, right").correct
    assert ties < 42  # mostly a real choice of first move


def test_coin_row_accepts_either_end_on_a_tie_and_refuses_the_worse_end():
    tie = find("coin_row_game", lambda p: p.data["margins"]["left"] == p.data["margins"]["right"])
    value = tie.data["margin"]
    assert_right(tie, f"{value}, left")
    assert_right(tie, f"margin = {value}; take the right coin")
    worse = find("coin_row_game", lambda p: p.data["margins"]["left"] != p.data["margins"]["right"])
    bad_side = min(worse.data["margins"], key=worse.data["margins"].get)
    good_side = "left" if bad_side == "right" else "right"
    assert_right(worse, f"{worse.data['margin']} {good_side}")
    assert_wrong(worse, f"{worse.data['margin']}, {bad_side}", "secures only")
    assert_wrong(worse, f"{worse.data['margin'] + 1}, {good_side}", "not the margin")


def test_coin_row_negative_margins_read_and_malformed_answers_refused():
    problem = env("coin_row_game").sample(5, 1)
    value = problem.data["margin"]
    assert score(problem, f"{-abs(value) - 1}, left").reward == 0
    for bad in ("", "left", f"{value}", f"{value}, middle", f"{value}, left, right", "9" * 40 + ", left"):
        assert not verdict(problem, bad).correct


# -- token games on a directed acyclic graph -----------------------------------------------------------------


def dag_from_prompt(prompt: str) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
    arcs = {}
    for node, out in re.findall(r"^position (\d+): (.*)$", prompt, re.M):
        arcs[int(node)] = () if out == "no moves" else tuple(int(t) for t in out.removeprefix("moves to ").split(", "))
    places = tuple(int(p) for p in re.findall(r"^token \d+: on position (\d+)$", prompt, re.M))
    return arcs, places


def brute_winning_moves(arcs, places) -> set[tuple[int, int]]:
    """Every (token from 1, target) after which the mover wins, by a plain win/loss search over token places."""

    @cache
    def mover_wins(state: tuple[int, ...]) -> bool:
        for i, place in enumerate(state):
            for target in arcs[place]:
                if not mover_wins(tuple(sorted(state[:i] + (target,) + state[i + 1 :]))):
                    return True
        return False

    moves = set()
    for i, place in enumerate(places):
        for target in arcs[place]:
            after = places[:i] + (target,) + places[i + 1 :]
            if not mover_wins(tuple(sorted(after))):
                moves.add((i + 1, target))
    return moves


def search_grundy(arcs) -> dict[int, int]:
    @cache
    def value(node: int) -> int:
        reach = {value(t) for t in arcs[node]}
        return next(v for v in range(len(reach) + 1) if v not in reach)

    return {node: value(node) for node in arcs}


def test_grundy_dag_prompts_solved_by_search_and_every_winning_move_accepted():
    lost = 0
    for difficulty in (0, 2, 5, 9, 14):
        for seed in range(5):
            problem = env("grundy_dag_game").sample(difficulty, seed)
            arcs, places = dag_from_prompt(problem.prompt)
            assert len(arcs) == 4 + difficulty and len(places) == 1 + difficulty // 5
            values = search_grundy(arcs)
            total = 0
            for place in places:
                total ^= values[place]
            assert problem.answer.startswith(f"{total}; ")
            winning = brute_winning_moves(arcs, places)  # the game tree agrees with the Sprague-Grundy theorem
            assert bool(winning) == (total != 0)
            if not winning:
                lost += 1
                assert problem.answer == "0; none"
                continue
            for i, place in enumerate(places):
                for target in arcs[place]:
                    assert verdict(problem, f"{total}; token {i + 1} to {target}").correct == (
                        (i + 1, target) in winning
                    )
            assert not verdict(problem, f"{total}; none").correct
            assert not verdict(problem, f"{total + 1}; token {min(winning)[0]} to {min(winning)[1]}").correct
    assert 0 < lost < 25


def test_grundy_dag_larger_prompts_match_the_search():
    for difficulty in (22, 30):
        for seed in range(3):
            problem = env("grundy_dag_game").sample(difficulty, seed)
            arcs, places = dag_from_prompt(problem.prompt)
            values = search_grundy(arcs)
            total = 0
            for place in places:
                total ^= values[place]
            assert problem.data["total"] == total
            assert_right(problem, problem.answer)


def test_grundy_dag_near_misses_refused():
    won = find("grundy_dag_game", lambda p: p.data["total"] != 0 and len(p.data["places"]) >= 2)
    arcs, places = dag_from_prompt(won.prompt)
    total = won.data["total"]
    assert_right(won, won.answer.replace("; ", ", move: "))
    assert_wrong(won, f"{total}; none", "winning move exists")
    unreachable = next(t for t in arcs if t not in arcs[places[0]])
    assert_wrong(won, f"{total}; token 1 to {unreachable}", "no arc")
    assert_wrong(won, f"{total}; token {len(places) + 1} to 1", "no token")
    lost = find(
        "grundy_dag_game", lambda p: p.data["total"] == 0 and any(p.data["arcs"][q - 1] for q in p.data["places"])
    )
    arcs, places = dag_from_prompt(lost.prompt)
    i = next(i for i, p in enumerate(places) if arcs[p])
    assert_right(lost, "0; none")
    assert_wrong(lost, f"0; token {i + 1} to {arcs[places[i]][0]}", "answer none")
    for bad in ("", "none", "3", "token 1 to 2", "1; token one to 2", "9" * 30 + "; none"):
        assert not verdict(lost, bad).correct


# -- Chomp ---------------------------------------------------------------------------------------------------


def chomp_cells_from_prompt(prompt: str) -> frozenset[tuple[int, int]]:
    rows = [(int(r), int(n), marks) for r, n, marks in re.findall(r"^row (\d+): (\d+) cells?  (#+)$", prompt, re.M)]
    assert all(len(marks) == n for _, n, marks in rows)
    return frozenset((r, c) for r, n, _ in rows for c in range(1, n + 1))


@cache
def chomp_mover_wins(cells: frozenset[tuple[int, int]]) -> bool:
    """Plain search over sets of remaining cells: a move to a lost position wins; biting (1, 1) never does."""
    return any(not chomp_mover_wins(chomp_after(cells, cell)) for cell in cells if cell != (1, 1))


def chomp_after(cells, cell):
    r, c = cell
    return frozenset((r2, c2) for r2, c2 in cells if r2 < r or c2 < c)


def test_chomp_prompts_solved_by_search_and_every_winning_bite_accepted():
    lost = 0
    for difficulty in (0, 1, 2, 4, 7, 10, 13, 16, 20):
        for seed in range(5):
            problem = env("chomp_small").sample(difficulty, seed)
            cells = chomp_cells_from_prompt(problem.prompt)
            assert 4 + difficulty - 3 <= len(cells) <= 4 + difficulty and len(cells) >= 2
            winning = {cell for cell in cells if cell != (1, 1) and not chomp_mover_wins(chomp_after(cells, cell))}
            assert bool(winning) == chomp_mover_wins(cells)
            if not winning:
                lost += 1
                assert problem.answer == "none"
            else:
                assert verdict(problem, "none").correct is False
            for r, c in cells:
                assert verdict(problem, f"({r}, {c})").correct == ((r, c) in winning)
    assert 0 < lost < 30


def test_chomp_answers_read_leniently_and_near_misses_refused():
    won = find("chomp_small", lambda p: p.answer != "none" and len(p.data["board"]) >= 3)
    r, c = (int(v) for v in re.findall(r"\d+", won.answer))
    assert_right(won, f"{r},{c}")
    assert_right(won, f"row {r}, column {c}")
    assert_wrong(won, "none", "winning move exists")
    assert_wrong(won, "(1, 1)", "poisoned")
    assert_wrong(won, f"({r}, {won.data['board'][r - 1] + 1})", "no cell")
    cells = chomp_cells_from_prompt(won.prompt)
    losing = next(cell for cell in sorted(cells) if cell != (1, 1) and chomp_mover_wins(chomp_after(cells, cell)))
    assert_wrong(won, f"({losing[0]}, {losing[1]})", "winning position")
    lost = find("chomp_small", lambda p: p.answer == "none")
    assert_right(lost, "None.")
    assert_wrong(lost, "(1, 2)", "lost")
    for bad in ("", "(1)", "(a, b)", "1 2 3", "(" + "9" * 30 + ", 1)", "yes"):
        assert not verdict(lost, bad).correct
