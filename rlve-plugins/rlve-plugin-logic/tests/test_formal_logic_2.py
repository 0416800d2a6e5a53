"""Natural deduction, LTL on lasso traces, CTL and modal model checking, unification, Datalog, minimal DNF and
term rewriting.

Every instance is rebuilt here from the prompt text alone and solved independently: sympy.logic for validity
of sequents and for minimum sums of products, sympy's unify for unifiers, and brute-force evaluators written
in this file for the temporal, modal, Datalog and rewriting semantics; other valid answers are accepted and
near misses rejected.
"""

from __future__ import annotations

import itertools
import re

import networkx as nx
import pytest
from logic_test_helpers import assert_right, assert_wrong, env, find, score
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF
from sympy import Symbol, false, symbols
from sympy.logic import SOPform
from sympy.logic.boolalg import And, Implies, Not, Or
from sympy.logic.inference import satisfiable
from sympy.unify.core import Compound, unify
from sympy.unify.core import Variable as UVariable

from rlve import Problem

# -- natural deduction ---------------------------------------------------------------------------------------


def parse_bracketed(text: str):
    """A prompt formula (every compound part below the top bracketed) as a sympy expression."""
    tokens = re.findall(r"->|[()]|[a-z]+", text)
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def unary():
        token = take()
        if token == "not":
            return Not(unary())
        if token == "(":
            inner = formula()
            assert take() == ")"
            return inner
        return false if token == "false" else Symbol(token)

    def formula():
        left = unary()
        if pos < len(tokens) and tokens[pos] in ("and", "or", "->"):
            op = take()
            return {"and": And, "or": Or, "->": Implies}[op](left, unary())
        return left

    result = formula()
    assert pos == len(tokens), text
    return result


def sequent_from_prompt(prompt: str):
    premises = re.search(r"Premises:\n(.*?)\nConclusion:", prompt, re.S).group(1).splitlines()
    conclusion = re.search(r"^Conclusion: (.*)$", prompt, re.M).group(1)
    return [parse_bracketed(p.removeprefix("- ")) for p in premises], parse_bracketed(conclusion)


@pytest.mark.parametrize("difficulty", [0, 2, 5, 9, 14, 20, 30])
def test_natural_deduction_sequents_valid_by_sympy_and_reference_checks(difficulty):
    for seed in range(5):
        problem = env("natural_deduction").sample(difficulty, seed)
        premises, conclusion = sequent_from_prompt(problem.prompt)
        assert satisfiable(And(*premises, Not(conclusion))) is False
        assert satisfiable(And(*premises)) is not False  # consistent premises: no proof by ex falso alone
        assert conclusion not in premises
        limit = int(re.search(r"at most (\d+) lines", problem.prompt).group(1))
        assert len(problem.answer.splitlines()) <= limit
        assert_right(problem, problem.answer)


def small_problem():
    """A generated problem whose planted proof discharges assumptions by impI and notI."""
    return find("natural_deduction", lambda p: "impI" in p.answer and "notI" in p.answer, difficulties=range(4, 31))


MODUS_TOLLENS = {
    "variables": 3,
    "premises": [["imp", ["var", 0], ["var", 1]], ["not", ["var", 1]]],
    "conclusion": ["not", ["var", 0]],
    "max_lines": 8,
}


def nd_check(answer: str):
    problem = Problem(
        env="logic/natural_deduction", env_version=1, difficulty=0, seed=0, prompt="", answer="", data=MODUS_TOLLENS,
        size=1,
    )
    return score(problem, answer)


def test_natural_deduction_any_valid_proof_accepted():
    direct = "1. p -> q by premise\n2. not q by premise\n3. | p by assume\n4. | q by impE 1, 3\n" \
        "5. | false by notE 4, 2\n6. not p by notI 3-5"
    assert nd_check(direct).correct
    # premises in another order, unicode connectives, citations swapped, a detour through raa and dne
    assert nd_check(
        "1. ¬q by premise\n2. p → q by premise\n3. | p by assume\n4. | q by mp 3, 2\n5. | ⊥ by notE 1, 4\n"
        "6. ~p by not-intro 3-5"
    ).correct
    assert nd_check(
        "1. p -> q by premise\n2. not q by premise\n3. | not not p by assume\n4. | p by dne 3\n"
        "5. | q by impE 1, 4\n6. | false by notE 5, 2\n7. not p by raa 3-6"
    ).correct


