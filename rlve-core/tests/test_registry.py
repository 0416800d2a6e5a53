"""Registry: validation of registered classes, id normalisation, suggestions, selection, conflicts."""

from __future__ import annotations

import pytest
from toy_envs import AddEnv, CrashingEnv

from rlve import Environment
from rlve.errors import ConflictingEnvironment, InvalidEnvironment, RlveError, UnknownEnvironment
from rlve.registry import Registry


@pytest.fixture
def registry():
    registry = Registry()
    registry.add(AddEnv, "rlve-plugin-toy")
    registry.add(CrashingEnv, "rlve-plugin-toy")
    return registry


def test_lookup_normalises_case_and_hyphens(registry):
    assert registry.get("toy/add").id == "toy/add"
    assert registry.get(" Toy/ADD ").id == "toy/add"
    assert registry.get("toy/add") is registry.get("toy/add")


def test_unknown_id_suggests_the_closest(registry):
    with pytest.raises(UnknownEnvironment) as raised:
        registry.get("toy/ad")
    assert "toy/add" in str(raised.value)
    with pytest.raises(UnknownEnvironment, match="toy/add"):
        registry.get("add")  # pack prefix forgotten


def test_select_by_id_glob_and_pack(registry):
    assert registry.select("toy") == ["toy/add", "toy/crash"]
    assert registry.select(["toy/c*"]) == ["toy/crash"]
    assert registry.select(["toy/add", "toy/*"]) == ["toy/add", "toy/crash"]
    with pytest.raises(RlveError, match="matches no installed environment"):
        registry.select(["graph/*"])


def test_same_id_from_two_distributions_names_both(registry):
    class Impostor(AddEnv):
        pass

    with pytest.raises(ConflictingEnvironment, match="rlve-plugin-toy and rlve-plugin-other"):
        registry.add(Impostor, "rlve-plugin-other")
    with pytest.raises(ConflictingEnvironment, match="rlve-plugin-toy and rlve-plugin-other"):
        registry.get("toy/add")
    assert "toy/add" not in registry.ids()


@pytest.mark.parametrize(
    ("attributes", "message"),
    [
        ({"id": "NoSlash"}, "pack/name"),
        ({"id": "toy/Bad-Name"}, "pack/name"),
        ({"version": 0}, "version must be an integer >= 1"),
        ({"description": ""}, "'description' must be a non-empty string"),
        ({"answer_format": None}, "'answer_format'"),
        ({"tags": ["list"]}, "tags must be a tuple"),
    ],
)
def test_broken_environment_classes_are_refused_with_the_reason(attributes, message):
    broken = type("Broken", (AddEnv,), attributes)
    with pytest.raises(InvalidEnvironment, match=message):
        Registry().add(broken, "x")


def test_an_environment_must_implement_generate_and_check():
    class Lazy(Environment):
        id = "toy/lazy"
        description = difficulty_scales = size_name = answer_format = "x"

    with pytest.raises(InvalidEnvironment, match="must implement generate"):
        Registry().add(Lazy, "x")
