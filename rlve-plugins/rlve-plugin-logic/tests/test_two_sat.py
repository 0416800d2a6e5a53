import itertools
import random

import pytest

from rlve import Problem
from rlve_plugin_logic.cnf import first_unsatisfied
from rlve_plugin_logic.environments.two_sat import (
    TwoSat,
    chain_flaw,
    contradiction_chain,
    format_chain,
    format_literal,
    max_chain,
    solve_2sat,
)

ENV = TwoSat()
#: Answers that look like a verdict or a chain and must score nothing (the kit's corpus has the generic ones).
TRAPS = [
    "unsatisfiable or 1 0 1",
    "unsatisfiable unsatisfiable",
    "unsatisfiable: " + " -> ".join(["x1"] * 100_000),
    "unsatisfiable: x1 -> " * 2000,
    "unsatisfiable: x99999999 -> x1",
    "unsatisfiable: x0 -> x0",
]


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


def _unsat_problem(difficulty: int) -> Problem:
    return next(p for s in range(60) if not (p := ENV.sample(difficulty, s)).data["satisfiable"])


def _chain_of(problem: Problem) -> list[str]:
    return problem.answer.split(":", 1)[1].strip().split(" -> ")


def _lit(text: str) -> int:
    return -int(text[len("not x") :]) if text.startswith("not ") else int(text[1:])


def _random_formula(rng: random.Random) -> tuple[int, list[list[int]]]:
    n, m = rng.randint(2, 7), rng.randint(1, 16)
    clauses = []
    for _ in range(m):
        a, b = rng.sample(range(1, n + 1), 2)
        clauses.append([a * rng.choice([1, -1]), b * rng.choice([1, -1])])
    return n, clauses


def test_solver_and_chain_match_brute_force() -> None:
    rng = random.Random(3)
    unsat = 0
    for _ in range(400):
        n, clauses = _random_formula(rng)
        solution = solve_2sat(n, clauses)
        brute = any(first_unsatisfied(clauses, list(v)) is None for v in itertools.product([False, True], repeat=n))
        assert (solution is not None) == brute
        chain = contradiction_chain(n, clauses)
        if solution is not None:
            assert first_unsatisfied(clauses, solution) is None
            assert chain is None
        else:
            unsat += 1
            assert chain is not None and chain_flaw(chain, clauses) is None
            assert len(chain) <= max_chain(n)
    assert unsat > 20


def test_no_chain_is_accepted_for_a_satisfiable_formula() -> None:
    """Soundness: random closed walks over the implication graph of satisfiable formulas never pass the check."""
    rng = random.Random(8)
    walks = 0
    for _ in range(200):
        n, clauses = _random_formula(rng)
        if solve_2sat(n, clauses) is None:
            continue
        steps = {}
        for a, b in clauses:
            steps.setdefault(-a, []).append(b)
            steps.setdefault(-b, []).append(a)
        for start in sorted(steps):
            for _ in range(5):
                walk = [start]
                while len(walk) < 12 and walk[-1] in steps:
                    walk.append(rng.choice(steps[walk[-1]]))
                    if walk[-1] == start:
                        walks += 1
                        assert chain_flaw(walk, clauses) is not None
                        break
    assert walks > 50


