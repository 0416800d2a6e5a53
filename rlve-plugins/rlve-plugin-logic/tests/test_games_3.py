"""Games solved exactly: Kayles, Green Hackenbush, staircase Nim, Moore's Nim, Fibonacci Nim, Northcott's game,
minimax with alpha-beta, and Cram.

Every instance is rebuilt from its prompt text and solved here by a plain game-tree search written for these
tests (mex or win/loss over whole positions, a retrograde analysis for the loopy Northcott's game, a separate
minimax and alpha-beta), never by the theory the environments use (Sprague-Grundy sums, Moore's and Whinihan's
theorems, the colon principle). On every instance small enough to search, every legal move is scored: the
winning ones must be accepted and all others refused.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations, product

from logic_test_helpers import assert_right, assert_wrong, env, find


def verdict(problem, answer):
    return env(problem.env.split("/")[1]).verify(problem, answer)


def mex(values) -> int:
    present = set(values)
    return next(v for v in range(len(present) + 1) if v not in present)


# -- Kayles --------------------------------------------------------------------------------------------------


def kayles_from_prompt(prompt: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    widths = (2,) if prompt.startswith("A game of Dawson's Kayles") else (1, 2)
    rows = tuple(int(n) for n in re.findall(r"^row \d+: (\d+) pins?$", prompt, re.M))
    return widths, rows


def kayles_moves(rows: tuple[int, ...], widths: tuple[int, ...]):
    """(row from 1, first pin from 1, width, rows after) for every legal move."""
    for r, pins in enumerate(rows):
        for width in widths:
            for first in range(1, pins - width + 2):
                left, right = first - 1, pins - first - width + 1
                yield r + 1, first, width, rows[:r] + (left, right) + rows[r + 1 :]


@cache
def kayles_search(widths: tuple[int, ...]):
    """The Grundy value of a whole position, by mex over the positions a move reaches (rows as a sorted tuple)."""

    @cache
    def value(rows: tuple[int, ...]) -> int:
        return mex(value(tuple(sorted(n for n in after if n))) for *_, after in kayles_moves(rows, widths))

    return lambda rows: value(tuple(sorted(n for n in rows if n)))


def test_kayles_prompts_solved_by_search_and_every_move_scored():
    games, lost = set(), 0
    for difficulty in (0, 2, 4, 6, 7, 8, 9):
        for seed in range(6):
            problem = env("kayles").sample(difficulty, seed)
            widths, rows = kayles_from_prompt(problem.prompt)
            assert list(rows) == problem.data["rows"] and len(rows) == 1 + difficulty // 5
            games.add(widths)
            value = kayles_search(widths)
            total = value(rows)
            assert problem.answer.startswith(f"{total}; ")
            lost += total == 0
            for row, first, width, after in kayles_moves(rows, widths):
                move = f"row {row}: pin {first}" if width == 1 else f"row {row}: pins {first}-{first + 1}"
                assert verdict(problem, f"{total}; {move}").correct == (total != 0 and value(after) == 0)
            assert verdict(problem, f"{total}; none").correct == (total == 0)
            assert not verdict(problem, f"{total + 1}; none").correct
    assert games == {(1, 2), (2,)} and 0 < lost < 30


@cache
def kayles_row_values(widths: tuple[int, ...], longest: int) -> list[int]:
    """Single rows' Grundy values, a move leaving two rows worth the XOR of theirs (the sum rule)."""
    values = [0]
    for n in range(1, longest + 1):
        values.append(mex(values[a] ^ values[n - a - w] for w in widths for a in range(n - w + 1)))
    return values


def test_kayles_larger_rows_match_the_single_rows():
    assert kayles_row_values((1, 2), 9) == [kayles_search((1, 2))((n,)) for n in range(10)]
    assert kayles_row_values((2,), 9) == [kayles_search((2,))((n,)) for n in range(10)]
    for difficulty in (20, 30):
        for seed in range(3):
            problem = env("kayles").sample(difficulty, seed)
            widths, rows = kayles_from_prompt(problem.prompt)
            values = kayles_row_values(widths, max(rows))
            total = 0
            for pins in rows:  # a sum of 7 long rows is too big to search whole: row by row
                total ^= values[pins]
            assert problem.data["total"] == total
            assert_right(problem, problem.answer)


