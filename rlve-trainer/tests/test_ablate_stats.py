"""The ablation's statistics: Student t intervals over seeds, the summary behind its table."""

import math

import pytest

from rlve_trainer.ablate.report import START, scope_table, summarise
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
    columns, lines = scope_table(summary)
    assert columns == ["environment", "arm", "d=1", "mean over levels"]
    assert lines[0] == ("math/addition", START, "0.50", "0.50")
    assert lines[1][:2] == ("math/addition", "adaptive") and lines[1][2].startswith("0.70 ± ")
    assert lines[3][:2] == ("all trained", START) and lines[3][2] == "-"  # the mean only
    # The config's order of the arms, not the rows' (alphabetical from the database); the reference follows it.
    ordered = summarise(rows, order=["fixed", "adaptive"])
    assert ordered["arms"] == ["fixed", "adaptive"] and ordered["reference"] == "fixed"


def synthetic(differences: dict[str, list[float]], base: list[float], held_out_shift: float = 0.0) -> list[dict]:
    """Rows of a reference arm with per-seed accuracies ``base`` and other arms at ``base + difference``."""
    rows = []
    for seed, accuracy in enumerate(base):
        for level in (0, 1):
            rows.append(row("ref", seed, "before", level, 0.5))
            rows.append(row("ref", seed, "before", level, 0.2, env="math/held", held_out=True))
            rows.append(row("ref", seed, "after", level, accuracy))
            rows.append(row("ref", seed, "after", level, accuracy / 2, env="math/held", held_out=True))
            for arm, shift in differences.items():
                rows.append(row(arm, seed, "before", level, 0.5))
                rows.append(row(arm, seed, "before", level, 0.2, env="math/held", held_out=True))
                rows.append(row(arm, seed, "after", level, accuracy + shift[seed]))
                held = accuracy / 2 + held_out_shift
                rows.append(row(arm, seed, "after", level, held, env="math/held", held_out=True))
    return rows


def test_paired_differences_recover_a_known_difference_and_say_when_the_interval_includes_zero():
    from rlve_trainer.ablate.stats import paired_difference

    # Seeds vary a lot (0.2 .. 0.8), the difference hardly: the paired interval is narrow where the two
    # arms' own intervals overlap widely.
    base = [0.2, 0.5, 0.8]
    rows = synthetic({"better": [0.10, 0.12, 0.08], "same": [0.05, -0.05, 0.0]}, base, held_out_shift=0.0)
    summary = summarise(rows, reference="ref")
    better = summary["differences"][("better", "math/addition", 1)]
    assert better.estimate.mean == pytest.approx(0.10)
    assert better.estimate.half_width == pytest.approx(4.303 * 0.02 / math.sqrt(3))
    assert better.includes_zero is False and better.seeds == (0, 1, 2)
    assert summary["cells"][("better", "math/addition", 1)].low < summary["cells"][("ref", "math/addition", 1)].high
    same = summary["differences"][("same", "math/addition", 1)]
    assert same.estimate.mean == pytest.approx(0.0) and same.includes_zero is True
    assert same.text().endswith("(incl. 0)") and not better.text().endswith("(incl. 0)")
    # Per environment and overall: the trained scope is math/addition alone here; held out did not change.
    assert summary["differences"][("better", "trained")].estimate.mean == pytest.approx(0.10)
    assert summary["differences"][("better", "held out")].estimate.mean == pytest.approx(0.0)
    assert summary["differences"][("better", "held out")].estimate.half_width == pytest.approx(0.0)
    assert summary["scopes"][("ref", "math/held")].mean == pytest.approx(sum(base) / 6)
    assert summary["scopes"][("(start)", "trained")].mean == 0.5
    assert ("ref", "math/addition", 1) not in summary["differences"]  # the reference is not compared with itself
    # Only seeds both arms have are paired; one shared seed gives a difference with no interval.
    one = paired_difference({0: 0.7, 1: 0.9}, {1: 0.6, 2: 0.1})
    assert one.seeds == (1,) and one.estimate.mean == pytest.approx(0.3) and one.includes_zero is None
    assert paired_difference({0: 0.7}, {1: 0.6}) is None


