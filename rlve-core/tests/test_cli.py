"""The command line as scripts use it: exit codes, JSON output, and error messages that say what to do."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fake_packs import good_pack_body, make_pack, run_rlve


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    root = tmp_path_factory.mktemp("packs")
    make_pack(root, "rlve-plugin-alpha", "rlve_plugin_alpha", good_pack_body("alpha"))
    return root


@pytest.mark.parametrize(
    "command", [[], ["plugins"], ["envs"], ["envs", "list"], ["envs", "show"], ["sample"], ["verify"], ["tour"]]
)
def test_every_command_has_help(packs, command):
    result = run_rlve(packs, *command, "--help")
    assert result.returncode == 0 and "Usage: rlve" in result.stdout


def test_sample_json_is_the_whole_problem(packs):
    result = run_rlve(packs, "sample", "alpha/double", "--difficulty", "3", "--seed", "7", "--json")
    problem = json.loads(result.stdout)
    assert set(problem) == {"env", "env_version", "difficulty", "seed", "prompt", "answer", "data", "size"}
    assert (problem["env"], problem["difficulty"], problem["seed"]) == ("alpha/double", 3, 7)
    plain = run_rlve(packs, "sample", "alpha/double", "--difficulty", "3", "--seed", "7")
    assert plain.stdout.strip() == problem["prompt"].strip()


def test_verify_reads_the_full_response_on_stdin(packs):
    problem = json.loads(run_rlve(packs, "sample", "alpha/double", "-d", "2", "-s", "1", "--json").stdout)
    response = f"Let me think. 2 times that is... <answer>{problem['answer']}</answer>"
    verdict = json.loads(run_rlve(packs, "verify", "alpha/double", "-d", "2", "-s", "1", stdin=response).stdout)
    assert verdict == {"reward": 1.0, "correct": True, "format_ok": True, "reason": "correct"}
    wrong = json.loads(
        run_rlve(packs, "verify", "alpha/double", "-d", "2", "-s", "1", stdin="<answer>-1</answer>").stdout
    )
    assert wrong["correct"] is False and wrong["format_ok"] is True


def test_verify_against_a_saved_problem(packs, tmp_path):
    saved = tmp_path / "problem.json"
    saved.write_text(run_rlve(packs, "sample", "alpha/double", "-d", "4", "-s", "9", "--json").stdout)
    answer = json.loads(saved.read_text())["answer"]
    result = run_rlve(packs, "verify", "alpha/double", "--problem", str(saved), stdin=f"<answer>{answer}</answer>")
    assert json.loads(result.stdout)["correct"] is True
    saved.write_text("{}")
    broken = run_rlve(packs, "verify", "alpha/double", "--problem", str(saved), stdin="<answer>1</answer>")
    assert broken.returncode == 2 and "not a Problem saved by" in broken.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sample", "alpha/dubble"], "did you mean alpha/double"),
        (["sample", "alpha/double", "--difficulty", "-1"], "integer >= 0 (there is no upper bound)"),
        (["sample", "alpha/double", "--difficulty", "hard"], "'hard' is not an integer"),
        (["sample", "alpha/double", "--seed", str(2**64)], "seed must be an integer from 0 to"),
        (["envs", "show", "nope"], "unknown environment 'nope'"),
        (["frobnicate"], "No such command"),
    ],
)
def test_bad_usage_exits_2_with_a_one_line_reason(packs, args, message):
    result = run_rlve(packs, *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_envs_list_table_and_show(packs):
    table = run_rlve(packs, "envs", "list").stdout
    assert "alpha/double" in table and "Double a number." in table
    shown = run_rlve(packs, "envs", "show", "alpha/double")
    assert shown.returncode == 0
    for level in (0, 5, 20):
        assert f"--- difficulty {level}, seed 0" in shown.stdout
    assert "Difficulty scales: digits: 1 + d" in shown.stdout


def test_tour_samples_and_verifies_everything(packs):
    result = run_rlve(packs, "tour")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "alpha/double" in result.stdout and "0 failures" in result.stdout


def test_cli_never_imports_heavy_libraries(packs):
    code = (
        "import runpy, sys\n"
        "for argv in (['rlve', '--help'], ['rlve', 'envs', 'list'], ['rlve', 'plugins']):\n"
        "    sys.argv = argv\n"
        "    try:\n"
        "        runpy.run_module('rlve', run_name='__main__')\n"
        "    except SystemExit:\n"
        "        pass\n"
        "heavy = {'torch', 'transformers', 'trl', 'numpy', 'datasets'}\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & heavy)\n"
        "print('HEAVY', heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "HEAVY []" in result.stdout, result.stdout[-500:] + result.stderr[-2000:]


def test_envs_list_narrows_by_pattern(packs):
    result = run_rlve(packs, "envs", "list", "alpha/*", "--json")
    assert [row["id"] for row in json.loads(result.stdout)] == ["alpha/double"]
    missing = run_rlve(packs, "envs", "list", "nosuchpack")
    assert missing.returncode == 2 and "matches no installed environment" in missing.stderr
