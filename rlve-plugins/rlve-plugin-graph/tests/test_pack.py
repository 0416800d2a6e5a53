"""The pack as a whole: its layout and registration, and answer traps in this pack's own notation.

Everything generic (references accepted, determinism across processes and hash seeds, JSON round trips,
size growth, generation and verification time, hostile answers in general) is the conformance kit's job:
see ``test_conformance.py``.
"""

from __future__ import annotations

import pkgutil

import pytest
from helpers import ENVS

import rlve_plugin_graph
from rlve import Environment, ParseError, Problem, Verdict
from rlve.registry import validate_environment_class
from rlve.testing import cpu_timer
from rlve_plugin_graph import ENVIRONMENTS, environments

IDS = sorted(ENVS)


def test_the_pack_has_at_least_twenty_valid_environments_with_the_required_six():
    assert len(ENVIRONMENTS) >= 20
    assert len({cls.id for cls in ENVIRONMENTS}) == len(ENVIRONMENTS)
    for cls in ENVIRONMENTS:
        validate_environment_class(cls)
    for required in (
        "shortest_path",
        "connected_components",
        "topological_order",
        "minimum_spanning_tree",
        "bipartite",
        "graph_colouring",
    ):
        assert f"graph/{required}" in ENVS


def test_one_module_per_environment_in_environments_named_after_its_id_and_one_sorted_list():
    ids = [cls.id for cls in ENVIRONMENTS]
    assert ids == sorted(ids), "keep ENVIRONMENTS sorted by id"
    for cls in ENVIRONMENTS:
        assert cls.__module__ == f"rlve_plugin_graph.environments.{cls.id.split('/')[1]}", cls
    # every module in environments/ is an environment of the list: shared code lives beside the folder
    modules = {info.name for info in pkgutil.iter_modules(environments.__path__)}
    assert modules == {cls.id.split("/")[1] for cls in ENVIRONMENTS}


def test_the_hook_registers_every_environment():
    registered = []
    rlve_plugin_graph.register_environments(lambda *classes: registered.extend(classes))
    assert registered == ENVIRONMENTS


def notation_traps(problem: Problem) -> list[str]:
    """Answers built from this pack's notation (edges, arcs, flows, keywords, groups) that must never score.

    The kit's hostile corpus covers the generic ones (empty, parse bombs, code, junk, hedges, the prompt echoed).
    """
    ref = problem.answer
    return [
        "0-" * 5000,  # an edge reader fed an endless chain
        "0->1:" * 4000,  # a flow reader fed an endless chain
        "yes " + "1 " * 5000,  # a keyword with a proof far longer than the graph
        "no",
        "yes",
        "cycle",
        "acyclic",
        "١٢٣ ٤٥",  # Arabic-Indic digits: int() would accept them, the parsers must not
        "[[[[[[0]]]]]]",
        "0" * 10_000,
        "-1",
        "1e9",
        "0x1F",
        # the reference repeated with this pack's separators: a list, a path or a grouping read twice
        f"{ref} {ref}",
        f"{ref}; {ref}",
        f"{ref}, {ref}",
        f"[{ref}] [{ref}]",
    ]


@pytest.mark.parametrize("env_id", IDS)
def test_notation_traps_score_nothing_raise_nothing_and_are_quick(env_id):
    env: Environment = ENVS[env_id]
    for difficulty in (0, 3, 30):
        problem = env.sample(difficulty, 7)
        for answer in notation_traps(problem):
            with cpu_timer() as spent:
                try:
                    verdict = env.check(problem.data, answer.strip())
                except ParseError:
                    verdict = None
            assert spent.cpu < 0.1, f"{answer[:40]!r}: {spent}"
            assert verdict is None or (isinstance(verdict, Verdict) and not verdict.correct), (answer[:60], verdict)
            scored = env.score(problem, f"<answer>{answer}</answer>")
            assert not scored.correct and scored.reward < 1.0, (answer[:60], scored)
            assert "verifier error" not in scored.reason, scored
