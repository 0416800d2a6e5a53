"""Class-writing environments (code/implement_bank_account, ...): every hidden test is a sequence of method calls.

For each environment: the instance is rebuilt from the prompt text alone and solved by a class written here
independently of the reference (run in-process: it is our own code), plausible near-miss versions of the
reference are all caught by every instance's hidden tests, and a few answers go through the sandbox.
"""

from __future__ import annotations

import collections
import inspect
import math
import random
import re
from fractions import Fraction
from typing import Any

import pytest
from code_test_helpers import fast, tag

from rlve_plugin_code.call_sequences import call_once, replay
from rlve_plugin_code.environments.implement_bank_account import NEAR_MISSES as BANK_NEAR_MISSES
from rlve_plugin_code.environments.implement_bank_account import REFERENCE as BANK_REFERENCE
from rlve_plugin_code.environments.implement_bank_account import ImplementBankAccount
from rlve_plugin_code.environments.implement_expression_evaluator import NEAR_MISSES as EXPRESSION_NEAR_MISSES
from rlve_plugin_code.environments.implement_expression_evaluator import REFERENCE as EXPRESSION_REFERENCE
from rlve_plugin_code.environments.implement_expression_evaluator import ImplementExpressionEvaluator
from rlve_plugin_code.environments.implement_expression_evaluator import shows as expression_shows
from rlve_plugin_code.environments.implement_interval_set import NEAR_MISSES as INTERVAL_NEAR_MISSES
from rlve_plugin_code.environments.implement_interval_set import REFERENCE as INTERVAL_REFERENCE
from rlve_plugin_code.environments.implement_interval_set import ImplementIntervalSet
from rlve_plugin_code.environments.implement_interval_set import shows as interval_shows
from rlve_plugin_code.environments.implement_lru_cache import NEAR_MISSES as CACHE_NEAR_MISSES
from rlve_plugin_code.environments.implement_lru_cache import REFERENCE as CACHE_REFERENCE
from rlve_plugin_code.environments.implement_lru_cache import ImplementLruCache
from rlve_plugin_code.environments.implement_matrix_function import FINALS as MATRIX_FINALS
from rlve_plugin_code.environments.implement_matrix_function import STEPS as MATRIX_STEP_LIST
from rlve_plugin_code.environments.implement_matrix_function import ImplementMatrixFunction
from rlve_plugin_code.environments.implement_mini_interpreter import NEAR_MISSES as INTERPRETER_NEAR_MISSES
from rlve_plugin_code.environments.implement_mini_interpreter import REFERENCE as INTERPRETER_REFERENCE
from rlve_plugin_code.environments.implement_mini_interpreter import TRACED as INTERPRETER_TRACED
from rlve_plugin_code.environments.implement_mini_interpreter import VARIABLES as INTERPRETER_VARIABLES
from rlve_plugin_code.environments.implement_mini_interpreter import WORD_POOLS as INTERPRETER_WORD_POOLS
from rlve_plugin_code.environments.implement_mini_interpreter import ImplementMiniInterpreter
from rlve_plugin_code.environments.implement_mini_interpreter import draw_block as interpreter_draw_block
from rlve_plugin_code.environments.implement_mini_interpreter import features as interpreter_features
from rlve_plugin_code.environments.implement_mini_interpreter import shows as interpreter_shows
from rlve_plugin_code.environments.implement_tokenizer import NEAR_MISSES as TOKENIZER_NEAR_MISSES
from rlve_plugin_code.environments.implement_tokenizer import REFERENCE as TOKENIZER_REFERENCE
from rlve_plugin_code.environments.implement_tokenizer import ImplementTokenizer
from rlve_plugin_code.environments.implement_tokenizer import shows as tokenizer_shows
from rlve_plugin_code.environments.implement_tree_function import FINALS as TREE_FINALS
from rlve_plugin_code.environments.implement_tree_function import STEPS as TREE_STEP_LIST
from rlve_plugin_code.environments.implement_tree_function import ImplementTreeFunction
from rlve_plugin_code.environments.implement_tree_function import draw_tree as tree_draw


def passes(cls: Any, tests: list[dict]) -> bool:
    """Whether an object of our own class ``cls`` returns the expected results on every hidden test."""
    return all(replay(cls, test) == test["expected"] for test in tests)


def load(source: str, name: str, constants: dict[str, Any] | None = None) -> Any:
    namespace = dict(constants or {})
    exec(compile(source, "<test class>", "exec"), namespace)  # only sources written in this file
    return namespace[name]


def mutate(source: str, old: str, new: str) -> str:
    assert source.count(old) == 1, old
    return source.replace(old, new)


# -- implement_bank_account ----------------------------------------------------------------------------------------


def bank_rules(prompt: str) -> dict[str, Any]:
    """The rules' numbers, read from the prompt's sentences."""

    def number(pattern: str, default: Any) -> Any:
        found = re.search(pattern, prompt)
        return int(found.group(1)) if found else default

    bonus = re.search(r"a deposit of (\d+) or more is credited with a bonus of (\d+)", prompt)
    return {
        "floor": number(r"down to (-\d+)", 0),
        "fee": number(r"takes a fee of (\d+)", 0),
        "single": number(r"a withdrawal of more than (\d+) is refused", None),
        "monthly": number(r"may not add up to more than (\d+)", None),
        "bonus": (int(bonus.group(1)), int(bonus.group(2))) if bonus else None,
        "cap": number(r"make the balance greater than (\d+)", None),
        "transfer_fee": number(r"pays a fee of (\d+)", 0),
        "interest": number(r"gets b \* (\d+) // 100", 0),
        "penalty": number(r"negative balance is charged (\d+)", 0),
    }


