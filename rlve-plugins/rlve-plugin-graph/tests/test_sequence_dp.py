"""The dynamic-programming environments: knapsack, subset_sum, coin_change, edit_distance, lcs_three,
longest_palindromic_subsequence, matrix_chain_order and weighted_interval_scheduling.

Each instance is rebuilt from the prompt text alone and solved independently of the environment's table:
exhaustive search with itertools on small instances, and on larger ones a different formulation solved by
networkx (shortest or longest paths over a state graph) or a meet-in-the-middle search. Then: other optimal
witnesses are accepted, and near misses (infeasible, feasible but not optimal, a wrong stated optimum, a
wrong format) are rejected with a reason that says why.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

import networkx as nx
import pytest
from helpers import assert_right, assert_wrong, env, find, score

SEEDS = range(4)


def numbers_in(text):
    return [int(x) for x in re.findall(r"[0-9]+", text)]


def stated(problem):
    return int(problem.answer.split(":")[0])


def witness(problem):
    return problem.answer.split(":", 1)[1].strip()


def is_subsequence(small, big):
    rest = iter(big)
    return all(ch in rest for ch in small)  # `in` consumes the iterator up to the match


# -- knapsack -----------------------------------------------------------------------------------


def knapsack_from_prompt(prompt):
    capacity = int(re.search(r"carry a total weight of at most ([0-9]+)", prompt).group(1))
    items = [(int(w), int(v)) for _, w, v in re.findall(r"item ([0-9]+): weight ([0-9]+), value ([0-9]+)", prompt)]
    return items, capacity


def knapsack_optima_by_brute_force(items, capacity):
    """Every subset (as 1-based item numbers) of maximum value within the capacity."""
    best, sets = -1, []
    for mask in itertools.product((0, 1), repeat=len(items)):
        if sum(w for (w, _), m in zip(items, mask) if m) > capacity:
            continue
        value = sum(v for (_, v), m in zip(items, mask) if m)
        chosen = [i + 1 for i, m in enumerate(mask) if m]
        if value > best:
            best, sets = value, [chosen]
        elif value == best:
            sets.append(chosen)
    return best, sets


def knapsack_by_longest_path(items, capacity):
    """The longest path through the states (items decided, weight used), taking an item worth its value."""
    graph = nx.DiGraph()
    for i, (weight, value) in enumerate(items):
        for used in range(capacity + 1):
            graph.add_edge((i, used), (i + 1, used), weight=0)
            if used + weight <= capacity:
                graph.add_edge((i, used), (i + 1, used + weight), weight=value)
    for used in range(capacity + 1):
        graph.add_edge((len(items), used), "end", weight=0)
    return nx.dag_longest_path_length(graph, weight="weight")


@pytest.mark.parametrize("difficulty", [0, 1, 3, 6, 9])
def test_knapsack_optimum_matches_brute_force_over_every_subset(difficulty):
    for seed in SEEDS:
        problem = env("knapsack").sample(difficulty, seed)
        items, capacity = knapsack_from_prompt(problem.prompt)
        assert len(items) == 4 + difficulty
        best, sets = knapsack_optima_by_brute_force(items, capacity)
        assert stated(problem) == best
        assert sorted(map(int, witness(problem).split())) in sets


@pytest.mark.parametrize("difficulty", [12, 20, 30])
def test_knapsack_optimum_matches_a_longest_path_over_the_states(difficulty):
    for seed in SEEDS[:2]:
        problem = env("knapsack").sample(difficulty, seed)
        assert stated(problem) == knapsack_by_longest_path(*knapsack_from_prompt(problem.prompt))


def test_knapsack_accepts_every_best_set_and_rejects_near_misses():
    def several_best(p):
        return len(knapsack_optima_by_brute_force(*knapsack_from_prompt(p.prompt))[1]) >= 2

    problem = find("knapsack", several_best, difficulties=range(2, 8), seeds=range(30))
    items, capacity = knapsack_from_prompt(problem.prompt)
    best, sets = knapsack_optima_by_brute_force(items, capacity)
    for chosen in sets[:4]:
        assert_right(problem, f"{best}: {' '.join(map(str, reversed(chosen)))}")
    assert_right(problem, f"{best} : [{', '.join(map(str, sets[0]))}]")
    chosen = sets[0]
    assert_wrong(problem, f"{best + 1}: {' '.join(map(str, chosen))}", "stated value")
    lighter = chosen[1:]
    assert_wrong(problem, f"{best}: {' '.join(map(str, lighter))}", f"worth {best - items[chosen[0] - 1][1]}")
    extra = next(i for i in range(1, len(items) + 1) if i not in chosen)
    assert_wrong(problem, f"{best}: {' '.join(map(str, [*chosen, extra]))}", "weigh", "capacity")
    assert_wrong(problem, f"{best}: {' '.join(map(str, [*chosen, chosen[0]]))}", "twice")
    assert not score(problem, f"{best}: {len(items) + 1}").format_ok
    assert not score(problem, " ".join(map(str, chosen))).format_ok  # the value is missing


# -- subset_sum ---------------------------------------------------------------------------------


def subset_sum_from_prompt(prompt):
    numbers = numbers_in(prompt.split("\n")[1])
    target = int(re.search(r"sum is exactly ([0-9]+)", prompt).group(1))
    return numbers, target


def subsets_by_brute_force(numbers, target):
    """Every subset of positions whose numbers add up to target."""
    return [
        combo
        for size in range(1, len(numbers) + 1)
        for combo in itertools.combinations(range(len(numbers)), size)
        if sum(numbers[i] for i in combo) == target
    ]


def reachable_by_meet_in_the_middle(numbers, target):
    half = len(numbers) // 2
    left = {sum(c) for k in range(half + 1) for c in itertools.combinations(numbers[:half], k)}
    right = [sum(c) for k in range(len(numbers) - half + 1) for c in itertools.combinations(numbers[half:], k)]
    return any(target - s in left for s in right)


@pytest.mark.parametrize("difficulty", [0, 2, 5, 10, 16])
def test_subset_sum_matches_brute_force(difficulty):
    for seed in range(8):
        problem = env("subset_sum").sample(difficulty, seed)
        numbers, target = subset_sum_from_prompt(problem.prompt)
        assert (problem.answer == "none") == (not subsets_by_brute_force(numbers, target))


@pytest.mark.parametrize("difficulty", [22, 30])
def test_subset_sum_matches_a_meet_in_the_middle_search(difficulty):
    for seed in range(6):
        problem = env("subset_sum").sample(difficulty, seed)
        numbers, target = subset_sum_from_prompt(problem.prompt)
        assert (problem.answer != "none") == reachable_by_meet_in_the_middle(numbers, target)


def test_subset_sum_has_instances_with_and_without_a_solution_at_every_level():
    for difficulty in (0, 10, 30, 1000):
        answers = [env("subset_sum").sample(difficulty, seed).answer for seed in range(30)]
        assert 3 <= answers.count("none") <= 20, (difficulty, answers.count("none"))


def test_subset_sum_accepts_any_subset_and_rejects_near_misses():
    def several(p):
        return p.answer != "none" and len(subsets_by_brute_force(*subset_sum_from_prompt(p.prompt))) >= 2

    problem = find("subset_sum", several, difficulties=range(2, 12))
    numbers, target = subset_sum_from_prompt(problem.prompt)
    for combo in subsets_by_brute_force(numbers, target)[:4]:
        assert_right(problem, ", ".join(str(numbers[i]) for i in reversed(combo)))
    chosen = [int(x) for x in problem.answer.split()]
    assert_wrong(problem, "none", "do add up")
    assert_wrong(problem, " ".join(map(str, chosen[1:])), f"add up to {target - chosen[0]}")
    absent = next(x for x in range(1, max(numbers)) if x not in numbers)
    assert_wrong(problem, " ".join(map(str, [*chosen, absent])), "not in the list")
    over = [*chosen, chosen[0]] if Counter(numbers)[chosen[0]] == 1 else [*chosen, chosen[0], chosen[0]]
    assert_wrong(problem, " ".join(map(str, over)), "times")
    assert not score(problem, "no").format_ok  # the word is none, nothing else

    empty = find("subset_sum", lambda p: p.answer == "none", difficulties=range(3, 12))
    numbers, target = subset_sum_from_prompt(empty.prompt)
    assert_right(empty, "None.")
    assert_wrong(empty, " ".join(map(str, numbers)), "add up to")


# -- coin_change --------------------------------------------------------------------------------


def coins_from_prompt(prompt):
    coins = numbers_in(re.search(r"Coins come in these values: ([0-9, ]+)\.", prompt).group(1))
    amount = int(re.search(r"Pay the amount ([0-9]+)", prompt).group(1))
    return coins, amount


def fewest_coins_by_shortest_path(coins, amount):
    """Breadth-first search from 0 to the amount, one coin per step; None when the amount is unreachable."""
    graph = nx.DiGraph([(v, v + c) for v in range(amount) for c in coins if v + c <= amount])
    graph.add_node(0)
    graph.add_node(amount)
    try:
        return nx.shortest_path_length(graph, 0, amount)
    except nx.NetworkXNoPath:
        return None


def fewest_coins_by_brute_force(coins, amount):
    """Every multiset of coins (as sorted tuples) paying the amount with the fewest coins, or []."""
    for count in range(1, amount // min(coins) + 1):
        found = [c for c in itertools.combinations_with_replacement(coins, count) if sum(c) == amount]
        if found:
            return found
    return []


@pytest.mark.parametrize("difficulty", [0, 1, 3, 8, 15, 30, 200])
def test_coin_change_matches_a_shortest_path(difficulty):
    for seed in range(6):
        problem = env("coin_change").sample(difficulty, seed)
        best = fewest_coins_by_shortest_path(*coins_from_prompt(problem.prompt))
        assert problem.answer == "impossible" if best is None else stated(problem) == best


@pytest.mark.parametrize("difficulty", [0, 2, 4])
def test_coin_change_matches_brute_force(difficulty):
    for seed in range(6):
        problem = env("coin_change").sample(difficulty, seed)
        found = fewest_coins_by_brute_force(*coins_from_prompt(problem.prompt))
        assert problem.answer == "impossible" if not found else stated(problem) == len(found[0])


def test_coin_change_has_impossible_amounts_at_every_level_but_not_too_many():
    for difficulty in (0, 10, 30, 1000):
        answers = [env("coin_change").sample(difficulty, seed).answer for seed in range(40)]
        assert 4 <= answers.count("impossible") <= 20, (difficulty, answers.count("impossible"))


def test_coin_change_accepts_every_fewest_payment_and_rejects_near_misses():
    def several(p):
        return p.answer != "impossible" and len(fewest_coins_by_brute_force(*coins_from_prompt(p.prompt))) >= 2

    problem = find("coin_change", several, difficulties=range(2, 9))
    coins, amount = coins_from_prompt(problem.prompt)
    found = fewest_coins_by_brute_force(coins, amount)
    best = len(found[0])
    for payment in found[:4]:
        assert_right(problem, f"{best}: {', '.join(map(str, payment))}")
    payment = list(found[0])
    assert_wrong(problem, f"{best - 1}: {' '.join(map(str, payment))}", "stated number")
    assert_wrong(problem, f"{best}: {' '.join(map(str, payment[1:]))}", f"add up to {amount - payment[0]}")
    assert_wrong(problem, "impossible", "can be paid")
    missing = next(x for x in range(2, amount) if x not in coins)
    assert_wrong(problem, f"{best}: {missing} {amount - missing}", f"no coin of value {missing}")
    # a payment with one coin more: one coin swapped for two that add up to it, where the coins allow
    for coin, (a, b) in itertools.product(payment, itertools.combinations_with_replacement(coins, 2)):
        if a + b == coin:
            longer = [*payment, a, b]
            longer.remove(coin)
            assert_wrong(problem, f"{best + 1}: {' '.join(map(str, longer))}", f"uses {best + 1} coins")
            break

    impossible = find("coin_change", lambda p: p.answer == "impossible", difficulties=range(3, 12))
    coins, amount = coins_from_prompt(impossible.prompt)
    assert_right(impossible, "Impossible")
    assert_wrong(impossible, f"2: {coins[0]} {coins[-1]}", f"add up to {coins[0] + coins[-1]}, not {amount}")


# -- edit_distance ------------------------------------------------------------------------------


def words_from_edit_prompt(prompt):
    return re.search(r'Turn the word "([a-z]+)" into the word "([a-z]+)"', prompt).groups()


def edit_graph(a, b):
    """The alignment grid: (i, j) = a[:i] aligned with b[:j]; a step right inserts, down deletes, diagonal
    keeps (cost 0) or substitutes (cost 1)."""
    graph = nx.DiGraph()
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            if i < len(a):
                graph.add_edge((i, j), (i + 1, j), weight=1)
            if j < len(b):
                graph.add_edge((i, j), (i, j + 1), weight=1)
            if i < len(a) and j < len(b):
                graph.add_edge((i, j), (i + 1, j + 1), weight=int(a[i] != b[j]))
    return graph


def forward_script(a, b, path):
    """A script from a shortest alignment path, applied from the left, so later positions shift as it goes."""
    script, shift = [], 0
    for (i, j), (k, m) in zip(path, path[1:]):
        if k == i + 1 and m == j + 1:
            if a[i] != b[j]:
                script.append(f"S {i + 1 + shift} {b[j]}")
        elif k == i + 1:
            script.append(f"D {i + 1 + shift}")
            shift -= 1
        else:
            script.append(f"I {i + 1 + shift} {b[j]}")
            shift += 1
    return script


@pytest.mark.parametrize("difficulty", [0, 1, 4, 10, 20, 30])
def test_edit_distance_matches_a_shortest_path_through_the_alignment_grid(difficulty):
    for seed in SEEDS:
        problem = env("edit_distance").sample(difficulty, seed)
        a, b = words_from_edit_prompt(problem.prompt)
        assert stated(problem) == nx.shortest_path_length(edit_graph(a, b), (0, 0), (len(a), len(b)), "weight")


def test_edit_distance_at_level_zero_matches_breadth_first_search_over_words():
    for seed in SEEDS:
        problem = env("edit_distance").sample(0, seed)
        a, b = words_from_edit_prompt(problem.prompt)
        letters = sorted(set(a + b))
        seen, frontier, steps = {a}, {a}, 0
        while b not in frontier:
            steps += 1
            nxt = set()
            for word in frontier:
                for p in range(len(word) + 1):
                    nxt.update(word[:p] + c + word[p:] for c in letters)
                    if p < len(word):
                        nxt.add(word[:p] + word[p + 1 :])
                        nxt.update(word[:p] + c + word[p + 1 :] for c in letters)
            frontier = nxt - seen
            seen |= nxt
        assert stated(problem) == steps


def test_edit_distance_replays_any_shortest_script_and_rejects_near_misses():
    problem = env("edit_distance").sample(12, 3)
    a, b = words_from_edit_prompt(problem.prompt)
    best = stated(problem)
    path = nx.shortest_path(edit_graph(a, b), (0, 0), (len(a), len(b)), "weight")
    forward = forward_script(a, b, path)
    assert len(forward) == best and forward != witness(problem).split(", ")
    assert_right(problem, f"{best}: {', '.join(forward)}")
    assert_right(problem, f"{best}; " + "\n".join(forward))
    spelled = [op.replace("I ", "insert ").replace("D ", "delete ").replace("S ", "replace ") for op in forward]
    assert_right(problem, f"{best}: {'; '.join(spelled)}")
    assert_wrong(problem, f"{best + 1}: {', '.join(forward)}", "stated distance")
    assert_wrong(problem, f"{best}: {', '.join(forward[1:])}", "not")  # one edit short: the wrong word
    # two edits more that cancel out: the right word, a longer script
    detour = [f"I 1 {a[0]}", "D 1", *forward]
    assert_wrong(problem, f"{best + 2}: {', '.join(detour)}", f"has {best + 2} edits")
    assert_wrong(problem, f"{best}: D {len(a) + 5}", "outside the word")
    assert not score(problem, f"{best}: {', '.join(op.replace(' ', '') + 'x' for op in forward)}").format_ok
    assert not score(problem, f"{best}: D 1 x").format_ok  # a deletion takes no letter
    assert not score(problem, ", ".join(forward)).format_ok  # the distance is missing


# -- lcs_three ----------------------------------------------------------------------------------


def words_from_lcs_prompt(prompt):
    return prompt.split("\n")[1:4]


def common_subsequences_by_brute_force(words):
    """Every longest word that is a subsequence of all three, by trying the subsequences of the shortest."""
    shortest = min(words, key=len)
    for size in range(len(shortest), 0, -1):
        found = {
            "".join(shortest[i] for i in combo)
            for combo in itertools.combinations(range(len(shortest)), size)
        }
        found = sorted(w for w in found if all(is_subsequence(w, other) for other in words))
        if found:
            return found
    return []


@pytest.mark.parametrize("difficulty", [0, 1, 5, 12, 20])
def test_lcs_three_matches_brute_force(difficulty):
    for seed in SEEDS:
        problem = env("lcs_three").sample(difficulty, seed)
        words = words_from_lcs_prompt(problem.prompt)
        assert sum(map(len, words)) == 12 + difficulty
        found = common_subsequences_by_brute_force(words)
        assert stated(problem) == len(found[0])
        assert witness(problem) in found


def test_lcs_three_accepts_every_longest_common_subsequence_and_rejects_near_misses():
    def several(p):
        return len(common_subsequences_by_brute_force(words_from_lcs_prompt(p.prompt))) >= 2

    problem = find("lcs_three", several, difficulties=range(4, 12))
    words = words_from_lcs_prompt(problem.prompt)
    found = common_subsequences_by_brute_force(words)
    best = len(found[0])
    for word in found[:4]:
        assert_right(problem, f"{best}: {word}")
    assert_right(problem, f"{best}: {' '.join(found[0].upper())}")
    assert_wrong(problem, f"{best + 1}: {found[0]}", "stated length")
    assert_wrong(problem, f"{best - 1}: {found[0][1:]}", f"has {best - 1} letters")
    not_common = next(w for w in (found[0] + c for c in "abcd") if not all(is_subsequence(w, x) for x in words))
    assert_wrong(problem, f"{best + 1}: {not_common}", "not a subsequence")
    assert not score(problem, f"{best}: {found[0]}1").format_ok
    assert not score(problem, found[0]).format_ok  # the length is missing


# -- longest_palindromic_subsequence ------------------------------------------------------------


def word_from_palindrome_prompt(prompt):
    return prompt.split("\n")[1]


def palindromes_by_brute_force(word):
    """Every longest palindromic subsequence, as tuples of 1-based positions."""
    for size in range(len(word), 0, -1):
        found = [
            tuple(i + 1 for i in combo)
            for combo in itertools.combinations(range(len(word)), size)
            if (s := "".join(word[i] for i in combo)) == s[::-1]
        ]
        if found:
            return found
    return []


def palindrome_length_by_longest_path(word):
    """The longest common subsequence of the word and its reverse, as a longest path through their grid."""
    back = word[::-1]
    graph = nx.DiGraph()
    for i in range(len(word) + 1):
        for j in range(len(back) + 1):
            if i < len(word):
                graph.add_edge((i, j), (i + 1, j), weight=0)
            if j < len(back):
                graph.add_edge((i, j), (i, j + 1), weight=0)
            if i < len(word) and j < len(back) and word[i] == back[j]:
                graph.add_edge((i, j), (i + 1, j + 1), weight=1)
    return nx.dag_longest_path_length(graph, weight="weight")


@pytest.mark.parametrize("difficulty", [0, 1, 3, 6, 8])
def test_longest_palindromic_subsequence_matches_brute_force(difficulty):
    for seed in SEEDS:
        problem = env("longest_palindromic_subsequence").sample(difficulty, seed)
        word = word_from_palindrome_prompt(problem.prompt)
        assert len(word) == 6 + difficulty
        found = palindromes_by_brute_force(word)
        assert stated(problem) == len(found[0])
        assert tuple(map(int, witness(problem).split())) in found


@pytest.mark.parametrize("difficulty", [15, 30])
def test_longest_palindromic_subsequence_matches_the_lcs_with_the_reversed_word(difficulty):
    for seed in SEEDS[:2]:
        problem = env("longest_palindromic_subsequence").sample(difficulty, seed)
        assert stated(problem) == palindrome_length_by_longest_path(word_from_palindrome_prompt(problem.prompt))


def test_longest_palindromic_subsequence_accepts_any_longest_and_rejects_near_misses():
    problem = env("longest_palindromic_subsequence").sample(5, 1)
    word = word_from_palindrome_prompt(problem.prompt)
    found = palindromes_by_brute_force(word)
    assert len(found) >= 2
    best = len(found[0])
    for positions in found[:4]:
        assert_right(problem, f"{best}: {' '.join(map(str, reversed(positions)))}")
    positions = list(found[0])
    assert_wrong(problem, f"{best - 1}: {' '.join(map(str, positions))}", "stated length")
    if best >= 3:
        inner = positions[1:-1]  # the outer pair removed: still a palindrome, two letters shorter
        assert_wrong(problem, f"{best - 2}: {' '.join(map(str, inner))}", f"has {best - 2} letters")
    outside = next(p for p in range(1, len(word) + 1) if p not in positions)
    spelled = "".join(word[p - 1] for p in sorted([*positions, outside]))
    if spelled != spelled[::-1]:
        assert_wrong(problem, f"{best + 1}: {' '.join(map(str, [*positions, outside]))}", "not a palindrome")
    assert_wrong(problem, f"{best}: {' '.join(map(str, [*positions, positions[0]]))}", "twice")
    assert not score(problem, f"{best}: 0 {' '.join(map(str, positions))}").format_ok  # positions start at 1


# -- matrix_chain_order -------------------------------------------------------------------------


def dims_from_prompt(prompt):
    shapes = [tuple(map(int, m)) for m in re.findall(r"A[0-9]+ is ([0-9]+) x ([0-9]+)", prompt)]
    assert all(a[1] == b[0] for a, b in zip(shapes, shapes[1:]))
    return [shapes[0][0]] + [columns for _, columns in shapes]


def every_order(first, last):
    """Every full parenthesisation of A_first .. A_last, written as text: ``(A1 (A2 A3))``."""
    if first == last:
        return [f"A{first}"]
    return [
        f"({left} {right})"
        for split in range(first, last)
        for left in every_order(first, split)
        for right in every_order(split + 1, last)
    ]


def cost_by_evaluation(order, dims):
    """The scalar multiplications of one written order, evaluated with an explicit stack of shapes."""
    stack, total = [], 0
    for token in re.findall(r"A[0-9]+|\)", order):
        if token == ")":
            (p, q), (_, r) = stack[-2], stack[-1]
            stack[-2:] = [(p, r)]
            total += p * q * r
        else:
            i = int(token[1:])
            stack.append((dims[i - 1], dims[i]))
    return total


@pytest.mark.parametrize("difficulty", [0, 1, 3, 5, 7])
def test_matrix_chain_order_matches_every_parenthesisation(difficulty):
    for seed in SEEDS:
        problem = env("matrix_chain_order").sample(difficulty, seed)
        dims = dims_from_prompt(problem.prompt)
        assert len(dims) == 4 + difficulty
        costs = [cost_by_evaluation(order, dims) for order in every_order(1, len(dims) - 1)]
        assert stated(problem) == min(costs)
        assert cost_by_evaluation(witness(problem), dims) == min(costs)


def test_matrix_chain_order_accepts_any_cheapest_order_and_rejects_dearer_or_malformed_ones():
    def several(p):
        dims = dims_from_prompt(p.prompt)
        costs = [cost_by_evaluation(o, dims) for o in every_order(1, len(dims) - 1)]
        return costs.count(min(costs)) >= 2

    problem = find("matrix_chain_order", several, difficulties=range(1, 6), seeds=range(60))
    dims = dims_from_prompt(problem.prompt)
    orders = every_order(1, len(dims) - 1)
    costs = {order: cost_by_evaluation(order, dims) for order in orders}
    best = min(costs.values())
    for order in [o for o in orders if costs[o] == best][:4]:
        assert_right(problem, f"{best}: {order}")
        assert_right(problem, f"{best}: {order.replace(' ', '')}")
        assert_right(problem, f"{best}: {order[1:-1]}")  # the outermost brackets left out
    cheapest = next(o for o in orders if costs[o] == best)
    assert_right(problem, f"{best}: {cheapest.replace(' ', ' x ')}")
    dearer = max(orders, key=costs.get)
    assert_wrong(problem, f"{best}: {dearer}", f"takes {costs[dearer]}")
    assert_wrong(problem, f"{best + 1}: {cheapest}", "stated number")
    n = len(dims) - 1
    assert_wrong(problem, f"{best}: ({' '.join(f'A{i}' for i in range(1, n + 1))})", "three factors")
    swapped = cheapest.replace("A1", "A#").replace("A2", "A1").replace("A#", "A2")
    assert_wrong(problem, f"{best}: {swapped}", "order")
    assert not score(problem, f"{best}: {cheapest[:-1]}").format_ok  # a bracket never closed
    assert not score(problem, f"{best}: {cheapest.replace('A1', f'A{n + 1}')}").format_ok
    assert not score(problem, f"{best}: [{cheapest}]").format_ok


# -- weighted_interval_scheduling ---------------------------------------------------------------


def intervals_from_prompt(prompt):
    found = re.findall(r"interval ([0-9]+): from ([0-9]+) to ([0-9]+), weight ([0-9]+)", prompt)
    return [(int(s), int(e), int(w)) for _, s, e, w in found]


def compatible(a, b):
    return a[1] <= b[0] or b[1] <= a[0]  # touching ends do not overlap


def schedules_by_brute_force(intervals):
    """Every heaviest set of pairwise compatible intervals (1-based numbers) and its weight."""
    best, sets = 0, []
    for size in range(1, len(intervals) + 1):
        for combo in itertools.combinations(range(len(intervals)), size):
            if all(compatible(intervals[i], intervals[j]) for i, j in itertools.combinations(combo, 2)):
                weight = sum(intervals[i][2] for i in combo)
                if weight > best:
                    best, sets = weight, []
                if weight == best:
                    sets.append([i + 1 for i in combo])
    return best, sets


def schedule_by_longest_path(intervals):
    """A longest path through the intervals, each pointing to every interval that starts after it ends."""
    graph = nx.DiGraph()
    for i, a in enumerate(intervals):
        graph.add_edge("start", i, weight=a[2])
        graph.add_edge(i, "end", weight=0)
        for j, b in enumerate(intervals):
            if a[1] <= b[0]:
                graph.add_edge(i, j, weight=b[2])
    return nx.dag_longest_path_length(graph, weight="weight")


@pytest.mark.parametrize("difficulty", [0, 1, 4, 8])
def test_weighted_interval_scheduling_matches_brute_force(difficulty):
    for seed in SEEDS:
        problem = env("weighted_interval_scheduling").sample(difficulty, seed)
        intervals = intervals_from_prompt(problem.prompt)
        assert len(intervals) == 5 + difficulty
        assert stated(problem) == schedules_by_brute_force(intervals)[0]


@pytest.mark.parametrize("difficulty", [15, 30, 300])
def test_weighted_interval_scheduling_matches_a_longest_path(difficulty):
    for seed in SEEDS:
        problem = env("weighted_interval_scheduling").sample(difficulty, seed)
        assert stated(problem) == schedule_by_longest_path(intervals_from_prompt(problem.prompt))


def overlapping_pair(intervals):
    """Two intervals (1-based) where the second starts strictly inside the first, or None."""
    return next(
        ((i + 1, j + 1) for i, x in enumerate(intervals) for j, y in enumerate(intervals) if x[0] < y[0] < x[1]),
        None,
    )


def test_weighted_interval_scheduling_lets_touching_intervals_both_be_chosen():
    def touches(p):
        intervals = intervals_from_prompt(p.prompt)
        chosen = [intervals[k - 1] for k in map(int, witness(p).split())]
        return any(a[1] == b[0] for a, b in zip(chosen, chosen[1:])) and overlapping_pair(intervals)

    problem = find("weighted_interval_scheduling", touches, difficulties=range(0, 6))
    assert_right(problem, problem.answer)
    a, b = overlapping_pair(intervals_from_prompt(problem.prompt))
    assert_wrong(problem, f"{stated(problem)}: {a} {b}", "overlap")


def test_weighted_interval_scheduling_accepts_every_heaviest_set_and_rejects_near_misses():
    def several(p):
        return len(schedules_by_brute_force(intervals_from_prompt(p.prompt))[1]) >= 2

    problem = find("weighted_interval_scheduling", several, difficulties=range(2, 8))
    intervals = intervals_from_prompt(problem.prompt)
    best, sets = schedules_by_brute_force(intervals)
    for chosen in sets[:4]:
        assert_right(problem, f"{best}: {', '.join(map(str, reversed(chosen)))}")
    chosen = sets[0]
    assert_wrong(problem, f"{best - 1}: {' '.join(map(str, chosen))}", "stated weight")
    lighter = best - intervals[chosen[0] - 1][2]
    assert_wrong(problem, f"{lighter}: {' '.join(map(str, chosen[1:]))}", f"weigh {lighter}")
    assert_wrong(problem, f"{best}: {' '.join(map(str, [*chosen, chosen[0]]))}", "twice")
    clash = next(
        k
        for k in range(1, len(intervals) + 1)
        if k not in chosen and not all(compatible(intervals[k - 1], intervals[c - 1]) for c in chosen)
    )
    assert_wrong(problem, f"{best}: {' '.join(map(str, [*chosen, clash]))}", "overlap")
    assert not score(problem, f"{best}: {len(intervals) + 1}").format_ok


# -- all eight ----------------------------------------------------------------------------------

NAMES = [
    "knapsack",
    "subset_sum",
    "coin_change",
    "edit_distance",
    "lcs_three",
    "longest_palindromic_subsequence",
    "matrix_chain_order",
    "weighted_interval_scheduling",
]


@pytest.mark.parametrize("name", NAMES)
def test_absurd_difficulties_still_make_bounded_problems_whose_reference_is_accepted(name):
    for difficulty in (1000, 10**9, 10**100):
        problem = env(name).sample(difficulty, 1)
        assert len(problem.prompt) < 20_000 and len(problem.answer) < 5_000
        assert_right(problem, problem.answer)
