"""rlve's live curriculum inside verl 0.7.1, through verl's own pieces: the config `rlve engines verl` prints,
composed by Hydra from verl's ppo_trainer.yaml; create_rl_dataset / create_rl_sampler; torchdata's
StatefulDataLoader with verl's collate_fn; DataProto batches as RayPPOTrainer.fit builds them; compute_score."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

verl = pytest.importorskip("verl", reason="verl 0.7.1 is not installed (nox -s engines installs it)")
pytest.importorskip("verl.experimental.dataset.sampler", reason="this verl has no curriculum sampler hook (0.7.1 has)")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from click.testing import CliRunner  # noqa: E402
from hydra import compose, initialize_config_dir  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402
from torchdata.stateful_dataloader import StatefulDataLoader  # noqa: E402
from verl import DataProto  # noqa: E402
from verl.trainer.main_ppo import create_rl_dataset, create_rl_sampler  # noqa: E402
from verl.utils.dataset.rl_dataset import RLHFDataset, collate_fn  # noqa: E402

from rlve.errors import RlveError  # noqa: E402
from rlve_trainer.cli.engines import engines  # noqa: E402
from rlve_trainer.engines.verl_reward import compute_score  # noqa: E402

ENVS = ["math/addition", "logic/sudoku"]
PROMPTS = 4  # data.train_batch_size
N = 4  # rollout.n


def write_toml(folder: Path, envs=ENVS, min_samples: int = 8) -> Path:
    (folder / "model").mkdir(exist_ok=True)
    path = folder / "run.toml"
    path.write_text(
        f"envs = {json.dumps(envs)}\nmax_steps = 20\nseed = 5\ndb = \"{folder / 'history.db'}\"\n"
        f"[model]\npath = \"{folder / 'model'}\"\n"
        f"[curriculum]\nstrategy = \"adaptive\"\nparams = {{ min_samples = {min_samples} }}\n"
        f"[grpo]\nnum_generations = {N}\nper_device_train_batch_size = {PROMPTS * N}\n"
    )
    return path


def verl_config(toml: Path, *extra: str):
    """verl's whole config as main_ppo would get it from `python -m verl.trainer.main_ppo $(rlve engines verl ...)`."""
    result = CliRunner().invoke(engines, ["verl", str(toml)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    overrides = [line for line in result.stdout.splitlines() if line]
    folder = os.path.join(os.path.dirname(verl.__file__), "trainer", "config")
    with initialize_config_dir(config_dir=folder, version_base=None):
        return compose(config_name="ppo_trainer", overrides=[*overrides, *extra])


@pytest.fixture(scope="module")
def tokenizer():
    from rlve_trainer.tiny import build_tokenizer

    return build_tokenizer(ENVS)


def build(config, tokenizer):
    """The train dataset, sampler and data loader exactly as RayPPOTrainer._create_dataloader builds them."""
    dataset = create_rl_dataset(config.data.train_files, config.data, tokenizer, None, is_train=True)
    sampler = create_rl_sampler(config.data, dataset)
    loader = StatefulDataLoader(
        dataset=dataset,
        batch_size=config.data.get("gen_batch_size", config.data.train_batch_size),
        num_workers=config.data["dataloader_num_workers"],
        drop_last=True,
        collate_fn=collate_fn,
        sampler=sampler,
    )
    return dataset, sampler, loader


def answer_of(extra_info: dict) -> str:
    import rlve

    env = rlve.registry().get(extra_info["env"])
    return env.sample(int(extra_info["difficulty"]), int(extra_info["seed"])).answer


def rollouts(batch_dict: dict, correct) -> DataProto:
    """What RayPPOTrainer.fit hands update(): the prompts repeated rollout.n times (interleaved), each rollout
    scored by rlve's compute_score (the reward loop puts its extra keys in non_tensor_batch)."""
    batch = DataProto.from_single_dict(batch_dict)
    batch.non_tensor_batch["uid"] = np.array([f"u{i}" for i in range(len(batch))], dtype=object)
    batch = batch.repeat(repeat_times=N, interleave=True)
    scores = []
    sources, infos = batch.non_tensor_batch["data_source"], batch.non_tensor_batch["extra_info"]
    for i, (source, info) in enumerate(zip(sources, infos)):
        right = correct(i, info)
        response = f"<answer>{answer_of(info)}</answer>" if right else "<answer>-1</answer>"
        scores.append(compute_score(source, response, None, info))
    length = 6
    level = torch.zeros(len(batch), length)
    level[:, -1] = torch.tensor([s["score"] for s in scores])
    result = DataProto.from_dict(
        tensors={"token_level_scores": level, "response_mask": torch.ones(len(batch), length, dtype=torch.long)},
        # as agent_loop.py passes the reward function's extra keys on
        non_tensors={key: np.array([s[key] for s in scores]) for key in ("acc", "format_ok", "verifier_error")},
    )
    return batch.union(result)


def problems(batch_dict: dict) -> list[tuple]:
    return [(i["env"], i["difficulty"], i["seed"], i["index"]) for i in batch_dict["extra_info"]]


def query(db: Path, sql: str) -> list[tuple]:
    engine = create_engine(f"sqlite:///{db}")
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql)).all()]
    finally:
        engine.dispose()


