"""logic/counterfeit_coin: from weighings already made on a balance, name the counterfeit coin and whether it
is heavier or lighter.

Each of the 2n hypotheses (coin i, heavier or lighter) predicts every weighing's outcome; the generator hides
one, weighs random equal-sized groups of coins, keeps each weighing that rules out at least one hypothesis,
and stops when a single hypothesis is left: the answer is unique by construction.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow

#: The most coins, reached near d = 10**30: prompts stay bounded at absurd levels.
MAX_COINS = 400
OUTCOMES = {1: "the left pan was heavier", -1: "the right pan was heavier", 0: "the pans balanced"}
_ANSWER = re.compile(r"^(?:coin\s*)?#?\s*([0-9]{1,4})\s*[,:;-]?\s*(?:is\s+)?(?:the\s+)?([a-z]+)$", re.IGNORECASE)
_HEAVIER = {"heavier": True, "heavy": True, "lighter": False, "light": False}


def coin_count(difficulty: int) -> int:
    """3 + L coins up to level 30 (one more per level), then one more per two levels, at most ``MAX_COINS``."""
    return min(MAX_COINS, 3 + slow(level(difficulty), 1, 2, knee=30))


def outcome(left: list[int], right: list[int], coin: int, heavier: bool) -> int:
    """+1 if the left pan is heavier, -1 if the right one is, 0 if they balance."""
    sign = 1 if heavier else -1
    return sign if coin in left else -sign if coin in right else 0


def make_weighings(n: int, coin: int, heavier: bool, rng: random.Random) -> list[tuple[list[int], list[int], int]]:
    alive = {(c, h) for c in range(1, n + 1) for h in (True, False)}
    weighings = []
    while len(alive) > 1:
        k = rng.randint(1, n // 2)
        chosen = rng.sample(range(1, n + 1), 2 * k)
        left, right = sorted(chosen[:k]), sorted(chosen[k:])
        result = outcome(left, right, coin, heavier)
        left_set, right_set = set(left), set(right)
        kept = {
            (c, h)
            for c, h in alive
            if ((1 if h else -1) if c in left_set else (-1 if h else 1) if c in right_set else 0) == result
        }
        if len(kept) < len(alive):
            weighings.append((left, right, result))
            alive = kept
    return weighings


def coins(group: list[int]) -> str:
    return f"coin {group[0]}" if len(group) == 1 else f"coins {', '.join(map(str, group))}"


def read_verdict(answer: str, n: int) -> tuple[int, bool]:
    text = " ".join(answer.strip().rstrip(".").split())
    if len(text) > 40:
        raise ParseError("expected a coin number and heavier or lighter")
    match = _ANSWER.match(text)
    if not match or match.group(2).lower() not in _HEAVIER:
        raise ParseError("expected a coin number and heavier or lighter, e.g. 7 heavier")
    coin = int(match.group(1))
    if not 1 <= coin <= n:
        raise ParseError(f"there is no coin {coin}")
    return coin, _HEAVIER[match.group(2).lower()]


class CounterfeitCoin(Environment):
    id = "logic/counterfeit_coin"
    version = 1
    description = "Counterfeit coin: from the outcomes of given weighings, find the odd coin and if it is heavier."
    difficulty_scales = (
        f"coins 3 + L (L = d up to 30, then one more coin per two levels; at most {MAX_COINS}); random "
        "equal-sized weighings, each ruling something out, until one answer is left"
    )
    size_name = "coins"
    answer_format = "the number of the counterfeit coin, then heavier or lighter, e.g. 7 heavier"
    tags = ("logic", "puzzle", "deduction", "weighing", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = coin_count(difficulty)
        coin, heavier = rng.randint(1, n), rng.random() < 0.5
        weighings = make_weighings(n, coin, heavier, rng)
        lines = [
            f"Weighing {i + 1}: {coins(left)} on the left pan and {coins(right)} on the right pan; {OUTCOMES[result]}."
            for i, (left, right, result) in enumerate(weighings)
        ]
        prompt = (
            f"There are {n} coins, numbered 1 to {n}. All of them are genuine and weigh exactly the same, except "
            "exactly one counterfeit coin, which is either heavier or lighter than a genuine coin (which of the "
            "two is not known in advance). A balance scale compares the total weights of the coins on its two "
            "pans; every weighing below put the same number of coins on each pan. The weighings made and their "
            "outcomes:\n\n"
            + "\n".join(lines)
            + "\n\nExactly one coin, together with whether it is heavier or lighter, fits every outcome. Which coin "
            "is counterfeit, and is it heavier or lighter? Answer with the coin's number, then the word heavier or "
            "lighter, e.g. 7 heavier."
        )
        answer = f"{coin} {'heavier' if heavier else 'lighter'}"
        data = {"coins": n, "weighings": [[left, right, result] for left, right, result in weighings]}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        coin, heavier = read_verdict(answer, data["coins"])
        for index, (left, right, result) in enumerate(data["weighings"]):
            if outcome(left, right, coin, heavier) != result:
                said = OUTCOMES[outcome(left, right, coin, heavier)]
                return Verdict.wrong(f"with that coin, in weighing {index + 1} {said}")
        return Verdict.right()
