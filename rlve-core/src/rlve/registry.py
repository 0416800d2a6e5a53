"""The registry of installed environments: ids, lookup, selection by glob, closest-match suggestions."""

from __future__ import annotations

import difflib
import fnmatch
import inspect
from dataclasses import dataclass, field

from rlve.environment import ENV_ID_PATTERN, Environment
from rlve.errors import ConflictingEnvironment, InvalidEnvironment, RlveError, UnknownEnvironment

_REQUIRED_TEXT = ("description", "difficulty_scales", "size_name", "answer_format")


def normalise_id(env_id: str) -> str:
    """Ids are compared after trimming, lower-casing and reading ``-`` as ``_`` (``graph/shortest-path``)."""
    return env_id.strip().lower().replace("-", "_")


def validate_environment_class(cls: object) -> type[Environment]:
    """Raise InvalidEnvironment, saying what is missing, unless ``cls`` is a usable Environment subclass."""
    if not (inspect.isclass(cls) and issubclass(cls, Environment)):
        raise InvalidEnvironment(f"{cls!r} is not a subclass of rlve.Environment")
    name = cls.__qualname__
    env_id = getattr(cls, "id", None)
    if not isinstance(env_id, str) or not ENV_ID_PATTERN.match(env_id):
        raise InvalidEnvironment(
            f"{name}.id must look like 'pack/name' (lower-case letters, digits, underscores), got {env_id!r}"
        )
    version = cls.version
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise InvalidEnvironment(f"{env_id}: version must be an integer >= 1, got {version!r}")
    for attribute in _REQUIRED_TEXT:
        value = getattr(cls, attribute, None)
        if not isinstance(value, str) or not value.strip():
            raise InvalidEnvironment(f"{env_id}: class attribute {attribute!r} must be a non-empty string")
    for method in ("generate", "check"):
        if getattr(cls, method) is getattr(Environment, method):
            raise InvalidEnvironment(f"{env_id}: {name} must implement {method}()")
    if not isinstance(cls.tags, tuple) or not all(isinstance(tag, str) for tag in cls.tags):
        raise InvalidEnvironment(f"{env_id}: tags must be a tuple of strings")
    limit = cls.max_answer_chars
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise InvalidEnvironment(f"{env_id}: max_answer_chars must be an integer >= 1, got {limit!r}")
    if not isinstance(cls.runs_untrusted_code, bool):
        raise InvalidEnvironment(f"{env_id}: runs_untrusted_code must be True or False")
    return cls


@dataclass
class EnvironmentEntry:
    """One registered environment and the distribution that registered it."""

    cls: type[Environment]
    distribution: str
    _instance: Environment | None = field(default=None, repr=False)

    @property
    def id(self) -> str:
        return self.cls.id

    @property
    def pack(self) -> str:
        return self.cls.id.split("/", 1)[0]

    def instance(self) -> Environment:
        if self._instance is None:
            self._instance = self.cls()
        return self._instance


class Registry:
    """Environments by id. Two distributions claiming one id make that id unusable, naming both."""

    def __init__(self) -> None:
        self._entries: dict[str, EnvironmentEntry] = {}
        self.conflicts: dict[str, list[str]] = {}

    def add(self, cls: object, distribution: str) -> None:
        env_cls = validate_environment_class(cls)
        env_id = env_cls.id
        if env_id in self.conflicts:
            self.conflicts[env_id].append(distribution)
            return
        existing = self._entries.get(env_id)
        if existing is not None:
            if existing.cls is env_cls:
                return  # the same class registered twice by the same code: harmless
            del self._entries[env_id]
            self.conflicts[env_id] = [existing.distribution, distribution]
            raise ConflictingEnvironment(env_id, self.conflicts[env_id])
        self._entries[env_id] = EnvironmentEntry(env_cls, distribution)

    def ids(self) -> list[str]:
        return sorted(self._entries)

    def entries(self) -> list[EnvironmentEntry]:
        return [self._entries[env_id] for env_id in self.ids()]

    def packs(self) -> list[str]:
        return sorted({entry.pack for entry in self._entries.values()})

    def __contains__(self, env_id: str) -> bool:
        return normalise_id(env_id) in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, env_id: str) -> EnvironmentEntry:
        key = normalise_id(env_id)
        if key in self.conflicts:
            raise ConflictingEnvironment(key, self.conflicts[key])
        if key not in self._entries:
            raise UnknownEnvironment(env_id, self.suggest(key))
        return self._entries[key]

    def get(self, env_id: str) -> Environment:
        """The (shared, stateless) instance of environment ``env_id``."""
        return self.entry(env_id).instance()

    def suggest(self, env_id: str, limit: int = 3) -> list[str]:
        key = normalise_id(env_id)
        ids = self.ids()
        close = difflib.get_close_matches(key, ids, n=limit, cutoff=0.5)
        # "shortest_path" alone should point at "graph/shortest_path" even when the pack prefix is missing.
        names = {env.split("/", 1)[1]: env for env in ids}
        for name in difflib.get_close_matches(key.split("/")[-1], list(names), n=limit, cutoff=0.6):
            if names[name] not in close:
                close.append(names[name])
        return close[:limit]

    def select(self, patterns: list[str] | str) -> list[str]:
        """Ids matching any pattern: an exact id, a glob (``graph/*path*``) or a whole pack (``graph``).

        A pattern that matches nothing is an error, so a typo never silently shrinks a training mix.
        """
        if isinstance(patterns, str):
            patterns = [patterns]
        chosen: list[str] = []
        ids = self.ids()
        for raw in patterns:
            pattern = normalise_id(raw)
            if "/" not in pattern and not any(ch in pattern for ch in "*?["):
                matches = [env for env in ids if env.split("/", 1)[0] == pattern]
            elif any(ch in pattern for ch in "*?["):
                matches = fnmatch.filter(ids, pattern)
            else:
                matches = [self.entry(pattern).id]
            if not matches:
                packs = ", ".join(self.packs()) or "none installed"
                close = self.suggest(pattern)
                hint = f"did you mean {', '.join(close)}? " if close else ""
                raise RlveError(
                    f"environment pattern {raw!r} matches no installed environment (packs: {packs}); {hint}"
                    "use an id such as graph/shortest_path, a glob such as 'graph/*', or a pack name"
                )
            chosen.extend(env for env in matches if env not in chosen)
        return chosen
