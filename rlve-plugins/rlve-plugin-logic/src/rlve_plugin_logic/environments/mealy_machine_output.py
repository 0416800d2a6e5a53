"""logic/mealy_machine_output: the output word a Mealy machine writes while it reads an input word.

A Mealy machine is a finite automaton whose transitions also write one output letter: from state q on input
letter a it goes to ``next[q][a]`` and writes ``out[q][a]``. The output thus depends on the state and the letter
read (not on the state alone, as in a Moore machine), and the answer is the whole output word, one letter per
input letter. The machine is random, every state reachable; the input word is random.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import taper
from rlve_plugin_logic.automata import random_dfa

OUTPUTS = "xyz"
#: Machines and words drawn until the output depends on the states, not on the input letters alone (the last
#: draw is kept if none does).
MAX_DRAWS = 30
#: Characters an answer may carry besides the output letters: separators, brackets and quotes.
_NOISE = str.maketrans("", "", " \t\n,;[]()\"'`")


def plan(difficulty: int) -> tuple[int, str, int]:
    """(states, input alphabet, input length) with T = taper(d): states 2 + T/5 (at most 9), input letters a, b
    and c from T = 12, input length 4 + T."""
    grade = taper(difficulty)
    return min(9, 2 + grade // 5), "ab" if grade < 12 else "abc", 4 + grade


def letter_alone_decides(word: str, written: str) -> bool:
    """Whether each input letter was always translated to the same output letter: then the states did not
    matter for this word, and the answer could be read off without tracing the machine."""
    seen: dict[str, str] = {}
    return all(seen.setdefault(letter, output) == output for letter, output in zip(word, written))


def run(nxt: list[list[int]], out: list[list[str]], alphabet: str, word: str) -> str:
    state, written = 0, []
    for letter in word:
        i = alphabet.index(letter)
        written.append(out[state][i])
        state = nxt[state][i]
    return "".join(written)


def format_table(nxt: list[list[int]], out: list[list[str]], alphabet: str) -> str:
    """One line per state; the entry ``2/y`` means: go to state 2 and write y."""
    lines = ["state | " + " | ".join(f"on {letter}" for letter in alphabet)]
    for state, (targets, letters) in enumerate(zip(nxt, out)):
        lines.append(f"{state:<5} | " + " | ".join(f"{t}/{o}".ljust(4) for t, o in zip(targets, letters)).rstrip())
    return "\n".join(lines)


def read_output(answer: str, length: int) -> str:
    """An output word over x, y, z, written together or with separators between letters (length bounded)."""
    if len(answer) > 4 * length + 40:
        raise ParseError(f"expected {length} output letters")
    text = answer.translate(_NOISE).lower()
    if not text or set(text) - set(OUTPUTS):
        raise ParseError(f"expected a word over the output letters {', '.join(OUTPUTS)}")
    if len(text) != length:
        raise ParseError(f"expected {length} output letters, got {len(text)}")
    return text


class MealyMachineOutput(Environment):
    id = "logic/mealy_machine_output"
    version = 1
    description = "Give the output word a Mealy machine (transitions that write a letter) writes for an input word."
    difficulty_scales = (
        "T = taper(d) (d up to 30, then + sqrt, then + log2): states 2 + T/5 (at most 9), input alphabet {a, b}, "
        "{a, b, c} from T = 12, input word of 4 + T letters; output letters x, y, z"
    )
    size_name = "letters in the input word"
    answer_format = "the output word as a string of the letters x, y, z, one per input letter (e.g. xyyzx)"
    tags = ("logic", "automata", "transducer", "simulation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        states, alphabet, length = plan(difficulty)
        for _ in range(MAX_DRAWS):
            nxt = random_dfa(states, alphabet, rng)["delta"]  # only the arrows: every state reachable from 0
            out = [[rng.choice(OUTPUTS) for _ in alphabet] for _ in range(states)]
            word = "".join(rng.choice(alphabet) for _ in range(length))
            written = run(nxt, out, alphabet, word)
            if not letter_alone_decides(word, written):
                break
        letters = ", ".join(alphabet)
        prompt = (
            f"A Mealy machine has the states 0 to {states - 1}, starts in state 0, reads letters from {{{letters}}} "
            "and writes letters from {x, y, z}. In the table below, each row is a state and each column an input "
            "letter; the entry s/o means: when the machine is in that state and reads that letter, it writes o and "
            "moves to state s. It writes exactly one letter for every letter it reads.\n\n"
            f"{format_table(nxt, out, alphabet)}\n\n"
            f'The machine reads the input word "{word}" from left to right (quotes only delimit it). What word does '
            f"it write? Answer with the {length} output letters in order, as one word (such as xyyzx)."
        )
        data = {"output": written}
        return Instance(prompt=prompt, answer=written, data=data, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["output"]
        written = read_output(answer, len(expected))
        wrong = [i + 1 for i, (got, want) in enumerate(zip(written, expected)) if got != want]
        if wrong:
            return Verdict.wrong(f"output letter {wrong[0]} is wrong, {len(wrong)} letter(s) in all")
        return Verdict.right()
