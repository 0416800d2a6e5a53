"""A small Lisp-like language: its documentation, a printer, slipped copies, and a compiler to Python.

Programs are our own generated s-expressions, held as nested Python lists: a symbol is a ``str``, an integer
an ``int``, the empty list the symbol ``"'()"``. The compiler's Python is the reference answer, and, run
in-process (it is our own code), computes the expected values of hidden tests: about fifty times faster than
walking the tree, which lets generation also screen slipped copies. Model text is never read as Lisp.
"""

from __future__ import annotations

import operator
from typing import Any

LANGUAGE = """The language (a small Lisp):
- Integers are unbounded. #t and #f are the booleans. '() is the empty list; a list holds integers.
- (define (name p1 p2) body) defines a function; a function may call itself and the functions defined before it.
- (+ a b), (- a b), (* a b): integer addition, subtraction, multiplication.
- (quotient a b): a / b rounded toward zero, so (quotient -7 2) is -3.
- (remainder a b): a - b * (quotient a b), with the sign of a: (remainder -7 2) is -1.
- (modulo a b): a - b * floor(a / b), with the sign of b: (modulo -7 2) is 1, (modulo 7 -2) is -1.
- (abs a), (max a b), (min a b).
- (< a b), (<= a b), (> a b), (>= a b), (= a b): comparisons of integers, giving #t or #f.
- (even? a), (odd? a): whether an integer is even, odd. (and p q), (or p q), (not p): on booleans.
- (if c a b): the value of a when c is #t, otherwise the value of b (only one of them is evaluated).
- (cond (c1 e1) (c2 e2) (else e3)): the e of the first clause whose condition is #t; else always holds.
- (let ((v1 e1) (v2 e2)) body): evaluates e1 and e2 (which cannot see v1 or v2), then body with v1, v2 bound.
- (null? xs): #t when xs is '(). (car xs): the first element of a non-empty list. (cdr xs): the list without
  its first element. (cons a xs): the list with a in front of xs."""

EMPTY = "'()"
COMPARISONS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "=="}
ARITHMETIC = ("+", "-", "*")


#: Slips of a translator, as operator swaps; "//" (Python's floor division) exists only in these copies.
SLIPS = {"quotient": "//", "remainder": "modulo", "modulo": "remainder", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}


def slips(program: list[list[Any]]) -> list[tuple[tuple[int, ...], Any]]:
    """Where one slip can go, and what it puts there: an operator swapped (SLIPS, a str) or a constant off by
    one (an int; never a divisor, which could become 0). ``slipped`` makes the copy."""
    found: list[tuple[tuple[int, ...], Any]] = []

    def walk(node: Any, path: tuple[int, ...], divisor: bool) -> None:
        if isinstance(node, list):
            if node and isinstance(node[0], str) and node[0] in SLIPS:
                found.append(((*path, 0), SLIPS[node[0]]))
            dividing = bool(node) and node[0] in ("quotient", "remainder", "modulo")
            for i, child in enumerate(node):
                walk(child, (*path, i), dividing and i == 2)
        elif isinstance(node, int) and not divisor:
            found.append((path, node + 1))
            found.append((path, node - 1))

    walk(program, (), False)
    return found


def slipped(program: list[list[Any]], path: tuple[int, ...], new: Any) -> list[list[Any]]:
    copy = deep_copy(program)
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


def deep_copy(node: Any) -> Any:
    return [deep_copy(item) for item in node] if isinstance(node, list) else node


# -- printing -------------------------------------------------------------------------------------------------


def flat(node: Any) -> str:
    if isinstance(node, list):
        return "(" + " ".join(flat(item) for item in node) + ")"
    return str(node)


def pretty(node: Any, column: int = 0, width: int = 80) -> str:
    """The s-expression (starting at ``column``) on one line if it fits, else broken over aligned lines."""
    text = flat(node)
    if not isinstance(node, list) or column + len(text) <= width:
        return text
    head = node[0]
    if head == "define":
        return f"(define {flat(node[1])}\n{' ' * (column + 2)}{pretty(node[2], column + 2, width)})"
    if head == "cond":
        inner = column + 6
        clauses = [_clause(clause, inner, width) for clause in node[1:]]
        return "(cond " + f"\n{' ' * inner}".join(clauses) + ")"
    if head == "let":
        inner = column + 6
        bindings = [f"({var} {pretty(value, inner + len(var) + 2, width)})" for var, value in node[1]]
        body = pretty(node[2], column + 2, width)
        return "(let (" + f"\n{' ' * inner}".join(bindings) + f")\n{' ' * (column + 2)}{body})"
    inner = column + len(str(head)) + 2
    parts = [pretty(item, inner, width) for item in node[1:]]
    return f"({head} " + f"\n{' ' * inner}".join(parts) + ")"


