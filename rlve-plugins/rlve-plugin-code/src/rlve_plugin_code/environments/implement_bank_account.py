"""code/implement_bank_account: write a Bank class whose operations follow generated business rules."""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import (
    MethodCallEnvironment,
    hidden_call_tests,
    kill_near_misses,
    load_reference,
    record,
)

# The reference answer: this generic class with the problem's numbers in front (a rule that is off is 0 or None).
REFERENCE = '''
class Bank:
    def __init__(self):
        self.balances = {}
        self.withdrawn = {}  # amount withdrawn from each account since the last month_end

    def open(self, name, amount):
        if name in self.balances or amount < 0:
            return False
        self.balances[name] = amount
        self.withdrawn[name] = 0
        return True

    def deposit(self, name, amount):
        if name not in self.balances or amount <= 0:
            return False
        credit = amount + BONUS if BONUS_FROM is not None and amount >= BONUS_FROM else amount
        if CAP is not None and self.balances[name] + credit > CAP:
            return False
        self.balances[name] += credit
        return True

    def withdraw(self, name, amount):
        if name not in self.balances or amount <= 0:
            return False
        if SINGLE_LIMIT is not None and amount > SINGLE_LIMIT:
            return False
        if MONTHLY_LIMIT is not None and self.withdrawn[name] + amount > MONTHLY_LIMIT:
            return False
        if self.balances[name] - amount - FEE < -OVERDRAFT:
            return False
        self.balances[name] -= amount + FEE
        self.withdrawn[name] += amount
        return True

    def transfer(self, source, target, amount):
        if source not in self.balances or target not in self.balances or source == target or amount <= 0:
            return False
        if self.balances[source] - amount - TRANSFER_FEE < -OVERDRAFT:
            return False
        if CAP is not None and self.balances[target] + amount > CAP:
            return False
        self.balances[source] -= amount + TRANSFER_FEE
        self.balances[target] += amount
        return True

    def balance(self, name):
        return self.balances.get(name)

    def month_end(self):
        for name, value in self.balances.items():
            if value > 0:
                self.balances[name] = value + value * INTEREST // 100
            elif value < 0:
                self.balances[name] = value - PENALTY
            self.withdrawn[name] = 0
'''

RULE_NAMES = (
    "overdraft", "fee", "single_limit", "monthly_limit", "bonus", "cap", "transfer_fee", "interest", "penalty"
)  # fmt: skip
NAMES = ("ann", "bob", "cy", "dee", "eve")


def draw_rules(rng: random.Random, count: int) -> dict[str, Any]:
    """The problem's numbers: ``count`` optional rules on (a penalty needs an overdraft), the others off."""
    chosen = set(rng.sample(RULE_NAMES, min(count, len(RULE_NAMES))))
    if "penalty" in chosen and "overdraft" not in chosen:  # a penalty on negative balances needs an overdraft
        chosen.remove("penalty")
        chosen.add("overdraft")
    single = rng.randint(40, 90)
    return {
        "OVERDRAFT": rng.randint(10, 60) if "overdraft" in chosen else 0,
        "FEE": rng.randint(1, 5) if "fee" in chosen else 0,
        "SINGLE_LIMIT": single if "single_limit" in chosen else None,
        "MONTHLY_LIMIT": rng.randint(single + 10, 2 * single) if "monthly_limit" in chosen else None,
        "BONUS_FROM": rng.randint(30, 80) if "bonus" in chosen else None,
        "BONUS": rng.randint(1, 9),
        "CAP": rng.randint(150, 300) if "cap" in chosen else None,
        "TRANSFER_FEE": rng.randint(1, 4) if "transfer_fee" in chosen else 0,
        "INTEREST": rng.randint(1, 20) if "interest" in chosen else 0,
        "PENALTY": rng.randint(1, 9) if "penalty" in chosen else 0,
    }


def reference_source(rules: dict[str, Any]) -> str:
    header = "\n".join(f"{key} = {value!r}" for key, value in rules.items())
    return header + "\n" + REFERENCE


def rule_lines(rules: dict[str, Any]) -> list[str]:
    """The prompt's description of the rules that are on, one sentence each."""
    lines = []
    floor = f"-{rules['OVERDRAFT']}" if rules["OVERDRAFT"] else "0"
    if rules["OVERDRAFT"]:
        lines.append(f"Overdraft: a balance may go below 0, down to {floor}, but never below {floor}.")
    else:
        lines.append("No overdraft: a balance may never go below 0.")
    if rules["FEE"]:
        fee = rules["FEE"]
        lines.append(f"Withdrawal fee: every successful withdrawal also takes a fee of {fee} from the balance.")
    if rules["SINGLE_LIMIT"] is not None:
        lines.append(f"Single-withdrawal limit: a withdrawal of more than {rules['SINGLE_LIMIT']} is refused.")
    if rules["MONTHLY_LIMIT"] is not None:
        lines.append(
            f"Monthly limit: the amounts withdrawn from one account since the last month_end (fees not counted) "
            f"may not add up to more than {rules['MONTHLY_LIMIT']}; a withdrawal that would exceed it is refused."
        )
    if rules["BONUS_FROM"] is not None:
        lines.append(
            f"Deposit bonus: a deposit of {rules['BONUS_FROM']} or more is credited with a bonus of "
            f"{rules['BONUS']} (the balance grows by the amount plus {rules['BONUS']})."
        )
    if rules["CAP"] is not None:
        lines.append(
            f"Balance cap: a deposit (bonus included) or an incoming transfer that would make the balance greater "
            f"than {rules['CAP']} is refused. (Opening an account and interest ignore the cap.)"
        )
    if rules["TRANSFER_FEE"]:
        lines.append(f"Transfer fee: the sender of a successful transfer also pays a fee of {rules['TRANSFER_FEE']}.")
    if rules["INTEREST"]:
        lines.append(
            f"Interest: at month_end every account with a positive balance b gets b * {rules['INTEREST']} // 100 "
            "added (integer division, rounding down)."
        )
    if rules["PENALTY"]:
        lines.append(f"Penalty: at month_end every account with a negative balance is charged {rules['PENALTY']}.")
    return lines


