"""Reading answers that give a number and then the witness for it: ``3: 1 2 1 3 2`` (the colours used, then
a colouring), ``4: 0 3 5 2`` (a cycle's length, then the cycle). Used by chromatic_number and girth.

The number and the witness are separated by a colon (a semicolon, a bar or a line break also do); a short
leading label such as ``girth =`` is forgiven, as ``trees.strip_label`` forgives it elsewhere.
"""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import parse_int
from rlve_plugin_graph.trees import strip_label

_SEPARATOR = re.compile(r"[:;|\n]")


def split_value(text: str, *, max_digits: int) -> tuple[int, str]:
    """``(3, "1 2 1 3 2")`` from ``"3: 1 2 1 3 2"``; the witness is returned unread, for the caller to parse."""
    s = strip_label(text.strip())
    match = _SEPARATOR.search(s)
    if match is None:
        raise ParseError("expected a number, a colon, then the list (for example 3: 1 2 1)")
    return parse_int(s[: match.start()], max_digits=max_digits), s[match.end() :].strip()
