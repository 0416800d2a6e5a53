"""The command line as scripts use it: exit codes, JSON output, and error messages that say what to do."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fake_packs import GOOD_ENV, good_pack_body, make_pack, run_rlve


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    root = tmp_path_factory.mktemp("packs")
    make_pack(root, "rlve-plugin-alpha", "rlve_plugin_alpha", good_pack_body("alpha"))
    return root


@pytest.mark.parametrize(
    "command",
    [[], ["plugins"], ["packs"], ["packs", "search"], ["envs"], ["envs", "list"], ["envs", "show"]]
    + [["sample"], ["verify"], ["tour"], ["install"], ["uninstall"]],
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


def test_sample_makes_a_saved_problem_again(packs, tmp_path):
    saved = tmp_path / "problem.json"
    saved.write_text(run_rlve(packs, "sample", "alpha/double", "-d", "4", "-s", "9", "--json").stdout)
    again = run_rlve(packs, "sample", "--problem", str(saved), "--json")
    assert again.returncode == 0 and json.loads(again.stdout) == json.loads(saved.read_text())
    assert again.stderr == ""
    named = run_rlve(packs, "sample", "alpha/double", "--problem", str(saved))
    assert named.returncode == 0 and named.stdout.strip() == json.loads(saved.read_text())["prompt"].strip()


def saved_by_another_version(packs, tmp_path):
    """A problem alpha/double version 1 made, saved with ``env_version`` 3: what an older or newer
    release of the pack would have written."""
    problem = json.loads(run_rlve(packs, "sample", "alpha/double", "-d", "4", "-s", "9", "--json").stdout)
    assert problem["env_version"] == 1
    problem["env_version"] = 3
    saved = tmp_path / "v3.json"
    saved.write_text(json.dumps(problem))
    return saved, problem


@pytest.mark.parametrize("command", ["sample", "verify"])
def test_a_saved_problem_of_another_version_is_refused_in_one_line(packs, tmp_path, command):
    saved, problem = saved_by_another_version(packs, tmp_path)
    result = run_rlve(packs, command, "--problem", str(saved), stdin=f"<answer>{problem['answer']}</answer>")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for fragment in (
        str(saved),
        "alpha/double version 3",
        "version 1 is installed",
        "rlve-plugin-alpha",
        "rlve sample alpha/double -d 4 -s 9 --json",
    ):
        assert fragment in lines[0], lines[0]


def test_problem_of_another_environment_or_none_at_all(packs, tmp_path):
    saved = tmp_path / "problem.json"
    saved.write_text(run_rlve(packs, "sample", "alpha/double", "-d", "1", "-s", "2", "--json").stdout)
    other = run_rlve(packs, "verify", "alpha/triple", "--problem", str(saved), stdin="<answer>1</answer>")
    assert other.returncode == 2 and "is a problem of alpha/double, not of alpha/triple" in other.stderr
    for command in ("sample", "verify"):
        neither = run_rlve(packs, command)
        assert neither.returncode == 2 and "give an ENV_ID, or --problem FILE" in neither.stderr


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


ONLY_ALPHA = {"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha"}


def test_tour_samples_and_verifies_everything(packs):
    result = run_rlve(packs, "tour", env=ONLY_ALPHA)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "alpha/double" in result.stdout
    assert "1 environment from 1 pack; 0 failures." in result.stdout  # issue #15: not "from 1 packs"


TOUR_PACK = (
    GOOD_ENV.format(pack="tourpack")
    + """

class LongName(Double):
    id = "tourpack/an_environment_whose_id_is_far_longer_than_any_fixed_column"


class BrokenReference(Double):
    id = "tourpack/broken_reference"

    def check(self, data, answer):
        return Verdict.wrong("this checker rejects everything on purpose")


class AcceptsAnything(Double):
    id = "tourpack/accepts_anything"

    def check(self, data, answer):
        return Verdict.right()


@hookimpl
def register_environments(register):
    for cls in (Double, LongName, BrokenReference, AcceptsAnything):
        register(cls)
