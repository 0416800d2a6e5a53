"""Formula equivalence, CNF conversion, Horn inference, resolution refutations, first-order model checking,
seating and ordering puzzles, and islanders with alternators.

Every instance is rebuilt here from the prompt text alone (own parsers for the formulas, clue sentences and
statements) and solved independently: with python-sat (equivalence and entailment as unsatisfiability, puzzle
solutions counted by blocking clauses), or by brute force (truth tables, first-order evaluation, role
assignments), then compared with the reference; other valid answers are accepted and near misses rejected.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from logic_test_helpers import assert_right, assert_wrong, env, find, score
from pysat.formula import And, Atom, Equals, Formula, Implies, Neg, Or, XOr
from pysat.solvers import Solver

from rlve_plugin_logic.solvers.arrangements import ArrangementSolver

# -- propositional formulas as the prompts write them (fully bracketed) ------------------------------------------

_BINARY = {"and": And, "or": Or, "->": Implies, "<->": Equals}


def parse_prop(text: str):
    """A fully bracketed propositional formula as nested tuples: ("var", name) | ("not", f) | (op, f, g)."""
    tokens = re.findall(r"<->|->|[()]|[a-z]+", text)
    assert "".join(tokens) == text.replace(" ", ""), text
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def unary():
        token = take()
        if token == "not":
            return ("not", unary())
        if token == "(":
            inner = formula()
            assert take() == ")"
            return inner
        return ("var", token)

    def formula():
        left = unary()
        if pos < len(tokens) and tokens[pos] in _BINARY:
            op = take()
            return (op, left, unary())
        return left

    result = formula()
    assert pos == len(tokens), text
    return result


def to_pysat(f):
    if f[0] == "var":
        return Atom(f[1])
    if f[0] == "not":
        return Neg(to_pysat(f[1]))
    return _BINARY[f[0]](to_pysat(f[1]), to_pysat(f[2]))


def evaluate(f, values: dict[str, bool]) -> bool:
    if f[0] == "var":
        return values[f[1]]
    if f[0] == "not":
        return not evaluate(f[1], values)
    a, b = evaluate(f[1], values), evaluate(f[2], values)
    return {"and": a and b, "or": a or b, "->": (not a) or b, "<->": a == b}[f[0]]


def prompt_variables(prompt: str) -> list[str]:
    return re.search(r"Variables ([a-z, ]+?)(?: are|\.)", prompt).group(1).split(", ")


def satisfiable_model(formula) -> dict[str, bool] | None:
    """A model of ``formula`` (by variable name) from a SAT solver, or None when it is unsatisfiable."""
    clauses = list(formula)
    pool = Formula.export_vpool()
    with Solver(name="m22", bootstrap_with=clauses) as solver:
        if not solver.solve():
            return None
        model = set(solver.get_model())
    return {atom.object: pool.id(atom) in model for atom in pool.obj2id if isinstance(atom, Atom)}


def assignment_text(variables: list[str], values: dict[str, bool]) -> str:
    return ", ".join(f"{v}={int(values.get(v, False))}" for v in variables)


# -- formula equivalence ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", [0, 3, 7, 12, 20, 30])
def test_equivalence_decided_by_sat_from_the_prompt(difficulty):
    for seed in range(4):
        problem = env("formula_equivalence").sample(difficulty, seed)
        variables = prompt_variables(problem.prompt)
        a = parse_prop(re.search(r"^A: (.*)$", problem.prompt, re.M).group(1))
        b = parse_prop(re.search(r"^B: (.*)$", problem.prompt, re.M).group(1))
        Formula.cleanup()
        model = satisfiable_model(XOr(to_pysat(a), to_pysat(b)))
        if model is None:
            assert problem.answer == "equivalent"
            assert_wrong(problem, assignment_text(variables, {}), "both formulas are")
        else:
            assert problem.answer != "equivalent"
            assert_right(problem, assignment_text(variables, model))
            assert_wrong(problem, "equivalent", "not equivalent")
        # every row of the truth table: the ones where A and B differ are accepted, the others rejected
        rows = [dict(zip(variables, bits)) for bits in itertools.product((False, True), repeat=len(variables))]
        differ = [row for row in rows if evaluate(a, row) != evaluate(b, row)]
        agree = [row for row in rows if evaluate(a, row) == evaluate(b, row)]
        assert bool(differ) == (model is not None)
        for row in differ[:3]:
            assert_right(problem, assignment_text(variables, row))
        for row in agree[:2]:
            assert_wrong(problem, assignment_text(variables, row), "both formulas are")


def test_equivalence_answer_forms():
    problem = find("formula_equivalence", lambda p: p.answer != "equivalent" and p.data["variables"] >= 3)
    variables = prompt_variables(problem.prompt)
    values = dict(item.split("=") for item in problem.answer.split(", "))
    assert_right(problem, "; ".join(f"{v} = {values[v]}" for v in reversed(variables)))
    assert_right(problem, " ".join(values[v] for v in variables))  # bare values in variable order
    assert_right(problem, "not equivalent: " + problem.answer)
    assert_right(problem, ", ".join(f"{v}: {'true' if values[v] == '1' else 'false'}" for v in variables))
    assert not score(problem, ", ".join(problem.answer.split(", ")[1:])).format_ok  # a variable missing
    assert not score(problem, problem.answer + f", {variables[0]}=1").format_ok  # one twice
    assert not score(problem, problem.answer.replace("=1", "=2")).format_ok
    assert not score(problem, "not equivalent").format_ok  # no counterexample, no credit
    equivalent = find("formula_equivalence", lambda p: p.answer == "equivalent")
    assert_right(equivalent, "Equivalent.")
    assert_right(equivalent, "they are equivalent")
    assert not score(equivalent, "equivalent or not").correct


def test_equivalence_pairs_look_different_and_are_balanced():
    outcomes = []
    for seed in range(40):
        problem = env("formula_equivalence").sample(10, seed)
        a = re.search(r"^A: (.*)$", problem.prompt, re.M).group(1)
        b = re.search(r"^B: (.*)$", problem.prompt, re.M).group(1)
        assert a != b and "not (not" not in a + b
        outcomes.append(problem.answer == "equivalent")
    assert 10 < sum(outcomes) < 30


# -- CNF conversion --------------------------------------------------------------------------------------------


def parse_cnf_text(text: str) -> list[list[tuple[bool, str]]]:
    """A CNF in the prompt's syntax as clauses of (positive?, variable)."""
    clauses = []
    for part in text.split(" and "):
        literals = part.strip().strip("()").split(" or ")
        clauses.append([(not lit.startswith("not "), lit.removeprefix("not ").strip()) for lit in literals])
    return clauses


