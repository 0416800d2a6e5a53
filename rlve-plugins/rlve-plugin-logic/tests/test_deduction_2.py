"""Mastermind, counterfeit coins, epistemic announcements, kinship, cryptarithms, negative-clue grids and alibis:
every instance is rebuilt here from the prompt text alone and solved by brute force (itertools), written
independently of the generators; the solution must be unique and equal to the reference, wrong ones rejected."""

from __future__ import annotations

import itertools
import re

from logic_test_helpers import assert_right, assert_wrong, env, score

from rlve_plugin_logic.zebra_words import ATTRIBUTES

# -- mastermind_deduction ---------------------------------------------------------------------------------


def mastermind_from_prompt(prompt: str):
    p = int(re.search(r"A secret code has (\d+) positions", prompt).group(1))
    colours = re.search(r"one of \d+ colours ([A-Z, ]+); colours may repeat", prompt).group(1).split(", ")
    guesses = [
        (tuple(colours.index(x) for x in letters.split()), int(black), int(white))
        for letters, black, white in re.findall(r"^\d+\. ([A-Z ]+): (\d+) black, (\d+) white$", prompt, re.M)
    ]
    return p, len(colours), guesses


def pegs(guess, code):
    black = sum(1 for i in range(len(code)) if guess[i] == code[i])
    left_guess = [g for g, c in zip(guess, code) if g != c]
    left_code = [c for g, c in zip(guess, code) if g != c]
    white = 0
    for colour in left_guess:
        if colour in left_code:
            left_code.remove(colour)
            white += 1
    return black, white


def test_mastermind_code_is_unique_by_brute_force():
    for difficulty in range(0, 20, 2):
        for seed in range(2):
            problem = env("mastermind_deduction").sample(difficulty, seed)
            p, c, guesses = mastermind_from_prompt(problem.prompt)
            assert c**p == problem.size
            fits = [
                code
                for code in itertools.product(range(c), repeat=p)
                if all(pegs(g, code) == (b, w) for g, b, w in guesses)
            ]
            assert len(fits) == 1, (difficulty, seed)
            assert " ".join("ABCDEFGHIJKL"[k] for k in fits[0]) == problem.answer


def test_mastermind_accepts_spellings_and_rejects_near_misses():
    problem = env("mastermind_deduction").sample(12, 3)
    letters = problem.answer.split()
    assert_right(problem, "".join(letters).lower())
    assert_right(problem, "[" + ", ".join(letters) + "]")
    wrong = list(letters)
    wrong[0] = "A" if wrong[0] != "A" else "B"
    assert_wrong(problem, " ".join(wrong), "would score")
    assert not score(problem, " ".join(letters[:-1])).format_ok
    assert not score(problem, " ".join(letters) + " A").format_ok
    assert not score(problem, " ".join(["Z"] * len(letters))).format_ok
    assert not score(problem, "").format_ok


# -- counterfeit_coin -------------------------------------------------------------------------------------


def weighings_from_prompt(prompt: str):
    n = int(re.search(r"There are (\d+) coins", prompt).group(1))
    found = []
    for left, right, result in re.findall(
        r"^Weighing \d+: coins? ([0-9, ]+) on the left pan and coins? ([0-9, ]+) on the right pan; (.+)\.$",
        prompt,
        re.M,
    ):
        sign = {"the left pan was heavier": 1, "the right pan was heavier": -1, "the pans balanced": 0}[result]
        found.append(([int(x) for x in left.split(", ")], [int(x) for x in right.split(", ")], sign))
    return n, found


def test_counterfeit_coin_has_one_answer_by_brute_force():
    for difficulty in [0, 1, 2, 5, 9, 17, 30, 200]:
        for seed in range(3):
            problem = env("counterfeit_coin").sample(difficulty, seed)
            n, weighings = weighings_from_prompt(problem.prompt)
            assert n == problem.size and weighings
            fits = []
            for coin, delta in itertools.product(range(1, n + 1), (1, -1)):
                weights = {c: 10 for c in range(1, n + 1)}
                weights[coin] += delta
                outcomes = []
                for left, right, _ in weighings:
                    assert len(left) == len(right) and not set(left) & set(right)
                    diff = sum(weights[c] for c in left) - sum(weights[c] for c in right)
                    outcomes.append((diff > 0) - (diff < 0))
                if outcomes == [sign for _, _, sign in weighings]:
                    fits.append(f"{coin} {'heavier' if delta > 0 else 'lighter'}")
            assert fits == [problem.answer], (difficulty, seed)


