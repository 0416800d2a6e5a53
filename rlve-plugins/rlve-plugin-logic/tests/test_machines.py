"""Machines traced step by step: elementary cellular automata, small Turing machines, Mealy machines and
nondeterministic pushdown automata.

Every instance is rebuilt from its prompt text (rule number, boundary and starting row; transition tables,
tapes, heads and input words) and run here by a plain simulator written independently of the environments (a
depth-first search over configurations for the pushdown automata); its result must equal the reference answer.
Harmless rewrites of the answer are accepted, near misses are not.
"""

from __future__ import annotations

import re

import pytest
from logic_test_helpers import assert_right, assert_wrong, env, find, score

# -- cellular automaton ----------------------------------------------------------------------------------------


def ca_from_prompt(prompt: str) -> tuple[int, bool, str, int]:
    """(rule, wraps, starting row, steps), read from the prompt's text only."""
    rule = int(re.search(r"follows Wolfram rule (\d+)", prompt).group(1))
    wraps = "wraps around" in prompt
    start = re.search(r"Starting row \(leftmost cell first\): ([01]+)", prompt).group(1)
    steps = int(re.search(r"the row after (\d+) step", prompt).group(1))
    return rule, wraps, start, steps


def ca_simulate(rule: int, wraps: bool, row: str, steps: int) -> str:
    """Textbook update: the new cell is the rule's entry for the neighbourhood string, looked up in a dict."""
    table = {format(n, "03b"): str(rule >> n & 1) for n in range(8)}
    for _ in range(steps):
        edge_left, edge_right = (row[-1], row[0]) if wraps else ("0", "0")
        padded = edge_left + row + edge_right
        row = "".join(table[padded[i : i + 3]] for i in range(len(row)))
    return row


@pytest.mark.parametrize("difficulty", [0, 1, 4, 9, 17, 30])
def test_cellular_automaton_matches_a_simulation_from_the_prompt(difficulty):
    for seed in range(6):
        problem = env("cellular_automaton").sample(difficulty, seed)
        assert ca_simulate(*ca_from_prompt(problem.prompt)) == problem.answer
        assert_right(problem, problem.answer)


def test_cellular_automaton_prompt_spells_out_the_rule_table():
    problem = env("cellular_automaton").sample(3, 2)
    rule, _, _, _ = ca_from_prompt(problem.prompt)
    cases = dict(re.findall(r"([01]{3}) -> ([01])", problem.prompt))
    assert len(cases) == 8 and all(int(cases[f"{n:03b}"]) == rule >> n & 1 for n in range(8))


def test_cellular_automaton_uses_both_boundaries():
    wrapping = find("cellular_automaton", lambda p: "wraps around" in p.prompt)
    fixed = find("cellular_automaton", lambda p: "fixed at 0" in p.prompt)
    for problem in (wrapping, fixed):
        assert ca_simulate(*ca_from_prompt(problem.prompt)) == problem.answer


def test_cellular_automaton_boundary_matters():
    """Some instance's answer differs between the two boundaries, so reading the boundary rule is needed."""

    def differs(problem):
        rule, wraps, start, steps = ca_from_prompt(problem.prompt)
        return ca_simulate(rule, not wraps, start, steps) != problem.answer

    problem = find("cellular_automaton", differs)
    rule, wraps, start, steps = ca_from_prompt(problem.prompt)
    assert_wrong(problem, ca_simulate(rule, not wraps, start, steps))


def test_cellular_automaton_accepts_spaced_and_bracketed_rows():
    problem = env("cellular_automaton").sample(8, 1)
    assert_right(problem, " ".join(problem.answer))
    assert_right(problem, "[" + ", ".join(problem.answer) + "]")


def test_cellular_automaton_rejects_near_misses():
    problem = env("cellular_automaton").sample(10, 3)
    row = problem.answer
    flipped = row[:2] + ("1" if row[2] == "0" else "0") + row[3:]
    rule, wraps, start, steps = ca_from_prompt(problem.prompt)
    for wrong in (flipped, row[:-1], row + "0", row.replace("0", "2"), "", "none", row * 50):
        assert_wrong(problem, wrong)
    one_step_short = ca_simulate(rule, wraps, start, steps - 1)
    if one_step_short != row:
        assert_wrong(problem, one_step_short)
    assert "cell 3" in score(problem, flipped).reason


# -- Turing machine -------------------------------------------------------------------------------------------