# Another way to write the class: one [balance, withdrawn this month] pair per account, checks as predicates.
ALT_BANK = """
class Bank:
    def __init__(self):
        self.accounts = {}

    def open(self, name, amount):
        ok = name not in self.accounts and amount >= 0
        if ok:
            self.accounts[name] = [amount, 0]
        return ok

    def _fits(self, name, value):
        return CAP is None or value <= CAP

    def deposit(self, name, amount):
        if name not in self.accounts or amount < 1:
            return False
        gain = amount + (BONUS[1] if BONUS and amount >= BONUS[0] else 0)
        if not self._fits(name, self.accounts[name][0] + gain):
            return False
        self.accounts[name][0] += gain
        return True

    def withdraw(self, name, amount):
        account = self.accounts.get(name)
        if account is None or amount < 1:
            return False
        allowed = [account[0] - amount - FEE >= FLOOR]
        allowed.append(SINGLE is None or amount <= SINGLE)
        allowed.append(MONTHLY is None or account[1] + amount <= MONTHLY)
        if not all(allowed):
            return False
        account[0] -= amount + FEE
        account[1] += amount
        return True

    def transfer(self, source, target, amount):
        if {source, target} - set(self.accounts) or source == target or amount < 1:
            return False
        if self.accounts[source][0] - amount - TRANSFER_FEE < FLOOR:
            return False
        if not self._fits(target, self.accounts[target][0] + amount):
            return False
        self.accounts[source][0] -= amount + TRANSFER_FEE
        self.accounts[target][0] += amount
        return True

    def balance(self, name):
        return self.accounts[name][0] if name in self.accounts else None

    def month_end(self):
        for account in self.accounts.values():
            b = account[0]
            account[0] = b + (b * INTEREST) // 100 if b > 0 else b - PENALTY if b < 0 else 0
            account[1] = 0
"""


def alt_bank_source(prompt: str) -> str:
    r = bank_rules(prompt)
    constants = {
        "FLOOR": r["floor"], "FEE": r["fee"], "SINGLE": r["single"], "MONTHLY": r["monthly"], "BONUS": r["bonus"],
        "CAP": r["cap"], "TRANSFER_FEE": r["transfer_fee"], "INTEREST": r["interest"], "PENALTY": r["penalty"],
    }  # fmt: skip
    return "".join(f"{key} = {value!r}\n" for key, value in constants.items()) + ALT_BANK


@pytest.mark.parametrize("difficulty", [0, 4, 11, 19, 30, 200])
def test_bank_rebuilt_from_the_prompt_gives_the_expected_results(difficulty):
    env = ImplementBankAccount()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        assert passes(load(alt_bank_source(problem.prompt), "Bank"), problem.data["tests"])


# The near misses the generator makes sure to catch, and a few more it does not know about.
BANK_MUTANTS = list(BANK_NEAR_MISSES) + [
    ("if name in self.balances or amount < 0:", "if name in self.balances or amount <= 0:", ()),
    ("if name not in self.balances or amount <= 0:\n            return False\n        credit",
     "if name not in self.balances or amount < 0:\n            return False\n        credit", ()),
    ("source == target or ", "", ()),
    ("self.balances[name] -= amount + FEE", "self.balances[name] -= amount", ("FEE",)),
]  # fmt: skip


@pytest.mark.parametrize("difficulty", [3, 9, 21, 30])
def test_bank_every_near_miss_fails_some_hidden_test(difficulty):
    env = ImplementBankAccount()
    for seed in range(4):
        problem = env.sample(difficulty, seed)
        header, _, _ = problem.answer.partition("\nclass Bank")
        constants = load(header + "\nX = dict(globals())", "X")
        for old, new, needs in BANK_MUTANTS:
            if all(constants[key] for key in needs):
                mutant = load(mutate(BANK_REFERENCE, old, new), "Bank", constants)
                assert not passes(mutant, problem.data["tests"]), (seed, old, new)


def test_bank_answers_in_the_sandbox():
    env = fast(ImplementBankAccount)
    problem = env.sample(27, 5)
    assert env.score(problem, tag(problem.answer)).correct
    assert env.score(problem, tag(f"```python\n{alt_bank_source(problem.prompt)}```")).correct
    near_miss = problem.answer.replace("amount >= BONUS_FROM", "amount > BONUS_FROM")
    verdict = env.score(problem, tag(near_miss))
    assert not verdict.correct and re.search(r"call \d+ of \d+: deposit\(.*\) returned", verdict.reason)
    verdict = env.score(problem, tag("class Bank:\n    def open(self, name, amount):\n        return 1 / 0\n"))
    assert not verdict.correct and "raised 'ZeroDivisionError" in verdict.reason
    verdict = env.score(problem, tag("def bank():\n    return None\n"))
    assert not verdict.correct and "class named Bank" in verdict.reason
    verdict = env.score(problem, tag("```javascript\nclass Bank { constructor() {} }\n```"))
    assert not verdict.correct and not verdict.format_ok


# -- implement_lru_cache -------------------------------------------------------------------------------------------


def cache_settings(prompt: str) -> dict[str, Any]:
    ttl = re.search(r"expire at time t \+ (\d+)", prompt)
    tie = re.search(r"Among keys with the same number of uses, the (.*?) one is evicted", prompt)
    return {
        "LFU": "least frequently used key is evicted first" in prompt,
        "TIE": tie.group(1) if tie else None,
        "UPDATE_USES": "An update counts as a use of the key" in prompt,
        "TTL": int(ttl.group(1)) if ttl else None,
    }


