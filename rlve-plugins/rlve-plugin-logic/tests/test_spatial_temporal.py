"""Tests for the spatial and temporal wave: rcc8_reasoning, die_rolling, gear_train, meeting_slot,
time_zone_travel, cardinal_directions, cube_net_folding. Every instance is rebuilt from its prompt text and
solved independently (a composition table derived from rectangles, 3-D vectors, networkx, a minute scan,
datetime with fixed offsets, sympy, rotation matrices)."""

from __future__ import annotations

import datetime
import functools
import itertools
import re
from fractions import Fraction

import networkx as nx
import pytest
import sympy
from logic_test_helpers import assert_right, assert_wrong, env

SEEDS = range(6)


# --- logic/rcc8_reasoning --------------------------------------------------------------------------------------

_RCC8 = ("DC", "EC", "PO", "EQ", "TPP", "NTPP", "TPPi", "NTPPi")


def _rectangles_relation(x, y) -> str:
    """RCC-8 between closed rectangles (x0, x1, y0, y1), from the sets of points they share."""
    inner_x = max(x[0], y[0]) < min(x[1], y[1])
    inner_y = max(x[2], y[2]) < min(x[3], y[3])
    touch = max(x[0], y[0]) <= min(x[1], y[1]) and max(x[2], y[2]) <= min(x[3], y[3])
    if not touch:
        return "DC"
    if not (inner_x and inner_y):
        return "EC"
    if x == y:
        return "EQ"

    def inside(a, b) -> tuple[bool, bool]:
        within = b[0] <= a[0] and a[1] <= b[1] and b[2] <= a[2] and a[3] <= b[3]
        return within, within and b[0] < a[0] and a[1] < b[1] and b[2] < a[2] and a[3] < b[3]

    (x_in, x_strict), (y_in, y_strict) = inside(x, y), inside(y, x)
    if x_in:
        return "NTPP" if x_strict else "TPP"
    if y_in:
        return "NTPPi" if y_strict else "TPPi"
    return "PO"


@functools.lru_cache(maxsize=1)
def _rcc8_table() -> dict[tuple[str, str], frozenset[str]]:
    """The composition table, read off every layout of three rectangles: the two axes are independent, so
    each axis contributes one representative interval triple per order type of the six endpoints."""
    intervals = [(a, b) for a in range(6) for b in range(a + 1, 6)]

    def order_type(*points):
        return tuple((p > q) - (p < q) for p, q in itertools.combinations(points, 2))

    triples = {}
    for a, b, c in itertools.product(intervals, repeat=3):
        triples.setdefault(order_type(*a, *b, *c), (a, b, c))
    table: dict[tuple[str, str], set[str]] = {}
    for xs, ys in itertools.product(triples.values(), repeat=2):
        a, b, c = ((x[0], x[1], y[0], y[1]) for x, y in zip(xs, ys))
        table.setdefault((_rectangles_relation(a, b), _rectangles_relation(b, c)), set()).add(
            _rectangles_relation(a, c)
        )
    return {key: frozenset(value) for key, value in table.items()}


def _rcc8_from_prompt(prompt: str) -> frozenset[str]:
    table = _rcc8_table()
    stated = {}
    for row, cells in re.findall(r"^- R\(X,Y\) = (\w+), then R\(Y,Z\) = (.*)$", prompt, re.M):
        for column, members in re.findall(r"(\w+): \{([^}]*)\}", cells):
            stated[(row, column)] = frozenset(members.split(", "))
    assert stated == {key: value for key, value in table.items() if "EQ" not in key}
    regions = re.search(r"^Regions (.*) are non-empty regions", prompt, re.M).group(1).split(", ")
    converse = {"TPP": "TPPi", "TPPi": "TPP", "NTPP": "NTPPi", "NTPPi": "NTPP"}
    net = {(x, y): set(_RCC8) if x != y else {"EQ"} for x in regions for y in regions}
    for x, y, rel in re.findall(r"^- R\((\w+), (\w+)\) = (\w+)$", prompt, re.M):
        net[(x, y)] = {rel}
        net[(y, x)] = {converse.get(rel, rel)}
    changed = True
    while changed:  # the plain fixpoint over all triples, not a queue
        changed = False
        for x, y, z in itertools.product(regions, repeat=3):
            if len({x, y, z}) < 3:
                continue
            through = set().union(*(table[(r, s)] for r in net[(x, y)] for s in net[(y, z)]))
            if not net[(x, z)] <= through:
                net[(x, z)] &= through
                net[(z, x)] = {converse.get(r, r) for r in net[(x, z)]}
                changed = True
    x, y = re.search(r"set of possible relations R\((\w+), (\w+)\)\?", prompt).groups()
    return frozenset(net[(x, y)])


