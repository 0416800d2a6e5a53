"""logic/cube_net_folding: fold drawn nets of a cube and say which faces end up opposite, along an edge, at a corner.

A net is six labelled cells of a grid, drawn row by row; folding keeps every cell's drawn orientation, so
"the top edge of cell K" names one edge of the folded cube. Questions: the face opposite a face; from d 2 the
face that meets a face along one of its drawn edges (never a neighbour the drawing already shows); from d 4
the three faces at one drawn corner of a cell. Nets are random connected hexominoes that fold without
overlap; a breadth-first walk over the cells carries a frame (outward normal, drawn right, drawn up) per cell.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

EDGES_FROM = 2
CORNERS_FROM = 4
_SIDES = {"top": (-1, 0), "bottom": (1, 0), "left": (0, -1), "right": (0, 1)}
_CORNERS = {"top-left": ("top", "left"), "top-right": ("top", "right"), "bottom-left": ("bottom", "left"),
            "bottom-right": ("bottom", "right")}
_LINE_NUMBER = re.compile(r"^(?:q\s*)?([0-9]{1,3})\s*[:.)]\s*", re.IGNORECASE)
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Vector = tuple[int, int, int]


def _neg(v: Vector) -> Vector:
    return (-v[0], -v[1], -v[2])


def fold(cells: list[tuple[int, int]]) -> dict[tuple[int, int], tuple[Vector, Vector, Vector]] | None:
    """Each cell's (outward normal, drawn-right direction, drawn-up direction) on the folded cube, or None if two
    cells land on one face. The first cell lies face down; a neighbour folds up about the shared edge."""
    frames = {cells[0]: ((0, 0, -1), (1, 0, 0), (0, 1, 0))}
    queue = [cells[0]]
    present = set(cells)
    for row, col in queue:
        normal, right, up = frames[(row, col)]
        for (dr, dc), frame in (
            ((0, 1), (right, _neg(normal), up)),
            ((0, -1), (_neg(right), normal, up)),
            ((-1, 0), (up, right, _neg(normal))),
            ((1, 0), (_neg(up), right, normal)),
        ):
            cell = (row + dr, col + dc)
            if cell in present and cell not in frames:
                frames[cell] = frame
                queue.append(cell)
    normals = {frame[0] for frame in frames.values()}
    return frames if len(frames) == 6 and len(normals) == 6 else None


def random_net(rng: random.Random) -> list[tuple[int, int]]:
    """Six cells, normalised to start at row 0 and column 0, that fold into a cube."""
    while True:
        cells = [(0, 0)]
        while len(cells) < 6:
            row, col = rng.choice(cells)
            dr, dc = rng.choice(list(_SIDES.values()))
            if (row + dr, col + dc) not in cells:
                cells.append((row + dr, col + dc))
        if fold(cells):
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            return [(r - top, c - left) for r, c in cells]


def plan(difficulty: int) -> tuple[int, int]:
    """(questions, nets): questions 1 + L (L = level, capped at 40); nets 1 + L/10 (at most 4)."""
    lvl = level(difficulty, cap=40)
    return 1 + lvl, min(4, 1 + lvl // 10)


def _draw(cells: list[tuple[int, int]], labels: dict[tuple[int, int], str]) -> str:
    rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    return "\n".join(" ".join(labels.get((r, c), ".") for c in range(cols)) for r in range(rows))


def _questions(cells, labels, frames, difficulty: int) -> list[tuple[str, str, str | list[str]]]:
    """Every question this net allows: (kind, wording, answer); the answer of a corner is three labels."""
    by_normal = {frames[cell][0]: labels[cell] for cell in cells}
    found: list[tuple[str, str, str | list[str]]] = []
    for cell in cells:
        normal, right, up = frames[cell]
        name = labels[cell]
        found.append(("opposite", f"Which face is opposite face {name}?", by_normal[_neg(normal)]))
        toward = {"top": up, "bottom": _neg(up), "left": _neg(right), "right": right}
        if difficulty >= EDGES_FROM:
            for side, (dr, dc) in _SIDES.items():
                if (cell[0] + dr, cell[1] + dc) not in labels:  # not a neighbour the drawing already shows
                    found.append(("edge", f"Which face meets face {name} along the {side} edge of {name} as drawn?",
                                  by_normal[toward[side]]))
        if difficulty >= CORNERS_FROM:
            for corner, (vertical, horizontal) in _CORNERS.items():
                faces = sorted((name, by_normal[toward[vertical]], by_normal[toward[horizontal]]))
                found.append(("corner", f"Which three faces meet at the {corner} corner of face {name} as drawn?",
                              faces))
    return found


class CubeNetFolding(Environment):
    id = "logic/cube_net_folding"
    version = 1
    description = "Fold drawn nets of a cube: the face opposite a face, along a drawn edge, or at a drawn corner."
    difficulty_scales = (
        "questions 1 + L (L = d up to 40, then capped) over 1 + L/10 nets (at most 4); edge questions from d 2, "
        "corner questions from d 4"
    )
    size_name = "questions"
    answer_format = (
        "one line per question, in order, numbered like the questions: a face label (1: C), or for a corner "
        "three labels in any order (2: A, C, F)"
    )
    tags = ("logic", "spatial-reasoning", "cube-nets", "folding")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        question_count, net_count = plan(difficulty)
        letters = rng.sample(_LETTERS, 6 * net_count)
        drawings, pool = [], []
        for index in range(net_count):
            cells = random_net(rng)
            labels = dict(zip(cells, letters[6 * index : 6 * index + 6]))
            drawings.append(f"Net {index + 1}:\n{_draw(cells, labels)}")
            pool.append(_questions(cells, labels, fold(cells), difficulty))
        chosen = []
        for number in range(question_count):  # nets in turn; within a net, kinds first mixed, never repeated
            questions = pool[number % net_count]
            kinds = sorted({kind for kind, _, _ in questions})
            kind = rng.choice(kinds)
            options = [q for q in questions if q[0] == kind]
            question = rng.choice(options)
            questions.remove(question)
            chosen.append(question)
        lines = [f"{number + 1}. {wording}" for number, (_, wording, _) in enumerate(chosen)]
        prompt = (
            "Each net below is drawn on a grid, one row per line; a letter is a square face of a cube and a dot is "
            "empty. Fold each net into a cube along the edges between neighbouring squares, so each net gives one "
            "cube and each drawn edge or corner of a face becomes an edge or corner of its cube (which side the net "
            "is folded towards does not change any answer).\n\n" + "\n\n".join(drawings)
            + "\n\nQuestions:\n" + "\n".join(lines)
            + "\nAnswer each question on its own line, numbered as above: a face letter (1: C), or for a corner "
            "question the three letters in any order (2: A, C, F)."
        )
        answer = "\n".join(
            f"{n + 1}: {', '.join(a) if isinstance(a, list) else a}" for n, (_, _, a) in enumerate(chosen)
        )
        data = {"answers": [a if isinstance(a, list) else [a] for _, _, a in chosen]}
        return Instance(prompt=prompt, answer=answer, data=data, size=question_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["answers"]
        lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
        if len(answer) > 40 * len(expected) + 40:
            raise ParseError("the answer is too long")
        if len(lines) != len(expected):
            raise ParseError(f"expected {len(expected)} lines, one per question, got {len(lines)}")
        wrong = 0
        for position, line in enumerate(lines):
            found = _LINE_NUMBER.match(line)
            if found:
                if int(found.group(1)) != position + 1:
                    raise ParseError(f"line {position + 1} is numbered {found.group(1)}")
                line = line[found.end():]
            text = line.strip().rstrip(".").strip()
            if len(text) >= 2 and (text[0], text[-1]) in {("{", "}"), ("[", "]"), ("(", ")")}:
                text = text[1:-1]
            faces = [face for face in re.split(r"[\s,;]+", text) if face]
            if not faces or any(len(face) != 1 or face.upper() not in _LETTERS for face in faces):
                raise ParseError(f"line {position + 1} is not one face letter or three")
            if len(faces) != len(expected[position]):
                raise ParseError(f"line {position + 1} should give {len(expected[position])} face(s)")
            upper = sorted(face.upper() for face in faces)
            if len(set(upper)) != len(upper):
                raise ParseError(f"line {position + 1} names a face twice")
            wrong += upper != sorted(expected[position])
        if wrong:
            return Verdict.wrong(f"{wrong} of {len(expected)} answers are wrong")
        return Verdict.right()
