"""Plugin loading as users meet it: through real entry points, in a fresh process each time."""

from __future__ import annotations

import json
import re

import pytest
from fake_packs import GOOD_ENV, good_pack_body, make_pack, run_python, run_rlve


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
    report = {p["name"]: p for p in json.loads(plugins.stdout)}
    assert report["rlve-plugin-alpha"]["status"] == "loaded" and report["rlve-core"]["errors"] == []
    broken = report["rlve-plugin-broken"]  # the JSON tells the whole story: what failed, and why
    assert broken["status"] == "failed" and broken["environments"] == []
    assert broken["errors"] == ["failed to import entry point 'rlve_plugin_broken': ImportError: needs libfoo"]


def test_checking_a_pack_that_failed_to_load_names_the_failure(packs):
    make_pack(packs, "rlve-plugin-broken", "rlve_plugin_broken", "raise ImportError('needs libfoo')\n")
    result = run_rlve(packs, "check", "broken")
    assert result.returncode == 2
    assert "pack 'broken' (rlve-plugin-broken) is installed but failed to load" in result.stderr
    assert "ImportError: needs libfoo" in result.stderr and "Traceback" not in result.stderr


def test_a_hook_function_without_hookimpl_is_warned_about_by_name(packs):
    body = good_pack_body("gamma").replace("@hookimpl\n", "")
    make_pack(packs, "rlve-plugin-gamma", "rlve_plugin_gamma", body)
    result = run_rlve(packs, "envs", "list", "--json")
    assert "alpha/double" in env_ids(result) and "gamma/double" not in env_ids(result)
    assert (
        "rlve_plugin_gamma.register_environments has no @hookimpl, so rlve never calls it: decorate it with "
        "@hookimpl" in result.stderr
    )
    gamma = next(p for p in json.loads(run_rlve(packs, "plugins").stdout) if p["name"] == "rlve-plugin-gamma")
    assert gamma["status"] == "loaded" and "has no @hookimpl" in gamma["errors"][0]
    strict = run_rlve(packs, "envs", "list", env={"RLVE_STRICT_PLUGINS": "1"})
    assert strict.returncode == 2 and "has no @hookimpl" in strict.stderr


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
    checked = run_rlve(packs, "check", "alpha/double")  # names the conflict, does not suggest other ids
    assert checked.returncode == 2
    assert "Error: environment 'alpha/double' is registered by more than one distribution" in checked.stderr
    assert "did you mean" not in checked.stderr


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


# -- RLVE_TRACE_PLUGINS: every hook call on stderr (datasette's DATASETTE_TRACE_PLUGINS) ----------------------

TRACE_LINE = re.compile(r"^rlve: trace: (?P<who>[^:]+): (?P<call>.+): (?P<outcome>.+ ms)$")


def trace_lines(stderr: str) -> list[dict[str, str]]:
    return [match.groupdict() for line in stderr.splitlines() if (match := TRACE_LINE.match(line))]


def test_trace_prints_every_hook_call_with_distribution_arguments_and_duration(packs):
    body = """
    from rlve import hookimpl

    @hookimpl
    def register_environments(register):
        raise RuntimeError("boom")
    """
    make_pack(packs, "rlve-plugin-raiser", "rlve_plugin_raiser", body)
    env = {"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha,rlve-plugin-raiser", "RLVE_TRACE_PLUGINS": "1"}
    result = run_rlve(packs, "envs", "list", "--json", env=env)
    assert env_ids(result) == ["alpha/double"]  # stdout stays clean: the trace goes to stderr
    lines = trace_lines(result.stderr)
    calls = {(line["who"], line["call"]) for line in lines}
    assert ("rlve-plugin-alpha", "import rlve_plugin_alpha") in calls
    assert ("rlve-plugin-alpha", "register_environments(register=<function register>)") in calls
    assert ("rlve-core", "register_curricula(register=<function register>)") in calls
    assert ("rlve-core", "register_commands(cli=<RlveGroup cli>)") in calls
    assert all(re.fullmatch(r"(raised \w+ after )?\d+\.\d\d ms", line["outcome"]) for line in lines), lines
    raised = [line for line in lines if line["who"] == "rlve-plugin-raiser" and line["call"].startswith("register_env")]
    assert len(raised) == 1 and raised[0]["outcome"].startswith("raised RuntimeError after ")
    assert "RuntimeError: boom" in result.stderr  # the usual warning still comes


