"""Arithmetic environments: every equivalent form accepted, wrong answers refused for the right reason,
and each reference recomputed independently from the prompt the model sees."""

from __future__ import annotations

import ast
import re
from fractions import Fraction

import pytest
from math_test_helpers import SEEDS, judge, with_thousands

from rlve_plugin_math.environments.addition import Addition
from rlve_plugin_math.environments.base_conversion import BaseConversion
from rlve_plugin_math.environments.fraction_arithmetic import FractionArithmetic
from rlve_plugin_math.environments.long_division import LongDivision
from rlve_plugin_math.environments.multiplication import Multiplication
from rlve_plugin_math.environments.signed_sum import SignedSum

# -- addition ------------------------------------------------------------------------------------


def test_addition_has_one_more_digit_per_level_and_the_sum_as_reference():
    env = Addition()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, b = re.findall(r"\d+", problem.prompt.split(".")[0])
            assert len(a) == len(b) == d + 1
            assert int(problem.answer) == int(a) + int(b)


def test_addition_accepts_equivalent_forms_and_refuses_near_misses():
    env = Addition()
    problem = env.sample(5, 2)
    value = int(problem.answer)
    for form in (with_thousands(value), f"${value}$", f"{value}.", f"+{value}"):
        assert judge(env, problem, form).correct, form
    wrong = judge(env, problem, str(value - 1))
    assert not wrong.correct and wrong.format_ok and "not the sum" in wrong.reason
    assert not judge(env, problem, str(value) + "0").correct
    assert not judge(env, problem, f"{value} or {value + 1}").correct


# -- multiplication ------------------------------------------------------------------------------


def test_multiplication_reference_is_the_product_in_the_prompt():
    env = Multiplication()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, b = re.findall(r"-?\d+", problem.prompt.split("\n\n")[1])
            assert int(problem.answer) == int(a) * int(b)


def test_multiplication_accepts_equivalent_forms_and_refuses_near_misses():
    env = Multiplication()
    problem = env.sample(8, 1)
    value = int(problem.answer)
    for form in (with_thousands(value), f"${value}$", f"x = {value}", f"{value}.", f"\\({value}\\)", f"+{value}"):
        if form.startswith("+") and value < 0:
            continue
        assert judge(env, problem, form).correct, form
    assert judge(env, problem, str(value).replace("-", "\u2212")).correct  # the Unicode minus sign
    wrong = judge(env, problem, str(value + 1))
    assert not wrong.correct and wrong.format_ok and "not the product" in wrong.reason
    assert not judge(env, problem, str(-value)).correct
    assert not judge(env, problem, str(value)[:-1]).correct
    badly_grouped = judge(env, problem, "12,34")
    assert not badly_grouped.correct and not badly_grouped.format_ok


def test_multiplication_negative_zero_is_zero():
    env = Multiplication()
    problem = env.sample(0, 0)
    data = {**problem.data, "product": "0"}
    assert env.check(data, "-0").correct and env.check(data, "0").correct


# -- long division -------------------------------------------------------------------------------


def test_long_division_forms_and_reasons():
    env = LongDivision()
    problem = env.sample(10, 2)
    a, b = int(problem.data["a"]), int(problem.data["b"])
    q, r = divmod(a, b)
    assert problem.answer == f"{q} {r}"
    for form in (f"{q} {r}", f"{q}, {r}", f"q = {q}, r = {r}", f"quotient = {q}; remainder = {r}", f"({q}, {r})"):
        assert judge(env, problem, form).correct, form
    negative = judge(env, problem, f"{q + 1} {r - b}")  # a = b(q+1) + (r-b): true but r out of range
    assert not negative.correct and "remainder must be between" in negative.reason
    too_big = judge(env, problem, f"{q - 1} {r + b}")
    assert not too_big.correct and "remainder must be between" in too_big.reason
    off = judge(env, problem, f"{q} {(r + 1) % b}")
    assert not off.correct and "not the dividend" in off.reason
    assert "expected two numbers" in judge(env, problem, str(q)).reason
    assert not judge(env, problem, f"r = {r}, q = {q}").format_ok  # names must come in the asked order


# -- signed sums ---------------------------------------------------------------------------------


def _evaluate_chain(expression: str) -> int:
    """Left-to-right + and - of integers, some written (-n): read token by token, independently."""
    tokens = re.findall(r"\(-\d+\)|-?\d+|[+-]", expression)
    total, sign, first = 0, 1, True
    for token in tokens:
        if token in "+-":
            sign = 1 if token == "+" else -1
            continue
        value = int(token.strip("()"))
        total += value if first else sign * value
        first = False
    return total


def test_signed_sum_reference_matches_the_expression():
    env = SignedSum()
    for d in range(0, 31):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            expression = problem.prompt.split("\n\n")[1]
            assert _evaluate_chain(expression) == int(problem.answer), expression


