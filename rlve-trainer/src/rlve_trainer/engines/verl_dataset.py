"""verl's ``data.custom_cls``: a dataset whose training rows are drawn from rlve's live curriculum.

Set (``rlve engines verl run.toml`` prints it all)::

    data.train_files=/abs/run.toml                      # the TOML `rlve train` reads: envs, curriculum, seed, db
    data.custom_cls.path=pkg://rlve_trainer.engines.verl_dataset  data.custom_cls.name=RlveDataset
    data.sampler.class_path=pkg://rlve_trainer.engines.verl_sampler  data.sampler.class_name=RlveCurriculumSampler
    data.dataloader_num_workers=0  +data.rlve_db=sqlite:////abs/history.db

verl builds the class twice, as ``cls(data_files, tokenizer, config, processor, max_samples)``: for
``data.train_files`` and for ``data.val_files``. Given a ``.toml`` it is the live dataset: item ``slot`` is the
problem the rlve sampler drew for that slot, shaped exactly as verl 0.7.1's ``RLHFDataset`` shapes a row of an
``rlve export --format verl`` parquet (``data_source`` = environment id, ``prompt`` and ``raw_prompt`` = the chat
messages, ``ability``, ``reward_model``, ``extra_info`` = {env, env_version, difficulty, seed (text), index = slot,
split}, ``index``, ``tools_kwargs``, ``interaction_kwargs``, ``dummy_tensor``), so verl's ``collate_fn``, agent
loop and ``custom_reward_function`` (``verl_reward.compute_score``) take it unchanged. In verl 0.7.1 the agent
loop applies the chat template; the dataset returns the messages, as ``RLHFDataset`` does. Given anything else
(an ``rlve export --split eval --format verl`` parquet for validation) it is verl's own ``RLHFDataset``.

Where the rlve config comes from: ``data.train_files`` names the run's TOML, so one file serves ``rlve train``
and verl; ``data.rlve_db`` (optional) replaces the TOML's database with an absolute URL, since verl's driver
may not run in the folder the TOML's relative paths were written for. ``data.rlve_run_file`` (optional, set by
``rlve engines verl run.toml --run``) is a file the run's id is written to, so the launching process can record
how the run ended.
"""

from __future__ import annotations

from typing import Any

from omegaconf import ListConfig
from verl.utils.dataset.rl_dataset import RLHFDataset

from rlve.errors import RlveError
from rlve_trainer.engines.verl_live import LiveCurriculum, load_config


def live_toml(data_files: Any) -> str | None:
    """The TOML path when ``data_files`` names one (a string or a one-item list), else None."""
    files = list(data_files) if isinstance(data_files, (list, tuple, ListConfig)) else [data_files]
    tomls = [str(f) for f in files if str(f).endswith(".toml")]
    if not tomls:
        return None
    if len(files) != 1:
        raise RlveError(f"data files {files}: give the run's TOML alone (rlve draws every training row from it)")
    return tomls[0]


def train_batch_size(config: Any) -> int:
    """Prompts per step, as verl's train data loader reads them (``gen_batch_size`` wins, as in ``RayPPOTrainer``)."""
    size = config.get("gen_batch_size", None) or config.get("train_batch_size", None)
    if size is None:
        raise RlveError("data.train_batch_size is not set: verl's data loader needs it (prompts per step)")
    return int(size)


class RlveDataset(RLHFDataset):
    """Live rows from the curriculum for a TOML; verl's ``RLHFDataset`` for any other file."""

    def __init__(self, data_files, tokenizer, config, processor=None, max_samples: int = -1):
        toml = live_toml(data_files)
        if toml is None:
            super().__init__(data_files, tokenizer, config, processor=processor, max_samples=max_samples)
            self.live = None
            return
        # The live dataset reads no file: only what RLHFDataset's users read off a dataset is set.
        self.data_files = [toml]
        self.original_data_files = [toml]
        self.tokenizer = tokenizer
        self.processor = processor
        self.config = config
        self.max_samples = max_samples
        self.serialize_dataset = False
        self.rlve_config = load_config(toml, config.get("rlve_db", None))
        self.live = LiveCurriculum(
            self.rlve_config, batch_size=train_batch_size(config), run_file=config.get("rlve_run_file", None)
        )
        self.sampler = None  # set by RlveCurriculumSampler: only the training dataset has one

    def __len__(self) -> int:
        if self.live is None:
            return super().__len__()
        # verl sizes its run from this (len(train_dataloader) * total_epochs steps unless total_training_steps).
        return self.rlve_config.max_steps * self.live.batch_size

    def __getitem__(self, item):
        if self.live is None:
            return super().__getitem__(item)
        if self.sampler is None:
            raise RlveError(
                "the rlve live dataset has no curriculum sampler: it serves training only. For validation give "
                "data.val_files a fixed set (rlve export ... --split eval --format verl -o eval.parquet), or turn "
                "validation off (trainer.test_freq=-1 trainer.val_before_train=False)"
            )
        import torch

        row = self.live.row(int(item))
        row["raw_prompt"] = [dict(message) for message in row["prompt"]]
        self._check_prompt_length(row)
        # RLHFDataset's placeholder so that DataProto.batch is never empty (verl 0.7.1, rl_dataset.py).
        row["dummy_tensor"] = torch.tensor([0], dtype=torch.uint8)
        row["index"] = row["extra_info"]["index"]
        row["tools_kwargs"] = {}
        row["interaction_kwargs"] = {}
        return row

    def _check_prompt_length(self, row: dict) -> None:
        """A prompt over data.max_prompt_length would end the run deep in verl's rollout padding (0.7.1 does not
        truncate there, and RLHFDataset filters only files, when filter_overlong_prompts is on): say which one."""
        limit = self.config.get("max_prompt_length", None)
        if not limit or self.tokenizer is None:  # verl always passes its tokenizer; without one nothing to count
            return
        from verl.utils.tokenizer import normalize_token_ids

        kwargs = dict(self.config.get("apply_chat_template_kwargs", None) or {})
        for key in ("tokenize", "return_dict", "return_tensors"):
            kwargs.pop(key, None)
        ids = self.tokenizer.apply_chat_template(row["raw_prompt"], add_generation_prompt=True, tokenize=True, **kwargs)
        length = len(normalize_token_ids(ids))
        if length > int(limit):
            info = row["extra_info"]
            raise RlveError(
                f"the prompt of {info['env']} at difficulty {info['difficulty']} (seed {info['seed']}) is {length} "
                f"tokens, over data.max_prompt_length={limit}: raise it (rlve engines verl --max-prompt-length N "
                "prints the overrides), or train that environment in a run of its own with a longer limit"
            )

    def __getstate__(self):
        # The live dataset holds the curriculum; pickling it (verl never does with num_workers=0) is a bug.
        if self.live is not None:
            raise RlveError("the rlve live dataset cannot be copied to another process: data.dataloader_num_workers=0")
        return super().__getstate__()

    def resume_dataset_state(self):
        if self.live is None:
            super().resume_dataset_state()
