import pytest
from quick_run import quick_config

from rlve.errors import RlveError
from rlve_trainer import config as cfg
from rlve_trainer import config_files as files


def test_defaults_are_cpu_friendly_and_trl_like():
    config = cfg.TrainConfig()
    assert config.grpo.bf16 is None and config.grpo.gradient_checkpointing is False
    assert config.reward.mode == "binary" and config.grpo.beta == 0.0 and config.grpo.loss_type == "dapo"
    assert config.db_url().endswith("rlve-runs/history.db")


def test_toml_and_overrides(tmp_path):
    path = tmp_path / "run.toml"
    path.write_text(
        'envs = "graph/*"\nmax_steps = 7\n[model]\npath = "/m"\n[curriculum]\nstrategy = "fixed"\n'
        "params = { difficulty = 3 }\n[grpo]\nlearning_rate = 1e-5\n"
    )
    config = files.load_train(
        path,
        [
            "grpo.learning_rate=1e-6",
            "grpo.use_vllm=true",
            "envs=['graph', 'math/*']",
            "curriculum.params.difficulty=4",
            "run_name=hello world",
        ],
    )
    assert config.envs == ["graph", "math/*"]
    assert config.grpo.learning_rate == 1e-6 and config.grpo.use_vllm is True
    assert config.curriculum.params == {"difficulty": 4}
    assert config.model.path == "/m" and config.max_steps == 7 and config.run_name == "hello world"


def test_error_names_field_value_and_what_is_allowed():
    with pytest.raises(RlveError) as error:
        files.load_train(None, ["grpo.learning_rate=fast"])
    assert "grpo.learning_rate" in str(error.value) and "'fast'" in str(error.value)
    with pytest.raises(RlveError) as error:
        files.load_train(None, ["grpo.loss_type=ppo"])
    assert "grpo.loss_type" in str(error.value) and "'dapo'" in str(error.value)
    with pytest.raises(RlveError) as error:
        files.load_train(None, ["grpo.learnin_rate=1"])
    assert "grpo.learnin_rate" in str(error.value) and "learning_rate" in str(error.value)
    with pytest.raises(RlveError) as error:
        files.load_train(None, ["reward.mode=partial"])
    assert "binary" in str(error.value) and "shaped" in str(error.value)
    with pytest.raises(RlveError, match="FIELD=VALUE"):
        files.load_train(None, ["nonsense"])
    with pytest.raises(RlveError, match="does not exist"):
        files.load_train("/no/such/file.toml")


def test_bad_toml_is_one_error(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("max_steps = = 3")
    with pytest.raises(RlveError, match="not valid TOML"):
        files.load_train(path)


def test_to_toml_round_trips(tmp_path):
    config = files.load_train(
        None, ["curriculum.params={min_samples = 4}", "grpo.extra={warmup_steps = 2}"], base=quick_config()
    )
    path = tmp_path / "saved.toml"
    path.write_text(files.to_toml(config))
    assert files.load_train(path) == config


def test_the_readme_example_config_loads(tmp_path):
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    examples = re.findall(r"```toml\n(.*?)```", readme, flags=re.S)
    train_example, peft_example, tiny_example, ablate_example, frontier_example = examples
    path = tmp_path / "example.toml"
    path.write_text(train_example)
    config = files.load_train(path)
    assert config.envs[0] == "graph/shortest_path" and config.grpo.extra == {"warmup_steps": 10}
    assert config.grpo.report_to == "none" and config.peft is None

    path.write_text(train_example + "\n" + peft_example)  # "Experiment trackers, LoRA, prompts"
    config = files.load_train(path)
    assert (config.peft.r, config.peft.alpha, config.peft.target_modules) == (16, 32, "all-linear")

    path.write_text(tiny_example)  # "Trying your own pack on CPU: model.tiny"
    config = files.load_train(path)
    assert config.model.tiny and config.model.path is None and config.grpo.num_generations == 4

    from rlve_trainer.ablate import config as ablate_config

    path.write_text(ablate_example)
    ablation = ablate_config.load(path)
    assert [arm.strategy for arm in ablation.arms] == ["adaptive", "fixed", "uniform"]
    assert ablation.eval.held_out_envs == ["math/signed_sum"] and ablation.seeds == [0, 1, 2]

    path.write_text(ablate_example + "\n" + frontier_example)  # "An arm that starts at the frontier"
    options = ablate_config.load(path).frontier
    assert (options.threshold, options.problems, options.max_tokens, options.eval_seed) == (0.5, 32, 16, 0)