def tm_from_prompt(prompt: str):
    """(table, tape cells, head index) from the prompt; the table maps (state, symbol) to an action or None."""
    table = {}
    for line in prompt.splitlines():
        match = re.fullmatch(r"([A-F])\s+\|(.*)", line)
        if not match:
            continue
        for symbol, cell in zip("01_", match.group(2).split("|")):
            words = cell.split()
            table[match.group(1), symbol] = None if words == ["halt"] else (words[0], words[1], words[2])
    tape = re.search(r"The tape starts as ([01_]+) ", prompt).group(1)
    head = int(re.search(r"the head on cell (\d+) of", prompt).group(1)) - 1
    limit = int(re.search(r"halts within (\d+) steps", prompt).group(1))
    return table, tape, head, limit


def tm_run(table, tape: str, head: int, limit: int) -> str | None:
    """A list-based tape that grows at either end; the answer text, or None if no halt within ``limit`` steps."""
    cells, state = list(tape), "A"
    for _ in range(limit + 1):
        action = table[state, cells[head]]
        if action is None:
            text = "".join(cells).strip("_")
            return f"{state} {text or 'blank'}"
        write, move, state = action
        cells[head] = write
        head += 1 if move == "R" else -1
        if head < 0:
            cells.insert(0, "_")
            head = 0
        elif head == len(cells):
            cells.append("_")
    return None


@pytest.mark.parametrize("difficulty", [0, 1, 5, 12, 20, 30])
def test_turing_machine_matches_a_simulation_from_the_prompt(difficulty):
    for seed in range(6):
        problem = env("turing_machine_trace").sample(difficulty, seed)
        table, tape, head, limit = tm_from_prompt(problem.prompt)
        assert len(table) == 3 * len({state for state, _ in table})
        assert tm_run(table, tape, head, limit) == problem.answer
        assert_right(problem, problem.answer)


def test_turing_machine_halt_state_must_be_traced():
    """Some instance has halt entries in more than one state, so the table alone does not give the state."""
    problem = find(
        "turing_machine_trace",
        lambda p: len({s for s, _ in (k for k, v in tm_from_prompt(p.prompt)[0].items() if v is None)}) > 1,
    )
    assert tm_run(*tm_from_prompt(problem.prompt)) == problem.answer


def test_turing_machine_accepts_other_spellings():
    problem = env("turing_machine_trace").sample(6, 2)
    state, tape = problem.answer.split()
    assert_right(problem, f"state {state}; tape: {tape}")
    assert_right(problem, f"{state.lower()}, {' '.join(tape)}")
    assert_right(problem, f"{state} __{tape}_")


def test_turing_machine_rejects_near_misses():
    problem = env("turing_machine_trace").sample(9, 4)
    state, tape = problem.answer.split()
    states = "ABCDEF"[: len({s for s, _ in tm_from_prompt(problem.prompt)[0]})]
    other_state = next(s for s in states if s != state)
    flipped = ("1" if tape[0] == "0" else "0") + tape[1:]
    for wrong in (
        f"{other_state} {tape}",
        f"{state} {flipped}",
        f"{state} {tape}1",
        f"{state} {tape[1:]}",
        f"{state} blank",
        tape,
        "Z 101",
        f"{state} 1x0",
        "",
        f"{state} " + "1" * 5000,
    ):
        assert_wrong(problem, wrong)


# -- Mealy machine --------------------------------------------------------------------------------------------


def mealy_from_prompt(prompt: str) -> tuple[dict, str]:
    """(transitions {(state, letter): (next, output)}, input word) from the prompt's table and word."""
    lines = prompt.splitlines()
    header = next(line for line in lines if line.startswith("state |"))
    letters = re.findall(r"on (\w)", header)
    transitions = {}
    for line in lines:
        match = re.fullmatch(r"(\d+)\s+\|(.*)", line)
        if match:
            for letter, cell in zip(letters, match.group(2).split("|")):
                target, output = cell.strip().split("/")
                transitions[int(match.group(1)), letter] = (int(target), output)
    word = re.search(r'reads the input word "([a-c]*)"', prompt).group(1)
    return transitions, word


def mealy_run(transitions: dict, word: str) -> str:
    state, written = 0, ""
    for letter in word:
        state, output = transitions[state, letter]
        written += output
    return written


@pytest.mark.parametrize("difficulty", [0, 2, 7, 13, 22, 30])
def test_mealy_machine_matches_a_simulation_from_the_prompt(difficulty):
    for seed in range(6):
        problem = env("mealy_machine_output").sample(difficulty, seed)
        assert mealy_run(*mealy_from_prompt(problem.prompt)) == problem.answer
        assert_right(problem, problem.answer)


