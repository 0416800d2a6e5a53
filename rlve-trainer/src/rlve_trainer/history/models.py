"""The history tables. Table and column names are a public interface: users write SQL against them.

Every table but ``runs`` and ``schema_version`` is keyed by ``run_id``. Steps count optimizer steps from 1;
a rollout's step is the step its completion was trained in.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

schema_version = Table(
    "schema_version",
    metadata,
    Column("version", Integer, primary_key=True),
    Column("applied_at", String(32), nullable=False),
)

runs = Table(
    "runs",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("name", String(200)),
    Column("status", String(16), nullable=False),  # running, stopped, finished, failed
    Column("created_at", String(32), nullable=False),  # ISO 8601, UTC
    Column("updated_at", String(32), nullable=False),
    Column("finished_at", String(32)),
    Column("last_step", Integer, nullable=False, default=0),
    Column("max_steps", Integer, nullable=False),
    Column("model", Text),
    Column("output_dir", Text, nullable=False),
    Column("config", Text, nullable=False),  # the TrainConfig as JSON
    Column("packages", Text, nullable=False),  # {"rlve-core": "0.1.0", "trl": "1.16.0", ...}
    Column("environments", Text, nullable=False),  # {"graph/shortest_path": 1, ...}: env id -> env version
    Column("curriculum_strategy", String(64), nullable=False),
    Column("error", Text),
)

curriculum = Table(
    "curriculum",
    metadata,
    Column("run_id", String(64), ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("env", String(200), primary_key=True),
    Column("low", Integer, nullable=False),
    Column("high", Integer, nullable=False),
    Column("samples", Integer, nullable=False),  # outcomes counted towards the next decision
    Column("accuracy", Float),  # their mean correctness; NULL before any
    Column("step_samples", Integer, nullable=False, default=0),  # rollouts of this env in this step (v2)
    Column("step_accuracy", Float),  # their mean correctness (v2)
    # GRPO groups (one per problem) of this env in this step, those whose completions all got the same reward
    # (zero advantage: no learning signal), and the rollouts in the other groups (v6; NULL in older runs)
    Column("step_groups", Integer),
    Column("zero_advantage_groups", Integer),
    Column("signal_rollouts", Integer),
)

difficulty_changes = Table(
    "difficulty_changes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", String(64), ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
    Column("step", Integer, nullable=False),
    Column("env", String(200), nullable=False),
    Column("old_high", Integer, nullable=False),
    Column("new_high", Integer, nullable=False),
    Column("reason", Text),
)

rollouts = Table(
    "rollouts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", String(64), ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
    Column("step", Integer, nullable=False),
    Column("slot", Integer, nullable=False),  # which problem of the run (the GRPO group), counting from 0
    Column("env", String(200), nullable=False),
    Column("env_version", Integer, nullable=False),
    Column("difficulty", Integer, nullable=False),
    Column("seed", Integer, nullable=False),  # with env, env_version and difficulty: `rlve sample` rebuilds it
    Column("reward", Float, nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("format_ok", Boolean, nullable=False),
    Column("completion_tokens", Integer, nullable=False),
    Column("reason", Text),
    Column("text", Text),  # the completion, only with store_completions = true
)

steps = Table(
    "steps",
    metadata,
    Column("run_id", String(64), ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("reward", Float),  # mean reward of the step's rollouts
    Column("accuracy", Float),  # mean correctness
    Column("loss", Float),
    Column("seconds", Float),  # wall time of the step
    Column("finished_at", String(32), nullable=False),
)

ablations = Table(
    "ablations",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("name", String(200)),
    Column("status", String(16), nullable=False),  # running, finished, failed, stopped
    Column("created_at", String(32), nullable=False),
    Column("finished_at", String(32)),
    Column("config", Text, nullable=False),  # the AblateConfig as JSON
    Column("packages", Text, nullable=False),  # package versions, as in runs.packages
    Column("start_model", Text, nullable=False),  # the checkpoint every arm starts from
    Column("error", Text),
)

ablation_results = Table(
    "ablation_results",
    metadata,
    Column("ablation_id", String(64), ForeignKey("ablations.id", ondelete="CASCADE"), primary_key=True),
    Column("arm", String(100), primary_key=True),
    Column("seed", Integer, primary_key=True),
    Column("phase", String(8), primary_key=True),  # before (the starting checkpoint) or after (the arm's)
    Column("env", String(200), primary_key=True),
    Column("difficulty", Integer, primary_key=True),
    Column("run_id", String(64)),  # the arm's training run (its curriculum and rollouts), NULL before
    Column("strategy", String(64), nullable=False),
    Column("held_out", Boolean, nullable=False),  # the environment was evaluated but never trained on
    Column("problems", Integer, nullable=False),
    Column("correct", Integer, nullable=False),
    Column("unjudged", Integer, nullable=False),  # answers the verifier could not judge (counted not correct)
    Column("accuracy", Float, nullable=False),  # correct / problems, greedy decoding
)

ablation_curves = Table(
    "ablation_curves",
    metadata,
    Column("ablation_id", String(64), ForeignKey("ablations.id", ondelete="CASCADE"), primary_key=True),
    Column("arm", String(100), primary_key=True),
    Column("seed", Integer, primary_key=True),
    Column("step", Integer, primary_key=True),  # the optimizer step after which the arm was scored
    Column("env", String(200), primary_key=True),
    Column("difficulty", Integer, primary_key=True),
    Column("run_id", String(64)),  # the arm's training run
    Column("held_out", Boolean, nullable=False),
    Column("problems", Integer, nullable=False),  # the first eval.curve_problems of the final evaluation's problems
    Column("correct", Integer, nullable=False),
    Column("unjudged", Integer, nullable=False),
    Column("accuracy", Float, nullable=False),
)

environment_changes = Table(
    "environment_changes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", String(64), ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
    Column("step", Integer, nullable=False),  # the run continued from this step: later rollouts use new_version
    Column("env", String(200), nullable=False),
    Column("old_version", Integer, nullable=False),
    Column("new_version", Integer, nullable=False),
    Column("changed_at", String(32), nullable=False),  # when `--resume --allow-version-change` accepted it (v4)
)

evaluations = Table(
    "evaluations",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("name", String(200)),
    Column("status", String(16), nullable=False),  # running, stopped, finished, failed
    Column("created_at", String(32), nullable=False),
    Column("finished_at", String(32)),
    Column("model", Text, nullable=False),  # a model folder, or the served model's name
    Column("backend", String(16), nullable=False),  # hf, vllm, openai
    Column("settings", Text, nullable=False),  # JSON: sampling and backend settings (never an API key)
    Column("packages", Text, nullable=False),  # package versions, as in runs.packages
    Column("environments", Text, nullable=False),  # env id -> env version
    Column("threshold", Float, nullable=False),
    Column("problems", Integer, nullable=False),  # problems per level at most
    Column("error", Text),
)

evaluation_results = Table(
    "evaluation_results",
    metadata,
    Column("evaluation_id", String(64), ForeignKey("evaluations.id", ondelete="CASCADE"), primary_key=True),
    Column("env", String(200), primary_key=True),
    Column("difficulty", Integer, primary_key=True),
    Column("answers", Integer, nullable=False),  # completions scored (problems x n)
    Column("correct", Integer, nullable=False),
    Column("unjudged", Integer, nullable=False),  # answers the verifier could not judge (counted not correct)
    Column("accuracy", Float, nullable=False),
    Column("low", Float, nullable=False),  # 95% Wilson interval of the accuracy
    Column("high", Float, nullable=False),
    Column("passed", Boolean, nullable=False),  # accuracy at or above the threshold
    Column("early", Boolean, nullable=False),  # decided by the interval before all problems were used
    Column("probe", Integer, nullable=False),  # the order in which the search probed the levels, from 1
)

evaluation_frontiers = Table(
    "evaluation_frontiers",
    metadata,
    Column("evaluation_id", String(64), ForeignKey("evaluations.id", ondelete="CASCADE"), primary_key=True),
    Column("env", String(200), primary_key=True),
    Column("env_version", Integer, nullable=False),
    Column("frontier", Integer),  # highest level that passed; NULL when d = 0 failed
    Column("failed_at", Integer),  # lowest level above it that failed; NULL when capped
    Column("capped", Boolean, nullable=False),  # every level up to --max-difficulty passed: a lower bound
    Column("answers", Integer, nullable=False),  # completions the search used for this environment
)

Index("ix_curriculum_run_env", curriculum.c.run_id, curriculum.c.env, curriculum.c.step)
Index("ix_rollouts_run_step", rollouts.c.run_id, rollouts.c.step)
Index("ix_changes_run", difficulty_changes.c.run_id, difficulty_changes.c.step)

#: Tables whose rows belong to a step; resuming from a checkpoint deletes the rows after it.
STEP_TABLES = (curriculum, difficulty_changes, rollouts, steps)