def _rcc8_set(answer: str) -> frozenset[str]:
    return frozenset(answer.strip("{}").split(", "))


@pytest.mark.parametrize("difficulty", [0, 1, 3, 8, 17, 30])
def test_rcc8_matches_prompt(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("rcc8_reasoning").sample(difficulty, seed)
        assert _rcc8_from_prompt(problem.prompt) == _rcc8_set(problem.answer)


def test_rcc8_answers() -> None:
    answers = {env("rcc8_reasoning").sample(10, s).answer for s in range(30)}
    assert len(answers) >= 4  # the asked pair is not always left with the same set
    problem = next(p for s in range(40) if len(_rcc8_set((p := env("rcc8_reasoning").sample(6, s)).answer)) >= 3)
    members = sorted(_rcc8_set(problem.answer))
    assert_right(problem, " ".join(reversed(members)))
    assert_right(problem, "[" + ", ".join(m.lower() for m in members) + "]")
    assert_right(problem, "{" + "; ".join(members) + "}.")
    missing = next(r for r in _RCC8 if r not in members)
    for text in (
        "{" + ", ".join(members[1:]) + "}",  # one relation short
        "{" + ", ".join([*members, missing]) + "}",  # one too many
        "{" + ", ".join([*members, members[0]]) + "}",  # a duplicate
        "{" + ", ".join(members) + "} or {" + missing + "}",
        "{DX}",
        "",
        problem.answer * 2,
    ):
        assert_wrong(problem, text)


# --- logic/die_rolling -----------------------------------------------------------------------------------------

# x = east, y = north, z = up. Rolling north turns the die about the east axis so that up goes to north.
_ROLL_MATRICES = {
    "north": ((1, 0, 0), (0, 0, 1), (0, -1, 0)),
    "south": ((1, 0, 0), (0, 0, -1), (0, 1, 0)),
    "east": ((0, 0, 1), (0, 1, 0), (-1, 0, 0)),
    "west": ((0, 0, -1), (0, 1, 0), (1, 0, 0)),
}


def _turn(matrix, vector):
    return tuple(sum(m * v for m, v in zip(row, vector)) for row in matrix)


def _die_from_prompt(prompt: str) -> str:
    top, north, east = map(int, re.search(
        r"the top face shows (\d), the face towards the north shows (\d) and the face towards the east shows (\d)",
        prompt,
    ).groups())
    faces = {top: (0, 0, 1), 7 - top: (0, 0, -1), north: (0, 1, 0), 7 - north: (0, -1, 0), east: (1, 0, 0),
             7 - east: (-1, 0, 0)}
    assert len(faces) == 6
    path = re.search(r"The die rolls, in this order(?: \(N = north, S = south, E = east, W = west\))?: (.*)\.$",
                     prompt, re.M).group(1)
    letters = {"N": "north", "S": "south", "E": "east", "W": "west"}
    if re.fullmatch(r"[NSEW]( [NSEW])*", path):
        steps = [letters[step] for step in path.split()]
    else:
        steps = [way for count, way in re.findall(r"(\d+) times? (\w+)", path) for _ in range(int(count))]
    for way in steps:
        faces = {face: _turn(_ROLL_MATRICES[way], normal) for face, normal in faces.items()}
    facing = {normal: face for face, normal in faces.items()}
    if "on the north face at the end" in prompt:
        return f"{facing[(0, 0, 1)]}, {facing[(0, 1, 0)]}"
    return str(facing[(0, 0, 1)])


@pytest.mark.parametrize("difficulty", [0, 2, 4, 7, 8, 15, 30, 200])
def test_die_matches_prompt(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("die_rolling").sample(difficulty, seed)
        assert _die_from_prompt(problem.prompt) == problem.answer


def test_die_answers() -> None:
    single = env("die_rolling").sample(1, 0)
    top = int(single.answer)
    for text in (f"{top}", f"top = {top}", f" {top}. ", f"Top face: {top}"):
        assert_right(single, text)
    for text in (f"{7 - top}", f"{top % 6 + 1}", f"{top}{top}", f"{top} or {7 - top}", "seven", "", "0"):
        assert_wrong(single, text)
    both = env("die_rolling").sample(12, 3)
    top, north = map(int, both.answer.split(", "))
    for text in (f"{top}, {north}", f"{top} {north}", f"top {top}, north {north}", f"top: {top}; north: {north}"):
        assert_right(both, text)
    for text in (f"{north}, {top}", f"{top}, {7 - north}", f"{top}", f"{top}, {north}, 1", f"{top}{north}"):
        assert_wrong(both, text)


# --- logic/gear_train ------------------------------------------------------------------------------------------

def _gears_from_prompt(prompt: str) -> str:
    teeth = {name: int(count) for name, count in re.findall(r"^- (G\d+) has (\d+) teeth\.$", prompt, re.M)}
    meshes = re.findall(r"^- (G\d+) meshes with (G\d+)\.$", prompt, re.M)
    axles = re.findall(r"^- (G\d+) and (G\d+) are fixed on the same axle\.$", prompt, re.M)
    first = int(re.search(r"G1 is driven clockwise at (\d+) revolutions", prompt).group(1))
    target = re.search(r"how fast does (G\d+) turn\?", prompt).group(1)
    # Gears on one axle are one body: contract them, then the meshes must two-colour the bodies.
    bodies = nx.Graph(axles)
    bodies.add_nodes_from(teeth)
    body = {gear: min(part) for part in nx.connected_components(bodies) for gear in part}
    mesh_graph = nx.MultiGraph((body[a], body[b]) for a, b in meshes)
    mesh_graph.add_nodes_from(set(body.values()))
    if nx.number_of_selfloops(mesh_graph) or not nx.is_bipartite(mesh_graph):
        return "jammed"
    graph = nx.Graph()
    graph.add_edges_from(meshes, mesh=True)
    graph.add_edges_from(axles, mesh=False)
    speed = {"G1": Fraction(first)}
    for a, b in nx.bfs_edges(graph, "G1"):
        speed[b] = -speed[a] * teeth[a] / teeth[b] if graph[a][b]["mesh"] else speed[a]
    for a, b in meshes:  # speeds must agree on every link, not only on the tree's
        assert speed[a] * teeth[a] == -speed[b] * teeth[b]
    for a, b in axles:
        assert speed[a] == speed[b]
    value = speed[target]
    return f"{'clockwise' if value > 0 else 'counterclockwise'} {abs(value)}"


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3, 7, 16, 30])
def test_gears_match_prompt(difficulty: int) -> None:
    for seed in range(10):
        problem = env("gear_train").sample(difficulty, seed)
        assert _gears_from_prompt(problem.prompt) == problem.answer