def test_natural_deduction_broken_proofs_rejected():
    lines = [
        "1. p -> q by premise", "2. not q by premise", "3. | p by assume", "4. | q by impE 1, 3",
        "5. | false by notE 4, 2", "6. not p by notI 3-5",
    ]

    def variant(k, text):
        return "\n".join(lines[:k] + [text] + lines[k + 1:])

    assert not nd_check(variant(3, "4. | q by impE 2, 3")).correct  # wrong line cited
    assert not nd_check(variant(3, "4. | q by andE 1")).correct  # wrong rule
    assert not nd_check(variant(5, "6. not p by notI 3-4")).correct  # not the whole subproof
    assert not nd_check(variant(5, "6. not q by notI 3-5")).correct  # wrong instance
    assert not nd_check(variant(5, "6. | not p by notI 3-5")).correct  # conclusion left inside
    assert not nd_check(variant(2, "3. p by premise")).correct  # not a premise
    assert not nd_check(variant(3, "4. q by impE 1, 3")).correct  # closes the subproof, then cites into it
    assert not nd_check("\n".join(lines[:5])).correct  # stops before the conclusion
    # a line that uses a formula from inside a closed subproof
    assert not nd_check("\n".join(lines[:5] + ["6. q by reit 4", "7. not p by notI 3-5"])).correct
    # numbering, unknown rules, too many lines, garbage
    for bad in (
        "\n".join(lines).replace("6. not p", "7. not p"),
        "\n".join(lines).replace("notI", "magic"),
        "\n".join(lines + [f"{k}. not p by reit 6" for k in range(7, 10)]),
        "not p",
        "1. p -> by premise",
    ):
        assert not nd_check(bad).correct


def test_natural_deduction_generated_answers_near_misses():
    problem = small_problem()
    lines = problem.answer.splitlines()
    # appending a repetition of the conclusion is another valid proof (when within the bound)
    if len(lines) < problem.data["max_lines"]:
        last = lines[-1].split(". ", 1)[1].split(" by ")[0]
        assert_right(problem, problem.answer + f"\n{len(lines) + 1}. {last} by reit {len(lines)}")
    assert_wrong(problem, "\n".join(lines[:-1]))
    swapped = re.sub(r"by impI (\d+)-(\d+)", lambda m: f"by impI {m.group(1)}-{int(m.group(2)) - 1}", problem.answer)
    assert not score(problem, swapped).correct


# -- formulas with operators (LTL, CTL, modal), as the prompts write them --------------------------------------


def parse_operator_formula(text: str, unary: set[str], binary: set[str]):
    """A fully bracketed formula as nested tuples; ``E[f U g]`` and ``A[f U g]`` read as ("EU"/"AU", f, g)."""
    tokens = re.findall(r"->|<[a-z]?>|\[[a-z]?\]|[A-Z]\[|[()\]]|[A-Za-z]+", text)
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def unary_part():
        token = take()
        if token in unary:
            return (token, unary_part())
        if token in ("E[", "A["):
            left = formula()
            assert take() == "U"
            right = formula()
            assert take() == "]"
            return (token[0] + "U", left, right)
        if token == "(":
            inner = formula()
            assert take() == ")"
            return inner
        assert re.fullmatch(r"[a-z]+", token), token
        return ("atom", token)

    def formula():
        left = unary_part()
        if pos < len(tokens) and tokens[pos] in binary:
            return (take(), left, unary_part())
        return left

    result = formula()
    assert pos == len(tokens), text
    return result


# -- LTL on lasso traces ---------------------------------------------------------------------------------------


def lasso_from_prompt(prompt: str):
    labels = [set(re.findall(r"[a-z]", body)) for body in re.findall(r"^position \d+: \{(.*)\}$", prompt, re.M)]
    loop_start = int(re.search(r"loop \(positions (\d+) to", prompt).group(1))
    return labels, loop_start