def test_kayles_spellings_and_near_misses():
    won = find("kayles", lambda p: p.data["total"] != 0 and p.data["game"] == "kayles" and "pins" in p.answer)
    total, row, first = re.fullmatch(r"(\d+); row (\d+): pins (\d+)-\d+", won.answer).groups()
    assert_right(won, f"value = {total}, row {row} pins {first} and {int(first) + 1}")
    assert_right(won, f"{total}; row {row}: pins {first} to {int(first) + 1}.")
    assert_right(won, f"{total}; row {row}: pins {int(first) + 1}-{first}")
    assert_wrong(won, f"{total}; none", "winning move exists")
    assert_wrong(won, f"{int(total) + 1}; row {row}: pins {first}-{int(first) + 1}", "not the grundy value")
    assert_wrong(won, f"{total}; row {row}: pins {first}-{int(first) + 2}", "one pin or two adjacent")
    assert_wrong(won, f"{total}; row {len(won.data['rows']) + 1}: pin 1", "no row")
    dawson = find("kayles", lambda p: p.data["total"] != 0 and p.data["game"] == "dawson")
    assert_wrong(dawson, re.sub(r"pins (\d+)-\d+", r"pin \1", dawson.answer), "exactly two")
    for bad in ("", "3", "row 1: pin 1", "1; row one: pin 1", "9" * 30 + "; none"):
        assert not verdict(won, bad).correct


# -- Green Hackenbush ----------------------------------------------------------------------------------------


def hackenbush_from_prompt(prompt: str) -> dict[int, int]:
    """Each node's parent, 0 for the ground."""
    parents = {}
    for node, place in re.findall(r"^node (\d+): (stands on the ground|hangs from node \d+)$", prompt, re.M):
        parents[int(node)] = 0 if place == "stands on the ground" else int(place.split()[-1])
    return parents


def hackenbush_cut(parents: dict[int, int], left: frozenset[int], edge: int) -> frozenset[int]:
    """The nodes still joined to the ground after cutting ``edge`` from the nodes ``left``."""
    kept = set()
    for node in sorted(left, key=lambda k: hackenbush_depth(parents, k)):
        if node != edge and (parents[node] == 0 or parents[node] in kept):
            kept.add(node)
    return frozenset(kept)


def hackenbush_depth(parents: dict[int, int], node: int) -> int:
    depth = 0
    while node:
        node, depth = parents[node], depth + 1
    return depth


def hackenbush_search(parents: dict[int, int]):
    """The Grundy value of a set of remaining nodes, by mex over every cut."""

    @cache
    def value(left: frozenset[int]) -> int:
        return mex(value(hackenbush_cut(parents, left, edge)) for edge in left)

    return value


def test_green_hackenbush_prompts_solved_by_search_and_every_cut_scored():
    lost = 0
    for difficulty in range(0, 8):
        for seed in range(5):
            problem = env("green_hackenbush").sample(difficulty, seed)
            parents = hackenbush_from_prompt(problem.prompt)
            assert len(parents) <= 3 + difficulty

            value = hackenbush_search(parents)
            everything = frozenset(parents)
            total = value(everything)
            assert problem.answer.startswith(f"{total}; ")
            lost += total == 0
            for edge in parents:
                wins = total != 0 and value(hackenbush_cut(parents, everything, edge)) == 0
                assert verdict(problem, f"{total}; cut {edge}").correct == wins
            assert verdict(problem, f"{total}; none").correct == (total == 0)
    assert 0 < lost < 30


def test_green_hackenbush_spellings_and_near_misses():
    won = find("green_hackenbush", lambda p: p.data["total"] != 0 and len(p.data["parents"]) >= 5)
    total, edge = re.fullmatch(r"(\d+); cut (\d+)", won.answer).groups()
    assert_right(won, f"value: {total}, cut edge {edge}")
    assert_right(won, f"{total}; cut the edge above node {edge}.")
    assert_wrong(won, f"{total}; none", "winning cut exists")
    assert_wrong(won, f"{int(total) + 1}; cut {edge}", "not the grundy value")
    assert_wrong(won, f"{total}; cut {len(won.data['parents']) + 1}", "no edge")
    lost = find("green_hackenbush", lambda p: p.data["total"] == 0)
    assert_right(lost, "0; none")
    assert_wrong(lost, "0; cut 1", "answer none")
    for bad in ("", "none", "cut 1", "1; cut one", "9" * 30 + "; none"):
        assert not verdict(won, bad).correct


