"""Every hook is documented with its full signature and exercised by a test (datasette's habit).

docs/hooks.md must carry, for each hookspec in ``rlve.hookspecs``, the signature exactly as ``inspect.signature``
renders it (annotations unquoted) and the first line of its docstring; HOOK_TESTS names a test per hook.
"""

from __future__ import annotations

import ast
import inspect
import json
import textwrap
from pathlib import Path

import pluggy
import pytest
from fake_packs import GOOD_ENV, good_pack_body, make_pack, run_python, run_rlve

from rlve import hookspecs

HOOKS_DOC = Path(__file__).resolve().parents[2] / "docs" / "hooks.md"
TESTS = Path(__file__).resolve().parent

#: hook name -> the test (file in rlve-core/tests :: function) that calls it through a real entry-point pack.
HOOK_TESTS = {
    "register_environments": "test_plugins.py::test_entry_point_pack_is_listed_and_usable",
    "register_curricula": "test_hooks.py::test_register_curricula_adds_a_strategy_users_pick_by_name",
    "register_commands": "test_plugins.py::test_pack_commands_are_added_and_a_broken_command_hook_is_contained",
    "check_header": "test_hooks.py::test_check_header_lines_come_before_the_check_and_into_the_json",
}


def hookspecs_by_name() -> dict[str, object]:
    """Every hookspec, as pluggy's manager sees it; the module's marked functions must be the same set."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    specs = {
        name: caller.spec.function
        for name, caller in vars(manager.hook).items()
        if isinstance(caller, pluggy.HookCaller) and caller.spec is not None
    }
    marked = {name for name, value in vars(hookspecs).items() if hasattr(value, f"{hookspecs.PROJECT}_spec")}
    assert set(specs) == marked
    return specs


class _Source(str):
    """An annotation kept as source text (``from __future__ import annotations``), rendered without quotes."""

    def __repr__(self) -> str:
        return str(self)


def documented_signature(name: str, function) -> str:
    """``name(arg: Type, ...) -> Return`` as inspect.signature renders it, string annotations unquoted."""
    signature = inspect.signature(function)

    def unquoted(annotation):
        return _Source(annotation) if isinstance(annotation, str) else annotation

    parameters = [p.replace(annotation=unquoted(p.annotation)) for p in signature.parameters.values()]
    return name + str(signature.replace(parameters=parameters, return_annotation=unquoted(signature.return_annotation)))


def summary(function) -> str:
    """The docstring's first line, with reST ``code`` written as Markdown `code`."""
    return inspect.getdoc(function).splitlines()[0].replace("``", "`")


def test_there_are_hooks_and_the_signature_renders_as_documented():
    specs = hookspecs_by_name()
    assert {"register_environments", "register_curricula", "register_commands", "check_header"} <= set(specs)
    assert documented_signature("register_environments", specs["register_environments"]) == (
        "register_environments(register: RegisterEnvironments) -> None"
    )


@pytest.mark.parametrize("name", sorted(hookspecs_by_name()))
def test_every_hook_is_documented_with_its_full_signature(name):
    if not HOOKS_DOC.exists():
        pytest.skip(f"{HOOKS_DOC} is not here (rlve-core's tests run outside the repository)")
    doc = HOOKS_DOC.read_text(encoding="utf-8")
    function = hookspecs_by_name()[name]
    signature = documented_signature(name, function)
    assert f"## {name}\n" in doc, f"docs/hooks.md has no section '## {name}'"
    assert signature in doc, f"docs/hooks.md does not show the signature of {name}: {signature}"
    assert summary(function) in doc, f"docs/hooks.md does not carry the first docstring line of {name}"


