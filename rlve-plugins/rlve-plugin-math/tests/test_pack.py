"""The pack's layout and registration: one module per environment in ``environments/``, named after its
id, and one sorted list, ``ENVIRONMENTS``, that the entry point registers (and nothing else)."""

from __future__ import annotations

import importlib
from pathlib import Path

import rlve
import rlve_plugin_math
from rlve_plugin_math import environments
from rlve_plugin_math.environments import ENVIRONMENTS

ENVIRONMENTS_DIR = Path(environments.__file__).parent


def test_the_pack_registers_at_least_twenty_distinct_environments():
    ids = [cls.id for cls in ENVIRONMENTS]
    assert len(ids) >= 20
    assert len(set(ids)) == len(ids)
    for env_id in ids:
        assert env_id.startswith("math/")
        assert type(rlve.get_environment(env_id)) is next(cls for cls in ENVIRONMENTS if cls.id == env_id)


def test_the_registration_list_is_sorted_by_id_and_is_what_the_package_exports():
    ids = [cls.id for cls in ENVIRONMENTS]
    assert ids == sorted(ids)
    assert rlve_plugin_math.ENVIRONMENTS is ENVIRONMENTS


def test_every_environment_module_is_named_after_its_id_and_listed():
    modules = sorted(path.stem for path in ENVIRONMENTS_DIR.glob("*.py") if path.stem != "__init__")
    assert modules == sorted(cls.id.removeprefix("math/") for cls in ENVIRONMENTS)
    for cls in ENVIRONMENTS:
        module = importlib.import_module(f"rlve_plugin_math.environments.{cls.id.removeprefix('math/')}")
        assert getattr(module, cls.__name__) is cls
