"""Bounded readers for the answers of this pack: node lists, edge lists, groups of nodes, flows.

They build on ``rlve.parse`` and follow its rules: sizes are capped by the instance (never by the
answer), nothing is evaluated, every regular expression is linear, and anything unreadable raises
``ParseError``. Node numbers outside 0..n-1 are unreadable too: they name no node of the graph.
"""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import parse_int, parse_int_list, parse_int_pairs, split_items

#: An innermost bracketed group: ``[0, 3]``, ``(1 2)``, ``{4}``.
_GROUP = re.compile(r"[\[({]([^\[\](){}]*)[\])}]")
_GROUP_SEPARATORS = re.compile(r"[;|\n]+")
_SPACED_DASH = re.compile(r"[ \t]*-[ \t]*")
_SPACED_ARROW = re.compile(r"[ \t]*(->|:)[ \t]*")
_KEYWORD = re.compile(r"\s*([A-Za-z]+)\s*[:,.]?")
_ARC = re.compile(r"([0-9]{1,7})->([0-9]{1,7}):([0-9]+)")
_PLAIN_ARC = re.compile(r"([0-9]{1,7})->([0-9]{1,7})")
_ARROW_WITH_SPACES = re.compile(r"[ \t]*->[ \t]*")


def _digits_for(n: int) -> int:
    """Enough digits for any node number below ``n``, plus slack for a sign or a leading zero."""
    return len(str(max(n - 1, 0))) + 2


def check_length(text: str, max_items: int, chars_per_item: int) -> str:
    """Refuse, before any scanning, a text far longer than ``max_items`` items (with generous room for
    separators, brackets and spaces) could need: a megabyte answer costs nothing to reject."""
    if len(text) > max_items * (chars_per_item + 8) + 64:
        raise ParseError(f"the answer is much longer than {max_items} items could be")
    return text


def check_nodes(nodes: list[int], n: int) -> list[int]:
    for node in nodes:
        if not 0 <= node < n:
            raise ParseError(f"{node} is not a node (nodes are 0 to {n - 1})")
    return nodes


def parse_nodes(text: str, n: int, *, max_items: int | None = None) -> list[int]:
    """Node numbers separated by spaces or commas, each in 0..n-1; at most ``max_items`` (default n + 1)."""
    limit = n + 1 if max_items is None else max_items
    check_length(text, limit, _digits_for(n))
    return check_nodes(parse_int_list(text, max_items=limit, max_digits=_digits_for(n)), n)


def parse_edges(text: str, n: int, *, max_items: int) -> list[tuple[int, int]]:
    """Pairs of nodes written ``u-v``, ``(u, v)`` or ``u v; u v``; at most ``max_items`` pairs."""
    s = _SPACED_DASH.sub("-", check_length(text, max_items, 2 * _digits_for(n)).strip())
    pairs = parse_int_pairs(s, max_items=max_items, max_digits=_digits_for(n))
    for u, v in pairs:
        check_nodes([u, v], n)
    return pairs


def is_none_word(text: str) -> bool:
    """True for an answer that says "there are none" in one of the usual words."""
    return text.strip().strip(".").lower() in {"none", "no", "empty", "nothing", "-"}


def split_keyword(text: str, keywords: tuple[str, ...]) -> tuple[str, str]:
    """``("yes", "0 1 1")`` from ``"yes 0 1 1"``, ``"Yes: 0 1 1"`` or ``"no, 2 5 7"``.

    The leading word must be one of ``keywords`` (case-insensitive); the rest is returned stripped.
    """
    match = _KEYWORD.match(text)
    word = match.group(1).lower() if match else ""
    if word not in keywords:
        raise ParseError(f"the answer must start with {' or '.join(keywords)}, got {text.strip()[:20]!r}")
    return word, text[match.end() :].strip()


def parse_groups(text: str, n: int) -> list[list[int]]:
    """Groups of nodes: ``0 3 5; 1 2; 4`` (also ``|`` or one group per line) or ``[0, 3, 5], [1, 2], [4]``.

    Returns the groups as written; the caller checks that they partition the nodes.
    """
    s = check_length(text, n, _digits_for(n)).strip()
    if any(ch in s for ch in "[({"):
        raw = _GROUP.findall(s)
        leftover = _GROUP.sub(" ", s).strip()
        if leftover[:1] in ("[", "(", "{") and leftover[-1:] in ("]", ")", "}"):
            leftover = leftover[1:-1]  # one pair of brackets around the whole list of groups
        if leftover.strip(" ,;|\n\t"):
            raise ParseError(f"unexpected text between groups: {leftover.strip()[:30]!r}")
        if len(raw) == 1 and _GROUP_SEPARATORS.search(raw[0]):
            raw = _GROUP_SEPARATORS.split(raw[0])  # "[0 1; 2]": separators inside one bracket pair
    else:
        raw = _GROUP_SEPARATORS.split(s)
    raw = [group for group in raw if group.strip(" ,\t")]
    if len(raw) > n:
        raise ParseError(f"more than {n} groups for {n} nodes")
    return [parse_nodes(group, n, max_items=n) for group in raw]


def check_partition(groups: list[list[int]], n: int) -> str | None:
    """Why ``groups`` do not split 0..n-1 into disjoint non-empty groups, or None if they do."""
    seen = [False] * n
    for group in groups:
        for node in group:
            if seen[node]:
                return f"node {node} appears more than once"
            seen[node] = True
    missing = [node for node in range(n) if not seen[node]]
    if missing:
        return f"node {missing[0]} is in no group"
    return None


def parse_arc_values(text: str, n: int, *, max_items: int, max_digits: int) -> list[tuple[int, int, int]]:
    """Arcs with a value, ``u->v:f`` separated by commas or spaces: ``0->2:3, 2->5:3``."""
    s = _SPACED_ARROW.sub(r"\1", check_length(text, max_items, 2 * _digits_for(n) + max_digits).strip())
    out = []
    for item in split_items(s, max_items=max_items):
        match = _ARC.fullmatch(item)
        if not match:
            raise ParseError(f"expected u->v:f, got {item[:30]!r}")
        u, v = int(match.group(1)), int(match.group(2))
        check_nodes([u, v], n)
        out.append((u, v, parse_int(match.group(3), max_digits=max_digits)))
    return out


def grouping_problem(groups: list[list[int]], labels: list[int], count: int) -> str | None:
    """Why ``groups`` are not exactly the components given by ``labels`` (``count`` of them), or None."""
    problem = check_partition(groups, len(labels))
    if problem:
        return problem
    for group in groups:
        for node in group:
            if labels[node] != labels[group[0]]:
                return f"nodes {group[0]} and {node} are in different components"
    # Every group lies inside one component; as many groups as components means none is split.
    if len(groups) != count:
        return f"{len(groups)} groups, but the graph has {count} components"
    return None


def parse_arcs(text: str, n: int, *, max_items: int) -> list[tuple[int, int]]:
    """Arcs written ``u->v``, separated by commas or spaces: ``0->2, 2->1``."""
    s = _ARROW_WITH_SPACES.sub("->", check_length(text, max_items, 2 * len(str(n)) + 4).strip())
    out = []
    for item in split_items(s, max_items=max_items):
        match = _PLAIN_ARC.fullmatch(item)
        if not match:
            raise ParseError(f"expected an arc u->v, got {item[:30]!r}")
        out.append((int(match.group(1)), int(match.group(2))))
        check_nodes(list(out[-1]), n)
    return out
