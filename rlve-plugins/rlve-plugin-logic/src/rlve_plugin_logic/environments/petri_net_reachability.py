"""logic/petri_net_reachability: a shortest firing sequence that takes a small Petri net from its initial marking
to a target marking, or "unreachable" when none does.

A transition is enabled when each of its input places holds at least the tokens its arc asks for; firing it
takes those tokens and adds the tokens of its output arcs. No transition produces more tokens than it takes, so
the total never grows and only finitely many markings can be reached: a breadth-first search over them all
gives the exact fewest firings to every reachable marking, and proves a marking outside them unreachable.

Generation draws random transitions and an initial marking, enumerates the reachable markings (a net with too
many is drawn again), and takes as target one of the farthest, or (in about a quarter of the problems) a marking
with a reachable total of tokens that no firing sequence reaches.
"""

from __future__ import annotations

import random
import re
from operator import add
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.planning import deepest, explore, moves_back
from rlve_plugin_logic.reading import split_moves

#: Places and transitions at most, however high the level.
MAX_PLACES, MAX_TRANSITIONS = 8, 30
#: Reachable markings at most; a net with more is drawn again.
MAX_MARKINGS = 700
#: Share of problems whose target is unreachable.
UNREACHABLE_SHARE = 0.25
UNREACHABLE_WORDS = ("unreachable", "impossible", "not reachable", "none")
_FIRING = re.compile(r"t?([0-9]{1,2})", re.IGNORECASE)

Transition = tuple[tuple[int, ...], tuple[int, ...]]  # (tokens taken from each place, tokens added to each)


