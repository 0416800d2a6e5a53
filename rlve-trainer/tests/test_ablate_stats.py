"""The ablation's statistics: Student t intervals over seeds, the summary behind its table."""

import math

import pytest

from rlve_trainer.ablate.report import START, summarise, table
from rlve_trainer.ablate.stats import estimate, t_critical


def test_t_interval_matches_the_textbook():
    two = estimate([0.5, 0.7])
    assert two.mean == pytest.approx(0.6)
    assert two.half_width == pytest.approx(12.706 * math.sqrt(0.02) / math.sqrt(2))
    three = estimate([0.7, 0.8, 0.9])
    assert three.half_width == pytest.approx(4.303 * 0.1 / math.sqrt(3))
    assert estimate([0.4]).half_width is None and estimate([0.4]).text() == "0.40"
    assert t_critical(100) == 1.96
    with pytest.raises(ValueError):
        estimate([])


def row(arm, seed, phase, difficulty, accuracy, env="math/addition", held_out=False):
    return {
        "arm": arm,
        "seed": seed,
        "phase": phase,
        "env": env,
        "difficulty": difficulty,
        "accuracy": accuracy,
        "held_out": held_out,
    }


def test_summary_averages_seeds_and_keeps_the_start_once():
    rows = [
        row("adaptive", 0, "before", 1, 0.5),
        row("adaptive", 0, "after", 1, 0.8),
        row("adaptive", 1, "before", 1, 0.5),
        row("adaptive", 1, "after", 1, 0.6),
        row("fixed", 0, "before", 1, 0.5),
        row("fixed", 0, "after", 1, 0.3),
        row("fixed", 1, "before", 1, 0.5),
        row("fixed", 1, "after", 1, 0.3),
    ]
    summary = summarise(rows)
    assert summary["seeds"] == [0, 1]
    assert summary["cells"][("adaptive", "math/addition", 1)].mean == pytest.approx(0.7)
    assert summary["cells"][("fixed", "math/addition", 1)].half_width == pytest.approx(0.0)
    columns, lines = table(summary)
    assert columns == ["arm", "math/addition d=1"]
    assert lines[0] == (START, "0.50") and lines[1][0] == "adaptive" and lines[1][1].startswith("0.70 ± ")