def test_gear_answers() -> None:
    answers = [env("gear_train").sample(12, s).answer for s in range(40)]
    assert 4 <= answers.count("jammed") <= 20  # about a quarter of the trains jam
    problem = next(p for s in range(40) if "/" in (p := env("gear_train").sample(12, s)).answer)
    direction, value = problem.answer.split()
    speed = Fraction(value)
    other = "counterclockwise" if direction == "clockwise" else "clockwise"
    for text in (
        f"{direction} {speed.numerator * 2}/{speed.denominator * 2}",
        f"{direction.upper()}, {value} rpm",
        f"{value} rpm {direction}",
        f"{'cw' if direction == 'clockwise' else 'anticlockwise'} {value}",
        f"{direction} at {value} rpm",
    ):
        assert_right(problem, text)
    for text in (f"{other} {value}", f"{direction} {speed + 1}", f"{direction} {1 / speed}", "jammed", value,
                 direction, f"{direction} {value} or {other} {value}", problem.answer * 2, ""):
        assert_wrong(problem, text)
    jammed = next(p for s in range(40) if (p := env("gear_train").sample(12, s)).answer == "jammed")
    assert_right(jammed, "Jammed.")
    for text in ("clockwise 10", "counterclockwise 1/2", "stuck", "jammed jammed"):
        assert_wrong(jammed, text)


