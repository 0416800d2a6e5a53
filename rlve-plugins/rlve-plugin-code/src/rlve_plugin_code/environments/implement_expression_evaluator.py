"""code/implement_expression_evaluator: evaluate expressions over a generated operator table (symbols, meanings,
precedence levels, associativity per level)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import call_once, kill_near_misses, load_reference
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment

# The reference answer: this generic evaluator with the problem's TABLE (symbol -> [level, associativity,
# meaning]) in front of it. Precedence climbing: a higher level binds tighter.
REFERENCE = '''
def apply(meaning, a, b):
    if meaning == "add":
        return a + b
    if meaning == "sub":
        return a - b
    if meaning == "mul":
        return a * b
    if meaning == "max":
        return max(a, b)
    if meaning == "min":
        return min(a, b)
    if meaning == "absdiff":
        return abs(a - b)
    if meaning == "avg":
        return (a + b) // 2
    if meaning == "div":
        if b == 0:
            return 0
        quotient = abs(a) // abs(b)
        return quotient if (a < 0) == (b < 0) else -quotient
    if meaning == "mod":
        if b == 0:
            return 0
        remainder = abs(a) % abs(b)
        return -remainder if a < 0 else remainder
    raise ValueError(meaning)


def tokenize(expr):
    symbols = sorted(TABLE, key=len, reverse=True)  # longest match first
    tokens, i = [], 0
    while i < len(expr):
        if expr[i] == " ":
            i += 1
        elif expr[i].isdigit():
            start = i
            while i < len(expr) and expr[i].isdigit():
                i += 1
            tokens.append(int(expr[start:i]))
        elif expr[i] in "()":
            tokens.append(expr[i])
            i += 1
        else:
            symbol = next(s for s in symbols if expr.startswith(s, i))
            tokens.append(symbol)
            i += len(symbol)
    return tokens


def evaluate(expr):
    tokens = tokenize(expr)
    pos = 0

    def operand():
        nonlocal pos
        token = tokens[pos]
        pos += 1
        if token == "(":
            value = expression(1)
            pos += 1  # the closing parenthesis
            return value
        return token

    def expression(lowest):
        nonlocal pos
        left = operand()
        while pos < len(tokens) and tokens[pos] in TABLE and TABLE[tokens[pos]][0] >= lowest:
            level, associativity, meaning = TABLE[tokens[pos]]
            pos += 1
            right = expression(level + 1 if associativity == "left" else level)
            left = apply(meaning, left, right)
        return left

    return expression(1)
'''

# Plausible wrong versions of the reference (text replaced: old, new), each with what it needs to differ.
NEAR_MISSES = (
    ('level + 1 if associativity == "left" else level', "level + 1", "right"),
    ('level + 1 if associativity == "left" else level', "level", "left"),
    ("TABLE[tokens[pos]][0] >= lowest", "TABLE[tokens[pos]][0] >= 0 * lowest", "levels"),
    ('right = expression(level + 1 if associativity == "left" else level)', "right = operand()", "levels"),
    ("        return quotient if (a < 0) == (b < 0) else -quotient", "        return a // b", "div+sub"),
    ("        return -remainder if a < 0 else remainder", "        return a % b", "mod+sub"),
    ("        if b == 0:\n            return 0\n        quotient", "        quotient", "div"),
    ("        if b == 0:\n            return 0\n        remainder", "        remainder", "mod"),
    ("return (a + b) // 2", "return int((a + b) / 2)", "avg+sub"),
    ("sorted(TABLE, key=len, reverse=True)", "sorted(TABLE, key=len)", "prefixes"),
)

MEANINGS = {
    "add": "a + b",
    "sub": "a - b",
    "mul": "a * b",
    "max": "the larger of a and b",
    "min": "the smaller of a and b",
    "absdiff": "the absolute value of a - b",
    "avg": "(a + b) divided by 2, rounded down, toward minus infinity (a + b = -3 gives -2)",
    "div": "a divided by b, rounded toward zero (-7 / 2 gives -3, not -4); 0 if b == 0",
    "mod": "the remainder of a divided by b rounded toward zero, with the sign of a (-7 and 2 give -1, 7 and -2 "
    "give 1); 0 if b == 0",
}
SYMBOLS = ("+", "-", "*", "/", "%", "&", "|", "^", "@", "#", "$", "~", "<>", "><", "**", "//", "::", "<", ">", "?")


def draw_table(rng: random.Random, t: int) -> dict[str, list[Any]]:
    """2 + d // 4 operators (at most 8) on 1 + d // 3 levels (at most as many as operators), all left-associative
    up to d = 2; symbols, often not the usual ones, some the beginning of others from d = 4."""
    count = min(8, 2 + t // 4)
    meanings = rng.sample(sorted(MEANINGS), count)
    pool = SYMBOLS if t >= 4 else tuple(symbol for symbol in SYMBOLS if len(symbol) == 1)
    symbols = rng.sample(pool, count)
    levels = min(count, 1 + t // 3)
    associativity = {level: "right" if t >= 3 and rng.random() < 0.4 else "left" for level in range(1, levels + 1)}
    table = {}
    for index, (symbol, meaning) in enumerate(zip(symbols, meanings)):
        level = index + 1 if index < levels else rng.randint(1, levels)  # every level is used
        table[symbol] = [level, associativity[level], meaning]
    return table


def draw_expression(rng: random.Random, symbols: list[str], operators: int, parentheses: bool) -> str:
    """A random expression with ``operators`` binary operators, numbers 0-9 (now and then up to 99)."""
    if operators == 0:
        return str(rng.randint(0, 9) if rng.random() < 0.85 else rng.randint(10, 99))
    left = rng.randint(0, operators - 1)
    text = (
        draw_expression(rng, symbols, left, parentheses)
        + rng.choice(("", " "))
        + rng.choice(symbols)
        + rng.choice(("", " "))
        + draw_expression(rng, symbols, operators - 1 - left, parentheses)
    )
    return f"({text})" if parentheses and rng.random() < 0.25 else text


ASSOCIATIVE = ("add", "mul", "max", "min")


def shows(needs: str, table: dict[str, list[Any]]) -> bool:
    """Whether a near miss that needs this can differ from the reference on this table: "left" or "right" (a
    level of that associativity where grouping matters), "levels", "prefixes" (a symbol that begins another),
    or meanings joined by + (only sub makes negative numbers, where the roundings differ)."""
    if needs in ("right", "left"):
        levels: dict[int, set[str]] = {}
        for level, associativity, meaning in table.values():
            if associativity == needs:
                levels.setdefault(level, set()).add(meaning)
        return any(len(meanings) > 1 or not meanings <= set(ASSOCIATIVE) for meanings in levels.values())
    if needs == "levels":
        return len({level for level, _, _ in table.values()}) > 1
    if needs == "prefixes":
        return any(a != b and a.startswith(b) for a in table for b in table)
    present = {meaning for _, _, meaning in table.values()}
    return all(meaning in present for meaning in needs.split("+"))


class ImplementExpressionEvaluator(FunctionEnvironment):
    id = "code/implement_expression_evaluator"
    version = 1
    description = (
        "Write an evaluator for integer expressions over a generated operator table: symbols, meanings (some with "
        "unusual rounding), precedence levels and left or right associativity."
    )
    difficulty_scales = (
        "operators per test expression: 2 + d (slower past d=30, at most 60); operators in the table: 2 + d // 4 "
        "(at most 8) on 1 + d // 3 precedence levels; parentheses from d=2, right-associative levels from d=3, "
        "multi-character symbols from d=4"
    )
    size_name = "operators per expression"
    answer_format = CODE_ANSWER
    tags = ("code", "parsing", "math")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        operators = min(60, 2 + t)
        table = draw_table(rng, t)
        evaluate = load_reference(REFERENCE, "evaluate", {"TABLE": table})

        symbols = sorted(table)
        minus = next((symbol for symbol, (_, _, meaning) in table.items() if meaning == "sub"), None)
        rounding = [symbol for symbol, (_, _, meaning) in table.items() if meaning in ("avg", "div", "mod")]

        def draw_test(size: int = operators) -> dict[str, Any]:
            count = rng.randint(max(1, size // 2), size)
            roll = rng.random()
            if roll < 0.2:  # operators of one level only, where associativity decides
                level = rng.choice([level for level, _, _ in table.values()])
                expr = draw_expression(rng, [s for s in symbols if table[s][0] == level], count, False)
            elif roll < 0.5 and t >= 2 and count >= 3:  # any value, negative ones too, on both sides
                left = rng.randint(1, count - 2)
                expr = (
                    f"({draw_expression(rng, symbols, left, True)}){rng.choice(symbols)}"
                    f"({draw_expression(rng, symbols, count - 1 - left, True)})"
                )
            elif roll < 0.8 and t >= 2 and minus:  # negative operands, for the roundings
                sides = [f"({rng.randint(0, 9)}{minus}{rng.randint(0, 19)})", str(rng.randint(0, 9))]
                rng.shuffle(sides)
                expr = rng.choice(rounding or symbols).join(sides)
            else:
                expr = draw_expression(rng, symbols, count, t >= 2)
            return {"args": [expr], "expected": evaluate(expr)}

        tests = [{"args": ["7"], "expected": 7}] + [draw_test() for _ in range(14)]
        near_misses = [
            load_reference(REFERENCE.replace(old, new), "evaluate", {"TABLE": table})
            for old, new, needs in NEAR_MISSES
            if shows(needs, table)
        ]
        # short expressions catch the remaining near misses best (and cost little)
        tests = kill_near_misses(tests, near_misses, lambda: draw_test(min(operators, 6)), 100, outcome=call_once)
        rows = "\n".join(
            f"    {symbol:<4} level {level}  {associativity}-associative   a {symbol} b = {MEANINGS[meaning]}"
            for symbol, (level, associativity, meaning) in sorted(table.items(), key=lambda item: item[1][0])
        )
        example = max(tests[1:], key=lambda test: len(test["args"][0]) if len(test["args"][0]) < 40 else 0)
        prompt = (
            "Write a Python function\n\n    def evaluate(expr: str) -> int:\n\n"
            "that evaluates an expression made of non-negative integer literals (decimal digits), the binary "
            "operators below"
            + (", and parentheses" if t >= 2 else "")
            + ". Spaces may appear between tokens and mean nothing. Operators:\n\n"
            f"{rows}\n\n"
            "A higher level binds tighter: in a x b y c, if y has a higher level than x, b y c is computed first. "
            "Operators of the same level share one associativity: left-associative means a x b y c = (a x b) y c, "
            "right-associative means a x b y c = a x (b y c)."
            + (" Parentheses group as usual." if t >= 2 else "")
            + " All values are Python ints of any size (results may be negative). Where one operator symbol is the "
            "beginning of another, the longest symbol that matches is read. Every expression tested is "
            "well formed.\n\n"
            f"For example, evaluate({example['args'][0]!r}) == {example['expected']!r}.\n\n"
            f"{hidden_tests('a single number included')}"
        )
        data: dict[str, Any] = {"entry": "evaluate", "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=f"TABLE = {table!r}\n" + REFERENCE, data=data, size=operators)