def cnf_formula(clauses):
    return And(*[Or(*[Atom(v) if positive else Neg(Atom(v)) for positive, v in clause]) for clause in clauses])


@pytest.mark.parametrize("difficulty", [0, 2, 6, 11, 17, 24, 30])
def test_cnf_reference_is_equivalent_by_sat_and_within_bound(difficulty):
    for seed in range(4):
        problem = env("cnf_conversion").sample(difficulty, seed)
        formula = parse_prop(re.search(r"^F: (.*)$", problem.prompt, re.M).group(1))
        bound = int(re.search(r"at most (\d+) clauses", problem.prompt).group(1))
        clauses = parse_cnf_text(problem.answer)
        assert len(clauses) <= bound
        Formula.cleanup()
        assert satisfiable_model(XOr(to_pysat(formula), cnf_formula(clauses))) is None
        # irredundant: dropping any clause of the reference changes its meaning (a SAT check each)
        for k in range(min(len(clauses), 4)):
            Formula.cleanup()
            fewer = clauses[:k] + clauses[k + 1 :]
            if fewer:
                assert satisfiable_model(XOr(to_pysat(formula), cnf_formula(fewer))) is not None


def test_cnf_other_forms_accepted_and_near_misses_rejected():
    problem = find("cnf_conversion", lambda p: len(parse_cnf_text(p.answer)) >= 2, difficulties=range(6, 31))
    clauses = parse_cnf_text(problem.answer)
    bound = problem.data["max_clauses"]

    def text(cls, sym=False):
        def lit(pos, v):
            return v if pos else (f"~{v}" if sym else f"not {v}")

        join_or, join_and = (" | ", " & ") if sym else (" or ", " and ")
        return join_and.join("(" + join_or.join(lit(p, v) for p, v in c) + ")" for c in cls)

    assert_right(problem, text([list(reversed(c)) for c in reversed(clauses)]))
    assert_right(problem, text(clauses, sym=True))
    if len(clauses) < bound:
        assert_right(problem, text([*clauses, clauses[0]]))  # a repeated clause changes nothing
    assert_wrong(problem, text(clauses[1:]), "not equivalent")
    flipped = [list(c) for c in clauses]
    flipped[0][0] = (not flipped[0][0][0], flipped[0][0][1])
    formula = parse_prop(re.search(r"^F: (.*)$", problem.prompt, re.M).group(1))
    Formula.cleanup()
    if satisfiable_model(XOr(to_pysat(formula), cnf_formula(flipped))) is None:
        assert_right(problem, text(flipped))
    else:
        assert_wrong(problem, text(flipped), "not equivalent")
    assert not score(problem, text(clauses + [clauses[0]] * (bound + 1 - len(clauses)))).format_ok  # over the bound
    assert not score(problem, "(" + text(clauses) + ")").format_ok  # nested brackets
    assert not score(problem, text(clauses).replace(" or ", " -> ", 1)).format_ok
    assert not score(problem, text(clauses) + " and (zz)").format_ok


# -- Horn inference --------------------------------------------------------------------------------------------


def horn_from_prompt(prompt: str):
    n = int(re.search(r"There are (\d+) atoms", prompt).group(1))
    facts = [int(a) for a in re.findall(r"p(\d+)", re.search(r"Facts \(true\): (.*)", prompt).group(1))]
    rules = [
        ([int(c) for c in re.findall(r"p(\d+)", body)], int(head))
        for body, head in re.findall(r"^R\d+\. if (.*) then p(\d+)$", prompt, re.M)
    ]
    return n, facts, rules


