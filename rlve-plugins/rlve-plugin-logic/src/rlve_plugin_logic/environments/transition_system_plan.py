"""logic/transition_system_plan: a shortest action sequence in an explicit labelled transition system.

The system lists its states, the facts true in each, and for every action the states where it can be taken
and where it leads. The goal is a condition on the facts of the final state (a disjunction of conjunctions of
literals), from level 5 on sometimes with a waypoint: the run must pass through a state where a given fact
holds. One breadth-first search over pairs (state, waypoint passed yet) from the start finds every reachable
pair with its distance; the goals are aimed at the pairs it found last, and the one whose nearest goal pair
is farthest is posed. A fifth of the instances have no plan: the goal fixes the facts of a state that no run
can end in, and the answer is "impossible".
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.planning import Found, explore, moves_back

FACTS = "pqrt"
ACTIONS = "abcd"
#: States at most, however high the level: the prompt lists every transition.
MAX_STATES = 120
#: Goal conditions tried per instance (aimed at the farthest pairs); the one with the longest plan is posed.
CANDIDATE_GOALS = 8
IMPOSSIBLE_SHARE = 0.2

Literal = tuple[int, bool]  # (fact index, wanted value)
Goal = list[list[Literal]]  # a disjunction of conjunctions


def plan(difficulty: int) -> tuple[int, int, int, bool]:
    """(states, facts, actions, waypoints allowed): states 4 + L to level 30, then one more per four levels."""
    lvl = level(difficulty)
    states = min(MAX_STATES, 4 + slow(lvl, 1, 4, knee=30))
    facts = 2 if lvl < 6 else 3 if lvl < 16 else 4
    actions = 2 if lvl < 4 else 3 if lvl < 14 else 4
    return states, facts, actions, lvl >= 5


def holds(goal: Goal, labels: list[int]) -> bool:
    """Whether a state whose true facts are the bits of ``labels`` satisfies the goal."""
    return any(all(bool(labels >> f & 1) == value for f, value in term) for term in goal)


def describe_goal(goal: Goal) -> str:
    def literal(f: int, value: bool) -> str:
        return FACTS[f] if value else f"not {FACTS[f]}"

    terms = [" and ".join(literal(f, v) for f, v in term) for term in goal]
    if len(terms) == 1:
        return terms[0]
    return " or ".join(f"({t})" if " and " in t else t for t in terms)


def runs(labels: list[int], table: list[list[int]], start: int, via: int | None) -> Found:
    """Breadth-first search over pairs (state, waypoint passed yet) from the start: every reachable pair."""

    def passes(state: int) -> bool:
        return via is None or bool(labels[state] >> via & 1)

    def successors(node: tuple[int, bool]):
        state, passed = node
        for action, row in enumerate(table):
            nxt = row[state]
            if nxt >= 0:
                yield action, (nxt, passed or passes(nxt))

    return explore([(start, passes(start))], successors)[0]


def first_goal(found: Found, labels: list[int], goal: Goal) -> tuple[int, bool] | None:
    """The first pair the search found that ends a plan: waypoint passed, goal condition true."""
    return next((node for node in found if node[1] and holds(goal, labels[node[0]])), None)


def random_actions(n: int, actions: int, rng: random.Random) -> list[list[int]]:
    """For each action, its target in every state (-1 where it cannot be taken).

    Uniformly random arrows make every state a few steps from every other, so plans would stay short however
    many states there are. Here the states lie on a hidden line (a random order): each action moves a fixed
    number of places along it (1 to 3, either way), is defined in about three states out of four, and now
    and then jumps anywhere instead, so the shortest plans grow with the number of states.
    """
    line = list(range(n))
    rng.shuffle(line)
    where = {state: i for i, state in enumerate(line)}
    table = []
    for _ in range(actions):
        step = rng.choice((1, 2, 3)) * rng.choice((-1, 1))
        row = []
        for state in range(n):
            target = where[state] + step
            if rng.random() < 0.25 or not 0 <= target < n:
                row.append(-1)
            elif rng.random() < 0.1:
                row.append(rng.randrange(n))
            else:
                row.append(line[target])
        table.append(row)
    return table


def full_term(label: int, facts: int) -> list[Literal]:
    """The conjunction that fixes every fact as it is in a state with this label."""
    return [(f, bool(label >> f & 1)) for f in range(facts)]


def goal_candidates(found: Found, labels: list[int], facts: int, lvl: int, rng: random.Random) -> list[Goal]:
    """Goals aimed at the pairs found last (the farthest from the start): their state's facts, one of them
    dropped now and then from level 8, and from level 10 half the time a second term on other facts."""
    ends = [node for node in found if node[1]]
    out = []
    for state, _ in ends[-CANDIDATE_GOALS:]:
        term = full_term(labels[state], facts)
        if lvl >= 8 and rng.random() < 0.3:
            term.pop(rng.randrange(facts))
        goal = [term]
        if lvl >= 10 and rng.random() < 0.5:
            other = full_term(rng.randrange(1 << facts), facts)
            other.pop(rng.randrange(facts))
            if not (set(other) <= set(term) or set(term) <= set(other)):  # neither term may contain the other
                goal.append(other)
        out.append(goal)
    return out


def read_actions(answer: str, names: str, limit: int) -> list[int] | None:
    """Action letters separated by spaces, commas or arrows; None for "impossible"."""
    text = answer.strip().strip(".").strip()
    if text.lower() in ("impossible", "no plan", "unreachable"):
        return None
    if len(text) > 4 * limit + 16:
        raise ParseError(f"more than {limit} actions")
    tokens = [t for t in re.split(r"[\s,;]+", text.replace("->", " ")) if t]
    if not tokens:
        raise ParseError("expected action letters, or impossible")
    if len(tokens) > limit:
        raise ParseError(f"more than {limit} actions")
    out = []
    for token in tokens:
        if len(token) != 1 or token.lower() not in names:
            raise ParseError(f"{token[:20]!r} is not one of the actions {', '.join(names)}")
        out.append(names.index(token.lower()))
    return out


class TransitionSystemPlan(Environment):
    id = "logic/transition_system_plan"
    version = 1
    description = (
        "Find a shortest action sequence in a listed labelled transition system that reaches a state satisfying "
        "a goal condition (possibly through a waypoint), or say that it is impossible."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): states 4 + L to level 30, then one more per four levels "
        "(at most 120); facts 2, 3 from level 6, 4 from 16; actions 2, 3 from level 4, 4 from 14; a waypoint condition "
        "in half the instances from level 5; goals fix the facts of one of the 8 farthest reachable states (one fact "
        "left free now and then from level 8, a second term half the time from level 10), the one with the longest "
        "shortest plan posed; a fifth of the instances have no plan"
    )
    size_name = "states"
    answer_format = (
        "the action letters in order, separated by spaces (for example a c b), or the word impossible when no "
        "sequence of actions reaches the goal"
    )
    tags = ("logic", "planning", "automata", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, facts, actions, waypoints = plan(difficulty)
        lvl = level(difficulty)
        names = ACTIONS[:actions]
        # an impossible instance needs a state whose facts no run can end with: up to 8 systems are drawn for one
        impossible_tries = 8 if rng.random() < IMPOSSIBLE_SHARE else 0
        while True:
            labels = [rng.randrange(1 << facts) for _ in range(n)]
            table = random_actions(n, actions, rng)
            start = rng.randrange(n)
            via = rng.randrange(facts) if waypoints and rng.random() < 0.5 else None
            found = runs(labels, table, start, via)
            if impossible_tries:
                impossible_tries -= 1
                # the full facts of a state no run can end in (after the waypoint): no plan exists
                ending = {labels[state] for state, passed in found if passed}
                unreachable = [state for state in range(n) if labels[state] not in ending]
                if unreachable:
                    goal, moves = [full_term(labels[rng.choice(unreachable)], facts)], None
                    break
                if impossible_tries:
                    continue
            best = None
            for candidate in goal_candidates(found, labels, facts, lvl, rng):
                end = first_goal(found, labels, candidate)
                if end is not None and found[end][0] > 0 and (best is None or found[end][0] > found[best[1]][0]):
                    best = (candidate, end)
            if best is not None:
                goal, moves = best[0], moves_back(found, best[1])[::-1]
                break
        listing = "\n".join(
            f"s{i + 1}: " + (", ".join(FACTS[f] for f in range(facts) if labels[i] >> f & 1) or "none")
            for i in range(n)
        )
        arrows = "\n".join(
            f"{names[a]}: " + ", ".join(f"s{i + 1} -> s{j + 1}" for i, j in enumerate(table[a]) if j >= 0)
            for a in range(actions)
        )
        waypoint = (
            ""
            if via is None
            else f", after passing through at least one state where {FACTS[via]} is true (the start state and the "
            "final state count)"
        )
        prompt = (
            f"A system has states s1 to s{n}. Each state makes some of the facts {', '.join(FACTS[:facts])} true "
            f"(the facts not listed are false in it):\n{listing}\n\n"
            f"The actions are {', '.join(names)}. Each action can be taken only in the states listed for it, and "
            f"leads from there to the state after the arrow (an action not listed for a state cannot be taken in "
            f"it):\n{arrows}\n\n"
            f"You start in state s{start + 1}. Goal: end in a state where {describe_goal(goal)} holds"
            f"{waypoint}. Give a shortest sequence of actions that does this (any sequence of the minimum length "
            "counts), as the action letters in order separated by spaces; if no sequence of actions does it, "
            "answer impossible."
        )
        answer = "impossible" if moves is None else " ".join(names[a] for a in moves)
        data = {
            "labels": labels,
            "table": table,
            "start": start,
            "goal": [[list(lit) for lit in term] for term in goal],
            "via": via,
            "optimum": None if moves is None else len(moves),
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        labels, table, optimum, via = data["labels"], data["table"], data["optimum"], data["via"]
        goal: Goal = [[(f, bool(v)) for f, v in term] for term in data["goal"]]
        names = ACTIONS[: len(table)]
        # plans longer than the optimum are read (within bounds), to say why they lose
        actions = read_actions(answer, names, 2 * (optimum or len(labels)) + 8)
        if actions is None:
            if optimum is None:
                return Verdict.right()
            return Verdict.wrong(f"it is possible: a sequence of {optimum} actions reaches the goal")
        state = data["start"]
        passed = via is None or bool(labels[state] >> via & 1)
        for number, action in enumerate(actions, start=1):
            nxt = table[action][state]
            if nxt < 0:
                return Verdict.wrong(f"action {number} ({names[action]}) cannot be taken in state s{state + 1}")
            state = nxt
            passed = passed or bool(labels[state] >> via & 1)
        if not holds(goal, labels[state]):
            return Verdict.wrong(f"the sequence ends in s{state + 1}, where the goal condition does not hold")
        if not passed:
            return Verdict.wrong(f"the run never passes through a state where {FACTS[via]} is true")
        if optimum is None:  # not reachable, the generator's search says: a plan here means a bug, not a win
            return Verdict.wrong("no sequence of actions reaches the goal")
        if len(actions) > optimum:
            return Verdict.wrong(f"the sequence has {len(actions)} actions; the fewest possible is {optimum}")
        return Verdict.right()
