"""logic/modal_kripke: list the worlds of a Kripke model where a modal formula is true.

The model has worlds, a valuation and one accessibility relation per agent (a, then b from level 8); a world may
see no world at all, where every box is true and every diamond false. Formulas nest [a] (box: true in every
world the agent considers possible) and <a> (diamond: true in some) with the connectives. The generator
evaluates the formula bottom-up as world sets and draws one true in some worlds and false in others when it can.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.operator_formulas import CONNECTIVES, Formula, random_formula, text_of
from rlve_plugin_logic.reading import read_index_set

#: Past this level the problem stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
ATOMS = ("p", "q", "r")
AGENTS = ("a", "b")
TEMPLATES = {
    **CONNECTIVES, **{f"box_{x}": f"[{x}] {{0}}" for x in AGENTS}, **{f"dia_{x}": f"<{x}> {{0}}" for x in AGENTS}
}
#: Draws while looking for a formula true in some worlds and false in others.
DRAWS = 30


def plan(difficulty: int) -> tuple[int, int, int]:
    """(worlds, operators in the formula, agents): worlds 3 + L/3 (at most 15), operators 2 + L to level 30, then
    one more per 6 levels (the level stops at 200), agents 1 then 2 from level 8."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return min(15, 3 + lvl // 3), 2 + slow(lvl, 1, 6, knee=30), 1 if lvl < 8 else 2


def true_worlds(formula: Formula, valuation: list[set[str]], access: dict[str, list[list[int]]]) -> set[int]:
    """The worlds (0-based) where ``formula`` is true."""
    worlds = set(range(len(valuation)))
    kind = formula[0]
    if kind == "atom":
        return {w for w in worlds if formula[1] in valuation[w]}
    parts = [true_worlds(part, valuation, access) for part in formula[1:]]
    if kind == "not":
        return worlds - parts[0]
    if kind == "and":
        return parts[0] & parts[1]
    if kind == "or":
        return parts[0] | parts[1]
    if kind == "imp":
        return (worlds - parts[0]) | parts[1]
    mode, agent = kind.split("_")
    test = all if mode == "box" else any
    return {w for w in worlds if test(v in parts[0] for v in access[agent][w])}


class ModalKripke(Environment):
    id = "logic/modal_kripke"
    version = 1
    description = "List the worlds of a multi-agent Kripke model where a modal formula (boxes and diamonds) is true."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): 3 + L/3 worlds (at most 15); one agent, a second from level 8; the "
        "formula has 2 + L operators to level 30, then one more per 6 levels"
    )
    size_name = "operators in the formula"
    answer_format = "the numbers of the worlds where the formula is true, separated by commas, e.g. 2, 3 (or none)"
    tags = ("logic", "modal-logic", "kripke", "model-checking", "epistemic")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, symbols, agent_count = plan(difficulty)
        agents = list(AGENTS[:agent_count])
        valuation = [{x for x in ATOMS if rng.random() < 0.45} for _ in range(n)]
        # each world sees 0 to 3 worlds (itself allowed): dead ends make boxes vacuously true
        access = {x: [sorted(rng.sample(range(n), rng.choice((0, 1, 1, 2, 2, 3)))) for _ in range(n)] for x in agents}
        unary = ["not", *(f"{mode}_{x}" for x in agents for mode in ("box", "dia"))]
        for _try in range(DRAWS):
            formula = random_formula(symbols, list(ATOMS), unary, ["and", "or", "imp"], rng)
            chosen = true_worlds(formula, valuation, access)
            if 0 < len(chosen) < n:
                break
        rows = [f"world {w + 1}: true atoms {{{', '.join(sorted(valuation[w]))}}}" for w in range(n)]
        for x in agents:
            for w in range(n):
                seen = ", ".join(str(v + 1) for v in access[x][w]) or "none"
                rows.append(f"agent {x} at world {w + 1} considers possible: {seen}")
        prompt = (
            f"A Kripke model has worlds 1 to {n}, the atoms true in each world (all others are false), and for "
            f"agent{'s' if len(agents) > 1 else ''} {' and '.join(agents)} the worlds the agent considers possible "
            "at each world (the accessibility relation; it may be empty):\n"
            + "\n".join(rows)
            + "\n\nSemantics at a world w: an atom is true if listed for w; not, and, or, -> (if ... then) as usual; "
            "[x] f (box) is true at w if f is true at every world agent x considers possible at w (so it is true "
            "when there is none); <x> f (diamond) is true at w if f is true at some world agent x considers "
            "possible at w (so it is false when there is none). Brackets surround every compound part.\n\n"
            f"Formula: {text_of(formula, TEMPLATES)}\n\nAt which worlds is the formula true? List them all (none if "
            "it is true at no world)."
        )
        answer = ", ".join(str(w + 1) for w in sorted(chosen)) or "none"
        return Instance(prompt=prompt, answer=answer, data={"worlds": n, "true": sorted(chosen)}, size=symbols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = {w - 1 for w in read_index_set(answer, data["worlds"])}
        truth = set(data["true"])
        if given - truth:
            return Verdict.wrong(f"the formula is false at world {min(given - truth) + 1}")
        if truth - given:
            return Verdict.wrong(f"the formula is true at world {min(truth - given) + 1}, which is missing")
        return Verdict.right()
