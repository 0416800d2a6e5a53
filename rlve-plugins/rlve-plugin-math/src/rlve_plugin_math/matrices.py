"""Matrices for the linear-algebra environments beyond ``linalg``: showing them, integer ranks, matrices built
with a chosen reduced row echelon form (so rank and null space are set, not hoped for), and readers for a
matrix or a list of vectors written as rows on lines, nested brackets or LaTeX.

The readers keep the pack's rules (``numbers``): nothing is evaluated, sizes are checked before any number
is converted, and no regular expression has a nested quantifier.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

from rlve import ParseError
from rlve_plugin_math.numbers import clean, format_fraction, parse_rational_value, parse_rationals, split_name
from rlve_plugin_math.scaling import random_signed

_LATEX_BRACKETS = ("\\left(", "\\right)", "\\left[", "\\right]")
_INVERSE_NAME = re.compile(r"[A-Za-z]\s*\^\s*(?:\{\s*-\s*1\s*\}|\(\s*-\s*1\s*\)|-\s*1)\s*=")


_LATEX_MATRIX = re.compile(r"\\(?:begin|end)\{[a-zA-Z]{0,8}matrix\*?\}")
_SIZING = re.compile(r"\\(?:left|right|big|Big|bigg|Bigg)(?=[()\[\]|.]|\\\{|\\\})")
#: ``\begin{array}{ccc}`` is read as ``\begin{matrix}``; a bar in the column spec (an augmented matrix) is not.
_ARRAY_BEGIN = re.compile(r"\\begin\{array\}\{[lcr ]{0,64}\}")
#: One vector in brackets or parentheses, with no brackets inside.
_VECTOR_GROUP = re.compile(r"[(\[]([^()\[\]]*)[)\]]")
#: ``v1 =`` or ``v_{2} =`` in front of a vector.
_VECTOR_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_{}]{0,12} {0,3}=")


def show_matrix(matrix: list[list]) -> str:
    """Rows on lines, entries (integers or fractions) right-aligned in columns of one width."""
    cells = [[format_fraction(Fraction(v)) for v in row] for row in matrix]
    width = max(len(cell) for row in cells for cell in row) + 1
    return "\n".join(" ".join(f"{cell:>{width}}" for cell in row) for row in cells)


def integer_rank(rows: list[list[int]]) -> int:
    """The rank over the rationals of an integer matrix, by fraction-free elimination (no Fractions: fast).

    Each step replaces a row by ``lead * row - row[col] * pivot_row`` and divides it by its content, so entries
    stay integers of about the size of the matrix's minors."""
    work = [row[:] for row in rows if any(row)]
    rank = 0
    for col in range(len(work[0]) if work else 0):
        pivot = next((r for r in range(rank, len(work)) if work[r][col]), None)
        if pivot is None:
            continue
        work[rank], work[pivot] = work[pivot], work[rank]
        lead_row = work[rank]
        lead = lead_row[col]
        for r in range(rank + 1, len(work)):
            factor = work[r][col]
            if factor:
                row = [lead * a - factor * b for a, b in zip(work[r], lead_row)]
                content = math.gcd(*row)
                work[r] = [v // content for v in row] if content > 1 else row
        rank += 1
    return rank


def integer_vector(vector: list[Fraction]) -> list[int]:
    """The vector times the least common multiple of its denominators: integers, the same direction."""
    scale = math.lcm(*(v.denominator for v in vector))
    return [int(v * scale) for v in vector]


def random_echelon(rng: random.Random, rank: int, cols: int, bound: int, max_denominator: int) -> list[list[Fraction]]:
    """A random reduced row echelon form with ``rank`` rows (all non-zero) and ``cols`` columns.

    Each row's free entries are fractions over one denominator from 1 to ``max_denominator`` with numerators up
    to ``bound``, so the row times that denominator is a row of small integers. No column is all zeros (the
    first one is a pivot column, every free one has a non-zero entry): a zero column of the matrix would give
    a null space vector, and a column of the echelon form, for free."""
    pivots = [0, *sorted(rng.sample(range(1, cols), rank - 1))]
    denominators = [rng.randint(1, max_denominator) for _ in pivots]
    rows = []
    for pivot, denominator in zip(pivots, denominators):
        row = [Fraction(0)] * cols
        row[pivot] = Fraction(1)
        for j in range(pivot + 1, cols):
            if j not in pivots:
                row[j] = Fraction(random_signed(rng, bound), denominator)
        rows.append(row)
    for j in range(cols):  # a free column of zeros would be a zero column of the matrix: another free vector
        if j not in pivots and not any(row[j] for row in rows):
            i = rng.choice([i for i, pivot in enumerate(pivots) if pivot < j])
            rows[i][j] = Fraction(random_signed(rng, bound, nonzero=True), denominators[i])
    return rows


def mixed_rows(rng: random.Random, echelon: list[list[Fraction]], rows: int, mix: int) -> list[list[int]]:
    """An integer matrix with ``rows`` rows whose reduced row echelon form is ``echelon`` (zero rows added).

    The echelon rows, cleared of denominators, are combined by an invertible integer matrix (a lower times
    an upper unitriangular one, multipliers up to ``mix``), then ``rows - rank`` further combinations are
    added and the rows shuffled: the row space, hence the echelon form, is the one given."""
    basis = [integer_vector(row) for row in echelon]
    rank = len(basis)
    lower, upper = [[0] * rank for _ in range(rank)], [[0] * rank for _ in range(rank)]
    for i in range(rank):
        lower[i][i] = upper[i][i] = 1
        for j in range(i):
            lower[i][j] = random_signed(rng, mix, nonzero=True)
        for j in range(i + 1, rank):
            upper[i][j] = random_signed(rng, mix)
    mixing = [[sum(a * b for a, b in zip(row, column)) for column in zip(*upper)] for row in lower]
    for _ in range(rows - rank):
        mixing.append([random_signed(rng, mix) for _ in range(rank)])
    rng.shuffle(mixing)
    return [[sum(c * b[j] for c, b in zip(weights, basis)) for j in range(len(basis[0]))] for weights in mixing]


# -- reading answers -------------------------------------------------------------------------------


def _bracket_rows(inner: str) -> str:
    """``2, -1], [3, 4`` (nested brackets without their outer pair) as rows on lines."""
    pieces = inner.split("]")
    rows = [pieces[0]]
    for piece in pieces[1:]:
        piece = piece.strip()
        piece = piece[1:].strip() if piece.startswith(",") else piece
        if not piece.startswith("["):
            raise ParseError("unreadable matrix")
        rows.append(piece[1:])
    if any("[" in row for row in rows):
        raise ParseError("unreadable matrix: brackets nested too deep")
    return "\n".join(rows)


def _cells_as_words(body: str, separator: str) -> str:
    """Rows of cells split by ``separator`` as rows of space-separated words: ``- \\frac{1}{2}`` is one entry."""
    return "\n".join(" ".join("".join(cell.split()) for cell in row.split(separator)) for row in body.splitlines())


def matrix_rows(text: str) -> tuple[Fraction, list[str]]:
    """A scalar in front (``\\frac{1}{5}`` or ``1/5 *``, else 1) and the rows' text, from rows on lines, a LaTeX
    matrix (``\\begin{pmatrix} 2 & -1 \\\\ 3 & 4 \\end{pmatrix}``) or nested brackets (``[[2, -1], [3, 4]]``)."""
    s = text.replace("\\\\", "\n")  # before clean(): "\\ " is a row break, not a LaTeX space
    for wrapper in _LATEX_BRACKETS:
        s = s.replace(wrapper, "")
    s = clean(s)
    name = _INVERSE_NAME.match(s)
    if name is not None:
        s = s[name.end() :].strip()
    scalar, body = "", s
    if "\\begin{" in s:
        start, end = s.index("\\begin{"), s.rfind("\\end{")
        if end < start or s[end:].count("}") != 1 or not s.endswith("}"):
            raise ParseError("unreadable matrix")
        scalar, body = s[:start], _cells_as_words(_LATEX_MATRIX.sub("", s[start:]), "&")
    elif "[[" in s:
        start = s.index("[[")
        if not s.endswith("]]"):
            raise ParseError("unreadable matrix")
        scalar, body = s[:start], _cells_as_words(_bracket_rows(s[start + 2 : -2]), ",")
    scalar = scalar.strip()
    for times in ("\\cdot", "\\times", "*"):
        scalar = scalar.removesuffix(times).strip()
    factor = parse_rational_value(scalar, max_digits=400) if scalar else Fraction(1)
    if factor == 0:
        raise ParseError("the factor in front of the matrix is 0")
    return factor, [line for line in body.splitlines() if line.strip(" ,;")]


def _rows_text(text: str) -> str:
    """The answer with LaTeX row breaks as lines, ``\\left(`` as ``(``, arrays as matrices, wrappers cleaned
    and a leading ``name =`` (``R =``, ``\\mathrm{rref}(A) =``) removed."""
    s = text.replace("\\\\", "\n")  # before clean(): "\\ " is a row break, not a LaTeX space
    s = _ARRAY_BEGIN.sub("\\\\begin{matrix}", _SIZING.sub("", s)).replace("\\end{array}", "\\end{matrix}")
    s = clean(s)
    name, value = split_name(s)
    return value if name is not None and value else s


def read_matrix(text: str, rows: int, cols: int, *, max_digits: int) -> list[list[Fraction]]:
    """A matrix of rationals with ``cols`` columns and ``rows`` rows (fewer allowed; the caller judges that),
    written as rows on lines, ``[[1, 2], [3, 4]]`` or a LaTeX matrix, a scalar in front allowed."""
    if text.count("\n") + text.count("\\\\") > 4 * rows + 8:
        raise ParseError(f"far more than {rows} rows")
    s = _rows_text(text)
    if "\\begin{" in s:  # brackets around a LaTeX matrix (\\left[ ... \\right]) are only its delimiters
        head, body = s[: s.index("\\begin{")].rstrip(), s[s.index("\\begin{") :].rstrip()
        if head.endswith(("(", "[")) and body.endswith((")", "]")):
            head, body = head[:-1], body[:-1].rstrip()
        s = head + body
    factor, lines = matrix_rows(s)
    if len(lines) > rows:
        raise ParseError(f"more than {rows} rows")
    matrix = []
    for i, line in enumerate(lines, start=1):
        values = parse_rationals(line.strip(" ,;"), max_items=cols + 1, max_digits=max_digits)
        if len(values) != cols:
            raise ParseError(f"row {i} has {len(values)} entries, not {cols}")
        matrix.append([factor * v for v in values])
    return matrix


def _latex_vectors(s: str, max_vectors: int) -> list[str]:
    """The vectors of a LaTeX answer: one matrix's rows, or a single column, or one vector per matrix."""
    blocks, rest = [], s
    while "\\begin{" in rest:
        start = rest.index("\\begin{")
        end = rest.find("\\end{", start)
        close = rest.find("}", end) if end >= 0 else -1
        if close < 0 or _VECTOR_NAME.sub(" ", rest[:start]).strip(" ,;\n") not in ("", "and"):
            raise ParseError("unreadable list of vectors")
        blocks.append(_LATEX_MATRIX.sub("", rest[start : close + 1]))
        rest = rest[close + 1 :]
        if len(blocks) > max_vectors:
            raise ParseError(f"more than {max_vectors} vectors")
    if rest.strip(" ,;.\n"):
        raise ParseError("unreadable text after the vectors")
    # Spaces inside a cell are not separators: "- \\frac{1}{2}" is one entry.
    tables = [[["".join(cell.split()) for cell in row.split("&")] for row in block.splitlines() if row.strip()]
              for block in blocks]
    if len(tables) == 1 and not all(len(row) == 1 for row in tables[0]):
        return [" ".join(row) for row in tables[0]]  # one matrix: its rows are the vectors
    return [" ".join(cell for row in table for cell in row) for table in tables]  # each matrix is one vector


def read_vectors(text: str, length: int, *, max_vectors: int, max_digits: int) -> list[list[Fraction]]:
    """A list of vectors of ``length`` rationals: one per line, ``(1, -2, 1), (0, 1, 3)``, ``[[1, -2, 1]]``,
    or LaTeX vectors (rows, or columns as ``\\begin{pmatrix} 1 \\\\ -2 \\\\ 1 \\end{pmatrix}``).

    At most ``max_vectors`` are read; a ``v1 =`` in front of a vector is allowed."""
    if len(text) > (max_vectors + 1) * (length + 1) * (2 * max_digits + 40) + 200:
        raise ParseError("the answer is longer than any list of these vectors")
    s = _rows_text(text)
    if len(s) >= 4 and s.startswith("\\{") and s.endswith("\\}"):
        s = s[2:-2].strip()
    elif len(s) >= 2 and s[0] == "{" and s[-1] == "}":
        s = s[1:-1].strip()
    if "\\begin{" in s:
        pieces = _latex_vectors(s, max_vectors)
    elif "[[" in s:
        factor, pieces = matrix_rows(s)
        if factor != 1:
            raise ParseError("a factor in front of a list of vectors")
    elif "(" in s or "[" in s:
        pieces = _VECTOR_GROUP.findall(s)
        if _VECTOR_NAME.sub(" ", _VECTOR_GROUP.sub(" ", s)).replace("and", " ").strip(" ,;\n"):
            raise ParseError("unreadable text between the vectors")
    else:
        pieces = [_VECTOR_NAME.sub(" ", line.lstrip(), count=1) if _VECTOR_NAME.match(line.lstrip()) else line
                  for line in s.splitlines()]
    pieces = [piece for piece in pieces if piece.strip(" ,;")]
    if len(pieces) > max_vectors:
        raise ParseError(f"more than {max_vectors} vectors")
    vectors = []
    for i, piece in enumerate(pieces, start=1):
        values = parse_rationals(piece.strip(" ,;"), max_items=length + 1, max_digits=max_digits)
        if len(values) != length:
            raise ParseError(f"vector {i} has {len(values)} entries, not {length}")
        vectors.append(values)
    return vectors
