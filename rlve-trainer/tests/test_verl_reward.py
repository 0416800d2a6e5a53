"""verl's reward function: rows written by `rlve export --format verl` scored from their extra_info alone."""

from __future__ import annotations

import pytest

from rlve import export as exporting
from rlve import registry
from rlve_trainer.engines.verl_reward import compute_score

pyarrow_parquet = pytest.importorskip("pyarrow.parquet")


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    path = tmp_path_factory.mktemp("verl") / "train.parquet"
    chosen = [registry().get(env_id) for env_id in ("math/addition", "graph/shortest_path", "logic/sudoku")]
    exporting.export(chosen, [0, 2], 2, path, fmt="verl")
    return pyarrow_parquet.read_table(path).to_pylist()


def score(row, text):
    return compute_score(row["data_source"], text, row["reward_model"]["ground_truth"], row["extra_info"])


def test_the_reference_scores_one_and_a_wrong_answer_zero(rows):
    for row in rows:
        right = score(row, f"Let me think. <answer>{row['reward_model']['ground_truth']}</answer>")
        assert right == {"score": 1.0, "acc": True, "format_ok": True, "verifier_error": False}, row["data_source"]
        wrong = score(row, "<answer>0 0 0</answer>")
        assert wrong["score"] == 0.0 and not wrong["acc"]


def test_hostile_responses_and_broken_rows_score_zero_without_raising(rows):
    row = rows[0]
    for text in ("", "<answer></answer>", "<answer>" + "9" * 100_000 + "</answer>", "\x00\xff" * 1000, None,
                 "<answer>2003^{2002^{2001}}</answer>", "<answer>__import__('os').system('x')</answer>"):
        assert score(row, text)["score"] == 0.0
    info = dict(row["extra_info"])
    for broken in ({}, {**info, "env_version": 999}, {**info, "env": "math/no_such"}, {**info, "seed": "x"}, None):
        result = compute_score(row["data_source"], "<answer>1</answer>", None, broken)
        assert result == {"score": 0.0, "acc": False, "format_ok": False, "verifier_error": True}
