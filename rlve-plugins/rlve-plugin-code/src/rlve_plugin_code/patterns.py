"""Regular expressions as small trees: drawn at random, written in Python's re syntax, sampled, matched.

The matcher here is ours (memoised end positions, polynomial in pattern and string size), so drawing
positive and negative examples never runs a backtracking engine on a pattern that could blow up.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# Precedence when writing a pattern: alternation < concatenation < quantified atom.
ALT, CONCAT, ATOM = 0, 1, 2


@dataclass(frozen=True)
class Node:
    kind: str  # lit, class, concat, alt, star, plus, opt, repeat
    text: str = ""  # lit: the character; class: the characters
    parts: tuple[Node, ...] = ()
    low: int = 0  # repeat {low,high}
    high: int = 0

    @property
    def leaves(self) -> int:
        return 1 if self.kind in ("lit", "class") else sum(part.leaves for part in self.parts)


def render(node: Node) -> str:
    return _render(node)[0]


def _render(node: Node) -> tuple[str, int]:
    if node.kind == "lit":
        return node.text, ATOM
    if node.kind == "class":
        return f"[{node.text}]", ATOM
    if node.kind == "concat":
        return "".join(_wrap(part, CONCAT) for part in node.parts), CONCAT
    if node.kind == "alt":
        return "|".join(_wrap(part, ALT) for part in node.parts), ALT
    inner = _wrap(node.parts[0], ATOM, strict=True)
    suffix = {"star": "*", "plus": "+", "opt": "?"}.get(node.kind)
    if suffix is None:
        suffix = f"{{{node.low}}}" if node.low == node.high else f"{{{node.low},{node.high}}}"
    return inner + suffix, ATOM


def _wrap(node: Node, level: int, strict: bool = False) -> str:
    text, own = _render(node)
    # A quantifier applies to one atom: anything else under it (even another quantifier) needs a group.
    if own < level or (strict and node.kind not in ("lit", "class")):
        return f"({text})"
    return text


# -- drawing --------------------------------------------------------------------------------------------


def draw(rng: random.Random, leaves: int, alphabet: str) -> Node:
    """A pattern with exactly ``leaves`` literal or class leaves."""
    if leaves == 1:
        node = _leaf(rng, alphabet)
        return _maybe_quantify(rng, node, 0.3)
    left = rng.randint(1, leaves - 1)
    parts = (draw(rng, left, alphabet), draw(rng, leaves - left, alphabet))
    options = tuple(dict.fromkeys(_flatten("alt", parts)))  # b|a|b says no more than b|a
    if rng.random() < 0.3 and len(options) > 1:
        node = Node("alt", parts=options)
    else:
        node = Node("concat", parts=_flatten("concat", parts))
    return _maybe_quantify(rng, node, 0.25)


def _leaf(rng: random.Random, alphabet: str) -> Node:
    if len(alphabet) > 2 and rng.random() < 0.2:
        return Node("class", text="".join(sorted(rng.sample(alphabet, 2))))
    return Node("lit", text=rng.choice(alphabet))


def _fixed(node: Node) -> bool:
    """A fixed-length sequence of literals and classes: the only thing a quantifier is put on.

    Star height one, no alternation under a quantifier: such patterns cannot make a backtracking
    engine like Python's re blow up the way (a|aa)* or (a*)* do.
    """
    return node.kind in ("lit", "class") or (node.kind == "concat" and all(_fixed(part) for part in node.parts))


def _maybe_quantify(rng: random.Random, node: Node, chance: float) -> Node:
    if rng.random() >= chance or not _fixed(node) or node.leaves > 3:
        return node
    kind = rng.choice(["star", "plus", "opt", "repeat"])
    if kind == "repeat":
        low = rng.randint(0, 2)
        high = low + rng.randint(0 if low >= 2 else 1, 2)  # never {1} or {0}: they say nothing
        return Node("repeat", parts=(node,), low=low, high=high)
    return Node(kind, parts=(node,))


def _flatten(kind: str, parts: tuple[Node, ...]) -> tuple[Node, ...]:
    flat: list[Node] = []
    for part in parts:
        flat.extend(part.parts if part.kind == kind else (part,))
    return tuple(flat)


# -- sampling strings -------------------------------------------------------------------------------------


def sample(node: Node, rng: random.Random, max_repeat: int = 3) -> str:
    if node.kind == "lit":
        return node.text
    if node.kind == "class":
        return rng.choice(node.text)
    if node.kind == "concat":
        return "".join(sample(part, rng, max_repeat) for part in node.parts)
    if node.kind == "alt":
        return sample(rng.choice(node.parts), rng, max_repeat)
    low, high = {"star": (0, max_repeat), "plus": (1, max_repeat), "opt": (0, 1)}.get(node.kind, (node.low, node.high))
    return "".join(sample(node.parts[0], rng, max_repeat) for _ in range(rng.randint(low, high)))


# -- matching ----------------------------------------------------------------------------------------------


def matches(node: Node, text: str) -> bool:
    """Whether ``node`` matches all of ``text`` (re.fullmatch semantics), in polynomial time.

    ``_ends(node, i)`` is the set of positions where a match of ``node`` starting at ``i`` can end,
    as a bit mask, memoised per (node, start).
    """
    memo: dict[tuple[int, int], int] = {}
    return bool(_ends(node, text, 0, memo) >> len(text) & 1)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _ends(node: Node, text: str, start: int, memo: dict) -> int:
    key = (id(node), start)
    if key in memo:
        return memo[key]
    kind = node.kind
    if kind == "lit":
        result = 1 << (start + 1) if start < len(text) and text[start] == node.text else 0
    elif kind == "class":
        result = 1 << (start + 1) if start < len(text) and text[start] in node.text else 0
    elif kind == "concat":
        positions = 1 << start
        for part in node.parts:
            reached = 0
            for p in _bits(positions):
                reached |= _ends(part, text, p, memo)
            positions = reached
        result = positions
    elif kind == "alt":
        result = 0
        for part in node.parts:
            result |= _ends(part, text, start, memo)
    else:
        child = node.parts[0]
        low, high = {"star": (0, None), "plus": (1, None), "opt": (0, 1)}.get(kind, (node.low, node.high))
        result = 0
        frontier = 1 << start
        seen = 0
        count = 0
        while frontier:
            if count >= low:
                result |= frontier
            if high is not None and count == high:
                break
            reached = 0
            for p in _bits(frontier):
                reached |= _ends(child, text, p, memo)
            count += 1
            if high is None and count > low:
                reached &= ~seen  # unbounded: positions reached before add nothing new
                seen |= reached
            frontier = reached
    memo[key] = result
    return result


# -- backtracking cost ---------------------------------------------------------------------------------------


class _TooCostly(Exception):
    pass


def backtrack(node: Node, text: str, budget: int) -> tuple[bool, int] | None:
    """Whether ``node`` fully matches ``text`` and the steps a backtracking engine such as Python's re
    spends finding out, or None past ``budget`` steps.

    The search order is re's: greedy quantifiers try the longest repetition first, alternatives are
    tried left to right, and every node visit is a step. Strings that are cheap here are cheap for re,
    whatever nested quantifiers the pattern has. Deterministic, unlike timing the real engine.
    """
    steps = [0]

    def step() -> None:
        steps[0] += 1
        if steps[0] > budget:
            raise _TooCostly

    def match(node: Node, i: int, then) -> bool:
        step()
        kind = node.kind
        if kind in ("lit", "class"):
            ok = i < len(text) and (text[i] == node.text if kind == "lit" else text[i] in node.text)
            return ok and then(i + 1)
        if kind == "concat":
            return chain(node.parts, 0, i, then)
        if kind == "alt":
            return any(match(part, i, then) for part in node.parts)
        child = node.parts[0]
        low, high = {"star": (0, None), "plus": (1, None), "opt": (0, 1)}.get(kind, (node.low, node.high))

        def repeat(j: int, count: int) -> bool:
            if high is None or count < high:
                # Beyond the required count, an iteration that consumes nothing would loop forever.
                if match(child, j, lambda end: (end != j or count < low) and repeat(end, count + 1)):
                    return True
            return count >= low and then(j)

        return repeat(i, 0)

    def chain(parts: tuple[Node, ...], index: int, i: int, then) -> bool:
        if index == len(parts):
            return then(i)
        return match(parts[index], i, lambda end: chain(parts, index + 1, end, then))

    try:
        matched = match(node, 0, lambda end: end == len(text))
    except (_TooCostly, RecursionError):
        return None
    return matched, steps[0]