# -- staircase Nim -------------------------------------------------------------------------------------------


def staircase_from_prompt(prompt: str) -> tuple[int, ...]:
    found = {int(s): int(c) for s, c in re.findall(r"^step (\d+): (\d+) coins?$", prompt, re.M)}
    return tuple(found[s] for s in range(1, len(found) + 1))


def staircase_moves(coins: tuple[int, ...]):
    for step, count in enumerate(coins, start=1):
        for moved in range(1, count + 1):
            after = list(coins)
            after[step - 1] -= moved
            if step >= 2:
                after[step - 2] += moved
            yield step, moved, tuple(after)


@cache
def staircase_mover_wins(coins: tuple[int, ...]) -> bool:
    return any(not staircase_mover_wins(after) for *_, after in staircase_moves(coins))


def test_staircase_nim_prompts_solved_by_search_and_every_move_scored():
    lost = 0
    for difficulty in range(0, 6):
        for seed in range(6):
            problem = env("staircase_nim").sample(difficulty, seed)
            coins = staircase_from_prompt(problem.prompt)
            assert list(coins) == problem.data["coins"]
            wins = staircase_mover_wins(coins)
            lost += not wins
            assert (problem.answer == "none") == (not wins)
            for step, moved, after in staircase_moves(coins):
                good = not staircase_mover_wins(after)
                assert verdict(problem, f"step {step}: move {moved}").correct == good
            assert verdict(problem, "none").correct == (not wins)
    assert 0 < lost < 25


def test_staircase_nim_spellings_and_near_misses():
    won = find("staircase_nim", lambda p: p.answer != "none" and len(p.data["coins"]) >= 4)
    step, moved = map(int, re.fullmatch(r"step (\d+): move (\d+)", won.answer).groups())
    assert_right(won, f"move {moved} coins from step {step}")
    assert_right(won, f"Step {step}, move {moved}.")
    assert_wrong(won, "none", "winning move exists")
    assert_wrong(won, f"step {step}: move {won.data['coins'][step - 1] + 1}", "holds")
    assert_wrong(won, f"step {len(won.data['coins']) + 1}: move 1", "no step")
    for bad in ("", "step 1", "move 2", "step one: move 2", "step 1: move " + "9" * 30):
        assert not verdict(won, bad).correct


# -- Moore's Nim ---------------------------------------------------------------------------------------------


def moore_from_prompt(prompt: str) -> tuple[int, tuple[int, ...]]:
    k = int(re.search(r"Moore's Nim with k = (\d+)", prompt).group(1))
    return k, tuple(int(h) for h in re.findall(r"^heap \d+: (\d+)$", prompt, re.M))


def moore_moves(heaps: tuple[int, ...], k: int):
    """{heap index from 0: taken} for every legal move."""
    for size in range(1, k + 1):
        for chosen in combinations([i for i, h in enumerate(heaps) if h], size):
            for takes in product(*(range(1, heaps[i] + 1) for i in chosen)):
                yield dict(zip(chosen, takes))


def moore_after(heaps, move):
    return tuple(h - move.get(i, 0) for i, h in enumerate(heaps))


def moore_search(k: int):
    """Whether the player to move wins, by win/loss search over sorted heap tuples."""

    @cache
    def mover_wins(state: tuple[int, ...]) -> bool:
        return any(not mover_wins(tuple(sorted(moore_after(state, m)))) for m in moore_moves(state, k))

    return mover_wins


def test_moores_nim_prompts_solved_by_search_and_every_move_scored():
    lost = 0
    for difficulty in range(0, 4):
        for seed in range(6):
            problem = env("moores_nim").sample(difficulty, seed)
            k, heaps = moore_from_prompt(problem.prompt)
            assert list(heaps) == problem.data["heaps"] and k == 2
            mover_wins = moore_search(k)
            wins = mover_wins(tuple(sorted(heaps)))
            lost += not wins
            assert (problem.answer == "none") == (not wins)
            for move in moore_moves(heaps, k):
                good = not mover_wins(tuple(sorted(moore_after(heaps, move))))
                text = "; ".join(f"heap {i + 1}: take {t}" for i, t in move.items())
                assert verdict(problem, text).correct == good
            assert verdict(problem, "none").correct == (not wins)
    assert 0 < lost < 20


