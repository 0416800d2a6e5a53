"""logic/pushdown_acceptance: which of several words does a small nondeterministic pushdown automaton accept?

The automaton reads letters a and b, keeps a stack over Z (at the bottom at the start), A and B, and accepts by
final state: a word is accepted when some run reads all of it and then (possibly after more empty moves) is in
a final state. Empty moves never grow the stack (they pop, or replace the top), so the configurations reachable
on a word are finite, and membership is decided at generation by a breadth-first search over them.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper
from rlve_plugin_logic.reading import read_index_set

LETTERS = "ab"
STACK = "ZAB"
EMPTY = "e"  # the empty move's letter, printed as ε
#: Automata drawn until the words are neither all accepted nor all rejected (then the first whose search stays
#: small is kept).
MAX_AUTOMATA = 40
#: Configurations one word may reach before the automaton is redrawn (keeps generation within milliseconds).
MAX_CONFIGURATIONS = 3000

# A transition: (state, letter or EMPTY, top of stack popped, next state, symbols pushed, first one on top).
Transition = tuple[int, str, str, int, str]


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(states, transitions, words, longest random word) with T = taper(d): states 2 + T/5, transitions 5 + T
    (so about one transition per (state, letter or ε, top) and no more: nondeterminism stays searchable), words
    5 + T/6 (at most 10), random words up to 4 + T/4 letters to T = 30, then one more per 16."""
    grade = taper(difficulty)
    return 2 + grade // 5, 5 + grade, min(10, 5 + grade // 6), 4 + min(grade, 30) // 4 + max(0, grade - 30) // 16


def random_transition(states: int, rng: random.Random) -> Transition:
    letter = EMPTY if rng.random() < 0.2 else rng.choice(LETTERS)
    top = rng.choice(STACK)
    if letter == EMPTY:
        push = rng.choice(("", "A", "B", top))  # never longer than what it pops
    else:
        push = rng.choice(("", top, top, "A" + top, "B" + top, "A", "B"))
    return rng.randrange(states), letter, top, rng.randrange(states), push


def reachable(transitions: list[Transition], word: str) -> set[tuple[int, str]] | None:
    """The configurations (state, stack with its top first) some run reaches after reading all of ``word``,
    empty moves included; None when the search passes MAX_CONFIGURATIONS."""
    moves: dict[tuple[int, str, str], list[tuple[int, str]]] = {}
    for state, letter, top, target, push in transitions:
        moves.setdefault((state, letter, top), []).append((target, push))

    def closure(configs: set[tuple[int, str]]) -> set[tuple[int, str]]:
        stack = list(configs)
        while stack:
            state, content = stack.pop()
            for target, push in moves.get((state, EMPTY, content[:1]), ()) if content else ():
                nxt = (target, push + content[1:])
                if nxt not in configs:
                    configs.add(nxt)
                    stack.append(nxt)
        return configs

    current = closure({(0, "Z")})
    for letter in word:
        following = set()
        for state, content in current:
            if content:
                for target, push in moves.get((state, letter, content[0]), ()):
                    following.add((target, push + content[1:]))
        current = closure(following)
        if len(current) > MAX_CONFIGURATIONS:
            return None
    return current


def sample_word(transitions: list[Transition], longest: int, rng: random.Random) -> str:
    """The letters read by a random run of up to ``longest`` letters (a word some run can read)."""
    state, content, letters = 0, "Z", []
    for _ in range(3 * longest):
        options = [t for t in transitions if t[0] == state and content and t[2] == content[0]]
        if not options or len(letters) >= longest:
            break
        _, letter, _, state, push = rng.choice(options)
        content = push + content[1:]
        if letter != EMPTY:
            letters.append(letter)
    return "".join(letters)


def format_transitions(transitions: list[Transition]) -> str:
    lines = []
    for state, letter, top, target, push in transitions:
        read = "ε" if letter == EMPTY else letter
        lines.append(f"q{state}, read {read}, pop {top} -> q{target}, push {push or 'nothing'}")
    return "\n".join(lines)


class PushdownAcceptance(Environment):
    id = "logic/pushdown_acceptance"
    version = 1
    description = "Decide which of several words a small nondeterministic pushdown automaton accepts by final state."
    difficulty_scales = (
        "T = taper(d) (d up to 30, then + sqrt, then + log2): states 2 + T/5, transitions 5 + T, words 5 + T/6 "
        "(at most 10) of up to 4 + T/4 letters (one more per 16 past T = 30): random runs and random words"
    )
    size_name = "transitions"
    answer_format = (
        "the numbers of every word the automaton accepts, separated by spaces (for example 1 4 5), or none if it "
        "accepts none of them"
    )
    tags = ("logic", "automata", "pushdown-automaton", "nondeterminism")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        states, count, word_count, longest = plan(difficulty)
        for attempt in itertools.count():
            transitions = sorted({random_transition(states, rng) for _ in range(count)})
            while len(transitions) < count:  # a repeated draw: top up with fresh ones
                transitions = sorted(set(transitions) | {random_transition(states, rng)})
            final = sorted(rng.sample(range(states), rng.randint(1, max(1, states // 2))))
            words: list[str] = []
            for _ in range(20 * word_count):
                if len(words) == word_count:
                    break
                roll = rng.random()
                if roll < 0.45:
                    word = sample_word(transitions, longest, rng)
                else:
                    word = "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, longest)))
                if word and word not in words:
                    words.append(word)
            if len(words) < word_count:
                continue
            results = [reachable(transitions, word) for word in words]
            if any(result is None for result in results):
                continue
            accepted = [i + 1 for i, result in enumerate(results) if any(state in final for state, _ in result)]
            if 0 < len(accepted) < word_count or attempt >= MAX_AUTOMATA:
                break  # past MAX_AUTOMATA draws, any automaton whose search finished will do
        listing = "\n".join(f"{i + 1}. {word}" for i, word in enumerate(words))
        finals = ", ".join(f"q{q}" for q in final)
        prompt = (
            f"A nondeterministic pushdown automaton has the states q0 to q{states - 1}, reads the letters a and b, "
            "and keeps a stack of the symbols Z, A and B. It starts in state q0 with only Z on the stack. Its "
            "transitions:\n\n"
            f"{format_transitions(transitions)}\n\n"
            "A transition 'qi, read x, pop Y -> qj, push W' can be taken when the automaton is in state qi, the next "
            "unread letter is x and the top of the stack is Y: it reads x, removes Y from the stack, pushes the "
            "symbols W so that the first symbol of W ends up on top (push nothing pushes no symbol), and moves to "
            "qj. A transition with read ε reads no letter (it may be taken at any time, also after the last letter). "
            "When the stack is empty no transition can be taken. Several transitions may apply at once; the "
            f"automaton accepts a word by final state: when SOME sequence of transitions reads the whole word and "
            f"then ends in a final state. Final states: {finals}.\n\n"
            f"Which of these words does it accept?\n\n{listing}"
        )
        answer = " ".join(map(str, accepted)) if accepted else "none"
        data = {"words": words, "accepted": accepted}
        return Instance(prompt=prompt, answer=answer, data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        chosen = read_index_set(answer, len(data["words"]))
        accepted = set(data["accepted"])
        extra, missing = sorted(chosen - accepted), sorted(accepted - chosen)
        if extra:
            return Verdict.wrong(f"the automaton does not accept word {extra[0]}")
        if missing:
            return Verdict.wrong(f"the automaton also accepts word {missing[0]}")
        return Verdict.right()
