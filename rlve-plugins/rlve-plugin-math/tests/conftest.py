"""Fixtures for the math pack's tests; plain helper functions are in ``helpers.py``.

``helpers.py`` is registered here as the module ``math_test_helpers`` (tests write
``from math_test_helpers import judge``): every pack keeps its own ``tests/helpers.py``, and a plain
``import helpers`` would find whichever pack's copy came first when all packs' tests run in one session.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

HELPERS_MODULE = "math_test_helpers"


def _register_helpers() -> None:
    if HELPERS_MODULE in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(HELPERS_MODULE, Path(__file__).with_name("helpers.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[HELPERS_MODULE] = module
    spec.loader.exec_module(module)


_register_helpers()


@pytest.fixture(params=sorted(sys.modules[HELPERS_MODULE].ENVS))
def env_id(request) -> str:
    """Every environment id of the pack, one test each."""
    return request.param
