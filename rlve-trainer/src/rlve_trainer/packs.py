"""Choosing environments for a run, and saying which package to install when a first-party pack is missing.

``rlve ablate --demo`` needs ``math/addition`` and ``rlve train --demo`` the math and code packs; without them the
registry's answer (``unknown environment 'math/addition'``) does not say that one ``pip install`` fixes it.
"""

from __future__ import annotations

import importlib.metadata

from rlve import Environment
from rlve.errors import RlveError

#: The packs of the rlve repository: pack name -> distribution (in a clone: ./rlve-plugins/<distribution>).
FIRST_PARTY = {
    "graph": "rlve-plugin-graph",
    "math": "rlve-plugin-math",
    "logic": "rlve-plugin-logic",
    "code": "rlve-plugin-code",
}


def select(patterns: list[str], purpose: str | None = None) -> list[str]:
    """``rlve.registry().select(patterns)``; a pattern of a first-party pack that is not loaded says what to do.

    ``purpose`` names what needs the environments (``rlve ablate --demo``) in that message.
    """
    import rlve

    registry = rlve.registry()
    try:
        return registry.select(patterns)
    except RlveError:
        message = missing_pack_message(patterns, registry.packs(), purpose)
        if message is None:
            raise
        raise RlveError(message) from None


def environments(patterns: list[str], purpose: str | None = None) -> dict[str, Environment]:
    """``{env id: environment}`` for what ``patterns`` select (``select``), in selection order."""
    import rlve

    registry = rlve.registry()
    return {env_id: registry.get(env_id) for env_id in select(patterns, purpose)}


def pack_of(pattern: str) -> str:
    """The pack a pattern names: ``math`` for ``math/addition``, ``math/*`` and ``math``."""
    return pattern.strip().lower().replace("-", "_").split("/", 1)[0]


def missing_pack_message(patterns: list[str], loaded_packs: list[str], purpose: str | None = None) -> str | None:
    """One line for the first pattern whose first-party pack is not loaded, or None when there is none."""
    for pattern in patterns:
        pack = pack_of(pattern)
        distribution = FIRST_PARTY.get(pack)
        if distribution is None or pack in loaded_packs:
            continue
        subject = f"{purpose} trains on {pattern}" if purpose else f"environment {pattern!r} is"
        subject = f"{subject}{',' if purpose else ''} from the {pack} pack"
        return f"{subject}, {_why_missing(distribution)}"
    return None


def _why_missing(distribution: str) -> str:
    from rlve import plugins

    try:
        version = importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return (
            f"which is not installed: pip install {distribution} "
            f"(from a clone of the rlve repository: pip install ./rlve-plugins/{distribution})"
        )
    allowed = plugins.allowed_distributions()
    if allowed is not None and plugins.canonical_distribution(distribution) not in allowed:
        return (
            f"and {distribution} is installed but not loaded: RLVE_LOAD_PLUGINS does not name it (add it, or unset it)"
        )
    return f"and {distribution} {version} is installed but did not load (see the warning above)"
