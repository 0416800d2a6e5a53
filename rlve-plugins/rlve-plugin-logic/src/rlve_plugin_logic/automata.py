"""Finite automata over a small alphabet: complete DFAs (random ones, equivalent look-alikes, minimisation,
distinguishing words, the transition table a prompt shows) and Thompson NFAs for regular expressions.

A DFA is plain JSON-ready data: ``{"alphabet": "ab", "delta": [[1, 0], [1, 1]], "accepting": [1]}``: states
are 0 .. n-1, 0 is the start, ``delta[q][i]`` is the state reached from q on the i-th letter.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

Dfa = dict[str, Any]


def accepts(dfa: Dfa, word: str) -> bool:
    """Whether ``dfa`` accepts ``word`` (every letter must be in its alphabet)."""
    index = {letter: i for i, letter in enumerate(dfa["alphabet"])}
    state = 0
    for letter in word:
        state = dfa["delta"][state][index[letter]]
    return state in set(dfa["accepting"])


def random_dfa(states: int, alphabet: str, rng: random.Random, accept_share: float = 0.4) -> Dfa:
    """A random complete DFA whose every state is reachable: each state after the first gets its first incoming
    arrow from an earlier state (a random spanning tree from the start), every other arrow goes anywhere."""
    letters = len(alphabet)
    delta: list[list[int | None]] = [[None] * letters for _ in range(states)]
    for target in range(1, states):
        free = [(q, i) for q in range(target) for i in range(letters) if delta[q][i] is None]
        q, i = rng.choice(free)  # `target` states have `target * letters` arrows and only `target - 1` are used
        delta[q][i] = target
    full = [[rng.randrange(states) if t is None else t for t in row] for row in delta]
    accepting = sorted(q for q in range(states) if rng.random() < accept_share)
    if not accepting or len(accepting) == states:  # keep both kinds, so the language is neither empty nor all
        accepting = sorted(set(accepting) ^ {rng.randrange(states)})
    return {"alphabet": alphabet, "delta": full, "accepting": accepting}


def reachable(dfa: Dfa) -> list[int]:
    """The states reachable from the start, in breadth-first order."""
    seen = {0}
    order = [0]
    for state in order:
        for target in dfa["delta"][state]:
            if target not in seen:
                seen.add(target)
                order.append(target)
    return order


def equivalence_classes(dfa: Dfa) -> dict[int, int]:
    """Reachable state -> its class in the minimal DFA (Moore's refinement: split by acceptance, then by the
    classes of the successors, until nothing splits). The class count is the minimal DFA's number of states."""
    states = reachable(dfa)
    accepting = set(dfa["accepting"])
    block = {q: int(q in accepting) for q in states}
    count = len(set(block.values()))
    while True:
        signatures: dict[tuple[int, ...], int] = {}
        refined = {}
        for q in states:
            key = (block[q], *(block[t] for t in dfa["delta"][q]))
            refined[q] = signatures.setdefault(key, len(signatures))
        if len(signatures) == count:
            return refined
        block, count = refined, len(signatures)


def minimal_size(dfa: Dfa) -> int:
    return len(set(equivalence_classes(dfa).values()))


def blow_up(core: Dfa, states: int, rng: random.Random) -> Dfa:
    """A DFA with ``states`` states accepting the same language as ``core`` (which has at most that many).

    The extra states are copies of core states (same acceptance); every arrow that should enter a core state
    enters a random member of its copy group instead, so the language is unchanged while the table looks new.
    Copies no arrow happens to enter stay unreachable. State numbers are shuffled, the start kept at 0.
    """
    size = len(core["delta"])
    original = list(range(size)) + [rng.randrange(size) for _ in range(states - size)]
    group: list[list[int]] = [[] for _ in range(size)]
    for state, source in enumerate(original):
        group[source].append(state)
    delta = [[rng.choice(group[target]) for target in core["delta"][original[state]]] for state in range(states)]
    accepting = {state for state in range(states) if original[state] in set(core["accepting"])}
    order = [0] + rng.sample(range(1, states), states - 1)  # order[new] = old
    new_of = {old: new for new, old in enumerate(order)}
    return {
        "alphabet": core["alphabet"],
        "delta": [[new_of[t] for t in delta[old]] for old in order],
        "accepting": sorted(new_of[q] for q in accepting),
    }


