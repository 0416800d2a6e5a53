"""Comparing and showing the plain values that cross the sandbox boundary as JSON."""

from __future__ import annotations

from typing import Any


def same_value(got: Any, expected: Any) -> bool:
    """Exact equality of JSON-decoded values with strict types: True is not 1, 1.0 is not 1.

    Lists compare element by element (a returned tuple arrives as a list), dicts by key and value.
    """
    if type(got) is not type(expected):
        return False
    if isinstance(expected, list):
        return len(got) == len(expected) and all(same_value(a, b) for a, b in zip(got, expected))
    if isinstance(expected, dict):
        return got.keys() == expected.keys() and all(same_value(got[key], expected[key]) for key in expected)
    return got == expected


def show(value: Any, limit: int = 120) -> str:
    """A Python literal for a prompt or a reason, shortened to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def show_call(name: str, args: list[Any], limit: int = 160) -> str:
    return show_text(f"{name}({', '.join(repr(arg) for arg in args)})", limit)


def show_text(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
