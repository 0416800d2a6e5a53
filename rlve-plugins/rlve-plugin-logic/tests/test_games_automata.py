"""Games (Nim and variants, Wythoff, subtraction-game sums, Euclid) and automata (DFA minimisation and
distinguishing words, regular expressions, context-free derivations).

Every instance is rebuilt from its prompt text and solved here independently: games by plain game-tree search
with memo, DFAs by running every word up to a length (reachability with networkx), regular expressions with
Python's ``re.fullmatch``, derivations by a depth-first search over leftmost derivations. Other valid answers
(every winning move, every shortest distinguishing word, a second derivation) are accepted; near misses are not.
"""

from __future__ import annotations

import itertools
import random
import re
from functools import cache

import networkx as nx
import pytest
from logic_test_helpers import assert_right, assert_wrong, env, find, score

from rlve_plugin_logic.automata import Nfa, accepts, blow_up, minimal_size, random_dfa
from rlve_plugin_logic.environments.regex_membership import random_regex, to_text
from rlve_plugin_logic.games import (
    NIM_BOUNDED,
    NIM_MISERE,
    NIM_NORMAL,
    euclid_mover_wins,
    nim_is_lost,
    nim_winning_moves,
    subtraction_grundy,
    wythoff_is_lost,
    wythoff_winning_moves,
)


def verdict(problem, answer):
    """Check an answer directly (no extraction): for the many answers the brute-force tests try."""
    return env(problem.env.split("/")[1]).verify(problem, answer)


# -- Nim ---------------------------------------------------------------------------------------------------


@cache
def nim_mover_wins(heaps: tuple[int, ...], misere: bool, limit: int) -> bool:
    """Plain game-tree search; heaps sorted so that equal positions share the memo."""
    if not any(heaps):
        return misere  # normal play: no move, the mover loses; misère: the opponent took the last object
    for i, h in enumerate(heaps):
        for take in range(1, (min(h, limit) if limit else h) + 1):
            after = tuple(sorted(heaps[:i] + (h - take,) + heaps[i + 1 :]))
            if not nim_mover_wins(after, misere, limit):
                return True
    return False


def nim_brute_winning_moves(heaps, misere, limit):
    moves = set()
    for i, h in enumerate(heaps):
        for take in range(1, (min(h, limit) if limit else h) + 1):
            after = list(heaps)
            after[i] -= take
            if not nim_mover_wins(tuple(sorted(after)), misere, limit):
                moves.add((i, take))
    return moves


def nim_from_prompt(prompt):
    heaps = [int(h) for h in re.findall(r"^heap \d+: (\d+)$", prompt, re.M)]
    cap = re.search(r"takes from 1 to (\d+) objects", prompt)
    return heaps, "LOSES" in prompt, int(cap.group(1)) if cap else 0


@pytest.mark.parametrize(("variant", "limit"), [(NIM_NORMAL, 0), (NIM_MISERE, 0), (NIM_BOUNDED, 2), (NIM_BOUNDED, 3)])
def test_nim_theory_matches_the_game_tree(variant, limit):
    for heaps in itertools.product(range(7), repeat=3):
        misere = variant == NIM_MISERE
        assert nim_is_lost(list(heaps), variant, limit) == (not nim_mover_wins(tuple(sorted(heaps)), misere, limit))
        assert set(nim_winning_moves(list(heaps), variant, limit)) == nim_brute_winning_moves(heaps, misere, limit)


def test_nim_prompts_solved_by_game_tree_and_every_winning_move_accepted():
    seen_variants, lost = set(), 0
    for difficulty in range(0, 11):
        for seed in range(5):
            problem = env("nim_winning_move").sample(difficulty, seed)
            heaps, misere, limit = nim_from_prompt(problem.prompt)
            assert heaps == problem.data["heaps"]
            seen_variants.add((misere, bool(limit)))
            winning = nim_brute_winning_moves(heaps, misere, limit)
            if not winning:
                lost += 1
                assert problem.answer == "none"
                assert not verdict(problem, "heap 1: take 1").correct
                continue
            for i, take in winning:
                assert verdict(problem, f"heap {i + 1}: take {take}").correct
            assert not verdict(problem, "none").correct
            for i, h in enumerate(heaps):  # every other legal move is refused
                for take in range(1, (min(h, limit) if limit else h) + 1):
                    if (i, take) not in winning:
                        assert not verdict(problem, f"heap {i + 1}: take {take}").correct
    assert seen_variants == {(False, False), (True, False), (False, True)}
    assert 5 <= lost <= 25


