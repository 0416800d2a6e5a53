"""logic/grundy_dag_game: tokens on a listed directed acyclic graph; a move slides one token along an arc, and a
player who cannot move loses. The Grundy value of the whole position and a winning move (or none).

Each position's Grundy value is the mex of its successors' values (computed in reverse topological order); by
the Sprague-Grundy theorem the tokens' game is the XOR of the single-token values, and a winning move slides a
token from a position of value g to a successor of value g XOR total. The labels are shuffled, so the listing
does not give the topological order away. About a quarter of the positions have value 0 (answer none), built by
placing the last token on a position whose value cancels the others.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import mex, plain_answer

#: Share of posed positions whose Grundy value is 0 (no winning move).
LOST_SHARE = 0.25
#: Level at which the graph stops growing (near d = 3200): at most 204 positions.
MAX_LEVEL = 200

_ANSWER = re.compile(
    r"(?:value ?[:=]? ?)?(\d{1,6}) ?[,;:]? ?(?:move ?[:=]? ?)?"
    r"(none|(?:move )?token (\d{1,4}) ?(?:to|->|→) ?(?:position )?(\d{1,6}))"
)


def plan(difficulty: int) -> tuple[int, int, int]:
    """(positions, tokens, most arcs out of a position): 4 + L positions (L = level, capped at 200); 1 + L/5
    tokens to level 30, then one more per 40 levels; out-degree up to 2 + L/10, at most 4."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 4 + lvl, 1 + slow(lvl, 5, 40, knee=30), min(4, 2 + lvl // 10)


def random_dag(count: int, most_arcs: int, rng: random.Random) -> list[list[int]]:
    """Arcs out of positions 1..count (index 0 is position 1), each arc going later in a hidden random order."""
    order = list(range(1, count + 1))
    rng.shuffle(order)
    arcs: list[list[int]] = [[] for _ in range(count)]
    for k, node in enumerate(order[:-1]):
        later = order[k + 1 :]
        degree = rng.randint(0 if k >= count // 2 else 1, min(most_arcs, len(later)))
        arcs[node - 1] = sorted(rng.sample(later, degree))
    return arcs


def grundy_values(arcs: list[list[int]]) -> list[int]:
    """Grundy value of every position (index 0 is position 1), by memoised depth-first search."""
    values: list[int | None] = [None] * len(arcs)
    for start in range(len(arcs)):
        stack = [start]
        while stack:  # iterative, so that long paths cannot exhaust the recursion limit
            node = stack[-1]
            pending = [t - 1 for t in arcs[node] if values[t - 1] is None]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            values[node] = mex(values[t - 1] for t in arcs[node])
    return values  # type: ignore[return-value]


class GrundyDagGame(Environment):
    id = "logic/grundy_dag_game"
    version = 1
    description = (
        "Tokens on a directed acyclic graph, a move slides one token along an arc: the Grundy value of the "
        "position and a winning move, or none."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 200): 4 + L positions, 1 + L/5 tokens to level "
        "30 then one more per 40 levels, up to min(4, 2 + L/10) arcs out of a position; about a quarter of the "
        "positions have Grundy value 0"
    )
    size_name = "positions in the graph"
    answer_format = (
        "the Grundy value, then a winning move as token i to p (token i slides to position p), or none when the "
        "value is 0; for example 3; token 2 to 7, or 0; none"
    )
    tags = ("logic", "game-theory", "sprague-grundy", "graph")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, tokens, most_arcs = plan(difficulty)
        arcs = random_dag(count, most_arcs, rng)
        values = grundy_values(arcs)
        places = [rng.randint(1, count) for _ in range(tokens)]
        if rng.random() < LOST_SHARE:
            rest = 0
            for place in places[:-1]:
                rest ^= values[place - 1]
            cancelling = [p for p in range(1, count + 1) if values[p - 1] == rest]
            if cancelling:
                places[-1] = rng.choice(cancelling)
        total = 0
        for place in places:
            total ^= values[place - 1]
        move = "none"
        for i, place in enumerate(places):
            wanted = values[place - 1] ^ total
            target = next((t for t in arcs[place - 1] if values[t - 1] == wanted), None)
            if total and target is not None:
                move = f"token {i + 1} to {target}"
                break
        listing = "\n".join(
            f"position {p + 1}: moves to {', '.join(map(str, out))}" if out else f"position {p + 1}: no moves"
            for p, out in enumerate(arcs)
        )
        placing = "\n".join(f"token {i + 1}: on position {p}" for i, p in enumerate(places))
        prompt = (
            f"A game is played on a directed acyclic graph of {count} positions, numbered 1 to {count}. The arcs "
            f"out of each position:\n{listing}\n\nTokens stand on the graph ({len(places)} in all; several may share "
            f"a position):\n{placing}\n\n"
            "Two players alternate. A move picks one token and slides it along one arc out of its position. A "
            "player who cannot move (every token stands on a position with no moves) loses.\n"
            "The Grundy value of a single position is the mex (the smallest non-negative integer not in a set) of "
            "the Grundy values of the positions its arcs lead to, so a position with no moves has value 0. By the "
            "Sprague-Grundy theorem the Grundy value of the whole game is the bitwise XOR of the values of the "
            "tokens' positions, and the player to move wins exactly when it is not 0.\n"
            "Give the Grundy value of the whole game and a winning move for the player to move (a move after which "
            "the Grundy value is 0; any such move counts), written token i to p; if the value is 0, write none "
            "instead of a move. For example: 3; token 2 to 7, or 0; none."
        )
        data = {"arcs": arcs, "places": places, "values": values, "total": total}
        return Instance(prompt=prompt, answer=f"{total}; {move}", data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        match = _ANSWER.fullmatch(plain_answer(answer, 80))
        if not match:
            raise ParseError("expected the Grundy value, then token i to p or none, as in 3; token 2 to 7")
        claimed, total = int(match.group(1)), data["total"]
        if claimed != total:
            return Verdict.wrong(f"{claimed} is not the Grundy value of the position")
        if match.group(2) == "none":
            return Verdict.right() if total == 0 else Verdict.wrong("the value is not 0: a winning move exists")
        if total == 0:
            return Verdict.wrong("the value is 0: no move is winning, answer none")
        token, target = int(match.group(3)), int(match.group(4))
        places, arcs, values = data["places"], data["arcs"], data["values"]
        if not 1 <= token <= len(places):
            return Verdict.wrong(f"there is no token {token}: the tokens are numbered 1 to {len(places)}")
        source = places[token - 1]
        if target not in arcs[source - 1]:
            return Verdict.wrong(f"no arc leads from position {source} to position {target}")
        if total ^ values[source - 1] ^ values[target - 1] != 0:
            return Verdict.wrong("that move leaves a position of nonzero Grundy value: the opponent wins")
        return Verdict.right()
