"""logic/buchi_lasso_word: an infinite word a nondeterministic Büchi automaton accepts, as a lasso u(v)^ω, or
"empty" when it accepts none.

The automaton is built so that its accepting states lie on no cycle (every candidate transition that would
close a cycle through one is refused); then, in about three problems out of four, one last transition that
does close such a cycle is added, so empty and non-empty automata look alike and one arrow decides. Every
state is reachable from the start (a random spanning tree is drawn first). Any lasso within the stated
bounds that the automaton accepts is right: the checker runs the automaton on u, then on repeated blocks v,
and looks for a cycle of blocks that passes through an accepting state.
"""

from __future__ import annotations

import random
import re
from collections import deque
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow

#: Past this many states the automaton stops growing (transitions keep coming, up to a share of all arrows).
MAX_STATES = 20
NONEMPTY_SHARE = 0.75
#: Random draws of one transition before the generator gives up on the automaton and draws another.
DRAWS = 200
EMPTY_WORDS = ("empty", "none", "the language is empty", "no word")
_LASSO = re.compile(r"([a-z]*)\(([a-z]+)\)")

Transition = tuple[int, str, int]


def plan(difficulty: int) -> tuple[int, int, str]:
    """(states, transitions, alphabet): states 3 + L/3 (at most 20); transitions 2 + n + L to level 30, then
    one more per 4 levels, at most 4n; letters a, b, and c from level 10."""
    lvl = level(difficulty)
    states = min(MAX_STATES, 3 + slow(lvl, 3, 12, knee=30))
    transitions = min(4 * states, 2 + states + slow(lvl, 1, 4, knee=30))
    return states, transitions, "ab" if lvl < 10 else "abc"


def reach_from(start: int, successors: list[set[int]]) -> set[int]:
    seen = {start}
    stack = [start]
    while stack:
        for target in successors[stack.pop()]:
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


def closes_accepting_cycle(source: int, target: int, successors: list[set[int]], accepting: set[int]) -> bool:
    """Whether an arrow source -> target would put an accepting state on a cycle: some accepting state is
    reachable from target and reaches source (the state itself counts)."""
    behind = [f for f in accepting if source in reach_from(f, successors)]
    return bool(behind) and any(f in reach_from(target, successors) for f in behind)