def distinguishing_word(first: Dfa, second: Dfa) -> str | None:
    """A shortest word (alphabetically first among them) accepted by exactly one of the two DFAs, found by
    breadth-first search over pairs of states; None when they accept the same language."""
    alphabet = first["alphabet"]
    accept_first, accept_second = set(first["accepting"]), set(second["accepting"])
    parent: dict[tuple[int, int], tuple[tuple[int, int], str] | None] = {(0, 0): None}
    queue = deque([(0, 0)])
    while queue:
        pair = queue.popleft()
        p, q = pair
        if (p in accept_first) != (q in accept_second):
            letters = []
            step = parent[pair]
            while step is not None:
                pair, letter = step
                letters.append(letter)
                step = parent[pair]
            return "".join(reversed(letters))
        for i, letter in enumerate(alphabet):
            nxt = (first["delta"][p][i], second["delta"][q][i])
            if nxt not in parent:
                parent[nxt] = (pair, letter)
                queue.append(nxt)
    return None


def format_table(dfa: Dfa) -> str:
    """The transition table as a prompt shows it: a header, then one line per state, ``2 | 0 | 3`` read as
    "from state 2, letter a leads to 0 and letter b to 3"."""
    width = max(len("state"), len(str(len(dfa["delta"]) - 1)))
    cells = [["state", *(f"on {letter}" for letter in dfa["alphabet"])]]
    cells += [[str(state), *map(str, row)] for state, row in enumerate(dfa["delta"])]
    return "\n".join(" | ".join(cell.ljust(width) for cell in row).rstrip() for row in cells)


def describe_states(dfa: Dfa) -> str:
    """``start state 0; accepting states 1, 4`` (or ``no accepting state``)."""
    accepting = ", ".join(map(str, dfa["accepting"])) or "none"
    return f"start state 0; accepting states: {accepting}"


# -- Thompson NFAs ---------------------------------------------------------------------------------------------

# A regular expression tree: ["lit", "a"], ["cat", x, y], ["alt", x, y], ["star", x], ["plus", x], ["opt", x].
Regex = list[Any]


class Nfa:
    """Thompson's construction: one start and one accepting state, letter arrows and empty (epsilon) arrows,
    simulated on sets of states (bit masks), so matching takes time linear in the word and the expression."""

    def __init__(self, regex: Regex):
        self.letters: list[tuple[str, int] | None] = []  # state -> (letter, next state) or None
        self.empty: list[list[int]] = []  # state -> states reached by an empty arrow
        self.start, self.accept = self._build(regex)
        self._closures: dict[int, int] = {}

    def _state(self) -> int:
        self.letters.append(None)
        self.empty.append([])
        return len(self.empty) - 1

    def _build(self, node: Regex) -> tuple[int, int]:
        kind = node[0]
        if kind == "lit":
            start, end = self._state(), self._state()
            self.letters[start] = (node[1], end)
            return start, end
        if kind == "cat":
            first_start, first_end = self._build(node[1])
            second_start, second_end = self._build(node[2])
            self.empty[first_end].append(second_start)
            return first_start, second_end
        start, end = self._state(), self._state()
        if kind == "alt":
            for child in node[1:]:
                child_start, child_end = self._build(child)
                self.empty[start].append(child_start)
                self.empty[child_end].append(end)
            return start, end
        child_start, child_end = self._build(node[1])
        self.empty[start].append(child_start)
        self.empty[child_end].append(end)
        if kind in ("star", "opt"):
            self.empty[start].append(end)  # zero times
        if kind in ("star", "plus"):
            self.empty[child_end].append(child_start)  # once more
        return start, end

    def closure(self, state: int) -> int:
        """The states reachable from ``state`` by empty arrows (itself included), as a bit mask; cached."""
        if state in self._closures:
            return self._closures[state]
        mask = 1 << state
        stack = [state]
        while stack:
            for target in self.empty[stack.pop()]:
                if not mask >> target & 1:
                    mask |= 1 << target
                    stack.append(target)
        self._closures[state] = mask
        return mask

    def matches(self, word: str) -> bool:
        current = self.closure(self.start)
        for letter in word:
            following = 0
            mask = current
            while mask:
                low = mask & -mask
                state = low.bit_length() - 1
                mask ^= low
                arrow = self.letters[state]
                if arrow is not None and arrow[0] == letter:
                    following |= self.closure(arrow[1])
            current = following
            if not current:
                return False
        return bool(current >> self.accept & 1)
