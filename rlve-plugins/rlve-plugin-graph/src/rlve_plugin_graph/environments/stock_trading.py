"""graph/stock_trading: the largest profit from at most k buy-then-sell trades of one share, and the trades."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.reading import is_none_word
from rlve_plugin_graph.spans import read_spans
from rlve_plugin_graph.value_and_witness import split_value


def best_trades(prices: list[int], k: int) -> list[tuple[int, int]]:
    """(buy day, sell day) pairs, 0-based, of one most profitable set of at most ``k`` trades, in O(nk).

    ``profit[t][i]``: the most that at most t trades, all sold by day i, can make. Either nothing is sold on
    day i, or a share bought on some day j < i is sold then, after at most t - 1 trades sold by day j - 1;
    the best such j is kept as a running maximum of ``profit[t - 1][j - 1] - prices[j]``. Only trades that
    gain are ever kept, since leaving a trade out never costs anything.
    """
    n = len(prices)
    profit = [[0] * n for _ in range(k + 1)]
    bought = [[-1] * n for _ in range(k + 1)]  # the buy day of a trade sold on day i, or -1 if none is
    for t in range(1, k + 1):
        best_j, best_value = 0, -prices[0]
        for i in range(1, n):
            profit[t][i], bought[t][i] = profit[t][i - 1], -1
            if prices[i] + best_value > profit[t][i]:
                profit[t][i], bought[t][i] = prices[i] + best_value, best_j
            value = profit[t - 1][i - 1] - prices[i]
            if value > best_value:
                best_j, best_value = i, value
    trades, t, i = [], k, n - 1
    while t > 0 and i > 0:
        if bought[t][i] < 0:
            i -= 1
        else:
            trades.append((bought[t][i], i))
            i, t = bought[t][i] - 1, t - 1
    return trades[::-1]


class StockTrading(Environment):
    id = "graph/stock_trading"
    version = 1
    description = "Choose at most k non-overlapping buy-then-sell trades of a share for the largest total profit."
    difficulty_scales = (
        "days: 6 + 2 L (L = d to 100, then +20 per doubling); prices: 1 to 10 + 2 L; trades allowed: 1 + L / 6, "
        "at most 6"
    )
    size_name = "days"
    answer_format = (
        "the largest profit, a colon, then each trade as buy day-sell day, for example 13: 2-4, 6-9 "
        "(0: none when no trade gains)"
    )
    tags = ("array", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + 2 * lev
        k = 1 + min(lev, 30) // 6
        prices = [rng.randint(1, 10 + 2 * lev) for _ in range(n)]
        trades = best_trades(prices, k)
        best = sum(prices[s] - prices[b] for b, s in trades)
        prompt = (
            f"The price of a share on each of {n} days, days numbered 1 to {n}:\n{' '.join(map(str, prices))}\n\n"
            f"You may make at most {k} trade{'s' if k > 1 else ''}. A trade buys one share on day b and sells it "
            "on a later day s (b < s), for a profit of the price on day s minus the price on day b. You hold at "
            "most one share at a time: a trade may only buy on a day after the previous trade sold. Find the "
            "largest total profit, and trades that make it. Give the profit, then each trade as b-s (buy day, "
            "dash, sell day), in any order; write none for the trades when the best is to make no trade. Any "
            "set of trades with the largest profit is accepted."
        )
        answer = f"{best}: {', '.join(f'{b + 1}-{s + 1}' for b, s in trades) or 'none'}"
        return Instance(prompt=prompt, answer=answer, data={"prices": prices, "k": k, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        prices, k, best = data["prices"], data["k"], data["best"]
        n = len(prices)
        stated, rest = split_value(answer, max_digits=len(str(best)) + 2)
        trades = [] if is_none_word(rest) else read_spans(rest, n, "a day", max_items=n)
        if len(trades) > k:
            return Verdict.wrong(f"{len(trades)} trades, but at most {k} are allowed")
        trades.sort()
        for b, s in trades:
            if s <= b:
                return Verdict.wrong(f"the trade {b}-{s} must sell after it buys")
        for (b1, s1), (b2, s2) in zip(trades, trades[1:]):
            if b2 <= s1:
                return Verdict.wrong(f"trades {b1}-{s1} and {b2}-{s2} overlap: buy only after the previous sale")
        profit = sum(prices[s - 1] - prices[b - 1] for b, s in trades)
        if profit != best:
            return Verdict.wrong(f"the trades make {profit}, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated profit {stated} is not the profit {best} of the trades")
        return Verdict.right()