def test_mealy_machine_output_depends_on_the_state():
    """Translating each input letter by one fixed output letter (ignoring the state) never gives the answer."""
    for seed in range(20):
        problem = env("mealy_machine_output").sample(0, seed)
        _, word = mealy_from_prompt(problem.prompt)
        by_letter = {letter: {o for w, o in zip(word, problem.answer) if w == letter} for letter in set(word)}
        assert any(len(outputs) > 1 for outputs in by_letter.values())


def test_mealy_machine_accepts_other_spellings_and_rejects_near_misses():
    problem = env("mealy_machine_output").sample(12, 5)
    written = problem.answer
    assert_right(problem, " ".join(written.upper()))
    assert_right(problem, f'"{written}"')
    changed = written[:4] + ("y" if written[4] != "y" else "z") + written[5:]
    transitions, word = mealy_from_prompt(problem.prompt)
    moore_like = mealy_run(transitions, word[1:]) + "x"  # one letter out of step
    for wrong in (changed, written[:-1], written + "x", written.replace("x", "w"), "", "none", written * 40):
        assert_wrong(problem, wrong)
    if moore_like != written:
        assert_wrong(problem, moore_like)
    assert "letter 5" in score(problem, changed).reason


# -- pushdown automaton ---------------------------------------------------------------------------------------


def pda_from_prompt(prompt: str):
    """(transitions, final states, words) read from the prompt's text."""
    rule = re.compile(r"q(\d+), read (\S+), pop ([ZAB]) -> q(\d+), push (\S+)")
    transitions = [
        (int(p), "" if x == "ε" else x, top, int(q), "" if push == "nothing" else push)
        for p, x, top, q, push in rule.findall(prompt)
    ]
    final = {int(q) for q in re.findall(r"q(\d+)", prompt.split("Final states:")[1].split(".")[0])}
    words = re.findall(r"^\d+\. ([ab]+)$", prompt, re.MULTILINE)
    return transitions, final, words


def pda_accepts(transitions, final, word: str) -> bool:
    """Depth-first search over configurations (state, letters read, stack as a tuple with the top last)."""
    start = (0, 0, ("Z",))
    seen, todo = {start}, [start]
    while todo:
        state, read, stack = todo.pop()
        if read == len(word) and state in final:
            return True
        if not stack:
            continue
        for p, letter, top, q, push in transitions:
            if p != state or top != stack[-1]:
                continue
            if letter and (read == len(word) or word[read] != letter):
                continue
            nxt = (q, read + (1 if letter else 0), stack[:-1] + tuple(reversed(push)))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


@pytest.mark.parametrize("difficulty", [0, 1, 6, 14, 23, 30])
def test_pushdown_acceptance_matches_a_search_from_the_prompt(difficulty):
    for seed in range(5):
        problem = env("pushdown_acceptance").sample(difficulty, seed)
        transitions, final, words = pda_from_prompt(problem.prompt)
        assert len(transitions) == problem.size
        accepted = [i + 1 for i, word in enumerate(words) if pda_accepts(transitions, final, word)]
        assert (" ".join(map(str, accepted)) or "none") == problem.answer
        assert_right(problem, problem.answer)


def test_pushdown_acceptance_needs_the_empty_moves_and_nondeterminism():
    """Some instance's answer changes when the ε-transitions are ignored."""

    def differs(problem):
        transitions, final, words = pda_from_prompt(problem.prompt)
        plain = [t for t in transitions if t[1]]
        return any(pda_accepts(plain, final, w) != pda_accepts(transitions, final, w) for w in words)

    assert find("pushdown_acceptance", differs, difficulties=range(0, 8), seeds=range(10))


def test_pushdown_acceptance_accepts_any_order_and_rejects_near_misses():
    problem = find("pushdown_acceptance", lambda p: len(p.answer.split()) >= 2)
    accepted = [int(i) for i in problem.answer.split()]
    count = len(pda_from_prompt(problem.prompt)[2])
    assert_right(problem, ", ".join(map(str, reversed(accepted))))
    rejected = next(i for i in range(1, count + 1) if i not in accepted)
    for wrong in (
        " ".join(map(str, accepted[1:])),
        " ".join(map(str, [*accepted, rejected])),
        "none",
        f"{accepted[0]} {accepted[0]}",
        str(count + 1),
        "all of them",
        "",
    ):
        assert_wrong(problem, wrong)
