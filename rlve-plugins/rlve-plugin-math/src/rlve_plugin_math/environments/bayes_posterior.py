"""math/bayes_posterior: the posterior probability of one urn or coin after a sequence of observed draws."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import (
    PROBABILITY_FORMAT,
    check_exact,
    describe_counts,
    exact_data,
    random_composition,
)
from rlve_plugin_math.scaling import LEVEL_CAP

COLOURS = ("red", "blue", "green")
_MAX_SOURCES = 6
_MAX_COIN_DENOMINATOR = 12


def falling(n: int, k: int) -> int:
    """n (n - 1) ... (n - k + 1): the ordered ways to take k of n things."""
    product = 1
    for i in range(k):
        product *= n - i
    return product


def sequence_likelihood(counts: list[int], seen: Counter, replace: bool) -> Fraction:
    """P(one given sequence of colours) from an urn with ``counts``; ``seen[c]`` draws of colour c in it.

    With replacement every draw has the same odds; without, the order does not matter either, and the
    sequence has probability prod_c falling(count_c, seen_c) / falling(size, draws).
    """
    size, draws = sum(counts), sum(seen.values())
    if replace:
        numerator = 1
        for c, k in seen.items():
            numerator *= counts[c] ** k
        return Fraction(numerator, size**draws)
    numerator = 1
    for c, k in seen.items():
        numerator *= falling(counts[c], k)
    return Fraction(numerator, falling(size, draws))


def posteriors(priors: list[Fraction], likelihoods: list[Fraction]) -> list[Fraction]:
    """Bayes' rule: each source's prior times likelihood, divided by their sum (the chance of what was seen)."""
    joint = [p * lik for p, lik in zip(priors, likelihoods)]
    seen = sum(joint)
    return [j / seen for j in joint]


def _listed(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1]


class BayesPosterior(Environment):
    id = "math/bayes_posterior"
    version = 1
    description = (
        "Find the exact posterior probability that a randomly chosen urn or coin was a given one, after seeing "
        "a sequence of its draws or flips (Bayes' rule)."
    )
    difficulty_scales = (
        "observations: 2 + d (past d = 100 +1 per 10 levels); urns or coins: 2 + d // 6 (at most 6); coin "
        "probabilities with denominators up to 3 + d // 3 (at most 12); urns of 3 + d // 2 balls (at most 15) when "
        "balls are put back, else of the number of draws plus 0 to 3 + d // 2 (at most 15) balls of each colour; "
        "three colours from d = 8; unequal priors in 3 of 4 problems from d = 1"
    )
    size_name = "observations"
    answer_format = PROBABILITY_FORMAT
    tags = ("math", "probability", "bayes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        draws = 2 + slow(lvl, 1, 10)
        sources = 2 + min(lvl // 6, _MAX_SOURCES - 2)
        if lvl >= 1 and rng.random() < 0.75:
            weight = rng.randint(sources, sources + 2 + min(lvl, 20))
            priors = [Fraction(w, weight) for w in random_composition(rng, weight, sources)]
        else:
            priors = [Fraction(1, sources)] * sources
        kind = rng.choice(("coins", "with replacement", "without replacement"))
        while True:  # until some source is neither certain nor impossible given what was seen
            if kind == "coins":
                likelihoods, setting, chosen = self._coins(lvl, rng, priors, draws)
            else:
                likelihoods, setting, chosen = self._urns(lvl, rng, priors, draws, kind == "with replacement")
            values = posteriors(priors, likelihoods)
            open_ones = [i for i, v in enumerate(values) if 0 < v < 1]
            if open_ones:
                break
        asked = rng.choice(open_ones)
        noun = "coin" if kind == "coins" else "urn"
        choice = _listed([f"{noun} {i + 1} with probability {format_fraction(p)}" for i, p in enumerate(priors)])
        if len(set(priors)) == 1:
            choice = f"each of the {sources} {noun}s with probability {format_fraction(priors[0])}"
        prompt = setting.format(choice=choice) + (
            f" Given these observations, what is the exact probability that the chosen {noun} was {noun} "
            f"{asked + 1}?"
        )
        data = exact_data(values[asked])
        return Instance(prompt=prompt, answer=data["value"], data=data, size=draws)

    def _coins(self, lvl: int, rng: random.Random, priors: list[Fraction], flips: int):
        top = 3 + min(lvl // 3, _MAX_COIN_DENOMINATOR - 3)
        heads: list[Fraction] = []
        while len(heads) < len(priors):
            b = rng.randint(2, top)
            p = Fraction(rng.randint(1, b - 1), b)
            if p not in heads or len(heads) >= top:  # distinct coins while there are enough fractions to go round
                heads.append(p)
        chosen = rng.choices(range(len(priors)), weights=priors)[0]
        outcome = "".join("H" if rng.random() < heads[chosen] else "T" for _ in range(flips))
        h, t = outcome.count("H"), outcome.count("T")
        likelihoods = [p**h * (1 - p) ** t for p in heads]
        coins = "; ".join(
            f"coin {i + 1} lands heads with probability {format_fraction(p)}" for i, p in enumerate(heads)
        )
        setting = (
            f"There are {len(heads)} coins: {coins}. One coin is chosen at random, {{choice}}, and flipped "
            f"{flips} times. The flips come out, in order: {', '.join(outcome)} (H for heads, T for tails)."
        )
        return likelihoods, setting, chosen

    def _urns(self, lvl: int, rng: random.Random, priors: list[Fraction], draws: int, replace: bool):
        colours = 3 if lvl >= 8 else 2
        urns: list[list[int]] = []
        while len({tuple(counts) for counts in urns}) < len(priors):  # two equal urns could not be told apart
            urns = [self._urn(lvl, rng, colours, draws, replace) for _ in priors]
        chosen = rng.choices(range(len(priors)), weights=priors)[0]
        balls = [c for c, count in enumerate(urns[chosen]) for _ in range(count)]
        sequence = [rng.choice(balls) for _ in range(draws)] if replace else rng.sample(balls, draws)
        seen = Counter(sequence)
        likelihoods = [sequence_likelihood(counts, seen, replace) for counts in urns]
        names = list(COLOURS[:colours])
        contents = "; ".join(f"urn {i + 1} holds {describe_counts(c, names, 'balls')}" for i, c in enumerate(urns))
        how = "each ball is put back before the next draw" if replace else "no ball is put back"
        setting = (
            f"There are {len(urns)} urns: {contents}. One urn is chosen at random, {{choice}}, and {draws} balls "
            f"are drawn from it one at a time, each draw uniformly at random among the balls then in the urn; "
            f"{how}. The colours drawn are, in order: {', '.join(COLOURS[c] for c in sequence)}."
        )
        return likelihoods, setting, chosen

    @staticmethod
    def _urn(lvl: int, rng: random.Random, colours: int, draws: int, replace: bool) -> list[int]:
        spread = 3 + min(lvl // 2, 12)
        if replace:
            cuts = sorted(rng.randint(0, spread) for _ in range(colours - 1))  # a colour may be missing
            return [b - a for a, b in zip([0, *cuts], [*cuts, spread])]
        # Without replacement, an urn short of one colour would often be ruled out outright by a long sequence
        # (and every urn but the true one by a sequence nearly as long as the urns): so no urn runs short.
        return [draws + rng.randint(0, spread) for _ in range(colours)]

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the posterior probability", probability=True)
