"""Every installed environment generates exactly the problems its stored fingerprint says, unless its
version changed: a refactor that alters a problem without a version bump fails here (see fingerprints.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("fingerprints", Path(__file__).with_name("fingerprints.py"))
fingerprints = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fingerprints)

STORED = fingerprints.load()


@pytest.mark.parametrize("env_id", fingerprints.installed_ids())
def test_problems_match_the_stored_fingerprint(env_id):
    env = fingerprints.registry().get(env_id)
    message = fingerprints.problem_with(env_id, STORED, env, None)  # missing, or stored for another version
    if not message:
        message = fingerprints.problem_with(env_id, STORED, env, fingerprints.fingerprint(env))
    assert not message, message


def test_cases_cover_the_strict_growth_range_and_the_far_levels():
    from rlve.testing.checks import STRICT_GROWTH_UNTIL

    levels = {difficulty for difficulty, _ in fingerprints.cases("any/env")}
    assert {0, STRICT_GROWTH_UNTIL} <= levels and max(levels) > 10**15
    assert max(d for d, _ in fingerprints.cases("logic/binario")) == fingerprints.HIGHEST_LEVEL["logic/binario"]
