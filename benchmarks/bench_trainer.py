"""Step time of `rlve train` against a plain TRL GRPOTrainer: same model, batch and problems, one process.

Ours: rlve_trainer.train.train() — the live curriculum stream (a fixed curriculum, so the problems are as static
as the peer's), verification, the curriculum bookkeeping, the history writer with a commit per step.
Peer: trl.GRPOTrainer on a pre-generated datasets.Dataset of the same environment and difficulty, with a reward
function that scores through env.score. Both generate exactly `completion` tokens per completion (min_new_tokens),
log every step, and save no checkpoint inside the timed steps. The two run alternately, `rounds` times each (who
goes first alternates too), and the median step time over the steps after a warm-up is compared. Target: ratio
<= 1.05. Ours also reports how much of its step went to drawing problems (curriculum + generation), to the reward
(verification + curriculum update) and to closing the step (history commit), timed around those calls, and both
report the seconds spent in Python's garbage collector per step.

    python benchmarks/bench_trainer.py          # prints both medians and the ratio (tiny model, CPU)

rlve-trainer/scripts/gpu_smoke.py runs the same comparison on a GPU with a 0.5B model (`compare`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

LR = 1e-4


@dataclasses.dataclass(frozen=True)
class Setup:
    """One comparison: the model, the problems, the batch shape and the device (CUDA with bf16, or the CPU)."""

    model_dir: Path
    env: str = "graph/shortest_path"
    difficulty: int = 2
    steps: int = 12
    warmup: int = 3  # the first steps (compilation, allocator growth) are not timed
    batch: int = 8
    generations: int = 4
    completion: int = 16
    cuda: bool = False

    @property
    def tokens_per_step(self) -> int:
        return self.batch * self.completion


@dataclasses.dataclass
class Timing:
    """Seconds per timed step and seconds in the garbage collector per step; for ours also the seconds per step
    spent drawing problems (a mean per run), in each timed step's reward call and in closing each timed step."""

    steps: list[float]
    gc: list[float] = dataclasses.field(default_factory=list)
    draw: list[float] = dataclasses.field(default_factory=list)
    reward: list[float] = dataclasses.field(default_factory=list)
    record: list[float] = dataclasses.field(default_factory=list)

    def add(self, other: Timing) -> None:
        for field in dataclasses.fields(self):
            getattr(self, field.name).extend(getattr(other, field.name))


def _timer(warmup: int, collecting: list[float]):
    """A callback stamping each step's end with the time and ``collecting[0]``, the running total of seconds in
    the garbage collector (from ``gc_clock``), so both are known per step after the warm-up."""
    from transformers import TrainerCallback

    class StepTimer(TrainerCallback):
        def __init__(self):
            self.stamps: list[tuple[float, float]] = []

        def on_step_end(self, args, state, control, **kwargs):
            self.stamps.append((time.perf_counter(), collecting[0]))

        def _gaps(self, index: int) -> list[float]:
            return [b[index] - a[index] for a, b in zip(self.stamps, self.stamps[1:])][warmup - 1 :]

        def seconds(self) -> list[float]:
            return self._gaps(0)

        def gc_seconds(self) -> list[float]:
            return self._gaps(1)

    return StepTimer()


@contextlib.contextmanager
def stage_clock():
    """Add up the seconds rlve spends in its own per-step work while inside: ProblemStream.draw (the curriculum
    picks, the environment generates), CurriculumReward.__call__ (verification and the curriculum update) and
    RlveCallback._finish (the step's history rows committed, the progress line).

    Yields a dict {"draw": [...], "reward": [...], "record": [...]} of per-call seconds. The methods are wrapped
    on their classes for the duration and restored after, so nothing outside this measurement is affected."""
    from rlve_trainer.callbacks import RlveCallback
    from rlve_trainer.data import ProblemStream
    from rlve_trainer.rewards import CurriculumReward

    methods = {
        "draw": (ProblemStream, "draw"),
        "reward": (CurriculumReward, "__call__"),
        "record": (RlveCallback, "_finish"),
    }
    spent: dict[str, list[float]] = {name: [] for name in methods}
    originals = {name: getattr(owner, attribute) for name, (owner, attribute) in methods.items()}

    def timed(name, method):
        def wrapper(*args, **kwargs):
            started = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                spent[name].append(time.perf_counter() - started)

        return wrapper

    for name, (owner, attribute) in methods.items():
        setattr(owner, attribute, timed(name, originals[name]))
    try:
        yield spent
    finally:
        for name, (owner, attribute) in methods.items():
            setattr(owner, attribute, originals[name])


