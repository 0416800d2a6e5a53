"""``rlve check`` as users and CI meet it: a table, failures with the command that reproduces them,
exit codes 0/1/2, JSON for machines, and --all reporting packs that failed to load."""

from __future__ import annotations

import json

import pytest
from fake_packs import good_pack_body, make_pack, run_rlve

BROKEN_PACK = """
from rlve import Environment, Instance, Verdict, hookimpl
from rlve.parse import parse_int


class OffByOne(Environment):
    id = "bravo/off_by_one"
    description = "Double a number, with a wrong reference."
    difficulty_scales = "digits: 1 + d"
    size_name = "digits"
    answer_format = "an integer"

    def generate(self, difficulty, rng):
        x = rng.randrange(10 ** (1 + difficulty))
        return Instance(prompt=f"What is 2 * {x}?", answer=str(2 * x + 1), data={"x": x}, size=1 + difficulty)

    def check(self, data, answer):
        return Verdict.right() if parse_int(answer) == 2 * data["x"] else Verdict.wrong("not double")


@hookimpl
def register_environments(register):
    register(OffByOne)
"""

QUICK = ("--difficulties", "0-10", "--seeds", "2")


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    root = tmp_path_factory.mktemp("packs")
    make_pack(root, "rlve-plugin-alpha", "rlve_plugin_alpha", good_pack_body("alpha"))
    make_pack(root, "rlve-plugin-bravo", "rlve_plugin_bravo", BROKEN_PACK)
    make_pack(root, "rlve-plugin-charlie", "rlve_plugin_charlie", "raise ImportError('charlie needs numpy')\n")
    return root


def test_one_environment_passes_with_a_table_and_exit_0(packs):
    result = run_rlve(packs, "check", "alpha/double")
    assert result.returncode == 0, result.stdout + result.stderr
    header, row = result.stdout.splitlines()[:2]
    for column in ("ENVIRONMENT", "RESULT", "CHECKS", "SLOWEST GENERATION", "SLOWEST VERIFICATION"):
        assert column in header
    assert row.startswith("alpha/double") and " ok " in row and "13/13" in row
    assert "ok: 1 of 1 environments passed" in result.stdout


def test_a_pack_name_checks_the_whole_pack(packs):
    result = run_rlve(packs, "check", "alpha", *QUICK)
    assert result.returncode == 0 and "alpha/double" in result.stdout


def test_a_failure_exits_1_and_prints_the_reproducing_command(packs):
    result = run_rlve(packs, "check", "bravo/off_by_one", *QUICK)
    assert result.returncode == 1
    assert "bravo/off_by_one" in result.stdout and "FAILED" in result.stdout
    assert "the reference answer in <answer> tags is not scored as correct (reward 0.0: not double)" in result.stdout
    assert "reproduce: rlve check bravo/off_by_one --difficulties 0 --seed 0 --only reference" in result.stdout


def test_the_reproducing_command_works(packs):
    result = run_rlve(packs, "check", "bravo/off_by_one", "--difficulties", "4", "--seed", "1", "--only", "reference")
    assert result.returncode == 1
    assert "[d=4 seed=1 input" in result.stdout and "d=5" not in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["alpha/dubble"], "did you mean alpha/double"),
        (["alpah"], "did you mean alpha"),
        (["double"], "did you mean alpha/double"),
        ([], "say what to check: an environment id"),  # issue #15: not "not both" when given neither
        (["alpha", "--all"], "not both"),
        (["alpha", "--difficulties", "3-1"], "runs backwards"),
        (["alpha", "--only", "vibes"], "Invalid value for '--only'"),
    ],
)
def test_bad_usage_exits_2_and_says_why(packs, args, message):
    result = run_rlve(packs, "check", *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_all_checks_everything_and_reports_packs_that_failed_to_load(packs):
    only_these = {"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha,rlve-plugin-bravo,rlve-plugin-charlie"}
    result = run_rlve(packs, "check", "--all", "--json", *QUICK, env=only_these)
    assert result.returncode == 1
    output = json.loads(result.stdout)
    assert output["passed"] is False
    by_id = {report["env"]: report for report in output["environments"]}
    assert set(by_id) == {"alpha/double", "bravo/off_by_one"}
    assert by_id["alpha/double"]["passed"] and not by_id["bravo/off_by_one"]["passed"]
    assert any("rlve-plugin-charlie" in problem and "numpy" in problem for problem in output["plugin_problems"])


def test_json_output_carries_the_config_and_every_check(packs):
    result = run_rlve(packs, "check", "alpha/double", "--json", "--difficulties", "0-12", "--seed", "5", "--seed", "9")
    assert result.returncode == 0
    output = json.loads(result.stdout)
    assert output["config"]["difficulties"] == list(range(13))
    assert output["config"]["seeds"] == [5, 9] and output["config"]["stress_difficulties"] == []
    (report,) = output["environments"]
    assert all(check["status"] == "passed" for check in report["checks"].values())
    assert report["slowest_generation"]["seconds"] > 0


@pytest.mark.parametrize("command", [["check"], ["pack"], ["pack", "new"]])
def test_kit_commands_have_help(packs, command):
    result = run_rlve(packs, *command, "--help")
    assert result.returncode == 0 and "Usage: rlve" in result.stdout
