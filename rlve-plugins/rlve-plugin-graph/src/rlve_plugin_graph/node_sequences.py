"""Reading a path or a cycle written as a sequence of nodes: ``0 3 5``, ``0-3-5``, ``0 -> 3 -> 5`` or
``[0, 3, 5]``. Used by dag_longest_path and min_mean_cycle, whose answers give a value and then such a sequence.
"""

from __future__ import annotations

import re

from rlve_plugin_graph.reading import check_length, parse_nodes

#: A dash or an arrow between two node numbers, as in "0-3-5" or "0 -> 3": read as a space. Only between
#: digits, so a leading minus sign is left alone and read (and refused) by the number parser.
_LINK = re.compile(r"(?<=[0-9])[ \t]*-+>?[ \t]*(?=[0-9])")


def read_node_sequence(text: str, n: int, *, max_items: int) -> list[int]:
    """The nodes of a path or cycle in the order written, each in 0..n-1, at most ``max_items`` of them."""
    check_length(text, max_items, len(str(n)) + 4)  # before the substitution: a huge answer costs nothing
    return parse_nodes(_LINK.sub(" ", text), n, max_items=max_items)