def test_live_rows_are_shaped_as_verl_reads_an_exported_parquet(tmp_path, tokenizer):
    """Each batch has exactly the keys and values RLHFDataset gives for the same problems in a parquet written by
    `rlve export --format verl`, so collate_fn, the agent loop and the reward function take them unchanged."""
    from rlve import export as exporting

    pyarrow = pytest.importorskip("pyarrow")
    import pyarrow.parquet as parquet

    config = verl_config(write_toml(tmp_path))
    dataset, sampler, loader = build(config, tokenizer)
    assert len(loader) == 20  # max_steps batches: verl sizes its run from it
    live = next(iter(loader))
    assert len(live["extra_info"]) == PROMPTS

    import rlve

    rows = []
    for info in live["extra_info"]:
        problem = rlve.registry().get(info["env"]).sample(info["difficulty"], int(info["seed"]))
        rows.append(exporting.verl_row(problem, info["index"], "train"))
    path = tmp_path / "same.parquet"
    parquet.write_table(pyarrow.Table.from_pylist(rows), path)
    fixed = RLHFDataset(str(path), tokenizer, config.data)
    reference = collate_fn([fixed[i] for i in range(len(fixed))])

    assert set(live) == set(reference)
    for key in ("data_source", "ability", "index"):
        assert list(live[key]) == list(reference[key]), key
    for key in ("prompt", "raw_prompt", "reward_model", "extra_info"):
        assert [json.loads(json.dumps(v, default=list)) for v in live[key]] == [
            json.loads(json.dumps(v, default=list)) for v in reference[key]
        ], key
    assert torch.equal(live["dummy_tensor"], reference["dummy_tensor"])
    # The exported parquet also works as the validation set: the class is then verl's RLHFDataset.
    validation = create_rl_dataset(str(path), config.data, tokenizer, None, is_train=False)
    assert validation.live is None and len(validation) == PROMPTS


def test_update_moves_the_band_and_writes_the_history_as_rlve_train_does(tmp_path, tokenizer):
    toml = write_toml(tmp_path)
    config = verl_config(toml)
    dataset, sampler, loader = build(config, tokenizer)
    seen = []
    for _, batch_dict in zip(range(3), loader):
        seen.append(problems(batch_dict))
        sampler.update(rollouts(batch_dict, lambda i, info: True))  # every answer right: the bands climb
    db = tmp_path / "history.db"
    (run_id, status, model, strategy), = query(db, "select id, status, model, curriculum_strategy from runs")
    assert (status, model, strategy) == ("running", str(tmp_path / "model"), "adaptive")
    assert query(db, "select count(*) from rollouts") == [(3 * PROMPTS * N,)]
    assert query(db, "select count(*), sum(correct) from rollouts where step = 2") == [(PROMPTS * N, PROMPTS * N)]
    changes = query(db, "select step, env, old_high, new_high from difficulty_changes order by id")
    assert changes and all(new == old + 1 for _, _, old, new in changes)
    assert query(db, "select distinct step from curriculum order by step") == [(1,), (2,), (3,)]
    assert query(db, "select step, accuracy from steps order by step") == [(1, 1.0), (2, 1.0), (3, 1.0)]
    # No lag: the batch drawn after the first raise already reaches the new band's top.
    first_step, first_env = changes[0][0], changes[0][1]
    later = [difficulty for batch in seen[first_step:] for env, difficulty, _, _ in batch if env == first_env]
    highs = dict(query(db, f"select env, high from curriculum where step = {first_step}"))
    assert highs[first_env] >= 1 and all(d <= highs[first_env] for d in later)
    # Wrong answers count too, and never raise.
    before = dict(query(db, "select env, high from curriculum where step = 3"))
    sampler.update(rollouts(next(iter(loader)), lambda i, info: False))
    after = dict(query(db, "select env, high from curriculum where step = 4"))
    assert after == before
    assert query(db, "select sum(correct), count(*) from rollouts where step = 4") == [(0, PROMPTS * N)]