def random_automaton(states: int, count: int, alphabet: str, nonempty: bool, rng: random.Random):
    """(transitions, accepting states), or None when the draws found no transition to add. Transitions are
    drawn at random and refused while they would close a cycle through an accepting state, except the last
    one of a non-empty automaton, which must close one."""
    accepting = set(rng.sample(range(1, states), max(1, states // 5)))
    successors: list[set[int]] = [set() for _ in range(states)]
    chosen: set[Transition] = set()

    def add(source: int, letter: str, target: int) -> None:
        chosen.add((source, letter, target))
        successors[source].add(target)

    for target in range(1, states):  # a spanning tree: never a cycle
        add(rng.randrange(target), rng.choice(alphabet), target)
    while len(chosen) < count:
        closing = nonempty and len(chosen) == count - 1
        for _ in range(DRAWS):
            p, a, q = rng.randrange(states), rng.choice(alphabet), rng.randrange(states)
            if (p, a, q) in chosen:
                continue
            if q in successors[p]:  # the same arrow on another letter changes no cycle
                if not closing:
                    break
                continue
            if closes_accepting_cycle(p, q, successors, accepting) == closing:
                break
        else:
            return None
        add(p, a, q)
    return sorted(chosen), accepting


def shortest_lasso(states: int, transitions: list[Transition], accepting: set[int]) -> tuple[str, str] | None:
    """(u, v) with u v^ω accepted and |u| + |v| smallest, or None when the language is empty."""
    arrows: list[list[tuple[str, int]]] = [[] for _ in range(states)]
    for source, letter, target in transitions:
        arrows[source].append((letter, target))
    best = None
    for f in sorted(accepting):
        u = _word_to(0, f, arrows, states, nonempty=False)
        v = _word_to(f, f, arrows, states, nonempty=True)
        if u is not None and v is not None and (best is None or len(u) + len(v) < len(best[0]) + len(best[1])):
            best = (u, v)
    return best


def _word_to(start: int, goal: int, arrows: list[list[tuple[str, int]]], states: int, nonempty: bool) -> str | None:
    """A shortest word from ``start`` to ``goal`` (a non-empty one when ``nonempty``), by breadth-first search
    over (state, whether a letter was read)."""
    origin = (start, not nonempty)
    parent: dict[tuple[int, bool], tuple[tuple[int, bool], str] | None] = {origin: None}
    queue = deque([origin])
    while queue:
        node = queue.popleft()
        state, moved = node
        if state == goal and moved:
            letters = []
            while parent[node] is not None:
                node, letter = parent[node]
                letters.append(letter)
            return "".join(reversed(letters))
        for letter, target in arrows[state]:
            nxt = (target, True)
            if nxt not in parent:
                parent[nxt] = (node, letter)
                queue.append(nxt)
    return None


def accepts_lasso(data: dict[str, Any], u: str, v: str) -> bool:
    """Whether some run on u v^ω visits an accepting state infinitely often.

    After u, the run is in one of the states ``current``. For every state q, one block v leads to the states
    ``plain[q]``, and to ``marked[q]`` by a run that meets an accepting state on the way (after a letter). The
    word is accepted exactly when, in the graph of blocks, a marked step q -> r lies on a cycle reachable
    from ``current``."""
    states = data["states"]
    succ: dict[str, list[int]] = {letter: [0] * states for letter in data["alphabet"]}
    for source, letter, target in data["transitions"]:
        succ[letter][source] |= 1 << target
    accept_mask = sum(1 << f for f in data["accepting"])

    def step(mask: int, letter: str) -> int:
        out = 0
        table = succ[letter]
        while mask:
            low = mask & -mask
            out |= table[low.bit_length() - 1]
            mask ^= low
        return out

    current = 1
    for letter in u:
        current = step(current, letter)
    plain = [0] * states
    marked = [0] * states
    todo, done = current, 0
    while todo:  # only the states blocks can reach from `current`
        low = todo & -todo
        q = low.bit_length() - 1
        todo ^= low
        done |= low
        free, met = low, 0
        for letter in v:
            free, met = step(free, letter), step(met, letter)
            met |= free & accept_mask
            free &= ~accept_mask
        plain[q], marked[q] = free | met, met
        todo |= (free | met) & ~done
    reach_of = [0] * states
    for q in range(states):
        if done >> q & 1:
            seen, frontier = plain[q], plain[q]
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new = plain[low.bit_length() - 1] & ~seen
                seen |= new
                frontier |= new
            reach_of[q] = seen
    for q in range(states):
        targets = marked[q]
        while targets:
            low = targets & -targets
            targets ^= low
            if reach_of[low.bit_length() - 1] >> q & 1:
                return True
    return False


def read_lasso(answer: str, alphabet: str, max_length: int) -> tuple[str, str] | None:
    """``u(v)`` (spaces, a trailing ^ω or ^omega allowed); None for "empty"."""
    text = answer.strip().rstrip(".").strip().lower()
    if len(text) > 4 * max_length + 20:
        raise ParseError("the lasso is longer than the bounds allow")
    if text in EMPTY_WORDS:
        return None
    text = re.sub(r"\s+", "", text)
    for tail in ("^omega", "^ω", "^{omega}", "^{ω}", "ω"):
        if text.endswith(tail):
            text = text[: -len(tail)]
            break
    match = _LASSO.fullmatch(text)
    if not match:
        raise ParseError("expected a lasso u(v), for example ab(ba), or empty")
    u, v = match.groups()
    if any(letter not in alphabet for letter in u + v):
        raise ParseError(f"the word uses a letter outside {', '.join(alphabet)}")
    return u, v


class BuchiLassoWord(Environment):
    id = "logic/buchi_lasso_word"
    version = 1
    description = "Give an infinite word u(v)^ω that a nondeterministic Büchi automaton accepts, or say there is none."
    difficulty_scales = (
        f"level L (L = d up to 100, then +20 per doubling): states 3 + L/3 (at most {MAX_STATES}); transitions "
        "2 + states + L to level 30, then one more per 4 levels (at most 4 per state); alphabet {a, b}, {a, b, c} "
        "from level 10; accepting states on no cycle, then in three problems of four one transition that closes "
        "a cycle through one"
    )
    size_name = "transitions"
    answer_format = "a lasso u(v), meaning u followed by v repeated forever, for example ab(ba) or (a); or empty"
    tags = ("logic", "automata", "buchi", "omega-words", "emptiness")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        states, count, alphabet = plan(difficulty)
        nonempty = rng.random() < NONEMPTY_SHARE
        built = None
        while built is None:
            built = random_automaton(states, count, alphabet, nonempty, rng)
        transitions, accepting = built
        lasso = shortest_lasso(states, transitions, accepting)
        listed = "\n".join(f"{p} --{a}--> {q}" for p, a, q in transitions)
        letters = ", ".join(alphabet)
        prompt = (
            f"A nondeterministic Büchi automaton reads infinite words over the alphabet {{{letters}}}. It has the "
            f"states 0 to {states - 1}; the start state is 0 and the accepting states are "
            f"{', '.join(map(str, sorted(accepting)))}. Its transitions (p --x--> q: in state p, reading x, it may "
            "move to q; a state may have several transitions or none on a letter, and a run with no transition "
            f"to take dies):\n{listed}\n\n"
            "An infinite word is accepted when some run of the automaton on it, starting in state 0, never dies "
            "and passes through accepting states infinitely often. Write an accepted word as a lasso u(v): the "
            "finite word u followed by the non-empty finite word v repeated forever (for example ab(ba) is "
            f"abbababa...; (a) is aaaa...). Use at most {states} letters for u and 1 to {states} letters for v; "
            "any accepted lasso within these bounds counts. If the automaton accepts no infinite word at all, "
            "answer empty."
        )
        answer = "empty" if lasso is None else f"{lasso[0]}({lasso[1]})"
        data = {
            "states": states,
            "alphabet": alphabet,
            "transitions": [list(t) for t in transitions],
            "accepting": sorted(accepting),
            "empty": lasso is None,
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        states = data["states"]
        lasso = read_lasso(answer, data["alphabet"], states)
        if lasso is None:
            if data["empty"]:
                return Verdict.right()
            return Verdict.wrong("the automaton accepts some infinite word")
        u, v = lasso
        if len(u) > states or len(v) > states:
            return Verdict.wrong(f"u and v may have at most {states} letters each")
        if data["empty"]:
            return Verdict.wrong("the automaton accepts no infinite word")
        if not accepts_lasso(data, u, v):
            return Verdict.wrong(f"no run on {u}({v}) visits accepting states infinitely often")
        return Verdict.right()
