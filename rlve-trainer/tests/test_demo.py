"""`rlve train --demo`, shortened to seconds: a warm-started model (built, cached, reused), GRPO whose bands rise,
each raise announced, the difficulty_changes rows, the summary with its three commands, and the plot they name.

The full demo's timing and how far its bands climb are measured by `nox -s bench -- demo`, not here.
"""

from __future__ import annotations

import functools
import json
import re
import shlex
import sqlite3

import pytest
from click.testing import CliRunner

from rlve import plugins
from rlve.cli import cli
from rlve_trainer import demo

pytest.importorskip("matplotlib")


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("RLVE_CACHE_DIR", str(folder))
    return folder


def test_the_warm_start_is_built_once_in_the_cache_and_then_reused(cache):
    settings = demo.WarmStart(steps=3, stop_at_accuracy=None, hidden_size=32, layers=1)
    said: list[str] = []
    folder = demo.build_warm_start(settings, demo.ENVS, said.append)
    assert folder.is_relative_to(cache) and (folder / "warm_start.json").is_file()
    assert "done after 3 steps" in said[-1]
    assert demo.build_warm_start(settings, demo.ENVS, said.append) == folder
    assert "reused" in said[-1]
    other = demo.WarmStart(steps=4, stop_at_accuracy=None, hidden_size=32, layers=1)
    assert demo.warm_start_folder(other, demo.ENVS) != folder  # other settings, another model
    levels = {env_id: (2,) for env_id in demo.ENVS}
    higher = demo.WarmStart(steps=3, stop_at_accuracy=None, hidden_size=32, layers=1, difficulties=levels)
    assert demo.warm_start_folder(higher, demo.ENVS) != folder  # the levels fitted are part of the key


def test_a_shortened_demo_raises_bands_announces_them_and_prints_what_to_run_next(cache, tmp_path, monkeypatch):
    # The demo builds its own warm start, with tiny settings: a few supervised steps into the user's cache.
    tiny = functools.partial(demo.WarmStart, steps=5, stop_at_accuracy=None, batch_size=8, hidden_size=32, layers=1)
    monkeypatch.setattr(demo, "WarmStart", tiny)
    monkeypatch.chdir(tmp_path)
    plugins.register_commands(cli)
    overrides = ["--set", "max_steps=4", "--set", "grpo.per_device_train_batch_size=16",
                 "--set", "curriculum.params={min_samples = 4, threshold = 0.0, window = 4}"]
    result = CliRunner().invoke(cli, ["train", "--demo", *overrides, "--output", "out"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    output = result.output
    assert "warm start: done after 5 steps" in output
    folder = demo.warm_start_folder(tiny(), demo.ENVS)
    assert folder.is_relative_to(cache) and (folder / "warm_start.json").is_file()
    db = sqlite3.connect(tmp_path / "out" / "history.db")
    (config,) = db.execute("SELECT config FROM runs").fetchone()
    assert json.loads(config)["model"]["path"] == str(folder)  # GRPO trained the warm-started model
    raises = re.findall(r"^raise: (\S+) (\d+)-(\d+) -> (\d+)-(\d+) at step (\d+)", output, flags=re.M)
    assert raises, output
    assert {env for env, *_ in raises} <= set(demo.ENVS)
    assert re.search(r"^  mean reward: [\d.]+ over the first 1 steps, [\d.]+ over the last 1$", output, flags=re.M)
    changes = db.execute("SELECT env, old_high, new_high FROM difficulty_changes ORDER BY id").fetchall()
    assert len(changes) == len(raises) and all(new == old + 1 for _, old, new in changes)
    reached = dict(db.execute("SELECT env, MAX(new_high) FROM difficulty_changes GROUP BY env").fetchall())
    for env in demo.ENVS:
        count = sum(1 for changed, *_ in changes if changed == env)
        assert f"{env}: reached difficulty {reached.get(env, 0)} after {count} raise" in output
    # The plotted frontier is the staircase the raise lines announced: each band's top climbs one level per raise.
    tops = {env: [high for _, high in rows] for env, rows in _by_env(db, "SELECT env, step, high FROM curriculum")}
    for env in demo.ENVS:
        assert tops[env] == sorted(tops[env]) and tops[env][-1] == reached.get(env, 0)
    commands = [line.strip() for line in output.splitlines() if line.strip().startswith("rlve history")]
    assert [c.split()[2] for c in commands] == ["show", "plot", "sql"]
    for command in commands:
        args = shlex.split(command)[1:]
        if args[1] == "plot":
            args[args.index("-o") + 1] = str(tmp_path / "frontier.png")
        ran = CliRunner().invoke(cli, args, catch_exceptions=False)
        assert ran.exit_code == 0, (command, ran.output)
        if args[1] == "sql":
            assert raises[0][0] in ran.output
    image = (tmp_path / "frontier.png").read_bytes()
    assert image[:8] == b"\x89PNG\r\n\x1a\n" and len(image) > 1000


def test_the_summary_compares_the_first_tenth_of_the_rewards_with_the_last():
    assert demo.reward_rise([0.0] * 5 + [0.5] * 5) == (0.0, 0.5, 1)
    first, last, count = demo.reward_rise([0.0, 0.1] * 10 + [0.4, 0.6] * 10)
    assert count == 4 and first == pytest.approx(0.05) and last == pytest.approx(0.5)
    assert demo.reward_rise([0.25]) == (0.25, 0.25, 1)


def test_the_warm_start_fits_every_demo_environment_above_the_level_its_band_starts_at():
    settings = demo.WarmStart()
    assert set(settings.difficulties) == set(demo.ENVS) == set(settings.stop_at_accuracy)
    assert all(0 not in levels for levels in settings.difficulties.values())  # level 0 is left to GRPO


def _by_env(db, query):
    rows: dict[str, list] = {}
    for env, *rest in db.execute(query + " ORDER BY env, step"):
        rows.setdefault(env, []).append(tuple(rest))
    return rows.items()
