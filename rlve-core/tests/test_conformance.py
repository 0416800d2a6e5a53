"""The conformance suite: each deliberately broken environment fails exactly the check meant to catch
it, good environments pass everything, hangs and crashes are reported instead of blocking."""

from __future__ import annotations

import threading

import conformance_environments as envs
import pytest

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.testing import CHECKS, CheckConfig, EnvReport, check_environment, check_environments
from rlve.testing.config import LOAD_ALLOWANCE, parse_difficulties
from rlve.testing.render import render, summary_table
from rlve.testing.report import FAILED, PASSED, SKIPPED

#: Small but still above the thresholds of the rules (10 levels for growth and variety).
FAST = CheckConfig(
    difficulties=tuple(range(13)),
    seeds=(0, 1),
    stress_difficulties=(),
    generation_budget_s=0.15,
    stress_generation_budget_s=0.5,
    verify_budget_s=0.1,
    step_timeout_s=2.0,
)


@pytest.fixture(scope="module")
def reports() -> dict[type, EnvReport]:
    classes = [envs.GoodSum, envs.GoodPair, envs.PartialCredit, *envs.BROKEN]
    return dict(zip(classes, check_environments(classes, FAST)))


def failed_checks(report: EnvReport) -> set[str]:
    return {name for name, result in report.checks.items() if result.status == FAILED or result.failed_cases}


def messages(report: EnvReport, check: str) -> str:
    return "\n".join(f.message for f in report.checks[check].failures)


@pytest.mark.parametrize("good", [envs.GoodSum, envs.GoodPair])
def test_good_environments_pass_every_check(reports, good):
    report = reports[good]
    assert report.passed, render([report], 0)
    assert {r.status for r in report.checks.values()} == {PASSED}
    assert all(result.cases > 0 for result in report.checks.values())
    assert report.isolated and not report.warnings
    assert report.slowest_generation is not None and report.slowest_verification is not None


@pytest.mark.parametrize("broken", list(envs.BROKEN), ids=lambda cls: cls.__name__)
def test_each_broken_environment_fails_exactly_the_checks_that_catch_it(reports, broken):
    report = reports[broken]
    assert not report.passed
    assert failed_checks(report) == envs.BROKEN[broken], render([report], 0)


def test_failures_say_where_and_how_to_reproduce(reports):
    crash = reports[envs.CrashingGenerate].checks["generation"].failures[0]
    assert (crash.difficulty, crash.seed) == (7, 0)
    assert "IndexError: off the end of a table" in crash.message and "conformance_environments.py" in crash.message
    assert crash.reproduce == "rlve sample kit/crashing_generate --difficulty 7 --seed 0 --json"
    wrong = reports[envs.WrongReference].checks["reference"].failures[0]
    assert wrong.input is not None and "is not the sum" in wrong.message
    assert (
        wrong.reproduce
        == f"rlve check kit/wrong_reference --difficulties {wrong.difficulty} --seed {wrong.seed} --only reference"
    )
    slow = reports[envs.SlowGenerate].checks["generation_time"].failures
    assert {f.difficulty for f in slow} == {12} and "over the 0.15 s budget of CPU time" in slow[0].message
    assert "of CPU time (" in slow[0].message and " wall)" in slow[0].message  # both times, to tell load from cost


def test_each_failure_message_names_the_cause(reports):
    assert "global random module" in messages(reports[envs.GlobalRandom], "determinism")
    assert "different problem the second time" in messages(reports[envs.UnseededRandom], "determinism")
    assert "PYTHONHASHSEED" in messages(reports[envs.HashOrder], "fresh_process")
    assert "give the same problem" in messages(reports[envs.SameProblem], "seed_variety")
    assert "size falls" in messages(reports[envs.ShrinkingSize], "size_growth")
    assert "does not grow" in messages(reports[envs.ConstantSize], "size_growth")
    plateau = reports[envs.PlateauSize].checks["size_growth"].failures
    assert [f.difficulty for f in plateau] == [7, 8, 9, 10]
    assert "size stays at 8 from d=6 to d=7" in plateau[0].message and "must grow at every level" in plateau[0].message
    assert "depends on the seed" in messages(reports[envs.SeedDependentSize], "size_growth")
    assert "do not write your own" in messages(reports[envs.OwnTagInstruction], "prompt_format")
    assert "standard answer sentence" in messages(reports[envs.MissingFormat], "prompt_format")
    assert "without NaN or inf" in messages(reports[envs.NanData], "generation")
    assert "JSON-serialisable" in messages(reports[envs.SetData], "generation")
    assert "pack/name" in messages(reports[envs.BadMetadata], "metadata")
    assert "d=1" in messages(reports[envs.WrongProblem], "generation")
    crash = messages(reports[envs.CrashesOnHostile], "hostile_answers")
    assert "ValueError" in crash and "only rlve.ParseError may escape" in crash
    accents = messages(reports[envs.CrashesOnAccents], "hostile_answers")
    assert "KeyError" in accents and "non-ASCII letter" in accents
    lenient = reports[envs.Lenient].checks["hostile_answers"].failures
    assert any(" or " in (f.input or "") and "scored as correct" in f.message for f in lenient)
    assert "answers meant for other problems" in messages(reports[envs.AcceptsAnything], "discrimination")
    assert "returned bool, not a Verdict" in messages(reports[envs.ReturnsBool], "hostile_answers")
    assert "over the 0.1 s budget" in messages(reports[envs.SlowCheck], "verification_time")
    assert "was executed" in messages(reports[envs.ExecutesAnswer], "hostile_answers")


