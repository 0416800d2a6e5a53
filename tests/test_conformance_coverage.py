"""Every environment a first-party pack registers is checked by the conformance kit in that pack's tests.

The ``rlve.testing.EnvironmentConformance`` classes are found the way pytest finds them: pytest collects (and
does not run) each installed first-party pack's ``tests/`` folder in a child process, with the repository's
settings and each folder's conftest.py, and this module's ``CoverageCollector`` plugin records, for every
collected conformance test, the environment id and the class it checks. So a class counts wherever it is (one
``pack = "logic"`` class, or one ``environments = [Sat]`` class per test module), and only if pytest would run
it: a class whose name pytest does not collect, one with ``__test__ = False``, one marked ``skip`` (or ``skipif``
with a condition that is plainly true), or a module that fails to import, covers nothing. A class that checks
another class under a registered id (a subclass with other limits, say) does not cover that id either.

Run as a script (which the tests do, in a child process)::

    python tests/test_conformance_coverage.py OUT.json FOLDER...

writes ``{"covered": {env_id: [how, ...]}, "other_classes": {...}, "errors": [...], "exit_code": N}``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACK_FOLDERS = sorted(path.parent for path in ROOT.glob("rlve-plugins/*/pyproject.toml"))


# -- the child process: pytest's collection, recorded ----------------------------------------------------------------


def _shown(path: Path) -> str:
    """``path`` relative to the repository where it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _skipped(item) -> bool:
    """Whether ``item`` carries a mark that makes pytest skip it whatever happens (skip, or skipif(True))."""
    for mark in item.iter_markers():
        if mark.name == "skip":
            return True
        if mark.name == "skipif":
            conditions = [*mark.args, *([mark.kwargs["condition"]] if "condition" in mark.kwargs else [])]
            if any(isinstance(condition, bool) and condition for condition in conditions):
                return True
    return False


class CoverageCollector:
    """A pytest plugin: which environment ids the collected conformance tests check, and with which class."""

    def __init__(self) -> None:
        self.covered: dict[str, set[str]] = {}
        self.other_classes: dict[str, set[str]] = {}
        self.errors: list[str] = []

    def pytest_itemcollected(self, item) -> None:
        from rlve.errors import RlveError
        from rlve.plugins import load
        from rlve.testing import EnvironmentConformance

        test_class = getattr(item, "cls", None)
        callspec = getattr(item, "callspec", None)
        if not (isinstance(test_class, type) and issubclass(test_class, EnvironmentConformance)):
            return
        if callspec is None or "environment_id" not in callspec.params or _skipped(item):
            return
        env_id = callspec.params["environment_id"]
        checked = test_class.environment_classes()[env_id]
        where = f"{_shown(Path(item.path))}::{test_class.__qualname__}"
        try:
            registered = load().registry.entry(env_id).cls
        except RlveError:
            registered = None  # a class that is not installed (a test double): it covers nothing installed
        if checked is registered:
            self.covered.setdefault(env_id, set()).add(where)
        else:
            what = f"{where} checks {checked.__module__}.{checked.__qualname__}"
            self.other_classes.setdefault(env_id, set()).add(what)

    def pytest_collectreport(self, report) -> None:
        if report.failed:
            self.errors.append(f"{report.nodeid or 'collection'}: {report.longreprtext[-1500:]}")

    def result(self, exit_code: int) -> dict:
        return {
            "covered": {env_id: sorted(where) for env_id, where in sorted(self.covered.items())},
            "other_classes": {env_id: sorted(what) for env_id, what in sorted(self.other_classes.items())},
            "errors": self.errors,
            "exit_code": int(exit_code),
        }


