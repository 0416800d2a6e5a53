"""Plugin loading as users meet it: through real entry points, in a fresh process each time."""

from __future__ import annotations

import json

import pytest
from fake_packs import good_pack_body, make_pack, run_rlve


@pytest.fixture
def packs(tmp_path):
    make_pack(tmp_path, "rlve-plugin-alpha", "rlve_plugin_alpha", good_pack_body("alpha"))
    return tmp_path


def env_ids(result) -> list[str]:
    assert result.returncode == 0, result.stderr
    return [row["id"] for row in json.loads(result.stdout)]


def test_entry_point_pack_is_listed_and_usable(packs):
    assert "alpha/double" in env_ids(run_rlve(packs, "envs", "list", "--json"))
    sampled = json.loads(run_rlve(packs, "sample", "alpha/double", "--difficulty", "2", "--seed", "5", "--json").stdout)
    verdict = run_rlve(
        packs, "verify", "alpha/double", "-d", "2", "-s", "5", stdin=f"<answer>{sampled['answer']}</answer>"
    )
    assert json.loads(verdict.stdout)["correct"] is True


def test_pack_that_fails_to_import_warns_once_and_the_rest_works(packs):
    make_pack(packs, "rlve-plugin-broken", "rlve_plugin_broken", "raise ImportError('needs libfoo')\n")
    result = run_rlve(packs, "envs", "list", "--json")
    assert "alpha/double" in env_ids(result)
    assert result.stderr.count("rlve-plugin-broken") == 1
    assert "ImportError: needs libfoo" in result.stderr
    plugins = run_rlve(packs, "plugins")
    assert plugins.returncode == 0
    names = [p["name"] for p in json.loads(plugins.stdout)]
    assert "rlve-core" in names and "rlve-plugin-alpha" in names and "rlve-plugin-broken" not in names


def test_pack_registering_a_broken_environment_is_contained(packs):
    body = """
    from rlve import Environment, hookimpl

    class NoId(Environment):
        description = "missing everything"

    @hookimpl
    def register_environments(register):
        register(NoId)
        register(object)
    """
    make_pack(packs, "rlve-plugin-shoddy", "rlve_plugin_shoddy", body)
    result = run_rlve(packs, "envs", "list", "--json")
    assert "alpha/double" in env_ids(result)
    assert "rlve-plugin-shoddy" in result.stderr and "id must look like 'pack/name'" in result.stderr


def test_hook_that_raises_is_contained(packs):
    body = """
    from rlve import hookimpl

    @hookimpl
    def register_environments(register):
        raise RuntimeError("boom")
    """
    make_pack(packs, "rlve-plugin-raiser", "rlve_plugin_raiser", body)
    result = run_rlve(packs, "envs", "list", "--json")
    assert "alpha/double" in env_ids(result)
    assert "rlve-plugin-raiser" in result.stderr and "RuntimeError: boom" in result.stderr


def test_misspelled_hook_is_reported(packs):
    body = """
    from rlve import hookimpl

    @hookimpl
    def register_enviroments(register):
        pass
    """
    make_pack(packs, "rlve-plugin-typo", "rlve_plugin_typo", body)
    result = run_rlve(packs, "envs", "list", "--json")
    assert "alpha/double" in env_ids(result)
    assert "rlve-plugin-typo" in result.stderr and "register_enviroments" in result.stderr


def test_duplicate_ids_are_an_error_naming_both_distributions(packs):
    make_pack(packs, "rlve-plugin-copycat", "rlve_plugin_copycat", good_pack_body("alpha"))
    listing = run_rlve(packs, "envs", "list")
    assert "rlve-plugin-alpha" in listing.stderr and "rlve-plugin-copycat" in listing.stderr
    sampled = run_rlve(packs, "sample", "alpha/double")
    assert sampled.returncode == 2
    assert "rlve-plugin-alpha and rlve-plugin-copycat" in sampled.stderr


def test_allow_list_loads_only_named_distributions(packs):
    make_pack(packs, "rlve-plugin-beta", "rlve_plugin_beta", good_pack_body("beta"))
    both = env_ids(run_rlve(packs, "envs", "list", "--json"))
    assert {"alpha/double", "beta/double"} <= set(both)
    only_beta = env_ids(run_rlve(packs, "envs", "list", "--json", env={"RLVE_LOAD_PLUGINS": "rlve_plugin_beta"}))
    assert "beta/double" in only_beta and "alpha/double" not in only_beta
    assert env_ids(run_rlve(packs, "envs", "list", "--json", env={"RLVE_LOAD_PLUGINS": ""})) == []


def test_allow_list_skips_a_broken_pack_without_importing_it(packs):
    make_pack(packs, "rlve-plugin-broken", "rlve_plugin_broken", "raise ImportError('needs libfoo')\n")
    result = run_rlve(packs, "envs", "list", "--json", env={"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha"})
    assert env_ids(result) == ["alpha/double"]
    assert "broken" not in result.stderr


def test_strict_mode_turns_the_warning_into_an_error(packs):
    make_pack(packs, "rlve-plugin-broken", "rlve_plugin_broken", "raise ImportError('needs libfoo')\n")
    result = run_rlve(packs, "envs", "list", env={"RLVE_STRICT_PLUGINS": "1"})
    assert result.returncode == 2
    assert "rlve-plugin-broken" in result.stderr and "RLVE_STRICT_PLUGINS" in result.stderr
    assert "Traceback" not in result.stderr


def test_pack_commands_are_added_and_a_broken_command_hook_is_contained(packs):
    body = """
    import click
    from rlve import hookimpl

    @hookimpl
    def register_commands(cli):
        @cli.command("hello")
        def hello():
            click.echo("hello from a pack")
    """
    make_pack(packs, "rlve-plugin-hello", "rlve_plugin_hello", body)
    broken = """
    from rlve import hookimpl

    @hookimpl
    def register_commands(cli):
        raise ValueError("bad command")
    """
    make_pack(packs, "rlve-plugin-badcmd", "rlve_plugin_badcmd", broken)
    result = run_rlve(packs, "hello")
    assert result.returncode == 0 and result.stdout.strip() == "hello from a pack"
    assert "rlve-plugin-badcmd" in result.stderr


def test_plugins_reports_versions_and_hooks(packs):
    report = json.loads(run_rlve(packs, "plugins").stdout)
    alpha = next(p for p in report if p["name"] == "rlve-plugin-alpha")
    assert alpha["version"] == "1.0"
    assert alpha["hooks"] == ["register_environments"]
    assert alpha["environments"] == ["alpha/double"]
    core = next(p for p in report if p["name"] == "rlve-core")
    assert {"adaptive", "target", "fixed", "uniform"} <= set(core["curricula"])