def test_a_checkpoint_resumes_the_same_problems_curriculum_and_history(tmp_path, tokenizer):
    """verl saves data.pt during step k, before update(k): the resumed sampler replays step k from the history,
    so it draws exactly the problems the first run drew next, and the history goes on in the same run."""
    toml = write_toml(tmp_path, min_samples=4)
    config = verl_config(toml)
    _, sampler, loader = build(config, tokenizer)
    batches = iter(loader)
    correct = lambda i, info: i % 3 != 0  # noqa: E731
    drawn = {}
    for step in range(1, 4):
        batch_dict = next(batches)
        drawn[step] = problems(batch_dict)
        if step == 2:
            torch.save(loader.state_dict(), tmp_path / "data.pt")  # RayPPOTrainer._save_checkpoint, inside the step
        sampler.update(rollouts(batch_dict, correct))
    drawn[4] = problems(next(batches))
    db = tmp_path / "history.db"
    bands_after_2 = dict(query(db, "select env, high from curriculum where step = 2"))
    sampler.live.history.close()

    _, resumed_sampler, resumed_loader = build(verl_config(toml), tokenizer)  # a new driver process
    resumed_loader.load_state_dict(torch.load(tmp_path / "data.pt", weights_only=False))
    resumed = iter(resumed_loader)
    batch_dict = next(resumed)
    live = resumed_sampler.live
    assert live.updates == 2 and live.next_slot == 3 * PROMPTS
    assert {env: band.high for env, band in live.curriculum.bands().items()} == bands_after_2
    assert problems(batch_dict) == drawn[3]
    # One run in the history; step 3's rows (written after the checkpoint) are gone, steps 1-2 kept.
    assert len(query(db, "select id from runs")) == 1
    assert query(db, "select distinct step from rollouts order by step") == [(1,), (2,)]
    resumed_sampler.update(rollouts(batch_dict, correct))
    assert problems(next(resumed)) == drawn[4]
    assert query(db, "select distinct step from curriculum order by step") == [(1,), (2,), (3,)]


def test_a_lost_update_leaves_the_step_out_but_keeps_verls_step_numbers(tmp_path, tokenizer):
    """The first run stopped between the save in step 2 and update(2): the resumed run cannot replay step 2 and
    numbers its next update 3, as verl does."""
    toml = write_toml(tmp_path)
    _, sampler, loader = build(verl_config(toml), tokenizer)
    batches = iter(loader)
    sampler.update(rollouts(next(batches), lambda i, info: True))
    next(batches)
    saved = loader.state_dict()
    _, resumed_sampler, resumed_loader = build(verl_config(toml), tokenizer)
    resumed_loader.load_state_dict(saved)
    sampler.live.history.close()
    resumed_sampler.update(rollouts(next(iter(resumed_loader)), lambda i, info: True))
    assert query(tmp_path / "history.db", "select distinct step from rollouts order by step") == [(1,), (3,)]