# Another way to write it: an OrderedDict in use order, a use counter and an insertion counter per key.
ALT_CACHE = """
from collections import OrderedDict


class Cache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.clock = 0
        self.order = OrderedDict()  # key -> value, least recently used first
        self.uses = {}
        self.born = {}
        self.deadline = {}

    def _drop(self, key):
        for table in (self.order, self.uses, self.born, self.deadline):
            table.pop(key, None)

    def _advance(self):
        self.clock += 1
        for key, deadline in list(self.deadline.items()):
            if deadline is not None and self.clock >= deadline:
                self._drop(key)

    def get(self, key):
        self._advance()
        if key not in self.order:
            return -1
        self.order.move_to_end(key)
        self.uses[key] += 1
        return self.order[key]

    def put(self, key, value):
        self._advance()
        deadline = None if TTL is None else self.clock + TTL
        if key in self.order:
            self.order[key] = value
            self.deadline[key] = deadline
            if UPDATE_USES:
                self.order.move_to_end(key)
                self.uses[key] += 1
            return None
        victim = None
        if len(self.order) == self.capacity:
            if not LFU:
                victim = next(iter(self.order))
            else:
                rank = list(self.order)
                fewest = min(self.uses.values())
                tied = [k for k in rank if self.uses[k] == fewest]
                if TIE == "least recently used":
                    victim = tied[0]
                elif TIE == "smallest key":
                    victim = min(tied)
                else:
                    victim = min(tied, key=self.born.get)
            self._drop(victim)
        self.order[key] = value
        self.uses[key] = 1
        self.born[key] = self.clock
        self.deadline[key] = deadline
        return victim
"""


@pytest.mark.parametrize("difficulty", [0, 3, 6, 10, 17, 30, 500])
def test_cache_rebuilt_from_the_prompt_gives_the_expected_results(difficulty):
    env = ImplementLruCache()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        assert passes(load(ALT_CACHE, "Cache", cache_settings(problem.prompt)), problem.data["tests"])


CACHE_MUTANTS = list(CACHE_NEAR_MISSES) + [
    ("entry[4] <= self.now", "entry[4] <= self.now - 1", {"TTL": True}),
    ("        entry[1] += 1\n        entry[2] = self.now\n        return entry[0]",
     "        entry[1] += 1\n        return entry[0]", {"POLICY": "lru"}),
    ("        entry[1] += 1\n        entry[2] = self.now\n        return entry[0]",
     "        entry[2] = self.now\n        return entry[0]", {"POLICY": "lfu"}),
]  # fmt: skip


@pytest.mark.parametrize("difficulty", [1, 5, 9, 14, 22, 30])
def test_cache_every_near_miss_fails_some_hidden_test(difficulty):
    env = ImplementLruCache()
    for seed in range(5):
        problem = env.sample(difficulty, seed)
        header, _, _ = problem.answer.partition("\nclass Cache")
        settings = load(header + "\nX = dict(globals())", "X")
        for old, new, needs in CACHE_MUTANTS:
            if all(settings[key] == value or (value is True and settings[key]) for key, value in needs.items()):
                mutant = load(mutate(CACHE_REFERENCE, old, new), "Cache", settings)
                assert not passes(mutant, problem.data["tests"]), (seed, old, new)


def test_cache_answers_in_the_sandbox():
    env = fast(ImplementLruCache)
    problem = env.sample(24, 1)
    assert env.score(problem, tag(problem.answer)).correct
    alternative = "".join(f"{key} = {value!r}\n" for key, value in cache_settings(problem.prompt).items())
    assert env.score(problem, tag(alternative + ALT_CACHE)).correct
    near_miss = problem.answer.replace("len(self.entries) >= self.capacity", "len(self.entries) > self.capacity")
    verdict = env.score(problem, tag(near_miss))
    assert not verdict.correct and re.search(r"call \d+ of \d+: (put|get)\(", verdict.reason)
    verdict = env.score(problem, tag("class Cache:\n    pass\n"))
    assert not verdict.correct and "Cache(" in verdict.reason and "TypeError" in verdict.reason


# -- implement_interval_set ----------------------------------------------------------------------------------------

# Brute force: the set of integers itself.
ALT_INTERVALS = """
class IntervalSet:
    def __init__(self):
        self.members = set()

    def _span(self, lo, hi):
        return range(lo, hi if HALF_OPEN else hi + 1)

    def add(self, lo, hi):
        self.members.update(self._span(lo, hi))

    def remove(self, lo, hi):
        self.members.difference_update(self._span(lo, hi))

    def contains(self, x):
        return x in self.members

    def covered(self):
        return len(self.members)

    def intervals(self):
        runs = []
        for x in sorted(self.members):
            if runs and runs[-1][1] == x - 1:
                runs[-1][1] = x
            else:
                runs.append([x, x])
        return [(a, b + 1) if HALF_OPEN else (a, b) for a, b in runs]

    def count(self):
        return len(self.intervals())

    def first_free(self, x):
        while x in self.members:
            x += 1
        return x
"""


def half_open(prompt: str) -> bool:
    return "Intervals are half-open" in prompt


def tuples_to_lists(value: Any) -> Any:
    """What the sandbox reports for a returned value: tuples arrive as lists."""
    return [tuples_to_lists(item) for item in value] if isinstance(value, (list, tuple)) else value


@pytest.mark.parametrize("difficulty", [0, 2, 5, 8, 16, 30, 10**6])
def test_interval_set_rebuilt_from_the_prompt_gives_the_expected_results(difficulty):
    env = ImplementIntervalSet()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        brute = load(ALT_INTERVALS, "IntervalSet", {"HALF_OPEN": half_open(problem.prompt)})
        methods = set(re.findall(r"^- (\w+)\(", problem.prompt, re.M))
        for test in problem.data["tests"]:
            assert {method for method, _ in test["args"][1]} <= methods
            assert [tuples_to_lists(value) for value in replay(brute, test)] == test["expected"]


