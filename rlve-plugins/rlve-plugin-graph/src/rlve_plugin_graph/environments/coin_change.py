"""graph/coin_change: the fewest coins (unlimited supply of each kind) that pay an amount exactly, or "impossible"."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, is_word_of, read_numbers, split_optimum

#: About this share of the instances cannot be paid, when the coins leave such amounts in range.
IMPOSSIBLE_SHARE = 1 / 4
MAX_KINDS = 16


def fewest_coins(coins: list[int], most: int) -> list[int | None]:
    """For every amount 0..most, the last coin of one payment with the fewest coins (0 for the amount 0,
    None when the amount cannot be paid): the classic table over amounts, O(most x kinds)."""
    count: list[int | None] = [0] + [None] * most
    last: list[int | None] = [0] + [None] * most
    for amount in range(1, most + 1):
        for coin in coins:
            if coin <= amount and count[amount - coin] is not None:
                if count[amount] is None or count[amount - coin] + 1 < count[amount]:
                    count[amount] = count[amount - coin] + 1
                    last[amount] = coin
    return last


def payment(last: list[int | None], amount: int) -> list[int]:
    """The coins of the fewest-coin payment of ``amount`` recorded in ``last`` (it must be payable)."""
    coins = []
    while amount:
        coins.append(last[amount])
        amount -= last[amount]
    return coins


class CoinChange(Environment):
    id = "graph/coin_change"
    version = 1
    description = "Pay an amount exactly with the fewest coins (any number of each value), or say it is impossible."
    difficulty_scales = (
        "amount: up to 12 + 10 T (T = d to 30, then slower: rlve.scaling.taper), at least half of that; "
        f"coin values: 2 to 5 + 2 T; kinds: 2 + T / 3 (at most {MAX_KINDS}); half the time all coins share a "
        "factor 2 or 3; about a quarter of the amounts cannot be paid"
    )
    size_name = "largest amount"
    answer_format = (
        "the smallest number of coins, a colon, then the coins used (a coin used twice written twice), for "
        "example 4: 10 10 5 2, or the word impossible if the amount cannot be paid exactly"
    )
    tags = ("array", "dynamic-programming", "coin-change", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        most = 12 + 10 * lev
        # Unpayable amounts come from coins that share a factor (and, at low levels, from the gaps a few
        # coins leave). Half the instances share a factor, and half of those ask for a payable amount, so
        # the factor alone never tells the answer.
        want_impossible = rng.random() < IMPOSSIBLE_SHARE
        factor = rng.choice((2, 3)) if want_impossible or rng.random() < 1 / 3 else 1
        pool = [c for c in range(2, 6 + 2 * lev) if c % factor == 0]
        coins = sorted(rng.sample(pool, min(len(pool), MAX_KINDS, 2 + lev // 3)))
        last = fewest_coins(coins, most)
        payable = [a for a in range(most // 2, most + 1) if last[a] is not None]
        unpayable = [a for a in range(most // 2, most + 1) if last[a] is None]
        amount = rng.choice(unpayable if (want_impossible and unpayable) or not payable else payable)
        if last[amount] is None:
            answer, best = "impossible", None
        else:
            paid = sorted(payment(last, amount), reverse=True)
            answer, best = f"{len(paid)}: {' '.join(map(str, paid))}", len(paid)
        prompt = (
            f"Coins come in these values: {', '.join(map(str, coins))}. There are as many coins of each value "
            f"as you like. Pay the amount {amount} exactly (the values of the coins used must add up to "
            f"{amount}) with as few coins as possible. Give the number of coins and the coins used, in any "
            "order; any payment with the fewest coins is accepted. If no combination of coins adds up to "
            f"exactly {amount}, answer impossible."
        )
        data = {"coins": coins, "amount": amount, "best": best}
        return Instance(prompt=prompt, answer=answer, data=data, size=most)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        coins, amount, best = data["coins"], data["amount"], data["best"]
        if is_word_of(answer, ("impossible",)):
            if best is not None:
                return Verdict.wrong(f"the amount {amount} can be paid exactly")
            return Verdict.right()
        stated, rest = split_optimum(answer, "the number of coins", len(str(amount)) + 2)
        # No exact payment has more coins than the amount over the smallest coin.
        paid = read_numbers(rest, largest=amount, max_items=amount // min(coins) + 1)
        kinds = set(coins)
        for coin in paid:
            if coin not in kinds:
                return Verdict.wrong(f"there is no coin of value {coin}")
        total = sum(paid)
        if total != amount:
            return Verdict.wrong(f"the coins add up to {total}, not {amount}")
        if len(paid) != best:
            return Verdict.wrong(f"the payment uses {len(paid)} coins, but {best} are enough")
        if stated != best:
            return Verdict.wrong(f"the stated number {stated} is not the {best} coins listed")
        return Verdict.right()