def test_counterfeit_coin_accepts_spellings_and_rejects_near_misses():
    problem = env("counterfeit_coin").sample(15, 2)
    coin, weight = problem.answer.split()
    other = "lighter" if weight == "heavier" else "heavier"
    assert_right(problem, f"Coin {coin}, {weight.upper()}.")
    assert_right(problem, f"{coin} is {weight[:-2]}")
    assert_wrong(problem, f"{coin} {other}", "weighing")
    assert_wrong(problem, f"{int(coin) % problem.size + 1} {weight}", "weighing")
    for bad in ("", coin, weight, f"{coin} heavier or lighter", f"{problem.size + 1} {weight}", f"{coin} {weight} 3"):
        assert not score(problem, bad).format_ok, bad


# -- epistemic_announcements ------------------------------------------------------------------------------

MONTH_NAMES = "January February March April May June July August September October November December".split()


def birthday_survivors(prompt: str):
    """The dates left after replaying every statement, by the semantics the prompt states, written here afresh."""
    listing = re.search(r"one of these \d+ dates:\n\n(.+)\.\n", prompt).group(1)
    dates = [(MONTH_NAMES.index(d.split()[0]), int(d.split()[1])) for d in listing.split(", ")]
    month_holder, day_holder = re.search(r"tells (\w+) only the month and (\w+) only the day", prompt).groups()
    told = {month_holder: 0, day_holder: 1}

    def knows(person, date, possible):
        return [d[person] for d in possible].count(date[person]) == 1

    possible = dates
    for speaker, text in re.findall(r"^\d+\. (\w+): (.+)$", prompt, re.M):
        me = told[speaker]
        other = 1 - me
        if text in ("I know the birthday.", "Now I know the birthday."):
            test = lambda d, ps, me=me: knows(me, d, ps)  # noqa: E731
        elif text == "I don't know the birthday.":
            test = lambda d, ps, me=me: not knows(me, d, ps)  # noqa: E731
        else:
            says_dont_know = text.startswith("I don't know")
            assert "doesn't know" in text

            def test(d, ps, me=me, other=other, says_dont_know=says_dont_know):
                if says_dont_know and knows(me, d, ps):
                    return False
                return all(not knows(other, e, ps) for e in ps if e[me] == d[me])

        possible = [d for d in possible if test(d, possible)]
    return dates, possible


def test_epistemic_announcements_leave_exactly_the_reference_date():
    for difficulty in [0, 1, 3, 6, 10, 15, 22, 30, 100]:
        for seed in range(4):
            problem = env("epistemic_announcements").sample(difficulty, seed)
            dates, left = birthday_survivors(problem.prompt)
            assert len(dates) == len(set(dates)) == problem.size
            assert len(left) == 1, (difficulty, seed)
            assert f"{MONTH_NAMES[left[0][0]]} {left[0][1]}" == problem.answer


def test_epistemic_announcements_accepts_spellings_and_rejects_other_dates():
    problem = env("epistemic_announcements").sample(20, 1)
    month, day = problem.answer.split()
    assert_right(problem, f"{month[:3].lower()} {day}")
    assert_right(problem, f"{day}th of {month}")
    assert_right(problem, f"{month.upper()} {day}.")
    dates, _ = birthday_survivors(problem.prompt)
    other = next(d for d in dates if f"{MONTH_NAMES[d[0]]} {d[1]}" != problem.answer)
    assert_wrong(problem, f"{MONTH_NAMES[other[0]]} {other[1]}", "ruled out")
    assert_wrong(problem, f"{month} 29", "not one of the candidate dates")
    for bad in ("", month, day, f"{month} {day} or {month} 1", "Smarch 3", f"{month} {day}{day}{day}"):
        assert not score(problem, bad).format_ok, bad


# -- kinship_relations ------------------------------------------------------------------------------------

KIN_TERMS = [
    ("father", "mother"), ("son", "daughter"), ("brother", "sister"), ("husband", "wife"),
    ("grandfather", "grandmother"), ("grandson", "granddaughter"), ("great-grandfather", "great-grandmother"),
    ("great-grandson", "great-granddaughter"), ("uncle", "aunt"), ("nephew", "niece"),
    ("first cousin", "first cousin"), ("father-in-law", "mother-in-law"), ("son-in-law", "daughter-in-law"),
    ("brother-in-law", "sister-in-law"),
]  # fmt: skip


