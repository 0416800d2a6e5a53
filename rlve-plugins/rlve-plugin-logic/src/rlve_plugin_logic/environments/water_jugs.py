"""logic/water_jugs: measure an amount of water with unmarked jugs in as few fill / empty / pour steps as possible."""

from __future__ import annotations

import math
import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import split_moves

JUG_NAMES = "ABCD"
_MOVE = re.compile(r"(fill|empty|pour) ([a-d])(?: (?:into |to |in )?([a-d]))?", re.IGNORECASE)

Move = tuple[str, int, int]  # (kind, jug, other jug or -1)


def plan(difficulty: int) -> tuple[int, int]:
    """(jugs, largest capacity): capacities up to 5 + L to level 30, then one more per two levels;
    two jugs below level 8, three after."""
    lvl = level(difficulty)
    largest = 5 + slow(lvl, 1, 2, knee=30)
    return (2 if lvl < 8 else 3), largest


def moves_of(jugs: int) -> list[Move]:
    out: list[Move] = [("fill", i, -1) for i in range(jugs)] + [("empty", i, -1) for i in range(jugs)]
    out += [("pour", i, j) for i in range(jugs) for j in range(jugs) if i != j]
    return out


def apply(state: tuple[int, ...], move: Move, capacities: list[int]) -> tuple[int, ...]:
    kind, i, j = move
    amounts = list(state)
    if kind == "fill":
        amounts[i] = capacities[i]
    elif kind == "empty":
        amounts[i] = 0
    else:
        poured = min(amounts[i], capacities[j] - amounts[j])
        amounts[i] -= poured
        amounts[j] += poured
    return tuple(amounts)


class Reachable:
    """Breadth-first search from all-empty over every reachable state, each state coded as one integer
    (amount of jug i times ``place[i]``), so a move is a few additions instead of a new tuple.

    Moves are tried in ``moves_of`` order and a state keeps the first move that reaches it. A move that
    changes nothing (fill a full jug, empty an empty one, pour from an empty jug or into a full one) is
    skipped: it leads back to a state already seen.
    """

    def __init__(self, capacities: list[int]):
        self.capacities = capacities
        self.moves = moves_of(len(capacities))
        place, total = [], 1
        for capacity in capacities:
            place.append(total)
            total *= capacity + 1
        self.place = place
        self.steps = [-1] * total  # per code: fewest steps, -1 while unreached
        self.parent = [-1] * total  # per code: the code it was first reached from
        self.via = [-1] * total  # per code: the index in ``moves`` of that move
        self.steps[0] = 0
        self.order = [0]  # codes in the order reached, so by steps
        self.best: dict[int, int] = {}  # amount -> fewest steps to have it in some jug (not 0, not a capacity)
        self._search()

    def amounts(self, code: int) -> tuple[int, ...]:
        out = []
        for capacity in self.capacities:
            code, amount = divmod(code, capacity + 1)
            out.append(amount)
        return tuple(out)

    def _search(self) -> None:
        capacities, place, moves = self.capacities, self.place, self.moves
        steps, parent, via, order, best = self.steps, self.parent, self.via, self.order, self.best
        jugs = len(capacities)
        radix = [capacity + 1 for capacity in capacities]
        # ``moves_of`` lists the fills, then the empties, then the pours: the same order, one loop per kind
        pours = [(index, i, j, place[j] - place[i]) for index, (kind, i, j) in enumerate(moves) if kind == "pour"]
        for code in order:  # the list grows while it is walked: a FIFO queue without pops
            have, rest = [], code
            for base in radix:
                rest, amount = divmod(rest, base)
                have.append(amount)
            after = steps[code] + 1
            found = []
            for i in range(jugs):
                if have[i] != capacities[i]:
                    found.append((code + (capacities[i] - have[i]) * place[i], i))
            for i in range(jugs):
                if have[i]:
                    found.append((code - have[i] * place[i], jugs + i))
            for nxt, index in found:
                if steps[nxt] < 0:
                    steps[nxt], parent[nxt], via[nxt] = after, code, index
                    order.append(nxt)
            for index, i, j, shift in pours:
                room = capacities[j] - have[j]
                poured = have[i] if have[i] < room else room
                if not poured:
                    continue
                nxt = code + poured * shift
                if steps[nxt] < 0:
                    steps[nxt], parent[nxt], via[nxt] = after, code, index
                    order.append(nxt)
                    # fill and empty only make a capacity or 0: only a pour can make a new amount
                    for amount in (have[i] - poured, have[j] + poured):
                        if amount not in best and amount > 0 and amount not in capacities:
                            best[amount] = after

    def first_holding(self, target: int) -> int:
        """The code of the first state (fewest steps, then smallest as a tuple of amounts) holding ``target``."""
        holding = [code for code in self.order if target in self.amounts(code)]
        fewest = self.steps[holding[0]]
        return min((code for code in holding if self.steps[code] == fewest), key=self.amounts)

    def path_to(self, code: int) -> list[Move]:
        path: list[Move] = []
        while code:
            path.append(self.moves[self.via[code]])
            code = self.parent[code]
        path.reverse()
        return path