def test_partial_credit_for_hostile_answers_is_a_warning_not_a_failure(reports):
    report = reports[envs.PartialCredit]
    assert report.passed
    assert any("partial credit" in warning for warning in report.warnings)


def test_hangs_and_exits_are_reported_with_the_step_and_do_not_block():
    outcome: list[list[EnvReport]] = []
    classes = [envs.HangsInCheck, envs.HangsInC, envs.ExitsInCheck]
    runner = threading.Thread(target=lambda: outcome.append(check_environments(classes, FAST)), daemon=True)
    runner.start()
    # A bounded wait for the event "the run ended", not a speed limit: with a working watchdog this takes a
    # few step timeouts (3 s each here), even on a loaded machine; without one, 9**9**9 and the Python loop
    # would block for minutes or forever. 40 step timeouts is far beyond any load, and still ends the test.
    runner.join(timeout=40 * FAST.step_timeout(untrusted=False))
    assert outcome, "check_environments blocked on a hung environment"
    hung_python, hung_c, exits = outcome[0]
    timeout = f"no progress for {FAST.step_timeout(untrusted=False):g} s"
    (python_failure,) = hung_python.checks["hostile_answers"].failures
    assert timeout in python_failure.message and "'reference + punctuation'" in python_failure.message
    (c_failure,) = hung_c.checks["hostile_answers"].failures
    assert "no progress" in c_failure.message and "9**9**9" in c_failure.message
    (exit_failure,) = exits.checks["hostile_answers"].failures
    assert "ended early (exit code 0)" in exit_failure.message and "'question mark'" in exit_failure.message
    for report in (hung_python, hung_c, exits):
        assert not report.passed
        # what ran before the hang is kept
        assert report.checks["reference"].status == PASSED and report.checks["generation"].cases > 0


def test_untrusted_code_environments_get_the_larger_verification_budget():
    config = FAST.with_overrides(verify_budget_s=0.005, untrusted_verify_budget_s=1.0)
    (report,) = check_environments([envs.UntrustedSlowCheck], config)
    assert report.passed, render([report], 0)
    # Each verification waits for a child that burns 20 ms of CPU time: the child's CPU time is counted.
    assert report.slowest_verification is not None and report.slowest_verification.seconds >= 0.02


def test_a_class_another_process_cannot_import_is_checked_here_without_fresh_process():
    class LocalSum(envs.GoodSum):
        id = "kit/local_sum"

    (report,) = check_environments([LocalSum], FAST)
    assert report.passed and not report.isolated
    assert report.checks["fresh_process"].status == SKIPPED
    assert "inside a function" in report.checks["fresh_process"].note
    assert any("checked in this process" in warning for warning in report.warnings)


def test_without_isolation_fresh_process_still_runs_in_one_extra_process():
    config = FAST.with_overrides(isolate=False)
    good, hash_order = check_environments([envs.GoodSum, envs.HashOrder], config)
    assert good.passed and good.checks["fresh_process"].status == PASSED
    assert failed_checks(hash_order) == {"fresh_process"}


def test_only_runs_the_named_checks_plus_generation_and_timing():
    report = check_environment(envs.WrongReference, FAST.with_overrides(only=("hostile_answers",)))
    ran = {name for name, result in report.checks.items() if result.status != "not run"}
    assert ran == {"metadata", "generation", "generation_time", "verification_time", "hostile_answers"}
    assert report.passed  # the wrong reference is not looked at


