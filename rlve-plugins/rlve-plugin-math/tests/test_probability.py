"""Exact probabilities and expectations: urn draws, gambler's ruin, coupon collecting, absorbing Markov chains,
rolls to reach a total, waiting times for patterns, optimal stopping with dice, and Bayes' rule.

Every instance is rebuilt from its prompt text alone (regular expressions over the prompt, never the
environment's data) and solved another way: with sympy.stats (hypergeometric and binomial laws), sympy's exact
linear algebra (absorbing chains solved through their fundamental matrix), polynomial powers, or exhaustive
enumeration (labelled balls, strategies, subsets of coupons). Then other ways of writing the answer (accepted)
and near misses (refused, with a reason) are tried.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from math_test_helpers import ENVS, SEEDS
from sympy import Eq, Matrix, Poly, Rational, Symbol, binomial, eye, zeros
from sympy.stats import Binomial, Hypergeometric, P, density

from rlve.testing import assert_accepted, assert_rejected, find_problem

X = Symbol("x")
PROBABILITY_ENVS = ("urn_draws", "gamblers_ruin", "markov_absorption", "bayes_posterior")
EXPECTATION_ENVS = ("coupon_collector", "expected_rolls", "pattern_waiting_time", "optimal_stopping_dice")


def problems(name: str, difficulties, seeds=SEEDS):
    env = ENVS[f"math/{name}"]
    return [env.sample(d, s) for d in difficulties for s in seeds]


def statement(problem) -> str:
    """The prompt without the closing answer-format sentence (its example fraction is not part of the problem)."""
    return problem.prompt.rsplit("\n\nThink it through", 1)[0]


def reference(problem) -> Rational:
    return Rational(problem.answer)


def fractions_after(text: str, label: str) -> list[Rational]:
    return [Rational(v) for v in re.findall(label + r" (\d+(?:/\d+)?)", text)]


def exact_decimal(value: Fraction) -> str | None:
    """``value`` as a terminating decimal (3/8 is 0.375), or None when it has none."""
    for places in range(12):
        scaled = value * 10**places
        if scaled.denominator == 1:
            whole, part = divmod(scaled.numerator, 10**places)
            return f"{whole}.{part:0{places}d}" if places else str(whole)
    return None


# -- the answer, written other ways ----------------------------------------------------------------


def test_every_environment_accepts_equal_forms_and_refuses_near_misses():
    for name in PROBABILITY_ENVS + EXPECTATION_ENVS:
        problem = find_problem(f"math/{name}", lambda p: "/" in p.answer, range(3, 12))
        value = Fraction(problem.answer)
        p, q = value.numerator, value.denominator
        assert_accepted(problem, f"\\frac{{{p}}}{{{q}}}")
        assert_accepted(problem, f"{3 * p}/{3 * q}")  # the same number, not in lowest terms
        assert_accepted(problem, f"$E = {p} / {q}$" if name in EXPECTATION_ENVS else f"P = {p}/{q}.")
        if exact_decimal(value):
            assert_accepted(problem, exact_decimal(value))  # an exact decimal is the same number
        assert_rejected(problem, f"{p + 1}/{q}", "not")
        assert_rejected(problem, f"{p}/{q + 1}", "not")
        assert_rejected(problem, f"{p}/{q}/2")
        assert_rejected(problem, f"{p}/{q} or {p + 1}/{q}")
        assert_rejected(problem, "")
        if name in PROBABILITY_ENVS:
            assert_rejected(problem, str(1 - value), "not")  # the complementary event
            assert_rejected(problem, f"{p + q}/{q}", "between 0 and 1")
            assert_rejected(problem, f"-{p}/{q}", "between 0 and 1")


def test_answers_are_small_at_level_zero_and_bounded_far_up():
    for name in PROBABILITY_ENVS + EXPECTATION_ENVS:
        env = ENVS[f"math/{name}"]
        for seed in range(10):
            easy = Fraction(env.sample(0, seed).answer)
            assert easy.denominator <= 1000 and easy.numerator <= 10**4, (name, easy)
        for d in (1000, 10**9, 10**100):
            problem = env.sample(d, 1)
            assert len(problem.answer) < 3000 and len(problem.prompt) < 20_000, (name, d, len(problem.answer))


# -- urn draws -------------------------------------------------------------------------------------


def _urn(problem):
    text = statement(problem)
    counts = {colour: int(k) for k, colour in re.findall(r"(\d+) (red|blue|green|yellow|white|black)\b", text)}
    total = int(re.search(r"(\d+) balls in all", text).group(1))
    draws = int(re.search(r"You draw (\d+) balls", text).group(1))
    event = re.search(
        r"that (exactly|at least|at most) (\d+) of the drawn balls are (\w+)(?: and exactly (\d+) are (\w+))?\?", text
    ).groups()
    assert sum(counts.values()) == total
    return counts, total, draws, event


def _urn_by_sympy(counts, total, draws, event) -> Rational:
    condition, j, colour, m, second = event
    j = int(j)
    first = Hypergeometric("F", total, counts[colour], draws)
    if second is None:
        return {"exactly": P(Eq(first, j)), "at least": P(first >= j), "at most": P(first <= j)}[condition]
    # The chain rule: j of the first colour, then m of the second among the other draws from the other balls.
    rest = Hypergeometric("S", total - counts[colour], counts[second], draws - j)
    return P(Eq(first, j)) * P(Eq(rest, int(m)))


def _urn_by_enumeration(counts, total, draws, event) -> Rational:
    condition, j, colour, m, second = event
    balls = [c for c, k in counts.items() for _ in range(k)]
    tests = {"exactly": int(j).__eq__, "at least": int(j).__le__, "at most": int(j).__ge__}
    hits = hands = 0
    for hand in itertools.combinations(range(total), draws):
        colours = [balls[i] for i in hand]
        hits += tests[condition](colours.count(colour)) and (second is None or colours.count(second) == int(m))
        hands += 1
    return Rational(hits, hands)


def test_urn_draws_match_sympys_hypergeometric_law_and_labelled_ball_enumeration():
    seen = set()
    for problem in problems("urn_draws", range(0, 31, 2)):
        counts, total, draws, event = _urn(problem)
        assert _urn_by_sympy(counts, total, draws, event) == reference(problem)
        assert 0 < reference(problem) < 1
        seen.add(event[0] if event[3] is None else "two colours")
        if total <= 14:
            assert _urn_by_enumeration(counts, total, draws, event) == reference(problem)
    assert seen == {"exactly", "at least", "at most", "two colours"}


def test_urn_draws_refuses_the_with_replacement_answer():
    problem = find_problem("math/urn_draws", lambda p: "exactly" in p.prompt and " and exactly" not in p.prompt)
    counts, total, draws, (_, j, colour, _, _) = _urn(problem)
    with_replacement = density(Binomial("B", draws, Rational(counts[colour], total)))(int(j))
    assert with_replacement != reference(problem)
    assert_rejected(problem, str(with_replacement), "not the probability")


# -- gambler's ruin --------------------------------------------------------------------------------


def _walk(problem):
    text = statement(problem)
    top = int(re.search(r"positions 0, 1, 2, \.\.\., (\d+)", text).group(1))
    start = int(re.search(r"starts at position (\d+)", text).group(1))
    up, down = fractions_after(text, "up by 1 with probability") + fractions_after(text, "down by 1 with probability")
    stay = fractions_after(text, "stays where it is with probability") or [Rational(0)]
    end = int(re.search(r"stops at position (\d+)\?", text).group(1))
    assert up + down + stay[0] == 1
    return top, start, up, down, end


def _hitting_probability_by_sympy(top, start, up, down, end) -> Rational:
    """h_i = up h_(i+1) + down h_(i-1) + stay h_i on 1..top-1, h = 1 at ``end`` and 0 at the other end."""
    n = top - 1
    a, b = zeros(n, n), zeros(n, 1)
    for i in range(1, top):
        row = i - 1
        a[row, row] = up + down  # (1 - stay) h_i
        for neighbour, weight in ((i + 1, up), (i - 1, down)):
            if neighbour in (0, top):
                b[row] += weight * (1 if neighbour == end else 0)
            else:
                a[row, neighbour - 1] -= weight
    return a.LUsolve(b)[start - 1]


def test_gamblers_ruin_matches_sympys_linear_solve_of_the_walk():
    stays = ends = 0
    for problem in problems("gamblers_ruin", range(0, 17, 2)):
        top, start, up, down, end = _walk(problem)
        assert _hitting_probability_by_sympy(top, start, up, down, end) == reference(problem)
        stays += "stays where" in problem.prompt
        ends += end == 0
    assert stays and ends, "some walks stay put, and some questions ask for the bottom end"


def test_gamblers_ruin_refuses_the_other_end_and_the_fair_walk_answer():
    problem = find_problem("math/gamblers_ruin", lambda p: "1/2" not in p.prompt, range(5, 12))
    top, start, up, down, end = _walk(problem)
    assert_rejected(problem, str(1 - reference(problem)), "not the probability")
    fair = Rational(start, top) if end == top else Rational(top - start, top)
    assert_rejected(problem, str(fair), "not the probability")


# -- coupon collector ------------------------------------------------------------------------------


def _expected_steps(transitions: dict[int, dict[int, Rational]], start: int) -> Rational:
    """Expected steps to absorption from ``start``: t = (I - Q)^-1 1, Q the moves among the transient states
    (the keys of ``transitions``; a successor that is not a key is absorbing)."""
    states = sorted(transitions)
    index = {s: i for i, s in enumerate(states)}
    q = zeros(len(states), len(states))
    for s, row in transitions.items():
        for successor, p in row.items():
            if successor in index:
                q[index[s], index[successor]] += p
    return (eye(len(states)) - q).LUsolve(Matrix([1] * len(states)))[index[start]]


def _subset_dp(chances: list[Rational], wanted: list[int]) -> Rational:
    """Expected draws until every coupon in ``wanted`` is seen, over the subsets already seen, fullest first."""
    full = frozenset(wanted)
    expected = {full: Rational(0)}
    for size in range(len(wanted) - 1, -1, -1):
        for seen in map(frozenset, itertools.combinations(wanted, size)):
            new = [i for i in wanted if i not in seen]
            progress = sum(chances[i] for i in new)
            expected[seen] = (1 + sum(chances[i] * expected[seen | {i}] for i in new)) / progress
    return expected[frozenset()]


def _coupons_by_sympy(problem) -> Rational:
    text = statement(problem)
    if "equally likely" in text:
        n = int(re.search(r"numbered from 1 to (\d+)", text).group(1))
        these = re.search(r"each of the coupons numbered 1 to (\d+)", text)
        any_m = re.search(r"you hold (\d+) different coupons", text)
        goal = int(these.group(1)) if these else int(any_m.group(1)) if any_m else n
        # State j: j of the coupons that count are in hand; "any m" counts every coupon, "these m" only m.
        relevant = n if any_m or not these else goal
        chain = {j: {j + 1: Rational(relevant - j, n), j: 1 - Rational(relevant - j, n)} for j in range(goal)}
        if n <= 6 and not any_m:
            assert _subset_dp([Rational(1, n)] * n, list(range(goal))) == _expected_steps(chain, 0)
        return _expected_steps(chain, 0)
    chances = [Rational(v) for v in re.findall(r"[A-H] with probability (\d+/\d+|1)", text)]
    assert sum(chances) == 1
    listed = re.search(r"each of the coupons ([A-H, and]+) has appeared", text)
    names = re.findall(r"[A-H]", listed.group(1)) if listed else [chr(65 + i) for i in range(len(chances))]
    return _subset_dp(chances, [ord(name) - 65 for name in names])


def test_coupon_collector_matches_absorbing_chains_and_a_dp_over_subsets():
    kinds = set()
    for problem in problems("coupon_collector", range(0, 31, 3)):
        assert _coupons_by_sympy(problem) == reference(problem)
        text = statement(problem)
        kinds.add(
            "unequal" if "machine" in text else "these" if "numbered 1 to" in text.split("until")[1]
            else "any" if "you hold" in text else "all"
        )
    assert kinds == {"all", "these", "any", "unequal"}


def test_coupon_collector_refuses_the_all_coupons_answer_for_a_few_of_them():
    problem = find_problem("math/coupon_collector", lambda p: "you hold" in p.prompt, range(4, 12))
    n = int(re.search(r"numbered from 1 to (\d+)", problem.prompt).group(1))
    assert_rejected(problem, str(n * sum(Rational(1, k) for k in range(1, n + 1))), "not the expected number")


# -- absorbing Markov chains -----------------------------------------------------------------------


def _chain(problem):
    text = statement(problem)
    transient = int(re.search(r"transient states 1 to (\d+)", text).group(1))
    rows = {}
    for state, moves in re.findall(r"from (\d+): (.*)", text):
        rows[int(state)] = {to: Rational(p) for to, p in re.findall(r"to (\w+) with probability (\d+/\d+|1)", moves)}
    start, target = re.search(r"Starting from state (\d+), .* absorbed in state (\w)\?", text).groups()
    assert sorted(rows) == list(range(1, transient + 1)) and all(sum(r.values()) == 1 for r in rows.values())
    return transient, rows, int(start), target


def test_markov_absorption_matches_the_fundamental_matrix():
    for problem in problems("markov_absorption", range(0, 31, 3)):
        transient, rows, start, target = _chain(problem)
        q, r = zeros(transient, transient), zeros(transient, 1)
        for i, row in rows.items():
            for to, p in row.items():
                if to.isdigit():
                    q[i - 1, int(to) - 1] = p
                elif to == target:
                    r[i - 1] = p
        absorbed = (eye(transient) - q).inv() * r
        assert absorbed[start - 1] == reference(problem)
        assert 0 < reference(problem) < 1
        assert any(to.isdigit() for to in rows[start]), "the start is never a state that only leaves the chain"


def test_markov_absorption_refuses_the_one_step_answer():
    problem = find_problem("math/markov_absorption", lambda p: True, range(8, 14))
    _, rows, start, target = _chain(problem)
    one_step = rows[start].get(target, Rational(0))
    assert one_step != reference(problem)
    assert_rejected(problem, str(one_step), "not the absorption probability")


# -- expected rolls --------------------------------------------------------------------------------


def _die(text: str) -> list[int]:
    labelled = re.search(r"faces show the numbers ([\d, ]+?) \(", text)
    if labelled:
        return [int(v) for v in labelled.group(1).split(", ")]
    return list(range(1, int(re.search(r"faces numbered 1 to (\d+)", text).group(1)) + 1))


def test_expected_rolls_match_the_tail_sum_of_polynomial_powers():
    labelled = 0
    for problem in problems("expected_rolls", (0, 1, 2, 4, 6, 9, 14, 20, 30), range(3)):
        text = statement(problem)
        faces = _die(text)
        target = int(re.search(r"total is at least (\d+)\.", text).group(1))
        # E[T] = sum over k >= 0 of P(T > k) = P(the sum of k rolls is below the target); rolls are >= 1.
        roll = Poly(sum(X**f for f in faces), X) * Rational(1, len(faces))
        sums, expected = Poly(1, X), Rational(0)
        for _ in range(target):
            expected += sum(c for (power,), c in sums.terms() if power < target)
            sums = Poly([c for c in (sums * roll).all_coeffs()][-target:], X)  # powers >= target never matter
        assert expected == reference(problem)
        labelled += "show the numbers" in text
    assert labelled


def test_expected_rolls_refuses_the_mean_based_guess():
    problem = find_problem("math/expected_rolls", lambda p: "/" in p.answer, range(3, 8))
    text = statement(problem)
    faces = _die(text)
    target = int(re.search(r"total is at least (\d+)\.", text).group(1))
    assert_rejected(problem, str(Rational(target) / (Rational(sum(faces), len(faces)))), "not the expected number")


# -- pattern waiting time --------------------------------------------------------------------------


def _pattern(problem):
    text = statement(problem)
    shown = re.search(r"until the outcomes (.+?) first appear", text).group(1)
    if "die" in text:
        return shown.split(", "), {str(f): Rational(1, 6) for f in range(1, 7)}
    heads = (fractions_after(text, "lands heads with probability") or [Rational(1, 2)])[0]
    return list(shown), {"H": heads, "T": 1 - heads}


def _waiting_time_by_automaton(pattern: list[str], chance: dict[str, Rational]) -> Rational:
    """Expected steps of the pattern-matching automaton (state = longest matched prefix) until it matches."""
    def state_after(matched: int, symbol: str) -> int:
        text = pattern[:matched] + [symbol]
        return max(k for k in range(len(text) + 1) if k <= len(pattern) and text[len(text) - k :] == pattern[:k])

    chain = {
        m: {} for m in range(len(pattern))
    }
    for m in chain:
        for symbol, p in chance.items():
            successor = state_after(m, symbol)
            chain[m][successor] = chain[m].get(successor, 0) + p
    return _expected_steps(chain, 0)


def test_pattern_waiting_time_matches_the_matching_automaton():
    kinds = set()
    for problem in problems("pattern_waiting_time", range(0, 13)):
        pattern, chance = _pattern(problem)
        assert _waiting_time_by_automaton(pattern, chance) == reference(problem)
        kinds.add("die" if "6" in chance else "fair" if chance["H"] == Rational(1, 2) else "biased")
    assert kinds == {"die", "fair", "biased"}


def test_pattern_waiting_time_refuses_the_answer_that_ignores_overlaps():
    def overlapping(problem) -> bool:
        pattern, _ = _pattern(problem)
        return "fair coin" in problem.prompt and pattern[0] == pattern[-1]

    problem = find_problem("math/pattern_waiting_time", overlapping, range(4, 12))
    pattern, _ = _pattern(problem)
    assert reference(problem) >= 2 ** len(pattern) + 2  # it overlaps itself at least in its end symbol
    assert_rejected(problem, str(2 ** len(pattern)), "not the expected waiting time")


# -- optimal stopping ------------------------------------------------------------------------------


def _game(problem):
    text = statement(problem)
    rolls = int(re.search(r"up to (\d+) times", text).group(1))
    cost = (fractions_after(text, "Every roll after the first costs") or [Rational(0)])[0]
    return _die(text), rolls, cost


def _best_strategy_value(faces: list[int], rolls: int, cost: Fraction, strategies) -> Fraction:
    """The best expected payoff over ``strategies``: for each roll but the last, the set of faces one stops on.

    Each fixed strategy is evaluated exactly, from the last roll back (what following it from roll k on is
    worth); the best one is found by trying them all, not by assuming which is best.
    """
    best = None
    for strategy in strategies:
        later = Fraction(sum(faces), len(faces)) - cost * (rolls - 1)
        for roll in range(rolls - 2, -1, -1):
            stop = [f for f in faces if f in strategy[roll]]
            later = (sum(stop) - cost * roll * len(stop) + (len(faces) - len(stop)) * later) / len(faces)
        best = later if best is None else max(best, later)
    return best


def test_optimal_stopping_matches_exhaustive_search_over_stopping_rules():
    checked = set()
    for problem in problems("optimal_stopping_dice", range(0, 6), range(6)):
        faces, rolls, cost = _game(problem)
        values = sorted(set(faces))
        if rolls <= 3 and len(values) <= 6:
            # Every rule at all: any set of faces to stop on, at each roll but the last.
            stop_sets = [set(c) for k in range(len(values) + 1) for c in itertools.combinations(values, k)]
        else:
            # Rules that stop on every face from some value up (the best rule is one of them), at most 3200.
            stop_sets = [set(values[k:]) for k in range(len(values) + 1)]
        strategies = itertools.product(stop_sets, repeat=rolls - 1)
        if len(stop_sets) ** (rolls - 1) > 3_200:
            continue
        assert _best_strategy_value(faces, rolls, Fraction(str(cost)), strategies) == Fraction(problem.answer)
        checked.add("cost" if cost else "labelled" if faces != list(range(1, len(faces) + 1)) else "plain")
    assert checked == {"plain", "cost", "labelled"}


def test_optimal_stopping_refuses_never_stopping_and_the_mean():
    problem = find_problem("math/optimal_stopping_dice", lambda p: "costs" not in p.prompt, range(2, 6))
    faces, rolls, cost = _game(problem)
    mean = Rational(sum(faces), len(faces))
    assert_rejected(problem, str(mean), "not the expected payoff")
    assert_rejected(problem, str(max(faces)), "not the expected payoff")


# -- Bayes posterior -------------------------------------------------------------------------------


def _bayes(problem):
    text = statement(problem)
    noun = "coin" if "coins:" in text else "urn"
    priors = fractions_after(text, rf"{noun} \d+ with probability")
    if not priors:
        k = int(re.search(rf"each of the (\d+) {noun}s with probability", text).group(1))
        priors = [Rational(1, k)] * k
    asked = int(re.search(rf"the chosen {noun} was {noun} (\d+)\?", text).group(1))
    assert sum(priors) == 1
    return text, noun, priors, asked - 1


def _likelihoods_by_sympy(text: str, noun: str) -> list[Rational]:
    if noun == "coin":
        heads = fractions_after(text, r"coin \d+ lands heads with probability")
        flips = re.search(r"in order: ([HT, ]+) \(", text).group(1).split(", ")
        h, n = flips.count("H"), len(flips)
        # One given sequence with h heads: P(Binomial(n, p) = h) spread over the C(n, h) orders.
        return [density(Binomial("B", n, p))(h) / binomial(n, h) for p in heads]
    urns = [
        {colour: int(k) for k, colour in re.findall(r"(\d+) (red|blue|green)", contents)}
        for contents in re.findall(r"urn \d+ holds ([^;.]+)", text)
    ]
    sequence = re.search(r"The colours drawn are, in order: ([a-z, ]+)\.", text).group(1).split(", ")
    replace = "put back before" in text
    likelihoods = []
    for urn in urns:
        left, chance = dict(urn), Rational(1)
        for colour in sequence:  # draw by draw, each a fraction of what is left
            chance *= Rational(left[colour], sum(left.values()))
            if not replace:
                left[colour] -= 1
        likelihoods.append(chance)
    return likelihoods


def _urn_likelihoods_by_enumeration(text: str) -> list[Rational]:
    """The same likelihoods by listing every ordered draw of labelled balls."""
    replace = "put back before" in text
    sequence = re.search(r"The colours drawn are, in order: ([a-z, ]+)\.", text).group(1).split(", ")
    out = []
    for contents in re.findall(r"urn \d+ holds ([^;.]+)", text):
        balls = [colour for k, colour in re.findall(r"(\d+) (red|blue|green)", contents) for _ in range(int(k))]
        draws = (
            itertools.product(range(len(balls)), repeat=len(sequence))
            if replace
            else itertools.permutations(range(len(balls)), len(sequence))
        )
        hits = total = 0
        for draw in draws:
            hits += [balls[i] for i in draw] == sequence
            total += 1
        out.append(Rational(hits, total))
    return out


def test_bayes_posterior_matches_bayes_rule_with_sympy_likelihoods_and_enumeration():
    kinds, enumerated = set(), 0
    for problem in problems("bayes_posterior", range(0, 31, 2)):
        text, noun, priors, asked = _bayes(problem)
        likelihoods = _likelihoods_by_sympy(text, noun)
        if noun == "urn" and problem.difficulty <= 2:
            assert _urn_likelihoods_by_enumeration(text) == likelihoods
            enumerated += 1
        joint = [p * lik for p, lik in zip(priors, likelihoods)]
        assert joint[asked] / sum(joint) == reference(problem)
        assert 0 < reference(problem) < 1
        kinds.add("coins" if noun == "coin" else "with" if "put back before" in text else "without")
    assert kinds == {"coins", "with", "without"} and enumerated


def test_bayes_posterior_refuses_the_prior_and_the_likelihood_alone():
    # The prior alone, and the posterior as if every coin were equally likely to be chosen (a forgotten prior).
    problem = find_problem("math/bayes_posterior", lambda p: "coins:" in p.prompt and "each of the" not in p.prompt)
    text, noun, priors, asked = _bayes(problem)
    likelihoods = _likelihoods_by_sympy(text, noun)
    for wrong in (priors[asked], likelihoods[asked] / sum(likelihoods)):
        assert wrong != reference(problem)
        assert_rejected(problem, str(wrong), "not the posterior probability")
