"""verl's ``data.sampler``: rlve's curriculum as verl 0.7.1's ``AbstractCurriculumSampler``.

``data.sampler.class_path=pkg://rlve_trainer.engines.verl_sampler data.sampler.class_name=RlveCurriculumSampler``
with ``data.custom_cls`` = ``RlveDataset`` on the run's TOML (``verl_dataset``). verl's ``create_rl_sampler``
builds it as ``cls(data_source=dataset, data_config=config.data)`` and requires ``dataloader_num_workers=0``.

- Iteration yields slots 0, 1, 2, ..., drawing each slot's problem from the curriculum at the moment the data
  loader asks (``LiveCurriculum.draw_next``); verl stops at ``trainer.total_training_steps``. With no worker
  processes the loader reads nothing ahead, so batch k+1 is drawn after ``update`` of batch k: no lag.
- ``update(batch)`` runs in verl's driver after every step (``RayPPOTrainer.fit``) with the step's whole
  ``DataProto``: every rollout (``rollout.n`` per prompt) with its ``extra_info`` (which problem), the reward
  function's ``acc`` and ``format_ok`` (``non_tensor_batch``) and ``token_level_scores``. Every outcome goes into
  the curriculum, in slot order, and into the history (runs, rollouts, difficulty_changes, curriculum, steps),
  written from this process, exactly as ``rlve train`` writes them.
- ``state_dict`` / ``load_state_dict``: verl saves the data loader's state (``data.pt``) with every checkpoint;
  torchdata's ``StatefulDataLoader`` asks the sampler for its state there, so the curriculum, the next slot, the
  step count and the history's run id are saved and restored with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from verl import DataProto
from verl.experimental.dataset.sampler import AbstractCurriculumSampler

from rlve.errors import RlveError
from rlve_trainer.engines.verl_live import LiveCurriculum
from rlve_trainer.rewards import Outcome

#: What the sampler needs from the reward function's extra keys (``verl_reward.compute_score`` returns them).
CORRECT_KEY = "acc"


class RlveCurriculumSampler(AbstractCurriculumSampler):
    def __init__(self, data_source, data_config):
        live = getattr(data_source, "live", None)
        if not isinstance(live, LiveCurriculum):
            raise RlveError(
                "RlveCurriculumSampler draws from rlve's live dataset: set data.custom_cls.path="
                "pkg://rlve_trainer.engines.verl_dataset, data.custom_cls.name=RlveDataset and data.train_files="
                "the run's TOML (`rlve engines verl run.toml` prints them)"
            )
        self.dataset = data_source
        self.live: LiveCurriculum = live
        data_source.sampler = self
        self.store_text = live.config.store_completions

    def __iter__(self) -> Iterator[int]:
        # A generator: nothing is drawn until the loader asks, so a state loaded before the first ask counts.
        while True:
            yield self.live.draw_next()

    def __len__(self) -> int:
        return len(self.dataset)

    def update(self, batch: DataProto) -> None:
        """Record every rollout of the step in the curriculum and the history."""
        self.live.record_step(self.outcomes(batch))

    def outcomes(self, batch: DataProto) -> list[Outcome]:
        """One Outcome per rollout of ``batch`` (the problem from its ``extra_info``, correctness from ``acc``)."""
        extra = batch.non_tensor_batch
        if "extra_info" not in extra:
            raise RlveError("verl's batch has no extra_info: were its prompts drawn by the rlve dataset?")
        if CORRECT_KEY not in extra:
            raise RlveError(
                f"verl's batch has no {CORRECT_KEY!r} from the reward function: set custom_reward_function.path to "
                "rlve_trainer/engines/verl_reward.py and custom_reward_function.name=compute_score"
            )
        infos = extra["extra_info"]
        count = len(infos)
        correct = extra[CORRECT_KEY]
        format_ok = extra.get("format_ok")
        verifier_error = extra.get("verifier_error")  # compute_score sends it; the curriculum skips those answers
        rewards = self._rewards(batch, count)
        lengths = self._lengths(batch, count)
        texts = self._texts(batch) if self.store_text else None
        outcomes = []
        for i in range(count):
            info = infos[i]
            try:
                env_id, version = str(info["env"]), int(info["env_version"])
                difficulty, seed, slot = int(info["difficulty"]), int(info["seed"]), int(info["index"])
            except (KeyError, TypeError, ValueError) as error:
                raise RlveError(f"rollout {i} of verl's batch names no rlve problem in extra_info ({error})") from None
            if env_id not in self.live.environments:
                raise RlveError(f"rollout {i} of verl's batch is for {env_id!r}, which this run does not train on")
            outcomes.append(
                Outcome(
                    slot=slot,
                    env=env_id,
                    env_version=version,
                    difficulty=difficulty,
                    seed=seed,
                    reward=rewards[i],
                    correct=bool(correct[i]),
                    format_ok=bool(format_ok[i]) if format_ok is not None else True,
                    completion_tokens=lengths[i],
                    reason="",
                    text=texts[i] if texts is not None else None,
                    verifier_error=bool(verifier_error[i]) if verifier_error is not None else False,
                )
            )
        return outcomes

    @staticmethod
    def _rewards(batch: DataProto, count: int) -> list[float]:
        tensors = batch.batch
        for key in ("token_level_scores", "rm_scores"):
            if tensors is not None and key in tensors.keys():
                return [float(value) for value in tensors[key].sum(dim=-1).tolist()]
        score = batch.non_tensor_batch.get("score")
        return [float(value) for value in score] if score is not None else [0.0] * count

    @staticmethod
    def _lengths(batch: DataProto, count: int) -> list[int]:
        tensors = batch.batch
        if tensors is not None and "response_mask" in tensors.keys():
            return [int(value) for value in tensors["response_mask"].sum(dim=-1).tolist()]
        return [0] * count

    def _texts(self, batch: DataProto) -> list[str] | None:
        """The completions' text (``store_completions = true``): the response tokens under the response mask."""
        tensors = batch.batch
        tokenizer = getattr(self.dataset, "tokenizer", None)
        if tokenizer is None or tensors is None or "responses" not in tensors.keys():
            return None
        responses = tensors["responses"]
        mask = tensors["response_mask"] if "response_mask" in tensors.keys() else None
        texts = []
        for i in range(responses.shape[0]):
            ids = responses[i][mask[i].bool()] if mask is not None else responses[i]
            texts.append(tokenizer.decode(ids.tolist(), skip_special_tokens=True))
        return texts

    def state_dict(self) -> dict[str, Any]:
        return self.live.state_dict()

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        self.live.load_state_dict(state_dict)
