"""`rlve export` (a static snapshot of problems in four formats) and `rlve verify-file` (scoring responses to it)."""

from __future__ import annotations

import json
import tracemalloc

import pytest
from click.testing import CliRunner

from rlve import export as exporting
from rlve.cli import cli
from rlve.environment import TRAIN_SEED_LIMIT
from rlve.errors import RlveError
from rlve.plugins import registry


def envs(*ids):
    return [registry().get(env_id) for env_id in ids]


def rlve(*args):
    from rlve.cli.builtin import register_commands

    register_commands(cli)  # rlve's own commands, as the entry point's hook adds them
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_levels_are_read_as_ranges_and_lists_and_bad_ones_say_which_part():
    assert exporting.parse_levels("0-3,10, 2,20-21") == [0, 1, 2, 3, 10, 20, 21]
    for bad, part in (("0-x", "'0-x'"), ("5-2", "'5-2'"), ("-3", "'-3'"), (",", "no level")):
        with pytest.raises(RlveError, match=part):
            exporting.parse_levels(bad)
    with pytest.raises(RlveError, match="more than"):
        exporting.parse_levels("0-100000000")


def test_jsonl_rows_regenerate_their_problems_and_repeat_exactly(tmp_path):
    chosen = envs("math/addition", "graph/shortest_path")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert exporting.export(chosen, [0, 3], 5, first) == 2 * 2 * 5
    exporting.export(chosen, [0, 3], 5, second)
    assert first.read_bytes() == second.read_bytes()
    rows = [json.loads(line) for line in first.read_text().splitlines()]
    assert {(row["env"], row["difficulty"]) for row in rows} == {
        (env.id, d) for env in chosen for d in (0, 3)
    }
    for row in rows:
        env = registry().get(row["env"])
        problem = env.sample(row["difficulty"], row["seed"])
        assert row["prompt"] == problem.prompt and json.loads(row["data"]) == problem.data
        assert row["env_version"] == env.version and 0 <= row["seed"] < TRAIN_SEED_LIMIT
    other_seed = tmp_path / "c.jsonl"
    exporting.export(chosen, [0, 3], 5, other_seed, seed=1)
    assert other_seed.read_bytes() != first.read_bytes()


def test_the_eval_split_takes_held_out_seeds_only(tmp_path):
    path = tmp_path / "eval.jsonl"
    exporting.export(envs("math/addition"), [1], 50, path, split="eval")
    seeds = [json.loads(line)["seed"] for line in path.read_text().splitlines()]
    assert len(set(seeds)) == 50 and min(seeds) >= TRAIN_SEED_LIMIT


def test_verl_rows_have_verls_columns_and_name_their_problem(tmp_path):
    parquet = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "train.parquet"
    exporting.export(envs("logic/sudoku"), [0, 1], 3, path, fmt="verl")
    rows = parquet.read_table(path).to_pylist()
    assert len(rows) == 6
    row = rows[4]
    assert row["data_source"] == "logic/sudoku" and row["ability"] == "logic"
    assert row["prompt"][0]["role"] == "user" and row["reward_model"]["style"] == "rule"
    info = row["extra_info"]
    problem = registry().get("logic/sudoku").sample(info["difficulty"], int(info["seed"]))
    assert row["prompt"][0]["content"] == problem.prompt and row["reward_model"]["ground_truth"] == problem.answer
    assert info["index"] == 4 and info["split"] == "train"


def test_parquet_and_hf_folders_round_trip(tmp_path):
    datasets = pytest.importorskip("datasets")
    parquet = pytest.importorskip("pyarrow.parquet")
    chosen = envs("math/gcd_lcm")
    exporting.export(chosen, [2], 4, tmp_path / "p.parquet", fmt="parquet")
    exporting.export(chosen, [2], 4, tmp_path / "hf", fmt="hf")
    exporting.export(chosen, [2], 4, tmp_path / "j.jsonl")
    plain = [json.loads(line) for line in (tmp_path / "j.jsonl").read_text().splitlines()]
    assert parquet.read_table(tmp_path / "p.parquet").to_pylist() == plain
    assert list(datasets.load_from_disk(str(tmp_path / "hf"))) == plain
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hf", "j.jsonl", "p.parquet"]  # no staging left