@pytest.mark.parametrize("difficulty", [0, 3, 6, 9, 20, 30])
def test_interval_set_every_near_miss_fails_some_hidden_test(difficulty):
    env = ImplementIntervalSet()
    extra = [  # near misses the generator does not know about
        ("            if end > last:\n                kept.append([last + 1, end])\n", "", None, ("remove",)),
        ("        return x\n", "        return x + 1\n", None, ("first_free",)),
    ]
    for seed in range(4):
        problem = env.sample(difficulty, seed)
        half = "HALF_OPEN = True" in problem.answer
        methods = re.findall(r"^- (\w+)\(", problem.prompt, re.M)
        for near_miss in list(INTERVAL_NEAR_MISSES) + extra:
            if interval_shows(near_miss, half, methods):
                old, new, *_ = near_miss
                mutant = load(mutate(INTERVAL_REFERENCE, old, new), "IntervalSet", {"HALF_OPEN": half})
                assert not passes(mutant, problem.data["tests"]), (seed, old, new)


def test_interval_set_answers_in_the_sandbox():
    env = fast(ImplementIntervalSet)
    for seed in (0, 1):  # both conventions
        problem = env.sample(12, seed)
        assert env.score(problem, tag(problem.answer)).correct
        alternative = f"HALF_OPEN = {half_open(problem.prompt)}\n" + ALT_INTERVALS
        assert env.score(problem, tag(alternative)).correct
        flipped = f"HALF_OPEN = {not half_open(problem.prompt)}\n" + ALT_INTERVALS
        verdict = env.score(problem, tag(flipped))
        assert not verdict.correct and "expected" in verdict.reason
    verdict = env.score(problem, tag("IntervalSet = set\n"))
    assert not verdict.correct and "raised" in verdict.reason


# -- implement_tokenizer -------------------------------------------------------------------------------------------


def regex_tokenizer(prompt: str):
    """A tokenizer built from the prompt's rules as one regular expression (alternatives tried in order, the
    operators longest first), scanning with match() at each position."""
    operators = re.search(r"OP: one of these operators: (.*)\n", prompt).group(1).split()
    keywords = re.search(r"one of these keywords: (.*?) \(then", prompt)
    keywords = set(keywords.group(1).split(", ")) if keywords else set()
    number = r"[0-9]+(?:\.[0-9]+)?" if "fractional part" in prompt else r"[0-9]+"
    parts = [r"(?P<skip>[ \t\n]+" + (r"|#[^\n]*" if "starts a comment" in prompt else "") + ")"]
    parts += [rf"(?P<NUM>{number})", r"(?P<ID>[A-Za-z_][A-Za-z_0-9]*)"]
    if "- STR:" in prompt:
        parts.append(r'(?P<STR>"(?:\\.|[^"\\])*")')
    parts.append("(?P<OP>" + "|".join(re.escape(op) for op in sorted(operators, key=len, reverse=True)) + ")")
    master = re.compile("|".join(parts), re.S)

    def tokenize(s):
        tokens, i = [], 0
        while i < len(s):
            found = master.match(s, i)
            if not found:
                return i
            kind, text = found.lastgroup, found.group()
            if kind != "skip":
                tokens.append(["KW" if kind == "ID" and text in keywords else kind, text])
            i = found.end()
        return tokens

    return tokenize


@pytest.mark.parametrize("difficulty", [0, 2, 5, 8, 11, 30, 10**9])
def test_tokenizer_rebuilt_from_the_prompt_gives_the_expected_results(difficulty):
    env = ImplementTokenizer()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        tokenize = regex_tokenizer(problem.prompt)
        for test in problem.data["tests"]:
            assert tokenize(*test["args"]) == test["expected"], test["args"]


@pytest.mark.parametrize("difficulty", [0, 3, 6, 9, 12, 30])
def test_tokenizer_every_near_miss_fails_some_hidden_test(difficulty):
    env = ImplementTokenizer()
    for seed in range(4):
        problem = env.sample(difficulty, seed)
        header, _, _ = problem.answer.partition("\nDIGITS =")
        settings = load(header + "\nX = dict(globals())", "X")
        for old, new, needs in TOKENIZER_NEAR_MISSES:
            if tokenizer_shows(needs, settings):
                mutant = load(mutate(TOKENIZER_REFERENCE, old, new), "tokenize", settings)
                assert not all(call_once(mutant, test) == test["expected"] for test in problem.data["tests"]), (
                    seed,
                    old,
                    new,
                )


def test_tokenizer_answers_in_the_sandbox():
    env = fast(ImplementTokenizer)
    problem = env.sample(13, 2)
    assert env.score(problem, tag(problem.answer)).correct
    source = inspect.getsource(regex_tokenizer).replace("def regex_tokenizer(prompt: str):", "def make(prompt):")
    rules = problem.prompt.partition("Return the tokens")[0]  # the rules only: no answer tags in the answer
    alternative = f"import re\n\n{source}\n\ntokenize = make({rules!r})\n"
    assert env.score(problem, tag(alternative)).correct
    near_miss = problem.answer.replace("key=len, reverse=True)", "key=len)")
    verdict = env.score(problem, tag(near_miss))
    assert not verdict.correct and "tokenize(" in verdict.reason and "expected" in verdict.reason
    verdict = env.score(problem, tag("def tokenize(s):\n    return s.split()\n"))
    assert not verdict.correct
    verdict = env.score(problem, tag("function tokenize(s) { return s.split(' '); }"))
    assert not verdict.format_ok and "JavaScript" in verdict.reason