def test_a_checker_whose_instantiation_fails_reports_it_and_runs_nothing_else():
    class Unbuildable(envs.GoodSum):
        id = "kit/unbuildable"

        def __init__(self):
            raise RuntimeError("needs a config file")

    report = check_environment(Unbuildable, FAST)
    assert failed_checks(report) == {"metadata"} and "needs a config file" in messages(report, "metadata")
    assert report.checks["reference"].status == "not run"


def test_size_must_grow_at_every_sampled_level_up_to_30_and_only_not_fall_beyond():
    class PlateauPast30(envs.GoodSum):
        """2 + d up to d=30, then flat until d=40, then growing again: allowed, since it never falls."""

        id = "kit/plateau_past_30"

        def generate(self, difficulty, rng):
            instance = super().generate(difficulty, rng)
            size = 2 + min(difficulty, 30) + max(0, difficulty - 40)
            return Instance(instance.prompt, instance.answer, instance.data, size=size)

    only_sizes = FAST.with_overrides(only=("size_growth",), seeds=(0,))
    wide = only_sizes.with_overrides(difficulties=tuple(range(25, 36)), stress_difficulties=(100,))
    report = check_environment(PlateauPast30, wide)
    assert report.checks["size_growth"].status == PASSED, render([report], 0)
    # sampled levels need not be consecutive: the plateau fails where it shows, and 7 -> 40 is fine
    edge = check_environment(envs.PlateauSize, only_sizes.with_overrides(difficulties=(0, 5, 6, 7, 40)))
    assert [f.difficulty for f in edge.checks["size_growth"].failures] == [7]
    # a plateau that is never sampled cannot be seen: the check compares only the levels it generates
    sparse = check_environment(envs.PlateauSize, only_sizes.with_overrides(difficulties=(0, 6, 11, 12)))
    assert sparse.checks["size_growth"].status == PASSED, render([sparse], 0)


def test_reports_round_trip_through_json_and_render(reports):
    report = reports[envs.WrongReference]
    assert EnvReport.from_dict(report.to_dict()) == report
    table = summary_table(list(reports.values()))
    assert "kit/good_sum" in table and "FAILED" in table and "SLOWEST VERIFICATION" in table
    text = render([report], 1.0)
    assert "reproduce: rlve check kit/wrong_reference" in text and "0 of 1 environments passed" in text


def test_every_check_has_a_test_in_the_pytest_base_class():
    from rlve.testing import EnvironmentConformance

    assert {name for name in dir(EnvironmentConformance) if name.startswith("test_")} == {f"test_{c}" for c in CHECKS}


def test_difficulty_ranges_and_config_round_trip():
    assert parse_difficulties("0-3,7, 10-11") == (0, 1, 2, 3, 7, 10, 11)
    assert parse_difficulties("100") == (100,)
    for bad in ("", "a", "5-2", "-1", "0-9999999"):
        with pytest.raises(ValueError):
            parse_difficulties(bad)
    assert CheckConfig.from_dict(FAST.to_dict()) == FAST
    with pytest.raises(ValueError):
        CheckConfig(seeds=())
    # The hang watchdog (wall clock) stays far above what a CPU budget can take on a loaded machine.
    assert FAST.step_timeout(untrusted=True) >= LOAD_ALLOWANCE * FAST.untrusted_verify_budget_s
    assert CheckConfig().step_timeout(untrusted=False) >= LOAD_ALLOWANCE * CheckConfig().stress_generation_budget_s


class _Echo(Environment):
    """Defined here to show the plain-function API on a class that is not in a module of its own."""

    id = "kit/echo"
    description = "Repeat a number."
    difficulty_scales = "digits: 1 + d"
    size_name = "digits"
    answer_format = "an integer"

    def generate(self, difficulty, rng):
        x = rng.randrange(10**difficulty, 10 ** (difficulty + 1))
        return Instance(prompt=f"Write the number {x}.", answer=str(x), data={"x": x}, size=difficulty + 1)

    def check(self, data, answer):
        return (
            Verdict.right() if parse_int(answer, max_digits=len(str(data["x"]))) == data["x"] else Verdict.wrong("no")
        )


def test_check_environment_is_a_plain_function():
    report = check_environment(_Echo, FAST)
    assert report.passed, render([report], 0)
    assert report.checks["fresh_process"].status == "not run"  # needs another process: check_environments
