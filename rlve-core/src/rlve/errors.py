"""The exceptions rlve raises on purpose. Each message says what was wrong and what to do."""

from __future__ import annotations


class RlveError(Exception):
    """Base class: the command line prints these as one line and exits with code 2."""


class UnknownEnvironment(RlveError, KeyError):
    def __init__(self, env_id: str, suggestions: list[str]):
        self.env_id = env_id
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"unknown environment {env_id!r}{hint} (`rlve envs list` shows every installed one)")

    def __str__(self) -> str:  # KeyError would otherwise quote the whole message
        return self.args[0]


class ConflictingEnvironment(RlveError):
    def __init__(self, env_id: str, distributions: list[str]):
        self.env_id = env_id
        self.distributions = distributions
        super().__init__(
            f"environment {env_id!r} is registered by more than one distribution: "
            f"{' and '.join(distributions)}; uninstall one of them, or choose with "
            "RLVE_LOAD_PLUGINS=<distribution>,..."
        )


class InvalidEnvironment(RlveError):
    """A class handed to ``register`` that cannot work as an environment."""


class PluginLoadError(RlveError):
    """A pack failed to load while RLVE_STRICT_PLUGINS=1."""