def test_nim_spellings_and_near_misses():
    problem = find("nim_winning_move", lambda p: p.answer != "none" and p.data["variant"] == NIM_NORMAL, range(3, 10))
    heap, take = map(int, re.fullmatch(r"heap (\d+): take (\d+)", problem.answer).groups())
    for spelling in (f"Heap {heap}: take {take}.", f"take {take} from heap {heap}", f"heap {heap}, take {take}"):
        assert_right(problem, spelling)
    assert_wrong(problem, f"heap {heap}: take {take + 1}", "")
    assert_wrong(problem, f"heap {len(problem.data['heaps']) + 1}: take 1", "no heap")
    assert_wrong(problem, f"heap {heap}: take {problem.data['heaps'][heap - 1] + 1}", "holds")
    assert_wrong(problem, "none", "not lost")
    assert not score(problem, f"heap {heap}: take {take} or none").format_ok
    bounded = find("nim_winning_move", lambda p: p.data["variant"] == NIM_BOUNDED and max(p.data["heaps"]) > 9)
    big = max(range(len(bounded.data["heaps"])), key=lambda i: bounded.data["heaps"][i])
    assert_wrong(bounded, f"heap {big + 1}: take {bounded.data['limit'] + 1}", "at most")


# -- Wythoff ------------------------------------------------------------------------------------------------


def wythoff_lost_table(size):
    """lost[x][y] by plain search: lost when no move (one pile, or both equally) reaches a lost position."""
    lost = [[False] * (size + 1) for _ in range(size + 1)]
    for x in range(size + 1):
        for y in range(size + 1):
            reach = [lost[x - k][y] for k in range(1, x + 1)] + [lost[x][y - k] for k in range(1, y + 1)]
            reach += [lost[x - k][y - k] for k in range(1, min(x, y) + 1)]
            lost[x][y] = not any(reach)
    return lost


WYTHOFF_LOST = wythoff_lost_table(81)


def wythoff_brute_moves(x, y):
    moves = {("A", k) for k in range(1, x + 1) if WYTHOFF_LOST[x - k][y]}
    moves |= {("B", k) for k in range(1, y + 1) if WYTHOFF_LOST[x][y - k]}
    return moves | {("both", k) for k in range(1, min(x, y) + 1) if WYTHOFF_LOST[x - k][y - k]}


def test_wythoff_theory_matches_the_search():
    for x in range(60):
        for y in range(60):
            assert wythoff_is_lost(x, y) == WYTHOFF_LOST[x][y]
            assert set(wythoff_winning_moves(x, y)) == wythoff_brute_moves(x, y)


def test_wythoff_prompts_solved_by_search_and_every_winning_move_accepted():
    lost = 0
    for difficulty in range(0, 7):  # piles up to 81
        for seed in range(6):
            problem = env("wythoff_game").sample(difficulty, seed)
            x, y = map(int, re.search(r"pile A holds (\d+) and pile B holds (\d+)", problem.prompt).groups())
            moves = wythoff_brute_moves(x, y)
            if not moves:
                lost += 1
                assert problem.answer == "none"
                assert not verdict(problem, "take 1 from both").correct
                continue
            for pile, take in moves:
                assert verdict(problem, f"take {take} from {pile}").correct
            assert not verdict(problem, "none").correct
            near = [("A", k) for k in range(1, x + 1)] + [("both", k) for k in range(1, min(x, y) + 1)]
            for pile, take in near:
                if (pile, take) not in moves:
                    assert not verdict(problem, f"take {take} from {pile}").correct
    assert 4 <= lost <= 20


