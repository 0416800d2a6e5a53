"""logic/two_sat: decide a random 2-SAT formula near its threshold: a satisfying assignment, or a proof there is none.

Clauses are drawn uniformly (not planted), about one per variable, where random 2-SAT turns from mostly
satisfiable to mostly unsatisfiable, and a coin picks which outcome to pose, so both answers occur about equally
often. The generator decides each formula exactly with the implication-graph / strongly-connected-components
algorithm.

"Unsatisfiable" alone earns nothing: it must come with a witness, a closed chain of implications
``x -> ... -> not x -> ... -> x`` whose every step ``a -> b`` is read off a clause ``(not a or b)``. Such a chain
proves x implies not x and not x implies x, so no assignment exists; the checker verifies it step by step, and
accepts any valid chain (any variable, any order, not necessarily the shortest), not only the reference one.
"""

from __future__ import annotations

import random
import re
from collections import deque
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.cnf import first_unsatisfied, format_clause, read_assignment

#: Fresh formulas drawn while looking for the satisfiable/unsatisfiable outcome the coin asked for.
MAX_DRAWS = 30
#: Characters one literal of a chain may take, with its arrow ("not x12345 -> ").
CHARS_PER_LITERAL = 24

_UNSAT_HEAD = re.compile(r"(?:unsatisfiable|unsat)(?=$|[\s:])\s*:?\s*", re.IGNORECASE)
_ARROW = re.compile(r"\s*(?:->|=>|\u2192|\u21d2)\s*")
_LITERAL = re.compile(r"(not\s+|[~!\u00ac-]\s*)?x(\d{1,7})", re.IGNORECASE)