def ltl_holds(f, i: int, labels, loop_start: int) -> bool:
    """Direct reading of the semantics: walk forward from i; past the end the positions wrap to the loop, and after
    len(labels) steps every position has been seen, so a search for a witness can stop there."""
    n = len(labels)

    def at(j):
        return j if j < n else loop_start + (j - loop_start) % (n - loop_start)

    kind = f[0]
    if kind == "atom":
        return f[1] in labels[at(i)]
    if kind == "not":
        return not ltl_holds(f[1], i, labels, loop_start)
    if kind in ("and", "or", "->"):
        a, b = ltl_holds(f[1], i, labels, loop_start), ltl_holds(f[2], i, labels, loop_start)
        return {"and": a and b, "or": a or b, "->": (not a) or b}[kind]
    if kind == "X":
        return ltl_holds(f[1], at(i + 1), labels, loop_start)
    if kind == "F":
        return ltl_holds(("U", ("atom", "true!"), f[1]), i, labels, loop_start)
    if kind == "G":
        return not ltl_holds(("F", ("not", f[1])), i, labels, loop_start)
    if kind == "R":
        return not ltl_holds(("U", ("not", f[1]), ("not", f[2])), i, labels, loop_start)
    assert kind == "U"
    for j in range(i, i + n + 1):
        if ltl_holds(f[2], at(j), labels, loop_start):
            return True
        if f[1] != ("atom", "true!") and not ltl_holds(f[1], at(j), labels, loop_start):
            return False
    return False


LTL_UNARY = {"not", "X", "F", "G"}
LTL_BINARY = {"and", "or", "->", "U", "R"}


@pytest.mark.parametrize("difficulty", [0, 3, 8, 12, 19, 25, 30])
def test_ltl_values_by_direct_semantics_from_the_prompt(difficulty):
    for seed in range(6):
        problem = env("ltl_trace_check").sample(difficulty, seed)
        labels, loop_start = lasso_from_prompt(problem.prompt)
        formulas = re.findall(r"^\d+\. (.*)$", problem.prompt, re.M)
        values = [ltl_holds(parse_operator_formula(f, LTL_UNARY, LTL_BINARY), 0, labels, loop_start) for f in formulas]
        assert problem.answer == " ".join("true" if v else "false" for v in values)


def test_ltl_answer_forms_and_near_misses():
    problem = find("ltl_trace_check", lambda p: len(p.answer.split()) >= 3 and len(set(p.answer.split())) == 2)
    values = problem.answer.split()
    assert_right(problem, ", ".join(f"{i + 1}: {v}" for i, v in enumerate(values)))
    assert_right(problem, " ".join(v[0].upper() for v in values))
    flipped = values[:-1] + ["false" if values[-1] == "true" else "true"]
    assert_wrong(problem, " ".join(flipped), f"formula {len(values)}")
    assert not score(problem, " ".join(values[:-1])).correct  # one missing
    assert not score(problem, " ".join(values + ["true"])).correct  # one too many
    assert not score(problem, "true or false").correct
    balance = [v == "true" for s in range(30) for v in env("ltl_trace_check").sample(12, s).answer.split()]
    assert 0.25 < sum(balance) / len(balance) < 0.75


# -- CTL model checking ----------------------------------------------------------------------------------------


def kripke_from_prompt(prompt: str):
    graph = nx.DiGraph()
    labels = {}
    for state, atoms, successors in re.findall(r"^state (\d+): atoms \{(.*)\}, successors (.*)$", prompt, re.M):
        labels[int(state)] = set(re.findall(r"[a-z]", atoms))
        graph.add_node(int(state))
        graph.add_edges_from((int(state), int(t)) for t in successors.split(", "))
    return graph, labels


def exists_globally(graph, inside: set[int]) -> set[int]:
    """States with an infinite path inside ``inside``: those that reach, within it, a cycle of states of it."""
    sub = graph.subgraph(inside)
    on_cycle = {s for comp in nx.strongly_connected_components(sub) for s in comp
                if len(comp) > 1 or sub.has_edge(s, s)}
    return {s for s in inside if on_cycle & (nx.descendants(sub, s) | {s})}


def exists_until(graph, hold: set[int], goal: set[int]) -> set[int]:
    """States from which a path of ``hold`` states reaches ``goal``: backward search from goal."""
    reverse = graph.subgraph(hold | goal).reverse()
    return {s for g in goal for s in nx.descendants(reverse, g) | {g} if s in hold or s in goal}


