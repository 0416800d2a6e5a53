"""One curriculum served to many workers: the logic behind the Ray actor of ``ray_curriculum``, without Ray.

Workers ask for problems (``sample``) and report graded outcomes (``record``) from other processes. This
class keeps what must be true whatever the transport:

- *exactly once*: a batch is named by ``(worker_id, batch_id)``; a name already applied is acknowledged with
  its original sequence number and changes nothing, so a worker may re-send after a lost reply;
- *one order*: batches get a global sequence number ``seq`` (1, 2, ...) in the order ``record`` is called,
  and a batch's outcomes are applied in list order; replaying the batches in ``seq`` order into a fresh
  curriculum reaches the same state. The history stores ``seq`` as the ``step`` of each row;
- *whole batches*: a batch is checked completely before any outcome is applied; a bad one raises RlveError
  and leaves no trace (not even its name), so the corrected batch can be sent under the same name;
- *restart*: the state (curriculum, applied batch names, counters) is written atomically to ``state_path``
  every ``save_every`` batches and on ``save()``; a new instance with the same path continues from it.
  Batches applied after the last save are lost with the process (their rows in the history are cut back
  too), unless workers send them again: the restored state does not know their names, so they apply.
"""

from __future__ import annotations

import json
import numbers
import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rlve.chat import messages
from rlve.errors import RlveError
from rlve_trainer.rewards import Outcome, StepStats

STATE_FORMAT = "rlve-shared-curriculum/1"
#: Slots handed out ahead of the last save: a restarted instance starts after them, so no slot is given twice.
SLOT_RESERVE = 100_000
#: What the history stores as the model of a run whose model lives in other processes.
REMOTE_MODEL = "(a model trained by remote workers)"

#: Fields an outcome may carry: what names the problem (``slot`` is its GRPO group: the descriptor's slot) and
#: the grade, then what the history keeps.
REQUIRED = ("slot", "env", "difficulty", "seed", "correct")
OPTIONAL = (
    "env_version",
    "reward",
    "format_ok",
    "completion_tokens",
    "reason",
    "text",
    "verifier_error",
)
#: A problem descriptor's own fields, accepted (and ignored) so a worker may send ``{**descriptor, "correct": ..}``.
DESCRIPTOR_ONLY = ("prompt", "messages", "data_source")