# --- logic/meeting_slot ----------------------------------------------------------------------------------------

_DAY = datetime.date(2030, 6, 3)


def _utc_minute(clock_text: str, zone: datetime.timezone) -> int:
    local = datetime.datetime.combine(_DAY, datetime.time.fromisoformat(clock_text), tzinfo=zone)
    utc = local.astimezone(datetime.timezone.utc)
    assert utc.date() == _DAY  # the prompt promises one UTC day
    return utc.hour * 60 + utc.minute


def _meeting_from_prompt(prompt: str) -> str:
    length = int(re.search(r"want a meeting of (\d+) minutes", prompt).group(1))
    free = [True] * (24 * 60)  # minute m of the UTC day is usable by everyone
    pattern = r"^- \w+(?: \(local time is UTC([+-])(\d\d):(\d\d)\))?: works (\S+)-(\S+); busy (.*)\.$"
    people = re.findall(pattern, prompt, re.M)
    assert people
    for sign, hours, minutes, start, end, busy in people:
        offset = datetime.timedelta(hours=int(hours or 0), minutes=int(minutes or 0))
        zone = datetime.timezone(-offset if sign == "-" else offset)
        working = range(_utc_minute(start, zone), _utc_minute(end, zone))
        for minute in range(24 * 60):
            free[minute] &= minute in working
        for a, b in (part.split("-") for part in busy.split(", ") if busy != "nothing"):
            for minute in range(_utc_minute(a, zone), _utc_minute(b, zone)):
                free[minute] = False
    for begin in range(24 * 60 - length + 1):
        if all(free[begin : begin + length]):
            return f"{begin // 60:02d}:{begin % 60:02d}"
    return "none"


