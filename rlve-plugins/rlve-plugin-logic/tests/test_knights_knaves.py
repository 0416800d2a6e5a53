import random

import pytest

import rlve_plugin_logic.environments.knights_knaves as kk
from rlve.testing import cpu_timer
from rlve_plugin_logic.environments.knights_knaves import (
    Consistency,
    KnightsKnaves,
    SearchLimit,
    _atom_tables,
    holds,
    plan,
    random_formula,
    read_roles,
    table_of,
)

ENV = KnightsKnaves()


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


def _consistent_count(n: int, statements: list) -> int:
    """Role assignments consistent with every statement, by brute force over all 2^n at once (bitset tables)."""
    tables = _atom_tables(n)
    full = (1 << (1 << n)) - 1
    alive = full
    for speaker, formula in statements:
        alive &= full ^ (tables[speaker] ^ table_of(formula, tables, full))
    return alive.bit_count()


@pytest.mark.parametrize("difficulty", list(range(0, 31, 3)))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_correct_and_unique(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    names, statements = problem.data["names"], problem.data["statements"]
    n = len(names)
    hidden = [role == "knight" for role in problem.answer.split()]
    if n <= 18:  # the brute force is independent of the generator's solver
        assert _consistent_count(n, statements) == 1
    if n <= 8:
        count = 0
        for a in range(1 << n):
            roles = [bool(a >> i & 1) for i in range(n)]
            count += all(holds(f, roles) == roles[s] for s, f in statements)
        assert count == 1
    consistency = Consistency(n)
    for speaker, formula in statements:
        consistency.add(speaker, formula)
    assert consistency.other_solution(hidden) is None


def test_solver_agrees_with_brute_force_on_loose_puzzles() -> None:
    """Few statements, so several assignments are often consistent: the solver must find one exactly when they are."""
    rng = random.Random(4)
    ops = ("and", "or", "not", "implies", "exactly", "iff")
    outcomes = set()
    for _ in range(300):
        n = rng.randint(2, 10)
        hidden = [rng.random() < 0.5 for _ in range(n)]
        statements, consistency = [], Consistency(n)
        for _ in range(rng.randint(1, n + 2)):
            speaker = rng.randrange(n)
            formula = random_formula(rng, n, rng.randint(1, 4), ops, speaker)
            if holds(formula, hidden) != hidden[speaker]:
                formula = ["not", formula]
            statements.append([speaker, formula])
            consistency.add(speaker, formula)
        other = consistency.other_solution(hidden)
        unique = _consistent_count(n, statements) == 1
        assert (other is None) == unique
        if other is not None:
            assert other != hidden and all(holds(f, other) == other[s] for s, f in statements)
        outcomes.add(unique)
    assert outcomes == {True, False}


def test_search_limit_still_gives_a_unique_puzzle(monkeypatch) -> None:
    consistency = Consistency(6)
    consistency.add(0, ["or", ["is", 1, True], ["is", 2, True]])
    with pytest.raises(SearchLimit):
        consistency.other_solution([True] * 6, max_nodes=0)
    monkeypatch.setattr(kk, "MAX_SEARCH_NODES", 3)  # the generator then pins islanders down until it can prove
    for seed in range(4):
        problem = KnightsKnaves().sample(12, seed)
        assert _consistent_count(len(problem.data["names"]), problem.data["statements"]) == 1


def test_islanders_keep_coming_and_generation_stays_fast() -> None:
    islanders = [plan(d)[0] for d in range(0, 2001)]
    assert all(a < b for a, b in zip(islanders[:30], islanders[1:31]))
    assert islanders == sorted(islanders) and islanders[1000] > islanders[100] > islanders[30] > 16
    for difficulty, budget in ((30, 0.5), (100, 2.0), (1000, 5.0)):  # seconds of CPU time
        with cpu_timer() as spent:
            problem = ENV.sample(difficulty, 3)
        assert spent.cpu < budget, f"d={difficulty}: {spent}"
        assert ENV.score(problem, _tag(problem.answer)).correct


def test_numbered_names_are_read() -> None:
    names = ["Alice", "Alice2", "Bob2"]
    assert read_roles("Alice2: knave, Bob2 is a knight, Alice: knight", names) == [True, False, True]


def test_named_form_accepted_in_any_order() -> None:
    problem = ENV.sample(10, 4)
    roles = problem.answer.split()
    items = [f"{name}: {role}" for name, role in zip(problem.data["names"], roles)]
    assert ENV.score(problem, _tag("\n".join(reversed(items)))).correct
    items = [f"{name} is a {role}" for name, role in zip(problem.data["names"], roles)]
    assert ENV.score(problem, _tag(", ".join(items))).correct
    assert ENV.score(problem, _tag(problem.answer.upper())).correct


@pytest.mark.parametrize("seed", range(5))
def test_wrong_answers_rejected(seed: int) -> None:
    problem = ENV.sample(15, seed)
    roles = problem.answer.split()
    for i in range(len(roles)):
        flipped = list(roles)
        flipped[i] = "knave" if roles[i] == "knight" else "knight"
        verdict = ENV.score(problem, _tag(" ".join(flipped)))
        assert not verdict.correct and "could not say" in verdict.reason
    short = ENV.score(problem, _tag(" ".join(roles[:-1])))
    assert not short.correct and not short.format_ok
    dup = [f"{problem.data['names'][0]}: knight"] * len(roles)
    assert not ENV.score(problem, _tag("\n".join(dup))).correct