@pytest.mark.parametrize("difficulty", [0, 4, 9, 15, 22, 30])
def test_horn_atoms_that_follow_by_sat(difficulty):
    for seed in range(4):
        problem = env("horn_inference").sample(difficulty, seed)
        n, facts, rules = horn_from_prompt(problem.prompt)
        clauses = [[a] for a in facts] + [[-c for c in body] + [head] for body, head in rules]
        with Solver(name="m22", bootstrap_with=clauses) as solver:
            follows = [a for a in range(1, n + 1) if not solver.solve(assumptions=[-a])]
        assert problem.answer == ", ".join(f"p{a}" for a in follows)
        assert 0 < len(follows) - len(facts) < n - len(facts)  # some atoms derived, some not


def test_horn_answer_sets():
    problem = find("horn_inference", lambda p: len(p.data["derived"]) >= 4, difficulties=range(8, 20))
    atoms = problem.answer.split(", ")
    assert_right(problem, " ".join(reversed(atoms)))
    assert_right(problem, "[" + ", ".join(a.upper() for a in atoms) + "]")
    assert_wrong(problem, ", ".join(atoms[:-1]), "also follows")
    missing = next(f"p{a}" for a in range(1, problem.data["atoms"] + 1) if f"p{a}" not in atoms)
    assert_wrong(problem, ", ".join([*atoms, missing]), "does not follow")
    assert not score(problem, ", ".join([*atoms, atoms[0]])).format_ok
    assert not score(problem, ", ".join([*atoms, "p999"])).format_ok
    assert not score(problem, "p01").format_ok


# -- resolution refutations ------------------------------------------------------------------------------------


def clauses_from_prompt(prompt: str) -> list[frozenset[tuple[bool, str]]]:
    block = prompt.split("at once:\n", 1)[1].split("\n\n", 1)[0]
    out = []
    for line in block.splitlines():
        body = re.fullmatch(r"\d+\. (.*)", line).group(1)
        out.append(frozenset(parse_cnf_text(body)[0]))
    return out


def read_proof(text: str) -> list[tuple[int, int, int, str, frozenset]]:
    steps = []
    for line in text.splitlines():
        number, i, j, var, clause = re.fullmatch(r"(\d+)\. from (\d+) and (\d+) on (\w+): (.*)", line).groups()
        lits = frozenset() if clause == "empty" else frozenset(parse_cnf_text(clause)[0])
        steps.append((int(number), int(i), int(j), var, lits))
    return steps


def valid_refutation(clauses, steps) -> bool:
    known = list(clauses)
    for number, i, j, var, lits in steps:
        if number != len(known) + 1 or not (1 <= i <= len(known) and 1 <= j <= len(known)):
            return False
        a, b = known[i - 1], known[j - 1]
        if (True, var) in b and (False, var) in a:
            a, b = b, a
        if not ((True, var) in a and (False, var) in b):
            return False
        if lits != (a - {(True, var)}) | (b - {(False, var)}):
            return False
        known.append(lits)
    return known[-1] == frozenset()


def proof_text(steps) -> str:
    def clause(lits):
        if not lits:
            return "empty"
        return " or ".join(v if pos else f"not {v}" for pos, v in sorted(lits, key=lambda x: x[1]))

    return "\n".join(f"{n}. from {i} and {j} on {v}: {clause(c)}" for n, i, j, v, c in steps)


@pytest.mark.parametrize("difficulty", [0, 3, 8, 14, 21, 30])
def test_resolution_clauses_unsatisfiable_and_reference_valid(difficulty):
    for seed in range(3):
        problem = env("resolution_refutation").sample(difficulty, seed)
        clauses = clauses_from_prompt(problem.prompt)
        variables = prompt_variables(problem.prompt)
        ids = {v: k + 1 for k, v in enumerate(variables)}
        with Solver(name="m22", bootstrap_with=[[ids[v] if pos else -ids[v] for pos, v in c] for c in clauses]) as s:
            assert not s.solve()
        steps = read_proof(problem.answer)
        assert valid_refutation(clauses, steps)
        limit = int(re.search(r"at most (\d+) steps", problem.prompt).group(1))
        assert len(steps) <= limit


def first_clash(clauses):
    """A resolution step on two given clauses whose resolvent is not a tautology."""
    for i, j in itertools.combinations(range(len(clauses)), 2):
        for pos, var in clauses[i]:
            if (not pos, var) in clauses[j]:
                a, b = (clauses[i], clauses[j]) if pos else (clauses[j], clauses[i])
                result = (a - {(True, var)}) | (b - {(False, var)})
                if not any((not p, v) in result for p, v in result):
                    return i + 1, j + 1, var, result
    return None


