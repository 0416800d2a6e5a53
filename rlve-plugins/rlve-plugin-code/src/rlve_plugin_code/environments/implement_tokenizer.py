"""code/implement_tokenizer: write a tokenizer for generated token rules (longest-match operators, keywords,
decimals, string literals with escapes, comments), returning (kind, text) pairs or an error position."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import call_once, kill_near_misses, load_reference
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment

# The reference answer: this generic function with the problem's settings in front of it.
REFERENCE = '''
DIGITS = "0123456789"
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"


def tokenize(s):
    by_length = sorted(OPERATORS, key=len, reverse=True)  # longest match first
    tokens = []
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c in " \\t\\n":
            i += 1
            continue
        if COMMENTS and c == "#":
            while i < n and s[i] != "\\n":
                i += 1
            continue
        start = i
        if c in DIGITS:
            while i < n and s[i] in DIGITS:
                i += 1
            if DECIMALS and i + 1 < n and s[i] == "." and s[i + 1] in DIGITS:
                i += 1
                while i < n and s[i] in DIGITS:
                    i += 1
            tokens.append(["NUM", s[start:i]])
        elif c in LETTERS:
            while i < n and (s[i] in LETTERS or s[i] in DIGITS):
                i += 1
            word = s[start:i]
            tokens.append(["KW" if word in KEYWORDS else "ID", word])
        elif STRINGS and c == '"':
            i += 1
            while i < n and s[i] != '"':
                i += 2 if s[i] == "\\\\" else 1
            if i >= n:
                return start
            i += 1
            tokens.append(["STR", s[start:i]])
        else:
            for op in by_length:
                if s.startswith(op, i):
                    break
            else:
                return start
            i += len(op)
            tokens.append(["OP", op])
    return tokens
'''

# Plausible wrong versions of the reference (text replaced: old, new), each with the setting it needs.
NEAR_MISSES = (
    ("key=len, reverse=True)", "key=len)", "PREFIXES"),
    ("sorted(OPERATORS, key=len, reverse=True)", "sorted(OPERATORS)", "PREFIXES"),
    ('"KW" if word in KEYWORDS else "ID"', '"ID"', "KEYWORDS"),
    ('"KW" if word in KEYWORDS else "ID"', '"KW" if any(word.startswith(k) for k in KEYWORDS) else "ID"', "KEYWORDS"),
    ("while i < n and (s[i] in LETTERS or s[i] in DIGITS):", "while i < n and s[i] in LETTERS:", None),
    ('LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"',
     'LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"', None),
    ('i += 2 if s[i] == "\\\\" else 1', "i += 1", "STRINGS"),
    ('and s[i] == "." and s[i + 1] in DIGITS:', 'and s[i] == ".":', "DECIMALS"),
    ("            if i >= n:\n                return start", "            if i >= n:\n                return i",
     "STRINGS"),
    ("            else:\n                return start", "            else:\n                return start + 1", None),
    ('            while i < n and s[i] != "\\n":\n                i += 1', "            i = n", "COMMENTS"),
    ('tokens.append(["STR", s[start:i]])', 'tokens.append(["STR", s[start + 1 : i - 1]])', "STRINGS"),
    ('if c in " \\t\\n":', 'if c in " \\n":', None),
)  # fmt: skip

def shows(needs: str | None, settings: dict[str, Any]) -> bool:
    """Whether a near miss that needs this setting can differ from the reference (PREFIXES: some operator is
    the beginning of a longer one, so that the order operators are tried in matters)."""
    if needs == "PREFIXES":
        operators = settings["OPERATORS"]
        return any(long != short and long.startswith(short) for long in operators for short in operators)
    return needs is None or bool(settings[needs])


OPERATOR_POOL = (
    "+", "-", "*", "/", "%", "=", "<", ">", "!", "&", "|", "^", "~", ":", "?", ".", "@",
    "==", "!=", "<=", ">=", "<<", ">>", "**", "//", "->", "&&", "||", "++", "--", "+=", "-=", "::", "=>",
    "...", "<<=", ">>=", "**=", "===", "!==", "<=>", "->>",
)  # fmt: skip
KEYWORD_POOL = ("if", "else", "while", "for", "return", "let", "fn", "in", "not", "and", "or", "do")
ERROR_CHARACTERS = "$`';\\,"


def draw_settings(rng: random.Random, t: int) -> dict[str, Any]:
    """Operators (3 + d // 2, at most 16, many multi-character from d = 2), keywords from d = 4, decimals from
    d = 6, string literals from d = 8, comments from d = 10."""
    count = min(16, 3 + t // 2)
    pool = OPERATOR_POOL if t >= 2 else OPERATOR_POOL[:20]
    operators = set(rng.sample(pool, count))
    # a multi-character operator whose proper prefix is not an operator, so longest match must not backtrack
    if t >= 2:
        long = rng.choice([op for op in OPERATOR_POOL if len(op) == 3])
        operators.add(long)
        operators.add(long[:1])
        operators.discard(long[:2])
    return {
        "OPERATORS": sorted(operators),
        "KEYWORDS": sorted(rng.sample(KEYWORD_POOL, rng.randint(2, 4))) if t >= 4 else [],
        "DECIMALS": t >= 6 and rng.random() < 0.8,
        "STRINGS": t >= 8 and rng.random() < 0.8,
        "COMMENTS": t >= 10 and rng.random() < 0.7,
    }


def draw_piece(rng: random.Random, settings: dict[str, Any]) -> str:
    """One piece of source text: usually one token, sometimes one meant to test a rule's edge."""
    roll = rng.random()
    if roll < 0.25:
        # a '.' after a number is only an error when it is not an operator
        fraction = "." + str(rng.randint(0, 99))
        endings = [""] + ([fraction, fraction] if settings["DECIMALS"] else [])
        endings += ["."] if settings["DECIMALS"] and rng.random() < 0.2 else []
        endings += [".", ".x", ".5.5"] if "." in settings["OPERATORS"] else []
        return str(rng.randint(0, 999)) + rng.choice(endings)
    if roll < 0.5:
        word = "".join(rng.choice(string.ascii_letters + "_") for _ in range(rng.randint(1, 4)))
        if settings["KEYWORDS"] and rng.random() < 0.5:
            word = rng.choice(settings["KEYWORDS"]) + rng.choice(("", "", "", "_", "2", word))
        return word + (str(rng.randint(0, 9)) if rng.random() < 0.25 else "")
    if roll < 0.8:
        return "".join(rng.choice(settings["OPERATORS"]) for _ in range(rng.choice((1, 1, 2))))
    if roll < 0.9 and settings["STRINGS"]:
        body = "".join(rng.choice(('a', 'b', ' ', '\\"', "\\\\", "#", "+", "\\n")) for _ in range(rng.randint(0, 5)))
        return f'"{body}"'
    if roll < 0.95 and settings["COMMENTS"]:
        return "# " + rng.choice(("note", "x = 1", '"', "$")) + "\n"
    return rng.choice(("\t", "\n", "  "))


def draw_input(rng: random.Random, settings: dict[str, Any], pieces: int) -> str:
    text = ""
    for _ in range(pieces):
        text += draw_piece(rng, settings) + rng.choice(("", "", " ", " ", "\n", "\t"))
    roll = rng.random()
    if roll < 0.12:  # a character that starts no token
        spot = rng.randint(0, len(text))
        text = text[:spot] + rng.choice(ERROR_CHARACTERS) + text[spot:]
    elif roll < 0.2 and settings["STRINGS"]:  # a string literal that never ends
        text += ' "ab' + rng.choice(("", "\\", '\\"'))
    return text


def kinds_text(settings: dict[str, Any]) -> str:
    letters = "a letter (a-z, A-Z) or an underscore"
    lines = [
        "- Spaces, tabs and newlines separate tokens and are otherwise skipped.",
        "- NUM: a maximal run of digits 0-9."
        + (
            " If that run is followed by a '.' and at least one more digit, the '.' and the maximal run of digits "
            "after it belong to the number too (only one such fractional part: \"1.2.3\" starts with the NUM "
            "\"1.2\"); a '.' not followed by a digit is not part of the number."
            if settings["DECIMALS"]
            else ""
        ),
        f"- ID: {letters}, then a maximal run of letters, underscores and digits.",
    ]
    if settings["KEYWORDS"]:
        words = ", ".join(settings["KEYWORDS"])
        lines.append(
            f"- KW: an ID whose whole text is one of these keywords: {words} (then its kind is KW, not ID; a "
            "longer word that starts with a keyword is still an ID)."
        )
    if settings["STRINGS"]:
        lines.append(
            "- STR: a string literal: a double quote \", then any characters up to the next double quote that is "
            "not escaped, which ends it. A backslash escapes the character right after it (so \\\" does not end "
            "the literal and \\\\ is one escaped backslash). The token's text is the literal exactly as written, "
            "quotes and backslashes included. A literal that is not closed before the end of the input is an "
            "error at the position of its opening quote."
        )
    if settings["COMMENTS"]:
        lines.append(
            "- A # (outside a string literal) starts a comment that runs up to the next newline (or the end of the "
            "input); comments are skipped like spaces."
        )
    operators = "  ".join(settings["OPERATORS"])
    lines.append(
        f"- OP: one of these operators: {operators}\n  At each position the LONGEST operator that matches there is "
        "taken (no backtracking: if no longer operator matches, the shorter one is taken, even if that leaves "
        "something that matches nothing)."
    )
    return "\n".join(lines)


class ImplementTokenizer(FunctionEnvironment):
    id = "code/implement_tokenizer"
    version = 1
    description = (
        "Write a tokenizer from a generated lexical specification (numbers, identifiers, keywords, longest-match "
        "operators, string literals with escapes, comments) returning (kind, text) pairs or the error position."
    )
    difficulty_scales = (
        "tokens per test input: 3 + d (slower past d=30, at most 80); operators: 3 + d // 2 (at most 16), "
        "multi-character ones from d=2; keywords from d=4, decimals from d=6, string literals from d=8, "
        "comments from d=10"
    )
    size_name = "tokens per input"
    answer_format = CODE_ANSWER
    tags = ("code", "parsing", "strings")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        pieces = min(80, 3 + t)
        settings = draw_settings(rng, t)
        tokenize = load_reference(REFERENCE, "tokenize", settings)

        def draw_test(length: int = pieces) -> dict[str, Any]:
            text = draw_input(rng, settings, length)
            return {"args": [text], "expected": tokenize(text)}

        tests = [draw_test() for _ in range(12)]
        edges = ("", " \t\n", rng.choice(ERROR_CHARACTERS), "x" + rng.choice(ERROR_CHARACTERS))
        tests += [{"args": [text], "expected": tokenize(text)} for text in edges]
        near_misses = [
            load_reference(REFERENCE.replace(old, new), "tokenize", settings)
            for old, new, needs in NEAR_MISSES
            if shows(needs, settings)
        ]
        tests = kill_near_misses(tests, near_misses, lambda: draw_test(max(pieces, 10)), 80, outcome=call_once)
        example = next((test for test in tests if isinstance(test["expected"], list) and test["expected"]), tests[0])
        prompt = (
            "Write a Python function\n\n    def tokenize(s: str) -> list | int:\n\n"
            "that splits the string s into tokens, scanning from left to right. At each position the first rule "
            "below that applies decides the next token:\n\n"
            f"{kinds_text(settings)}\n\n"
            "Return the tokens as a list of [kind, text] pairs (lists or tuples), kind being one of the upper-case "
            "names above and text the exact characters of the token. If at some position no rule applies (a "
            "character that starts no token"
            + (", or a string literal that is not closed" if settings["STRINGS"] else "")
            + "), return instead the 0-based position (an int) where that token would start, and nothing else. "
            "The empty string gives [].\n\n"
            f"For example, tokenize({example['args'][0]!r}) == {example['expected']!r}.\n\n"
            f"{hidden_tests('the empty string and inputs with errors included')}"
        )
        data: dict[str, Any] = {"entry": "tokenize", "arity": 1, "tests": tests}
        header = "".join(f"{key} = {value!r}\n" for key, value in settings.items())
        return Instance(prompt=prompt, answer=header + REFERENCE, data=data, size=pieces)