def describe(move: Move) -> str:
    kind, i, j = move
    return f"pour {JUG_NAMES[i]} {JUG_NAMES[j]}" if kind == "pour" else f"{kind} {JUG_NAMES[i]}"


class WaterJugs(Environment):
    id = "logic/water_jugs"
    version = 1
    description = "Measure a target amount with unmarked jugs using the fewest fill, empty and pour steps."
    difficulty_scales = (
        "jug capacities up to 5 + L (to level 30, then one more per two levels); 2 jugs below level 8, then 3; "
        "the target is among the amounts that take the most steps to measure"
    )
    size_name = "largest allowed capacity"
    answer_format = (
        "the steps in order, separated by commas, each one of fill X, empty X or pour X Y (pour from jug X into "
        "jug Y), for example fill A, pour A B, empty B"
    )
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        jugs, largest = plan(difficulty)
        while True:
            capacities = sorted(rng.sample(range(2, largest + 1), jugs))
            if math.gcd(*capacities) != 1:
                continue
            reachable = Reachable(capacities)
            best = reachable.best
            if best:
                break
        longest = max(best.values())
        target = rng.choice(sorted(a for a, s in best.items() if s >= longest - 1))
        path = reachable.path_to(reachable.first_holding(target))
        names = ", ".join(f"{JUG_NAMES[i]} holds {c} litres" for i, c in enumerate(capacities))
        prompt = (
            f"You have {jugs} unmarked jugs: {names}. All start empty, and there is an unlimited tap and drain. "
            "One step is one of: fill a jug to the top from the tap, empty a jug completely, or pour from one jug "
            "into another until the first is empty or the second is full. Reach a state where some jug holds "
            f"exactly {target} litres, in as few steps as possible: only a shortest sequence of steps counts, and "
            "the target must be reached after the last step."
        )
        answer = ", ".join(describe(m) for m in path)
        data = {"capacities": capacities, "target": target, "steps": len(path)}
        return Instance(prompt=prompt, answer=answer, data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        capacities, target, optimum = data["capacities"], data["target"], data["steps"]
        jugs = len(capacities)
        pieces = split_moves(answer, 4 * optimum + 8, chars_per_move=24)
        state = tuple(0 for _ in capacities)
        for number, piece in enumerate(pieces, start=1):
            match = _MOVE.fullmatch(" ".join(piece.split()))
            if not match:
                raise ParseError(f"step {number}: expected fill X, empty X or pour X Y, got {piece[:30]!r}")
            kind = match.group(1).lower()
            i = JUG_NAMES.index(match.group(2).upper())
            j = JUG_NAMES.index(match.group(3).upper()) if match.group(3) else -1
            if i >= jugs or j >= jugs:
                raise ParseError(f"step {number}: there are only jugs {JUG_NAMES[:jugs]}")
            if (kind == "pour") != (j >= 0) or i == j:
                raise ParseError(f"step {number}: pour needs two different jugs, fill and empty one")
            state = apply(state, (kind, i, j), capacities)
        if target not in state:
            return Verdict.wrong(f"after the last step the jugs hold {list(state)}, none of them {target}")
        if len(pieces) > optimum:
            return Verdict.wrong(f"reaches the target in {len(pieces)} steps; the fewest possible is {optimum}")
        return Verdict.right()