class CurriculumService:
    """One curriculum, its problem draws and its outcome log. Not thread-safe: one caller at a time (the Ray
    actor runs its methods one by one).

    ``envs``: environment ids or patterns; ``strategy``/``params``: the curriculum (``rlve curriculum list``);
    ``seed``: the run seed (slot s draws from ``random.Random(f"rlve-trainer|{seed}|{s}")``, as ``rlve train``);
    ``state_path``: the file the state is saved to and resumed from (None: kept in memory only);
    ``save_every``: save after this many applied batches (0: only on ``save()``); ``db``/``run_id``/``run_name``:
    record the run in that history database (a new run unless ``run_id`` names one); ``prompts``: put the
    prompt text in each descriptor (False: workers make it from (env, difficulty, seed) themselves).
    """

    def __init__(
        self,
        envs: str | Sequence[str],
        *,
        strategy: str = "adaptive",
        params: Mapping[str, Any] | None = None,
        seed: int = 0,
        state_path: str | None = None,
        save_every: int = 50,
        db: str | None = None,
        run_id: str | None = None,
        run_name: str | None = None,
        system_prompt: str | None = None,
        prompts: bool = True,
    ):
        from rlve_trainer import packs
        from rlve_trainer.config_files import validate_train
        from rlve_trainer.data import ProblemStream
        from rlve_trainer.preflight import make_curriculum

        if isinstance(save_every, bool) or not isinstance(save_every, int) or save_every < 0:
            raise RlveError(f"save_every must be an integer >= 0 (0: save only when asked), got {save_every!r}")
        if run_id is not None and db is None:
            raise RlveError("run_id names a run in a history database: pass db= too")
        self.config = validate_train(
            {
                "envs": [envs] if isinstance(envs, str) else list(envs),
                "curriculum": {"strategy": strategy, "params": dict(params or {})},
                "seed": seed,
                "db": db,
                "run_name": run_name,
                "prompt": {"system": system_prompt},
            }
        )
        self.environments = packs.environments(self.config.envs)
        self.curriculum = make_curriculum(self.config, list(self.environments))
        self.spec = {
            "envs": list(self.environments),
            "strategy": self.config.curriculum.strategy,
            "params": self.curriculum.params(),
            "seed": self.config.seed,
            "system_prompt": system_prompt,
        }
        self.prompts = prompts
        self.state_path = Path(state_path) if state_path is not None else None
        self.save_every = save_every
        self.stream = ProblemStream(self.curriculum, self.environments, seed=self.config.seed, cache_size=0)
        self.seq = 0  # batches applied
        self.saved_seq = 0  # the last seq written to state_path
        self.outcomes_applied = 0
        self.duplicates = 0  # re-sent batches acknowledged and ignored
        self.slot_reserve = 0  # slots below this may have been handed out before the last save
        self.applied: dict[tuple[str | int, str | int], int] = {}  # (worker_id, batch_id) -> seq
        self.run_id: str | None = None
        if self.state_path is not None and self.state_path.exists():
            self._restore()
        self.history = None
        if db is not None:
            self._open_history(run_id)

    def _open_history(self, run_id: str | None) -> None:
        from rlve_trainer.history import store
        from rlve_trainer.history.run_history import RunHistory

        resumed = self.run_id is not None  # the run the saved state was recording into
        if resumed and run_id is not None and run_id != self.run_id:
            raise RlveError(
                f"the state in {str(self.state_path)!r} records into run {self.run_id}, not {run_id}: "
                "leave run_id out to go on with it, or give another state_path"
            )
        self.run_id = self.run_id if resumed else self._open_run(run_id)
        self.history = RunHistory.open(self.config.db_url(), self.run_id)
        if resumed:
            # Rows of batches after the saved state belong to outcomes the restored curriculum never saw.
            store.truncate_after(self.history.engine, self.run_id, self.seq)
        elif self.history.last_recorded_step() > 0:
            self.history.close()
            self.history = None
            raise RlveError(
                f"run {self.run_id} already has recorded steps, and this curriculum starts anew: resume it with "
                "the state_path it was saved to, or leave run_id out to record a new run"
            )
        store.set_status(self.history.engine, self.run_id, "running", last_step=self.seq)

    # -- problems ------------------------------------------------------------------------------------------

    def sample(self, n: int) -> list[dict[str, Any]]:
        """``n`` problem descriptors drawn from the curriculum now: ``slot``, ``env``, ``env_version``,
        ``difficulty``, ``seed`` (enough to make the problem again and verify an answer), ``data_source`` and,
        with ``prompts``, ``prompt`` and chat ``messages``. Never the answer."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise RlveError(f"sample(n): n must be an integer >= 1, got {n!r}")
        if self.state_path is not None and self.stream.next_slot + n > self.slot_reserve:
            self.save()  # moves the reserve past these slots before any of them leaves this process
        result = []
        for _ in range(n):
            slot = self.stream.next_slot
            self.stream.next_slot += 1
            if self.prompts:
                problem = self.stream.draw(slot)
                env_id, difficulty, seed = problem.env, problem.difficulty, problem.seed
            else:  # the same draw as ProblemStream.draw, without generating the problem
                from rlve.environment import TRAIN_SEED_LIMIT

                rng = random.Random(f"rlve-trainer|{self.config.seed}|{slot}")
                env_id, difficulty = self.curriculum.sample(rng)
                seed = rng.randrange(TRAIN_SEED_LIMIT)
            descriptor = {
                "slot": slot,
                "env": env_id,
                "env_version": self.environments[env_id].version,
                "difficulty": difficulty,
                "seed": seed,
                "data_source": env_id,
            }
            if self.prompts:
                descriptor["prompt"] = problem.prompt
                descriptor["messages"] = messages(problem.prompt, self.config.prompt.system)
            result.append(descriptor)
        return result

    # -- outcomes ------------------------------------------------------------------------------------------

    def record(self, worker_id: str | int, batch_id: str | int, outcomes: Sequence[Mapping[str, Any]]) -> dict:
        """Apply one batch of outcomes exactly once; returns the receipt ``{"seq", "duplicate", "applied",
        "changes", "saved_seq"}`` (``saved_seq``: the last batch already on disk)."""
        where = f"record(worker {worker_id!r}, batch {batch_id!r})"
        for label, value in (("worker_id", worker_id), ("batch_id", batch_id)):
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise RlveError(f"{where}: {label} must be a string or an integer, got {type(value).__name__}")
        key = (worker_id, batch_id)
        if key in self.applied:
            self.duplicates += 1
            return self._receipt(self.applied[key], duplicate=True, applied=0, changes=[])
        if isinstance(outcomes, (str, bytes, Mapping)) or not isinstance(outcomes, Sequence):
            raise RlveError(f"{where}: outcomes must be a list of outcome dicts, got {type(outcomes).__name__}")
        if not outcomes:
            raise RlveError(f"{where}: the batch has no outcomes; send at least one")
        parsed = [self._parse(where, index, raw) for index, raw in enumerate(outcomes)]  # all checked first
        self.seq += 1
        self.applied[key] = self.seq
        changes = []
        stats = StepStats()
        for outcome in parsed:
            # An unjudged answer says nothing about the model (as in rlve train): history only.
            change = (
                None
                if outcome.verifier_error
                else self.curriculum.record(outcome.env, outcome.difficulty, outcome.correct)
            )
            if change is not None:
                changes.append(change)
                stats.changes.append(change)
            stats.add(outcome)
        self.outcomes_applied += len(parsed)
        if self.history is not None:
            self.history.outcomes(self.seq, parsed, changes)
            self.history.step_end(self.seq, self.curriculum.bands(), stats, loss=None, seconds=None)
        if self.state_path is not None and self.save_every and self.seq - self.saved_seq >= self.save_every:
            self.save()
        return self._receipt(
            self.seq,
            duplicate=False,
            applied=len(parsed),
            changes=[{"env": c.env, "old_high": c.old_high, "new_high": c.new_high} for c in changes],
        )

    def _receipt(self, seq: int, *, duplicate: bool, applied: int, changes: list) -> dict[str, Any]:
        return {"seq": seq, "duplicate": duplicate, "applied": applied, "changes": changes, "saved_seq": self.saved_seq}

    def _parse(self, where: str, index: int, raw: Any) -> Outcome:
        """One outcome, checked against this curriculum; RlveError naming the field and the fix."""
        at = f"{where}: outcome {index}"
        if not isinstance(raw, Mapping):
            raise RlveError(f"{at} must be a dict with {', '.join(REQUIRED)}, got {type(raw).__name__}")
        missing = [name for name in REQUIRED if name not in raw]
        if missing:
            raise RlveError(f"{at} lacks {', '.join(missing)}; every outcome needs {', '.join(REQUIRED)}")
        unknown = sorted(set(raw) - set(REQUIRED) - set(OPTIONAL) - set(DESCRIPTOR_ONLY))
        if unknown:
            raise RlveError(f"{at} has unknown fields {unknown}; allowed: {', '.join(REQUIRED + OPTIONAL)}")
        env_id = raw["env"]
        if env_id not in self.environments:
            raise RlveError(
                f"{at}: environment {env_id!r} is not in this curriculum ({', '.join(self.environments)}); "
                "record outcomes only for problems this curriculum drew"
            )
        version = self.environments[env_id].version
        difficulty = _integer(at, "difficulty", raw["difficulty"])
        seed = _integer(at, "seed", raw["seed"])
        env_version = _integer(at, "env_version", raw.get("env_version", version))
        if env_version != version:
            raise RlveError(
                f"{at}: {env_id} version {env_version} made this problem, but this curriculum has version "
                f"{version}; install the same pack version on workers and the curriculum"
            )
        correct = _boolean(at, "correct", raw["correct"])
        verifier_error = _boolean(at, "verifier_error", raw.get("verifier_error", False))
        reward = raw.get("reward", 1.0 if correct else 0.0)
        if isinstance(reward, bool) or not isinstance(reward, (int, float)) or reward != reward:
            raise RlveError(f"{at}: reward must be a number, got {reward!r}")
        reason = raw.get("reason") or ""
        text = raw.get("text")
        if not isinstance(reason, str) or not (text is None or isinstance(text, str)):
            raise RlveError(f"{at}: reason and text must be strings")
        return Outcome(
            slot=_integer(at, "slot", raw["slot"]),
            env=env_id,
            env_version=version,
            difficulty=difficulty,
            seed=seed,
            reward=float(reward),
            correct=correct,
            format_ok=_boolean(at, "format_ok", raw.get("format_ok", True)),
            completion_tokens=_integer(at, "completion_tokens", raw.get("completion_tokens", 0)),
            reason=reason[:200],
            text=text,
            verifier_error=verifier_error,
        )

    # -- state ---------------------------------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """Everything a restart needs, JSON-ready: the curriculum, the applied batch names, the counters."""
        return {
            "format": STATE_FORMAT,
            "spec": self.spec,
            "curriculum": self.curriculum.state_dict(),
            "seq": self.seq,
            "outcomes_applied": self.outcomes_applied,
            "duplicates": self.duplicates,
            "next_slot": self.stream.next_slot,
            "slot_reserve": self.slot_reserve,
            "applied": [[worker, batch, seq] for (worker, batch), seq in self.applied.items()],
            "run_id": self.run_id,
        }

    def save(self) -> dict[str, Any]:
        """Write the state to ``state_path`` atomically (a temporary file, then a rename: a crash mid-write
        leaves the previous state whole); returns ``{"path", "seq"}``."""
        if self.state_path is None:
            raise RlveError("this curriculum has no state_path to save to; create it with state_path=...")
        self.slot_reserve = self.stream.next_slot + SLOT_RESERVE
        state = self.state_dict()
        self.state_path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.state_path.with_name(f".{self.state_path.name}.{os.getpid()}.tmp")
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump(state, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, self.state_path)
        self.saved_seq = self.seq
        return {"path": str(self.state_path), "seq": self.seq}

    def _restore(self) -> None:
        path = self.state_path
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            message = f"cannot read the curriculum state {str(path)!r}: {error}; move it away to start anew"
            raise RlveError(message) from error
        if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
            raise RlveError(f"{str(path)!r} is not a shared-curriculum state file ({STATE_FORMAT})")
        if state.get("spec") != _jsonable(self.spec):
            saved = state.get("spec") if isinstance(state.get("spec"), dict) else {}
            differ = sorted(k for k in self.spec if saved.get(k) != _jsonable(self.spec)[k])
            raise RlveError(
                f"the state in {str(path)!r} was saved for another curriculum ({', '.join(differ)} differ); "
                "start with the same settings, or give another state_path to start anew"
            )
        try:
            self.curriculum.load_state_dict(state["curriculum"])
            self.seq = self.saved_seq = int(state["seq"])
            self.outcomes_applied = int(state["outcomes_applied"])
            self.duplicates = int(state["duplicates"])
            # Slots up to the reserve may have left with descriptors after the save: continue after them.
            self.slot_reserve = int(state["slot_reserve"])
            self.stream.next_slot = self.slot_reserve
            self.applied = {(worker, batch): int(seq) for worker, batch, seq in state["applied"]}
            self.run_id = state.get("run_id")
        except (KeyError, TypeError, ValueError) as error:
            message = f"the curriculum state {str(path)!r} is damaged ({type(error).__name__}: {error})"
            raise RlveError(f"{message}; move it away to start anew") from error

    def _open_run(self, run_id: str | None) -> str:
        """The history run to write into: ``run_id``'s (which must exist), or a new one."""
        from rlve_trainer.history import store
        from rlve_trainer.history.engine import check_url, open_engine

        url = self.config.db_url()
        check_url(url)
        engine = open_engine(url, create=run_id is None)
        try:
            if run_id is not None:
                return store.get_run(engine, run_id)["id"]
            new_id = store.new_run_id()
            folder = str(self.state_path.parent) if self.state_path is not None else ""
            model = REMOTE_MODEL
            store.record_new_run(
                engine, self.config, self.environments, run_id=new_id, output_dir=folder, max_steps=0, model=model
            )
            return new_id
        finally:
            engine.dispose()

    # -- reporting and the end -----------------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """Counters and bands, for logs and health checks."""
        return {
            "spec": self.spec,
            "seq": self.seq,
            "saved_seq": self.saved_seq,
            "outcomes_applied": self.outcomes_applied,
            "duplicates": self.duplicates,
            "next_slot": self.stream.next_slot,
            "run_id": self.run_id,
            "state_path": str(self.state_path) if self.state_path is not None else None,
            "bands": self.curriculum.bands_dict(),
        }

    def close(self, status: str = "finished", error: str | None = None) -> dict[str, Any]:
        """Save the state (when there is a path), mark the history run ``status`` and close it."""
        if status not in ("finished", "stopped", "failed"):
            raise RlveError(f"close(status): one of finished, stopped, failed, got {status!r}")
        saved = self.save() if self.state_path is not None else None
        if self.history is not None:
            self.history.set_status(status, error=error, last_step=self.seq)
            self.history.close()
            self.history = None
        return {"saved": saved, "seq": self.seq}


def _integer(at: str, name: str, value: Any, minimum: int = 0) -> int:
    # numbers.Integral takes numpy's integers too (what a worker holding tensors or arrays sends).
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise RlveError(f"{at}: {name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def _boolean(at: str, name: str, value: Any) -> bool:
    if not isinstance(value, bool) and type(value).__name__ != "bool_":  # numpy.bool_ is not a bool
        raise RlveError(f"{at}: {name} must be true or false, got {value!r}")
    return bool(value)


def _jsonable(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists), for comparing with a saved state."""
    return json.loads(json.dumps(value))