def kinship_from_prompt(prompt: str):
    women = set(re.search(r"The women are ([^;]+);", prompt).group(1).split(", "))
    spouse, parents = {}, {}
    for a, b in re.findall(r"^(\w+) and (\w+) are married\.$", prompt, re.M):
        spouse[a], spouse[b] = b, a
    for child, a, b in re.findall(r"^(\w+) is a child of (\w+) and (\w+)\.$", prompt, re.M):
        parents[child] = {a, b}
    for a, b, child in re.findall(r"^(\w+) and (\w+) are the parents of (\w+)\.$", prompt, re.M):
        parents[child] = {a, b}
    for a, child in re.findall(r"^(\w+) is a parent of (\w+)\.$", prompt, re.M):
        parents[child] = {a, spouse[a]}
    x, y = re.search(r"What is (\w+) to (\w+)\?", prompt).groups()
    return women, spouse, parents, x, y


def kinship_terms(women, spouse, parents, x, y):
    """Every term of the vocabulary that holds for "x is y's ...", from sets of relatives built here."""
    def ups(person, steps):
        level = {person}
        for _ in range(steps):
            level = {p for q in level for p in parents.get(q, ())}
        return level

    def sibs(person):
        return {q for q in parents if q != person and person in parents and parents[q] == parents[person]}

    def spouse_set(person):
        return {spouse[person]} if person in spouse else set()

    holds = [
        x in ups(y, 1), y in ups(x, 1), x in sibs(y), spouse.get(x) == y,
        x in ups(y, 2), y in ups(x, 2), x in ups(y, 3), y in ups(x, 3),
        any(x in sibs(p) for p in ups(y, 1)), any(y in sibs(p) for p in ups(x, 1)),
        any(q in sibs(p) for p in ups(x, 1) for q in ups(y, 1)),
        any(x in ups(s, 1) for s in spouse_set(y)), any(y in ups(s, 1) for s in spouse_set(x)),
        any(x in sibs(s) for s in spouse_set(y)) or any(s in sibs(y) for s in spouse_set(x)),
    ]  # fmt: skip
    return {pair[1] if x in women else pair[0] for pair, h in zip(KIN_TERMS, holds) if h}


def test_kinship_reference_holds_and_exactly_the_holding_terms_are_accepted():
    all_terms = sorted({t for pair in KIN_TERMS for t in pair})
    for difficulty in [0, 2, 5, 9, 14, 20, 30, 150]:
        for seed in range(5):
            problem = env("kinship_relations").sample(difficulty, seed)
            terms = kinship_terms(*kinship_from_prompt(problem.prompt))
            assert problem.answer in terms, (difficulty, seed)
            if seed < 2:
                for term in all_terms:
                    assert score(problem, term).correct == (term in terms), (difficulty, seed, term)


def test_kinship_covers_distant_relations_and_reads_spellings():
    seen = set()
    for seed in range(40):
        seen.add(env("kinship_relations").sample(25, seed).answer)
    assert {"first cousin", "great-grandfather", "great-grandmother"} & seen
    assert any(term.endswith("-in-law") for term in seen)
    problem = next(env("kinship_relations").sample(25, s) for s in range(40)
                   if env("kinship_relations").sample(25, s).answer == "first cousin")  # fmt: skip
    assert_right(problem, "Cousin")
    assert_right(problem, "a first cousin.")
    assert_wrong(problem, "uncle", "not uncle")
    for bad in ("", "second cousin", "cousin or uncle", "x" * 100):
        assert not score(problem, bad).format_ok, bad


# -- cryptarithm ------------------------------------------------------------------------------------------


def cryptarithm_from_prompt(prompt: str):
    """(addends, result) from the equation line; a subtraction C - B = A is the sum A + B = C."""
    line = re.search(r"^([A-Z][A-Z +=-]+)$", prompt, re.M).group(1)
    left, right = line.split(" = ")
    if " - " in left:
        minuend, subtrahend = left.split(" - ")
        return [right, subtrahend], minuend
    return left.split(" + "), right