def _icbrt(x: int) -> int:
    """Integer cube root (floor), exact on every platform."""
    r = round(x ** (1 / 3)) if x < 2**50 else 1 << (x.bit_length() // 3)
    while r**3 > x:
        r -= 1
    while (r + 1) ** 3 <= x:
        r += 1
    return r


def plan(difficulty: int) -> tuple[int, int]:
    """(variables, clauses): variables 3 + 2 L; clauses n + 1.55 n^(2/3).

    Random 2-SAT's threshold is at one clause per variable only in the limit; at finite n the measured 50%
    point is near ratio 1 + 1.55 / n^(1/3) (n 13: 1.8, n 63: 1.4, n 333: 1.22).
    """
    variables = 3 + 2 * level(difficulty)
    return variables, variables + 155 * _icbrt(variables * variables) // 100


def max_chain(variables: int) -> int:
    """Most literals a witness chain may have: two shortest paths of at most 2n - 1 steps each, and some slack."""
    return 4 * variables + 1


def _node(lit: int) -> int:
    return 2 * (abs(lit) - 1) + (lit < 0)


def _literal(node: int) -> int:
    return -(node // 2 + 1) if node & 1 else node // 2 + 1


def implication_graph(variables: int, clauses: list[list[int]]) -> list[list[int]]:
    """Edges between literal nodes (2v: x_{v+1}, 2v+1: not x_{v+1}); clause (a or b) gives not a -> b, not b -> a."""
    edges: list[list[int]] = [[] for _ in range(2 * variables)]
    for a, b in clauses:
        edges[_node(a) ^ 1].append(_node(b))
        edges[_node(b) ^ 1].append(_node(a))
    return edges


def components(edges: list[list[int]]) -> list[int]:
    """Strongly connected component of every node (iterative Tarjan), numbered in reverse topological order."""
    size = len(edges)
    index = [-1] * size
    low = [0] * size
    comp = [-1] * size
    on_stack = [False] * size
    stack: list[int] = []
    counter = comps = 0
    for root in range(size):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, i = work[-1]
            if i < len(edges[v]):
                work[-1] = (v, i + 1)
                w = edges[v][i]
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = comps
                    if w == v:
                        break
                comps += 1
    return comp


def solve_2sat(variables: int, clauses: list[list[int]]) -> list[bool] | None:
    """A satisfying assignment, or None."""
    comp = components(implication_graph(variables, clauses))
    # Tarjan numbers components in reverse topological order: take a literal true when its component comes first.
    values = []
    for v in range(variables):
        if comp[2 * v] == comp[2 * v + 1]:
            return None
        values.append(comp[2 * v] < comp[2 * v + 1])
    return values


def _shortest_path(edges: list[list[int]], source: int, target: int) -> list[int] | None:
    """Nodes of a shortest path from ``source`` to ``target`` (both included), by breadth-first search."""
    parent = {source: source}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        if u == target:
            path = [u]
            while path[-1] != source:
                path.append(parent[path[-1]])
            return path[::-1]
        for w in edges[u]:
            if w not in parent:
                parent[w] = u
                queue.append(w)
    return None


def contradiction_chain(variables: int, clauses: list[list[int]]) -> list[int] | None:
    """The shortest closed chain x -> ... -> not x -> ... -> x over all variables, as literals; None if satisfiable."""
    edges = implication_graph(variables, clauses)
    comp = components(edges)
    best: list[int] | None = None
    for v in range(variables):
        if comp[2 * v] != comp[2 * v + 1]:
            continue
        there = _shortest_path(edges, 2 * v, 2 * v + 1)
        back = _shortest_path(edges, 2 * v + 1, 2 * v)
        assert there is not None and back is not None  # same component: both paths exist
        chain = there + back[1:]
        if best is None or len(chain) < len(best):
            best = chain
    return None if best is None else [_literal(node) for node in best]


def format_literal(lit: int) -> str:
    return f"x{lit}" if lit > 0 else f"not x{-lit}"


def format_chain(chain: list[int]) -> str:
    return "unsatisfiable: " + " -> ".join(map(format_literal, chain))


def read_chain(text: str, variables: int) -> list[int]:
    """The literals of ``x1 -> not x3 -> ...`` (also ~x3, -x3, !x3, => and arrow signs), at most ``max_chain``."""
    cap = max_chain(variables)
    if len(text) > CHARS_PER_LITERAL * cap:
        raise ParseError(f"the chain is longer than {cap} literals")
    pieces = _ARROW.split(text.strip().rstrip(".").strip())
    if len(pieces) > cap:
        raise ParseError(f"the chain is longer than {cap} literals")
    chain = []
    for piece in pieces:
        match = _LITERAL.fullmatch(piece)
        if not match:
            raise ParseError(f"not a literal such as x3 or not x3: {piece[:30]!r}")
        index = int(match.group(2))
        if not 1 <= index <= variables:
            raise ParseError(f"there is no variable x{index}")
        chain.append(-index if match.group(1) else index)
    if len(chain) < 2:
        raise ParseError("the chain needs at least one step, written a -> b")
    return chain


def chain_flaw(chain: list[int], clauses: list[list[int]]) -> str | None:
    """Why ``chain`` does not prove unsatisfiability, or None when it does."""
    allowed = {(min(a, b), max(a, b)) for a, b in clauses}
    for number, (a, b) in enumerate(zip(chain, chain[1:]), start=1):
        # a -> b is the clause (not a or b), in either order
        if (min(-a, b), max(-a, b)) not in allowed:
            clause = format_clause([-a, b])
            return f"step {number} ({format_literal(a)} -> {format_literal(b)}) needs the clause {clause}, not given"
    if chain[0] != chain[-1]:
        return "the chain does not end at the literal it starts from"
    present = set(chain)
    if not any(-lit in present for lit in present):
        return "no variable appears in the chain both as x and as not x"
    return None


class TwoSat(Environment):
    id = "logic/two_sat"
    version = 1
    description = (
        "Decide a random 2-SAT formula: give a satisfying assignment, or prove it unsatisfiable with an "
        "implication chain."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): variables n = 3 + 2 L; clauses n + 1.55 n^(2/3) "
        "(the finite-size satisfiability threshold); satisfiable and unsatisfiable formulas about equally often"
    )
    size_name = "variables"
    answer_format = (
        "either the value of every variable, x1 first, as 0 or 1 separated by spaces (for example 1 0 0 1), or, "
        "when no assignment exists, the word unsatisfiable, a colon and a closed implication chain through a "
        "variable and its negation (for example unsatisfiable: x1 -> not x3 -> not x1 -> x2 -> x1)"
    )
    tags = ("logic", "sat", "2-sat")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, count = plan(difficulty)
        # A coin picks the outcome and formulas are redrawn until it matches (small formulas are mostly
        # satisfiable, so there the coin may rarely lose): neither constant answer can be a winning guess.
        want_satisfiable = rng.random() < 0.5
        for _ in range(MAX_DRAWS):
            clauses = []
            for _ in range(count):
                a, b = rng.sample(range(1, variables + 1), 2)
                clauses.append([a if rng.random() < 0.5 else -a, b if rng.random() < 0.5 else -b])
            solution = solve_2sat(variables, clauses)
            if (solution is not None) == want_satisfiable:
                break
        lines = "\n".join(format_clause(clause) for clause in clauses)
        prompt = (
            f"Here is a formula over the Boolean variables x1 to x{variables}: the {count} clauses below must all be "
            "true. A clause is true when at least one of its literals is true; 'not x' is true when x is 0 "
            f"(false).\n{lines}\n"
            "If some assignment makes every clause true, give one (any satisfying assignment is accepted), listing "
            "the value (0 or 1) of every variable in order x1, x2, ...\n"
            "If no assignment does, prove it. A clause (a or b) allows the implication steps 'not a -> b' and "
            "'not b -> a' (where not (not x) is x): if a is false, b must be true. Write unsatisfiable: followed by "
            "a chain of literals joined by '->' in which every step is allowed by one of the clauses above, the "
            "last literal is the first one again, and some variable occurs both as x and as not x. Such a chain "
            "shows that x implies not x and not x implies x, which no assignment can satisfy. Any valid chain of "
            f"at most {max_chain(variables)} literals is accepted; 'unsatisfiable' without a valid chain is not."
        )
        if solution is None:
            chain = contradiction_chain(variables, clauses)
            assert chain is not None
            answer = format_chain(chain)
        else:
            answer = " ".join("1" if v else "0" for v in solution)
        data = {"variables": variables, "clauses": clauses, "satisfiable": solution is not None}
        return Instance(prompt=prompt, answer=answer, data=data, size=variables)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip()
        head = _UNSAT_HEAD.match(text)
        if head:
            rest = text[head.end() :]
            if not rest.strip().rstrip(".").strip():
                raise ParseError("'unsatisfiable' must be followed by a colon and an implication chain as its proof")
            chain = read_chain(rest, data["variables"])
            flaw = chain_flaw(chain, data["clauses"])
            if flaw is not None:
                return Verdict.wrong(f"the chain is not a proof: {flaw}")
            return Verdict.right()  # a valid chain proves unsatisfiability on its own
        values = read_assignment(text, data["variables"])
        k = first_unsatisfied(data["clauses"], values)
        if k is not None:
            return Verdict.wrong(f"clause {k + 1} {format_clause(data['clauses'][k])} is false")
        return Verdict.right()