@pytest.mark.parametrize("difficulty", [0, 2, 3, 6, 10, 21, 30])
def test_meeting_matches_minute_scan(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("meeting_slot").sample(difficulty, seed)
        assert _meeting_from_prompt(problem.prompt) == problem.answer


def test_meeting_answers() -> None:
    answers = [env("meeting_slot").sample(20, s).answer for s in range(40)]
    assert 2 <= answers.count("none") <= 15 and len(set(answers)) >= 10
    problem = next(p for s in range(40) if (p := env("meeting_slot").sample(20, s)).answer != "none")
    hours, minutes = map(int, problem.answer.split(":"))
    for text in (problem.answer, f"{hours}:{minutes:02d}", f"{problem.answer} UTC", f" {problem.answer}. "):
        assert_right(problem, text)
    later = hours * 60 + minutes + 5
    for text in (f"{later // 60:02d}:{later % 60:02d}", "none", f"{hours}", f"{hours:02d}:{minutes:02d}:00",
                 "25:00", f"{problem.answer} or 23:00", problem.answer * 2, ""):
        assert_wrong(problem, text)
    nothing = next(p for s in range(40) if (p := env("meeting_slot").sample(20, s)).answer == "none")
    assert_right(nothing, "None")
    assert_wrong(nothing, "12:00")


# --- logic/time_zone_travel ------------------------------------------------------------------------------------

def _zone(text: str) -> datetime.timezone:
    sign, hours, minutes = re.fullmatch(r"UTC([+-])(\d\d):(\d\d)", text).groups()
    offset = datetime.timedelta(hours=int(hours), minutes=int(minutes))
    return datetime.timezone(-offset if sign == "-" else offset)


def _travel_from_prompt(prompt: str) -> str:
    zones = {code: _zone(text) for code, text in re.findall(r"^- (\w+): (UTC\S+)$", prompt, re.M)}
    switch = re.search(r"^- (\w+): (UTC\S+) before (\S+ \S+) UTC, and (UTC\S+) from that instant on", prompt, re.M)
    first = re.search(r"^1\. The first flight leaves (\w+) at (\S+ \S+) local time and flies for (\d+) h (\d+) min, "
                      r"to (\w+)\.$", prompt, re.M)
    origin, start, hours, minutes, here = first.groups()
    now = datetime.datetime.fromisoformat(start).replace(tzinfo=zones[origin])
    now += datetime.timedelta(hours=int(hours), minutes=int(minutes))
    pattern = (r"^\d+\. The traveller (?:takes the first flight leaving (\w+) at (\d\d):(\d\d) local time after "
               r"landing|waits (\d+) h (\d+) min in (\w+), then takes a flight), flying for (\d+) h (\d+) min, to "
               r"(\w+)\.$")
    for at, clock_h, clock_m, wait_h, wait_m, waited_in, fly_h, fly_m, there in re.findall(pattern, prompt, re.M):
        assert (at or waited_in) == here
        if at:
            local = now.astimezone(zones[at])
            departure = local.replace(hour=int(clock_h), minute=int(clock_m))
            if departure <= local:
                departure += datetime.timedelta(days=1)
            now = departure
        else:
            now += datetime.timedelta(hours=int(wait_h), minutes=int(wait_m))
        now += datetime.timedelta(hours=int(fly_h), minutes=int(fly_m))
        here = there
    assert re.search(rf"What is the local date and time in {here} when", prompt)
    if switch and switch.group(1) == here:
        instant = datetime.datetime.fromisoformat(switch.group(3)).replace(tzinfo=datetime.timezone.utc)
        zone = _zone(switch.group(2) if now < instant else switch.group(4))
    else:
        zone = zones[here]
    return now.astimezone(zone).strftime("%Y-%m-%d %H:%M")


@pytest.mark.parametrize("difficulty", [0, 1, 3, 5, 7, 10, 14, 30])
def test_travel_matches_datetime(difficulty: int) -> None:
    for seed in range(8):
        problem = env("time_zone_travel").sample(difficulty, seed)
        assert _travel_from_prompt(problem.prompt) == problem.answer


def test_travel_answers() -> None:
    problems = [env("time_zone_travel").sample(12, s) for s in range(12)]
    assert any("daylight-saving" in p.prompt for p in problems)
    problem = problems[0]
    arrival = datetime.datetime.fromisoformat(problem.answer)
    for text in (problem.answer, arrival.strftime("%Y-%m-%dT%H:%M"), f"{problem.answer} local time",
                 f"{arrival.year}-{arrival.month}-{arrival.day} {arrival.hour}:{arrival.minute:02d}"):
        assert_right(problem, text)
    for delta in (datetime.timedelta(hours=1), datetime.timedelta(hours=-1), datetime.timedelta(days=1)):
        assert_wrong(problem, (arrival + delta).strftime("%Y-%m-%d %H:%M"))
    for text in (arrival.strftime("%H:%M"), arrival.strftime("%Y-%m-%d"), "2023-02-30 10:00", "", problem.answer * 2,
                 f"{problem.answer} or {(arrival + datetime.timedelta(hours=1)).strftime('%Y-%m-%d %H:%M')}"):
        assert_wrong(problem, text)


# --- logic/cardinal_directions ---------------------------------------------------------------------------------

_COMPASS = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}


def _directions_from_prompt(prompt: str) -> str:
    equations: tuple[list, list] = ([], [])  # east-west and north-south equations, linear in the symbols
    symbols: dict[str, tuple[sympy.Symbol, sympy.Symbol]] = {}

    def point(name: str):
        return symbols.setdefault(name, (sympy.Symbol(f"x_{name}"), sympy.Symbol(f"y_{name}")))

    for a, rest, b in re.findall(r"^- (\w+) is (.*) of (\w+)\.$", prompt, re.M):
        (xa, ya), (xb, yb) = point(a), point(b)
        if found := re.fullmatch(r"somewhere directly (\w+)", rest):
            ex, ey = _COMPASS[found.group(1)]
            equations[0 if ex == 0 else 1].append((xa - xb) if ex == 0 else (ya - yb))
            continue
        dx = dy = 0
        for amount, way in re.findall(r"(\d+) (north|south|east|west)", rest):
            dx, dy = dx + int(amount) * _COMPASS[way][0], dy + int(amount) * _COMPASS[way][1]
        equations[0].append(xa - xb - dx)
        equations[1].append(ya - yb - dy)
    for a, amount, way, b, _ in re.findall(
        r"^- (\w+) is (\d+) further (\w+) than (\w+), at an unstated (east-west|north-south) position\.$", prompt, re.M
    ):
        (xa, ya), (xb, yb) = point(a), point(b)
        ex, ey = _COMPASS[way]
        if ex:
            equations[0].append(xa - xb - ex * int(amount))
        else:
            equations[1].append(ya - yb - ey * int(amount))
    x, y = re.search(r"Where is (\w+) relative to (\w+)\?", prompt).groups()
    found = []
    for axis in (0, 1):
        unknowns = [pair[axis] for pair in symbols.values()]
        (solution,) = sympy.linsolve(equations[axis], unknowns)
        value = dict(zip(unknowns, solution))
        gap = sympy.simplify(value[point(x)[axis]] - value[point(y)[axis]])
        if gap.free_symbols:
            return "cannot be determined"
        found.append(int(gap))
    dx, dy = found
    parts = [f"{abs(dy)} {'north' if dy > 0 else 'south'}"] * (dy != 0) + [
        f"{abs(dx)} {'east' if dx > 0 else 'west'}"] * (dx != 0)
    return ", ".join(parts) or "same place"