"""
)


@pytest.fixture(scope="module")
def tour_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("tourpack")
    make_pack(root, "rlve-plugin-tourpack", "rlve_plugin_tourpack", TOUR_PACK)
    return run_rlve(root, "tour", env={"RLVE_LOAD_PLUGINS": "rlve-plugin-tourpack"})


def test_tour_columns_line_up_whatever_the_length_of_the_ids(tour_run):
    lines = tour_run.stdout.splitlines()
    header = next(line for line in lines if line.startswith("ENVIRONMENT"))
    rows = [line for line in lines if line.startswith("tourpack/")]
    assert len(rows) == 4
    columns = [header.index(title) for title in ("REFERENCE", "WRONG", "SIZES")]
    for row in rows:
        env_id = row.split()[0]
        assert len(env_id) < columns[0] and row[len(env_id) : columns[0]].strip() == "", row  # the id fits
        for start in columns:
            assert row[start] != " " and row[start - 1] == " ", (row, start)  # each cell starts under its title
        numbers = header.index("ms/problem") + len("ms/problem")
        assert row[numbers - 1] != " " and row[numbers] == " ", row  # the time is right-aligned under its title


def test_tour_prints_the_reason_of_every_failure(tour_run):
    assert tour_run.returncode == 1
    out = tour_run.stdout
    broken = out.index("\ntourpack/broken_reference ") + 1  # its row, not the sampled problem above the table
    reasons = out[broken:].splitlines()[1:4]  # one indented line per failing level, right under the row
    assert [line.split(":")[0].strip() for line in reasons] == ["d=0", "d=5", "d=20"]
    assert all("rejects everything on purpose" in line and "reference answer" in line for line in reasons)
    accepting = out[out.index("\ntourpack/accepts_anything ") + 1 :].splitlines()[1]
    assert "'certainly not the answer' was accepted" in accepting
    assert "4 environments from 1 pack; 6 failures." in out


def test_commands_of_the_trainer_say_which_package_adds_them(packs):
    """Issue #15: `rlve train` without the trainer said `No such command 'train'`, as if it were a typo."""
    import importlib.metadata

    try:
        importlib.metadata.version("rlve-trainer")
        trainer_installed = True
    except importlib.metadata.PackageNotFoundError:
        trainer_installed = False
    for command in (["train"], ["train", "--demo"], ["history", "runs"], ["ablate"]):
        result = run_rlve(packs, *command, env=ONLY_ALPHA)  # the trainer, installed or not, is not loaded
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert f"'rlve {command[0]}' is added by rlve-trainer" in result.stderr
        assert "No such command" not in result.stderr and "Traceback" not in result.stderr
        if trainer_installed:
            assert "installed but not loaded: RLVE_LOAD_PLUGINS does not name it" in result.stderr
        else:
            assert "pip install rlve-trainer" in result.stderr and "pip install ./rlve-trainer" in result.stderr


def test_a_missing_trainer_is_named_with_how_to_install_it(monkeypatch):
    """Where rlve-trainer is not installed at all (faked here: this venv may have it), the line says how to get it."""
    from click.testing import CliRunner

    from rlve.cli import RlveGroup, missing

    monkeypatch.setattr(missing, "installed_version", lambda distribution: None)
    group = RlveGroup(name="rlve")
    result = CliRunner().invoke(group, ["train", "--demo"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "Error: 'rlve train' is added by the rlve-trainer package, which is not installed: pip install rlve-trainer "
        "(from a clone of the rlve repository: pip install ./rlve-trainer)"
    )
    unknown = CliRunner().invoke(group, ["frobnicate"])
    assert unknown.exit_code == 2 and "No such command 'frobnicate'" in unknown.output


def test_check_without_targets_says_what_to_give(packs):
    result = run_rlve(packs, "check", env=ONLY_ALPHA)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not both" not in result.stderr  # issue #15: the user gave neither
    assert "say what to check: an environment id" in result.stderr
    for what in ("a pack", "a glob", "--all"):
        assert what in result.stderr
    both = run_rlve(packs, "check", "alpha", "--all", env=ONLY_ALPHA)
    assert both.returncode == 2 and "give names (alpha) or --all, not both" in both.stderr


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


def test_envs_list_markdown_is_the_table_a_readme_holds(packs):
    result = run_rlve(packs, "envs", "list", "--markdown", "alpha", env=ONLY_ALPHA)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "| id | version | the task | what grows with d |\n"
        "| --- | --- | --- | --- |\n"
        "| `alpha/double` | 1 | Double a number. | digits: 1 + d |\n"
    )
    assert run_rlve(packs, "envs", "list", "--markdown", "alpha/*", env=ONLY_ALPHA).stdout == result.stdout
    unknown = run_rlve(packs, "envs", "list", "--markdown", "nosuchpack")
    assert unknown.returncode == 2 and "matches no installed environment" in unknown.stderr
    both = run_rlve(packs, "envs", "list", "--markdown", "--json")
    assert both.returncode == 2 and "give --json or --markdown, not both" in both.stderr


def test_markdown_cells_escape_pipes_and_stay_on_one_line():
    from rlve.cli.envs import markdown_table

    class Piped:
        id = "kit/piped"
        version = 3
        description = "Evaluate a | b\nand  more."
        difficulty_scales = "operators: & | ^ from d=9"

    lines = markdown_table([Piped]).splitlines()
    assert lines[2] == r"| `kit/piped` | 3 | Evaluate a \| b and more. | operators: & \| ^ from d=9 |"
    assert len(lines) == 3


def test_envs_list_of_an_unknown_pack_is_an_error_with_the_close_names(packs):
    result = run_rlve(packs, "envs", "list", "--pack", "alph")
    assert result.returncode == 2
    assert "no installed pack is named 'alph'; did you mean alpha" in result.stderr
    assert "installed packs: alpha" in result.stderr and "Traceback" not in result.stderr
    assert run_rlve(packs, "envs", "list", "--pack", "alpha").returncode == 0