def test_the_difference_table_has_a_row_per_other_arm_and_a_column_per_level_and_scope():
    from rlve_trainer.ablate.report import difference_table, scope_table

    summary = summarise(synthetic({"better": [0.1, 0.1, 0.1]}, [0.2, 0.5, 0.8]), reference="ref")
    columns, rows = difference_table(summary)
    assert columns == ["arm - ref", "environment", "d=0", "d=1", "mean over levels"]
    assert [r[:2] for r in rows] == [
        ("better", "math/addition"),
        ("better", "math/held (held out)"),
        ("better", "all trained"),
        ("better", "all held out"),
    ]
    assert rows[0][2] == "+0.10 ± 0.00" and rows[1][2] == "+0.00 ± 0.00 (incl. 0)"
    assert rows[2][2:] == ("-", "-", "+0.10 ± 0.00")
    columns, rows = scope_table(summary)
    assert [r[1] for r in rows if r[0] == "math/addition"] == [START, "ref", "better"]
    assert rows[-3] == ("all held out", START, "-", "-", "0.20")


def test_learning_curve_and_steps_to_reach_the_target():
    rows = [
        row("a", 0, "before", 1, 0.2), row("a", 0, "after", 1, 0.9),
        row("a", 1, "before", 1, 0.2), row("a", 1, "after", 1, 0.7),
        row("b", 0, "before", 1, 0.2), row("b", 0, "after", 1, 0.6),
        row("b", 1, "before", 1, 0.2), row("b", 1, "after", 1, 0.5),
    ]  # fmt: skip
    point = {"env": "math/addition", "difficulty": 1, "held_out": False, "step": 50}
    curves = [
        {**point, "arm": "a", "seed": 0, "accuracy": 0.8},
        {**point, "arm": "a", "seed": 1, "accuracy": 0.4},
        {**point, "arm": "b", "seed": 0, "accuracy": 0.3},
        {**point, "arm": "b", "seed": 1, "accuracy": 0.3},
    ]
    summary = summarise(rows, curves=curves, steps=100, target=0.7)
    curve = summary["curve"]
    assert curve["steps"] == [0, 50, 100]
    assert curve["arms"]["a"]["points"][50].mean == pytest.approx(0.6)
    assert curve["arms"]["a"]["points"][0].mean == pytest.approx(0.2)
    assert curve["arms"]["a"]["reached"] == {0: 50, 1: 100} and curve["arms"]["b"]["reached"] == {0: None, 1: None}
    from rlve_trainer.ablate.report import curve_table

    columns, lines = curve_table(summary)
    assert columns == ["arm", "step 0", "step 50", "step 100", "steps to 0.70"]
    assert lines[0][-1] == "75 (2/2 seeds)" and lines[1][-1] == "not reached (0/2 seeds)"


def test_the_signal_per_arm_is_the_share_of_all_of_a_seeds_groups_then_averaged_over_seeds():
    mechanism = [
        {"arm": "a", "seed": 0, "env": "x", "groups": 10, "zero_advantage_groups": 2, "signal_rollouts": 64,
         "rollouts": 80},
        {"arm": "a", "seed": 0, "env": "y", "groups": 10, "zero_advantage_groups": 8, "signal_rollouts": 16,
         "rollouts": 80},
        {"arm": "a", "seed": 1, "env": "x", "groups": 20, "zero_advantage_groups": 10, "signal_rollouts": 80,
         "rollouts": 160},
        {"arm": "a", "seed": 1, "env": "y", "groups": 0, "zero_advantage_groups": 0, "signal_rollouts": 0,
         "rollouts": 0},
    ]  # fmt: skip
    rows = [row("a", seed, phase, 1, 0.5) for seed in (0, 1) for phase in ("before", "after")]
    signal = summarise(rows, mechanism=mechanism)["signal"]["a"]
    assert signal["zero_advantage_share"].mean == pytest.approx((10 / 20 + 10 / 20) / 2)
    assert signal["envs"]["x"]["zero_advantage_share"].mean == pytest.approx((0.2 + 0.5) / 2)
    assert signal["envs"]["y"]["zero_advantage_share"].n == 1  # seed 1 drew no y problem: no share, not 0
    assert signal["rollouts"].mean == 160 and signal["signal_rollouts"].mean == 80
