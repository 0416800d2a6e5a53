"""The pack's layout and registration, and the answer traps every logic environment shares (the conformance
suite in test_conformance.py covers the generic properties)."""

from __future__ import annotations

import pkgutil

import pytest
from logic_test_helpers import ENVS

import rlve_plugin_logic
import rlve_plugin_logic.environments
from rlve.plugins import load
from rlve_plugin_logic import ENVIRONMENTS


def test_one_module_per_environment_named_after_its_id_and_one_sorted_list():
    ids = [cls.id for cls in ENVIRONMENTS]
    assert len(ids) >= 20 and ids == sorted(set(ids)), "ENVIRONMENTS: unique ids, sorted"
    for cls in ENVIRONMENTS:
        assert cls.id.startswith("logic/")
        assert cls.__module__ == f"rlve_plugin_logic.environments.{cls.id.split('/')[1]}", cls
    modules = {info.name for info in pkgutil.iter_modules(rlve_plugin_logic.environments.__path__)}
    assert modules == {cls.id.split("/")[1] for cls in ENVIRONMENTS}, "environments/ holds environments only"


def test_the_hook_and_the_entry_point_register_every_environment():
    registered = []
    rlve_plugin_logic.register_environments(lambda *classes: registered.extend(classes))
    assert registered == ENVIRONMENTS
    loaded = load()
    assert set(loaded.registry.select("logic/*")) == {cls.id for cls in ENVIRONMENTS}


def repeated_references(reference: str) -> list[str]:
    """The reference given twice with a separator (the kit only glues it to itself), and digits that int()
    would read but the pack's parsers must not."""
    return [
        f"{reference} {reference}",
        f"{reference}\n{reference}",
        f"{reference}; {reference}",
        f"{reference}, {reference}",
        f"[{reference}] [{reference}]",
        "١٢٣ ٤٥",  # Arabic-Indic digits
    ]


@pytest.mark.parametrize("env_id", sorted(ENVS))
def test_the_reference_given_twice_or_in_foreign_digits_scores_nothing(env_id):
    env = ENVS[env_id]
    for difficulty in (0, 3, 30):
        problem = env.sample(difficulty, 7)
        for answer in repeated_references(problem.answer):
            scored = env.score(problem, f"<answer>{answer}</answer>")
            assert not scored.correct and scored.reward < 1.0, (answer[:60], scored)
            assert "verifier error" not in scored.reason, scored