def ctl_states(f, graph, labels) -> set[int]:
    """CTL through the textbook reduction to EX, EU and EG, each by graph search (networkx)."""
    everything = set(graph)
    kind = f[0]
    if kind == "atom":
        return {s for s in everything if f[1] in labels[s]}
    part = [ctl_states(g, graph, labels) for g in f[1:]]
    reduced = {
        "not": lambda: everything - part[0],
        "and": lambda: part[0] & part[1],
        "or": lambda: part[0] | part[1],
        "->": lambda: (everything - part[0]) | part[1],
        "EX": lambda: {s for s in everything if set(graph.successors(s)) & part[0]},
        "AX": lambda: {s for s in everything if set(graph.successors(s)) <= part[0]},
        "EF": lambda: exists_until(graph, everything, part[0]),
        "AF": lambda: everything - exists_globally(graph, everything - part[0]),
        "EG": lambda: exists_globally(graph, part[0]),
        "AG": lambda: everything - exists_until(graph, everything, everything - part[0]),
        "EU": lambda: exists_until(graph, part[0], part[1]),
        # A[f U g] = not (E[not g U (not f and not g)] or EG not g)
        "AU": lambda: everything - exists_until(graph, everything - part[1], everything - part[0] - part[1])
        - exists_globally(graph, everything - part[1]),
    }
    return reduced[kind]()


CTL_UNARY = {"not", "EX", "AX", "EF", "AF", "EG", "AG"}


@pytest.mark.parametrize("difficulty", [0, 2, 6, 11, 17, 24, 30])
def test_ctl_states_by_graph_search_from_the_prompt(difficulty):
    for seed in range(6):
        problem = env("ctl_model_check").sample(difficulty, seed)
        graph, labels = kripke_from_prompt(problem.prompt)
        formula = parse_operator_formula(re.search(r"^Formula: (.*)$", problem.prompt, re.M).group(1), CTL_UNARY,
                                         {"and", "or", "->"})
        states = sorted(ctl_states(formula, graph, labels))
        assert problem.answer == (", ".join(map(str, states)) or "none")


def test_ctl_answer_forms_and_near_misses():
    problem = find("ctl_model_check", lambda p: len(p.answer.split(", ")) >= 2 and p.data["states"] >= 5)
    states = problem.answer.split(", ")
    assert_right(problem, " ".join(reversed(states)))
    assert_right(problem, "[" + ";".join(states) + "]")
    assert_wrong(problem, ", ".join(states[1:]), "missing")
    other = next(s for s in range(1, problem.data["states"] + 1) if str(s) not in states)
    assert_wrong(problem, problem.answer + f", {other}", "does not satisfy")
    assert not score(problem, problem.answer + f", {states[0]}").correct  # listed twice
    assert not score(problem, "none").correct
    assert not score(problem, f"{problem.data['states'] + 1}").correct


# -- modal logic on Kripke models ------------------------------------------------------------------------------


def modal_model_from_prompt(prompt: str):
    valuation = {int(w): set(re.findall(r"[a-z]", atoms))
                 for w, atoms in re.findall(r"^world (\d+): true atoms \{(.*)\}$", prompt, re.M)}
    access = {}
    for agent, w, seen in re.findall(r"^agent ([a-z]) at world (\d+) considers possible: (.*)$", prompt, re.M):
        access[(agent, int(w))] = [] if seen == "none" else [int(v) for v in seen.split(", ")]
    return valuation, access


def modal_true(f, w, valuation, access) -> bool:
    """Pointwise evaluation, world by world (the environment works with whole world sets)."""
    kind = f[0]
    if kind == "atom":
        return f[1] in valuation[w]
    if kind == "not":
        return not modal_true(f[1], w, valuation, access)
    if kind in ("and", "or", "->"):
        a, b = modal_true(f[1], w, valuation, access), modal_true(f[2], w, valuation, access)
        return {"and": a and b, "or": a or b, "->": (not a) or b}[kind]
    seen = [modal_true(f[1], v, valuation, access) for v in access[(kind[1], w)]]
    return all(seen) if kind.startswith("[") else any(seen)