def test_resolution_other_proofs_accepted_and_broken_ones_rejected():
    problem = env("resolution_refutation").sample(12, 2)
    clauses = clauses_from_prompt(problem.prompt)
    steps = read_proof(problem.answer)
    m = len(clauses)
    # the citations in the other order, and the resolvents written with symbols and brackets
    swapped = "\n".join(
        f"{n}: {j}, {i} on {v} -> " + ("empty" if not c else "(" + " | ".join(x if p else f"~{x}" for p, x in c) + ")")
        for n, i, j, v, c in steps
    )
    assert_right(problem, swapped)
    # one extra (useless but valid) step first: everything after it renumbered
    i, j, var, result = first_clash(clauses)
    shift = lambda k: k + 1 if k > m else k  # noqa: E731
    longer = [(m + 1, i, j, var, result)] + [(n + 1, shift(a), shift(b), v, c) for n, a, b, v, c in steps]
    assert valid_refutation(clauses, longer)
    assert_right(problem, proof_text(longer))
    # near misses
    wrong_clause = [*steps[:-1], (*steps[-1][:4], frozenset({(True, prompt_variables(problem.prompt)[0])}))]
    assert_wrong(problem, proof_text(wrong_clause), "gives")
    n, a, b, v, c = steps[0]
    first, second = clauses[a - 1], clauses[b - 1]
    other_var = next(
        x
        for x in prompt_variables(problem.prompt)
        if not ({(True, x), (False, x)} <= first | second and ((True, x) in first) != ((True, x) in second))
    )
    assert_wrong(problem, proof_text([(n, a, b, other_var, c), *steps[1:]]), "do not contain")
    assert_wrong(problem, proof_text(steps[:-1]), "empty clause")
    assert_wrong(problem, proof_text([(n, a, n, v, c), *steps[1:]]), "does not come before")
    assert not score(problem, proof_text([(n + 1, a, b, v, c), *steps[1:]])).format_ok  # numbering
    limit = problem.data["max_steps"]
    padded = [(m + k + 1, i, j, var, result) for k in range(limit)] + [
        (s[0] + limit, *(x + limit if x > m else x for x in s[1:3]), *s[3:]) for s in steps
    ]
    assert not score(problem, proof_text(padded)).format_ok  # over the step bound
    assert not score(problem, problem.answer + "\nQED").format_ok


# -- first-order model checking --------------------------------------------------------------------------------


def parse_fo(text: str):
    tokens = re.findall(r"for all|exists|<->|->|[A-Z]\(|[(),:=]|[a-z]+", text)
    assert "".join(tokens).replace(" ", "") == text.replace(" ", ""), text
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def unary():
        token = take()
        if token == "not":
            return ("not", unary())
        if token in ("for all", "exists"):
            var = take()
            assert take() == ":"
            return ("forall" if token == "for all" else "exists", var, unary())
        if token == "(":
            inner = formula()
            assert take() == ")"
            return inner
        if token.endswith("("):
            args = [take()]
            while take() == ",":
                args.append(take())
            return ("pred", token[0], tuple(args))
        assert take() == "="
        return ("eq", token, take())

    def formula():
        left = unary()
        if pos < len(tokens) and tokens[pos] in ("and", "or", "->", "<->"):
            op = take()
            return (op, left, unary())
        return left

    result = formula()
    assert pos == len(tokens), text
    return result


def fo_true(f, relations, domain, env_) -> bool:
    kind = f[0]
    if kind == "pred":
        return tuple(env_[v] for v in f[2]) in relations[f[1]]
    if kind == "eq":
        return env_[f[1]] == env_[f[2]]
    if kind == "not":
        return not fo_true(f[1], relations, domain, env_)
    if kind in ("forall", "exists"):
        values = [fo_true(f[2], relations, domain, {**env_, f[1]: a}) for a in domain]
        return all(values) if kind == "forall" else any(values)
    a, b = fo_true(f[1], relations, domain, env_), fo_true(f[2], relations, domain, env_)
    return {"and": a and b, "or": a or b, "->": (not a) or b, "<->": a == b}[kind]


@pytest.mark.parametrize("difficulty", [0, 5, 10, 16, 24, 30])
def test_first_order_truth_values_by_brute_force_from_the_prompt(difficulty):
    for seed in range(4):
        problem = env("first_order_model_check").sample(difficulty, seed)
        domain = [int(x) for x in re.search(r"Domain: \{(.*)\}", problem.prompt).group(1).split(", ")]
        relations = {}
        for name, body in re.findall(r"^([PQRS]) = \{(.*)\}$", problem.prompt, re.M):
            relations[name] = {tuple(map(int, re.findall(r"\d+", t))) for t in re.findall(r"\(\d+, \d+\)|\d+", body)}
        sentences = re.findall(r"^\d+\. (.*)$", problem.prompt.split("in the structure?", 1)[1], re.M)
        values = [fo_true(parse_fo(s), relations, domain, {}) for s in sentences]
        assert problem.answer == " ".join("true" if v else "false" for v in values)