def draw_amount(rng: random.Random, bank: Any, rules: dict[str, Any], method: str, names: list[str]) -> int:
    """An amount for the call, often right at one of the rules' thresholds so that every rule is tested."""
    source, target = names[0], names[-1]
    balance = bank.balances.get(source, 0)
    near: list[int] = []
    if method == "withdraw":
        near.append(balance + rules["OVERDRAFT"] - rules["FEE"])
        if rules["SINGLE_LIMIT"] is not None:
            near.append(rules["SINGLE_LIMIT"])
        if rules["MONTHLY_LIMIT"] is not None:
            near.append(rules["MONTHLY_LIMIT"] - bank.withdrawn.get(source, 0))
        near.append(min(near))  # the limit that decides: twice as likely
    elif method == "deposit":
        if rules["BONUS_FROM"] is not None:
            near.append(rules["BONUS_FROM"])
        if rules["CAP"] is not None:
            near += [rules["CAP"] - balance, rules["CAP"] - balance - rules["BONUS"]]
    elif method == "transfer":
        near.append(balance + rules["OVERDRAFT"] - rules["TRANSFER_FEE"])
        if rules["CAP"] is not None:
            near.append(rules["CAP"] - bank.balances.get(target, 0))
    roll = rng.random()
    if near and roll < 0.55:
        return rng.choice(near) + rng.choice((-1, 0, 0, 1))
    if roll < 0.62:
        return rng.choice((0, -rng.randint(1, 20)))
    return rng.randint(1, 100)


# The first test starts with these, so that every problem tests the edge cases of the common rules.
EDGE_CASES = (
    ["open", ["ann", 0]],
    ["deposit", ["ann", 0]],
    ["open", ["ann", 5]],
    ["open", ["bob", -1]],
    ["deposit", ["ann", 20]],
    ["withdraw", ["ann", 0]],
    ["withdraw", ["ann", 5]],
    ["balance", ["ann"]],
    ["transfer", ["ann", "ann", 1]],
    ["balance", ["bob"]],
)


METHODS = ("deposit", "withdraw", "transfer", "balance", "month_end", "open")
METHOD_WEIGHTS = (5, 12, 17, 21, 23, 24)  # cumulative: deposit 5, withdraw 7, transfer 5, balance 4, ...


def draw_test(
    rng: random.Random, bank: Any, rules: dict[str, Any], count: int, people: int, prelude: tuple = ()
) -> dict[str, Any]:
    """A hidden test of ``count`` calls or more, made on a fresh ``bank`` as they are drawn (amounts depend on
    the balances), with the results it returns."""
    names = list(NAMES[:people])
    calls = [list(call) for call in prelude]
    calls += [["open", [name, rng.choice((0, rng.randint(1, 120)))]] for name in names if rng.random() < 0.9]
    results = record(bank, calls)
    while len(calls) < count:
        method = rng.choices(METHODS, cum_weights=METHOD_WEIGHTS)[0]
        # a name that was never opened, now and then
        pick = [rng.choice(names) if rng.random() < 0.95 else "zed" for _ in range(2)]
        if method == "transfer":
            if pick[0] == pick[1] and rng.random() < 0.8:
                pick[1] = rng.choice(names)
            args: list[Any] = [pick[0], pick[1], draw_amount(rng, bank, rules, method, pick)]
        elif method in ("deposit", "withdraw"):
            args = [pick[0], draw_amount(rng, bank, rules, method, pick)]
        elif method == "open":
            args = [pick[0], rng.choice((0, -rng.randint(1, 5), rng.randint(1, 50)))]
        elif method == "balance":
            args = [pick[0]]
        else:
            args = []
        calls.append([method, args])
        results.append(getattr(bank, method)(*args))
    return {"args": [[], calls], "expected": results}


