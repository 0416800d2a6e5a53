"""Sets of cells of a rows x cols board as Python integers (bit ``r * cols + c``), for the region puzzles
(nurikabe, fillomino): orthogonal neighbourhoods by shifts, flood fills, and every polyomino through a cell.

Integers make a set operation one machine-level step per 30 cells instead of a Python loop per cell, which
is what lets the uniqueness proofs of these puzzles fit in a few milliseconds.
"""

from __future__ import annotations


class Bitboard:
    """The geometry of one board size."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.full = (1 << (rows * cols)) - 1
        left = sum(1 << (r * cols) for r in range(rows))
        self.not_left = self.full & ~left  # cells with a neighbour on their left
        self.not_right = self.full & ~(left << (cols - 1))

    def around(self, mask: int) -> int:
        """The cells orthogonally next to some cell of ``mask`` and not in it."""
        cols = self.cols
        spread = ((mask & self.not_right) << 1) | ((mask & self.not_left) >> 1) | (mask << cols) | (mask >> cols)
        return spread & self.full & ~mask

    def fill(self, seed: int, within: int) -> int:
        """The cells of ``within`` connected to the ``seed`` cells (a subset of ``within``) through ``within``."""
        reached = seed
        while True:
            grown = (reached | self.around(reached)) & within
            if grown == reached:
                return reached
            reached = grown

    def connected(self, mask: int) -> bool:
        """Whether ``mask`` is one orthogonally connected group (True for the empty set)."""
        return not mask or self.fill(mask & -mask, mask) == mask

    def components(self, mask: int) -> list[int]:
        """The orthogonally connected groups of ``mask``."""
        out = []
        while mask:
            group = self.fill(mask & -mask, mask)
            out.append(group)
            mask &= ~group
        return out

    def shapes(self, cell: int, size: int, allowed: int) -> list[int]:
        """Every connected set of ``size`` cells of ``allowed`` that holds ``cell`` (which must be allowed)."""
        layer = {1 << cell}
        for _ in range(size - 1):
            grown = set()
            for shape in layer:
                frontier = self.around(shape) & allowed
                while frontier:
                    bit = frontier & -frontier
                    grown.add(shape | bit)
                    frontier ^= bit
            layer = grown
        return list(layer)

    def blocks(self) -> list[int]:
        """Every 2x2 block of the board, as a mask."""
        cols = self.cols
        return [
            (3 << (r * cols + c)) | (3 << ((r + 1) * cols + c)) for r in range(self.rows - 1) for c in range(cols - 1)
        ]


def cells_of(mask: int) -> list[int]:
    """The cell indices in ``mask``, in increasing order."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out
