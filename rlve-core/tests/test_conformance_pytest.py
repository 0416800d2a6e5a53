"""The suite through pytest: a pack's one-class test file, the --rlve-* options, and a plugin that
costs nothing in test runs that do not use it."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from fake_packs import good_pack_body, make_pack

HERE = Path(__file__).parent

TEST_FILE = """
from rlve.testing import CheckConfig, EnvironmentConformance
from conformance_environments import GoodSum, WrongReference


class TestKit(EnvironmentConformance):
    environments = [GoodSum, WrongReference]
    config = CheckConfig(difficulties=tuple(range(11)), seeds=(0, 1), stress_difficulties=())
"""


def run_pytest(folder: Path, *args: str, pythonpath: list[Path] = ()) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("RLVE_", "PYTEST_"))}
    environ["PYTHONPATH"] = os.pathsep.join(str(p) for p in [HERE, *pythonpath])
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rfs", *args, str(folder)],
        capture_output=True,
        text=True,
        env=environ,
        cwd=folder,
        timeout=300,
    )


def write_tests(folder: Path, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "test_kit.py").write_text(textwrap.dedent(body))
    return folder


def test_one_class_runs_every_check_per_environment_and_shows_failures(tmp_path):
    result = run_pytest(write_tests(tmp_path / "suite", TEST_FILE))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed, 25 passed" in result.stdout
    assert "FAILED test_kit.py::TestKit::test_reference[kit/wrong_reference]" in result.stdout
    assert "reproduce: rlve check kit/wrong_reference --difficulties 0 --seed 0 --only reference" in result.stdout


def test_options_narrow_the_run_and_bad_ones_are_usage_errors(tmp_path):
    folder = write_tests(tmp_path / "suite", TEST_FILE)
    result = run_pytest(
        folder, "--rlve-seeds", "1", "--rlve-difficulties", "0-10", "--rlve-jobs", "1", "-k", "good_sum"
    )
    assert result.returncode == 0 and "13 passed" in result.stdout, result.stdout + result.stderr
    bad = run_pytest(folder, "--rlve-difficulties", "zero")
    assert bad.returncode == 4 and "--rlve-difficulties" in bad.stderr


def test_no_isolate_option_checks_in_the_pytest_process(tmp_path):
    result = run_pytest(write_tests(tmp_path / "suite", TEST_FILE), "--rlve-no-isolate", "-k", "good_sum")
    assert result.returncode == 0 and "13 passed" in result.stdout, result.stdout + result.stderr


def test_pack_mode_checks_what_the_installed_pack_registers(tmp_path):
    packs = tmp_path / "packs"
    packs.mkdir()
    make_pack(packs, "rlve-plugin-alpha", "rlve_plugin_alpha", good_pack_body("alpha"))
    body = """
    from rlve.testing import EnvironmentConformance


    class TestAlpha(EnvironmentConformance):
        pack = "alpha"
    """
    result = run_pytest(write_tests(tmp_path / "suite", body), "--rlve-difficulties", "0-10", pythonpath=[packs])
    assert result.returncode == 0 and "13 passed" in result.stdout, result.stdout + result.stderr
    missing = run_pytest(write_tests(tmp_path / "other", body.replace('"alpha"', '"zulu"')), pythonpath=[packs])
    assert missing.returncode != 0 and "matches no installed environment" in missing.stdout


def test_a_class_without_environments_says_what_to_set(tmp_path):
    body = """
    from rlve.testing import EnvironmentConformance


    class TestNothing(EnvironmentConformance):
        pass
    """
    result = run_pytest(write_tests(tmp_path / "suite", body))
    assert result.returncode != 0 and "set `pack" in result.stdout


def test_the_plugin_is_declared_and_imports_nothing_of_the_suite():
    plugins = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="pytest11")}
    assert plugins.get("rlve") == "rlve.testing.pytest_plugin"
    probe = (
        "import sys, rlve.testing.pytest_plugin; print(sorted(m for m in sys.modules if m.startswith('rlve.testing')))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "['rlve.testing', 'rlve.testing.pytest_plugin']"


@pytest.mark.parametrize("name", ["EnvironmentConformance", "check_environments", "CheckConfig", "CHECKS"])
def test_the_public_names_load_lazily(name):
    import rlve.testing

    assert getattr(rlve.testing, name) is not None
    with pytest.raises(AttributeError):
        rlve.testing.no_such_thing  # noqa: B018