# Plausible wrong versions of the reference (text replaced: old, new), each with the rules it needs to differ.
NEAR_MISSES = (
    ("amount >= BONUS_FROM", "amount > BONUS_FROM", ("BONUS_FROM",)),
    ("self.balances[name] + credit > CAP", "self.balances[name] + credit >= CAP", ("CAP",)),
    ("self.balances[name] + credit > CAP", "self.balances[name] + amount > CAP", ("CAP", "BONUS_FROM")),
    ("amount > SINGLE_LIMIT", "amount >= SINGLE_LIMIT", ("SINGLE_LIMIT",)),
    ("self.withdrawn[name] + amount > MONTHLY_LIMIT", "self.withdrawn[name] + amount >= MONTHLY_LIMIT",
     ("MONTHLY_LIMIT",)),
    ("self.withdrawn[name] += amount", "self.withdrawn[name] += amount + FEE", ("MONTHLY_LIMIT", "FEE")),
    ("self.balances[name] - amount - FEE < -OVERDRAFT", "self.balances[name] - amount - FEE <= -OVERDRAFT", ()),
    ("self.balances[name] - amount - FEE < -OVERDRAFT", "self.balances[name] - amount < -OVERDRAFT", ("FEE",)),
    ("self.balances[source] - amount - TRANSFER_FEE < -OVERDRAFT", "self.balances[source] - amount < -OVERDRAFT",
     ("TRANSFER_FEE",)),
    ("self.balances[source] - amount - TRANSFER_FEE < -OVERDRAFT",
     "self.balances[source] - amount - TRANSFER_FEE <= -OVERDRAFT", ()),
    ("self.balances[source] - amount - TRANSFER_FEE < -OVERDRAFT",
     "self.balances[source] - amount - TRANSFER_FEE < -OVERDRAFT or amount > (SINGLE_LIMIT or amount)",
     ("SINGLE_LIMIT",)),
    ("self.balances[target] + amount > CAP", "self.balances[target] + amount >= CAP", ("CAP",)),
    ("            self.withdrawn[name] = 0\n", "", ("MONTHLY_LIMIT",)),
    ("value + value * INTEREST // 100", "value + (value * INTEREST + 99) // 100", ("INTEREST",)),
    ("elif value < 0:", "elif value <= 0:", ("PENALTY",)),
)  # fmt: skip


def make_tests(rules: dict[str, Any], rng: random.Random, count: int, calls: int, people: int) -> list[dict]:
    bank_class = load_reference(REFERENCE, "Bank", rules)

    tests = [draw_test(rng, bank_class(), rules, calls, people, EDGE_CASES if n == 0 else ()) for n in range(count)]
    near_misses = [
        load_reference(REFERENCE.replace(old, new), "Bank", rules)
        for old, new, needs in NEAR_MISSES
        if all(rules[key] for key in needs)
    ]
    # Tests added to catch a near miss may be longer: some rules need several calls in a row to show.
    longer = max(calls, 40)
    return kill_near_misses(tests, near_misses, lambda: draw_test(rng, bank_class(), rules, longer, people), tries=60)


PROMPT_START = """Write a Python class Bank that keeps accounts with integer balances, identified by names (strings).

Methods (every amount is an int):

- open(name, amount): opens an account with balance amount and returns True; if an account with that name \
already exists or amount < 0, it changes nothing and returns False.
- deposit(name, amount): adds amount to the account's balance and returns True.
- withdraw(name, amount): takes amount from the account's balance and returns True.
- transfer(source, target, amount): moves amount from account source to account target and returns True.
- balance(name): returns the account's balance, or None if there is no account with that name.
- month_end(): applies the month-end rules below to every account (if any) and returns None.

deposit, withdraw and transfer return False and change nothing if an account named in the call does not exist, \
if amount <= 0, or (transfer) if source == target, or if a rule below refuses the operation.

Rules:

"""


class ImplementBankAccount(MethodCallEnvironment):
    id = "code/implement_bank_account"
    version = 1
    description = (
        "Write a Bank class (open, deposit, withdraw, transfer, balance, month_end) that follows generated business "
        "rules: overdraft, fees, limits, bonus, cap, interest and penalties."
    )
    difficulty_scales = (
        "calls per hidden test: 6 + 2d (slower past d=30, at most 120); optional rules: 1 + d // 3 of 9; "
        "accounts: 2 + d // 10 up to 5"
    )
    size_name = "calls per test"
    answer_format = "Python code defining the class Bank (inside a ```python fence or not)"
    tags = ("code", "classes", "simulation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        calls = min(6 + 2 * t, 120)
        rules = draw_rules(rng, 1 + t // 3)
        tests = make_tests(rules, rng, 8, calls, min(5, 2 + t // 10))
        rules_text = "\n".join(f"{number}. {line}" for number, line in enumerate(rule_lines(rules), start=1))
        prompt = (
            f"{PROMPT_START}{rules_text}\n\n"
            "A withdrawal or transfer is refused if it would take the sender's balance (fees included) below the "
            "lowest allowed balance. Rules not listed do not exist (no fees, limits, bonus, cap, interest or "
            "penalty unless stated).\n\n"
            f"{hidden_call_tests('Bank()', 'names that were never opened and amounts right at every limit included')}"
        )
        data: dict[str, Any] = {"class": "Bank", "entry": "Bank", "arity": 2, "tests": tests}
        return Instance(prompt=prompt, answer=reference_source(rules), data=data, size=calls)

