"""``rlve train --demo``: the curriculum working, live, on CPU in about a minute and a half.

No pretrained model can be downloaded here, and GRPO on a random model never earns a reward, so the demo first
fits a tiny model to a few easy problems (the same ``warm_start`` code ``rlve ablate --demo`` uses, with the
demo's own settings, see ``WarmStart``; cached in the user's cache folder and reused), stopping once it gets
most 2-digit sums right. GRPO then trains it on two environments from two packs with RLVE's adaptive
curriculum; each band starts at 0 and rises, one level at a time, when the model masters the level at its
top, and every raise is announced as it happens.

The curriculum is RLVE's, with smaller numbers so that decisions come within seconds instead of hours: see
``CURRICULUM`` and ``WHY``. The reward is RLVE's binary reward, unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from rlve_trainer.config import CurriculumSection, GRPOSection, ModelSection, RewardSection, TrainConfig

#: Two environments from two packs, both with short numeric answers a tiny model can learn.
ENVS = ["math/addition", "code/evaluate_expression"]

#: RLVE's adaptive curriculum with smaller numbers (RLVE: min_samples 128, threshold 0.9, window 4).
CURRICULUM = {"min_samples": 32, "threshold": 0.75, "window": 4}
#: GRPO steps, and answers (completions) per step: all the answers the curriculum sees.
STEPS = 80
ANSWERS_PER_STEP = 32
WHY = (
    "RLVE decides after 128 answers at the band's top and raises it at 90% accuracy; this CPU run sees "
    f"{STEPS * ANSWERS_PER_STEP:,} answers in all, about half per environment, so the demo decides after 32 and "
    "raises at 75%"
)


#: The warm start fits only the first: the second starts untrained, so the two bands move on their own.
WARM_START_ENVS = ENVS[:1]

#: torch CPU threads of the warm start and of GRPO. Fixed, so that every run on a machine shows the same
#: staircase (results differ by thread count); one, because two OpenMP threads spin-wait on each other as
#: soon as another process holds a core (see ablate.config.WarmStartSection.threads).
THREADS = 1


@dataclass(frozen=True)
class WarmStart:
    """The supervised start: ``rlve ablate --demo``'s code (``ablate.warm_start.warm_start``), tokenizer (one
    token per digit), seed and batch size, with the demo's own settings, so not its weights:

    - a smaller model (hidden size 64, 2 layers; ablate: 128, 4) at twice the learning rate: a step costs
      about a third as much, and it learns 2-digit sums in as few steps (475 here; ablate's model 575);
    - 2-digit sums drawn twice as often as 1-digit ones (ablate: uniform);
    - it stops at 80% greedy accuracy on 2-digit sums (ablate: 70%), so that GRPO carries the 2-digit level
      past the curriculum's threshold within the demo's few steps.
    """

    difficulties: tuple[int, ...] = (0, 1, 1)  # a level listed twice is drawn twice as often
    steps: int = 1500  # at most; the learning rate decays linearly over these
    stop_at_accuracy: float | None = 0.8  # greedy, at the highest level
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
            learning_rate=5e-5,  # rlve ablate --demo's: 2e-4 wrecked its model within 100 steps
            beta=0.0,
            temperature=1.0,
            save_steps=200,
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

    result = warm_start(
        folder,
        [env_id for env_id in env_ids if env_id in WARM_START_ENVS],
        difficulties=list(settings.difficulties),
        steps=settings.steps,
        batch_size=settings.batch_size,
        learning_rate=settings.learning_rate,
        hidden_size=settings.hidden_size,
        layers=settings.layers,
        seed=settings.seed,
        stop_at_accuracy=settings.stop_at_accuracy,
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
    stop = ""
    if settings.stop_at_accuracy:
        stop = f"once {settings.stop_at_accuracy:.0%} of 2-digit sums come out right, or "
    return (
        f"demo: GRPO on a tiny model (hidden size {settings.hidden_size}, {settings.layers} layers, one token "
        f"per digit) with RLVE's adaptive curriculum on {' and '.join(config.envs)}.\n"
        f"  First a short supervised warm start on {', '.join(WARM_START_ENVS)} (no pretrained weights here), with "
        f"`rlve ablate --demo`'s code and tokenizer: it stops {stop}after {settings.steps} steps.\n"
        f"  Curriculum: {json.dumps(CURRICULUM)}: {WHY}.\n"
        "  Each band starts at 0-0; watch them rise."
    )


def use_threads() -> None:
    """The demo's fixed torch thread count (``THREADS``), for the warm start and GRPO alike."""
    import torch

    torch.set_num_threads(THREADS)


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
    sql = "SELECT env, step, old_high, new_high, reason FROM difficulty_changes ORDER BY step"
    lines += [
        "look further:",
        f"  {rlve_command(db_url, run_id)}",
        f"  {rlve_command(db_url, run_id, 'history plot')} -o frontier.png",
        f"  rlve history sql \"{sql}\"{rlve_command(db_url, run_id, '').split(run_id, 1)[1]}",
    ]
    return lines