def alphametic_solutions(addends, result):
    """Every assignment, found by trying digits letter by letter, units column first: after the letters of the
    lowest k columns are fixed, the sum must already hold modulo 10^k."""
    weight = {}
    for word, sign in [*((w, 1) for w in addends), (result, -1)]:
        for position, letter in enumerate(reversed(word)):
            weight[letter] = weight.get(letter, 0) + sign * 10**position
    order, depth_of = [], []
    for k in range(len(result)):
        for word in [*addends, result]:
            if k < len(word) and word[-1 - k] not in order:
                order.append(word[-1 - k])
        depth_of.append(len(order))
    leading = {w[0] for w in [*addends, result] if len(w) > 1}
    solutions = []

    def extend(assigned, partial):
        n = len(assigned)
        for k, depth in enumerate(depth_of):
            if depth == n and partial % 10 ** (k + 1) != 0:
                return
        if n == len(order):
            if partial == 0:
                solutions.append(dict(zip(order, assigned)))
            return
        for digit in range(10):
            if digit in assigned or (digit == 0 and order[n] in leading):
                continue
            extend([*assigned, digit], partial + weight[order[n]] * digit)

    extend([], 0)
    return solutions


def test_cryptarithm_has_exactly_the_reference_solution():
    for difficulty in [0, 1, 2, 4, 7, 11, 16, 21, 26, 30]:
        for seed in range(2):
            problem = env("cryptarithm").sample(difficulty, seed)
            addends, result = cryptarithm_from_prompt(problem.prompt)
            assert sum(map(len, addends)) + len(result) == problem.size
            solutions = alphametic_solutions(addends, result)
            assert len(solutions) == 1, (difficulty, seed)
            assert ", ".join(f"{c}={d}" for c, d in sorted(solutions[0].items())) == problem.answer


def test_cryptarithm_accepts_any_order_and_rejects_broken_assignments():
    problem = next(p for s in range(20) if " - " in (p := env("cryptarithm").sample(3, s)).prompt)
    pairs = problem.answer.split(", ")
    assert_right(problem, "\n".join(reversed(pairs)))
    assert_right(problem, " ".join(p.replace("=", " = ").lower() for p in pairs))
    value = dict(p.split("=") for p in pairs)
    a, b = sorted(value)[:2]
    swapped = {**value, a: value[b], b: value[a]}
    assert_wrong(problem, ", ".join(f"{c}={d}" for c, d in swapped.items()), "")
    same = {**value, a: value[b]}
    assert_wrong(problem, ", ".join(f"{c}={d}" for c, d in same.items()), "same digit")
    assert not score(problem, ", ".join(pairs[:-1])).format_ok
    assert not score(problem, problem.answer + ", " + pairs[0]).format_ok
    assert not score(problem, problem.answer.replace("=", "=1", 1)).format_ok  # a two-digit "digit"
    assert not score(problem, "").format_ok


# -- logic_grid_negative_clues ----------------------------------------------------------------------------


def grid_from_prompt(prompt: str):
    """(names, per category its values, the clues as predicates over owner[(category, value)] -> person)."""
    names = re.search(r"^\d+ people, (.+?), each have exactly one value", prompt, re.M).group(1).split(", ")
    categories = re.findall(r"^- ([a-z ]+\d*): (.+)$", prompt, re.M)
    phrase = {}  # "the person who keeps the dog" -> (category index, value)
    for index, (category, listed) in enumerate(categories):
        template = next(t for name, t, _ in ATTRIBUTES if name == category)
        for value in listed.split(", "):
            phrase[template.format(v=value).lower()] = (index, value)

    def who(text):
        return ("person", text) if text in names else ("value", phrase[text.lower()])

    clues = []
    for text in re.findall(r"^\d+\. (.+)\.$", prompt, re.M):
        if " is either " in text:
            left, right = text.split(" is either ")
            clues.append(("either", who(left), [who(x) for x in right.split(" or ")]))
        elif " is not " in text:
            left, right = text.split(" is not ")
            clues.append(("not", who(left), [who(right)]))
        else:
            left, right = text.split(" is ")
            clues.append(("is", who(left), [who(right)]))
    return names, [listed.split(", ") for _, listed in categories], clues


def grid_solutions(names, values, clues):
    """Every matching, by permutations of the people for each category, filtered clue by clue."""

    def person_of(thing, owner):
        return thing[1] if thing[0] == "person" else owner[thing[1]]

    def ok(clue, owner):
        kind, left, rights = clue
        a = person_of(left, owner)
        people = [person_of(r, owner) for r in rights]
        if None in people or a is None:
            return True  # not decided yet
        if kind == "either":
            return sum(a == p for p in people) == 1
        return (a != people[0]) if kind == "not" else (a == people[0])

    partial = [{}]
    for index, vals in enumerate(values):
        grown = []
        for owner in partial:
            for perm in itertools.permutations(names):
                trial = dict(owner)
                trial.update({(index, v): p for v, p in zip(vals, perm)})
                full = {key: trial.get(key) for i, vs in enumerate(values) for key in ((i, v) for v in vs)}
                if all(ok(clue, full) for clue in clues):
                    grown.append(trial)
        partial = grown
    return partial