def test_wythoff_spellings_and_illegal_moves():
    problem = find("wythoff_game", lambda p: p.answer != "none", range(5, 12))
    take, pile = re.fullmatch(r"take (\d+) from (A|B|both)", problem.answer).groups()
    assert_right(problem, f"Take {take} from pile {pile}.")
    assert_right(problem, f"{pile}: take {take}")
    x, y = problem.data["piles"]
    assert_wrong(problem, f"take {x + 1} from A", "cannot take")
    assert_wrong(problem, f"take {min(x, y) + 1} from both", "cannot take")
    assert not score(problem, f"take {take} from {pile} and {pile}").format_ok


# -- subtraction games ----------------------------------------------------------------------------------------


def grundy_by_table(size, moves):
    values = []
    for n in range(size + 1):
        reachable = {values[n - s] for s in moves if s <= n}
        values.append(next(v for v in itertools.count() if v not in reachable))
    return values[size]


def test_subtraction_grundy_shortcut_matches_the_full_table():
    rng = random.Random(5)
    for _ in range(300):
        moves = sorted(rng.sample(range(1, 13), rng.randint(1, 4)))
        size = rng.randint(0, 400)
        assert subtraction_grundy(size, moves) == grundy_by_table(size, moves), (size, moves)


def test_subtraction_prompts_solved_from_the_text():
    pattern = re.compile(r"^heap \d+: (\d+) objects, allowed amounts \{([\d, ]+)\}$", re.M)
    for difficulty in [*range(0, 31, 2), 100]:
        for seed in range(3):
            problem = env("subtraction_game_sum").sample(difficulty, seed)
            total = 0
            for size, amounts in pattern.findall(problem.prompt):
                total ^= grundy_by_table(int(size), [int(a) for a in amounts.split(",")])
            assert problem.answer == str(total)


def test_subtraction_near_misses():
    problem = find("subtraction_game_sum", lambda p: p.answer != "0", range(4, 10))
    value = int(problem.answer)
    assert_right(problem, f" {value}. ")
    assert_wrong(problem, str(value + 1), "not the grundy value")
    assert_wrong(problem, str(value ^ 1), "")
    zero = find("subtraction_game_sum", lambda p: p.answer == "0")
    assert_right(zero, "0")
    assert not score(zero, "00").format_ok  # the reference glued to itself
    assert not score(zero, "0 or 1").format_ok


# -- Euclid's game ------------------------------------------------------------------------------------------------


