"""What rlve's live curriculum costs verl's driver per step, on CPU: against verl reading a static parquet.

Ours: one verl step's data work with rlve's dataset and sampler (verl 0.7.1's create_rl_dataset,
create_rl_sampler, StatefulDataLoader and collate_fn): the sampler draws PROMPTS problems from the curriculum,
the dataset builds their rows, collate_fn batches them; then ``sampler.update`` takes the step's PROMPTS x N
rollouts (a DataProto as RayPPOTrainer.fit hands it) into the curriculum and writes the history (rollouts,
curriculum, steps rows, one commit). Peer: verl's own RLHFDataset over a parquet of the same problems
(``rlve export --format verl`` rows), read through the same loader and collate_fn, with no curriculum to update.
The reward function runs in verl's reward workers in both cases and is left out. CPU time of this process.

Skips with one line when verl 0.7.1 is not installed (``nox -s engines`` installs it on CPU).

    python benchmarks/bench_engines.py
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ENVS = ["math/addition", "graph/shortest_path", "logic/sudoku"]
PROMPTS = 64  # data.train_batch_size
N = 8  # rollout.n
STEPS = 20
RESPONSE = 32  # tokens per response in the DataProto (only masks and scores are read)


def available() -> str | None:
    """None when verl with the curriculum hook imports, else why not."""
    try:
        import verl.experimental.dataset.sampler  # noqa: F401
        from verl.trainer.main_ppo import create_rl_sampler  # noqa: F401
    except ImportError as error:
        return f"verl 0.7.1 not installed ({error}); `nox -s engines` installs it"
    return None


def _config(folder: Path):
    from omegaconf import OmegaConf

    (folder / "model").mkdir()
    toml = folder / "run.toml"
    toml.write_text(
        f"envs = {json.dumps(ENVS)}\nmax_steps = {STEPS + 2}\ndb = \"{folder / 'history.db'}\"\n"
        f"[model]\npath = \"{folder / 'model'}\"\n[curriculum]\nparams = {{ min_samples = 128 }}\n"
        f"[grpo]\nnum_generations = {N}\nper_device_train_batch_size = {PROMPTS * N}\n"
    )
    return OmegaConf.create(
        {
            "train_files": str(toml),
            "train_batch_size": PROMPTS,
            "dataloader_num_workers": 0,
            "filter_overlong_prompts": False,  # neither side filters per step; RLHFDataset would once, up front
            "custom_cls": {"path": "pkg://rlve_trainer.engines.verl_dataset", "name": "RlveDataset"},
            "sampler": {"class_path": "pkg://rlve_trainer.engines.verl_sampler", "class_name": "RlveCurriculumSampler"},
        }
    )


def _loader(dataset, sampler):
    from torchdata.stateful_dataloader import StatefulDataLoader
    from verl.utils.dataset.rl_dataset import collate_fn

    return StatefulDataLoader(dataset, batch_size=PROMPTS, sampler=sampler, num_workers=0, drop_last=True,
                              collate_fn=collate_fn)


def _rollouts(batch_dict, rng: random.Random):
    """The step's DataProto as update() gets it: prompts x N, verl_reward's acc / format_ok, scores and masks."""
    import numpy as np
    import torch
    from verl import DataProto

    batch = DataProto.from_single_dict(batch_dict).repeat(repeat_times=N, interleave=True)
    acc = [rng.random() < 0.6 for _ in range(len(batch))]
    scores = torch.zeros(len(batch), RESPONSE)
    scores[:, -1] = torch.tensor([float(a) for a in acc])
    extra = DataProto.from_dict(
        tensors={"token_level_scores": scores, "response_mask": torch.ones(len(batch), RESPONSE, dtype=torch.long)},
        non_tensors={"acc": np.array(acc), "format_ok": np.array([True] * len(batch))},  # bool arrays, as verl
    )
    return batch.union(extra)


def measure() -> tuple[float, float, float]:
    """(ours s/step, of which update s/step, peer s/step), CPU time."""
    from verl.trainer.main_ppo import create_rl_dataset, create_rl_sampler
    from verl.utils.dataset.rl_dataset import RLHFDataset

    from rlve import export as exporting
    from rlve import registry

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        config = _config(folder)
        dataset = create_rl_dataset(config.train_files, config, None, None)
        sampler = create_rl_sampler(config, dataset)
        batches = iter(_loader(dataset, sampler))
        rng = random.Random(0)
        data_seconds = update_seconds = 0.0
        drawn = []
        for step in range(STEPS + 1):
            start = time.process_time()
            batch_dict = next(batches)
            data = time.process_time() - start
            rollouts = _rollouts(batch_dict, rng)  # verl's work in both cases: not timed
            start = time.process_time()
            sampler.update(rollouts)
            update = time.process_time() - start
            drawn += list(batch_dict["extra_info"])
            if step:  # the first step pays imports and the database's creation
                data_seconds += data
                update_seconds += update
        sampler.live.history.close()

        rows = [
            exporting.verl_row(registry().get(info["env"]).sample(info["difficulty"], int(info["seed"])), i, "train")
            for i, info in enumerate(drawn)
        ]
        import pyarrow
        import pyarrow.parquet as parquet
        from torch.utils.data import SequentialSampler

        path = folder / "static.parquet"
        parquet.write_table(pyarrow.Table.from_pylist(rows), path)
        static = RLHFDataset(str(path), None, config)
        batches = iter(_loader(static, SequentialSampler(static)))
        next(batches)
        start = time.process_time()
        for _ in range(STEPS):
            next(batches)
        peer = (time.process_time() - start) / STEPS
    return (data_seconds + update_seconds) / STEPS, update_seconds / STEPS, peer


def run(report) -> None:
    reason = available()
    if reason is not None:
        print(f"bench_engines: skipped: {reason}")
        return
    ours, update, peer = measure()
    report(
        f"verl step data, {PROMPTS} prompts x {N} rollouts",
        ours,
        peer,
        "verl RLHFDataset parquet",
        unit="s/step",
        note=f"update + history {update * 1000:.1f} ms of it",
    )


if __name__ == "__main__":
    reason = available()
    if reason is not None:
        print(f"skipped: {reason}")
    else:
        ours, update, peer = measure()
        print(f"rlve live dataset + sampler  {ours * 1000:8.2f} ms/step (update + history {update * 1000:.2f} ms)")
        print(f"verl RLHFDataset on parquet  {peer * 1000:8.2f} ms/step")
        print(f"ratio (ours / verl, lower is better): {ours / peer:.2f}")