# -- implement_expression_evaluator --------------------------------------------------------------------------------


def truncated_quotient(a: int, b: int) -> int:
    return a // b if (a >= 0) == (b > 0) or a % b == 0 else a // b + 1


OPERATIONS = {  # the prompt's words for each meaning, and the operation written here independently
    "a + b": lambda a, b: a + b,
    "a - b": lambda a, b: a - b,
    "a * b": lambda a, b: a * b,
    "the larger of a and b": max,
    "the smaller of a and b": min,
    "the absolute value of a - b": lambda a, b: max(a - b, b - a),
    "(a + b) divided by 2, rounded down": lambda a, b: (a + b) >> 1,
    "a divided by b, rounded toward zero": lambda a, b: truncated_quotient(a, b) if b else 0,
    "the remainder of a divided by b": lambda a, b: a - b * truncated_quotient(a, b) if b else 0,
}


def shunting_yard(prompt: str):
    """An evaluator built from the prompt's table: Dijkstra's shunting-yard to postfix, then a stack machine."""
    rows = re.findall(r"^    (\S+)\s+level (\d+)  (left|right)-associative   a \S+ b = (.*)$", prompt, re.M)
    table = {}
    for symbol, level, associativity, words in rows:
        operation = next(function for text, function in OPERATIONS.items() if words.startswith(text))
        table[symbol] = (int(level), associativity, operation)

    def evaluate(expr: str) -> int:
        output, stack, i = [], [], 0
        while i < len(expr):
            if expr[i] == " ":
                i += 1
                continue
            number = re.match(r"\d+", expr[i:])
            if number:
                output.append(int(number.group()))
                i += number.end()
                continue
            if expr[i] in "()":
                if expr[i] == "(":
                    stack.append("(")
                else:
                    while stack[-1] != "(":
                        output.append(stack.pop())
                    stack.pop()
                i += 1
                continue
            symbol = max((s for s in table if expr.startswith(s, i)), key=len)
            level, associativity, _ = table[symbol]
            while stack and stack[-1] != "(":
                top = table[stack[-1]][0]
                if top > level or (top == level and associativity == "left"):
                    output.append(stack.pop())
                else:
                    break
            stack.append(symbol)
            i += len(symbol)
        output += reversed(stack)
        values: list[int] = []
        for item in output:
            if isinstance(item, int):
                values.append(item)
            else:
                b, a = values.pop(), values.pop()
                values.append(table[item][2](a, b))
        return values[0]

    return evaluate


@pytest.mark.parametrize("difficulty", [0, 2, 3, 5, 9, 17, 30, 10**12])
def test_expressions_rebuilt_from_the_prompt_give_the_expected_values(difficulty):
    env = ImplementExpressionEvaluator()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        evaluate = shunting_yard(problem.prompt)
        for test in problem.data["tests"]:
            assert evaluate(*test["args"]) == test["expected"], test["args"]


@pytest.mark.parametrize("difficulty", [0, 3, 6, 9, 15, 30])
def test_expression_every_near_miss_fails_some_hidden_test(difficulty):
    env = ImplementExpressionEvaluator()
    for seed in range(4):
        problem = env.sample(difficulty, seed)
        table = load(problem.answer.partition("\ndef apply")[0], "TABLE")
        for old, new, needs in EXPRESSION_NEAR_MISSES:
            if expression_shows(needs, table):
                mutant = load(mutate(EXPRESSION_REFERENCE, old, new), "evaluate", {"TABLE": table})
                killed = not all(call_once(mutant, test) == test["expected"] for test in problem.data["tests"])
                assert killed, (seed, old, new)


def test_expression_answers_in_the_sandbox():
    env = fast(ImplementExpressionEvaluator)
    problem = env.sample(20, 4)
    assert env.score(problem, tag(problem.answer)).correct
    functions = "".join(inspect.getsource(function) for function in (truncated_quotient, shunting_yard))
    table = "OPERATIONS = {\n" + "".join(
        f"    {text!r}: {inspect.getsource(function).split(': ', 1)[1].strip().rstrip(',')},\n"
        if function not in (max, min)
        else f"    {text!r}: {function.__name__},\n"
        for text, function in OPERATIONS.items()
    ) + "}\n"
    rules = problem.prompt.partition("For example")[0]
    alternative = f"import re\n\n{table}\n{functions}\nevaluate = shunting_yard({rules!r})\n"
    assert env.score(problem, tag(alternative)).correct
    python_semantics = problem.answer.replace('    if meaning == "div":', '    if meaning == "div" and False:')
    python_semantics = python_semantics.replace("return (a + b) // 2", "return int((a + b) / 2)")
    verdict = env.score(problem, tag(python_semantics))
    assert not verdict.correct and "evaluate(" in verdict.reason
    assert "not valid Python" in env.score(problem, tag("def evaluate(expr)\n    return 0\n")).reason


# -- implement_mini_interpreter ------------------------------------------------------------------------------------


def keywords(prompt: str) -> dict[str, str]:
    """Each role's keyword, read from the statement lines of the prompt."""
    found = {}
    patterns = {
        "set": r"^- (\w+) V A: variable V gets",
        "add": r"^- (\w+) V A: V = V \+ A",
        "sub": r"(\w+) V A: V = V - A\.",
        "mul": r"(\w+) V A: V = V \* A",
        "div": r"^- (\w+) V A: V = V divided by A",
        "mod": r"(\w+) V A: V = V - A \* q",
        "print": r"^- (\w+) A: appends",
        "if": r"^- (\w+) A OP B, lines",
        "else": r"\[(\w+), lines,\]",
        "end": r"each (\w+) closes",
        "repeat": r"^- (\w+) A, lines",
        "while": r"^- (\w+) A OP B, lines, \w+: the lines run again",
    }
    for role, pattern in patterns.items():
        match = re.search(pattern, prompt, re.M)
        if match:
            found[match.group(1)] = role
    return found