def test_first_order_answer_forms():
    problem = find("first_order_model_check", lambda p: len(p.data["values"]) >= 3, difficulties=range(10, 20))
    values = problem.answer.split()
    assert_right(problem, " ".join(v[0].upper() for v in values))
    assert_right(problem, ", ".join(f"{k + 1}: {v}" for k, v in enumerate(values)))
    assert_right(problem, "\n".join(f"{k + 1}. {v.upper()}" for k, v in enumerate(values)))
    flipped = ["false" if values[0] == "true" else "true", *values[1:]]
    assert_wrong(problem, " ".join(flipped), "sentence 1 is")
    assert not score(problem, " ".join(values[:-1])).format_ok
    assert not score(problem, " ".join([*values, "true"])).format_ok
    assert not score(problem, " ".join(["maybe", *values[1:]])).format_ok


# -- seating and ordering puzzles: solutions counted with a SAT solver ------------------------------------------


def count_arrangements(n: int, unary, relations, limit: int = 2) -> list[list[int]]:
    """Placements (item -> place) with one item per place satisfying every constraint, up to ``limit``.

    ``unary``: (item, allowed places); ``relations``: (items, predicate on their places); both become clauses
    forbidding each disallowed combination."""
    var = lambda item, place: item * n + place + 1  # noqa: E731
    clauses = []
    for item in range(n):
        clauses.append([var(item, p) for p in range(n)])
        clauses.append([var(i, item) for i in range(n)])  # every place taken
        for p, q in itertools.combinations(range(n), 2):
            clauses.append([-var(item, p), -var(item, q)])
            clauses.append([-var(p, item), -var(q, item)])
    for item, allowed in unary:
        clauses += [[-var(item, p)] for p in range(n) if p not in allowed]
    for items, ok in relations:
        for places in itertools.permutations(range(n), len(items)):
            if not ok(*places):
                clauses.append([-var(i, p) for i, p in zip(items, places)])
    found = []
    with Solver(name="m22", bootstrap_with=clauses) as solver:
        while len(found) < limit and solver.solve():
            model = set(solver.get_model())
            found.append([next(p for p in range(n) if var(i, p) in model) for i in range(n)])
            solver.add_clause([-var(i, p) for i, p in enumerate(found[-1])])
    return found


SEATING_CLUES = [
    (r"(\w+) sits in seat (\d+)\.", lambda n, s: lambda x: x == int(s) - 1),
    (r"(\w+) sits in the next seat clockwise from (\w+)\.", lambda n: lambda x, y: (x - y) % n == 1),
    (r"(\w+) sits (\d+) seats clockwise from (\w+)\.", None),
    (r"(\w+) and (\w+) sit next to each other\.", lambda n: lambda x, y: (x - y) % n in (1, n - 1)),
    (r"(\w+) and (\w+) do not sit next to each other\.", lambda n: lambda x, y: (x - y) % n not in (1, n - 1)),
    (r"(\w+) sits directly opposite (\w+)\.", lambda n: lambda x, y: 2 * ((x - y) % n) == n),
]


def seating_from_prompt(prompt: str):
    n = int(re.search(r"with (\d+) seats", prompt).group(1))
    names = re.search(r"clockwise: (.*?)\. Every seat", prompt).group(1).split(", ")
    who = {name: k for k, name in enumerate(names)}
    given = re.search(r"Given seats \(they fix how the table is turned\): (.*)", prompt).group(1)
    sentences = re.findall(r"\w+ sits in seat \d+\.", given)
    sentences += re.findall(r"^\d+\. (.*)$", prompt.split("Clues:\n", 1)[1].split("\n\n", 1)[0], re.M)
    unary, relations = [], []
    for sentence in sentences:
        for pattern, make in SEATING_CLUES:
            match = re.fullmatch(pattern, sentence)
            if not match:
                continue
            groups = match.groups()
            if pattern.startswith(r"(\w+) sits in seat"):
                unary.append((who[groups[0]], {int(groups[1]) - 1}))
            elif make is None:
                steps = int(groups[1])
                relations.append(((who[groups[0]], who[groups[2]]), lambda x, y, k=steps: (x - y) % n == k))
            else:
                relations.append(((who[groups[0]], who[groups[1]]), make(n)))
            break
        else:
            raise AssertionError(f"unread clue: {sentence}")
    return n, names, unary, relations


@pytest.mark.parametrize("difficulty", [0, 2, 5, 9, 14, 20, 30])
def test_seating_unique_by_sat_from_the_prompt(difficulty):
    for seed in range(2):
        problem = env("seating_arrangement").sample(difficulty, seed)
        n, names, unary, relations = seating_from_prompt(problem.prompt)
        found = count_arrangements(n, unary, relations)
        assert len(found) == 1
        order = sorted(range(n), key=lambda k: found[0][k])
        assert problem.answer == ", ".join(names[k] for k in order)


