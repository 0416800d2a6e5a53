"""code/implement_string_function: write a string-rewriting function from a step-by-step specification."""

from __future__ import annotations

from rlve_plugin_code.environments.implement_function import ImplementFunction
from rlve_plugin_code.steps import STRINGS


class ImplementStringFunction(ImplementFunction):
    id = "code/implement_string_function"
    version = 1
    description = "Write a Python function that rewrites a string, from a step-by-step specification."
    difficulty_scales = (
        "steps in the specification: 1 + d (slower past d=30); harder kinds of steps from d=2, 4, 6, 8, 10; "
        "input alphabet adds upper case at d=3, more letters at d=6, digits and spaces at d=9"
    )
    tags = ("code", "synthesis", "strings")
    domain = STRINGS
