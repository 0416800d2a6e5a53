"""What a run was trained with: package versions, environment versions, and refusing a silent version change.

An environment's ``version`` is part of its identity (gymnasium's rule): the same (seed, difficulty) may give
another problem under another version, and its checker may judge differently. A run records the version of
every environment it trains on (``runs.environments``); resuming it after an environment's version changed
would mix two environments under one name, so ``rlve train --resume`` refuses unless told
``--allow-version-change``, which records the change in ``environment_changes``.
"""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Mapping
from dataclasses import dataclass

from rlve import Environment
from rlve.errors import RlveError

#: Distributions whose versions every run records, besides the packs it trains on.
TRACKED_PACKAGES = ("rlve-core", "rlve-trainer", "torch", "transformers", "trl", "accelerate", "datasets")


def package_versions(env_ids: list[str]) -> dict[str, str]:
    """``{distribution: version}`` of the tracked packages and of every pack that registers ``env_ids``."""
    import rlve

    registry = rlve.registry()
    names = set(TRACKED_PACKAGES) | {registry.entry(env_id).distribution for env_id in env_ids}
    versions = {}
    for name in sorted(names):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = "unknown"
    return versions


def environment_versions(environments: Mapping[str, Environment]) -> dict[str, int]:
    """``{env id: version}``: what ``runs.environments`` stores."""
    return {env_id: env.version for env_id, env in environments.items()}


@dataclass(frozen=True)
class VersionChange:
    env: str
    old: int  # the version the run recorded
    new: int  # the version installed now


def version_changes(recorded: str | Mapping[str, int], installed: Mapping[str, int]) -> list[VersionChange]:
    """The environments both trained on before (``recorded``: ``runs.environments``, JSON or a mapping) and
    selected now whose installed version differs. An environment new to the run is not a change."""
    before = json.loads(recorded) if isinstance(recorded, str) else dict(recorded)
    return [
        VersionChange(env_id, int(before[env_id]), version)
        for env_id, version in sorted(installed.items())
        if env_id in before and int(before[env_id]) != version
    ]


def refuse_version_changes(run_id: str, changes: list[VersionChange], resume_command: str) -> None:
    """RlveError (one line) naming each changed environment, its old and new version, and the ways on."""
    if not changes:
        return
    import rlve

    registry = rlve.registry()
    listed = "; ".join(
        f"{change.env} was version {change.old} when the run started and is version {change.new} now "
        f"({registry.entry(change.env).distribution})"
        for change in changes
    )
    raise RlveError(
        f"run {run_id} cannot be resumed as it was: {listed}. A new version may make other problems for the "
        "same seeds and judge answers differently, so the run would mix two environments under one name. "
        "Reinstall the pack release the run started with and resume, start a new run, or continue with the "
        f"new version on purpose (recorded in the history's environment_changes): {resume_command} "
        "--allow-version-change"
    )