def moore_criterion(heaps, k: int) -> bool:
    """Moore's theorem as the tests state it: lost when every binary place holds a multiple of k + 1 ones."""
    return all(sum((h >> b) & 1 for h in heaps) % (k + 1) == 0 for b in range(max(heaps).bit_length()))


def test_moores_nim_larger_k_prompts_agree_with_the_criterion_checked_by_search():
    """k = 3 prompts are too big to search whole: the criterion is checked against the search on small heaps,
    then applied to the position each reference move leaves."""
    mover_wins = moore_search(3)
    for position in product(range(5), repeat=4):
        assert mover_wins(tuple(sorted(position))) == (not moore_criterion(position, 3))
    checked = 0
    for difficulty in range(10, 20):
        problem = env("moores_nim").sample(difficulty, 0)
        k, heaps = moore_from_prompt(problem.prompt)
        if k != 3 or problem.answer == "none":
            continue
        move = {int(i) - 1: int(t) for i, t in re.findall(r"heap (\d+): take (\d+)", problem.answer)}
        assert not moore_criterion(heaps, 3) and moore_criterion(moore_after(heaps, move), 3)
        checked += 1
    assert checked >= 3


def test_moores_nim_spellings_and_near_misses():
    won = find("moores_nim", lambda p: p.answer.count("heap") == 2, difficulties=range(10, 31))
    first, second = won.answer.split("; ")
    assert_right(won, f"{second}, {first}")  # any order
    assert_right(won, f"{first} and {second}.")
    assert_wrong(won, first, "opponent a winning position")
    assert_wrong(won, f"{first}; {first}", "named twice")
    heaps, k = won.data["heaps"], won.data["k"]
    too_many = "; ".join(f"heap {i + 1}: take 1" for i in [i for i, h in enumerate(heaps) if h][: k + 1])
    assert_wrong(won, too_many, f"at most {k} heaps")
    assert_wrong(won, "none", "winning move exists")
    assert_wrong(won, f"heap {len(heaps) + 1}: take 1", "no heap")
    lost = find("moores_nim", lambda p: p.answer == "none")
    assert_right(lost, "none")
    i = next(i for i, h in enumerate(lost.data["heaps"]) if h)
    assert_wrong(lost, f"heap {i + 1}: take 1", "position is lost")
    for bad in ("", "heap 1", "take 3", "heap one: take 2", "heap 1: take " + "9" * 30):
        assert not verdict(won, bad).correct


# -- Fibonacci Nim -------------------------------------------------------------------------------------------


@cache
def fibonacci_mover_wins(pile: int, most: int) -> bool:
    """Win/loss with ``pile`` objects left and at most ``most`` allowed (taking the last object wins)."""
    return any(t == pile or not fibonacci_mover_wins(pile - t, min(2 * t, pile - t)) for t in range(1, most + 1))


def fibonacci_from_prompt(prompt: str) -> tuple[int, int]:
    if match := re.search(r"the pile now holds (\d+) objects and your opponent's last move took (\d+)", prompt):
        pile, previous = int(match.group(1)), int(match.group(2))
        return pile, min(pile, 2 * previous)
    pile = int(re.search(r"The pile holds (\d+) objects and you make the first move", prompt).group(1))
    return pile, pile - 1


def test_fibonacci_nim_prompts_solved_by_search_and_every_move_scored():
    lost = middle = 0
    for difficulty in (0, 1, 3, 5, 8, 12, 15):
        for seed in range(8):
            problem = env("fibonacci_nim").sample(difficulty, seed)
            pile, most = fibonacci_from_prompt(problem.prompt)
            middle += most != pile - 1
            wins = fibonacci_mover_wins(pile, most)
            lost += not wins
            assert (problem.answer == "none") == (not wins)
            for take in range(1, most + 1):
                good = take == pile or not fibonacci_mover_wins(pile - take, min(2 * take, pile - take))
                assert verdict(problem, str(take)).correct == good
            assert not verdict(problem, str(most + 1)).correct
            assert verdict(problem, "none").correct == (not wins)
    assert 0 < lost < 30 and middle > 5


def test_fibonacci_nim_first_move_lost_exactly_on_fibonacci_piles():
    for pile in range(2, 80):
        assert fibonacci_mover_wins(pile, pile - 1) == (pile not in (2, 3, 5, 8, 13, 21, 34, 55))


