"""``rlve train --demo``: the curriculum working, live, on CPU in about a minute and a half.

No pretrained model can be downloaded here, and GRPO on a random model never earns a reward, so the demo first
fits a tiny model to a few problems (the same ``warm_start`` code ``rlve ablate --demo`` uses, with the demo's
own settings, see ``WarmStart``; cached in the user's cache folder and reused): level 1 of each of two
environments from two packs, not level 0, where every band starts. GRPO then trains it with RLVE's adaptive
curriculum: the reward starts near 0, since level 0 is new to the model, and rises as GRPO learns it; each band
rises one level at a time when the model masters the level at its top, and every raise is announced as it
happens.

The curriculum is RLVE's, with smaller numbers so that decisions come within seconds instead of hours: see
``CURRICULUM`` and ``WHY``. The reward is RLVE's binary reward, unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rlve_trainer.config import CurriculumSection, GRPOSection, ModelSection, RewardSection, TrainConfig

#: Two environments from two packs, whose low levels are a few problems with short numeric answers that a tiny
#: model can learn: Pisano periods (level 0: m = 5 and 7; level 1: four moduli up to 21) and the number of calls
#: a naive recursive function makes (level 0: f(5) of twelve functions; level 1: f(6) of fifteen).
ENVS = ["math/pisano_period", "code/recursive_call_count"]

#: RLVE's adaptive curriculum with smaller numbers (RLVE: min_samples 128, threshold 0.9, window 4).
CURRICULUM = {"min_samples": 32, "threshold": 0.75, "window": 4}
#: GRPO steps, and answers (completions) per step: all the answers the curriculum sees.
STEPS = 250
ANSWERS_PER_STEP = 32
LEARNING_RATE = 2e-4
WHY = (
    "RLVE decides after 128 answers at the band's top and raises it at 90% accuracy; this CPU run sees "
    f"{STEPS * ANSWERS_PER_STEP:,} answers in all, about half per environment, so the demo decides after 32 and "
    "raises at 75%"
)

#: The levels the warm start fits, per environment: level 1 only, never level 0, where every band starts. The
#: model leaves it knowing the answer format and most level-1 problems, and answering level 0 with level-1-like
#: numbers (a level-1 modulus's period for m = 5 or 7; f(6)'s count for f(5)): in a run here 10% and 19% right
#: over the first 25 steps. So the reward starts near 0, GRPO learns level 0 from the answers that happen to be
#: right, and the level-1 problems it then meets are ones the warm start taught.
WARM_START_LEVELS = {"math/pisano_period": (1,), "code/recursive_call_count": (1,)}
WARM_START_ENVS = list(WARM_START_LEVELS)

#: torch CPU threads of the warm start and of GRPO. Fixed, so that every run on a machine shows the same
#: staircase (results differ by thread count); one, because two OpenMP threads spin-wait on each other as
#: soon as another process holds a core (see ablate.config.WarmStartSection.threads).
THREADS = 1


@dataclass(frozen=True)
class WarmStart:
    """The supervised start: ``rlve ablate --demo``'s code (``ablate.warm_start.warm_start``), tokenizer (one
    token per digit), seed and batch size, with the demo's own settings, so not its weights:

    - a smaller model (hidden size 64, 2 layers; ablate: 128, 4) at twice the learning rate;
    - each environment fitted at its own levels (``WARM_START_LEVELS``; ablate: levels 0 and 1 of each);
    - it stops once 90% of each one's level-1 problems come out right (greedy; ablate: 70% of the top level's,
      pooled), which takes about 175 steps.
    """

    difficulties: dict[str, tuple[int, ...]] = field(default_factory=lambda: dict(WARM_START_LEVELS))
    steps: int = 1000  # at most; the learning rate decays linearly over these
    stop_at_accuracy: float | dict[str, float] | None = field(
        default_factory=lambda: {env_id: 0.9 for env_id in WARM_START_LEVELS}
    )  # greedy, at each environment's highest level
    check_every: int = 25
    batch_size: int = 64
    learning_rate: float = 2e-3
    hidden_size: int = 64
    layers: int = 2
    seed: int = 0


def demo_config() -> TrainConfig:
    """The demo's training run. Its model is left unset: ``rlve train --demo`` warm-starts one (or uses
    ``--set model.path=...`` / ``--set model.tiny=true`` when given)."""
    return TrainConfig(
        model=ModelSection(),
        envs=list(ENVS),
        curriculum=CurriculumSection(strategy="adaptive", params=dict(CURRICULUM)),
        reward=RewardSection(mode="binary"),
        grpo=GRPOSection(
            num_generations=8,
            per_device_train_batch_size=ANSWERS_PER_STEP,
            max_completion_length=12,
            # Four times rlve ablate --demo's 5e-5, held constant: level 0 is learned from a few right answers
            # here, and TRL's default linear decay would leave the last steps nearly nothing to learn with.
            learning_rate=LEARNING_RATE,
            beta=0.0,
            temperature=1.0,
            save_steps=STEPS,
            extra={"lr_scheduler_type": "constant"},
        ),
        max_steps=STEPS,
        run_name="demo",
    )


def cache_folder() -> Path:
    """``$RLVE_CACHE_DIR``, else ``$XDG_CACHE_HOME/rlve``, else ``~/.cache/rlve``."""
    if os.environ.get("RLVE_CACHE_DIR"):
        return Path(os.environ["RLVE_CACHE_DIR"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rlve"


def warm_start_folder(settings: WarmStart, env_ids: list[str]) -> Path:
    """A folder per (settings, environments and their versions, rlve-trainer version): a change makes a new one."""
    import importlib.metadata

    import rlve

    registry = rlve.registry()
    key = {
        "settings": asdict(settings),
        "envs": {env_id: registry.get(env_id).version for env_id in env_ids},
        # which of them the warm start fits: the tokenizer knows all, the weights only these
        "fitted": sorted(env_id for env_id in env_ids if env_id in WARM_START_ENVS),
        "rlve-trainer": importlib.metadata.version("rlve-trainer"),
    }
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:12]
    return cache_folder() / "demo-warm-start" / digest


def build_warm_start(settings: WarmStart, env_ids: list[str], say) -> Path:
    """The warm-started model's folder: built (and cached) the first time, reused afterwards."""
    import time

    from rlve_trainer.ablate.warm_start import warm_start

    folder = warm_start_folder(settings, env_ids)
    use_threads()
    started = time.perf_counter()

    def progress(step: int, loss: float) -> None:
        if step % 50 == 0:
            say(f"warm start: step {step}, loss {loss:.3f} ({time.perf_counter() - started:.0f} s)")

    fitted = [env_id for env_id in env_ids if env_id in WARM_START_ENVS]
    result = warm_start(
        folder,
        fitted,
        difficulties={env_id: list(settings.difficulties[env_id]) for env_id in fitted},
        steps=settings.steps,
        batch_size=settings.batch_size,
        learning_rate=settings.learning_rate,
        hidden_size=settings.hidden_size,
        layers=settings.layers,
        seed=settings.seed,
        stop_at_accuracy=settings.stop_at_accuracy,  # a mapping's environments not fitted are not checked
        check_every=settings.check_every,
        on_step=progress,
    )
    if result.reused:
        say(f"warm start: reused the cached model in {folder} ({result.steps} supervised steps)")
    else:
        say(f"warm start: done after {result.steps} steps in {time.perf_counter() - started:.0f} s, cached in {folder}")
    return folder