def test_every_hook_has_a_test():
    specs = hookspecs_by_name()
    assert set(HOOK_TESTS) == set(specs), (
        f"hooks without a test in HOOK_TESTS: {sorted(set(specs) - set(HOOK_TESTS))}; "
        f"entries for hooks that do not exist: {sorted(set(HOOK_TESTS) - set(specs))}"
    )
    for hook, target in HOOK_TESTS.items():
        file_name, function_name = target.split("::")
        tree = ast.parse((TESTS / file_name).read_text(encoding="utf-8"))
        functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert function_name in functions, f"HOOK_TESTS[{hook!r}] names {target}, which does not exist"


# -- the hooks that test_plugins.py does not already exercise -----------------------------------------------


def test_register_curricula_adds_a_strategy_users_pick_by_name(tmp_path):
    body = """
    from rlve import hookimpl
    from rlve.curriculum import FixedCurriculum


    class Steady(FixedCurriculum):
        name = "alpha_steady"


    @hookimpl
    def register_curricula(register):
        register("alpha_steady", Steady)
        register("fixed", Steady)  # rlve-core's name: warned about and skipped
    """
    make_pack(tmp_path, "rlve-plugin-alpha", "rlve_plugin_alpha", good_pack_body("alpha") + textwrap.dedent(body))
    only_alpha = {"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha"}
    report = json.loads(run_rlve(tmp_path, "plugins", env=only_alpha).stdout)
    alpha = next(p for p in report if p["name"] == "rlve-plugin-alpha")
    assert alpha["curricula"] == ["alpha_steady"]
    assert set(alpha["hooks"]) == {"register_environments", "register_curricula"}

    script = (
        "import random\n"
        "from rlve import curriculum\n"
        "steady = curriculum.create('alpha_steady', ['alpha/double'], difficulty=3)\n"
        "again = curriculum.from_state(steady.state_dict())\n"
        "builtin = curriculum.create('fixed', ['a/b'])\n"
        "print(type(again).__name__, again.sample(random.Random(0)), type(builtin).__name__)\n"
    )
    result = run_python(tmp_path, script, env=only_alpha)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["Steady", "('alpha/double',", "3)", "FixedCurriculum"]
    assert "curriculum 'fixed' is already registered by 'rlve-core'" in result.stderr


@pytest.fixture
def header_packs(tmp_path):
    header = """

    @hookimpl
    def check_header(env_ids, write):
        mine = [env_id for env_id in env_ids if env_id.startswith("alpha/")]
        if mine:
            write(f"alpha header: this machine checks {', '.join(mine)}")
    """
    make_pack(tmp_path, "rlve-plugin-alpha", "rlve_plugin_alpha", good_pack_body("alpha") + textwrap.dedent(header))
    raising = GOOD_ENV.format(pack="beta") + (
        "\n\n@hookimpl\ndef register_environments(register):\n    register(Double)\n"
        "\n\n@hookimpl\ndef check_header(env_ids, write):\n    raise RuntimeError('no header today')\n"
    )
    make_pack(tmp_path, "rlve-plugin-beta", "rlve_plugin_beta", raising)
    return tmp_path


def test_check_header_lines_come_before_the_check_and_into_the_json(header_packs):
    env = {"RLVE_LOAD_PLUGINS": "rlve-plugin-alpha,rlve-plugin-beta"}
    args = ("check", "alpha/double", "--difficulties", "0", "--seeds", "1", "--only", "reference", "--no-isolate")
    result = run_rlve(header_packs, *args, env=env)
    assert result.returncode == 0, result.stderr
    line = "alpha header: this machine checks alpha/double"
    assert line in result.stderr
    assert result.stderr.index(line) < result.stderr.index("checking 1 environment")
    # beta's hook raised: one warning naming it, and alpha's header and the check went on
    assert "rlve-plugin-beta" in result.stderr and "RuntimeError: no header today" in result.stderr

    as_json = run_rlve(header_packs, *args, "--json", env=env)
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout)["headers"] == [line]
    assert line not in as_json.stderr

    other = run_rlve(header_packs, *args[:1], "beta/double", *args[2:], "--json", env=env)
    assert json.loads(other.stdout)["headers"] == []  # alpha says nothing when none of its environments is checked