def compile_to_python(program: str, prompt: str):
    """The program translated line by line into Python (our own generated programs only) and run."""
    roles = keywords(prompt)
    floor = "rounded down, toward minus infinity" in prompt
    lines, depth = ["def main(v, out, div, mod):"], 1

    def val(token: str) -> str:
        return token if re.fullmatch(r"-?\d+", token) else f"v[{token!r}]"

    for raw in program.splitlines():
        words = raw.split()
        if not words:
            continue
        role, args = roles[words[0]], words[1:]
        pad = "    " * depth
        if role == "end":
            lines.append(pad + "pass")
            depth -= 1
        elif role == "else":
            lines += [pad + "pass", "    " * (depth - 1) + "else:"]
        elif role in ("if", "while"):
            lines.append(f"{pad}{role} {val(args[0])} {args[1]} {val(args[2])}:")
            depth += 1
        elif role == "repeat":
            lines.append(f"{pad}for _ in range({val(args[0])}):")
            depth += 1
        elif role == "print":
            lines.append(f"{pad}out.append({val(args[0])})")
        elif role == "set":
            lines.append(f"{pad}v[{args[0]!r}] = {val(args[1])}")
        elif role in ("div", "mod"):
            lines.append(f"{pad}v[{args[0]!r}] = {role}(v[{args[0]!r}], {val(args[1])})")
        else:
            symbol = {"add": "+", "sub": "-", "mul": "*"}[role]
            lines.append(f"{pad}v[{args[0]!r}] {symbol}= {val(args[1])}")

    def div(a: int, b: int) -> int:
        if b == 0:
            return 0
        return math.floor(Fraction(a, b)) if floor else math.trunc(Fraction(a, b))

    def mod(a: int, b: int) -> int:
        return a - b * div(a, b) if b else 0

    namespace: dict[str, Any] = {}
    exec("\n".join(lines + ["    pass"]), namespace)  # text built above from our own test programs
    out: list[int] = []
    namespace["main"](collections.defaultdict(int), out, div, mod)
    return out


@pytest.mark.parametrize("difficulty", [0, 2, 4, 6, 8, 10, 13, 30, 5000])
def test_programs_rebuilt_from_the_prompt_give_the_expected_output(difficulty):
    env = ImplementMiniInterpreter()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        for test in problem.data["tests"]:
            assert compile_to_python(test["args"][0], problem.prompt) == test["expected"], test["args"][0]


@pytest.mark.parametrize("difficulty", [0, 3, 5, 7, 9, 12, 30])
def test_interpreter_every_near_miss_fails_some_hidden_test(difficulty):
    env = ImplementMiniInterpreter()
    for seed in range(4):
        problem = env.sample(difficulty, seed)
        constants = load(problem.answer.partition("\nROLE =")[0] + "\nX = dict(globals())", "X")
        have = set(keywords(problem.prompt).values())
        for old, new, needs in INTERPRETER_NEAR_MISSES:
            if interpreter_shows(needs, have, constants["FLOOR"]):
                mutant = load(mutate(INTERPRETER_REFERENCE, old, new), "run", constants)
                killed = not all(call_once(mutant, test) == test["expected"] for test in problem.data["tests"])
                assert killed, (seed, old, new)


def test_interpreter_near_misses_whose_point_is_not_reached_give_the_reference_output():
    """Generation runs a near miss only on the tests whose traced run reached its point (TRACE_POINTS); on every
    other program it must give exactly the reference's output, and each point must be reachable."""
    reached: collections.Counter[int] = collections.Counter()
    for floor in (False, True):
        rng = random.Random(int(floor))
        words = {role: pool[0] for role, pool in INTERPRETER_WORD_POOLS.items()}
        constants = {"WORDS": words, "FLOOR": floor}
        reference = load(INTERPRETER_REFERENCE, "run", constants)
        traced = load(INTERPRETER_TRACED, "traced", {**constants, "SEEN": set()})
        mutants = [load(mutate(INTERPRETER_REFERENCE, old, new), "run", constants)
                   for old, new, _ in INTERPRETER_NEAR_MISSES]
        for number in range(400):
            lines = [f"set {name} {rng.randint(-9, 9)}" for name in INTERPRETER_VARIABLES if rng.random() < 0.8]
            lines += interpreter_draw_block(rng, words, interpreter_features(30), 10, 2, 0, number % 2 == 0)
            program = "\n".join(lines + [f"print {name}" for name in INTERPRETER_VARIABLES]) + "\n"
            output, seen = traced(program)
            assert output == reference(program)
            reached.update(seen)
            for index, mutant in enumerate(mutants):
                if index not in seen:
                    assert call_once(mutant, {"args": [program]}) == output, (index, floor, program)
    assert set(reached) == set(range(len(INTERPRETER_NEAR_MISSES))), reached


def test_interpreter_answers_in_the_sandbox():
    env = fast(ImplementMiniInterpreter)
    problem = env.sample(16, 1)
    assert env.score(problem, tag(problem.answer)).correct
    python_division = problem.answer.replace("a // b if FLOOR else", "a // b if True else")
    python_division = python_division.replace("FLOOR = True", "FLOOR = False")
    verdict = env.score(problem, tag(python_division.replace("FLOOR = False", "FLOOR = True")))
    expected_to_pass = "FLOOR = True" in problem.answer
    assert verdict.correct == expected_to_pass
    verdict = env.score(problem, tag(problem.answer.replace("variables.get(token, 0)", "variables[token]")))
    assert not verdict.correct and "raised KeyError" in verdict.reason
    verdict = env.score(problem, tag("def run(program):\n    return []\n"))
    assert not verdict.correct and "returned []" in verdict.reason