@pytest.mark.parametrize("difficulty", [0, 3, 7, 8, 15, 22, 30])
def test_modal_worlds_by_pointwise_evaluation_from_the_prompt(difficulty):
    for seed in range(6):
        problem = env("modal_kripke").sample(difficulty, seed)
        valuation, access = modal_model_from_prompt(problem.prompt)
        text = re.search(r"^Formula: (.*)$", problem.prompt, re.M).group(1)
        formula = parse_operator_formula(text, {"not", "[a]", "<a>", "[b]", "<b>"}, {"and", "or", "->"})
        worlds = [w for w in sorted(valuation) if modal_true(formula, w, valuation, access)]
        assert problem.answer == (", ".join(map(str, worlds)) or "none")


def test_modal_vacuous_boxes_and_near_misses():
    # a world that sees nothing makes every box true there and every diamond false
    problem = find("modal_kripke", lambda p: "[a]" in p.prompt and "considers possible: none" in p.prompt
                   and len(p.answer.split(", ")) >= 2)
    worlds = problem.answer.split(", ")
    assert_right(problem, " ".join(reversed(worlds)))
    assert_right(problem, "{" + ", ".join(worlds) + "}")
    assert_wrong(problem, ", ".join(worlds[:-1]), "missing")
    other = next(w for w in range(1, problem.data["worlds"] + 1) if str(w) not in worlds)
    assert_wrong(problem, problem.answer + f", {other}", "false at world")
    assert not score(problem, "none").correct
    assert not score(problem, "1-3").correct


# -- unification -----------------------------------------------------------------------------------------------


def parse_term(text: str):
    """A prompt term for sympy.unify: upper-case names are Variables, the rest Compounds (constants: no args)."""
    tokens = re.findall(r"[A-Za-z]+|[(),]", text)
    pos = 0

    def term():
        nonlocal pos
        name = tokens[pos]
        pos += 1
        if name[0].isupper():
            return UVariable(name)
        if pos < len(tokens) and tokens[pos] == "(":
            pos += 1
            args = [term()]
            while tokens[pos] == ",":
                pos += 1
                args.append(term())
            assert tokens[pos] == ")"
            pos += 1
            return Compound(name, tuple(args))
        return Compound(name, ())

    result = term()
    assert pos == len(tokens), text
    return result


def resolved(t, sub, seen=frozenset()):
    """A sympy.unify term with a triangular substitution applied until nothing changes; None when a variable
    reaches itself (sympy's occurs check only looks at the direct binding, so such a cycle means no unifier)."""
    if isinstance(t, UVariable):
        if t in seen:
            return None
        return resolved(sub[t], sub, seen | {t}) if t in sub else t
    args = tuple(resolved(a, sub, seen) for a in t.args)
    return None if None in args else Compound(t.op, args)


def term_text(t) -> str:
    if isinstance(t, UVariable):
        return t.arg
    return t.op if not t.args else f"{t.op}({', '.join(term_text(a) for a in t.args)})"


def terms_from_prompt(prompt: str):
    return (parse_term(re.search(r"^s = (.*)$", prompt, re.M).group(1)),
            parse_term(re.search(r"^t = (.*)$", prompt, re.M).group(1)))


@pytest.mark.parametrize("difficulty", [0, 2, 6, 10, 14, 21, 30])
def test_unification_decided_by_sympy_unify_from_the_prompt(difficulty):
    outcomes = []
    for seed in range(8):
        problem = env("unification_mgu").sample(difficulty, seed)
        s, t = terms_from_prompt(problem.prompt)
        unifiers = list(unify(s, t, {}))
        bindings = {v: resolved(v, unifiers[0]) for v in unifiers[0]} if unifiers else {}
        outcomes.append(bool(unifiers) and None not in bindings.values())
        if not outcomes[-1]:
            assert problem.answer == "no unifier"
            continue
        # sympy's unifier, resolved to solved form and written in the answer syntax, is accepted
        text = ", ".join(f"{v.arg} = {term_text(u)}" for v, u in bindings.items() if u != v)
        assert_right(problem, text)
        assert_right(problem, problem.answer)
        assert_wrong(problem, "no unifier", "can be unified")
    assert any(outcomes) and (difficulty < 6 or not all(outcomes))