def test_signed_sum_forms_and_wrong_values():
    env = SignedSum()
    problem = env.sample(20, 0)
    value = int(problem.answer)
    assert judge(env, problem, with_thousands(value)).correct
    assert judge(env, problem, f"$${value}$$").correct
    assert "not the value" in judge(env, problem, str(value - 1)).reason
    assert not judge(env, problem, f"{value} + 0").correct


# -- fraction arithmetic -------------------------------------------------------------------------


def _exact(node: ast.AST) -> Fraction:
    """Exact value of our own prompt's expression (numbers, + - * /, unary minus only)."""
    if isinstance(node, ast.Expression):
        return _exact(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return Fraction(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_exact(node.operand)
    if isinstance(node, ast.BinOp):
        left, right = _exact(node.left), _exact(node.right)
        ops = {ast.Add: left + right, ast.Sub: left - right, ast.Mult: left * right}
        return left / right if isinstance(node.op, ast.Div) else ops[type(node.op)]
    raise AssertionError(f"unexpected node {ast.dump(node)}")


def test_fraction_arithmetic_reference_matches_standard_precedence():
    env = FractionArithmetic()
    for d in range(0, 31):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            expression = problem.prompt.split("\n\n")[1].replace("\u00d7", "*").replace("\u00f7", "/")
            assert _exact(ast.parse(expression, mode="eval")) == Fraction(problem.answer), expression


def test_fraction_arithmetic_accepts_every_form_of_the_same_number():
    env = FractionArithmetic()
    problem = next(p for p in (env.sample(6, s) for s in range(50)) if "/" in p.answer and p.answer.startswith("-"))
    value = Fraction(problem.answer)
    p, q = -value.numerator, value.denominator
    forms = [
        problem.answer,
        f"-{3 * p}/{3 * q}",
        f"{p}/-{q}",
        f"-\\frac{{{p}}}{{{q}}}",
        f"\\frac{{-{p}}}{{{q}}}",
        f"\\dfrac{{-{2 * p}}}{{{2 * q}}}",
        f"$-\\frac{{{p}}}{{{q}}}$",
        f"x = -{p}/{q}",
        f"(-{p}/{q})",
    ]
    for form in forms:
        assert judge(env, problem, form).correct, form
    for wrong in (f"{p}/{q}", f"-{p + 1}/{q}", f"-{p}/{q + 1}", f"-\\frac{{{q}}}{{{p}}}", f"-{p}"):
        verdict = judge(env, problem, wrong)
        assert not verdict.correct, wrong
    assert "not the value" in judge(env, problem, f"{p}/{q}").reason
    assert not judge(env, problem, f"--\\frac{{{p}}}{{{q}}}").correct
    assert not judge(env, problem, f"-\\frac{{-{p}}}{{{q}}}").correct


def test_fraction_arithmetic_accepts_exact_decimals_only():
    env = FractionArithmetic()
    data = {"value": "-3/4", "max_digits": 30}
    assert env.check(data, "-0.75").correct
    assert env.check(data, "-.75").correct
    assert not env.check(data, "-0.7500001").correct
    third = {"value": "1/3", "max_digits": 30}
    assert not env.check(third, "0.3333333333").correct


# -- base conversion -----------------------------------------------------------------------------


@pytest.mark.parametrize("d", [0, 2, 5, 12, 30])
def test_base_conversion_reference_round_trips(d):
    env = BaseConversion()
    for seed in SEEDS:
        problem = env.sample(d, seed)
        source, target = problem.data["source"], problem.data["target"]
        assert int(problem.data["digits"], source) == int(problem.answer, target)
        assert problem.data["digits"] in problem.prompt and f"base {target}" in problem.prompt


def test_base_conversion_accepts_case_prefixes_subscripts_and_leading_zeros():
    env = BaseConversion()
    problem = next(p for p in (env.sample(1, s) for s in range(200)) if p.data["target"] == 16)
    ref = problem.answer
    for form in (
        ref,
        ref.lower(),
        f"0x{ref}",
        f"0X{ref.lower()}",
        f"{ref}_16",
        f"{ref}_{{16}}",
        f"00{ref}",
        f"${ref}$",
    ):
        assert judge(env, problem, form).correct, form
    assert "marked as base 10" in judge(env, problem, f"{ref}_10").reason
    assert not judge(env, problem, ref + "0").correct
    assert not judge(env, problem, "G" + ref).format_ok  # G is no base-16 digit
    binary = next(p for p in (env.sample(0, s) for s in range(200)) if p.data["target"] == 2)
    assert judge(env, binary, "0b" + binary.answer).correct
    assert not judge(env, binary, "2" + binary.answer).format_ok


def test_base_conversion_uses_all_bases_from_difficulty_three():
    env = BaseConversion()
    bases = {env.sample(3, s).data["target"] for s in range(300)}
    assert len(bases) > 25 and bases <= set(range(2, 37))
    assert {env.sample(0, s).data["source"] for s in range(100)} <= {2, 8, 10, 16}
