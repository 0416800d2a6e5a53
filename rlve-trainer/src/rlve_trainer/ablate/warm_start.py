"""The demo's warm start: a short supervised phase that teaches a tiny random model the easy problems.

No pretrained weights can be downloaded here, and GRPO on a random model never sees a reward, so the
demo first fits a small Qwen2 (digit-level tokenizer) to reference answers of easy problems, with the
loss on the answer tokens only. Every arm of the ablation then starts from the folder this writes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rlve_trainer.data import TRAIN_SEED_LIMIT


@dataclass(frozen=True)
class WarmStartResult:
    folder: Path
    steps: int
    first_loss: float
    last_loss: float
    reused: bool = False


def completion_text(answer: str, eos: str) -> str:
    return f"<answer>{answer}</answer>{eos}"


def _batch(tokenizer, environments, difficulties, rng: random.Random, size: int):
    """Token ids and labels for ``size`` problems: the loss sees the answer and the end-of-turn token."""
    import torch

    rows, labels = [], []
    for _ in range(size):
        env = environments[rng.randrange(len(environments))]
        problem = env.sample(rng.choice(difficulties), rng.randrange(TRAIN_SEED_LIMIT))
        prompt = tokenizer.apply_chat_template(
            [{"role": "user", "content": problem.prompt}], tokenize=False, add_generation_prompt=True
        )
        prompt_ids = tokenizer(prompt, add_special_tokens=False)["input_ids"]
        answer_ids = tokenizer(completion_text(problem.answer, tokenizer.eos_token), add_special_tokens=False)[
            "input_ids"
        ]
        rows.append(prompt_ids + answer_ids)
        labels.append([-100] * len(prompt_ids) + answer_ids)
    width = max(len(row) for row in rows)
    pad = tokenizer.pad_token_id
    input_ids = torch.full((size, width), pad, dtype=torch.long)
    attention = torch.zeros((size, width), dtype=torch.long)
    target = torch.full((size, width), -100, dtype=torch.long)
    for index, (row, label) in enumerate(zip(rows, labels)):
        input_ids[index, : len(row)] = torch.tensor(row)
        attention[index, : len(row)] = 1
        target[index, : len(label)] = torch.tensor(label)
    return input_ids, attention, target


def edge_accuracy(model, tokenizer, environments, difficulty: int, seed: int, problems: int = 64) -> float:
    """Greedy accuracy at ``difficulty`` on held-out problems (their own sample, not the final evaluation's)."""
    from rlve_trainer.ablate.evaluate import EvalPlan, evaluate

    plan = EvalPlan(
        {env.id: [difficulty] for env in environments},
        problems_per_level=problems,
        eval_seed=seed + 1_000_003,  # any seed but the ablation's eval.eval_seed default
        max_new_tokens=24,
    )
    scores = evaluate(model, tokenizer, {env.id: env for env in environments}, plan)
    return sum(score.correct for score in scores) / max(1, sum(score.problems for score in scores))


def warm_start(
    folder: str | Path,
    env_ids: Sequence[str],
    *,
    difficulties: Sequence[int],
    steps: int,
    batch_size: int = 64,
    learning_rate: float = 1e-3,
    hidden_size: int = 128,
    layers: int = 4,
    seed: int = 0,
    stop_at_accuracy: float | None = None,
    check_every: int = 25,
    on_step=None,
) -> WarmStartResult:
    """Write a tiny model fitted to easy problems into ``folder``; a finished folder is reused as it is.

    ``stop_at_accuracy``: stop early once greedy accuracy at the highest of ``difficulties`` (checked every
    ``check_every`` steps on 64 held-out problems) reaches it, so the start sits at a chosen edge of
    the model's ability instead of wherever a step count happens to land (small models learn carrying
    abruptly: 0.3 to 0.95 within a hundred steps). ``on_step(step, loss)`` is called after every step.
    """
    import torch

    import rlve
    from rlve_trainer.tiny import build_model, build_tokenizer

    folder = Path(folder)
    marker = folder / "warm_start.json"
    if marker.is_file():
        info = json.loads(marker.read_text())
        return WarmStartResult(folder, info["steps"], info["first_loss"], info["last_loss"], reused=True)
    torch.manual_seed(seed)
    registry = rlve.registry()
    environments = [registry.get(env_id) for env_id in env_ids]
    tokenizer = build_tokenizer(env_ids, split_digits=True)
    model = build_model(tokenizer, seed=seed, hidden_size=hidden_size, layers=layers)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=0.0)
    # Linear decay to a tenth: the last steps settle the answers instead of bouncing around them.
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0 - 0.9 * step / max(1, steps))
    rng = random.Random(f"rlve-warm-start|{seed}")
    first_loss = last_loss = float("nan")
    edge = max(difficulties)
    done = 0
    for step in range(1, steps + 1):
        input_ids, attention, target = _batch(tokenizer, environments, list(difficulties), rng, batch_size)
        loss = model(input_ids=input_ids, attention_mask=attention, labels=target).loss
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        last_loss = float(loss.detach())
        if step == 1:
            first_loss = last_loss
        done = step
        if on_step is not None:
            on_step(step, last_loss)
        if stop_at_accuracy is not None and step % check_every == 0:
            if edge_accuracy(model, tokenizer, environments, edge, seed) >= stop_at_accuracy:
                break
    steps = done
    folder.mkdir(parents=True, exist_ok=True)
    model.eval()
    tokenizer.save_pretrained(folder)
    model.save_pretrained(folder)
    info = {"steps": steps, "first_loss": first_loss, "last_loss": last_loss, "env_ids": list(env_ids)}
    marker.write_text(json.dumps(info, sort_keys=True))  # written last: its presence means "finished"
    return WarmStartResult(folder, steps, first_loss, last_loss)