def test_logic_grid_has_exactly_the_reference_matching():
    for difficulty in [0, 1, 2, 4, 6, 9, 12, 14]:
        for seed in range(2):
            problem = env("logic_grid_negative_clues").sample(difficulty, seed)
            names, values, clues = grid_from_prompt(problem.prompt)
            assert sum(kind == "is" for kind, _, _ in clues) == len(names) * len(values) - problem.size  # facts
            solutions = grid_solutions(names, values, clues)
            assert len(solutions) == 1, (difficulty, seed)
            lines = [
                f"{name}: {', '.join(v for i, vs in enumerate(values) for v in vs if solutions[0][(i, v)] == name)}"
                for name in names
            ]
            assert "\n".join(lines) == problem.answer


def test_logic_grid_accepts_any_line_order_and_rejects_swaps():
    problem = env("logic_grid_negative_clues").sample(10, 1)
    lines = problem.answer.splitlines()
    assert_right(problem, "\n".join(reversed(lines)))
    assert_right(problem, "\n".join(line.replace(":", "").upper() for line in lines))
    first, second = (line.split(": ") for line in lines[:2])
    swapped = [f"{first[0]}: {second[1]}", f"{second[0]}: {first[1]}", *lines[2:]]
    assert_wrong(problem, "\n".join(swapped), "does not hold")
    assert not score(problem, "\n".join(lines[:-1])).format_ok
    assert not score(problem, "\n".join([lines[0], *lines[:-1]])).format_ok
    assert not score(problem, "\n".join(lines).replace(",", ", zebra,", 1)).format_ok


# -- alibi_timeline ---------------------------------------------------------------------------------------


def alibi_from_prompt(prompt: str):
    room, hour = re.search(r"committed in the (\w+) at hour (\d+)", prompt).groups()
    links = re.search(r"the corridors join (.+?)\. In any one hour", prompt).group(1).split(", ")
    joined = {frozenset(link.split("-")) for link in links}
    rooms = sorted({r for link in joined for r in link} | {room})
    alibis = {}
    for name, text in re.findall(r"^(\w+): (hour 1 .+)\.$", prompt, re.M):
        alibis[name] = [step.split()[2] for step in text.split(", ")]
    said = re.findall(r"^(\w+) says: at hour (\d+) I was with (\w+) in", prompt, re.M)
    sightings = [(a, b, int(h) - 1) for a, h, b in said]
    return room, int(hour) - 1, joined, rooms, alibis, sightings


def alibi_suspects(room, hour, joined, rooms, alibis, sightings):
    """The suspects who can be the culprit: for each, every walk over all rooms is tried (itertools.product)."""
    hours = len(next(iter(alibis.values())))

    def walkable(path):
        return all(a == b or frozenset((a, b)) in joined for a, b in zip(path, path[1:]))

    possible = []
    for suspect in alibis:
        others_ok = all(
            walkable(claim) and claim[hour] != room for name, claim in alibis.items() if name != suspect
        )
        if not others_ok:
            continue
        for real in itertools.product(rooms, repeat=hours):
            if real[hour] != room or not walkable(real):
                continue
            where = {name: (real if name == suspect else claim) for name, claim in alibis.items()}
            if all(where[a][h] == where[b][h] for a, b, h in sightings if a != suspect):
                possible.append(suspect)
                break
    return possible


def test_alibi_timeline_has_exactly_the_reference_culprit():
    for difficulty in range(0, 12):
        for seed in range(2):
            problem = env("alibi_timeline").sample(difficulty, seed)
            case = alibi_from_prompt(problem.prompt)
            assert len(case[4]) == problem.size
            assert alibi_suspects(*case) == [problem.answer], (difficulty, seed)


def test_alibi_timeline_accepts_the_name_only():
    problem = env("alibi_timeline").sample(9, 4)
    assert_right(problem, problem.answer.lower() + ".")
    others = [name for name in alibi_from_prompt(problem.prompt)[4] if name != problem.answer]
    assert_wrong(problem, others[0], "cannot be the culprit")
    for bad in ("", f"{problem.answer} or {others[0]}", "Nobody", f"{problem.answer}, {others[0]}"):
        assert not score(problem, bad).format_ok, bad
