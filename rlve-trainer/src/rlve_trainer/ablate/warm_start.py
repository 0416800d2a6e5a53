"""The demo's warm start: a short supervised phase that teaches a tiny random model the easy problems.

No pretrained weights can be downloaded here, and GRPO on a random model never sees a reward, so the
demo first fits a small Qwen2 (digit-level tokenizer) to reference answers of easy problems, with the
loss on the answer tokens only. Every arm of the ablation then starts from the folder this writes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
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


def levels_per_env(env_ids: Sequence[str], difficulties: Sequence[int] | Mapping[str, Sequence[int]]) -> dict:
    """Each environment's levels: one list for all, or a mapping from env id to its own (every one named)."""
    from rlve.errors import RlveError

    if not isinstance(difficulties, Mapping):
        return {env_id: list(difficulties) for env_id in env_ids}
    missing = [env_id for env_id in env_ids if not difficulties.get(env_id)]
    extra = sorted(set(difficulties) - set(env_ids))
    if missing or extra:
        what = f"no levels for {', '.join(missing)}" if missing else f"levels for {', '.join(extra)}, not fitted"
        raise RlveError(f"warm start difficulties: {what}; give levels for exactly the environments it fits")
    return {env_id: list(difficulties[env_id]) for env_id in env_ids}


def _batch(tokenizer, environments, levels: Mapping[str, Sequence[int]], rng: random.Random, size: int):
    """Token ids and labels for ``size`` problems: the loss sees the answer and the end-of-turn token."""
    import torch

    rows, labels = [], []
    for _ in range(size):
        env = environments[rng.randrange(len(environments))]
        problem = env.sample(rng.choice(levels[env.id]), rng.randrange(TRAIN_SEED_LIMIT))
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


def edge_scores(model, tokenizer, environments, edges: Mapping[str, int], seed: int, problems: int = 64) -> list:
    """Greedy ``LevelScore`` of each environment at its ``edges`` level, on held-out problems (their own sample,
    not the final evaluation's)."""
    from rlve_trainer.ablate.evaluate import EvalPlan, evaluate

    plan = EvalPlan(
        {env_id: [edge] for env_id, edge in edges.items()},
        problems_per_level=problems,
        eval_seed=seed + 1_000_003,  # any seed but the ablation's eval.eval_seed default
        max_new_tokens=24,
    )
    return evaluate(model, tokenizer, {env.id: env for env in environments}, plan)


def reached(scores, stop_at_accuracy: float | Mapping[str, float]) -> bool:
    """Whether the edge scores meet the stop: pooled over the environments, or each named one its own."""
    if not isinstance(stop_at_accuracy, Mapping):
        return sum(s.correct for s in scores) / max(1, sum(s.problems for s in scores)) >= stop_at_accuracy
    return all(s.accuracy >= stop_at_accuracy[s.env] for s in scores if s.env in stop_at_accuracy)


def as_loaded(tokenizer, model, folder: Path):
    """The tokenizer as GRPO and the evaluation will read it back from ``folder``, to train with that one.

    ``AutoTokenizer`` reloads it as the class of the model's type (Qwen2's), whose pre-tokenizer splits a newline
    and the indentation after it into other tokens than the tokenizer built in memory does: fitted with one and
    run with the other, a model that answered every indented-code problem right got a fifth of them.
    """
    from transformers import AutoTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    model.config.save_pretrained(folder)  # the model type decides the class the tokenizer is read back as
    tokenizer.save_pretrained(folder)
    return AutoTokenizer.from_pretrained(folder)


def warm_start(
    folder: str | Path,
    env_ids: Sequence[str],
    *,
    difficulties: Sequence[int] | Mapping[str, Sequence[int]],
    steps: int,
    batch_size: int = 64,
    learning_rate: float = 1e-3,
    hidden_size: int = 128,
    layers: int = 4,
    seed: int = 0,
    stop_at_accuracy: float | Mapping[str, float] | None = None,
    check_every: int = 25,
    on_step=None,
) -> WarmStartResult:
    """Write a tiny model fitted to easy problems into ``folder``; a finished folder is reused as it is.

    ``difficulties``: the levels drawn (uniformly; list one twice to weight it), one list for every environment
    or a mapping from env id to its own, so that one environment can be fitted above the levels another is.
    ``stop_at_accuracy``: stop early once greedy accuracy at each environment's highest level (checked every
    ``check_every`` steps on 64 held-out problems per environment) reaches it, so the start sits at a chosen
    edge of the model's ability instead of wherever a step count happens to land (small models learn carrying
    abruptly: 0.3 to 0.95 within a hundred steps). A number is compared with the accuracy pooled over the
    environments; a mapping gives some environments their own (the others are not checked).
    ``on_step(step, loss)`` is called after every step.
    """
    import torch

    import rlve
    from rlve_trainer.tiny import build_model, build_tokenizer

    folder = Path(folder)
    marker = folder / "warm_start.json"
    if marker.is_file():
        info = json.loads(marker.read_text())
        return WarmStartResult(folder, info["steps"], info["first_loss"], info["last_loss"], reused=True)
    levels = levels_per_env(env_ids, difficulties)  # a wrong mapping fails before a minute of training
    torch.manual_seed(seed)
    registry = rlve.registry()
    environments = [registry.get(env_id) for env_id in env_ids]
    tokenizer = build_tokenizer(env_ids, split_digits=True)
    model = build_model(tokenizer, seed=seed, hidden_size=hidden_size, layers=layers)
    tokenizer = as_loaded(tokenizer, model, folder)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=0.0)
    # Linear decay to a tenth: the last steps settle the answers instead of bouncing around them.
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0 - 0.9 * step / max(1, steps))
    rng = random.Random(f"rlve-warm-start|{seed}")
    first_loss = last_loss = float("nan")
    edges = {env_id: max(env_levels) for env_id, env_levels in levels.items()}
    if isinstance(stop_at_accuracy, Mapping):  # only the environments it names are checked
        edges = {env_id: edge for env_id, edge in edges.items() if env_id in stop_at_accuracy}
    done = 0
    for step in range(1, steps + 1):
        input_ids, attention, target = _batch(tokenizer, environments, levels, rng, batch_size)
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
            if reached(edge_scores(model, tokenizer, environments, edges, seed), stop_at_accuracy):
                break
    steps = done
    model.eval()
    tokenizer.save_pretrained(folder)
    model.save_pretrained(folder)
    info = {"steps": steps, "first_loss": first_loss, "last_loss": last_loss, "env_ids": list(env_ids)}
    marker.write_text(json.dumps(info, sort_keys=True))  # written last: its presence means "finished"
    return WarmStartResult(folder, steps, first_loss, last_loss)
