"""A nonogram solver on bit masks: exact line solving by dynamic programming, propagation, probing, search.

``line_masks`` decides, for one line with some cells known, which cells can still be empty and which
can still be filled in at least one placement of the runs: a prefix pass and a suffix pass, each row of
the DP an integer bit set over the prefix lengths (so a run's placements are shifts and masks, and "the
prefix may grow over cells that can be empty" is one carry ripple), then the union of every placement
that fits both sides. A ``Board`` holds every row and every column as two masks (filled cells, empty
cells), so setting a cell is two ORs and a dirty line is one bit of a mask; ``settle`` re-solves dirty
lines until nothing changes. ``find_other`` is the generator's uniqueness test: given the picture, it
looks for a second solution by probing each open cell with the picture's opposite value (a contradiction
settles the cell) and then by a search with a node budget. Probes are kept and brought up to date instead
of being made again while none of the lines they changed has changed since: the generator reveals a cell,
tests again, and most of the board is as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

UNKNOWN, EMPTY, FILLED = -1, 0, 1

#: Outcomes of ``Board.find_other``: a second solution was found, none exists, or the budget ran out first.
FOUND, NONE, GAVE_UP = "found", "none", "gave up"


def runs_of(cells: list[int] | list[bool]) -> list[int]:
    """The lengths of the filled runs of a line, left to right."""
    out, run = [], 0
    for cell in cells:
        if cell:
            run += 1
        elif run:
            out.append(run)
            run = 0
    if run:
        out.append(run)
    return out


def _room(not_empty: int, length: int) -> int:
    """Bit s set when cells s .. s + length - 1 can all be filled: the mask ANDed with itself shifted by
    1, 2, 4, ... cells (each step doubles the span covered), then once more to cover exactly ``length``."""
    room, span = not_empty, 1
    while 2 * span <= length:
        room &= room >> span
        span *= 2
    if span < length:
        room &= room >> (length - span)
    return room


def _prefix_fits(clue: Sequence[int], m: int, not_filled: int, not_empty: int) -> tuple[list[int], list[int]]:
    """(fits, starts): fits[j] has bit i when the first j runs fit in cells[:i] (cells[:i] fully decided);
    starts[j] has bit s when run j may start at cell s after the runs before it, over cells that can be filled."""
    filled = ~not_filled & ((1 << m) - 1)
    first_filled = (filled & -filled).bit_length() - 1 if filled else m
    fits = [(1 << (first_filled + 1)) - 1]  # no run yet: every prefix before the first filled cell
    through = not_filled << 1  # a prefix of length i grows to i + 1 over a cell i that can be empty
    starts = []
    rooms: dict[int, int] = {}
    for j, length in enumerate(clue):
        room = rooms.get(length)
        if room is None:
            room = rooms[length] = _room(not_empty, length) & ((1 << max(0, m - length + 1)) - 1)
        begin = fits[0] if j == 0 else (fits[j] & not_filled) << 1  # after the runs before it and one gap
        seeds = begin & room
        starts.append(seeds)
        seeds <<= length
        step = (seeds << 1) & through  # the prefix grows over the cells that can be empty after the run
        fits.append(seeds | step | (((through + step) ^ through) & through))
    return fits, starts


#: Bit reversals of the bytes, for ``_reverse``.
_REVERSED_BYTES = [int(f"{byte:08b}"[::-1], 2) for byte in range(256)]


def _reverse(bits: int, width: int) -> int:
    """The lowest ``width`` bits in the opposite order (by bytes up to 24 bits, the usual line lengths)."""
    if width <= 24:
        table = _REVERSED_BYTES
        whole = table[bits & 255] << 16 | table[bits >> 8 & 255] << 8 | table[bits >> 16 & 255]
        return whole >> (24 - width)
    return int(format(bits, f"0{width}b")[::-1], 2) if width else 0


@lru_cache(maxsize=1 << 15)
def line_masks(clue: tuple[int, ...], m: int, filled: int, empty: int) -> tuple[int, int] | None:
    """(cells that can be empty, cells that can be filled) as bit masks over a line of ``m`` cells whose
    known cells are ``filled`` and ``empty``, or None if no placement of ``clue`` fits. Remembered: the
    generator and the search meet the same line contents again and again."""
    full = (1 << m) - 1
    not_filled, not_empty = full & ~filled, full & ~empty
    k = len(clue)
    fwd, starts = _prefix_fits(clue, m, not_filled, not_empty)
    if not fwd[k] >> m & 1:
        return None
    # the suffix pass is the prefix pass of the reversed line: bwd[j] has bit i when runs j.. fit in cells[i:]
    reverse_fits, _ = _prefix_fits(clue[::-1], m, _reverse(not_filled, m), _reverse(not_empty, m))
    bwd = [_reverse(reverse_fits[k - j], m + 1) for j in range(k + 1)]
    empty_mask = 0  # cell i is a gap after j runs: j runs fit in cells[:i] and the rest in cells[i + 1:]
    for j in range(k + 1):
        empty_mask |= fwd[j] & (bwd[j] >> 1)
    fill_mask = 0  # every cell of every placement of run j that fits both before and after it
    for j, length in enumerate(clue):
        after = bwd[k] if j == k - 1 else (bwd[j + 1] >> 1) & not_filled
        placed = starts[j] & (after >> length)
        for t in range(length):
            fill_mask |= placed << t
    return empty_mask & not_filled, fill_mask & not_empty


class _OutOfBudget(Exception):
    pass


class Board:
    """A partly solved grid: per row and per column, a mask of its filled cells and one of its empty cells
    (bit c of row r is cell (r, c), and so is bit r of column c). Copies are cheap: four lists of ints.

    A board also knows which lines it changed (``touched``: a mask of rows, one of columns). The board made
    from the clues (not its copies) keeps more, for ``find_other``: a clock that ticks at each change, the
    time each line last changed, and the probes it made, each with the time it was made."""

    def __init__(self, row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]]) -> None:
        self.rows = [tuple(clue) for clue in row_clues]
        self.cols = [tuple(clue) for clue in col_clues]
        self.h, self.w = len(self.rows), len(self.cols)
        self.masks = ([0] * self.h, [0] * self.h, [0] * self.w, [0] * self.w)
        self.touched = [0, 0]
        self.clock = 0
        self.changed_at: tuple[list[int], list[int]] | None = ([0] * self.h, [0] * self.w)
        self.probes: dict[tuple[int, int], tuple[Board, int]] = {}
        #: line solves left to spend, shared with every copy: ``find_other``'s budget
        self.meter = [0]

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.rows, other.cols, other.h, other.w = self.rows, self.cols, self.h, self.w
        other.masks = tuple(list(part) for part in self.masks)
        other.touched = [0, 0]
        other.changed_at = None
        other.meter = self.meter
        return other

    def get(self, r: int, c: int) -> int:
        row_filled, row_empty, _, _ = self.masks
        return FILLED if row_filled[r] >> c & 1 else EMPTY if row_empty[r] >> c & 1 else UNKNOWN

    def put(self, r: int, c: int, value: int) -> bool:
        """Set one cell and settle what follows; False on a contradiction (the board is then spoilt)."""
        row_filled, row_empty, col_filled, col_empty = self.masks
        if value == FILLED:
            row_filled[r] |= 1 << c
            col_filled[c] |= 1 << r
        else:
            row_empty[r] |= 1 << c
            col_empty[c] |= 1 << r
        self._note(1 << r, 1 << c)
        return self.settle(1 << r, 1 << c)

    def _note(self, rows: int, cols: int) -> None:
        """Record that these lines (masks of indexes) changed."""
        self.touched[0] |= rows
        self.touched[1] |= cols
        if self.changed_at is not None:
            self.clock += 1
            for masks, at in zip((rows, cols), self.changed_at):
                while masks:
                    low = masks & -masks
                    at[low.bit_length() - 1] = self.clock
                    masks ^= low

    def open_cells(self) -> list[tuple[int, int]]:
        row_filled, row_empty, _, _ = self.masks
        full = (1 << self.w) - 1
        out = []
        for r in range(self.h):
            unknown = full & ~(row_filled[r] | row_empty[r])
            while unknown:
                low = unknown & -unknown
                out.append((r, low.bit_length() - 1))
                unknown ^= low
        return out

    def open_count(self) -> int:
        row_filled, row_empty, _, _ = self.masks
        return self.h * self.w - sum((f | e).bit_count() for f, e in zip(row_filled, row_empty))

    def settle(self, dirty_rows: int, dirty_cols: int) -> bool:
        """Line-solve the dirty rows and columns (bit masks of their indexes) until nothing changes."""
        row_filled, row_empty, col_filled, col_empty = self.masks
        full_row, full_col = (1 << self.w) - 1, (1 << self.h) - 1
        meter = self.meter
        while dirty_rows or dirty_cols:
            while dirty_rows:
                low = dirty_rows & -dirty_rows
                dirty_rows ^= low
                r = low.bit_length() - 1
                meter[0] -= 1
                filled, empty = row_filled[r], row_empty[r]
                options = line_masks(self.rows[r], self.w, filled, empty)
                if options is None:
                    return False
                unknown = full_row & ~(filled | empty)
                new_filled, new_empty = unknown & ~options[0], unknown & ~options[1]
                if new_filled:
                    row_filled[r] = filled | new_filled
                    _mark(col_filled, new_filled, low)
                if new_empty:
                    row_empty[r] = empty | new_empty
                    _mark(col_empty, new_empty, low)
                if new_filled | new_empty:
                    dirty_cols |= new_filled | new_empty
                    self._note(low, new_filled | new_empty)
            while dirty_cols:
                low = dirty_cols & -dirty_cols
                dirty_cols ^= low
                c = low.bit_length() - 1
                meter[0] -= 1
                filled, empty = col_filled[c], col_empty[c]
                options = line_masks(self.cols[c], self.h, filled, empty)
                if options is None:
                    return False
                unknown = full_col & ~(filled | empty)
                new_filled, new_empty = unknown & ~options[0], unknown & ~options[1]
                if new_filled:
                    col_filled[c] = filled | new_filled
                    _mark(row_filled, new_filled, low)
                if new_empty:
                    col_empty[c] = empty | new_empty
                    _mark(row_empty, new_empty, low)
                if new_filled | new_empty:
                    dirty_rows |= new_filled | new_empty
                    self._note(new_filled | new_empty, low)
        return True

    def settle_all(self) -> bool:
        return self.settle((1 << self.h) - 1, (1 << self.w) - 1)

    def grid(self) -> list[list[int]]:
        return [[self.get(r, c) for c in range(self.w)] for r in range(self.h)]

    def _slack(self, cell: tuple[int, int]) -> int:
        """How far the runs of the cell's row and column could shift: a cell of tight lines is probed first,
        as its probe is the likeliest to meet a contradiction, and one met early settles the cells after it."""
        r, c = cell
        row, col = self.rows[r], self.cols[c]
        return self.w + self.h - sum(row) - len(row) - sum(col) - len(col)

    def _earlier_probe(self, r: int, c: int) -> Board | None:
        """The probe of (r, c) made earlier, brought up to date, or None if it must be made again.

        Settling is local to lines: if no line the probe changed has changed here since, the probe made now
        would change the same cells, and settle to the union of the two boards, which is what it becomes."""
        made = self.probes.get((r, c))
        if made is None:
            return None
        probe, when = made
        for lines, at in zip(probe.touched, self.changed_at):
            while lines:
                low = lines & -lines
                if at[low.bit_length() - 1] > when:
                    return None
                lines ^= low
        if when < self.clock:
            for theirs, ours in zip(probe.masks, self.masks):
                for i, mask in enumerate(ours):
                    theirs[i] |= mask
            self.probes[(r, c)] = (probe, self.clock)
        return probe

    def first_open(self) -> tuple[int, int] | None:
        row_filled, row_empty, _, _ = self.masks
        full = (1 << self.w) - 1
        for r in range(self.h):
            unknown = full & ~(row_filled[r] | row_empty[r])
            if unknown:
                return r, (unknown & -unknown).bit_length() - 1
        return None

    def find_other(self, picture: list[list[int]], budget: int) -> tuple[str, object, int]:
        """Whether the clues and the cells set on this (settled) board allow a solution other than ``picture``.

        Every open cell is probed with the value the picture does not have: a probe that contradicts settles
        the cell to the picture's value (here, on this board), one that settles the whole board is a second
        solution. When a round of probes decides nothing, the probe that left the fewest cells open is
        searched to the end, the picture's values first (a second solution tends to differ from the picture in
        a few cells). The work is counted in line solves, at most about ``budget`` of them.
        Returns (FOUND, the other solution as rows of EMPTY / FILLED, line solves spent), (NONE, None, spent),
        or (GAVE_UP, the cell whose probe could not be settled within the budget, spent).
        """
        self.meter = units = [budget]
        status, witness = self._find_other(picture, units)
        return status, witness, budget - units[0]

    def _find_other(self, picture: list[list[int]], units: list[int]) -> tuple[str, object]:
        while True:
            progress, best = False, None
            for r, c in sorted(self.open_cells(), key=self._slack):
                if self.get(r, c) != UNKNOWN:  # settled by a contradiction earlier in this round
                    continue
                probe = self._earlier_probe(r, c)
                if probe is None:
                    if units[0] < 0:
                        return GAVE_UP, (r, c)
                    probe = self.copy()
                    if not probe.put(r, c, 1 - picture[r][c]):
                        self.put(r, c, picture[r][c])
                        progress = True
                        continue
                    self.probes[(r, c)] = (probe, self.clock)
                left = probe.open_count()
                if left == 0:
                    return FOUND, probe.grid()
                if best is None or left < best[0]:
                    best = (left, r, c, probe)
            if best is None:
                return NONE, None
            if progress:
                continue
            _, r, c, probe = best
            try:
                other = _search(probe, picture, units)
            except _OutOfBudget:
                return GAVE_UP, (r, c)
            if other is not None:
                return FOUND, other
            self.put(r, c, picture[r][c])  # refuted: the cell can only take the picture's value


def _search(board: Board, picture: list[list[int]], units: list[int]) -> list[list[int]] | None:
    """Any solution of a settled board (the picture's value tried first at each branch), or None."""
    if units[0] < 0:
        raise _OutOfBudget
    cell = board.first_open()
    if cell is None:
        return board.grid()
    r, c = cell
    for value in (picture[r][c], 1 - picture[r][c]):
        child = board.copy()
        if child.put(r, c, value):
            found = _search(child, picture, units)
            if found is not None:
                return found
    return None


def _mark(masks: list[int], bits: int, line_bit: int) -> None:
    """Set ``line_bit`` in masks[i] for every bit i of ``bits`` (the crossing lines of the cells just set)."""
    while bits:
        low = bits & -bits
        masks[low.bit_length() - 1] |= line_bit
        bits ^= low
