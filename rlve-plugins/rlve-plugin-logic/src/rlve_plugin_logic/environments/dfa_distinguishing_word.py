"""logic/dfa_distinguishing_word: a shortest word accepted by exactly one of two DFAs, or "equivalent".

Both DFAs are disguises of one random DFA (``automata.blow_up``), so they start out equivalent; in about three
problems out of four one arrow or one acceptance mark of the second is then changed, choosing among a few such
changes the one whose shortest distinguishing word is longest. The answer must be a *shortest* distinguishing
word (any of them): a longer one would let a word that happens to work twice over (the reference glued to
itself, say) pass as an answer, and finding a shortest one is the breadth-first search over pairs of states
the task is about.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.automata import (
    Dfa,
    accepts,
    blow_up,
    describe_states,
    distinguishing_word,
    format_table,
    random_dfa,
    reachable,
)

#: Share of problems whose two DFAs accept the same language.
EQUIVALENT_SHARE = 0.25
#: Changes tried on the second DFA; the one hiding the difference deepest is kept.
CHANGES_TRIED = 6
EMPTY_WORDS = ("empty", "the empty word", "ε", "epsilon", '""', "''")


def plan(difficulty: int) -> tuple[int, int, str]:
    """(states of the first DFA, of the second, alphabet): 4 + L states in all to level 30, then one more per 20
    levels, split evenly; letters a, b, and c from level 12."""
    lvl = level(difficulty)
    total = 4 + slow(lvl, 1, 20, knee=30)
    return total // 2, total - total // 2, "ab" if lvl < 12 else "abc"


def changed(dfa: Dfa, rng: random.Random) -> Dfa:
    """A copy of ``dfa`` with one reachable state's acceptance flipped or one of its arrows redirected."""
    delta = [list(row) for row in dfa["delta"]]
    accepting = set(dfa["accepting"])
    state = rng.choice(reachable(dfa))
    if rng.random() < 0.3:
        accepting ^= {state}
    else:
        letter = rng.randrange(len(dfa["alphabet"]))
        delta[state][letter] = rng.choice([q for q in range(len(delta)) if q != delta[state][letter]])
    return {"alphabet": dfa["alphabet"], "delta": delta, "accepting": sorted(accepting)}


def read_word(answer: str, alphabet: str, max_length: int) -> str:
    """A word over ``alphabet`` (quotes around it allowed), or the empty word written as one of EMPTY_WORDS."""
    text = answer.strip().rstrip(".").strip().lower()
    if len(text) > max_length + 2:
        raise ParseError(f"the word is longer than {max_length} letters")
    if text in EMPTY_WORDS:
        return ""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    if not text or any(letter not in alphabet for letter in text):
        raise ParseError(f"expected a word of the letters {', '.join(alphabet)}, empty, or equivalent")
    return text


class DfaDistinguishingWord(Environment):
    id = "logic/dfa_distinguishing_word"
    version = 1
    description = "Find a shortest word accepted by exactly one of two DFAs, or say that they are equivalent."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): 4 + L states in all to level 30, then one more per 20 "
        "levels, split between the two DFAs; alphabet {a, b}, {a, b, c} from level 12; a quarter of the pairs are "
        "equivalent, the others differ by one change, the one (of six tried) with the longest shortest "
        "distinguishing word"
    )
    size_name = "states of the two DFAs together"
    answer_format = (
        "a shortest word accepted by exactly one of the two DFAs, written as its letters without spaces (for "
        "example abba, or empty for the empty word); or equivalent if they accept the same words"
    )
    tags = ("logic", "automata", "dfa", "equivalence")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        first_states, second_states, alphabet = plan(difficulty)
        core = random_dfa(rng.randint(max(2, first_states // 2), first_states), alphabet, rng)
        first = blow_up(core, first_states, rng)
        second = blow_up(core, second_states, rng)
        word = None
        if rng.random() >= EQUIVALENT_SHARE:
            options = []
            for _ in range(CHANGES_TRIED):
                candidate = changed(second, rng)
                found = distinguishing_word(first, candidate)
                if found is not None:
                    options.append((len(found), found, candidate))
            if options:
                _, word, second = max(options, key=lambda option: option[0])
        letters = ", ".join(alphabet)
        prompt = (
            f"Two deterministic finite automata (DFAs), M and N, read words over the alphabet {{{letters}}}. In "
            "each table, a row is a state and a column a letter; the entry is the state the automaton moves to "
            "when it reads that letter in that state. A word is accepted when reading it letter by letter from the "
            "start state ends in an accepting state (the empty word is accepted exactly when the start state is "
            "accepting).\n\n"
            f"M has the states 0 to {first_states - 1}; {describe_states(first)}.\n{format_table(first)}\n\n"
            f"N has the states 0 to {second_states - 1}; {describe_states(second)}.\n{format_table(second)}\n\n"
            "Give a shortest word that exactly one of M and N accepts (any word of that shortest length that one "
            "accepts and the other rejects counts; a longer one does not). If M and N accept exactly the same "
            "words, answer equivalent."
        )
        answer = "equivalent" if word is None else (word or "empty")
        data = {"first": first, "second": second, "shortest": None if word is None else len(word)}
        return Instance(prompt=prompt, answer=answer, data=data, size=first_states + second_states)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        first, second, shortest = data["first"], data["second"], data["shortest"]
        bound = len(first["delta"]) + len(second["delta"])  # no shortest distinguishing word is this long
        if answer.strip().rstrip(".").strip().lower() == "equivalent":
            if shortest is None:
                return Verdict.right()
            return Verdict.wrong("M and N are not equivalent: some word is accepted by only one of them")
        word = read_word(answer, first["alphabet"], bound)
        if shortest is None:
            return Verdict.wrong("M and N accept exactly the same words")
        in_first, in_second = accepts(first, word), accepts(second, word)
        if in_first == in_second:
            return Verdict.wrong(f"{'both' if in_first else 'neither'} M and N accept {word or 'the empty word'}")
        if len(word) > shortest:
            return Verdict.wrong(f"the word has {len(word)} letters; a shortest one has {shortest}")
        return Verdict.right()
