"""Program trees as JSON data and back: how environments keep a program in ``Problem.data``."""

from __future__ import annotations

from typing import Any


def to_data(node: Any) -> Any:
    """A program tree (or a part of one) as JSON data, for a Problem's ``data``."""
    if isinstance(node, tuple):
        return [to_data(item) for item in node]
    if hasattr(node, "__dataclass_fields__"):
        return {
            "_": type(node).__name__,
            **{name: to_data(getattr(node, name)) for name in node.__dataclass_fields__},
        }
    return node


def from_data(value: Any) -> Any:
    """The program tree ``to_data`` made; ValueError for a node type that is not a program node."""
    from rlve_plugin_code import programs

    if isinstance(value, list):
        return tuple(from_data(item) for item in value)
    if isinstance(value, dict):
        cls = getattr(programs, value["_"])
        if cls.__name__ not in _NODE_TYPES:
            raise ValueError(f"unknown node {value['_']!r}")
        return cls(**{name: from_data(item) for name, item in value.items() if name != "_"})
    return value


_NODE_TYPES = {
    "Const",
    "Var",
    "Bin",
    "Call",
    "Compare",
    "BoolOp",
    "Not",
    "Assign",
    "AugAssign",
    "If",
    "For",
    "While",
    "Print",
    "Program",
}
