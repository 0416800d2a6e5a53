"""The curriculum as a library (``CurriculumSession``) in a user's own TRL script: the README's example script
trains, records, logs the curriculum to TensorBoard and resumes; misuse is one clear error; LoRA through
``[peft]``; ``grpo.extra`` names checked; the system prompt and chat template a model receives."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from quick_run import write_quick_config

from rlve.errors import RlveError

TRAINER = Path(__file__).resolve().parents[1]
EXAMPLE = TRAINER / "examples" / "grpo_session.py"
EXAMPLE_ENVS = ["math/addition", "code/evaluate_expression"]


def environment():
    return dict(os.environ, PYTHONUNBUFFERED="1", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")


@pytest.fixture(scope="module")
def example_model(tmp_path_factory):
    from rlve_trainer.tiny import build_tiny

    return build_tiny(tmp_path_factory.mktemp("example-model") / "model", EXAMPLE_ENVS)


def run_example(folder: Path, model: Path, *args: str) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), str(model), *args],
        cwd=folder,
        env=environment(),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


def scalars(log_dir: Path) -> dict[str, list[float]]:
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    values: dict[str, list[float]] = {}
    for events in log_dir.rglob("events.out.tfevents.*"):
        accumulator = EventAccumulator(str(events.parent))
        accumulator.Reload()
        for tag in accumulator.Tags()["scalars"]:
            values.setdefault(tag, []).extend(event.value for event in accumulator.Scalars(tag))
    return values


def test_the_readme_shows_the_example_script_as_it_is():
    readme = (TRAINER / "README.md").read_text()
    assert EXAMPLE.read_text().strip() in readme


def test_the_example_script_trains_records_logs_the_curriculum_and_resumes(tmp_path, example_model):
    first = run_example(tmp_path, example_model, "--max-steps", "2")
    assert re.search(r"math/addition: difficulty band \d+-\d+", first.stdout)
    database = sqlite3.connect(tmp_path / "history.db")
    run_id, status, last_step, max_steps, output_dir = database.execute(
        "select id, status, last_step, max_steps, output_dir from runs"
    ).fetchone()
    assert (status, last_step, max_steps) == ("finished", 2, 2)
    assert Path(output_dir) == (tmp_path / "runs" / "grpo-session").resolve()
    state = json.loads((tmp_path / "runs" / "grpo-session" / "checkpoint-2" / "rlve_state.json").read_text())
    assert state["run_id"] == run_id and state["step"] == 2 and state["next_slot"] == 2  # one problem per step

    # TensorBoard got rlve's per-environment curriculum beside TRL's metrics, one value per logged step.
    logged = scalars(tmp_path / "runs" / "grpo-session")
    for env in EXAMPLE_ENVS:
        assert len(logged[f"train/rlve/{env}/high"]) == 2
        assert len(logged[f"train/rlve/{env}/samples"]) == 2
    assert "train/rlve/raises" in logged and "train/rlve/verifier_errors" in logged

    run_example(tmp_path, example_model, "--max-steps", "4", "--resume")
    assert database.execute("select count(*) from runs").fetchone()[0] == 1  # the same run goes on
    assert database.execute("select status, last_step, max_steps from runs").fetchone() == ("finished", 4, 4)
    steps = [row[0] for row in database.execute("select step from steps where run_id = ? order by step", (run_id,))]
    assert steps == [1, 2, 3, 4]
    slots = [row[0] for row in database.execute("select distinct slot from rollouts order by slot")]
    assert slots == [0, 1, 2, 3]  # the stream went on after the checkpoint's slot: no problem replayed or skipped


def tiny_trainer(model_path: Path, output: Path, *, dataset, reward, callbacks, **changes):
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl import GRPOConfig, GRPOTrainer

    settings = dict(
        output_dir=str(output),
        max_steps=1,
        per_device_train_batch_size=4,
        num_generations=4,
        max_completion_length=8,
        shuffle_dataset=False,
        report_to="none",
        use_cpu=True,
        bf16=False,
        save_strategy="no",
        disable_tqdm=True,
    )
    settings.update(changes)
    return GRPOTrainer(
        model=AutoModelForCausalLM.from_pretrained(str(model_path)),
        processing_class=AutoTokenizer.from_pretrained(str(model_path)),
        args=GRPOConfig(**settings),
        train_dataset=dataset,
        reward_funcs=[reward],
        callbacks=callbacks,
    )


def test_misuse_of_the_session_is_one_clear_error(tmp_path, tiny_model):
    from datasets import Dataset

    from rlve_trainer import CurriculumSession

    with CurriculumSession("graph/shortest_path") as session:
        trainer = tiny_trainer(
            tiny_model,
            tmp_path / "a",
            dataset=session.dataset(),
            reward=session.reward,
            callbacks=[session.callback()],
            shuffle_dataset=True,
        )
        with pytest.raises(RlveError, match="shuffle_dataset=False"):
            trainer.train()

    with CurriculumSession("graph/shortest_path") as session:
        trainer = tiny_trainer(
            tiny_model, tmp_path / "b", dataset=session.dataset(), reward=session.reward, callbacks=[]
        )
        with pytest.raises(RlveError, match=r"callbacks=\[session.callback\(\)\]"):
            trainer.train()

    with CurriculumSession("graph/shortest_path") as session:
        plain = Dataset.from_list([{"prompt": [{"role": "user", "content": "Say 1."}]}] * 8)
        trainer = tiny_trainer(
            tiny_model, tmp_path / "c", dataset=plain, reward=session.reward, callbacks=[session.callback()]
        )
        with pytest.raises(RlveError, match=r"train_dataset=session.dataset\(\)"):
            trainer.train()

    with pytest.raises(RlveError, match="pass db= too"):
        CurriculumSession("graph/shortest_path", resume="some-run")
    with pytest.raises(RlveError, match="no_such"):
        CurriculumSession("graph/no_such_environment")


def test_a_session_without_its_reward_stops_at_the_first_step(tmp_path, tiny_model):
    from rlve_trainer import CurriculumSession

    def constant(completions, **kwargs):
        return [0.0] * len(completions)

    with CurriculumSession("graph/shortest_path") as session:
        trainer = tiny_trainer(
            tiny_model, tmp_path, dataset=session.dataset(), reward=constant, callbacks=[session.callback()]
        )
        with pytest.raises(RlveError, match="without a call of session.reward"):
            trainer.train()


def test_the_system_prompt_comes_before_every_problem():
    from rlve_trainer import CurriculumSession

    with CurriculumSession("graph/shortest_path", system_prompt="Answer briefly.") as session:
        row = next(iter(session.dataset()))
    assert row["prompt"][0] == {"role": "system", "content": "Answer briefly."}
    assert row["prompt"][1]["role"] == "user" and "path" in row["prompt"][1]["content"].lower()


def rlve(*args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from rlve.cli import main; main()", *args],
        cwd=cwd,
        env=environment(),
        capture_output=True,
        text=True,
    )


def test_lora_trains_adapters_and_resumes(tmp_path):
    config = write_quick_config(tmp_path, max_steps=2, peft={"r": 4, "alpha": 8})
    output = tmp_path / "runs"
    first = rlve("train", config, "--output", str(output), "--set", "grpo.save_steps=1", cwd=tmp_path)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-2000:]
    run_id = re.search(r"run (\S+) finished at step 2", first.stdout).group(1)
    checkpoint = output / run_id / "checkpoint-2"
    assert (checkpoint / "adapter_model.safetensors").is_file()  # adapters saved, not a full model
    assert not (checkpoint / "model.safetensors").exists()
    resumed = rlve("train", "--resume", run_id, "--output", str(output), "--set", "max_steps=3", cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stdout[-2000:] + resumed.stderr[-2000:]
    assert f"run {run_id} resumed from {checkpoint}" in resumed.stdout
    assert f"run {run_id} finished at step 3" in resumed.stdout


def test_grpo_extra_names_are_checked_before_anything_is_written(tmp_path):
    from rlve_trainer.trainer import check_grpo_extra

    check_grpo_extra({"epsilon_high": 0.28, "warmup_steps": 5})
    with pytest.raises(RlveError, match="did you mean epsilon_high"):
        check_grpo_extra({"epsilon_hgh": 0.28})
    with pytest.raises(RlveError, match="set grpo.learning_rate instead"):
        check_grpo_extra({"learning_rate": 1e-5})
    with pytest.raises(RlveError, match="old curriculum"):
        check_grpo_extra({"shuffle_dataset": True})

    output = tmp_path / "runs"
    config = write_quick_config(tmp_path)
    result = rlve("train", config, "--output", str(output), "--set", "grpo.extra.epsilon_hgh=0.3", cwd=tmp_path)
    assert result.returncode == 2
    assert "did you mean epsilon_high" in result.stderr and "Traceback" not in result.stderr
    assert not output.exists()  # no history, no run folder


def test_rlve_sample_shows_the_text_a_chat_model_receives(tmp_path, tiny_model):
    template = tmp_path / "chat.jinja"
    template.write_text("{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}<assistant>")
    shown = rlve(
        "sample", "graph/shortest_path", "-d", "1", "--chat", str(tiny_model), "--system", "Be brief.",
        "--chat-template", str(template), cwd=tmp_path,
    )
    assert shown.returncode == 0, shown.stderr
    prompt = rlve("sample", "graph/shortest_path", "-d", "1", cwd=tmp_path).stdout.rstrip("\n")
    assert shown.stdout == f"<system>Be brief.\n<user>{prompt}\n<assistant>"

    own = rlve("sample", "graph/shortest_path", "-d", "1", "--chat", str(tiny_model), cwd=tmp_path)
    assert own.returncode == 0 and prompt in own.stdout and own.stdout != prompt

    typo = rlve(
        "sample", "graph/shortest_path", "--chat", str(tiny_model), "--chat-template", "chat.jinj", cwd=tmp_path
    )
    assert typo.returncode == 2 and "neither an existing file nor a Jinja chat template" in typo.stderr


def test_a_config_chat_template_that_is_not_one_is_refused_before_training(tmp_path):
    config = write_quick_config(tmp_path, prompt={"chat_template": "templates/missing.jinja"})
    result = rlve("train", config, "--output", str(tmp_path / "runs"), cwd=tmp_path)
    assert result.returncode == 2
    assert "prompt.chat_template: 'templates/missing.jinja' is neither" in result.stderr
