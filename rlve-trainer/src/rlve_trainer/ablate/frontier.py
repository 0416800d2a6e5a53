"""An arm that starts at the frontier: ``initial_difficulty = "from-eval:start"``.

Before the arms train, the ablation runs ``rlve eval``'s search (the same levels 0, 1, 2, 4, ... and
bisection, Wilson intervals, held-out seeds, the local Hugging Face backend) on its own starting model
for the trained environments, and records it as an ordinary evaluation named ``ablate-<ID>-start``
(``rlve eval report`` shows it). Each arm that asks for it gets ``from-eval:<evaluation id>``, so its run's
config names the evaluation its bands started from. The search runs once per ablation: a resumed
ablation finds the finished one by its name and reuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rlve_trainer.evaluation.start import PREFIX

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from rlve_trainer.ablate.config import AblateConfig

START = f"{PREFIX}start"


def wants_start(params: Mapping[str, Any]) -> bool:
    value = params.get("initial_difficulty")
    return isinstance(value, str) and value.strip() == START


def bind(params: Mapping[str, Any], evaluation_id: str | None) -> dict[str, Any]:
    """``params`` with ``from-eval:start`` replaced by ``from-eval:<evaluation_id>`` (the search's record)."""
    if not wants_start(params):
        return dict(params)
    if evaluation_id is None:
        raise ValueError("an arm starts from-eval:start but the ablation ran no frontier search")
    return {**params, "initial_difficulty": f"{PREFIX}{evaluation_id}"}


def placeholder(params: Mapping[str, Any], env_ids: Sequence[str]) -> dict[str, Any]:
    """``params`` as the strategy will get them, with a frontier of 0 everywhere: checks the other parameters
    before the search exists."""
    return {**params, "initial_difficulty": dict.fromkeys(env_ids, 0)} if wants_start(params) else dict(params)


def evaluation_name(ablation_id: str) -> str:
    return f"ablate-{ablation_id}-start"


def finished_search(engine: Engine, ablation_id: str) -> str | None:
    """The id of this ablation's finished frontier search, the newest if it ran more than once."""
    from sqlalchemy import select

    from rlve_trainer.history import models

    table = models.evaluations
    query = (
        select(table.c.id)
        .where(table.c.name == evaluation_name(ablation_id), table.c.status == "finished")
        .order_by(table.c.created_at.desc(), table.c.id.desc())
    )
    with engine.connect() as connection:
        return connection.execute(query).scalars().first()


def search_start(
    config: AblateConfig,
    engine: Engine,
    ablation_id: str,
    start_model: Path,
    environments: Mapping[str, Any],
    say: Callable[[str], None],
) -> str:
    """Run the frontier search on ``start_model`` (or reuse this ablation's finished one); its evaluation id."""
    from rlve_trainer.evaluation.backends import Sampling
    from rlve_trainer.evaluation.backends.local import LocalModel
    from rlve_trainer.evaluation.report import frontier_text
    from rlve_trainer.evaluation.runner import SearchSettings, begin, evaluate

    found = finished_search(engine, ablation_id)
    if found is not None:
        say(f"frontier search: reusing evaluation {found} of the starting model")
        return found
    options = config.frontier
    max_tokens = options.max_tokens or config.eval.max_new_tokens or config.train.grpo.max_completion_length
    settings = SearchSettings(
        threshold=options.threshold,
        problems=options.problems,
        chunk=min(options.chunk, options.problems),
        max_difficulty=options.max_difficulty,
        eval_seed=options.eval_seed,
        verify_timeout=config.train.reward.verify_timeout,
        verify_workers=config.train.reward.verify_workers,
    )
    backend = LocalModel(
        str(start_model),
        Sampling(temperature=0.0, max_tokens=max_tokens, n=1, seed=options.eval_seed),
        batch_size=options.batch_size,
        trust_remote_code=config.train.model.trust_remote_code,
    )
    evaluation_id = begin(
        engine,
        name=evaluation_name(ablation_id),
        model=str(start_model),
        backend=backend,
        environments=environments,
        settings=settings,
        extra={"ablation": ablation_id},
    )
    say(
        f"frontier search {evaluation_id} on the starting model: threshold {settings.threshold:g}, up to "
        f"{settings.problems} problems per level, {max_tokens} tokens"
    )

    def on_frontier(env_id: str, result) -> None:
        row = {"frontier": result.frontier, "failed_at": result.failed_at, "capped": result.capped}
        say(f"  {env_id}: frontier {frontier_text(row)} after {result.answers} answers")

    evaluate(engine, evaluation_id, backend, environments, settings, on_frontier=on_frontier)
    return evaluation_id


def start_levels(
    engine: Engine, ablation: Mapping[str, Any], config: Mapping[str, Any], trained: set[str]
) -> dict[str, Any] | None:
    """For the report: the first arm that starts from an evaluation, the evaluation and its levels per trained
    environment (``{env: frontier, or 0 where even d = 0 failed}``, as the arm's bands started); None when no
    arm does or its evaluation is not (or no longer) in the database."""
    from rlve.errors import RlveError
    from rlve_trainer.evaluation import records

    for arm in config.get("arms", []):
        value = (arm.get("params") or {}).get("initial_difficulty")
        if not (isinstance(value, str) and value.startswith(PREFIX)):
            continue
        if value.strip() == START:
            evaluation_id = finished_search(engine, ablation["id"])
        else:
            try:
                evaluation_id = records.get(engine, value[len(PREFIX) :].strip())["id"]
            except RlveError:
                evaluation_id = None
        if evaluation_id is None:
            return None
        frontiers = records.frontiers(engine, evaluation_id)
        levels = {row["env"]: row["frontier"] or 0 for row in frontiers if row["env"] in trained}
        return {"arm": arm.get("name"), "evaluation": evaluation_id, "levels": levels}
    return None