def test_trace_covers_direct_calls_through_the_manager_and_is_off_by_default(packs):
    script = (
        "from rlve import plugins\n"
        "found = []\n"
        "plugins.load().manager.hook.register_environments(register=found.append)\n"
        "print(found[0].id)\n"
    )
    env = {"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha", "RLVE_TRACE_PLUGINS": "1"}
    traced = run_python(packs, script, env=env)
    assert traced.returncode == 0 and traced.stdout.strip() == "alpha/double", traced.stderr
    calls = [(line["who"], line["call"]) for line in trace_lines(traced.stderr)]
    assert calls.count(("rlve-plugin-alpha", "register_environments(register=<function register>)")) == 1  # load()
    assert calls.count(("rlve-plugin-alpha", "register_environments(register=<function append>)")) == 1  # the script

    quiet = run_rlve(packs, "envs", "list", "--json", env={"RLVE_TRACE_PLUGINS": "0"})
    assert "alpha/double" in env_ids(quiet) and "rlve: trace:" not in quiet.stderr
    odd = run_rlve(packs, "envs", "list", "--json", env={"RLVE_TRACE_PLUGINS": "loud"})
    assert "rlve: trace:" not in odd.stderr
    assert "RLVE_TRACE_PLUGINS='loud' is not understood, so it is off: use 1 to turn it on" in odd.stderr


# -- RLVE_BLOCK_PLUGINS: pytest's -p no:NAME -------------------------------------------------------------------


def test_blocked_distributions_are_not_loaded_even_when_allowed(packs):
    make_pack(packs, "rlve-plugin-beta", "rlve_plugin_beta", good_pack_body("beta"))
    blocked = run_rlve(packs, "envs", "list", "--json", env={"RLVE_BLOCK_PLUGINS": " Rlve_Plugin.Beta "})
    listed = env_ids(blocked)
    assert "alpha/double" in listed and "beta/double" not in listed
    assert "RLVE_BLOCK_PLUGINS" not in blocked.stderr
    both = {"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha,rlve-plugin-beta", "RLVE_BLOCK_PLUGINS": "rlve-plugin-beta"}
    assert env_ids(run_rlve(packs, "envs", "list", "--json", env=both)) == ["alpha/double"]  # block wins


def test_a_blocked_pack_is_never_imported_and_plugins_shows_it_as_blocked(packs):
    make_pack(packs, "rlve-plugin-broken", "rlve_plugin_broken", "raise ImportError('needs libfoo')\n")
    env = {"RLVE_BLOCK_PLUGINS": "rlve-plugin-broken,rlve-plugin-alpha", "RLVE_STRICT_PLUGINS": "1"}
    result = run_rlve(packs, "plugins", env=env)
    assert result.returncode == 0, result.stderr
    report = {p["name"]: p for p in json.loads(result.stdout)}
    assert report["rlve-plugin-broken"]["status"] == "blocked" and report["rlve-plugin-alpha"]["status"] == "blocked"
    assert report["rlve-plugin-alpha"]["version"] == "1.0" and report["rlve-plugin-alpha"]["environments"] == []
    assert report["rlve-core"]["status"] == "loaded"
    assert "libfoo" not in result.stderr


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("rlve-plugin-alpah", "did you mean rlve-plugin-alpha?"),
        ("alpha", "did you mean rlve-plugin-alpha?"),
        ("rlve-plugin-zzzzzz", "installed rlve plugins: "),
    ],
)
def test_a_blocked_name_that_matches_no_installed_pack_is_warned_about(packs, name, hint):
    result = run_rlve(packs, "envs", "list", "--json", env={"RLVE_BLOCK_PLUGINS": name})
    assert "alpha/double" in env_ids(result)
    warnings = [line for line in result.stderr.splitlines() if "RLVE_BLOCK_PLUGINS" in line]
    assert len(warnings) == 1, result.stderr
    expected = f"rlve: warning: RLVE_BLOCK_PLUGINS names {name!r}, which is not an installed rlve plugin; {hint}"
    assert warnings[0].startswith(expected) and "rlve-plugin-alpha" in warnings[0]
    strict = run_rlve(packs, "envs", "list", env={"RLVE_BLOCK_PLUGINS": name, "RLVE_STRICT_PLUGINS": "1"})
    assert strict.returncode == 2 and "Traceback" not in strict.stderr
    assert len(strict.stderr.strip().splitlines()) == 1 and "RLVE_STRICT_PLUGINS is set" in strict.stderr


