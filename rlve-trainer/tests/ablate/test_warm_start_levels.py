"""The warm start's per-environment levels and stop accuracies (``rlve train --demo`` fits each of its
environments above where its band starts), and the tokenizer it fits the model with."""

from __future__ import annotations

import random
import re

import pytest

import rlve
from rlve.errors import RlveError
from rlve_trainer.ablate import warm_start as ws
from rlve_trainer.ablate.evaluate import LevelScore

pytest.importorskip("torch")

ADDITION, CALLS = "math/addition", "code/recursive_call_count"


def test_one_list_of_levels_is_every_environments_and_a_mapping_gives_each_its_own():
    assert ws.levels_per_env([ADDITION, CALLS], [0, 1, 1]) == {ADDITION: [0, 1, 1], CALLS: [0, 1, 1]}
    assert ws.levels_per_env([ADDITION, CALLS], {ADDITION: (1,), CALLS: (0, 2)}) == {ADDITION: [1], CALLS: [0, 2]}


def test_a_mapping_of_levels_must_name_exactly_the_fitted_environments():
    with pytest.raises(RlveError, match=f"no levels for {CALLS}"):
        ws.levels_per_env([ADDITION, CALLS], {ADDITION: [1]})
    with pytest.raises(RlveError, match="levels for graph/grid_bfs, not fitted"):
        ws.levels_per_env([ADDITION], {ADDITION: [1], "graph/grid_bfs": [0]})


def test_each_environments_problems_are_drawn_at_its_own_levels():
    from rlve_trainer.tiny import build_tokenizer

    tokenizer = build_tokenizer([ADDITION, CALLS], split_digits=True)
    registry = rlve.registry()
    environments = [registry.get(ADDITION), registry.get(CALLS)]
    input_ids, _, _ = ws._batch(tokenizer, environments, {ADDITION: [1], CALLS: [0]}, random.Random(0), 48)
    texts = tokenizer.batch_decode(input_ids, skip_special_tokens=True)
    addends = [number for text in texts for number in re.findall(r"Compute (\d+) \+ (\d+)\.", text)]
    arguments = [argument for text in texts for argument in re.findall(r"evaluates f\((\d+)\)", text)]
    assert addends and arguments and len(addends) + len(arguments) == 48
    assert all(len(a) == len(b) == 2 for a, b in addends)  # level 1: two digits each
    assert set(arguments) == {"5"}  # level 0: f(5)


def test_a_stop_mapping_needs_each_named_environment_at_its_own_accuracy_and_a_number_the_pooled_one():
    scores = [LevelScore(ADDITION, 1, 64, 60), LevelScore(CALLS, 0, 64, 10)]
    assert ws.reached(scores, {ADDITION: 0.9})  # the other environment is not checked
    assert not ws.reached(scores, {ADDITION: 0.9, CALLS: 0.5})
    assert ws.reached(scores, 0.5) and not ws.reached(scores, 0.6)  # 70 of 128


def test_only_the_environments_a_stop_mapping_names_are_checked(tmp_path, monkeypatch):
    checked = []
    real = ws.edge_scores

    def spy(model, tokenizer, environments, edges, seed, problems=64):
        checked.append(dict(edges))
        return real(model, tokenizer, environments, edges, seed, problems=4)

    monkeypatch.setattr(ws, "edge_scores", spy)
    result = ws.warm_start(
        tmp_path / "model", [ADDITION, CALLS], difficulties={ADDITION: [1], CALLS: [0, 2]}, steps=4, batch_size=4,
        hidden_size=16, layers=1, stop_at_accuracy={CALLS: 0.0}, check_every=2,
    )
    assert checked == [{CALLS: 2}]  # its highest level; 0.0 is reached at the first check
    assert result.steps == 2


def test_the_model_is_fitted_with_the_tokenizer_it_is_read_back_with(tmp_path, monkeypatch):
    from transformers import AutoTokenizer

    used = []
    real = ws._batch
    monkeypatch.setattr(ws, "_batch", lambda tokenizer, *rest: used.append(tokenizer) or real(tokenizer, *rest))
    folder = tmp_path / "model"
    ws.warm_start(folder, [CALLS], difficulties=[0], steps=1, batch_size=2, hidden_size=16, layers=1)
    prompt = rlve.registry().get(CALLS).sample(0, 0).prompt
    assert "\n    " in prompt  # indented code: where the tokenizer built in memory and the one read back differed
    assert used[0](prompt)["input_ids"] == AutoTokenizer.from_pretrained(folder)(prompt)["input_ids"]