@pytest.mark.parametrize("difficulty", range(31))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_and_opposite_verdict(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    n = problem.data["variables"]
    if problem.data["satisfiable"]:
        verdict = ENV.score(problem, _tag("unsatisfiable"))
        assert not verdict.correct and verdict.reward == 0.0
        assert problem.answer.count(" ") == n - 1
    else:
        assert problem.answer.startswith("unsatisfiable: ")
        assert len(_chain_of(problem)) <= max_chain(n)
        for values in ("0 " * n, "1 " * n):
            assert not ENV.score(problem, _tag(values)).correct


def test_outcomes_are_balanced_so_no_constant_answer_wins() -> None:
    outcomes = [ENV.sample(d, s).data["satisfiable"] for d in range(0, 31, 2) for s in range(8)]
    assert 0.35 < sum(outcomes) / len(outcomes) < 0.65
    assert {ENV.sample(d, s).data["satisfiable"] for d in (0, 1) for s in range(10)} == {True, False}


@pytest.mark.parametrize("bare", ["unsatisfiable", "unsat", "Unsatisfiable.", "UNSATISFIABLE:", "unsatisfiable: "])
def test_unsatisfiable_without_a_witness_scores_zero(bare: str) -> None:
    for difficulty in (0, 5, 20, 30):
        for seed in range(6):
            problem = ENV.sample(difficulty, seed)
            verdict = ENV.score(problem, _tag(bare))
            assert not verdict.correct and verdict.reward == 0.0, (difficulty, seed, verdict)


def test_wrong_chains_score_zero() -> None:
    problem = _unsat_problem(20)
    chain = _chain_of(problem)
    clauses = {tuple(sorted(c)) for c in problem.data["clauses"]}

    def rejected(text: str, *words: str) -> None:
        verdict = ENV.score(problem, _tag(text))
        assert not verdict.correct and verdict.reward == 0.0, (text, verdict)
        for word in words:
            assert word in verdict.reason, (text, verdict.reason)

    # a first step that is not a clause: from the first literal to an unrelated one, then the reference chain
    n, first = problem.data["variables"], _lit(chain[0])
    bogus = next(
        b for b in range(-n, n + 1) if b and abs(b) != abs(first) and tuple(sorted((-first, b))) not in clauses
    )
    rejected("unsatisfiable: " + " -> ".join([chain[0], format_literal(bogus), *chain]), "step 1", "not given")
    # the reference chain with a literal skipped: the shortcut is not a clause
    middle = len(chain) // 2
    broken = chain[:middle] + chain[middle + 1 :]
    assert tuple(sorted((-_lit(broken[middle - 1]), _lit(broken[middle])))) not in clauses  # shortest: no shortcut
    rejected("unsatisfiable: " + " -> ".join(broken), f"step {middle}", "not given")
    # not closed: the last literal is missing
    rejected("unsatisfiable: " + " -> ".join(chain[:-1]), "does not end")
    # the chain of another problem
    other = _unsat_problem(21)
    rejected("unsatisfiable: " + " -> ".join(_chain_of(other)))
    # a valid-looking closed chain on a satisfiable formula: every step a clause, no contradiction in it
    data = {"variables": 3, "clauses": [[-1, 2], [-2, 3], [-3, 1]], "satisfiable": True}
    verdict = ENV.check(data, "unsatisfiable: x1 -> x2 -> x3 -> x1")
    assert not verdict.correct and "both as x and as not x" in verdict.reason
    verdict = ENV.check(data, "unsatisfiable: x1 -> x2 -> not x1 -> x1")
    assert not verdict.correct and "not given" in verdict.reason


def test_a_different_valid_chain_is_accepted() -> None:
    for difficulty in (0, 4, 12, 25):
        problem = _unsat_problem(difficulty)
        chain = _chain_of(problem)
        # start the same cycle elsewhere: another literal, another order of the two halves
        for start in range(1, len(chain) - 1):
            rotated = chain[start:] + chain[1 : start + 1]
            assert rotated != chain
            assert ENV.score(problem, _tag("unsatisfiable: " + " -> ".join(rotated))).correct, rotated
        # go round the cycle twice (longer than needed, still a proof), other notation
        twice = chain + chain[1:]
        if len(twice) <= max_chain(problem.data["variables"]):
            assert ENV.score(problem, _tag("UNSAT:\n" + " => ".join(twice))).correct
        tilde = [c.replace("not ", "~") for c in chain]
        assert ENV.score(problem, _tag("unsatisfiable: " + " \u2192 ".join(tilde) + ".")).correct


def test_a_chain_through_another_variable_is_accepted() -> None:
    # (x1 or x2) (x1 or not x2) (not x1 or x3) (not x1 or not x3): x1 and not x1 are in one component
    data = {"variables": 3, "clauses": [[1, 2], [1, -2], [-1, 3], [-1, -3]], "satisfiable": False}
    reference = format_chain(contradiction_chain(3, data["clauses"]))
    assert ENV.check(data, reference).correct
    others = [
        "x1 -> x3 -> not x1 -> x2 -> x1",
        "x1 -> not x3 -> not x1 -> not x2 -> x1",
        "x2 -> x1 -> x3 -> not x1 -> x2",
    ]
    for chain in others:
        assert ENV.check(data, f"unsatisfiable: {chain}").correct, chain


def test_other_assignment_accepted() -> None:
    found = 0
    for seed in range(40):
        problem = ENV.sample(4, seed)
        if not problem.data["satisfiable"]:
            continue
        n, clauses = problem.data["variables"], problem.data["clauses"]
        for values in itertools.product([False, True], repeat=n):
            text = " ".join("1" if v else "0" for v in values)
            if first_unsatisfied(clauses, list(values)) is None and text != problem.answer:
                assert ENV.score(problem, _tag(text)).correct
                found += 1
                break
    assert found > 0


def test_verdict_and_chain_traps_score_nothing() -> None:
    for problem in (ENV.sample(20, 1), _unsat_problem(20)):
        for text in TRAPS:
            verdict = ENV.score(problem, _tag(text))
            assert not verdict.correct
            assert "verifier error" not in verdict.reason
