"""Static rules on a code answer, checked on its syntax tree before it is run: no ``if``, no recursion, ...

``ast.parse`` only parses, it never executes; the source is size-bounded first, and the errors a hostile
source can raise while parsing (deep nesting, null bytes) become a ParseError with a reason.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rlve import ParseError, Verdict
from rlve_plugin_code.code_answer import not_python_hint
from rlve_plugin_code.sandbox import run
from rlve_plugin_code.sandboxed import FunctionEnvironment, judge_tests

MAX_SOURCE_CHARS = 12_000

#: Modules an answer may import: none of them can run code from text or raise the recursion limit.
ALLOWED_MODULES = ("bisect", "collections", "copy", "functools", "heapq", "itertools", "math", "operator")

#: Names that would let code run text or reach around a rule (``exec("if x: ...")``).
ESCAPE_NAMES = frozenset(
    {"exec", "eval", "compile", "__import__", "getattr", "setattr", "globals", "locals", "vars", "__builtins__"}
)

IMPORT_RULE = (
    f"You may import only from {', '.join(ALLOWED_MODULES)}; exec, eval, compile, __import__, getattr, setattr, "
    "globals, locals and vars may not be used."
)


def parse_answer(source: str) -> ast.Module:
    if len(source) > MAX_SOURCE_CHARS:
        raise ParseError(f"the code is longer than {MAX_SOURCE_CHARS} characters")
    try:
        return ast.parse(source)
    except SyntaxError as error:
        raise ParseError(f"not valid Python: {error.msg} (line {error.lineno}){not_python_hint(source)}") from None
    except (RecursionError, MemoryError, ValueError) as error:
        raise ParseError(f"the code could not be parsed ({type(error).__name__})") from None


def escape_hatch(tree: ast.AST) -> str | None:
    """Why the code could run text or other modules' code around the rules, or None."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] not in ALLOWED_MODULES:
                    return f"it imports {alias.name} (line {node.lineno}), which is not allowed"
        elif isinstance(node, ast.ImportFrom):
            if node.level or (node.module or "").split(".")[0] not in ALLOWED_MODULES:
                return f"it imports from {node.module or '.'} (line {node.lineno}), which is not allowed"
        elif isinstance(node, ast.Name) and node.id in ESCAPE_NAMES:
            return f"it uses {node.id} (line {node.lineno}), which is not allowed"
        elif isinstance(node, ast.Attribute) and (node.attr in ESCAPE_NAMES or node.attr.startswith("__")):
            return f"it uses the attribute {node.attr} (line {node.lineno}), which is not allowed"
    return None


@dataclass(frozen=True)
class Rule:
    """A syntactic constraint: ``text`` for the prompt, ``broken_by`` says where a tree breaks it (or None)."""

    key: str
    text: str
    broken_by: Callable[[ast.Module, str], str | None]


def _first(tree: ast.AST, kinds: tuple[type, ...], what: str) -> str | None:
    for node in ast.walk(tree):
        if isinstance(node, kinds):
            return f"it uses {what} (line {getattr(node, 'lineno', '?')})"
    return None


RULES = {
    rule.key: rule
    for rule in (
        Rule(
            "if",
            "no `if` statement anywhere (conditional expressions `a if c else b` are allowed)",
            lambda tree, entry: _first(tree, (ast.If,), "an if statement"),
        ),
        Rule(
            "for",
            "no `for` statement anywhere (`while` loops and comprehensions are allowed)",
            lambda tree, entry: _first(tree, (ast.For, ast.AsyncFor), "a for statement"),
        ),
        Rule(
            "while",
            "no `while` statement anywhere (`for` loops are allowed)",
            lambda tree, entry: _first(tree, (ast.While,), "a while statement"),
        ),
        Rule(
            "augmented",
            "no augmented assignment anywhere (`+=`, `-=`, `*=` and the like; write `a = a + 1`)",
            lambda tree, entry: _first(tree, (ast.AugAssign,), "an augmented assignment"),
        ),
    )
}


def _defined_functions(tree: ast.AST) -> dict[str, list[ast.AST]]:
    """Every name a function is bound to (def, async def, or a lambda assigned to a name), with its bodies."""
    found: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.setdefault(node.name, []).append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and isinstance(node.value, ast.Lambda):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
    return found


def recursion(tree: ast.AST) -> str | None:
    """A function that can reach itself through names it mentions (a call or a reference), or None.

    Conservative: mentioning a function's name at all (passing it to map, storing it) counts as calling it,
    and methods count by attribute name.
    """
    functions = _defined_functions(tree)
    mentions: dict[str, set[str]] = {}
    for name, bodies in functions.items():
        names: set[str] = set()
        for body in bodies:
            for node in ast.walk(body):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    names.add(node.id)
                elif isinstance(node, ast.Attribute):
                    names.add(node.attr)
        mentions[name] = names & functions.keys()
    for start in sorted(mentions):
        seen: set[str] = set()
        frontier = list(mentions[start])
        while frontier:
            current = frontier.pop()
            if current == start:
                return f"the function {start} calls itself (directly or through other functions)"
            if current not in seen:
                seen.add(current)
                frontier += mentions.get(current, ())
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "recursionlimit" in node.value:
            return "it mentions the recursion limit"
        if isinstance(node, (ast.Name, ast.Attribute)) and "recursionlimit" in getattr(node, "id", "") + getattr(
            node, "attr", ""
        ):
            return "it mentions the recursion limit"
    return None


class RuledFunctionEnvironment(FunctionEnvironment):
    """A code answer that must obey static rules (checked on its syntax tree) and then pass hidden tests.

    ``data["rules"]`` lists keys of ``RULES``; ``rule_checks`` are further checks of the whole tree. ``driver``
    is our own code appended after the answer (once its rules are checked) for ``data["entry"]`` to call.
    """

    rule_checks: ClassVar[tuple[Callable[[ast.Module], str | None], ...]] = (escape_hatch,)
    driver: ClassVar[str] = ""

    def broken_rule(self, data: dict[str, Any], tree: ast.Module) -> str | None:
        for check in self.rule_checks:
            reason = check(tree)
            if reason:
                return reason
        for key in data.get("rules", ()):
            reason = RULES[key].broken_by(tree, data["entry"])
            if reason:
                return f"{reason}, against the rule: {RULES[key].text}"
        return None

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        source = self.source_from_answer(data, answer)
        reason = self.broken_rule(data, parse_answer(source))
        if reason:
            return Verdict.wrong(reason)
        return judge_tests(run(self.job(data, source + self.driver)), data, source)
