"""logic/cfg_derivation: give a leftmost derivation of a word from a context-free grammar.

Grammars have no empty rules and no unit rules (A -> B), and a right side has at most two nonterminals, so
every step makes the string longer or turns a nonterminal into letters: a derivation of a word of n letters
has fewer than 2n steps, and every string on the way has at most n symbols. That bounds the checker's work.

The word is drawn with exactly the length the level asks for: ``lengths`` computes, for every nonterminal, the
set of word lengths it can derive (bit masks, by increasing length), and the derivation tree is sampled top
down, each rule and each split of the length chosen among the feasible ones. Any valid leftmost derivation is
accepted; the checker replays it rule by rule.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow

NONTERMINALS = "SABCDEFGH"
#: Grammars drawn before giving up on one that derives a word of the wanted length.
MAX_GRAMMARS = 60
#: Characters one derivation line may take ("12. S -> aAbB" and some spaces).
CHARS_PER_LINE = 40

_LINE = re.compile(r"(?:(?:step )?\d{1,5}[.):] ?)?([A-Z]) ?(?:->|→|=>) ?([a-zA-Z ]{1,20})", re.IGNORECASE)

Grammar = dict[str, list[str]]


def plan(difficulty: int) -> tuple[int, int, str]:
    """(word length, nonterminals, terminals): the word 4 + L letters to level 30, then one more per 20 levels;
    nonterminals 2 + L/5 (at most 9, S included); terminals a, b, and c from level 6."""
    lvl = level(difficulty)
    length = 4 + slow(lvl, 1, 20, knee=30)
    return length, min(len(NONTERMINALS), 2 + lvl // 5), "ab" if lvl < 6 else "abc"


def random_right_side(terminals: str, nonterminals: list[str], rng: random.Random) -> str:
    """A right side with one or two nonterminals and up to two letters, never a lone nonterminal."""
    names = [rng.choice(nonterminals) for _ in range(rng.choice((1, 1, 2)))]
    letters = rng.choice((1, 1, 2)) if len(names) == 1 else rng.choice((0, 0, 1))
    symbols = names + [rng.choice(terminals) for _ in range(letters)]
    rng.shuffle(symbols)
    return "".join(symbols)


def random_grammar(count: int, terminals: str, rng: random.Random) -> Grammar:
    """Rules for ``count`` nonterminals (S first). Each has a rule of letters only (so each derives some word),
    each after S is used by an earlier one (so each is reachable from S), and each has two or three rules."""
    names = list(NONTERMINALS[:count])
    rules: Grammar = {name: ["".join(rng.choice(terminals) for _ in range(rng.randint(1, 2)))] for name in names}
    for index in range(1, count):
        owner = names[rng.randrange(index)]
        right = random_right_side(terminals, names, rng)
        slot = next(i for i, symbol in enumerate(right) if symbol.isupper())
        rules[owner].append(right[:slot] + names[index] + right[slot + 1 :])
    for name in names:
        wanted = 3 if name == "S" else rng.randint(2, 3)
        for _ in range(10):
            if len(rules[name]) >= wanted:
                break
            right = random_right_side(terminals, names, rng)
            if right not in rules[name]:
                rules[name].append(right)
        rules[name] = list(dict.fromkeys(rules[name]))
    return rules


def lengths(grammar: Grammar, longest: int) -> tuple[dict[str, int], dict[str, int]]:
    """For every nonterminal, the lengths (up to ``longest``) of the words it derives, as a bit mask; and the
    same masks reversed.

    Lengths are settled in increasing order: a right side with two nonterminals splits its length into two
    smaller ones, tested at once by and-ing one mask with the other reversed (bit j of ``reverse[Y]`` stands
    for length ``longest - j``), then shifted.
    """
    masks = dict.fromkeys(grammar, 0)
    reverse = dict.fromkeys(grammar, 0)
    for length in range(1, longest + 1):
        for name, rights in grammar.items():
            if not masks[name] >> length & 1 and any(_fits(right, length, masks, reverse, longest) for right in rights):
                masks[name] |= 1 << length
                reverse[name] |= 1 << (longest - length)
    return masks, reverse


def _fits(right: str, length: int, masks: dict[str, int], reverse: dict[str, int], longest: int) -> bool:
    return bool(_splits(right, length, masks, reverse, longest))


def _splits(right: str, length: int, masks: dict[str, int], reverse: dict[str, int], longest: int) -> int:
    """The lengths the first nonterminal of ``right`` may take when ``right`` derives ``length`` letters, as a
    bit mask (bit 0 alone when ``right`` has no nonterminal and exactly that many letters)."""
    names = [symbol for symbol in right if symbol.isupper()]
    rest = length - (len(right) - len(names))  # letters the nonterminals must make
    if not names:
        return 1 if rest == 0 else 0
    if rest < len(names):
        return 0
    if len(names) == 1:
        return (masks[names[0]] >> rest & 1) << rest
    return masks[names[0]] & (reverse[names[1]] >> (longest - rest))


def derive(grammar: Grammar, length: int, rng: random.Random) -> tuple[list[str], str]:
    """A random leftmost derivation from S of a word of exactly ``length`` letters: (steps as "X -> rhs", word).

    The derivation tree is sampled top down; its rules in pre-order are the steps of the leftmost derivation.
    """
    masks, reverse = lengths(grammar, length)
    steps: list[str] = []
    letters: list[str] = []
    pending = [("S", length)]  # a stack: symbols still to expand, leftmost on top
    while pending:
        symbol, size = pending.pop()
        if symbol.islower():
            letters.append(symbol)
            continue
        options = []
        for right in grammar[symbol]:
            split = _splits(right, size, masks, reverse, length)
            if split:
                options.append((right, split))
        right, split = rng.choice(options)
        first = rng.choice([j for j in range(split.bit_length()) if split >> j & 1])
        names = [s for s in right if s.isupper()]
        rest = size - (len(right) - len(names))  # letters the nonterminals make together
        sizes = [first, rest - first] if len(names) == 2 else [rest]
        parts = [(s, sizes.pop(0)) if s.isupper() else (s, 1) for s in right]
        pending.extend(reversed(parts))
        steps.append(f"{symbol} -> {right}")
    return steps, "".join(letters)


def format_grammar(grammar: Grammar) -> str:
    return "\n".join(f"{name} -> {' | '.join(rights)}" for name, rights in grammar.items())


def read_steps(answer: str, max_steps: int) -> list[tuple[str, str]]:
    """(nonterminal, right side) per non-empty line; a line may start with its number ("3." or "step 3:")."""
    if len(answer) > CHARS_PER_LINE * (max_steps + 1):
        raise ParseError(f"more than {max_steps} steps")
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    if len(lines) > max_steps:
        raise ParseError(f"more than {max_steps} steps: a derivation of this word has fewer")
    steps = []
    for number, line in enumerate(lines, start=1):
        match = _LINE.fullmatch(line)
        if not match:
            raise ParseError(f"line {number} is not a rule application such as S -> aSb: {line[:30]!r}")
        steps.append((match.group(1), "".join(match.group(2).split())))
    return steps


class CfgDerivation(Environment):
    id = "logic/cfg_derivation"
    version = 1
    description = "Give a leftmost derivation of a word from a context-free grammar, one rule application per line."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): the word has 4 + L letters to level 30, then one more "
        "per 20 levels; nonterminals 2 + L/5 (at most 9), two or three rules each; letters a, b, and c from "
        "level 6"
    )
    size_name = "letters in the word"
    answer_format = (
        "the steps of a leftmost derivation, one per line, each the rule applied to the leftmost nonterminal, "
        "written as X -> right side (for example S -> aSb)"
    )
    tags = ("logic", "grammar", "context-free", "parsing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        length, count, terminals = plan(difficulty)
        for _ in range(MAX_GRAMMARS):
            grammar = random_grammar(count, terminals, rng)
            if lengths(grammar, length)[0]["S"] >> length & 1:
                break
        else:  # practically never: a right-recursive rule for S makes every length from 2 on derivable
            grammar["S"].append(terminals[0] + "S")
        steps, word = derive(grammar, length, rng)
        prompt = (
            "Here is a context-free grammar. The capital letters are nonterminals, S is the start symbol, and the "
            "small letters are terminals (the letters of words); X -> u | v lists two rules for X:\n\n"
            f"{format_grammar(grammar)}\n\n"
            f"Give a leftmost derivation of the word {word} ({length} letters). Start from S; at each step, "
            "replace the leftmost nonterminal of the current string by the right side of one of its rules; "
            "stop when the string is the word. Write one step per line, as the rule you apply (X -> right side, "
            "one right side only, for example S -> aSb). Any correct leftmost derivation counts."
        )
        data = {"grammar": grammar, "word": word}
        return Instance(prompt=prompt, answer="\n".join(steps), data=data, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        grammar, word = data["grammar"], data["word"]
        steps = read_steps(answer, 2 * len(word))
        current = "S"
        for number, (name, right) in enumerate(steps, start=1):
            leftmost = next((i for i, symbol in enumerate(current) if symbol.isupper()), None)
            if leftmost is None:
                return Verdict.wrong(f"step {number}: the word is already derived, nothing is left to rewrite")
            if current[leftmost] != name:
                return Verdict.wrong(f"step {number}: the leftmost nonterminal is {current[leftmost]}, not {name}")
            if right not in grammar.get(name, []):
                return Verdict.wrong(f"step {number}: {name} -> {right} is not a rule of the grammar")
            current = current[:leftmost] + right + current[leftmost + 1 :]
            if len(current) > len(word):
                return Verdict.wrong(f"step {number}: the string is longer than the word, and no rule shortens it")
            done = next((i for i, symbol in enumerate(current) if symbol.isupper()), len(current))
            if current[:done] != word[:done]:
                return Verdict.wrong(f"step {number}: the string starts {current[:done]}, the word does not")
        if current != word:
            return Verdict.wrong(f"the derivation ends at {current}, not at the word")
        return Verdict.right()