@pytest.mark.parametrize("difficulty", [0, 1, 2, 5, 11, 20, 30])
def test_directions_match_sympy(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("cardinal_directions").sample(difficulty, seed)
        assert _directions_from_prompt(problem.prompt) == problem.answer


def test_directions_answers() -> None:
    answers = [env("cardinal_directions").sample(9, s).answer for s in range(30)]
    assert 4 <= answers.count("cannot be determined") <= 20
    problem = next(p for s in range(30) if re.fullmatch(r"\d+ \w+, \d+ \w+",
                                                        (p := env("cardinal_directions").sample(9, s)).answer))
    (ns_amount, ns), (ew_amount, ew) = (part.split() for part in problem.answer.split(", "))
    flip = {"north": "south", "south": "north", "east": "west", "west": "east"}
    for text in (f"{ew_amount} {ew}, {ns_amount} {ns}", f"{ns_amount} {ns} and {ew_amount} {ew}",
                 f"{ns_amount}{ns[0].upper()}, {ew_amount}{ew[0].upper()}", f"{ns_amount} units {ns} {ew_amount} {ew}"):
        assert_right(problem, text)
    for text in (f"{ns_amount} {flip[ns]}, {ew_amount} {ew}", f"{int(ns_amount) + 1} {ns}, {ew_amount} {ew}",
                 f"{ns_amount} {ns}", "cannot be determined", f"{ns_amount} {ns}, {ew_amount} {ew}, 1 north",
                 f"-{ns_amount} {flip[ns]}, {ew_amount} {ew}", f"{ns_amount} {ns}, {ew_amount} {ew} maybe",
                 f"{ns_amount} {ns} or {ew_amount} {ew}", problem.answer * 2, "somewhere", ""):
        assert_wrong(problem, text)
    unknown = next(p for s in range(30) if (p := env("cardinal_directions").sample(9, s)).answer.startswith("cannot"))
    assert_right(unknown, "Cannot be determined.")
    assert_right(unknown, "undetermined")
    assert_wrong(unknown, "same place")
    assert_wrong(unknown, "2 north")


# --- logic/cube_net_folding ------------------------------------------------------------------------------------

def _rotate(point, pivot, axis, sign):
    """``point`` turned a quarter about the line through ``pivot`` along the unit ``axis`` (Rodrigues' formula
    with cos = 0, sin = sign): R v = (u.v) u + sign (u x v)."""
    v = [p - q for p, q in zip(point, pivot)]
    dot = sum(a * b for a, b in zip(axis, v))
    cross = (axis[1] * v[2] - axis[2] * v[1], axis[2] * v[0] - axis[0] * v[2], axis[0] * v[1] - axis[1] * v[0])
    return tuple(q + dot * u + sign * c for q, u, c in zip(pivot, axis, cross))


def _fold_net(rows: list[str]) -> dict[str, dict[str, tuple]]:
    """Each face's drawn corners (top-left, ...) in space, after folding the flat net hinge by hinge."""
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row.split()) if ch != "."}
    corners = {cell: {"top-left": (cell[1], -cell[0], 0), "top-right": (cell[1] + 1, -cell[0], 0),
                      "bottom-left": (cell[1], -cell[0] - 1, 0), "bottom-right": (cell[1] + 1, -cell[0] - 1, 0)}
               for cell in cells}
    root = next(iter(cells))
    doubled_centre = (2 * root[1] + 1, -2 * root[0] - 1, 1)  # twice the cube's centre: above the root face
    tree = nx.bfs_tree(nx.grid_2d_graph(len(rows), 8).subgraph(cells), root)
    for parent, child in nx.bfs_edges(tree, root):
        shared = sorted(set(corners[parent].values()) & set(corners[child].values()))
        axis = tuple(b - a for a, b in zip(*shared))
        moving = nx.descendants(tree, child) | {child}
        for sign in (1, -1):
            turned = {cell: {k: _rotate(p, shared[0], axis, sign) for k, p in corners[cell].items()} for cell in moving}
            centre = [sum(p[i] for p in turned[child].values()) for i in range(3)]  # four times the centre
            if sum((c - 2 * d) ** 2 for c, d in zip(centre, doubled_centre)) == 4:  # half a unit from the centre
                corners.update(turned)
                break
        else:
            raise AssertionError("a hinge that cannot fold onto the cube")
    return {cells[cell]: corners[cell] for cell in cells}