def test_fibonacci_nim_spellings_and_near_misses():
    won = find("fibonacci_nim", lambda p: p.answer != "none" and p.data["previous"] > 0)
    assert_right(won, f"take {won.answer} objects")
    assert_right(won, f" {won.answer}.")
    assert_wrong(won, "none", "winning move exists")
    pile, most = fibonacci_from_prompt(won.prompt)
    assert_wrong(won, str(most + 1), "may take 1 to")
    assert_wrong(won, "0", "may take 1 to")
    losing = next(t for t in range(1, most + 1) if fibonacci_mover_wins(pile - t, min(2 * t, pile - t)) and t < pile)
    assert_wrong(won, str(losing), "opponent a winning position")
    for bad in ("", "three", f"0{won.answer}", "9" * 30, f"{won.answer} or 1"):
        assert not verdict(won, bad).correct


# -- Northcott's game ----------------------------------------------------------------------------------------


def northcott_from_prompt(prompt: str) -> tuple[int, tuple[tuple[int, int], ...]]:
    width = int(re.search(r"on a board of \d+ rows and (\d+) columns", prompt).group(1))
    found = re.findall(r"^row \d+: White on column (\d+), Black on column (\d+)", prompt, re.M)
    rows = tuple((int(w), int(b)) for w, b in found)
    return width, rows


def northcott_targets(own: int, other: int, width: int) -> list[int]:
    """Columns a piece may slide to: along its row, never onto or over the other piece, on the board."""
    step = 1 if other > own else -1
    targets, column = [], own + step
    while 1 <= column <= width and column != other:
        targets.append(column)
        column += step
    column = own - step
    while 1 <= column <= width:
        targets.append(column)
        column -= step
    return targets


def northcott_outcomes(width: int, count: int) -> dict[tuple, str]:
    """Retrograde analysis of every position (each row (mover's column, other's column)): "win", "loss" or
    "draw" for the player to move; the game can loop, so no plain recursion."""
    pairs = [(a, b) for a in range(1, width + 1) for b in range(1, width + 1) if a != b]
    states = list(product(pairs, repeat=count))
    successors = {}
    for state in states:
        successors[state] = [
            tuple((o, c) if r == i else (o2, m2) for r, (m2, o2) in enumerate(state))
            for i, (mine, o) in enumerate(state)
            for c in northcott_targets(mine, o, width)
        ]
    outcome: dict[tuple, str] = {}
    changed = True
    while changed:
        changed = False
        for state in states:
            if state in outcome:
                continue
            results = [outcome.get(s) for s in successors[state]]
            if "loss" in results:
                outcome[state] = "win"
            elif all(r == "win" for r in results):
                outcome[state] = "loss"
            else:
                continue
            changed = True
    return {state: outcome.get(state, "draw") for state in states}


def test_northcott_prompts_solved_by_retrograde_analysis_and_every_move_scored():
    lost = 0
    for difficulty in (0, 1, 2):
        width = 5 + difficulty
        outcomes = northcott_outcomes(width, 2)
        assert "draw" not in outcomes.values()  # the loopy game still always has a winner
        for seed in range(8):
            problem = env("northcott_game").sample(difficulty, seed)
            board_width, rows = northcott_from_prompt(problem.prompt)
            assert board_width == width and len(rows) == 2
            result = outcomes[rows]
            lost += result == "loss"
            assert (problem.answer == "none") == (result == "loss")
            for i, (white, black) in enumerate(rows):
                for column in northcott_targets(white, black, width):
                    after = tuple((b, column if r == i else w) for r, (w, b) in enumerate(rows))
                    good = outcomes[after] == "loss"
                    assert verdict(problem, f"row {i + 1}: column {column}").correct == good
            assert verdict(problem, "none").correct == (result == "loss")
    assert 0 < lost < 20