def test_an_existing_output_is_refused_and_a_stopped_export_leaves_nothing(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text("keep me")
    with pytest.raises(RlveError, match="already exists"):
        exporting.export(envs("math/addition"), [0], 1, path)
    assert path.read_text() == "keep me"

    def stop(done):
        if done == 3:
            raise KeyboardInterrupt

    partial = tmp_path / "partial.jsonl"
    with pytest.raises(KeyboardInterrupt):
        exporting.export(envs("math/addition"), [0], 10, partial, on_row=stop)
    assert not partial.exists()


def test_rows_are_streamed_not_collected(tmp_path):
    chosen = envs("math/addition")

    def peak(rows):
        tracemalloc.start()
        exporting.export(chosen, [0], rows, tmp_path / f"{rows}.jsonl")
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(200), peak(4000)
    assert large < 3 * small + 200_000, (small, large)  # twenty times the rows, not twenty times the memory


def test_the_command_writes_and_reports_and_refuses_bad_input(tmp_path):
    out = tmp_path / "data.jsonl"
    result = rlve("export", "math/addition", "-d", "0-1", "--per-level", "2", "-o", out)
    assert result.exit_code == 0, result.output
    assert "wrote 4 problems" in result.output and len(out.read_text().splitlines()) == 4
    unknown = rlve("export", "math/no_such", "-o", tmp_path / "y.jsonl")
    assert unknown.exit_code == 2 and "math/no_such" in unknown.output
    bad = rlve("export", "math/addition", "-d", "1-x", "-o", tmp_path / "z.jsonl")
    assert bad.exit_code == 2 and "'1-x'" in bad.output and not (tmp_path / "z.jsonl").exists()


def test_verify_file_scores_responses_and_reports_what_it_cannot_judge(tmp_path):
    data = tmp_path / "data.jsonl"
    exporting.export(envs("math/addition", "graph/shortest_path"), [0, 2], 3, data)
    rows = [json.loads(line) for line in data.read_text().splitlines()]
    lines = []
    for index, row in enumerate(rows):
        key = {k: row[k] for k in ("env", "env_version", "difficulty", "seed")}
        answer = row["answer"] if index % 3 else "999999"
        lines.append(json.dumps(key | {"response": f"thinking... <answer>{answer}</answer>"}))
    lines += [
        "{broken",
        json.dumps({"env": "math/addition", "env_version": 999, "difficulty": 0, "seed": 1, "response": "<answer>1"}),
        json.dumps({"env": "math/addition", "difficulty": 0, "seed": 1, "response": "x"}),
        json.dumps({"extra_info": {"env": "math/addition", "env_version": 1, "difficulty": 0, "seed": "5"},
                    "response": "<answer>" + registry().get("math/addition").sample(0, 5).answer + "</answer>"}),
    ]
    responses = tmp_path / "responses.jsonl"
    responses.write_text("\n".join(lines) + "\n")
    verdicts = tmp_path / "verdicts.jsonl"
    result = rlve("verify-file", responses, "--json", "-o", verdicts)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    wrong = len(range(0, len(rows), 3))
    assert summary["scored"] == len(rows) + 1 and summary["correct"] == len(rows) - wrong + 1
    reasons = {item["line"]: item["why"] for item in summary["not_judged"]}
    n = len(rows)
    assert set(reasons) == {n + 1, n + 2, n + 3}
    assert "not JSON" in reasons[n + 1] and "version 999" in reasons[n + 2] and "env_version" in reasons[n + 3]
    assert len(verdicts.read_text().splitlines()) == summary["scored"]
