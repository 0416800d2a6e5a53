"""Commands that other rlve distributions add, so ``rlve train`` without the trainer says what to install.

Without this table a user who installed only the core and a pack gets click's ``No such command 'train'``,
which reads like a typo. Keep the table to first-party distributions whose commands the README documents.
"""

from __future__ import annotations

import importlib.metadata

#: command name -> (distribution that adds it, where that distribution lies in a clone of the repository)
PROVIDED_ELSEWHERE: dict[str, tuple[str, str]] = {
    "train": ("rlve-trainer", "./rlve-trainer"),
    "history": ("rlve-trainer", "./rlve-trainer"),
    "ablate": ("rlve-trainer", "./rlve-trainer"),
    "eval": ("rlve-trainer", "./rlve-trainer"),
}


def installed_version(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def missing_command_message(name: str) -> str | None:
    """One line saying why ``rlve NAME`` is not available and what to do, or None for an unknown name."""
    if name not in PROVIDED_ELSEWHERE:
        return None
    from rlve import plugins

    distribution, folder = PROVIDED_ELSEWHERE[name]
    command = f"'rlve {name}'"
    version = installed_version(distribution)
    if version is None:
        return (
            f"{command} is added by the {distribution} package, which is not installed: "
            f"pip install {distribution} (from a clone of the rlve repository: pip install {folder})"
        )
    reason = plugins.not_loaded_because(distribution)  # RLVE_BLOCK_PLUGINS or RLVE_LOAD_PLUGINS
    if reason is not None:
        return f"{command} is added by {distribution}, which is installed but not loaded: {reason}"
    loaded = {plugins.canonical_distribution(name) for name in plugins.load().plugins}
    if plugins.canonical_distribution(distribution) not in loaded:
        return f"{command} is added by {distribution} {version}, which is installed but failed to load (see above)"
    return (
        f"the installed {distribution} {version} did not add {command}; it may be too old: "
        f"pip install --upgrade {distribution} (from a clone: pip install {folder})"
    )