@contextlib.contextmanager
def gc_clock(total: list[float]):
    """Adds the seconds spent in Python's garbage collector while inside to ``total[0]``."""
    import gc

    started = [0.0]

    def callback(phase, info):
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            total[0] += time.perf_counter() - started[0]

    gc.callbacks.append(callback)
    try:
        yield
    finally:
        gc.callbacks.remove(callback)


def _grpo_kwargs(setup: Setup, output_dir: str) -> dict:
    from rlve_trainer.trainer import checkpointing_field

    return dict(
        output_dir=output_dir,
        max_steps=setup.steps,
        per_device_train_batch_size=setup.batch,
        num_generations=setup.generations,
        max_completion_length=setup.completion,
        learning_rate=LR,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        disable_tqdm=True,
        use_cpu=not setup.cuda,
        bf16=setup.cuda,
        seed=0,
        generation_kwargs={"min_new_tokens": setup.completion},
        **{checkpointing_field(): False},  # its name depends on the transformers version
    )


def run_ours(setup: Setup, folder: Path) -> Timing:
    from rlve_trainer.config import TrainConfig
    from rlve_trainer.train import train

    config = TrainConfig.model_validate(
        {
            "model": {"path": str(setup.model_dir)},
            "envs": [setup.env],
            "curriculum": {"strategy": "fixed", "params": {"difficulty": setup.difficulty}},
            "grpo": {
                "num_generations": setup.generations,
                "per_device_train_batch_size": setup.batch,
                "max_completion_length": setup.completion,
                "learning_rate": LR,
                "save_steps": 10_000,
                "bf16": setup.cuda,
                "extra": {"generation_kwargs": {"min_new_tokens": setup.completion}},
            },
            "max_steps": setup.steps,
            "output": str(folder),
        }
    )
    collecting = [0.0]
    timer = _timer(setup.warmup, collecting)
    with stage_clock() as spent, gc_clock(collecting):
        train(config, quiet=True, callbacks=[timer])
    # One reward call and one step closed per step. Drawing is the same CPU work at every step, but the data
    # loader does not draw exactly at step boundaries, so its per-step figure is the mean over the run.
    return Timing(
        timer.seconds(),
        gc=timer.gc_seconds(),
        draw=[sum(spent["draw"]) / setup.steps],
        reward=spent["reward"][setup.warmup :],
        record=spent["record"][setup.warmup :],
    )


def run_peer(setup: Setup, folder: Path) -> Timing:
    import torch
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from transformers.trainer_callback import PrinterCallback
    from trl import GRPOConfig, GRPOTrainer

    import rlve

    env = rlve.registry().get(setup.env)
    count = setup.steps * setup.batch // setup.generations + 8
    problems = {seed: env.sample(setup.difficulty, seed) for seed in range(count)}
    dataset = Dataset.from_list(
        [{"prompt": [{"role": "user", "content": p.prompt}], "seed": seed} for seed, p in problems.items()]
    )

    def reward(completions, seed, **kwargs):
        return [1.0 if env.score(problems[s], c[0]["content"]).correct else 0.0 for c, s in zip(completions, seed)]

    tokenizer = AutoTokenizer.from_pretrained(setup.model_dir)
    dtype = torch.bfloat16 if setup.cuda else torch.float32  # as rlve loads it
    model = AutoModelForCausalLM.from_pretrained(setup.model_dir, dtype=dtype)
    collecting = [0.0]
    timer = _timer(setup.warmup, collecting)
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[reward],
        args=GRPOConfig(**_grpo_kwargs(setup, str(folder))),
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[timer],
    )
    trainer.remove_callback(PrinterCallback)
    with gc_clock(collecting):
        trainer.train()
    return Timing(timer.seconds(), gc=timer.gc_seconds())