def test_unification_renamings_accepted_and_instances_rejected():
    problem = find("unification_mgu", lambda p: re.fullmatch(r"[A-Z] = [A-Z]", p.answer) is not None,
                   difficulties=range(0, 31), seeds=range(60))
    left, right = problem.answer.split(" = ")
    assert_right(problem, f"{right} = {left}")  # the same unifier, the other way round
    assert_right(problem, f"{{{left} -> {right}}}")
    # both bound to a constant: a unifier, but not most general
    assert_wrong(problem, f"{left} = a, {right} = a", "not most general")
    assert_wrong(problem, f"{left} = {left}", "not allowed")
    general = find("unification_mgu", lambda p: p.answer != "no unifier" and "(" in p.answer)
    bindings = general.answer.split(", ")
    var, term = bindings[0].split(" = ", 1)
    # binding one more variable of the terms to a constant makes an instance of the MGU: rejected
    s, t = terms_from_prompt(general.prompt)
    free = sorted({v.arg for v in variables_in(s) | variables_in(t)} - {b.split(" = ")[0] for b in bindings}
                  - set(re.findall(r"[A-Z]", general.answer)))
    if free:
        assert_wrong(general, general.answer + f", {free[0]} = c", "not most general")
    assert not score(general, ", ".join(bindings[1:])).correct  # a binding left out
    assert not score(general, f"{var} = {var}, " + ", ".join(bindings[1:])).correct
    assert not score(general, general.answer.replace("(", "[", 1)).correct
    failing = find("unification_mgu", lambda p: p.answer == "no unifier")
    assert_right(failing, "No unifier.")
    assert not score(failing, "X = a").correct


def variables_in(t) -> set:
    if isinstance(t, UVariable):
        return {t}
    return set().union(*(variables_in(a) for a in t.args)) if t.args else set()


# -- Datalog ---------------------------------------------------------------------------------------------------


def datalog_atom(text: str):
    name, args = re.fullmatch(r"\s*([a-z]+)\((.*)\)\s*", text).groups()
    return (name, *(a.strip() for a in args.split(",")))


def datalog_from_prompt(prompt: str):
    facts = {datalog_atom(line.rstrip(".")) for line in
             re.search(r"Facts:\n(.*?)\n\nRules:", prompt, re.S).group(1).splitlines()}
    rules = []
    for line in re.search(r"Rules:\n(.*?)\n\nQuery:", prompt, re.S).group(1).splitlines():
        head, body = line.rstrip(".").split(":-")
        rules.append((datalog_atom(head), [datalog_atom(a) for a in re.findall(r"[a-z]+\([^()]*\)", body)]))
    return facts, rules, datalog_atom(re.search(r"^Query: (.*)$", prompt, re.M).group(1))


def extend(binding, atom, fact):
    """``binding`` extended so that ``atom`` becomes ``fact``, or None."""
    binding = dict(binding)
    for term, value in zip(atom[1:], fact[1:]):
        if not term[0].isupper():
            if term != value:
                return None
        elif binding.setdefault(term, value) != value:
            return None
    return binding


def naive_least_model(facts, rules):
    """Naive evaluation: every rule against all facts, by predicate, until a whole round adds nothing."""
    model = set(facts)
    while True:
        by_name = {}
        for fact in model:
            by_name.setdefault(fact[0], []).append(fact)
        new = set()
        for head, body in rules:
            bindings = [{}]
            for atom in body:
                bindings = [extended for b in bindings for fact in by_name.get(atom[0], [])
                            if (extended := extend(b, atom, fact)) is not None]
            new |= {(head[0], *(b.get(t, t) for t in head[1:])) for b in bindings}
        if new <= model:
            return model
        model |= new


@pytest.mark.parametrize("difficulty", [0, 3, 7, 11, 12, 18, 25, 30])
def test_datalog_answers_by_naive_evaluation_from_the_prompt(difficulty):
    for seed in range(5):
        problem = env("datalog_query").sample(difficulty, seed)
        facts, rules, query = datalog_from_prompt(problem.prompt)
        model = naive_least_model(facts, rules)
        free = query.index("Y")
        answers = sorted({f[free] for f in model if f[0] == query[0]
                          and all(f[i] == query[i] for i in range(1, len(query)) if i != free)},
                         key=lambda c: int(c[1:]))
        assert problem.answer == (", ".join(answers) or "none")


