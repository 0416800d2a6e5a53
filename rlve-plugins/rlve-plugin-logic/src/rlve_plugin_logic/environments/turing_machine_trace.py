"""logic/turing_machine_trace: run a small one-tape Turing machine until it halts; give its state and tape.

The machine has states A, B, C, ..., tape symbols 0, 1 and the blank _, and a table with one entry per (state,
symbol): write a symbol, move L or R, go to a state, or halt. It is built to halt after a known number of steps:
a random full table is run, and the first (state, symbol) pair that is met for the first time at or after the
wanted step count becomes a halt entry (which changes nothing before it). A few other pairs the run never met
also become halt entries, so the state the machine halts in has to be traced, not read off the table.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import taper

SYMBOLS = "01_"
BLANK = "_"
#: Random tables tried per instance; a table that runs in a cycle of old pairs is discarded.
MAX_TABLES = 400
#: Words an answer may carry around the state and the tape.
_FILLER = re.compile(r"\b(?:final|state|tape|halts?|in|is|and|contents?)\b", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;:=()\[\]\"'`]+")

# A table maps "A0" (state, symbol read) to [write, move, next state], or to None for a halt entry.
Table = dict[str, Any]


def plan(difficulty: int) -> tuple[int, int, int]:
    """(states, starting tape cells, minimum steps) with T = taper(d): states 2 + T/8 (at most 6), tape
    3 + T/3, steps at least 3 + 2T (and at most twice that plus 10)."""
    grade = taper(difficulty)
    return min(6, 2 + grade // 8), 3 + grade // 3, 3 + 2 * grade


def state_names(count: int) -> str:
    return "ABCDEF"[:count]


def simulate(table: Table, tape: dict[int, str], head: int, state: str, limit: int):
    """Run from (tape, head, state) for at most ``limit`` steps. Returns (steps, state, tape, head, first_seen):
    first_seen maps each pair met to the step at which it was first met; the run stops at a halt entry."""
    tape = dict(tape)
    first_seen: dict[str, int] = {}
    for count in range(limit + 1):
        pair = state + tape.get(head, BLANK)
        first_seen.setdefault(pair, count)
        entry = table[pair]
        if entry is None:
            return count, state, tape, head, first_seen
        if count == limit:
            break
        write, move, state = entry
        tape[head] = write
        head += 1 if move == "R" else -1
    return None, state, tape, head, first_seen


def tape_text(tape: dict[int, str]) -> str:
    """The cells from the leftmost to the rightmost non-blank cell (blanks inside shown as _), or blank."""
    used = [cell for cell, symbol in tape.items() if symbol != BLANK]
    if not used:
        return "blank"
    return "".join(tape.get(cell, BLANK) for cell in range(min(used), max(used) + 1))


def format_table(table: Table, states: str) -> str:
    lines = ["state | read 0 | read 1 | read _"]
    for state in states:
        cells = []
        for symbol in SYMBOLS:
            entry = table[state + symbol]
            cells.append("halt" if entry is None else f"{entry[0]} {entry[1]} {entry[2]}")
        lines.append(f"{state}     | " + " | ".join(cell.ljust(6) for cell in cells).rstrip())
    return "\n".join(lines)


def build(states: str, tape: dict[int, str], head: int, least: int, rng: random.Random):
    """A table whose run from the start halts after ``least`` to ``2 * least + 10`` steps, with the result."""
    limit = 2 * least + 10
    for _ in range(MAX_TABLES):
        table: Table = {
            state + symbol: [rng.choice("01"), rng.choice("LR"), rng.choice(states)]
            for state in states
            for symbol in SYMBOLS
        }
        _, _, _, _, seen = simulate(table, tape, head, "A", limit)
        late = [(step, pair) for pair, step in seen.items() if step >= least]
        if not late:
            continue  # the run settles into pairs it met early: no halt entry could stop it in time
        halting = min(late)[1]
        table[halting] = None
        unused = [pair for pair in table if pair not in seen and rng.random() < 0.5]
        for pair in unused:
            table[pair] = None
        return table, simulate(table, tape, head, "A", limit)
    raise RuntimeError("no halting machine found")  # not reached: a late first meeting is common


def read_result(answer: str, states: str, max_cells: int) -> tuple[str, str]:
    """(state, tape) from ``C 10_1``, ``state C; tape 10_1``, ``C, blank``; blanks at the tape's ends are
    dropped, and the tape may be written with spaces between its cells."""
    if len(answer) > 3 * max_cells + 80:
        raise ParseError("answer too long")
    tokens = [t for t in _SEPARATORS.split(_FILLER.sub(" ", answer)) if t]
    if not tokens:
        raise ParseError("expected the final state and the tape")
    state = tokens[0].upper()
    if state not in states:
        raise ParseError(f"expected a state among {', '.join(states)} first, got {tokens[0][:10]!r}")
    rest = tokens[1:]
    tape = "" if [t.lower() for t in rest] in (["blank"], ["empty"], []) else "".join(rest)
    if set(tape) - set(SYMBOLS):
        raise ParseError("the tape may only hold 0, 1 and _")
    return state, tape.strip(BLANK) or "blank"


class TuringMachineTrace(Environment):
    id = "logic/turing_machine_trace"
    version = 1
    description = "Trace a small one-tape Turing machine (symbols 0, 1, blank) to its halt; give its state and tape."
    difficulty_scales = (
        "T = taper(d) (d up to 30, then + sqrt, then + log2): states 2 + T/8 (at most 6), starting tape 3 + T/3 "
        "cells, the run halts after 3 + 2T to 16 + 4T steps"
    )
    size_name = "minimum steps before the halt"
    answer_format = (
        "the state it halts in, then the tape from its leftmost to its rightmost non-blank cell (e.g. C 10_11)"
    )
    tags = ("logic", "automata", "turing-machine", "simulation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, cells, least = plan(difficulty)
        states = state_names(count)
        start = [rng.choice("01") for _ in range(cells)]
        start[0] = start[-1] = "1"  # the tape shown is exactly its non-blank stretch
        tape = dict(enumerate(start))
        head = rng.randrange(cells)
        table, (steps, final_state, final_tape, _, _) = build(states, tape, head, least, rng)
        result = tape_text(final_tape)
        prompt = (
            f"A Turing machine has one tape, infinite in both directions, whose cells hold 0, 1 or the blank _. "
            f"Its states are {', '.join(states)}; it starts in state A. In each step it looks at its state and the "
            "symbol under the head, and follows the table: an entry 'w M S' means write w in the current cell, "
            "move the head one cell left (L) or right (R), then go to state S; an entry 'halt' means stop (nothing "
            "is written and the head does not move).\n\n"
            f"{format_table(table, states)}\n\n"
            f"The tape starts as {''.join(start)} with blanks everywhere else, and the head on cell {head + 1} of "
            f"that stretch (counting from 1 at its left end). The machine halts within {2 * least + 10} steps.\n\n"
            "Give the state it halts in and the tape when it halts, written from its leftmost to its rightmost "
            "non-blank cell with _ for blanks in between (or the word blank if every cell is blank), for example "
            "C 10_11."
        )
        answer = f"{final_state} {result}"
        data = {"states": states, "state": final_state, "tape": result, "steps": steps, "cells": cells + steps}
        return Instance(prompt=prompt, answer=answer, data=data, size=least)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        state, tape = read_result(answer, data["states"], data["cells"])
        if state != data["state"]:
            return Verdict.wrong(f"the machine does not halt in state {state}")
        if tape != data["tape"]:
            return Verdict.wrong("the tape is wrong")
        return Verdict.right()