ORDERING_CLUES = [
    (r"(\w+) finished (\d+)(?:st|nd|rd|th)\.", "place"),
    (r"(\w+) did not finish first\.", "not_first"),
    (r"(\w+) did not finish last\.", "not_last"),
    (r"(\w+) finished ahead of (\w+)\.", lambda x, y: x < y),
    (r"(\w+) finished immediately ahead of (\w+)\.", lambda x, y: x + 1 == y),
    (r"Exactly (\d+) runners? finished between (\w+) and (\w+)\.", "apart"),
    (r"(\w+) and (\w+) did not finish in consecutive places\.", lambda x, y: abs(x - y) != 1),
    (r"(\w+) finished somewhere between (\w+) and (\w+)\.", lambda x, y, z: min(y, z) < x < max(y, z)),
]


def ordering_from_prompt(prompt: str):
    n = int(re.match(r"(\d+) runners", prompt).group(1))
    names = re.search(r"ran a race: (.*?)\. There were", prompt).group(1).split(", ")
    who = {name: k for k, name in enumerate(names)}
    sentences = []
    known = re.search(r"Places already known: (.*)", prompt)
    if known:
        sentences += re.findall(r"\w+ finished \d+(?:st|nd|rd|th)\.", known.group(1))
    sentences += re.findall(r"^\d+\. (.*)$", prompt.split("Clues:\n", 1)[1].split("\n\n", 1)[0], re.M)
    unary, relations = [], []
    for sentence in sentences:
        for pattern, kind in ORDERING_CLUES:
            match = re.fullmatch(pattern, sentence)
            if not match:
                continue
            g = match.groups()
            if kind == "place":
                unary.append((who[g[0]], {int(g[1]) - 1}))
            elif kind == "not_first":
                unary.append((who[g[0]], set(range(1, n))))
            elif kind == "not_last":
                unary.append((who[g[0]], set(range(n - 1))))
            elif kind == "apart":
                relations.append(((who[g[1]], who[g[2]]), lambda x, y, k=int(g[0]): abs(x - y) == k + 1))
            else:
                relations.append((tuple(who[name] for name in g), kind))
            break
        else:
            raise AssertionError(f"unread clue: {sentence}")
    return n, names, unary, relations


@pytest.mark.parametrize("difficulty", [0, 2, 5, 9, 14, 20, 30])
def test_ordering_unique_by_sat_from_the_prompt(difficulty):
    for seed in range(2):
        problem = env("ordering_puzzle").sample(difficulty, seed)
        n, names, unary, relations = ordering_from_prompt(problem.prompt)
        found = count_arrangements(n, unary, relations)
        assert len(found) == 1
        order = sorted(range(n), key=lambda k: found[0][k])
        assert problem.answer == ", ".join(names[k] for k in order)


def test_ordering_and_seating_clues_are_minimal():
    """The generators drop every clue they can spare: without any one clue, a second arrangement fits."""
    for name, reader in (("ordering_puzzle", ordering_from_prompt), ("seating_arrangement", seating_from_prompt)):
        problem = env(name).sample(6, 3)
        n, _, unary, relations = reader(problem.prompt)
        assert len(count_arrangements(n, unary, relations)) == 1
        for k in range(len(relations)):
            assert len(count_arrangements(n, unary, relations[:k] + relations[k + 1 :])) == 2, (name, k)


@pytest.mark.parametrize("name", ["ordering_puzzle", "seating_arrangement"])
def test_arrangement_answer_forms(name):
    problem = env(name).sample(12, 5)
    order = problem.answer.split(", ")
    assert_right(problem, "\n".join(f"{k + 1}. {who}" for k, who in enumerate(order)))
    assert_right(problem, " -> ".join(who.lower() for who in order))
    swapped = list(order)
    k = next(k for k in range(len(order) - 1) if k > 0 or name == "ordering_puzzle")  # seat 1 is given there
    swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
    assert_wrong(problem, ", ".join(swapped), "does not hold")
    assert not score(problem, ", ".join(order[:-1])).format_ok
    assert not score(problem, ", ".join([*order[:-1], order[0]])).format_ok
    assert not score(problem, ", ".join([*order[:-1], "Nobody"])).format_ok


def test_arrangement_solver_agrees_with_brute_force():
    """Random relation sets on small rows and tables: the bitmask solver finds exactly the brute-force solutions."""
    rng = random.Random(7)
    for _ in range(150):
        n, cyclic = rng.randint(3, 6), rng.random() < 0.5
        relations, checks = [], []
        for _ in range(rng.randint(1, 4)):
            x, y, z = rng.sample(range(n), 3)
            kinds = ["offset", "places"] if cyclic else ["offset", "offset", "between", "before", "places"]
            kind = rng.choice(kinds)
            if kind == "offset":
                deltas = rng.sample(range(1 - n, n), rng.randint(1, n))
                relations.append(("offset", x, y, deltas))
                if cyclic:
                    checks.append(lambda p, x=x, y=y, n=n, d={d % n for d in deltas}: (p[y] - p[x]) % n in d)
                else:
                    checks.append(lambda p, x=x, y=y, d=set(deltas): p[y] - p[x] in d)
            elif kind == "between":
                relations.append(("between", x, y, z))
                checks.append(lambda p, x=x, y=y, z=z: min(p[y], p[z]) < p[x] < max(p[y], p[z]))
            elif kind == "before":
                relations.append(("before", x, y))
                checks.append(lambda p, x=x, y=y: p[x] < p[y])
            else:
                mask = rng.randrange(1, 1 << n)
                relations.append(("places", x, mask))
                checks.append(lambda p, x=x, m=mask: m >> p[x] & 1)
        brute = [list(p) for p in itertools.permutations(range(n)) if all(c(p) for c in checks)]
        found, finished = ArrangementSolver(n, cyclic, relations).solve(limit=len(brute) + 1)
        assert finished and sorted(found) == sorted(brute)