def test_rlve_core_cannot_be_blocked(packs):
    result = run_rlve(packs, "plugins", env={"RLVE_BLOCK_PLUGINS": "rlve_core"})
    assert result.returncode == 0
    assert "rlve-core" in [p["name"] for p in json.loads(result.stdout)]
    assert "RLVE_BLOCK_PLUGINS names rlve-core, whose built-in commands and curricula cannot be blocked" in (
        result.stderr
    )


def test_a_command_of_a_blocked_distribution_says_it_is_blocked(monkeypatch):
    from click.testing import CliRunner

    from rlve.cli import RlveGroup, missing

    monkeypatch.setattr(missing, "installed_version", lambda distribution: "0.1.0")
    monkeypatch.setenv("RLVE_BLOCK_PLUGINS", "rlve_trainer")
    result = CliRunner().invoke(RlveGroup(name="rlve"), ["train", "--demo"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "Error: 'rlve train' is added by rlve-trainer, which is installed but not loaded: RLVE_BLOCK_PLUGINS names "
        "it (remove rlve-trainer from it, or unset it)"
    )



def test_register_takes_several_environments_at_once_and_keeps_the_good_ones(tmp_path):
    """Packs register with `register(*ENVIRONMENTS)`; one unusable class in the call must not cost the others."""
    body = GOOD_ENV.format(pack="several") + (
        "\n\nclass Broken:\n    id = 'several/broken'\n\n"
        "class Triple(Double):\n    id = 'several/triple'\n\n"
        "@hookimpl\ndef register_environments(register):\n    register(Double, Broken, Triple)\n"
    )
    make_pack(tmp_path, "rlve-plugin-several", "rlve_plugin_several", body)
    result = run_rlve(tmp_path, "envs", "list", "--json", env={"RLVE_LOAD_PLUGINS": "rlve-plugin-several"})
    assert result.returncode == 0, result.stderr
    assert {row["id"] for row in json.loads(result.stdout)} == {"several/double", "several/triple"}
    assert "rlve-plugin-several" in result.stderr and "unusable" in result.stderr


def test_strict_mode_reports_an_unusable_environment_once_without_nesting(packs):
    bad = "\n\nclass Bad(Double):\n    id = 'bad id'\n"
    hook = "\n\n@hookimpl\ndef register_environments(register):\n    register(Bad)\n"
    body = GOOD_ENV.format(pack="eps") + bad + hook
    make_pack(packs, "rlve-plugin-eps", "rlve_plugin_eps", body)
    result = run_rlve(packs, "envs", "list", env={"RLVE_STRICT_PLUGINS": "1"})
    assert result.returncode == 2
    assert result.stderr.count("RLVE_STRICT_PLUGINS is set") == 1
    assert result.stderr.count("plugin 'rlve-plugin-eps'") == 1 and "PluginLoadError" not in result.stderr
    assert "must look like 'pack/name'" in result.stderr
