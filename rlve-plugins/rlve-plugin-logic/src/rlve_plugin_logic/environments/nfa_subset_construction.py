"""logic/nfa_subset_construction: how many states the subset construction gives an NFA (with or without empty
moves): the number of sets of NFA states reachable from the start set, the empty set included when reached.

The NFA grows from a random complete DFA (``automata.random_dfa``: every state reachable, one arrow per state and
letter) by extra arrows that make it nondeterministic, some arrows dropped (so the empty set can appear), and in
half of the problems empty (epsilon) moves. The DFA's start is the closure of the NFA start under empty moves;
on a letter a set goes to the closure of every state an arrow with that letter leads to from a member. The sets
reachable that way are counted by a breadth-first search over bit masks; an NFA whose count passes a cap is
drawn again, so that the answer stays within reach of working by hand.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.automata import random_dfa
from rlve_plugin_logic.number_answers import read_count

#: NFA states and reachable subsets at most, however high the level.
MAX_STATES, MAX_SUBSETS = 18, 160
#: NFAs drawn per problem at most while looking for one with at least half the subsets allowed.
DRAWS = 8
EMPTY = "ε"


def plan(difficulty: int) -> tuple[int, int, int]:
    """(NFA states, extra arrows, subsets allowed): states 3 + L / 2 to level 30, then one more per sixteen
    levels (at most 18); 1 + L / 10 extra arrows (at most 4); 8 + 4 L subsets allowed (at most 160). The subsets
    multiply with the states and every nondeterministic choice, so the count is what the level really bounds."""
    lvl = level(difficulty)
    states = min(MAX_STATES, 3 + slow(lvl, 2, 16, knee=30))
    return states, min(4, 1 + lvl // 10), min(MAX_SUBSETS, 8 + 4 * lvl)


def random_nfa(states: int, alphabet: str, extra: int, with_empty: bool, rng: random.Random):
    """(arrows[state][letter] as sorted target lists, empty moves[state] as sorted target lists): ``extra`` more
    arrows than the DFA, states / 4 arrows cleared, states / 3 empty moves when asked."""
    dfa = random_dfa(states, alphabet, rng)
    arrows = [[{target} for target in row] for row in dfa["delta"]]
    for _ in range(extra):
        arrows[rng.randrange(states)][rng.randrange(len(alphabet))].add(rng.randrange(states))
    for _ in range(states // 4):  # a few missing arrows: a set may lose every member
        arrows[rng.randrange(states)][rng.randrange(len(alphabet))].clear()
    empty: list[set[int]] = [set() for _ in range(states)]
    if with_empty:
        for _ in range(max(1, states // 3)):
            source = rng.randrange(states)
            empty[source].add(rng.choice([q for q in range(states) if q != source]))
    return [[sorted(cell) for cell in row] for row in arrows], [sorted(cell) for cell in empty]


def closures(empty: list[list[int]]) -> list[int]:
    """For each state, the states its empty moves reach (itself included), as a bit mask."""
    out = []
    for state in range(len(empty)):
        mask, stack = 1 << state, [state]
        while stack:
            for target in empty[stack.pop()]:
                if not mask >> target & 1:
                    mask |= 1 << target
                    stack.append(target)
        out.append(mask)
    return out


def subset_count(arrows: list[list[list[int]]], empty: list[list[int]], limit: int) -> int | None:
    """The number of subsets the construction reaches from the closure of state 0; None past ``limit``."""
    closure = closures(empty)
    letters = len(arrows[0]) if arrows else 0
    step = [[0] * letters for _ in arrows]  # state, letter -> closure of the arrows' targets, as a mask
    for state, row in enumerate(arrows):
        for i, targets in enumerate(row):
            for target in targets:
                step[state][i] |= closure[target]
    start = closure[0]
    seen, queue = {start}, [start]
    for subset in queue:  # the list grows while it is walked: breadth-first
        for i in range(letters):
            nxt, rest = 0, subset
            while rest:
                low = rest & -rest
                nxt |= step[low.bit_length() - 1][i]
                rest ^= low
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
                if len(seen) > limit:
                    return None
    return len(seen)


def table(arrows: list[list[list[int]]], empty: list[list[int]], alphabet: str, with_empty: bool) -> str:
    """One line per state: the targets on each letter (and on ε), ``{1, 3}``, ``{}`` for none."""
    header = ["state", *(f"on {letter}" for letter in alphabet)] + ([f"on {EMPTY}"] if with_empty else [])
    rows = [header]
    for state, row in enumerate(arrows):
        cells = [str(state), *("{" + ", ".join(map(str, targets)) + "}" for targets in row)]
        if with_empty:
            cells.append("{" + ", ".join(map(str, empty[state])) + "}")
        rows.append(cells)
    width = max(len(cell) for row in rows for cell in row)
    return "\n".join(" | ".join(cell.ljust(width) for cell in row).rstrip() for row in rows)


class NfaSubsetConstruction(Environment):
    id = "logic/nfa_subset_construction"
    version = 1
    description = (
        "Count the states of the DFA that the subset construction builds from an NFA (with or without empty "
        "moves): the reachable sets of NFA states, the empty set included when reached."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): at most 8 + 4 L reachable subsets (at most 160), the "
        "NFA with the most of up to 8 draws kept; NFA states 3 + L/2 to level 30, then one more per sixteen levels "
        "(at most 18), letters a and b; a random complete DFA plus 1 + L/10 extra arrows (at most 4), states/4 "
        "arrows removed, states/3 empty moves in half of the problems"
    )
    size_name = "subsets allowed"
    answer_format = "one whole number: how many states the subset construction reaches, for example 7"
    tags = ("logic", "automata", "nfa", "subset-construction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        states, extra, allowed = plan(difficulty)
        alphabet = "ab"
        with_empty = rng.random() < 0.5
        best = None
        draws = 0
        # the NFA with the most subsets within the allowance, among up to DRAWS (more if none fits)
        while best is None or (draws < DRAWS and best[0] * 2 < allowed):
            draws += 1
            arrows, empty = random_nfa(states, alphabet, extra, with_empty, rng)
            count = subset_count(arrows, empty, allowed)
            if count is not None and (best is None or count > best[0]):
                best = (count, arrows, empty)
        count, arrows, empty = best
        letters = ", ".join(alphabet)
        empty_rule = (
            f"The {EMPTY} column lists the empty moves, taken without reading a letter. The DFA's start state is the "
            f"set of NFA states reachable from state 0 by {EMPTY} moves alone (state 0 included). From a set S, "
            "reading a letter leads to the set of states reachable by one arrow with that letter from a member of "
            f"S, followed by any number of {EMPTY} moves."
            if with_empty
            else "The DFA's start state is the set {0}. From a set S, reading a letter leads to the set of states "
            "that one arrow with that letter leads to from some member of S."
        )
        prompt = (
            f"A nondeterministic finite automaton (NFA) has states 0 to {states - 1}, start state 0, and alphabet "
            f"{letters}. Its transitions, one line per state (each cell lists the states that the letter can lead "
            "to, {} for none):\n\n" + table(arrows, empty, alphabet, with_empty) + "\n\n"
            "The subset construction turns it into a DFA whose states are sets of NFA states. " + empty_rule + " "
            "The DFA's states are all the sets reachable from its start state by reading letters, including the "
            "empty set if some set leads to it (the empty set then counts as one state). Which states accept does "
            "not matter here. How many states does this DFA have? Answer with one whole number."
        )
        data = {"arrows": arrows, "empty": empty, "alphabet": alphabet, "states": count}
        return Instance(prompt=prompt, answer=str(count), data=data, size=allowed)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_count(answer, units=("states", "state"), max_digits=6)
        if given != data["states"]:
            return Verdict.wrong(f"{given} is not the number of reachable subsets")
        return Verdict.right()
