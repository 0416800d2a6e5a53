"""logic/regex_membership: which of several words does a regular expression match in full?

Expressions are random trees over the letters a, b, c with concatenation, |, *, + and ?, printed with as few
parentheses as the precedence needs. The words mix samples of the expression (which match), samples with one
letter changed, added or removed (near misses that may or may not match) and random words. Membership is decided
by a Thompson NFA (``automata.Nfa``); the pack's tests compare it with Python's ``re.fullmatch``.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.automata import Nfa, Regex
from rlve_plugin_logic.reading import read_index_set

POSTFIX = {"star": "*", "plus": "+", "opt": "?"}
#: Binding strength when printing: alternation, concatenation, postfix operators, letters.
STRENGTH = {"alt": 0, "cat": 1, "star": 2, "plus": 2, "opt": 2, "lit": 3}
#: Repetitions of a starred or plussed part stop once a sampled word is this many letters past its start.
SAMPLE_ROOM = 12
#: Expressions drawn until the words are neither all matched nor all unmatched (some expressions match nearly
#: everything, and such a problem is a guess).
MAX_EXPRESSIONS = 30


def plan(difficulty: int) -> tuple[int, int, str]:
    """(letters in the expression, words, alphabet): letters 3 + L to level 30, then one more per 20 levels;
    words 5 + L/6 (at most 10); letters a, b, and c from level 4."""
    lvl = level(difficulty)
    return 3 + slow(lvl, 1, 20, knee=30), min(10, 5 + lvl // 6), "ab" if lvl < 4 else "abc"


def random_regex(leaves: int, alphabet: str, rng: random.Random) -> Regex:
    """A random expression with exactly ``leaves`` letters; about one part in four gets a postfix operator."""
    if leaves == 1:
        node: Regex = ["lit", rng.choice(alphabet)]
    else:
        left = rng.randint(1, leaves - 1)
        kind = "cat" if rng.random() < 0.6 else "alt"
        node = [kind, random_regex(left, alphabet, rng), random_regex(leaves - left, alphabet, rng)]
        if kind == "alt" and to_text(node[1]) == to_text(node[2]):
            node[0] = "cat"  # not x|x
    if node[0] != "alt" and rng.random() < 0.25 or node[0] == "alt" and rng.random() < 0.1:
        node = [rng.choice(list(POSTFIX)), node]
    return node


def to_text(node: Regex) -> str:
    """The expression with parentheses exactly where precedence needs them (and around a repeated repetition,
    which Python's ``re`` would refuse as "multiple repeat")."""
    kind = node[0]
    if kind == "lit":
        return node[1]
    if kind == "alt":
        return f"{to_text(node[1])}|{to_text(node[2])}"
    if kind == "cat":
        return "".join(_wrapped(child, STRENGTH["cat"]) for child in node[1:])
    return _wrapped(node[1], STRENGTH["lit"]) + POSTFIX[kind]


def _wrapped(node: Regex, needed: int) -> str:
    text = to_text(node)
    return text if STRENGTH[node[0]] >= needed else f"({text})"


def sample(node: Regex, rng: random.Random, out: list[str]) -> None:
    """Append to ``out`` the letters of a random word the expression matches."""
    kind = node[0]
    if kind == "lit":
        out.append(node[1])
    elif kind == "cat":
        sample(node[1], rng, out)
        sample(node[2], rng, out)
    elif kind == "alt":
        sample(rng.choice(node[1:]), rng, out)
    else:
        start = len(out)
        times = {"star": rng.choice((0, 1, 1, 2, 3)), "plus": rng.choice((1, 1, 2, 3)), "opt": rng.randint(0, 1)}[kind]
        for number in range(times):
            if number > 0 and len(out) - start > SAMPLE_ROOM:
                break
            sample(node[1], rng, out)


def near_miss(word: str, alphabet: str, rng: random.Random) -> str:
    """``word`` with one letter changed, inserted or removed."""
    where = rng.randint(0, len(word))
    action = rng.choice(("change", "insert", "remove")) if word else "insert"
    if action == "insert":
        return word[:where] + rng.choice(alphabet) + word[where:]
    where = min(where, len(word) - 1)
    if action == "remove":
        return word[:where] + word[where + 1 :]
    return word[:where] + rng.choice([c for c in alphabet if c != word[where]]) + word[where + 1 :]


def make_words(regex: Regex, count: int, alphabet: str, rng: random.Random) -> list[str]:
    """``count`` distinct words: about a third samples, 40% near misses, the rest random."""
    words: list[str] = []
    for _ in range(40 * count):
        if len(words) == count:
            break
        letters: list[str] = []
        sample(regex, rng, letters)
        word = "".join(letters)
        roll = rng.random()
        if roll < 0.4:
            word = near_miss(word, alphabet, rng)
        elif roll < 0.65:
            word = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, max(1, len(word) + 1))))
        if word not in words:
            words.append(word)
    while len(words) < count:  # tiny expressions have few words: pad with fresh random ones
        word = "".join(rng.choice(alphabet) for _ in range(len(words) + 1))
        if word not in words:
            words.append(word)
    return words


class RegexMembership(Environment):
    id = "logic/regex_membership"
    version = 1
    description = "Decide which of several words a regular expression (|, *, +, ?, brackets) matches in full."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): letters in the expression 3 + L to level 30, then one "
        "more per 20 levels; words 5 + L/6 (at most 10); alphabet {a, b}, {a, b, c} from level 4"
    )
    size_name = "letters in the expression"
    answer_format = (
        "the numbers of every word the expression matches, separated by spaces (for example 1 4 5), or none if "
        "it matches none of them"
    )
    tags = ("logic", "automata", "regex")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        leaves, count, alphabet = plan(difficulty)
        for _ in range(MAX_EXPRESSIONS):
            regex = random_regex(leaves, alphabet, rng)
            words = make_words(regex, count, alphabet, rng)
            nfa = Nfa(regex)
            matching = [i + 1 for i, word in enumerate(words) if nfa.matches(word)]
            if 0 < len(matching) < count:
                break
        listing = "\n".join(
            f'{i + 1}. "{word}"' + ("" if word else " (the empty word)") for i, word in enumerate(words)
        )
        prompt = (
            f"Consider the regular expression\n\n    {to_text(regex)}\n\n"
            "over the letters a, b, c. Its syntax: a letter matches itself; two expressions written one after the "
            "other match a match of the first followed by a match of the second; X|Y matches what X or Y matches; "
            "X* matches zero or more repetitions of X, X+ one or more, and X? zero or one; parentheses group. "
            "The operators *, + and ? bind tightest and apply to the letter or bracketed group just before them, "
            "then comes concatenation, and | binds loosest (so ab*|c means (a(b*))|c).\n"
            "Which of these words does the expression match as a whole (the entire word, not just a part of it)? "
            "Quotes only delimit the words.\n\n" + listing
        )
        answer = " ".join(map(str, matching)) if matching else "none"
        data = {"words": words, "matching": matching}
        return Instance(prompt=prompt, answer=answer, data=data, size=leaves)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        chosen = read_index_set(answer, len(data["words"]))
        matching = set(data["matching"])
        extra, missing = sorted(chosen - matching), sorted(matching - chosen)
        if extra:
            return Verdict.wrong(f"the expression does not match word {extra[0]}")
        if missing:
            return Verdict.wrong(f"the expression also matches word {missing[0]}")
        return Verdict.right()