def plan(difficulty: int) -> tuple[int, int, int]:
    """(places, transitions, tokens): a step S per level to level 30, then one per eight levels; places and
    transitions take the steps in turn until there are 8 places, then transitions take them all (at most 30),
    so places + transitions is 6 + S; 3 + S / 12 initial tokens (at most 4)."""
    step = slow(level(difficulty), 1, 8, knee=30)
    places = min(MAX_PLACES, 3 + (step + 1) // 2)
    return places, min(MAX_TRANSITIONS, 3 + step - (places - 3)), min(4, 3 + step // 12)


def random_transition(places: int, rng: random.Random) -> Transition:
    """One or two input places (weight 1, sometimes 2) and outputs carrying as many tokens or one fewer."""
    taken = [0] * places
    for place in rng.sample(range(places), rng.choice((1, 2))):
        taken[place] = rng.choice((1, 1, 1, 2))
    added = [0] * places
    for _ in range(sum(taken) - (rng.random() < 0.2)):
        added[rng.randrange(places)] += 1
    if added == taken:  # a transition that changes nothing: move one output token elsewhere
        source = next(p for p in range(places) if added[p])
        added[source] -= 1
        added[(source + 1) % places] += 1
    return tuple(taken), tuple(added)


def fire(marking: tuple[int, ...], transition: Transition) -> tuple[int, ...] | None:
    """The marking after firing, or None when the transition is not enabled."""
    taken, added = transition
    if any(have < need for have, need in zip(marking, taken)):
        return None
    return tuple(have - need + more for have, need, more in zip(marking, taken, added))


def successors_of(transitions: list[Transition]):
    """Enabled transitions and the markings they lead to. Each transition takes from one or two places, so it is
    read as two (place, need) pairs (the second a copy of the first when there is one) and its net change per
    place: a search then checks two places per transition, the hot loop of generation."""
    compiled = []
    for k, (taken, added) in enumerate(transitions):
        needs = [(p, n) for p, n in enumerate(taken) if n]
        (p, n), (q, m) = needs[0], needs[-1]
        compiled.append((k, p, n, q, m, tuple(b - a for a, b in zip(taken, added))))

    def successors(marking: tuple[int, ...]):
        for k, p, n, q, m, change in compiled:
            if marking[p] >= n and marking[q] >= m:
                yield k, tuple(map(add, marking, change))

    return successors


def arcs(counts: tuple[int, ...], preposition: str) -> str:
    return ", ".join(f"{n} {'token' if n == 1 else 'tokens'} {preposition} p{p + 1}" for p, n in enumerate(counts) if n)


def unreachable_marking(found: dict, places: int, rng: random.Random) -> tuple[int, ...] | None:
    """A marking with as many tokens as a reachable one, no place holding more than it does in some reachable
    marking (so that no single place gives it away), yet reachable by no firing sequence; None if the random
    tries all fail."""
    totals = sorted({sum(marking) for marking in found})
    most = [max(marking[p] for marking in found) for p in range(places)]
    for _ in range(20):
        total = rng.choice(totals)
        marking = [0] * places
        for _ in range(total):
            marking[rng.choice([p for p in range(places) if marking[p] < most[p]] or range(places))] += 1
        if tuple(marking) not in found and all(have <= top for have, top in zip(marking, most)):
            return tuple(marking)
    return None


class PetriNetReachability(Environment):
    id = "logic/petri_net_reachability"
    version = 1
    description = (
        "Petri net reachability: find a shortest firing sequence from the initial marking to a target marking of "
        "a small bounded net, or say that the target is unreachable."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling), step S = L to level 30, then one per eight levels: "
        "places 3 + (S+1)/2 (at most 8), transitions the rest of 6 + S (at most 30), 3 + S/12 initial tokens (at "
        "most 4); "
        "the target is among the reachable markings farthest from the start, or (a quarter of the problems) an "
        "unreachable one"
    )
    size_name = "places + transitions"
    answer_format = (
        "the transitions fired, in order, separated by spaces (for example t2 t1 t3), or the word unreachable"
    )
    tags = ("logic", "planning", "petri-net", "reachability", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        places, count, tokens = plan(difficulty)
        want_unreachable = rng.random() < UNREACHABLE_SHARE
        while True:
            transitions = [random_transition(places, rng) for _ in range(count)]
            start = [0] * places
            for _ in range(tokens):
                start[rng.randrange(places)] += 1
            found, _ = explore([tuple(start)], successors_of(transitions), limit=MAX_MARKINGS + 1)
            if len(found) > MAX_MARKINGS or len(found) < 3:  # too many markings to search, or a stuck net
                continue
            target = unreachable_marking(found, places, rng) if want_unreachable else None
            if target is None:
                target = rng.choice(deepest(found))
            break
        reachable = target in found
        moves = moves_back(found, target)[::-1] if reachable else []
        lines = "\n".join(
            f"t{k + 1}: takes {arcs(taken, 'from')}; puts {arcs(added, 'into') or 'nothing'}"
            for k, (taken, added) in enumerate(transitions)
        )
        names = ", ".join(f"p{p + 1}" for p in range(places))
        prompt = (
            f"A Petri net has places {names} and these transitions:\n{lines}\n\n"
            f"Initial marking (tokens in {names}): {' '.join(map(str, start))}\n"
            f"Target marking (tokens in {names}): {' '.join(map(str, target))}\n\n"
            "A transition is enabled when every place it takes from holds at least that many tokens; firing it "
            "removes those tokens and then adds the tokens it puts (a place may appear on both sides). One "
            "transition fires at a time. No transition puts more tokens than it takes, so only finitely many "
            "markings can be reached. Find a shortest sequence of firings that turns the initial marking into the "
            "target marking exactly (every place holding its target number of tokens): only a shortest sequence "
            "counts, and any shortest one is accepted. Write the transitions in the order they fire, separated by "
            "spaces, for example t2 t1 t3; if no sequence of firings reaches the target marking, answer "
            "unreachable."
        )
        answer = " ".join(f"t{k + 1}" for k in moves) if reachable else "unreachable"
        data = {
            "transitions": [[list(taken), list(added)] for taken, added in transitions],
            "start": start,
            "target": list(target),
            "moves": len(moves) if reachable else None,
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=places + count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        transitions = [(tuple(taken), tuple(added)) for taken, added in data["transitions"]]
        target, optimum = tuple(data["target"]), data["moves"]
        text = answer.strip().strip(".").strip()
        if text.lower() in UNREACHABLE_WORDS:
            if optimum is None:
                return Verdict.right()
            return Verdict.wrong("the target marking is reachable")
        spaced = text if "," in text or ";" in text else text.replace(" ", ",")  # spaces separate firings too
        pieces = split_moves(spaced, 2 * (optimum or 0) + 8, chars_per_move=8)
        if not pieces:
            raise ParseError("expected transitions such as t2 t1, or unreachable")
        marking = tuple(data["start"])
        for number, piece in enumerate(pieces, start=1):
            match = _FIRING.fullmatch(piece)
            if not match:
                raise ParseError(f"firing {number}: expected a transition such as t2, not {piece[:16]!r}")
            k = int(match.group(1)) - 1
            if not 0 <= k < len(transitions):
                return Verdict.wrong(f"firing {number}: there is no transition t{k + 1}")
            after = fire(marking, transitions[k])
            if after is None:
                return Verdict.wrong(f"firing {number}: t{k + 1} is not enabled")
            marking = after
        if marking != target:
            return Verdict.wrong("after the last firing the marking is not the target")
        if optimum is None:  # cannot happen: the target would be reachable
            return Verdict.wrong("the target marking was recorded as unreachable")
        if len(pieces) > optimum:
            return Verdict.wrong(f"the sequence has {len(pieces)} firings; the fewest possible is {optimum}")
        return Verdict.right()