def test_northcott_retreating_moves_can_win_and_illegal_moves_are_refused():
    def retreat_wins(p):
        return any(
            abs(c - b) > abs(w - b) for r, c in re.findall(r"row (\d+): column (\d+)", p.answer)
            for w, b in [p.data["rows"][int(r) - 1]] for c in [int(c)]
        )

    won = find("northcott_game", lambda p: p.answer != "none" and len(p.data["rows"]) >= 3)
    row, column = map(int, re.fullmatch(r"row (\d+): column (\d+)", won.answer).groups())
    assert_right(won, f"Row {row}, move white to column {column}.")
    assert_right(won, f"row {row}: {column}")
    assert_wrong(won, "none", "winning move exists")
    white, black = won.data["rows"][row - 1]
    assert_wrong(won, f"row {row}: column {white}", "already on column")
    assert_wrong(won, f"row {row}: column {black}", "cannot reach")
    beyond = black + (1 if black > white else -1)
    if 1 <= beyond <= won.data["width"]:
        assert_wrong(won, f"row {row}: column {beyond}", "cannot reach")
    assert_wrong(won, f"row {len(won.data['rows']) + 1}: column 1", "no row")
    for bad in ("", "row 1", "column 3", "row one: column 2", "row 1: column " + "9" * 30):
        assert not verdict(won, bad).correct
    # a move away from the black piece that makes the gaps' XOR 0 is winning too, and accepted
    for difficulty in range(5, 31):
        for seed in range(20):
            problem = env("northcott_game").sample(difficulty, seed)
            width, rows = northcott_from_prompt(problem.prompt)
            total = 0
            for w, b in rows:
                total ^= abs(w - b) - 1
            for i, (w, b) in enumerate(rows):
                new_gap = (abs(w - b) - 1) ^ total
                column = b + new_gap + 1 if w > b else b - new_gap - 1
                if total and new_gap > abs(w - b) - 1 and 1 <= column <= width:
                    assert_right(problem, f"row {i + 1}: column {column}")
                    return
    raise AssertionError("no position with a winning retreat found")


# -- minimax and alpha-beta ----------------------------------------------------------------------------------


def tree_from_prompt(prompt: str):
    """The bracket line as nested lists of (leaf number, payoff)."""
    text = re.search(r"payoff for MAX:\n(.*)\n", prompt).group(1)
    tokens = re.findall(r"\[|\]|-?\d+", text)
    counter = [0]

    def parse(i: int):
        if tokens[i] != "[":
            counter[0] += 1
            return (counter[0], int(tokens[i])), i + 1
        children, i = [], i + 1
        while tokens[i] != "]":
            child, i = parse(i)
            children.append(child)
        return children, i + 1

    tree, end = parse(0)
    assert end == len(tokens)
    return tree, counter[0]


def minimax(node, maximising: bool = True) -> int:
    if isinstance(node, tuple):
        return node[1]
    values = [minimax(child, not maximising) for child in node]
    return max(values) if maximising else min(values)


def leaves_seen_by_alpha_beta(node, alpha=float("-inf"), beta=float("inf"), maximising=True, seen=None) -> set[int]:
    """Leaf numbers alpha-beta reads (fail-hard here, which visits the same leaves as the prompt's fail-soft)."""
    seen = set() if seen is None else seen
    bound_search(node, alpha, beta, maximising, seen)
    return seen


def bound_search(node, alpha, beta, maximising, seen):
    if isinstance(node, tuple):
        seen.add(node[0])
        return node[1]
    for child in node:
        score = bound_search(child, alpha, beta, not maximising, seen)
        if maximising:
            alpha = max(alpha, score)
        else:
            beta = min(beta, score)
        if alpha >= beta:
            break
    return alpha if maximising else beta


def test_game_tree_prompts_solved_independently():
    some_skipped = 0
    for difficulty in (0, 2, 3, 4, 6, 10, 17, 25, 30):
        for seed in range(6):
            problem = env("game_tree_minimax").sample(difficulty, seed)
            tree, leaves = tree_from_prompt(problem.prompt)
            assert leaves == 4 + difficulty
            value = minimax(tree)
            if difficulty < 4:
                assert problem.answer == str(value)
                assert_right(problem, f"value = {value}")
                assert not verdict(problem, str(value + 1)).correct
                continue
            skipped = sorted(set(range(1, leaves + 1)) - leaves_seen_by_alpha_beta(tree))
            some_skipped += bool(skipped)
            assert problem.answer == f"{value}; " + (", ".join(map(str, skipped)) or "none")
            listing = ", ".join(map(str, reversed(skipped))) or "none"
            assert verdict(problem, f"{value}; {listing}").correct  # any order
            assert not verdict(problem, f"{value + 1}; {listing}").correct
            if skipped:
                assert not verdict(problem, f"{value}; " + (", ".join(map(str, skipped[1:])) or "none")).correct
            seen = sorted(set(range(1, leaves + 1)) - set(skipped))
            assert not verdict(problem, f"{value}; " + ", ".join(map(str, [*skipped, seen[-1]]))).correct
    assert some_skipped > 20