def ratio_interval(ours: list[float], peer: list[float], resamples: int = 2000) -> list[float]:
    """A 95% bootstrap interval of median(ours) / median(peer): step times on a GPU vary by tens of percent
    (generation is bound by kernel launches from the CPU), so the ratio alone can mislead."""
    import random

    rng = random.Random(0)
    ratios = sorted(
        statistics.median(rng.choices(ours, k=len(ours))) / statistics.median(rng.choices(peer, k=len(peer)))
        for _ in range(resamples)
    )
    return [round(ratios[int(0.025 * resamples)], 3), round(ratios[int(0.975 * resamples) - 1], 3)]


def compare(setup: Setup, folder: Path, rounds: int = 3) -> dict:
    """Ours and the peer alternately, ``rounds`` times each; medians, tokens per second and the ratio, with
    each round's medians (how much the ratio moves between rounds says how far to trust it)."""
    ours, peer, by_round = Timing([]), Timing([]), []
    for index in range(rounds):
        # Who goes first alternates, so a drift over the run (clocks, allocator, caches) favours neither.
        if index % 2 == 0:
            mine, theirs = run_ours(setup, folder / f"ours-{index}"), run_peer(setup, folder / f"peer-{index}")
        else:
            theirs, mine = run_peer(setup, folder / f"peer-{index}"), run_ours(setup, folder / f"ours-{index}")
        ours.add(mine)
        peer.add(theirs)
        by_round.append([round(statistics.median(mine.steps), 4), round(statistics.median(theirs.steps), 4)])
    step_ours, step_peer = statistics.median(ours.steps), statistics.median(peer.steps)
    ms = lambda seconds: round(1000 * statistics.median(seconds), 3)  # noqa: E731
    return {
        "timed_steps_each": len(ours.steps),
        "completion_tokens_per_step": setup.tokens_per_step,
        "ours_s_per_step": round(step_ours, 4),
        "trl_s_per_step": round(step_peer, 4),
        "ours_tokens_per_s": round(setup.tokens_per_step / step_ours, 1),
        "trl_tokens_per_s": round(setup.tokens_per_step / step_peer, 1),
        "ratio": round(step_ours / step_peer, 3),  # time per step, ours / TRL: lower is better, target <= 1.05
        "ratio_interval_95": ratio_interval(ours.steps, peer.steps),
        "rounds_s_per_step": by_round,  # [ours, trl] medians of each round (odd rounds ran TRL first)
        "draw_share": round(statistics.median(ours.draw) / step_ours, 5),
        "reward_share": round(statistics.median(ours.reward) / step_ours, 5),
        "record_share": round(statistics.median(ours.record) / step_ours, 5),
        "draw_ms_per_step": ms(ours.draw),
        "reward_ms_per_step": ms(ours.reward),
        "record_ms_per_step": ms(ours.record),
        "gc_ms_per_step": {"ours": ms(ours.gc), "trl": ms(peer.gc)},
        "ours_steps_s": [round(x, 4) for x in ours.steps],
        "trl_steps_s": [round(x, 4) for x in peer.steps],
    }


def measure() -> dict:
    from rlve_trainer.tiny import build_tiny

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        setup = Setup(build_tiny(root / "model", ["graph/shortest_path"]))
        return compare(setup, root)


def run(report) -> None:
    found = measure()
    report(
        f"trainer step, tiny Qwen2, {Setup.batch} completions x {Setup.completion} tokens",
        found["ours_s_per_step"],
        found["trl_s_per_step"],
        "trl GRPOTrainer",
        unit="s/step",
    )
    print(
        f"  rlve's share of its step: drawing problems {found['draw_share']:.2%}, reward (verification + "
        f"curriculum) {found['reward_share']:.2%}, closing the step (history commit) {found['record_share']:.2%}"
    )


if __name__ == "__main__":
    found = measure()
    print(f"rlve train       median {found['ours_s_per_step']:.4f} s/step over {found['timed_steps_each']} steps")
    print(f"trl GRPOTrainer  median {found['trl_s_per_step']:.4f} s/step over {found['timed_steps_each']} steps")
    print(f"ratio (ours / trl, lower is better, target <= 1.05): {found['ratio']:.3f}")
    print(
        f"share of rlve's step: drawing problems {found['draw_share']:.2%}, reward {found['reward_share']:.2%}, "
        f"closing the step {found['record_share']:.2%}; per round [ours, trl] s/step: {found['rounds_s_per_step']}"
    )