def banner(config: TrainConfig) -> str:
    settings = WarmStart()
    fitted = {env_id: levels for env_id, levels in settings.difficulties.items() if env_id in config.envs}
    levels = ", ".join(f"{env_id} at level {'/'.join(map(str, sorted(set(lv))))}" for env_id, lv in fitted.items())
    stop = ""
    if isinstance(settings.stop_at_accuracy, dict):
        stop = "once greedy accuracy there reaches " + ", ".join(
            f"{accuracy:.0%} on {env_id}" for env_id, accuracy in settings.stop_at_accuracy.items() if env_id in fitted
        ) + ", or "
    elif settings.stop_at_accuracy:
        stop = f"once greedy accuracy there reaches {settings.stop_at_accuracy:.0%}, or "
    return (
        f"demo: GRPO on a tiny model (hidden size {settings.hidden_size}, {settings.layers} layers, one token "
        f"per digit) with RLVE's adaptive curriculum on {' and '.join(config.envs)}.\n"
        f"  First a short supervised warm start (no pretrained weights here) with `rlve ablate --demo`'s code and "
        f"tokenizer, on {levels}: it stops {stop}after {settings.steps} steps.\n"
        "  Level 0, where each band starts, is left to GRPO: the reward starts near 0 and rises as GRPO learns it.\n"
        f"  Curriculum: {json.dumps(CURRICULUM)}: {WHY}.\n"
        f"  GRPO: {STEPS} steps of {ANSWERS_PER_STEP} answers, learning rate {LEARNING_RATE:g} held constant. "
        "Each band starts at 0-0; watch them rise."
    )


def use_threads() -> None:
    """The demo's fixed torch thread count (``THREADS``), for the warm start and GRPO alike."""
    import torch

    torch.set_num_threads(THREADS)


def reward_rise(rewards: list[float]) -> tuple[float, float, int]:
    """The mean reward of the first and of the last tenth of the steps (at least one step each), and its length:
    one step's reward is 32 answers' and jumps about; a tenth of the run shows where it started and ended."""
    count = max(1, len(rewards) // 10)
    return sum(rewards[:count]) / count, sum(rewards[-count:]) / count, count


def summary(db_url: str, run_id: str) -> list[str]:
    """What the run reached, and the three commands to look further."""
    from sqlalchemy import select

    from rlve_trainer.history import models
    from rlve_trainer.history.engine import open_engine
    from rlve_trainer.paths import rlve_command

    engine = open_engine(db_url, create=False)
    try:
        with engine.connect() as connection:
            changes = connection.execute(
                select(models.difficulty_changes.c.env, models.difficulty_changes.c.new_high).where(
                    models.difficulty_changes.c.run_id == run_id
                )
            ).all()
            rewards = connection.execute(
                select(models.steps.c.reward).where(models.steps.c.run_id == run_id).order_by(models.steps.c.step)
            ).scalars().all()
    finally:
        engine.dispose()
    reached: dict[str, int] = {env: 0 for env in ENVS}
    raises: dict[str, int] = {env: 0 for env in ENVS}
    for env, new_high in changes:
        reached[env] = max(reached.get(env, 0), new_high)
        raises[env] = raises.get(env, 0) + 1
    lines = ["", "demo finished:"]
    lines += [
        f"  {env}: reached difficulty {reached[env]} after {raises[env]} raise{'' if raises[env] == 1 else 's'}"
        for env in reached
    ]
    if rewards:
        first, last, count = reward_rise([reward or 0.0 for reward in rewards])
        lines.append(f"  mean reward: {first:.3f} over the first {count} steps, {last:.3f} over the last {count}")
    sql = "SELECT env, step, old_high, new_high, reason FROM difficulty_changes ORDER BY step"
    lines += [
        "look further:",
        f"  {rlve_command(db_url, run_id)}",
        f"  {rlve_command(db_url, run_id, 'history plot')} -o frontier.png",
        f"  rlve history sql \"{sql}\"{rlve_command(db_url, run_id, '').split(run_id, 1)[1]}",
    ]
    return lines
