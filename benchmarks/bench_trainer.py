"""Step time of `rlve train` against a plain TRL GRPOTrainer: same tiny model, batch and problems, one process.

Ours: rlve_trainer.train.train() — the live curriculum stream (a fixed curriculum, so the problems are as static
as the peer's), verification, the curriculum bookkeeping, the history writer with a commit per step.
Peer: trl.GRPOTrainer on a pre-generated datasets.Dataset of the same environment and difficulty, with a reward
function that scores through env.score. Both generate exactly `max_completion_length` tokens (min_new_tokens),
log every step, and save no checkpoint inside the timed steps. The two run alternately, ROUNDS times each, and
the median step time over the steps after a warm-up is compared. Target: ratio <= 1.05.

    python benchmarks/bench_trainer.py          # prints both medians and the ratio
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ENV = "graph/shortest_path"
DIFFICULTY = 2
STEPS = 12
WARMUP = 3
ROUNDS = 3
BATCH = 8
GENERATIONS = 4
COMPLETION = 16
LR = 1e-4


def _timer():
    from transformers import TrainerCallback

    class StepTimer(TrainerCallback):
        def __init__(self):
            self.stamps: list[float] = []

        def on_step_end(self, args, state, control, **kwargs):
            self.stamps.append(time.perf_counter())

        def seconds(self) -> list[float]:
            gaps = [b - a for a, b in zip(self.stamps, self.stamps[1:])]
            return gaps[WARMUP - 1 :]

    return StepTimer()


def _grpo_kwargs(output_dir: str) -> dict:
    return dict(
        output_dir=output_dir,
        max_steps=STEPS,
        per_device_train_batch_size=BATCH,
        num_generations=GENERATIONS,
        max_completion_length=COMPLETION,
        learning_rate=LR,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        disable_tqdm=True,
        use_cpu=True,
        bf16=False,
        activation_checkpointing=False,
        seed=0,
        generation_kwargs={"min_new_tokens": COMPLETION},
    )


def run_ours(model_dir: Path, folder: Path) -> list[float]:
    from rlve_trainer.config import TrainConfig
    from rlve_trainer.train import train

    config = TrainConfig.model_validate(
        {
            "model": {"path": str(model_dir)},
            "envs": [ENV],
            "curriculum": {"strategy": "fixed", "params": {"difficulty": DIFFICULTY}},
            "grpo": {
                "num_generations": GENERATIONS,
                "per_device_train_batch_size": BATCH,
                "max_completion_length": COMPLETION,
                "learning_rate": LR,
                "save_steps": 10_000,
                "extra": {"generation_kwargs": {"min_new_tokens": COMPLETION}},
            },
            "max_steps": STEPS,
            "output": str(folder),
        }
    )
    timer = _timer()
    train(config, quiet=True, callbacks=[timer])
    return timer.seconds()


def run_peer(model_dir: Path, folder: Path) -> list[float]:
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from transformers.trainer_callback import PrinterCallback
    from trl import GRPOConfig, GRPOTrainer

    import rlve

    env = rlve.registry().get(ENV)
    problems = {seed: env.sample(DIFFICULTY, seed) for seed in range(STEPS * BATCH // GENERATIONS + 8)}
    dataset = Dataset.from_list(
        [{"prompt": [{"role": "user", "content": p.prompt}], "seed": seed} for seed, p in problems.items()]
    )

    def reward(completions, seed, **kwargs):
        return [1.0 if env.score(problems[s], c[0]["content"]).correct else 0.0 for c, s in zip(completions, seed)]

    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    timer = _timer()
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[reward],
        args=GRPOConfig(**_grpo_kwargs(str(folder))),
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[timer],
    )
    trainer.remove_callback(PrinterCallback)
    trainer.train()
    return timer.seconds()


def measure() -> tuple[float, float, int]:
    from rlve_trainer.tiny import build_tiny

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        model_dir = build_tiny(root / "model", [ENV])
        ours: list[float] = []
        peer: list[float] = []
        for index in range(ROUNDS):
            ours += run_ours(model_dir, root / f"ours-{index}")
            peer += run_peer(model_dir, root / f"peer-{index}")
    return statistics.median(ours), statistics.median(peer), len(ours)


def run(report) -> None:
    ours, peer, steps = measure()
    report(
        f"trainer step, tiny Qwen2, {BATCH} completions x {COMPLETION} tokens",
        ours,
        peer,
        "trl GRPOTrainer",
        unit="s/step",
    )


if __name__ == "__main__":
    ours, peer, steps = measure()
    print(f"rlve train       median {ours:.4f} s/step over {steps} steps")
    print(f"trl GRPOTrainer  median {peer:.4f} s/step over {steps} steps")
    print(f"ratio (ours / trl, lower is better, target <= 1.05): {ours / peer:.3f}")