def test_datalog_answer_forms_and_near_misses():
    problem = find("datalog_query", lambda p: len(p.answer.split(", ")) >= 2, difficulties=range(5, 31))
    answers = problem.answer.split(", ")
    assert_right(problem, " ".join(reversed(answers)))
    assert_right(problem, "{" + "; ".join(answers) + "}")
    assert_right(problem, ", ".join(f"Y = {a}" for a in answers))
    assert_wrong(problem, ", ".join(answers[1:]), "missing")
    constants = re.findall(r"c\d+", problem.prompt)
    other = next(c for c in constants if c not in answers)
    assert_wrong(problem, problem.answer + f", {other}", "not an answer")
    assert not score(problem, problem.answer + f", {answers[0]}").correct
    assert not score(problem, problem.answer + ", c99").correct
    assert not score(problem, "none").correct


# -- minimal sums of products ----------------------------------------------------------------------------------


def dnf_from_prompt(prompt: str):
    names = re.search(r"of the variables ([A-F, ]+) is true", prompt).group(1).split(", ")
    minterms = [int(m) for m in re.search(r"exactly on these minterms: ([0-9, ]+)\.", prompt).group(1).split(", ")]
    return names, minterms


def implicant_minterms(names, on: set[int]):
    """Every cube (each variable 0, 1 or absent) all of whose minterms are in ``on``, as its set of minterms."""
    n = len(names)
    cubes = []
    for values in itertools.product((0, 1, None), repeat=n):
        points = {sum(bit << (n - 1 - i) for i, bit in enumerate(bits))
                  for bits in itertools.product(*[(v,) if v is not None else (0, 1) for v in values])}
        if points <= on:
            cubes.append(frozenset(points))
    return cubes


def fewest_terms(names, minterms) -> int:
    """Minimum set cover of the minterms by implicants, as weighted MaxSAT (python-sat's RC2)."""
    cubes = sorted(set(implicant_minterms(names, set(minterms))), key=len)
    cubes = [c for c in cubes if not any(c < d for d in cubes)]  # primes suffice
    wcnf = WCNF()
    for m in minterms:
        wcnf.append([i + 1 for i, c in enumerate(cubes) if m in c])
    for i in range(len(cubes)):
        wcnf.append([-(i + 1)], weight=1)
    with RC2(wcnf) as solver:
        return sum(1 for lit in solver.compute() if lit > 0)


def sympy_sop_text(expr) -> str:
    terms = expr.args if isinstance(expr, Or) else (expr,)
    out = []
    for term in terms:
        literals = term.args if isinstance(term, And) else (term,)
        out.append(" ".join(f"{lit.args[0]}'" if isinstance(lit, Not) else str(lit) for lit in literals))
    return " + ".join(out)


@pytest.mark.parametrize("difficulty", [0, 2, 5, 9, 14, 20, 26, 30])
def test_minimal_dnf_minimum_by_maxsat_and_sympy_from_the_prompt(difficulty):
    for seed in range(3):
        problem = env("minimal_dnf").sample(difficulty, seed)
        names, minterms = dnf_from_prompt(problem.prompt)
        best = fewest_terms(names, minterms)
        assert len(problem.answer.split(" + ")) == best
        sop = SOPform(symbols(names), minterms)
        text = sympy_sop_text(sop)
        # sympy's sum of products is the same function: accepted when it is as short, else rejected as too long
        if len(text.split(" + ")) == best:
            assert_right(problem, text)
        else:
            assert_wrong(problem, text, "minimum")
        assert_right(problem, problem.answer)


def test_minimal_dnf_other_covers_and_near_misses():
    problem = find("minimal_dnf", lambda p: len(p.answer.split(" + ")) >= 3, difficulties=range(6, 31))
    names, minterms = dnf_from_prompt(problem.prompt)
    terms = problem.answer.split(" + ")
    n = len(names)
    assert_right(problem, " | ".join(reversed(terms)))
    assert_right(problem, " or ".join("(" + " and ".join(
        f"not {lit[0]}" if lit.endswith("'") else lit for lit in t.split()) + ")" for t in terms))
    assert_wrong(problem, " + ".join(terms[1:]), "false on minterm")
    # all the minterms written out: the same function, but far from the fewest terms
    full = " + ".join(" ".join(names[i] + ("" if m >> (n - 1 - i) & 1 else "'") for i in range(n)) for m in minterms)
    assert_wrong(problem, full, "minimum")
    # one literal dropped from a term: the function changes (a term gets bigger)
    longest = max(range(len(terms)), key=lambda k: len(terms[k].split()))
    shorter = terms[:longest] + [" ".join(terms[longest].split()[1:]) or "A"] + terms[longest + 1:]
    assert not score(problem, " + ".join(shorter)).correct
    assert not score(problem, "A A'").correct
    assert not score(problem, "G + A").correct
    assert not score(problem, "").correct