def main(argv: list[str]) -> None:
    out, folders = argv[0], argv[1:]
    collector = CoverageCollector()
    settings = ["-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT), "-p", "no:cacheprovider"]
    exit_code = pytest.main(["--collect-only", "-qq", *settings, *folders], plugins=[collector])
    Path(out).write_text(json.dumps(collector.result(exit_code), indent=1))


# -- the tests ---------------------------------------------------------------------------------------------------------


def collect(folders: list[Path], tmp_path: Path) -> dict:
    """What the conformance classes in ``folders`` cover, collected by pytest in a child process."""
    out = tmp_path / "coverage.json"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    result = subprocess.run(
        [sys.executable, __file__, str(out), *map(str, folders)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=600,
    )
    assert out.exists(), f"the collection crashed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return json.loads(out.read_text())


def first_party_environments() -> dict[str, list[str]]:
    """``{pack folder: [environment id, ...]}`` for each first-party pack that is installed and loaded."""
    from rlve.plugins import canonical_distribution, load

    plugins = {canonical_distribution(name): info for name, info in load().plugins.items()}
    found = {}
    for folder in PACK_FOLDERS:
        info = plugins.get(folder.name)
        if info is not None and info.status == "loaded" and info.environments:
            found[folder.name] = sorted(info.environments)
    return found


def test_every_installed_first_party_environment_is_checked_by_a_conformance_class(tmp_path):
    environments = first_party_environments()
    if not environments:
        pytest.skip("no first-party pack is installed")
    report = collect([ROOT / "rlve-plugins" / name / "tests" for name in environments], tmp_path)
    uncovered = {
        name: [env_id for env_id in ids if env_id not in report["covered"]] for name, ids in environments.items()
    }
    uncovered = {name: ids for name, ids in uncovered.items() if ids}
    if uncovered:
        lines = [
            f"{len(ids)} environment(s) of {name} that no EnvironmentConformance class in "
            f"rlve-plugins/{name}/tests checks: {', '.join(ids)}"
            for name, ids in uncovered.items()
        ]
        lines.append(
            'Add them to a conformance class, e.g. `class TestConformance(EnvironmentConformance): pack = "<pack>"` '
            "(every environment of the installed pack) or `environments = [TheClass, ...]`."
        )
        missing = {env_id for ids in uncovered.values() for env_id in ids}
        others = {env_id: what for env_id, what in report["other_classes"].items() if env_id in missing}
        if others:
            lines.append(f"Checked only under a class other than the registered one: {others}")
        if report["errors"]:
            lines.append("Collection errors (a module that fails to import covers nothing):")
            lines += report["errors"]
        pytest.fail("\n".join(lines), pytrace=False)


GRAPH_INSTALLED = "rlve-plugin-graph" in first_party_environments()


@pytest.mark.skipif(not GRAPH_INSTALLED, reason="uses graph/shortest_path: install ./rlve-plugins/rlve-plugin-graph")
def test_the_collection_counts_only_what_pytest_would_run(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_kit.py").write_text(
        textwrap.dedent(
            """
            import pytest

            from rlve.testing import EnvironmentConformance
            from rlve_plugin_graph.environments.bridges import Bridges
            from rlve_plugin_graph.environments.max_flow import MaxFlow
            from rlve_plugin_graph.environments.min_cut import MinCut
            from rlve_plugin_graph.environments.shortest_path import ShortestPath


            class Faster(MaxFlow):
                pass


            class TestPart(EnvironmentConformance):
                environments = [ShortestPath, Faster]


            class Helper(EnvironmentConformance):  # not a Test... class: pytest does not collect it
                pack = "graph"


            class TestOff(EnvironmentConformance):
                __test__ = False
                pack = "graph"


            @pytest.mark.skip(reason="not today")
            class TestSkipped(EnvironmentConformance):
                environments = [Bridges]


            class TestDerived(TestPart):
                environments = [MinCut]
            """
        )
    )
    (tests / "helpers.py").write_text(  # not a test_*.py module: pytest does not collect it
        "from rlve.testing import EnvironmentConformance\n\n\nclass TestInHelpers(EnvironmentConformance):\n"
        '    pack = "graph"\n'
    )
    (tests / "test_broken.py").write_text("import no_such_module_here\n")
    report = collect([tests], tmp_path)
    kit = str(tests / "test_kit.py")
    assert report["covered"] == {
        "graph/min_cut": [f"{kit}::TestDerived"],
        "graph/shortest_path": [f"{kit}::TestPart"],
    }, report
    assert list(report["other_classes"]) == ["graph/max_flow"], report
    assert len(report["errors"]) == 1 and "no_such_module_here" in report["errors"][0], report


if __name__ == "__main__":
    main(sys.argv[1:])