@cache
def euclid_wins(low, high):
    """Plain search (larger multiples first, which finds the win or the forced chain without deep recursion)."""
    for multiple in range(high // low, 0, -1):
        rest = high - multiple * low
        if rest == 0 or not euclid_wins(*sorted((low, rest))):
            return True
    return False


def test_euclid_prompts_solved_by_search_and_every_winning_move_accepted():
    second = 0
    for difficulty in [*range(0, 31, 3), 30]:
        for seed in range(4):
            problem = env("euclid_game").sample(difficulty, seed)
            a, b = map(int, re.search(r"starting from the numbers (\d+) and (\d+)", problem.prompt).groups())
            low, high = sorted((a, b))
            assert euclid_mover_wins(a, b) == euclid_wins(low, high)
            if not euclid_wins(low, high):
                second += 1
                assert problem.answer == "second"
                assert not verdict(problem, "first: 1").correct
                continue
            winning = [
                k
                for k in range(1, high // low + 1)
                if high == k * low or not euclid_wins(*sorted((low, high - k * low)))
            ]
            assert winning and problem.answer == f"first: {winning[0]}"
            for k in range(1, min(high // low, 50) + 1):
                assert verdict(problem, f"first: {k}").correct == (k in winning)
            assert not verdict(problem, "second").correct
    assert 6 <= second <= 30


def test_euclid_spellings_and_near_misses():
    problem = find(
        "euclid_game", lambda p: p.answer.startswith("first") and max(p.data["numbers"]) > 2 * min(p.data["numbers"])
    )
    k = int(problem.answer.split(": ")[1])
    for spelling in (f"First: {k}.", f"first, subtract {k} times", f"first player wins, k = {k}"):
        assert_right(problem, spelling)
    low, high = sorted(problem.data["numbers"])
    assert_wrong(problem, f"first: {high // low + 1}", "from 1 to")
    assert_wrong(problem, f"first: {k - 1 if k > 1 else k + 1}", "")
    assert_wrong(problem, "second", "first player wins")
    assert not score(problem, "first").format_ok
    lost = find("euclid_game", lambda p: p.answer == "second")
    assert_wrong(lost, "first: 1", "second player wins")


# -- DFAs -------------------------------------------------------------------------------------------------------------


def dfa_from_text(text):
    """(alphabet, delta, accepting) from a DFA description and its table as the prompt prints them."""
    accepting_text = re.search(r"accepting states: ([\d, ]+|none)", text).group(1)
    accepting = set() if accepting_text == "none" else {int(q) for q in accepting_text.split(",")}
    header = re.search(r"^state\s*\|(.*)$", text, re.M).group(1)
    alphabet = "".join(cell.strip()[-1] for cell in header.split("|"))
    rows = re.findall(r"^(\d+)\s*\|(.*)$", text, re.M)
    delta = [[int(cell) for cell in row.split("|")] for _, row in rows]
    assert [int(q) for q, _ in rows] == list(range(len(delta)))
    return alphabet, delta, accepting


def run(delta, alphabet, word):
    state = 0
    for letter in word:
        state = delta[state][alphabet.index(letter)]
    return state


def brute_minimal_states(alphabet, delta, accepting):
    """Reachable states (networkx) grouped by which words of length <= n - 2 they accept (enough for n states)."""
    graph = nx.DiGraph((q, t) for q, row in enumerate(delta) for t in row)
    graph.add_node(0)
    live = {0} | nx.descendants(graph, 0)
    words = [w for length in range(len(delta) - 1) for w in itertools.product(alphabet, repeat=length)]
    signatures = set()
    for q in live:
        signature = []
        for word in words:
            state = q
            for letter in word:
                state = delta[state][alphabet.index(letter)]
            signature.append(state in accepting)
        signatures.add(tuple(signature))
    return len(signatures)


def test_minimal_size_and_blow_up_match_brute_force():
    rng = random.Random(2)
    for _ in range(60):
        core = random_dfa(rng.randint(2, 6), "ab", rng)
        big = blow_up(core, rng.randint(6, 9), rng)
        for dfa in (core, big):
            assert minimal_size(dfa) == brute_minimal_states("ab", dfa["delta"], set(dfa["accepting"]))
        for length in range(7):
            for word in map("".join, itertools.product("ab", repeat=length)):
                assert accepts(core, word) == accepts(big, word)


def test_dfa_minimisation_prompts_solved_by_brute_force():
    answers = set()
    for difficulty in range(0, 9):  # up to 11 states over {a, b}
        for seed in range(3):
            problem = env("dfa_minimisation").sample(difficulty, seed)
            alphabet, delta, accepting = dfa_from_text(problem.prompt)
            assert len(delta) == problem.size
            expected = brute_minimal_states(alphabet, delta, accepting)
            assert problem.answer == str(expected)
            answers.add(expected < len(delta))
            assert_wrong(problem, str(expected + 1), "")
            assert_wrong(problem, str(len(delta)) if expected != len(delta) else str(expected - 1), "")
    assert answers == {True, False}  # some tables are already minimal, most are not


def test_dfa_minimisation_reads_plain_counts_only():
    problem = env("dfa_minimisation").sample(12, 1)
    assert_right(problem, f"{problem.answer}.")
    assert not score(problem, problem.answer * 2).correct
    assert not score(problem, f"0{problem.answer}").format_ok
    assert not score(problem, f"{problem.answer} states or more").format_ok


def two_dfas(prompt):
    first_text = prompt[prompt.index("M has") : prompt.index("N has")]
    second_text = prompt[prompt.index("N has") : prompt.index("Give a shortest")]
    return dfa_from_text(first_text), dfa_from_text(second_text)


def distinguishing_words_by_length(first, second, longest):
    """Words of each length up to ``longest`` that exactly one DFA accepts, shortest lengths first."""
    (alphabet, delta1, acc1), (_, delta2, acc2) = first, second
    for length in range(longest + 1):
        found = [
            "".join(w)
            for w in itertools.product(alphabet, repeat=length)
            if (run(delta1, alphabet, w) in acc1) != (run(delta2, alphabet, w) in acc2)
        ]
        if found:
            return found
    return []


def test_dfa_distinguishing_word_prompts_solved_by_enumeration():
    kinds = set()
    for difficulty in range(0, 9):  # 4 to 12 states in all, words up to 10 letters
        for seed in range(4):
            problem = env("dfa_distinguishing_word").sample(difficulty, seed)
            first, second = two_dfas(problem.prompt)
            shortest = distinguishing_words_by_length(first, second, len(first[1]) + len(second[1]) - 2)
            kinds.add(bool(shortest))
            if not shortest:
                assert problem.answer == "equivalent"
                assert not verdict(problem, "ab").correct
                continue
            assert problem.answer in shortest or (problem.answer == "empty" and shortest == [""])
            for word in shortest:  # every shortest distinguishing word counts
                assert verdict(problem, word or "empty").correct
            assert not verdict(problem, "equivalent").correct
            longer = distinguishing_words_by_length(first, second, 12)
            assert longer == shortest
            word = shortest[0]
            for extra in ("a", "b"):  # a longer distinguishing word is refused as not shortest
                for longer_word in (word + extra, extra + word):
                    result = verdict(problem, longer_word)
                    assert not result.correct
            same = [w for w in map("".join, itertools.product(first[0], repeat=len(word))) if w not in shortest]
            if same:
                assert not verdict(problem, same[0] or "empty").correct
    assert kinds == {True, False}


def test_dfa_distinguishing_word_reasons_and_spellings():
    problem = find("dfa_distinguishing_word", lambda p: p.answer not in ("equivalent", "empty") and len(p.answer) >= 3)
    assert_right(problem, f'"{problem.answer}"')
    assert_right(problem, f"{problem.answer}.")
    assert_wrong(problem, "equivalent", "not equivalent")
    assert not score(problem, problem.answer + problem.answer).correct
    assert not score(problem, " ".join(problem.answer)).format_ok
    assert not score(problem, problem.answer + "z").format_ok
    equivalent = find("dfa_distinguishing_word", lambda p: p.answer == "equivalent")
    assert_right(equivalent, "Equivalent")
    assert_wrong(equivalent, "a", "same words")


# -- regular expressions ---------------------------------------------------------------------------------------------


def test_thompson_nfa_agrees_with_python_re():
    rng = random.Random(4)
    for _ in range(300):
        regex = random_regex(rng.randint(1, 9), "abc", rng)
        pattern, nfa = re.compile(to_text(regex)), Nfa(regex)
        for _ in range(15):
            word = "".join(rng.choice("abc") for _ in range(rng.randint(0, 7)))
            assert nfa.matches(word) == bool(pattern.fullmatch(word)), (to_text(regex), word)


def regex_problem_from_prompt(prompt):
    expression = re.search(r"regular expression\n\n    (\S+)\n", prompt).group(1)
    words = re.findall(r'^\d+\. "([abc]*)"', prompt, re.M)
    return expression, words


def test_regex_prompts_solved_with_python_re():
    # Python's backtracking matcher takes minutes on one long non-matching word at d 29 (seed 2), hence 0-28
    for difficulty in [*range(0, 29), 100, 1000]:
        for seed in range(3):
            problem = env("regex_membership").sample(difficulty, seed)
            expression, words = regex_problem_from_prompt(problem.prompt)
            assert set(expression) <= set("abc()|*+?")
            matching = [i + 1 for i, w in enumerate(words) if re.fullmatch(expression, w)]
            assert problem.answer == (" ".join(map(str, matching)) or "none")
            assert 0 < len(matching) < len(words)


def test_regex_other_orders_accepted_and_near_misses_rejected():
    problem = find("regex_membership", lambda p: len(p.answer.split()) >= 2, range(6, 12))
    chosen = [int(i) for i in problem.answer.split()]
    others = [i for i in range(1, len(problem.data["words"]) + 1) if i not in chosen]
    assert_right(problem, ", ".join(map(str, reversed(chosen))))
    assert_right(problem, "[" + " ".join(map(str, chosen)) + "]")
    assert_wrong(problem, " ".join(map(str, chosen[1:])), "also matches")
    assert_wrong(problem, " ".join(map(str, [*chosen, others[0]])), "does not match")
    assert_wrong(problem, "none", "also matches")
    assert not score(problem, " ".join(map(str, [*chosen, chosen[0]]))).format_ok
    assert not score(problem, f"{problem.answer} {len(problem.data['words']) + 1}").format_ok


# -- context-free derivations --------------------------------------------------------------------------------------


def grammar_from_prompt(prompt):
    lines = re.findall(r"^([A-Z]) -> (.+)$", prompt, re.M)
    grammar = {name: [right.strip() for right in rights.split("|")] for name, rights in lines}
    word = re.search(r"leftmost derivation of the word ([abc]+) \(", prompt).group(1)
    return grammar, word


def leftmost_derivations(grammar, word, limit):
    """Up to ``limit`` leftmost derivations of ``word``, by depth-first search (no empty or unit rules, so a
    sentential form never gets shorter, and its letters before the first nonterminal must start the word)."""
    found = []

    def search(form, steps):
        if len(found) >= limit:
            return
        first = next((i for i, c in enumerate(form) if c.isupper()), None)
        if first is None:
            if form == word:
                found.append(list(steps))
            return
        if form[:first] != word[:first] or len(form) > len(word):
            return
        for right in grammar[form[first]]:
            steps.append(f"{form[first]} -> {right}")
            search(form[:first] + right + form[first + 1 :], steps)
            steps.pop()

    search("S", [])
    return found


def apply_leftmost(grammar, steps):
    form = "S"
    for step in steps:
        name, right = step.split(" -> ")
        first = next(i for i, c in enumerate(form) if c.isupper())
        assert form[first] == name and right in grammar[name], (form, step)
        form = form[:first] + right + form[first + 1 :]
    return form


def test_cfg_prompts_have_derivations_found_by_search():
    ambiguous = 0
    for difficulty in range(0, 9):
        for seed in range(4):
            problem = env("cfg_derivation").sample(difficulty, seed)
            grammar, word = grammar_from_prompt(problem.prompt)
            assert len(word) == problem.size
            assert apply_leftmost(grammar, problem.answer.splitlines()) == word
            derivations = leftmost_derivations(grammar, word, 2)
            assert derivations
            for steps in derivations:
                assert verdict(problem, "\n".join(steps)).correct
            if len(derivations) == 2:
                ambiguous += 1
    assert ambiguous >= 3  # other derivations than the reference were found and accepted


def test_cfg_spellings_and_broken_derivations():
    problem = find("cfg_derivation", lambda p: len(p.answer.splitlines()) >= 4, range(3, 8))
    steps = problem.answer.splitlines()
    assert_right(problem, "\n".join(f"{i + 1}. {s}" for i, s in enumerate(steps)))
    assert_right(problem, "\n".join(s.replace("->", "→") for s in steps))
    assert_right(problem, "\n".join(s.replace(" -> ", "->") for s in steps) + "\n")
    assert_wrong(problem, "\n".join(steps[:-1]), "not at the word")
    assert_wrong(problem, "\n".join([*steps, steps[-1]]), "already derived")
    grammar = problem.data["grammar"]
    name, right = steps[0].split(" -> ")
    other = next((r for n, rs in grammar.items() for r in rs if n != name), None)
    assert_wrong(problem, "\n".join([f"{name} -> {right}x", *steps[1:]]), "")
    swapped = next(
        (i for i in range(1, len(steps) - 1) if steps[i].split(" -> ")[0] != steps[i + 1].split(" -> ")[0]), None
    )
    if swapped is not None:
        order = [*steps[:swapped], steps[swapped + 1], steps[swapped], *steps[swapped + 2 :]]
        assert_wrong(problem, "\n".join(order), "leftmost nonterminal")
    assert other is not None
    assert_wrong(problem, "\n".join([f"{name} -> {other}", *steps[1:]]), "")
    assert not score(problem, "S => " + problem.data["word"]).correct
    assert not score(problem, problem.answer.replace("\n", ", ")).format_ok
