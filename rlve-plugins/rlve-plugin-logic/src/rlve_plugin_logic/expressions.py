"""A bounded arithmetic evaluator for answers like ``(25 - 5) * 4 + 3``: never ``eval``.

Grammar (allow-listed tokens only: non-negative integer literals, ``+ - * /``, round or square
brackets, spaces; ``×``, ``·`` and ``÷`` and the Unicode minus are read as their ASCII forms)::

    expr   := term (("+" | "-") term)*
    term   := factor (("*" | "/") factor)*
    factor := NUMBER | "(" expr ")"

There is no unary minus, no power operator, no decimal point and no juxtaposition. The tokenizer caps
the number of tokens and the digits of a literal, the parser caps the nesting depth (it is recursive,
so the cap also bounds the stack) and the number of literals, and evaluation is exact, with
``Fraction``. Every failure, a division by zero included, is a ``ParseError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rlve import ParseError

_ALIASES = {"×": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "[": "(", "]": ")"}


@dataclass(frozen=True)
class Limits:
    """Caps on one expression: literals, digits per literal; tokens and depth follow from the literals."""

    max_literals: int = 64
    max_digits: int = 12

    @property
    def max_tokens(self) -> int:
        return 6 * self.max_literals + 8

    @property
    def max_depth(self) -> int:
        return 2 * self.max_literals + 4


def tokenize(text: str, limits: Limits) -> list[str]:
    """The tokens of ``text``; ParseError for anything outside the grammar or over the caps."""
    if len(text) > 8 * limits.max_tokens:
        raise ParseError("the expression is too long")
    tokens: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = _ALIASES.get(text[i], text[i])
        if ch in " \t\n\r":
            i += 1
            continue
        if "0" <= ch <= "9":
            j = i
            while j < n and "0" <= text[j] <= "9":
                j += 1
            if j - i > limits.max_digits:
                raise ParseError(f"a number has more than {limits.max_digits} digits")
            tokens.append(text[i:j])
            i = j
        elif ch in "+-*/()":
            if ch == "*" and i + 1 < n and text[i + 1] == "*":
                raise ParseError("powers (**) are not allowed")
            tokens.append(ch)
            i += 1
        else:
            raise ParseError(f"unexpected character {text[i]!r} in the expression")
        if len(tokens) > limits.max_tokens:
            raise ParseError(f"more than {limits.max_tokens} tokens")
    return tokens


class _Parser:
    def __init__(self, tokens: list[str], limits: Limits):
        self.tokens = tokens
        self.pos = 0
        self.limits = limits
        self.literals: list[int] = []

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ParseError("the expression ends too early")
        self.pos += 1
        return token

    def expr(self, depth: int) -> Fraction:
        value = self.term(depth)
        while self.peek() in ("+", "-"):
            op = self.take()
            right = self.term(depth)
            value = value + right if op == "+" else value - right
        return value

    def term(self, depth: int) -> Fraction:
        value = self.factor(depth)
        while self.peek() in ("*", "/"):
            op = self.take()
            right = self.factor(depth)
            if op == "*":
                value = value * right
            elif right == 0:
                raise ParseError("the expression divides by zero")
            else:
                value = value / right
        return value

    def factor(self, depth: int) -> Fraction:
        token = self.take()
        if token == "(":
            if depth >= self.limits.max_depth:
                raise ParseError(f"brackets nested more than {self.limits.max_depth} deep")
            value = self.expr(depth + 1)
            if self.take() != ")":
                raise ParseError("a bracket is not closed")
            return value
        if token.isdigit():
            if len(self.literals) >= self.limits.max_literals:
                raise ParseError(f"more than {self.limits.max_literals} numbers")
            self.literals.append(int(token))
            return Fraction(int(token))
        raise ParseError(f"expected a number or a bracket, got {token!r}")


def evaluate(text: str, limits: Limits | None = None) -> tuple[Fraction, list[int]]:
    """The exact value of an arithmetic expression and its literals, in order of appearance."""
    limits = limits or Limits()
    tokens = tokenize(text, limits)
    if not tokens:
        raise ParseError("the expression is empty")
    parser = _Parser(tokens, limits)
    value = parser.expr(0)
    if parser.pos != len(tokens):
        raise ParseError(f"unexpected {tokens[parser.pos]!r} after the end of the expression")
    return value, parser.literals
