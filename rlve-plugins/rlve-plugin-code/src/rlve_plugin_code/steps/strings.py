"""Steps on a string ``s``."""

from __future__ import annotations

import random

from rlve_plugin_code.steps.base import Domain, Shape, Step, Variant

#: Strings never grow past this many characters.
MAX_LEN = 400
VOWELS = "aeiou"


def alphabet_letters(difficulty: int) -> str:
    """The alphabet of inputs: a few lower-case letters first, then upper case, digits and spaces."""
    alphabet = "abcde"
    if difficulty >= 3:
        alphabet += "ABCDE"
    if difficulty >= 6:
        alphabet += "xyz"
    if difficulty >= 9:
        alphabet += "  019"
    return alphabet


def _pick_char(rng: random.Random) -> str:
    return rng.choice("abcdeABx")


def reverse(rng, shape):
    return Step(
        "reverse the string",
        "s = s[::-1]",
        lambda s: s[::-1],
        (Variant("s = s[:-1][::-1]", lambda s: s[:-1][::-1]),),
    ), shape


def upper(rng, shape):
    return Step(
        "convert every letter to upper case",
        "s = s.upper()",
        str.upper,
        (Variant("s = s.capitalize()", str.capitalize),),
    ), shape


def lower(rng, shape):
    return Step(
        "convert every letter to lower case",
        "s = s.lower()",
        str.lower,
        (Variant("s = s.swapcase()", str.swapcase),),
    ), shape


def swap_case(rng, shape):
    return Step(
        "swap the case of every letter (upper case becomes lower case and the other way round)",
        "s = s.swapcase()",
        str.swapcase,
        (Variant("s = s.lower()", str.lower),),
    ), shape


def replace_char(rng, shape):
    old = _pick_char(rng)
    new = rng.choice([ch for ch in "abcdeXY" if ch != old])
    return Step(
        f"replace every {old!r} with {new!r} (case-sensitive)",
        f"s = s.replace({old!r}, {new!r})",
        lambda s: s.replace(old, new),
        (Variant(f"s = s.replace({old!r}, {new!r}, 1)", lambda s: s.replace(old, new, 1)),),
    ), shape


def remove_char(rng, shape):
    old = _pick_char(rng)
    return Step(
        f"remove every {old!r} (case-sensitive)",
        f"s = s.replace({old!r}, '')",
        lambda s: s.replace(old, ""),
        (Variant(f"s = s.replace({old!r}, '', 1)", lambda s: s.replace(old, "", 1)),),
    ), shape


def remove_vowels(rng, shape):
    return Step(
        "remove every vowel (a, e, i, o, u, in either case)",
        "s = ''.join(ch for ch in s if ch.lower() not in 'aeiou')",
        lambda s: "".join(ch for ch in s if ch.lower() not in VOWELS),
        (
            Variant(
                "s = ''.join(ch for ch in s if ch not in 'aeiou')",
                lambda s: "".join(ch for ch in s if ch not in VOWELS),
            ),
        ),
    ), shape


def even_positions(rng, shape):
    return Step(
        "keep only the characters at even positions (positions 0, 2, 4, ... counting from 0)",
        "s = s[::2]",
        lambda s: s[::2],
        (Variant("s = s[1::2]", lambda s: s[1::2]),),
    ), shape


def double_each(rng, shape):
    if shape.max_len * 2 > MAX_LEN:
        return None
    return Step(
        "write every character twice in a row (abc becomes aabbcc)",
        "s = ''.join(ch * 2 for ch in s)",
        lambda s: "".join(ch * 2 for ch in s),
        (Variant("s = s * 2", lambda s: s * 2),),
    ), Shape(0, shape.max_len * 2)


def caesar(rng, shape):
    k = rng.randint(1, 25)
    return Step(
        f"shift every lower-case letter {k} places forward in the alphabet, wrapping around from z to a "
        "(other characters stay as they are)",
        f"s = ''.join(chr((ord(ch) - 97 + {k}) % 26 + 97) if 'a' <= ch <= 'z' else ch for ch in s)",
        lambda s: "".join(chr((ord(ch) - 97 + k) % 26 + 97) if "a" <= ch <= "z" else ch for ch in s),
        (
            Variant(
                f"s = ''.join(chr(ord(ch) + {k}) if 'a' <= ch <= 'z' else ch for ch in s)",
                lambda s: "".join(chr(ord(ch) + k) if "a" <= ch <= "z" else ch for ch in s),
            ),
        ),
    ), shape


def rotate_left(rng, shape):
    k = rng.randint(1, 4)
    return Step(
        f"rotate the string left by {k}: move the first character to the end, {k} time{'s' if k > 1 else ''} "
        "(an empty string stays empty)",
        f"s = s[{k} % len(s):] + s[:{k} % len(s)] if s else s",
        lambda s: s[k % len(s) :] + s[: k % len(s)] if s else s,
        (Variant(f"s = s[{k}:] + s[:{k}]", lambda s: s[k:] + s[:k]),),
    ), shape


def sort_chars(rng, shape):
    return Step(
        "sort the characters by their code point (as Python's sorted does: space, digits, upper case, lower case)",
        "s = ''.join(sorted(s))",
        lambda s: "".join(sorted(s)),
        (Variant("s = ''.join(sorted(set(s)))", lambda s: "".join(sorted(set(s)))),),
    ), shape


