"""`rlve engines verl run.toml`: the Hydra overrides that put rlve's curriculum into verl, from `rlve train`'s TOML.
Needs neither verl nor a GPU; the parse through Hydra's own grammar runs where hydra-core is installed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rlve import plugins
from rlve.cli import cli
from rlve_trainer.engines import verl_reward


def write(folder: Path, body: str, name: str = "run.toml") -> Path:
    path = folder / name
    path.write_text(body)
    return path


RUN = """envs = ["math/addition", "logic/*"]
max_steps = 300
seed = 7
output = "runs"
run_name = "verl run"
[model]
path = "{model}"
[curriculum]
strategy = "adaptive"
params = {{ min_samples = 64 }}
[grpo]
num_generations = 8
per_device_train_batch_size = 16
gradient_accumulation_steps = 4
max_completion_length = 512
learning_rate = 2e-6
beta = 0.01
loss_type = "grpo"
report_to = ["wandb", "trackio"]
"""


def run(*args: str):
    plugins.register_commands(cli)  # what `rlve` does at start: the packs' and the trainer's commands
    return CliRunner().invoke(cli, ["engines", "verl", *args])


@pytest.fixture
def toml(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model").mkdir()
    return write(tmp_path, RUN.format(model=tmp_path / "model"))


def parsed(output: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in output.splitlines())


def test_the_toml_becomes_verls_settings(toml, tmp_path):
    result = run(str(toml), "--gpus", "4")
    assert result.exit_code == 0, result.output
    settings = parsed(result.stdout)
    assert settings["data.train_files"] == str(toml.resolve())
    assert settings["data.custom_cls.path"] == "pkg://rlve_trainer.engines.verl_dataset"
    assert settings["data.custom_cls.name"] == "RlveDataset"
    assert settings["data.sampler.class_path"] == "pkg://rlve_trainer.engines.verl_sampler"
    assert settings["data.sampler.class_name"] == "RlveCurriculumSampler"
    assert settings["data.dataloader_num_workers"] == "0"
    # The history database made absolute: verl's driver is a Ray actor that may run in another folder.
    assert settings["+data.rlve_db"] == f"sqlite:///{(tmp_path / 'runs' / 'history.db').resolve()}"
    assert settings["custom_reward_function.path"] == str(Path(verl_reward.__file__).resolve())
    assert settings["custom_reward_function.name"] == "compute_score"
    # 16 completions x 4 accumulation = 64 per GPU = 8 prompts of 8; on 4 GPUs 32 prompts per step.
    assert settings["data.train_batch_size"] == "32"
    assert settings["actor_rollout_ref.actor.ppo_mini_batch_size"] == "32"
    assert settings["actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu"] == "16"
    assert settings["actor_rollout_ref.rollout.n"] == "8"
    assert settings["trainer.n_gpus_per_node"] == "4"
    assert settings["data.max_response_length"] == "512"
    assert settings["trainer.total_training_steps"] == "300"
    assert settings["actor_rollout_ref.actor.optim.lr"] == "2e-06"
    assert settings["actor_rollout_ref.actor.use_kl_loss"] == "true"
    assert settings["actor_rollout_ref.actor.kl_loss_coef"] == "0.01"
    assert settings["actor_rollout_ref.actor.loss_agg_mode"] == "seq-mean-token-mean"
    assert settings["actor_rollout_ref.model.path"] == str((tmp_path / "model").resolve())
    assert settings["trainer.logger"] == "[console,wandb]"
    assert settings["trainer.experiment_name"] == "'verl run'"
    assert settings["trainer.test_freq"] == "-1"  # no fixed validation set given
    assert "trackio" in result.stderr and "trackio" not in result.stdout
    assert "[reward]" not in result.stderr  # binary, as compute_score


def test_settings_verl_cannot_take_are_named_on_stderr(toml):
    toml.write_text(toml.read_text() + "[reward]\nmode = \"shaped\"\n")
    result = run(str(toml))
    assert result.exit_code == 0 and "[reward] mode" in result.stderr and "shaped" not in result.stdout


def test_a_validation_file_turns_validation_on(toml, tmp_path):
    evaluation = write(tmp_path, "", "eval.parquet")
    settings = parsed(run(str(toml), "--val-files", str(evaluation)).stdout)
    assert settings["data.val_files"] == str(evaluation.resolve())
    assert "trainer.test_freq" not in settings and "trainer.val_before_train" not in settings


@pytest.mark.parametrize(
    "change, message",
    [
        (("math/addition", "math/no_such_env"), "unknown environment 'math/no_such_env'"),
        (("per_device_train_batch_size = 16", "per_device_train_batch_size = 15"), "not a multiple of num_generations"),
        (("strategy = \"adaptive\"", "strategy = \"nope\""), "unknown curriculum strategy 'nope'"),
        (("min_samples = 64", "min_samples = 64, speed = 2"), "has no parameter speed"),
        (("max_steps = 300", "max_steps = 'many'"), "max_steps"),
        (("[model]", "[model]\ntiny = true"), "verl loads the model itself"),
        (("seed = 7", "seed = = 7"), "not valid TOML"),
    ],
)
def test_a_bad_toml_is_one_line_and_exit_2(toml, change, message):
    toml.write_text(toml.read_text().replace(*change))
    result = run(str(toml))
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0], result.output


def test_a_missing_toml_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("nowhere.toml")
    assert result.exit_code == 2 and "nowhere.toml" in result.output and "does not exist" in result.output


def test_hydra_reads_every_override_as_printed(toml):
    parser_module = pytest.importorskip("hydra.core.override_parser.overrides_parser", reason="no hydra-core")
    lines = run(str(toml)).stdout.splitlines()
    values = {o.key_or_group: o.value() for o in parser_module.OverridesParser.create().parse_overrides(lines)}
    assert values["data.rlve_db"].startswith("sqlite:////")
    assert values["trainer.experiment_name"] == "verl run"
    assert values["trainer.logger"] == ["console", "wandb"]
    assert values["data.dataloader_num_workers"] == 0 and values["algorithm.use_kl_in_reward"] is False
