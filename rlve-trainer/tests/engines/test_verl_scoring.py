"""verl's reward function on the rows the live rlve dataset hands verl: the reference answer scores 1, a wrong or
hostile one 0 without raising; a code environment's answer runs in the code pack's sandbox under its time limit."""

from __future__ import annotations

import json
import os

import pytest

verl = pytest.importorskip("verl", reason="verl 0.7.1 is not installed (nox -s engines installs it)")
pytest.importorskip("verl.experimental.dataset.sampler", reason="this verl has no curriculum sampler hook (0.7.1 has)")

from hydra import compose, initialize_config_dir  # noqa: E402
from verl.trainer.main_ppo import create_rl_dataset, create_rl_sampler  # noqa: E402

import rlve  # noqa: E402
from rlve.testing.hostile import STATIC  # noqa: E402
from rlve_trainer.engines.verl_reward import compute_score  # noqa: E402

CODE_ENV = "code/fast_pair_count"  # the answer is a program: verified by running it in the sandbox


def live_rows(tmp_path, envs: list[str], count: int) -> list[dict]:
    (tmp_path / "model").mkdir()
    toml = tmp_path / "run.toml"
    toml.write_text(
        f"envs = {json.dumps(envs)}\ndb = \"{tmp_path / 'history.db'}\"\n[model]\npath = \"{tmp_path / 'model'}\"\n"
        "[grpo]\nnum_generations = 2\nper_device_train_batch_size = 8\n"
    )
    overrides = [f"data.train_files={toml}", "data.custom_cls.path=pkg://rlve_trainer.engines.verl_dataset",
                 "data.custom_cls.name=RlveDataset", "data.sampler.class_path=pkg://rlve_trainer.engines.verl_sampler",
                 "data.sampler.class_name=RlveCurriculumSampler", "data.dataloader_num_workers=0",
                 "data.train_batch_size=4"]
    folder = os.path.join(os.path.dirname(verl.__file__), "trainer", "config")
    with initialize_config_dir(config_dir=folder, version_base=None):
        config = compose(config_name="ppo_trainer", overrides=overrides)
    dataset = create_rl_dataset(config.data.train_files, config.data, None, None)
    sampler = iter(create_rl_sampler(config.data, dataset))
    return [dataset[next(sampler)] for _ in range(count)]


def score(row: dict, response) -> dict:
    return compute_score(row["data_source"], response, row["reward_model"]["ground_truth"], row["extra_info"])


def reference(row: dict) -> str:
    return f"Let me think.\n<answer>{row['reward_model']['ground_truth']}</answer>"


def test_reference_wrong_and_hostile_answers(tmp_path):
    rows = live_rows(tmp_path, ["math/addition", "graph/shortest_path", "logic/sudoku"], 9)
    assert {row["data_source"] for row in rows} == {"math/addition", "graph/shortest_path", "logic/sudoku"}
    for row in rows:
        right = {"score": 1.0, "acc": True, "format_ok": True, "verifier_error": False}
        assert score(row, reference(row)) == right, row["data_source"]
        assert score(row, "<answer>-12345</answer>")["acc"] is False
    for row in {row["data_source"]: row for row in rows}.values():  # one row per environment: 1 MB answers are slow
        for hostile in STATIC:
            if hostile.may_be_correct:
                continue
            response = hostile.text if hostile.kind == "response" else f"<answer>{hostile.text}</answer>"
            result = score(row, response)
            assert result["score"] == 0.0 and result["acc"] is False, (row["data_source"], hostile.label)
        assert score(row, None)["score"] == 0.0


def test_a_code_environment_is_verified_in_the_sandbox(tmp_path):
    if CODE_ENV not in rlve.registry().select(["code/*"]):
        pytest.fail(f"{CODE_ENV} is not installed: the code pack is part of the engines session")
    assert rlve.registry().get(CODE_ENV).runs_untrusted_code
    rows = live_rows(tmp_path, [CODE_ENV], 2)
    for row in rows:
        assert score(row, reference(row))["acc"] is True
        assert score(row, "<answer>print(0)</answer>")["acc"] is False
    for program in ("import os\nos._exit(0)", "while True:\n    pass", "raise SystemExit(0)"):
        result = score(rows[0], f"<answer>{program}</answer>")  # exits early, loops past the limit: never correct
        assert result["score"] == 0.0 and result["acc"] is False, program