def _cube_from_prompt(prompt: str) -> list[frozenset[str]]:
    faces = {}
    for block in re.findall(r"^Net \d+:\n((?:[A-Z.](?: [A-Z.])*\n?)+)", prompt, re.M):
        folded = _fold_net(block.strip().splitlines())
        assert len({frozenset(c.values()) for c in folded.values()}) == 6  # six different faces of one cube
        faces.update({name: (folded, corners) for name, corners in folded.items()})
    answers = []
    for question in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        name = re.search(r"face ([A-Z])\b", question).group(1)
        folded, corners = faces[name]
        if "opposite" in question:
            (other,) = [n for n, c in folded.items() if not set(c.values()) & set(corners.values())]
            answers.append(frozenset(other))
        elif found := re.search(r"along the (\w+) edge", question):
            side = found.group(1)
            edge = {p for k, p in corners.items() if side in k}
            (other,) = [n for n, c in folded.items() if n != name and edge <= set(c.values())]
            answers.append(frozenset(other))
        else:
            corner = corners[re.search(r"at the (\S+) corner", question).group(1)]
            answers.append(frozenset(n for n, c in folded.items() if corner in c.values()))
    return answers


def _cube_answers(answer: str) -> list[frozenset[str]]:
    return [frozenset(line.split(": ")[1].split(", ")) for line in answer.splitlines()]


@pytest.mark.parametrize("difficulty", [0, 1, 2, 4, 9, 13, 30])
def test_cube_matches_rotations(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("cube_net_folding").sample(difficulty, seed)
        assert _cube_from_prompt(problem.prompt) == _cube_answers(problem.answer)


def test_cube_answers() -> None:
    problem = next(p for s in range(30) if ", " in (p := env("cube_net_folding").sample(5, s)).answer)
    lines = problem.answer.splitlines()
    bare = [line.split(": ")[1] for line in lines]
    reordered = [", ".join(reversed(item.split(", "))) for item in bare]
    for text in ("\n".join(bare), "\n".join(f"{n + 1}. {{{item}}}" for n, item in enumerate(reordered)),
                 problem.answer.lower()):
        assert_right(problem, text)
    corner = next(n for n, item in enumerate(bare) if ", " in item)
    single = next(n for n, item in enumerate(bare) if ", " not in item)
    unused = next(ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch not in problem.answer)
    broken = [list(bare) for _ in range(5)]
    broken[0][single] = unused  # a wrong face
    broken[1][corner] = bare[corner][:-1] + unused  # one face of a corner wrong
    broken[2][corner] = bare[corner].split(", ")[0]  # a corner with one face
    broken[3][single] = f"{bare[single]}, {unused}"  # two faces for one
    broken[4] = broken[4][:-1]  # a line missing
    for lines_given in broken:
        assert_wrong(problem, "\n".join(lines_given))
    swapped = "\n".join(f"{n + 2 if n % 2 == 0 else n}: {item}" for n, item in enumerate(bare))
    for text in (swapped, "", problem.answer + "\n" + problem.answer, "\n".join(bare).replace("\n", " ")):
        assert_wrong(problem, text)
