"""Steps: small, exactly specified operations that generated functions are composed of.

A step has three faces that must agree: an English sentence for the prompt, one line of Python for
reference code, and a Python callable that computes it (the hidden tests' expected values come from
the callables; the package tests check that the code lines agree with them). A step may also carry
plausible mistakes (``bugs``), used by code/fix_bug.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Variant:
    """A wrong version of a step: its line of code and what that line really computes."""

    code: str
    apply: Callable[[Any], Any]


@dataclass(frozen=True)
class Step:
    text: str
    code: str
    apply: Callable[[Any], Any]
    bugs: tuple[Variant, ...] = ()
    #: a final step turns the value into the result (its code is a return statement)
    final: bool = False
    imports: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shape:
    """What the generator knows about the value between steps, to keep numbers and lengths sane."""

    bound: int  # largest absolute value of a number (lists) or 0 (strings)
    max_len: int


#: A factory proposes a step for the current shape (or None when it does not fit) and the new shape.
Factory = Callable[[random.Random, Shape], "tuple[Step, Shape] | None"]


@dataclass(frozen=True)
class Domain:
    """The kind of value a generated function transforms."""

    name: str  # "list" or "string"
    param: str  # the parameter's name in code: xs or s
    annotation: str  # list[int] or str
    noun: str  # "list of integers" / "string"
    result_annotations: dict[str, str]  # result kind -> annotation
    steps: tuple[tuple[int, Factory], ...]  # (lowest difficulty, factory)
    finals: tuple[tuple[int, Factory], ...]
    random_input: Callable[[random.Random, int], Any]
    edge_inputs: Callable[[int], list[Any]]
    start_shape: Callable[[int], Shape]
    function_names: tuple[str, ...] = field(default=("transform",))


def result_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    return "list"