def test_a_checkpoint_read_against_another_database_says_which(tmp_path, tokenizer):
    toml = write_toml(tmp_path)
    _, sampler, loader = build(verl_config(toml), tokenizer)
    sampler.update(rollouts(next(iter(loader)), lambda i, info: True))
    saved = loader.state_dict()
    sampler.live.history.close()
    other = verl_config(toml, f"data.rlve_db=sqlite:///{tmp_path / 'other.db'}")
    _, _, resumed_loader = build(other, tokenizer)
    resumed_loader.load_state_dict(saved)
    with pytest.raises(RlveError, match="data.rlve_db=the database the run was recorded in"):
        next(iter(resumed_loader))


def test_store_completions_keeps_each_responses_text(tmp_path, tokenizer):
    toml = write_toml(tmp_path)
    toml.write_text(toml.read_text().replace("seed = 5", "seed = 5\nstore_completions = true"))
    _, sampler, loader = build(verl_config(toml), tokenizer)
    batch = rollouts(next(iter(loader)), lambda i, info: i % 2 == 0)
    texts = [f"<answer>{i}</answer>" for i in range(len(batch))]
    encoded = [tokenizer.encode(text, add_special_tokens=False) for text in texts]
    width = max(len(ids) for ids in encoded)
    pad = tokenizer.pad_token_id
    responses = torch.tensor([ids + [pad] * (width - len(ids)) for ids in encoded])
    mask = torch.tensor([[1] * len(ids) + [0] * (width - len(ids)) for ids in encoded])
    batch.batch["responses"], batch.batch["response_mask"] = responses, mask
    sampler.update(batch)
    stored = query(tmp_path / "history.db", "select text, completion_tokens from rollouts order by id")
    assert sorted(text for text, _ in stored) == sorted(texts)
    assert sorted(tokens for _, tokens in stored) == sorted(len(ids) for ids in encoded)


def test_misconfigurations_are_one_clear_error(tmp_path, tokenizer):
    toml = write_toml(tmp_path)
    config = verl_config(toml)
    dataset, sampler, loader = build(config, tokenizer)
    batch = DataProto.from_single_dict(next(iter(loader)))
    with pytest.raises(RlveError, match="custom_reward_function"):
        sampler.update(batch)  # no 'acc': another reward function
    from rlve_trainer.engines.verl_sampler import RlveCurriculumSampler

    with pytest.raises(RlveError, match="data.custom_cls"):
        RlveCurriculumSampler(data_source=[1, 2, 3], data_config=config.data)
    validation = create_rl_dataset(config.data.val_files, config.data, tokenizer, None, is_train=False)
    with pytest.raises(RlveError, match="val_files"):
        validation[0]  # the TOML as validation set: no fixed problems to validate on
    with pytest.raises(RlveError, match="dataloader_num_workers=0"):
        pickle.dumps(dataset)  # a worker process would draw from a copy of the curriculum


def test_a_prompt_over_max_prompt_length_names_the_problem_and_the_setting(tmp_path, tokenizer):
    # verl 0.7.1 would fail later, padding the rollout batch, with nothing that names the prompt.
    config = verl_config(write_toml(tmp_path), "data.max_prompt_length=16")
    _, _, loader = build(config, tokenizer)
    named = r"of (math/addition|logic/sudoku) at difficulty 0 \(seed \d+\) is \d+ tokens, over data.max_prompt_length"
    with pytest.raises(RlveError, match=named):
        next(iter(loader))


def test_the_recorded_runs_id_reaches_the_file_rlve_engines_verl_run_reads(tmp_path, tokenizer):
    """`rlve engines verl --run` passes +data.rlve_run_file through verl's config to rlve's dataset, which writes
    the run it records there (how the launcher finds the run to mark when verl crashes)."""
    run_file = tmp_path / "run_id"
    config = verl_config(write_toml(tmp_path), f"+data.rlve_run_file={run_file}")
    dataset, sampler, loader = build(config, tokenizer)
    next(iter(loader))
    written = json.loads(run_file.read_text())
    assert written == {"run_id": dataset.live.run_id, "db": f"sqlite:///{tmp_path / 'history.db'}"}
    assert query(tmp_path / "history.db", "SELECT id, status FROM runs") == [(dataset.live.run_id, "running")]