# -- implement_matrix_function -------------------------------------------------------------------------------------


def rotate_clockwise(m: list[list[int]]) -> list[list[int]]:
    rows, columns = len(m), len(m[0])
    return [[m[rows - 1 - r][c] for r in range(rows)] for c in range(columns)]


def spiral(m: list[list[int]]) -> list[int]:
    top, bottom, left, right, out = 0, len(m) - 1, 0, len(m[0]) - 1, []
    while top <= bottom and left <= right:
        out += [m[top][c] for c in range(left, right + 1)]
        out += [m[r][right] for r in range(top + 1, bottom + 1)]
        if top < bottom:
            out += [m[bottom][c] for c in range(right - 1, left - 1, -1)]
        if left < right:
            out += [m[r][left] for r in range(bottom - 1, top, -1)]
        top, bottom, left, right = top + 1, bottom - 1, left + 1, right - 1
    return out


MATRIX_STEPS = {  # the start of each step's sentence, and the step written here independently
    "Transpose it": lambda m: [[m[r][c] for r in range(len(m))] for c in range(len(m[0]))],
    "Rotate it a quarter turn clockwise": rotate_clockwise,
    "Rotate it a quarter turn counterclockwise": lambda m: rotate_clockwise(rotate_clockwise(rotate_clockwise(m))),
    "Reverse each row": lambda m: [list(reversed(row)) for row in m],
    "Reverse the order of the rows": lambda m: list(reversed(m)),
    "Move the last row to the top": lambda m: [m[(r - 1) % len(m)] for r in range(len(m))],
    "Sort the values of each row": lambda m: [sorted(row) for row in m],
    "Replace each value by the sum": lambda m: [[sum(row[: j + 1]) for j in range(len(row))] for row in m],
    "Add to each value the number of its row": lambda m: [[v + r for v in m[r]] for r in range(len(m))],
    "Sort the rows by their sums": lambda m: [m[r] for r in sorted(range(len(m)), key=lambda r: (sum(m[r]), r))],
    "Negate the values in the columns with an odd": lambda m: [[v * (-1) ** j for j, v in enumerate(row)] for row in m],
    "Replace each value v by v mod 10": lambda m: [[v - 10 * math.floor(v / 10) for v in row] for row in m],
    "If it has more than one column, remove": lambda m: [row[1:] for row in m] if len(m[0]) >= 2 else m,
    "Return its values in clockwise spiral order": spiral,
    "Return the list of its row sums": lambda m: [sum(row) for row in m],
    "Return the sum of its main diagonal": lambda m: sum(m[i][i] for i in range(len(m)) if i < len(m[0])),
    "Return the matrix": lambda m: m,
}  # fmt: skip


MATRIX_STEP_KINDS = MATRIX_STEP_LIST + MATRIX_FINALS


def matrix_steps(prompt: str) -> list[Any]:
    sentences = re.findall(r"^\d+\. (.*)$", prompt, re.M)
    return [next(f for start, f in MATRIX_STEPS.items() if sentence.startswith(start)) for sentence in sentences]


def run_steps(steps: list[Any], matrix: list[list[int]]) -> Any:
    for step in steps:
        matrix = step(matrix)
    return matrix


@pytest.mark.parametrize("difficulty", [0, 2, 4, 6, 8, 10, 12, 14, 30, 10**4])
def test_matrix_rebuilt_from_the_prompt_gives_the_expected_values(difficulty):
    env = ImplementMatrixFunction()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        steps = matrix_steps(problem.prompt)
        for test in problem.data["tests"]:
            assert run_steps(steps, test["args"][0]) == test["expected"]


@pytest.mark.parametrize("difficulty", [1, 3, 6, 9, 12, 30])
def test_matrix_every_near_miss_that_can_differ_fails_some_hidden_test(difficulty):
    """Each step written the plausible wrong way: if it differs from the reference on some matrix of the sizes
    drawn (tried on many), a hidden test catches it."""
    env = ImplementMatrixFunction()
    rng = random.Random(difficulty)
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        side = max(len(test["args"][0]) for test in problem.data["tests"])
        shapes = [(rng.randint(1, side), rng.randint(1, side)) for _ in range(300)]
        probes = [[[rng.randint(-9, 9) for _ in range(columns)] for _ in range(rows)] for rows, columns in shapes]
        reference = load(problem.answer, "transform")
        lines = problem.answer.splitlines()
        for step in MATRIX_STEP_KINDS:
            if step.code in lines:
                at = lines.index(step.code)
                mutant = load("\n".join(lines[:at] + [step.near_miss] + lines[at + 1 :]) + "\n", "transform")
                differs = any(call_once(mutant, {"args": [p]}) != call_once(reference, {"args": [p]}) for p in probes)
                caught = not all(call_once(mutant, test) == test["expected"] for test in problem.data["tests"])
                assert caught or not differs, (seed, step.text)


def test_matrix_answers_in_the_sandbox():
    env = fast(ImplementMatrixFunction)
    problem = env.sample(16, 0)
    assert env.score(problem, tag(problem.answer)).correct
    tuples = problem.answer.replace("m = [list(row) for row in zip(*m)]", "m = list(zip(*m))")
    assert env.score(problem, tag(tuples)).correct or "zip(*m)]" not in problem.answer
    verdict = env.score(problem, tag("def transform(m):\n    return m\n"))
    assert not verdict.correct and "transform(" in verdict.reason