# -- islanders with alternators -------------------------------------------------------------------------------

ROLE_INDEX = {"knight": 0, "knave": 1, "alternator": 2}


def parse_statement(text: str, speaker: int, who: dict[str, int]):
    """A statement in the prompt's English as a tree: ("is", j, role) | ("not", f) | (op, f, g) | ("count", ...)."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for k, ch in enumerate(text):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0 and k < len(text) - 1:
                break
        else:
            return parse_statement(text[1:-1], speaker, who)
    lowered = text[0].lower() + text[1:]
    if lowered.startswith("it is not true that "):
        return ("not", parse_statement(lowered[len("it is not true that ") :], speaker, who))
    if lowered.startswith("exactly "):
        k, listed, role = re.fullmatch(r"exactly (\d+) of (.*) (?:is an?|are) (\w+?)s?", lowered).groups()
        people = [speaker if p == "me" else who[p] for p in re.split(r", | and ", listed)]
        return ("count", ROLE_INDEX[role], int(k), people)
    if lowered.startswith("if "):
        depth = 0
        for k in range(len(lowered)):
            depth += {"(": 1, ")": -1}.get(lowered[k], 0)
            if depth == 0 and lowered.startswith(" then ", k):
                condition, result = lowered[3:k], lowered[k + 6 :]
                return ("implies", parse_statement(condition, speaker, who), parse_statement(result, speaker, who))
    depth = 0
    for k in range(len(lowered)):
        depth += {"(": 1, ")": -1}.get(lowered[k], 0)
        for word, op in ((" if and only if ", "iff"), (" and ", "and"), (" or ", "or")):
            if depth == 0 and lowered.startswith(word, k):
                left, right = lowered[:k], lowered[k + len(word) :]
                return (op, parse_statement(left, speaker, who), parse_statement(right, speaker, who))
    match = re.fullmatch(r"(?:i am|(\w+) is) (not )?an? (\w+)", lowered)
    assert match, text
    subject = speaker if match.group(1) is None else who[match.group(1)[0].upper() + match.group(1)[1:]]
    atom = ("is", subject, ROLE_INDEX[match.group(3)])
    return ("not", atom) if match.group(2) else atom


def islanders_from_prompt(prompt: str):
    names = re.search(r"You meet \d+ islanders: (.*?)\. Any number", prompt).group(1).split(", ")
    who = {name: k for k, name in enumerate(names)}
    said = []
    for k, name in enumerate(names):
        line = re.search(rf"^{name} says, in this order: (.*)$", prompt, re.M).group(1)
        said.append([parse_statement(s, k, who) for s in re.findall(r'\(\d+\) "(.*?)\."', line)])
    hints = [(who[n], ROLE_INDEX[r]) for n, r in re.findall(r"You also learn that (\w+) is an? (\w+)\.", prompt)]
    return names, said, hints


def statement_true(f, roles) -> bool:
    kind = f[0]
    if kind == "is":
        return roles[f[1]] == f[2]
    if kind == "not":
        return not statement_true(f[1], roles)
    if kind == "count":
        return sum(roles[j] == f[1] for j in f[3]) == f[2]
    a, b = statement_true(f[1], roles), statement_true(f[2], roles)
    return {"and": a and b, "or": a or b, "implies": (not a) or b, "iff": a == b}[kind]


def consistent(roles, said) -> bool:
    for role, statements in zip(roles, said):
        values = [statement_true(f, roles) for f in statements]
        if role == 0 and not all(values) or role == 1 and any(values):
            return False
        if role == 2 and any(a == b for a, b in zip(values, values[1:])):
            return False
    return True


@pytest.mark.parametrize("difficulty", [0, 1, 3, 5])
def test_islanders_unique_by_brute_force_from_the_prompt(difficulty):
    for seed in range(3):
        problem = env("islanders_variants").sample(difficulty, seed)
        names, said, hints = islanders_from_prompt(problem.prompt)
        solutions = [
            roles
            for roles in itertools.product(range(3), repeat=len(names))
            if all(roles[j] == r for j, r in hints) and consistent(roles, said)
        ]
        assert len(solutions) == 1
        assert problem.answer == " ".join(("knight", "knave", "alternator")[r] for r in solutions[0])


def role_atom(j: int, r: int):
    return Atom(f"role{j}_{r}")


def to_pysat_statement(f):
    kind = f[0]
    if kind == "is":
        return role_atom(f[1], f[2])
    if kind == "not":
        return Neg(to_pysat_statement(f[1]))
    if kind == "count":
        role, k, people = f[1], f[2], f[3]
        options = []
        for chosen in itertools.combinations(range(len(people)), k):
            atoms = [role_atom(p, role) if i in chosen else Neg(role_atom(p, role)) for i, p in enumerate(people)]
            options.append(And(*atoms))
        return Or(*options)
    op = {"and": And, "or": Or, "implies": Implies, "iff": Equals}[kind]
    return op(to_pysat_statement(f[1]), to_pysat_statement(f[2]))


@pytest.mark.parametrize("difficulty", [8, 12, 18, 30])
def test_islanders_unique_by_sat_from_the_prompt(difficulty):
    for seed in range(2):
        problem = env("islanders_variants").sample(difficulty, seed)
        names, said, hints = islanders_from_prompt(problem.prompt)
        n = len(names)
        Formula.cleanup()
        parts = []
        for j in range(n):
            atoms = [role_atom(j, r) for r in range(3)]
            parts.append(Or(*atoms))  # exactly one role each
            parts += [Neg(And(atoms[a], atoms[b])) for a, b in ((0, 1), (0, 2), (1, 2))]
            truth = [to_pysat_statement(f) for f in said[j]]
            parts.append(Implies(atoms[0], And(*truth)))
            parts.append(Implies(atoms[1], And(*[Neg(t) for t in truth])))
            parts += [Implies(atoms[2], XOr(a, b)) for a, b in zip(truth, truth[1:])]
        parts += [role_atom(j, r) for j, r in hints]
        formula = And(*parts)
        clauses = list(formula)
        pool = Formula.export_vpool()
        ids = [[pool.id(role_atom(j, r)) for r in range(3)] for j in range(n)]
        solutions = []
        with Solver(name="m22", bootstrap_with=clauses) as solver:
            while len(solutions) < 2 and solver.solve():
                model = set(solver.get_model())
                solutions.append([next(r for r in range(3) if ids[j][r] in model) for j in range(n)])
                solver.add_clause([-ids[j][r] for j, r in enumerate(solutions[-1])])
        assert len(solutions) == 1
        assert problem.answer == " ".join(("knight", "knave", "alternator")[r] for r in solutions[0])


def test_islanders_answer_forms_and_near_misses():
    problem = env("islanders_variants").sample(9, 4)
    names, roles = problem.data["names"], problem.answer.split()
    items = [f"{name}: {role}" for name, role in zip(names, roles)]
    assert_right(problem, "\n".join(reversed(items)))
    assert_right(problem, ", ".join(f"{name} is {'an' if r[0] == 'a' else 'a'} {r}" for name, r in zip(names, roles)))
    assert_right(problem, problem.answer.upper())
    for k in range(len(roles)):
        for other in ("knight", "knave", "alternator"):
            if other != roles[k]:
                changed = [*roles[:k], other, *roles[k + 1 :]]
                verdict = score(problem, " ".join(changed))
                assert verdict.format_ok and not verdict.correct, changed
    assert not score(problem, " ".join(roles[:-1])).format_ok
    assert not score(problem, " ".join([*roles[:-1], "spy"])).format_ok
    assert not score(problem, "\n".join([items[0]] * len(items))).format_ok


def test_search_limits_still_give_unique_puzzles(monkeypatch):
    """Past its node budget a generator pins a place down or gives a hint; the puzzle stays uniquely solvable."""
    import rlve_plugin_logic.environments.islanders_variants as islanders
    import rlve_plugin_logic.solvers.arrangements as arrangements

    monkeypatch.setattr(arrangements, "NODE_LIMIT", 1)
    for name, reader in (("ordering_puzzle", ordering_from_prompt), ("seating_arrangement", seating_from_prompt)):
        problem = env(name).sample(8, 1)
        clues = problem.prompt.split("Clues:\n", 1)[1]
        assert re.search(r"^\d+\. \w+ (finished \d+(st|nd|rd|th)|sits in seat \d+)\.$", clues, re.M)  # a pin
        n, names, unary, relations = reader(problem.prompt)
        found = count_arrangements(n, unary, relations)
        assert len(found) == 1
        assert problem.answer == ", ".join(names[k] for k in sorted(range(n), key=lambda k: found[0][k]))
    monkeypatch.setattr(islanders, "MAX_SEARCH_NODES", 2)
    problem = env("islanders_variants").sample(4, 1)
    names, said, hints = islanders_from_prompt(problem.prompt)
    assert hints
    solutions = [
        roles
        for roles in itertools.product(range(3), repeat=len(names))
        if all(roles[j] == r for j, r in hints) and consistent(roles, said)
    ]
    assert [" ".join(("knight", "knave", "alternator")[r] for r in s) for s in solutions] == [problem.answer]
    assert_wrong(problem, " ".join("knave" if r != "knave" else "knight" for r in problem.answer.split()), "")
