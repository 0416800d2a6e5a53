"""graph/edit_distance: the Levenshtein distance between two words and a shortest edit script, replayed."""

from __future__ import annotations

import random
import re
import string
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.sequences import dp_level, split_optimum

#: One operation: a letter or word, a position, and for insertions and substitutions the new letter.
_OPERATION = re.compile(r"([A-Za-z]+)[ \t]*([0-9]+)(?:[ \t]+([A-Za-z]))?")
_OPERATION_SEPARATORS = re.compile(r"[,;\n]+")
_KINDS = {
    "i": "I", "ins": "I", "insert": "I",
    "d": "D", "del": "D", "delete": "D",
    "s": "S", "sub": "S", "substitute": "S", "r": "S", "replace": "S",
}  # fmt: skip


def distance_table(a: str, b: str) -> list[list[int]]:
    """``table[i][j]``: the fewest edits that turn the first i letters of ``a`` into the first j of ``b``."""
    table = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        above, row = table[-1], [i]
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                row.append(above[j - 1])
            else:
                row.append(1 + min(above[j - 1], above[j], row[j - 1]))
        table.append(row)
    return table


def edit_script(a: str, b: str) -> list[str]:
    """A shortest script turning ``a`` into ``b``, as ``S 3 x`` / ``D 4`` / ``I 5 y`` with 1-based positions.

    The walk back through the table meets the edits from the end of the words to the start; applied in
    that order, each edit leaves the letters before it untouched, so its position in the original word
    is also its position in the word being edited.
    """
    table = distance_table(a, b)
    script, i, j = [], len(a), len(b)
    while i or j:
        if i and j and a[i - 1] == b[j - 1] and table[i][j] == table[i - 1][j - 1]:
            i, j = i - 1, j - 1
        elif i and j and table[i][j] == table[i - 1][j - 1] + 1:
            script.append(f"S {i} {b[j - 1]}")
            i, j = i - 1, j - 1
        elif i and table[i][j] == table[i - 1][j] + 1:
            script.append(f"D {i}")
            i -= 1
        else:
            script.append(f"I {i + 1} {b[j - 1]}")
            j -= 1
    return script


def read_script(text: str, max_operations: int) -> list[tuple[str, int, str]]:
    """``[("S", 1, "k"), ("I", 5, "g")]`` from ``S 1 k, I 5 g``: operations separated by commas, semicolons
    or line breaks; ``insert``/``delete``/``substitute`` (or ``replace``) spelled out are read too."""
    s = check_length(text, max_operations, 10).strip()
    items = [item.strip() for item in _OPERATION_SEPARATORS.split(s) if item.strip()] if s else []
    if len(items) > max_operations:
        raise ParseError(f"more than {max_operations} operations")
    script = []
    for item in items:
        match = _OPERATION.fullmatch(item)
        kind = _KINDS.get(match.group(1).lower()) if match else None
        if kind is None:
            raise ParseError(f"expected an operation such as I 3 a, D 3 or S 3 a, got {item[:30]!r}")
        letter = (match.group(3) or "").lower()
        if (kind == "D") != (letter == ""):
            raise ParseError(f"{item[:30]!r}: D takes a position only, I and S a position and a letter")
        script.append((kind, parse_int(match.group(2), max_digits=6), letter))
    return script


def replay(source: str, script: list[tuple[str, int, str]]) -> tuple[str, str | None]:
    """``(word, None)``: the word ``script`` turns ``source`` into; ``("", why)`` if an edit cannot be made."""
    word = list(source)
    for step, (kind, position, letter) in enumerate(script, start=1):
        last = len(word) + 1 if kind == "I" else len(word)
        if not 1 <= position <= last:
            return "", f"edit {step} ({kind} {position}) is outside the word, whose positions are then 1 to {last}"
        if kind == "I":
            word.insert(position - 1, letter)
        elif kind == "D":
            del word[position - 1]
        else:
            word[position - 1] = letter
    return "".join(word), None


class EditDistance(Environment):
    id = "graph/edit_distance"
    version = 1
    description = "Find the edit (Levenshtein) distance between two words and a shortest script of edits."
    difficulty_scales = (
        "first word: 4 + T letters (T = d to 30, then slower: rlve.scaling.taper); the second made from it by "
        "1 + (4 + T) / 3 random edits; alphabet: 3 + T / 6 letters (at most 8)"
    )
    size_name = "letters"
    answer_format = (
        "the distance, a colon, then the operations in order separated by commas, each I p c, D p or S p c "
        "with positions counted in the word as it is at that step, for example 2: S 1 k, I 5 g"
    )
    tags = ("string", "dynamic-programming", "edit-distance", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        letters = string.ascii_lowercase[: min(8, 3 + lev // 6)]
        source = "".join(rng.choice(letters) for _ in range(4 + lev))
        target = source
        while target == source:  # distance 0 would make an empty script
            word = list(source)
            for _ in range(1 + len(source) // 3):
                kind = rng.randrange(3)
                if kind == 0 or len(word) < 2:
                    word.insert(rng.randint(0, len(word)), rng.choice(letters))
                elif kind == 1:
                    del word[rng.randrange(len(word))]
                else:
                    word[rng.randrange(len(word))] = rng.choice(letters)
            target = "".join(word)
        script = edit_script(source, target)
        prompt = (
            f'Turn the word "{source}" into the word "{target}" with as few edits as possible. An edit is one of:\n'
            "- I p c: insert the letter c so that it becomes the letter at position p (p = 1 puts it first; "
            "p = the current length + 1 puts it last);\n"
            "- D p: delete the letter at position p;\n"
            "- S p c: replace the letter at position p by the letter c.\n"
            "Positions are counted from 1 in the word as it is when the edit is made, after the edits before "
            'it. For example "cat" becomes "cost" by S 2 o, I 3 s: "cat" -> "cot" -> "cost".\n\n'
            "Give the smallest number of edits (the edit distance) and a script of that many edits that turns "
            f'"{source}" into "{target}". Any shortest script is accepted.'
        )
        data = {"source": source, "target": target, "best": len(script)}
        return Instance(prompt=prompt, answer=f"{len(script)}: {', '.join(script)}", data=data, size=len(source))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        source, target, best = data["source"], data["target"], data["best"]
        stated, rest = split_optimum(answer, "the distance", len(str(best)) + 2)
        # No shortest script is longer than deleting every letter and inserting the other word's.
        script = read_script(rest, len(source) + len(target))
        result, problem = replay(source, script)
        if problem:
            return Verdict.wrong(problem)
        if result != target:
            return Verdict.wrong(f'the script turns "{source}" into "{result[:60]}", not "{target}"')
        if len(script) != best:
            return Verdict.wrong(f"the script has {len(script)} edits, but {best} are enough")
        if stated != best:
            return Verdict.wrong(f"the stated distance {stated} is not the {best} edits of the script")
        return Verdict.right()