def _clause(clause: list[Any], column: int, width: int) -> str:
    test, value = clause
    text = f"({flat(test)} {flat(value)})"
    if column + len(text) <= width:
        return text
    first = "else" if test == "else" else pretty(test, column + 1, width)
    if test == "else" or column + len(first) + 2 + len(flat(value)) <= width:
        return f"({first} {pretty(value, column + len(first) + 2, width)})"
    return f"({first}\n{' ' * (column + 1)}{pretty(value, column + 1, width)})"


# -- translating to Python -----------------------------------------------------------------------------------


#: Nodes to compute by calling a named function instead (see ``python_expr``), by path.
Sites = dict[tuple[int, ...], str]


def python_expr(node: Any, path: tuple[int, ...] = (), sites: Sites | None = None) -> str:
    """A Python expression with the node's value (``quotient``/``remainder`` are helper functions). ``sites``
    (for ``SlipCopies``) names a function to call in place of each of some nodes: a constant's (at the
    constant's path), an operation's (at its operator's path, so ``(a, b)``'s values are passed)."""
    if sites and path in sites:
        return f"{sites[path]}()"
    if isinstance(node, int):
        return str(node)
    if isinstance(node, str):
        return "[]" if node == EMPTY else node
    head, *rest = node
    if head == "cond":  # in an argument: a chain of conditional expressions
        last = len(rest)
        text = python_expr(rest[-1][1], (*path, last, 1), sites)
        for number in range(last - 1, 0, -1):
            test, value = node[number]
            text = (
                f"({python_expr(value, (*path, number, 1), sites)} if "
                f"{python_expr(test, (*path, number, 0), sites)} else {text})"
            )
        return text
    args = [python_expr(arg, (*path, number), sites) for number, arg in enumerate(rest, start=1)]
    if sites and (*path, 0) in sites:
        return f"{sites[(*path, 0)]}({', '.join(args)})"
    if head in ARITHMETIC:
        return f"({args[0]} {head} {args[1]})"
    if head in COMPARISONS:
        return f"({args[0]} {COMPARISONS[head]} {args[1]})"
    if head == "modulo":
        return f"({args[0]} % {args[1]})"
    if head == "//":
        return f"({args[0]} // {args[1]})"
    if head == "if":
        return f"({args[1]} if {args[0]} else {args[2]})"
    if head in ("and", "or"):
        return f"({args[0]} {head} {args[1]})"
    simple = {
        "even?": "({0} % 2 == 0)",
        "odd?": "({0} % 2 == 1)",
        "not": "(not {0})",
        "null?": "(len({0}) == 0)",
        "car": "{0}[0]",
        "cdr": "{0}[1:]",
        "cons": "[{0}] + {1}",
    }
    if head in simple:
        return simple[head].format(*args)
    return f"{head}({', '.join(args)})"  # quotient, remainder, abs, max, min and the program's functions


def python_body(node: Any, indent: str, path: tuple[int, ...] = (), sites: Sites | None = None) -> list[str]:
    """Statements returning the node's value: if/cond become if statements, let becomes assignments."""
    if isinstance(node, list) and node[0] == "if":
        return [
            f"{indent}if {python_expr(node[1], (*path, 1), sites)}:",
            *python_body(node[2], indent + "    ", (*path, 2), sites),
            f"{indent}else:",
            *python_body(node[3], indent + "    ", (*path, 3), sites),
        ]
    if isinstance(node, list) and node[0] == "cond":
        lines = []
        for number, (test, value) in enumerate(node[1:], start=1):
            if test == "else":
                lines.append(f"{indent}else:")
            else:
                keyword = "if" if number == 1 else "elif"
                lines.append(f"{indent}{keyword} {python_expr(test, (*path, number, 0), sites)}:")
            lines += python_body(value, indent + "    ", (*path, number, 1), sites)
        return lines
    if isinstance(node, list) and node[0] == "let":
        # The bound names are fresh (never a parameter), so assigning them one by one keeps let's meaning.
        return [
            f"{indent}{var} = {python_expr(value, (*path, 1, number, 1), sites)}"
            for number, (var, value) in enumerate(node[1])
        ] + python_body(node[2], indent, (*path, 2), sites)
    return [f"{indent}return {python_expr(node, path, sites)}"]