# -- implement_tree_function ---------------------------------------------------------------------------------------


def tree_map(t: Any, f: Any, depth: int = 0) -> Any:
    """The tree with each value v at the given depth replaced by f(v, depth)."""
    return None if t is None else [f(t[0], depth), tree_map(t[1], f, depth + 1), tree_map(t[2], f, depth + 1)]


def tree_sum(t: Any) -> int:
    return 0 if t is None else t[0] + tree_sum(t[1]) + tree_sum(t[2])


def swap_lighter_left(t: Any) -> Any:
    if t is None:
        return None
    value, left, right = t
    first, second = (right, left) if tree_sum(left) < tree_sum(right) else (left, right)
    return [value, swap_lighter_left(first), swap_lighter_left(second)]


def without_leaves(t: Any) -> Any:
    if t is None or t[1:] == [None, None]:
        return None
    return [t[0], without_leaves(t[1]), without_leaves(t[2])]


def pruned(t: Any, k: int) -> Any:
    if t is None or t[0] < k:
        return None
    return [t[0], pruned(t[1], k), pruned(t[2], k)]


def levels_of(t: Any) -> list[list[int]]:
    found: list[list[int]] = []
    stack = [(t, 0)]
    while stack:  # depth first, left before right: each level's values come out left to right
        node, depth = stack.pop()
        if node is None:
            continue
        if depth == len(found):
            found.append([])
        found[depth].append(node[0])
        stack += [(node[2], depth + 1), (node[1], depth + 1)]
    return found


def leaf_sums(t: Any, above: int = 0) -> list[int]:
    if t is None:
        return []
    if t[1] is None and t[2] is None:
        return [above + t[0]]
    return leaf_sums(t[1], above + t[0]) + leaf_sums(t[2], above + t[0])


TREE_STEPS = {  # the start of each step's sentence, and the step written here independently (k: the number)
    "Mirror it": lambda t, k: None if t is None else [t[0], TREE_STEPS["Mirror it"](t[2], k),
                                                     TREE_STEPS["Mirror it"](t[1], k)],
    "Add to each value the depth": lambda t, k: tree_map(t, lambda v, depth: v + depth),
    "Remove every node whose value is less than": pruned,
    "Remove every leaf": lambda t, k: without_leaves(t),
    "Replace each value v by its absolute": lambda t, k: tree_map(t, lambda v, depth: -v if v < 0 else v),
    "At every node whose left subtree": lambda t, k: swap_lighter_left(t),
    "Return the list of its values in preorder": lambda t, k: preorder_of(t),
    "Return its levels": lambda t, k: levels_of(t),
    "Return its height": lambda t, k: len(levels_of(t)),
    "Return the sums of the values along each path": lambda t, k: leaf_sums(t),
    "Return the tree": lambda t, k: t,
}  # fmt: skip


def preorder_of(t: Any) -> list[int]:
    out, stack = [], [t]
    while stack:
        node = stack.pop()
        if node is not None:
            out.append(node[0])
            stack += [node[2], node[1]]
    return out


TREE_STEP_KINDS = TREE_STEP_LIST + TREE_FINALS


def tree_steps(prompt: str) -> list[tuple[Any, int]]:
    found = []
    for sentence in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        number = re.search(r"less than (-?\d+)", sentence)
        step = next(f for start, f in TREE_STEPS.items() if sentence.startswith(start))
        found.append((step, int(number.group(1)) if number else 0))
    return found


@pytest.mark.parametrize("difficulty", [0, 2, 4, 6, 8, 10, 12, 14, 30, 10**5])
def test_tree_rebuilt_from_the_prompt_gives_the_expected_values(difficulty):
    env = ImplementTreeFunction()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        steps = tree_steps(problem.prompt)
        for test in problem.data["tests"]:
            t = test["args"][0]
            for step, k in steps:
                t = step(t, k)
            assert t == test["expected"]


@pytest.mark.parametrize("difficulty", [1, 3, 6, 9, 12, 15, 30])
def test_tree_every_near_miss_that_often_differs_fails_some_hidden_test(difficulty):
    env = ImplementTreeFunction()
    rng = random.Random(difficulty)
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        most = max(len(preorder_of(test["args"][0])) for test in problem.data["tests"])
        probes = [tree_draw(rng, rng.randint(1, most)) for _ in range(200)]
        reference = load(problem.answer, "transform")
        for step in TREE_STEP_KINDS:
            if step.code in problem.answer and step.near_miss != step.code:
                mutant = load(problem.answer.replace(step.code, step.near_miss), "transform")
                differing = sum(call_once(mutant, {"args": [p]}) != call_once(reference, {"args": [p]}) for p in probes)
                caught = not all(call_once(mutant, test) == test["expected"] for test in problem.data["tests"])
                # some steps hide others' mistakes on almost every tree; those below 5% may go uncaught
                assert caught or differing < len(probes) // 20, (seed, step.text)


def test_tree_answers_in_the_sandbox():
    env = fast(ImplementTreeFunction)
    problem = env.sample(18, 1)
    assert env.score(problem, tag(problem.answer)).correct
    as_tuples = problem.answer.replace("def transform(t):", "def transform(t):\n    t = _tuples(t)") + (
        "\n\ndef _tuples(t):\n    return None if t is None else (t[0], _tuples(t[1]), _tuples(t[2]))\n"
    )
    assert env.score(problem, tag(as_tuples)).correct
    verdict = env.score(problem, tag("def transform(t):\n    return t\n"))
    assert not verdict.correct and "transform(" in verdict.reason