# -- term rewriting --------------------------------------------------------------------------------------------


def rewrite_term(text: str, variables=()):
    """A term as nested tuples; names in ``variables`` become ("?", name)."""
    tokens = re.findall(r"[a-z]+|0|[(),]", text)
    pos = 0

    def term():
        nonlocal pos
        name = tokens[pos]
        pos += 1
        if name in variables:
            return ("?", name)
        if pos < len(tokens) and tokens[pos] == "(":
            pos += 1
            args = [term()]
            while tokens[pos] == ",":
                pos += 1
                args.append(term())
            pos += 1
            return (name, *args)
        return (name,)

    result = term()
    assert pos == len(tokens), text
    return result


def outermost_step(t, rules):
    """One rewrite at the leftmost-outermost redex, or None when ``t`` is normal."""

    def match(p, s, binding):
        if p[0] == "?":
            binding[p[1]] = s
            return True
        return p[0] == s[0] and len(p) == len(s) and all(match(a, b, binding) for a, b in zip(p[1:], s[1:]))

    def build(r, binding):
        return binding[r[1]] if r[0] == "?" else (r[0], *(build(a, binding) for a in r[1:]))

    for left, right in rules:
        binding = {}
        if match(left, t, binding):
            return build(right, binding)
    for i, arg in enumerate(t[1:], start=1):
        new = outermost_step(arg, rules)
        if new is not None:
            return t[:i] + (new,) + t[i + 1:]
    return None


def term_string(t) -> str:
    return t[0] if len(t) == 1 else f"{t[0]}({', '.join(term_string(a) for a in t[1:])})"


def rewriting_from_prompt(prompt: str):
    lines = re.search(r"Rules:\n(.*?)\n\nTerm:", prompt, re.S).group(1).splitlines()
    names = re.search(r"\bwhere ([a-z, ]+) stand for any terms", prompt).group(1).split(", ")
    rules = [tuple(rewrite_term(side, names) for side in line.split(" -> ")) for line in lines]
    return rules, rewrite_term(re.search(r"^Term: (.*)$", prompt, re.M).group(1))


@pytest.mark.parametrize("difficulty", [0, 3, 6, 11, 17, 24, 30])
def test_rewriting_normal_form_by_outermost_strategy_from_the_prompt(difficulty):
    for seed in range(5):
        problem = env("term_rewriting").sample(difficulty, seed)
        rules, term = rewriting_from_prompt(problem.prompt)
        for _step in range(20000):  # a different strategy from the environment's innermost one: same normal form
            new = outermost_step(term, rules)
            if new is None:
                break
            term = new
        assert outermost_step(term, rules) is None
        assert problem.answer == term_string(term)


def test_rewriting_answer_forms_and_near_misses():
    problem = find("term_rewriting", lambda p: "s(s(" in p.answer and "add(" in p.prompt, difficulties=range(3, 31))
    assert_right(problem, problem.answer.replace(", ", ","))
    assert_right(problem, " " + problem.answer.replace("(", " ( ") + ". ")
    assert_wrong(problem, problem.answer.replace("s(s(", "s(", 1).replace(")", "", 1), "not the normal form")
    assert_wrong(problem, "s(" + problem.answer + ")", "not the normal form")
    rules, term = rewriting_from_prompt(problem.prompt)
    assert_wrong(problem, term_string(term), "not the normal form")  # the term itself is not normal
    assert not score(problem, problem.answer + ")").correct
    assert not score(problem, "2").correct
    assert not score(problem, "s(s(0)").correct
    stuck = find("term_rewriting", lambda p: re.search(r"add\((?:s\()*0\)*, [uv]\)", p.answer) is not None,
                 difficulties=range(0, 31), seeds=range(60))
    assert_wrong(stuck, re.sub(r"add\(((?:s\()*0\)*), ([uv])\)", r"add(\2, \1)", stuck.answer, count=1))