def collapse_runs(rng, shape):
    return Step(
        "collapse every run of the same character into one character (aaabcc becomes abc)",
        "s = ''.join(ch for i, ch in enumerate(s) if i == 0 or ch != s[i - 1])",
        lambda s: "".join(ch for i, ch in enumerate(s) if i == 0 or ch != s[i - 1]),
        (Variant("s = ''.join(dict.fromkeys(s))", lambda s: "".join(dict.fromkeys(s))),),
    ), shape


def first_occurrences(rng, shape):
    return Step(
        "keep only the first occurrence of each character (abcab becomes abc)",
        "s = ''.join(dict.fromkeys(s))",
        lambda s: "".join(dict.fromkeys(s)),
        (
            Variant(
                "s = ''.join(ch for i, ch in enumerate(s) if i == 0 or ch != s[i - 1])",
                lambda s: "".join(ch for i, ch in enumerate(s) if i == 0 or ch != s[i - 1]),
            ),
        ),
    ), shape


def swap_pairs(rng, shape):
    return Step(
        "swap the characters at positions 0 and 1, 2 and 3, and so on (a last unpaired character stays)",
        "s = ''.join(s[i:i + 2][::-1] for i in range(0, len(s), 2))",
        lambda s: "".join(s[i : i + 2][::-1] for i in range(0, len(s), 2)),
        (
            Variant(
                "s = ''.join(s[i:i + 2][::-1] for i in range(1, len(s), 2))",
                lambda s: "".join(s[i : i + 2][::-1] for i in range(1, len(s), 2)),
            ),
        ),
    ), shape


def append_text(rng, shape):
    text = "".join(rng.choice("xyz") for _ in range(rng.randint(1, 3)))
    if shape.max_len + len(text) > MAX_LEN:
        return None
    return Step(
        f"append {text!r} at the end",
        f"s = s + {text!r}",
        lambda s: s + text,
        (Variant(f"s = {text!r} + s", lambda s: text + s),),
    ), Shape(0, shape.max_len + len(text))


# -- final steps ---------------------------------------------------------------------------------------


def count_char(rng, shape):
    ch = _pick_char(rng)
    return Step(
        f"return how many times {ch!r} occurs (case-sensitive)",
        f"return s.count({ch!r})",
        lambda s: s.count(ch),
        (Variant(f"return s.lower().count({ch.lower()!r})", lambda s: s.lower().count(ch.lower())),),
        final=True,
    ), shape


def length(rng, shape):
    return Step(
        "return the length of the string",
        "return len(s)",
        len,
        (Variant("return len(s.strip())", lambda s: len(s.strip())),),
        final=True,
    ), shape


def find_char(rng, shape):
    ch = _pick_char(rng)
    return Step(
        f"return the position (counting from 0) of the first {ch!r}, or -1 if there is none",
        f"return s.find({ch!r})",
        lambda s: s.find(ch),
        (Variant(f"return s.rfind({ch!r})", lambda s: s.rfind(ch)),),
        final=True,
    ), shape


def is_palindrome(rng, shape):
    return Step(
        "return True if the string reads the same backwards as forwards, otherwise False",
        "return s == s[::-1]",
        lambda s: s == s[::-1],
        (Variant("return s[:1] == s[-1:]", lambda s: s[:1] == s[-1:]),),
        final=True,
    ), shape


def distinct_chars(rng, shape):
    return Step(
        "return how many different characters the string contains (upper and lower case count as different)",
        "return len(set(s))",
        lambda s: len(set(s)),
        (Variant("return len(set(s.lower()))", lambda s: len(set(s.lower()))),),
        final=True,
    ), shape


def count_upper(rng, shape):
    return Step(
        "return how many upper-case letters the string contains",
        "return sum(1 for ch in s if ch.isupper())",
        lambda s: sum(1 for ch in s if ch.isupper()),
        (Variant("return sum(1 for ch in s if not ch.islower())", lambda s: sum(1 for ch in s if not ch.islower())),),
        final=True,
    ), shape


def string_length(difficulty: int) -> int:
    return 6 + min(difficulty, 30) // 2


def random_string(rng: random.Random, difficulty: int) -> str:
    alphabet = alphabet_letters(difficulty)
    # Often a narrow alphabet, so that runs, repeats and palindromes actually occur.
    if rng.random() < 0.4:
        alphabet = "".join(rng.sample(alphabet, min(3, len(alphabet))))
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, string_length(difficulty))))


def edge_strings(difficulty: int) -> list[str]:
    edges = ["", "a", "abcba", "aaabbb", "edcba"]
    if difficulty >= 3:
        edges += ["AbcBA", "aAbB"]
    if difficulty >= 9:
        edges += ["a b  c", "z9 Az"]
    return edges


STRINGS = Domain(
    name="string",
    param="s",
    annotation="str",
    noun="string",
    result_annotations={"str": "str", "int": "int", "bool": "bool"},
    steps=(
        (0, reverse),
        (0, replace_char),
        (0, remove_char),
        (0, upper),
        (2, even_positions),
        (2, double_each),
        (2, append_text),
        (3, lower),
        (3, swap_case),
        (4, remove_vowels),
        (4, rotate_left),
        (6, caesar),
        (6, sort_chars),
        (8, collapse_runs),
        (8, first_occurrences),
        (10, swap_pairs),
    ),
    finals=(
        (0, length),
        (0, count_char),
        (2, find_char),
        (4, is_palindrome),
        (6, distinct_chars),
        (6, count_upper),
    ),
    random_input=random_string,
    edge_inputs=edge_strings,
    start_shape=lambda difficulty: Shape(0, string_length(difficulty)),
    function_names=("rewrite", "scramble", "encode", "mangle", "convert", "filter_text"),
)