def test_game_tree_spellings_and_malformed_answers():
    problem = find("game_tree_minimax", lambda p: p.data["skipped"] and len(p.data["skipped"]) >= 2)
    value, skipped = problem.data["value"], problem.data["skipped"]
    assert_right(problem, f"value: {value}; pruned leaves: {' '.join(map(str, skipped))}")
    assert_wrong(problem, f"{value}; {skipped[0]}", "never evaluates leaf")
    assert_wrong(problem, f"{value}; {', '.join(map(str, skipped))}, {skipped[0]}")  # a leaf listed twice
    for bad in ("", f"{value}", f"{value}; leaf x", f"{value}; {problem.data['leaves'] + 1}", "9" * 30 + "; none"):
        assert not verdict(problem, bad).correct
    none_case = find("game_tree_minimax", lambda p: p.data["skipped"] == [], difficulties=range(4, 31))
    assert_right(none_case, f"{none_case.data['value']}; none")


# -- Cram ----------------------------------------------------------------------------------------------------


def cram_from_prompt(prompt: str) -> frozenset[tuple[int, int]]:
    lines = re.search(r"columns from 1 at the left\):\n(.*?)\n\n", prompt, re.S).group(1).split("\n")
    return frozenset((r, c) for r, line in enumerate(lines, 1) for c, mark in enumerate(line.split(), 1) if mark == ".")


def cram_placements(free: frozenset[tuple[int, int]]):
    for r, c in sorted(free):
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                yield (r, c), other


@cache
def cram_mover_wins(free: frozenset[tuple[int, int]]) -> bool:
    """Plain win/loss search over the whole board's set of free cells."""
    return any(not cram_mover_wins(free - {a, b}) for a, b in cram_placements(free))


def test_cram_prompts_solved_by_search_and_every_placement_scored():
    lost = 0
    for difficulty in (0, 1, 2, 3):
        for seed in range(6):
            problem = env("cram").sample(difficulty, seed)
            free = cram_from_prompt(problem.prompt)
            assert free == {tuple(cell) for cell in problem.data["free"]}
            wins = cram_mover_wins(free)
            lost += not wins
            assert (problem.answer == "none") == (not wins)
            for a, b in cram_placements(free):
                good = not cram_mover_wins(free - {a, b})
                assert verdict(problem, f"({a[0]}, {a[1]}) ({b[0]}, {b[1]})").correct == good
                assert verdict(problem, f"({b[0]},{b[1]}) and ({a[0]},{a[1]})").correct == good  # either order
            assert verdict(problem, "none").correct == (not wins)
    assert 0 < lost < 20


def test_cram_near_misses():
    won = find("cram", lambda p: p.answer != "none" and p.data["rows"] >= 4, difficulties=range(10, 31))
    (r1, c1), (r2, c2) = (map(int, pair) for pair in re.findall(r"\((\d+), (\d+)\)", won.answer))
    assert_right(won, f"{r1},{c1} - {r2},{c2}")
    assert_wrong(won, "none", "winning move exists")
    free = {tuple(cell) for cell in won.data["free"]}
    blocked = next(
        (r, c) for r in range(1, won.data["rows"] + 1) for c in range(1, won.data["columns"] + 1) if (r, c) not in free
    )
    assert_wrong(won, f"({blocked[0]}, {blocked[1]}) ({blocked[0]}, {blocked[1] + 1})", "not a free cell")
    far = next(cell for cell in sorted(free) if abs(cell[0] - r1) + abs(cell[1] - c1) > 1)
    assert_wrong(won, f"({r1}, {c1}) ({far[0]}, {far[1]})", "not side by side")
    assert_wrong(won, f"({r1}, {c1}) ({r1}, {c1})", "not side by side")
    for bad in ("", "(1, 1)", "(1, 1) (1, 2) (1, 3)", "(one, 1) (1, 2)", "(1, " + "9" * 30 + ") (1, 2)"):
        assert not verdict(won, bad).correct