HELPERS = '''def quotient(a, b):
    # rounded toward zero, unlike Python's //
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def remainder(a, b):
    return a - b * quotient(a, b)
'''


def to_python(program: list[list[Any]], sites: Sites | None = None) -> str:
    functions = []
    for number, (_, (name, *params), body) in enumerate(program):
        lines = python_body(body, "    ", (number, 2), sites)
        functions.append("\n".join([f"def {name}({', '.join(params)}):", *lines]) + "\n")
    return HELPERS + "\n\n" + "\n\n".join(functions)


def compile_program(program: list[list[Any]]) -> Any:
    """The program's last function, as a Python function (the program is ours, never model text)."""
    namespace: dict[str, Any] = {}
    exec(compile(to_python(program), "<lisp>", "exec"), namespace)  # noqa: S102 - our own generated code
    return namespace[program[-1][1][0]]


def _quotient(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


#: What each operator that a slip puts in or takes out computes.
OPERATIONS = {
    "quotient": _quotient,
    "remainder": lambda a, b: a - b * _quotient(a, b),
    "modulo": operator.mod,
    "//": operator.floordiv,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
#: What a slipped copy may raise (divide by zero, recurse without end, take car of '()); it then has no value.
FAILURES = (RecursionError, ZeroDivisionError, IndexError)


class SlipCopies:
    """A program and some slipped copies of it (``places``, as ``slips`` gives them), compiled once: each
    place's node calls a site function, and the site functions in the globals choose the copy that runs.

    ``run`` gives the program's value and which copies' slips changed a value on the way: a copy whose slipped
    node always took the program's value there runs exactly as the program does, so only the others can give
    another value (``run_copy``). Values are None where the code raised one of FAILURES. The compiled functions
    never change their arguments (cdr is a slice), so tests' lists are passed as they are."""

    def __init__(self, program: list[list[Any]], places: list[tuple[tuple[int, ...], Any]]) -> None:
        names: dict[tuple[int, ...], str] = {}
        for path, _ in places:
            names.setdefault(path, f"_site{len(names)}")
        self.namespace: dict[str, Any] = {}
        exec(compile(to_python(program, names), "<lisp>", "exec"), self.namespace)  # noqa: S102 - our own code
        self.function = self.namespace[program[-1][1][0]]
        self.diverged: set[int] = set()
        self.traced: dict[str, Any] = {}
        original: dict[str, Any] = {}
        for path, name in names.items():
            node = _at(program, path)
            numbered = [(number, new) for number, (where, new) in enumerate(places) if where == path]
            original[name] = OPERATIONS[node] if isinstance(node, str) else _constant(node)
            self.traced[name] = self._traced_site(node, numbered)
        self.copies = []
        for path, new in places:
            self.copies.append({**original, names[path]: OPERATIONS[new] if isinstance(new, str) else _constant(new)})

    def _traced_site(self, node: Any, numbered: list[tuple[int, Any]]) -> Any:
        diverged = self.diverged
        if not isinstance(node, str):  # a constant: its copies differ wherever it is read
            numbers = [number for number, _ in numbered]

            def read() -> int:
                diverged.update(numbers)
                return node

            return read
        operation = OPERATIONS[node]
        others = [(number, OPERATIONS[new]) for number, new in numbered]

        def compute(a: Any, b: Any) -> Any:
            value = operation(a, b)
            for number, other in others:
                try:
                    if other(a, b) != value:
                        diverged.add(number)
                except ArithmeticError:
                    diverged.add(number)
            return value

        return compute

    def run(self, args: list[Any]) -> tuple[Any, frozenset[int]]:
        """The program's value for ``args``, and the numbers of the copies whose slip changed a value."""
        self.namespace.update(self.traced)
        self.diverged.clear()
        try:
            value = self.function(*args)
        except FAILURES:
            value = None
        return value, frozenset(self.diverged)

    def run_copy(self, number: int, args: list[Any]) -> Any:
        """The value of slipped copy ``number`` for ``args``."""
        self.namespace.update(self.copies[number])
        try:
            return self.function(*args)
        except FAILURES:
            return None


def _at(program: list[list[Any]], path: tuple[int, ...]) -> Any:
    node: Any = program
    for step in path:
        node = node[step]
    return node


def _constant(value: int) -> Any:
    return lambda: value
