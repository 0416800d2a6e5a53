"""logic/dfa_minimisation: how many states has the minimal DFA equivalent to a given complete DFA?

The DFA shown is a random smaller DFA in disguise (``automata.blow_up``): extra states copy existing ones and
arrows are spread over the copies, so the table hides duplicate states, and copies that no arrow reaches are
unreachable. Solving it means removing the unreachable states and merging the indistinguishable ones.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.automata import blow_up, describe_states, format_table, minimal_size, random_dfa
from rlve_plugin_logic.games import read_natural


def plan(difficulty: int) -> tuple[int, str]:
    """(states, alphabet): states 3 + L to level 30, then one more per 20 levels; letters a, b, and c from
    level 10."""
    lvl = level(difficulty)
    return 3 + slow(lvl, 1, 20, knee=30), "ab" if lvl < 10 else "abc"


class DfaMinimisation(Environment):
    id = "logic/dfa_minimisation"
    version = 1
    description = "Count the states of the minimal DFA that accepts the same language as a given complete DFA."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): states 3 + L to level 30, then one more per 20 levels; "
        "alphabet {a, b}, {a, b, c} from level 10; the DFA is a random one of 1/3 to all of that size, with "
        "duplicated states and arrows spread over the duplicates"
    )
    size_name = "states"
    answer_format = "a single positive integer, the number of states of the minimal DFA"
    tags = ("logic", "automata", "dfa", "minimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        states, alphabet = plan(difficulty)
        core = random_dfa(rng.randint(max(2, states // 3), states), alphabet, rng)
        dfa = blow_up(core, states, rng)
        size = minimal_size(dfa)
        letters = ", ".join(alphabet)
        prompt = (
            f"A deterministic finite automaton (DFA) over the alphabet {{{letters}}} has the states 0 to "
            f"{states - 1}; {describe_states(dfa)}. In the table below, each row is a state and each column a "
            "letter; the entry is the state the automaton moves to when it reads that letter in that state. A word "
            "is accepted when reading it letter by letter from the start state ends in an accepting state (the "
            "empty word is accepted exactly when the start state is accepting).\n\n"
            f"{format_table(dfa)}\n\n"
            "How many states does the minimal DFA have, i.e. the complete DFA with the fewest states (one next state "
            "for every state and letter) that accepts exactly the same words as this one? Count every state it "
            "needs, including a rejecting 'dead' state if it needs one."
        )
        data = {"dfa": dfa, "minimal": size}
        return Instance(prompt=prompt, answer=str(size), data=data, size=states)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        count = read_natural(answer, max_digits=6)
        if count != data["minimal"]:
            return Verdict.wrong(f"the minimal DFA does not have {count} states")
        return Verdict.right()
