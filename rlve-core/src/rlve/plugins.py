"""Finding and loading packs: pluggy, the ``rlve`` entry-point group, isolation and the allow-list.

Every failure is contained to the pack that caused it (llm #1280: one broken plugin broke every
command, even uninstall). A pack that raises on import, implements a misspelled hook, or registers
a broken environment produces one warning naming its distribution and the error, and everything
else still works. ``RLVE_STRICT_PLUGINS=1`` turns those warnings into errors, for CI.

Environment variables:
    RLVE_LOAD_PLUGINS    comma-separated distributions to load; empty loads none; unset loads all.
    RLVE_STRICT_PLUGINS  ``1`` raises PluginLoadError instead of warning.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pluggy

from rlve import hookspecs
from rlve.environment import Environment
from rlve.errors import ConflictingEnvironment, InvalidEnvironment, PluginLoadError, RlveError
from rlve.registry import Registry

#: The name rlve's own hook implementations are registered under.
BUILTIN = "rlve-core"
_BUILTIN_MODULES = ("rlve.curriculum.builtin", "rlve.cli.builtin")


class RlvePluginWarning(UserWarning):
    """A pack could not be (fully) loaded; the rest of rlve goes on without it."""


@dataclass
class PluginInfo:
    """What ``rlve plugins`` reports about one loaded distribution."""

    name: str
    version: str
    hooks: list[str] = field(default_factory=list)
    environments: list[str] = field(default_factory=list)
    curricula: list[str] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "hooks": sorted(self.hooks),
            "environments": sorted(self.environments),
            "curricula": sorted(self.curricula),
            "modules": self.modules,
        }


@dataclass
class CurriculumEntry:
    name: str
    factory: Callable[..., Any]
    distribution: str


def canonical_distribution(name: str) -> str:
    """PEP 503 normalisation, so ``RLVE_LOAD_PLUGINS=rlve_plugin_graph`` means ``rlve-plugin-graph``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def allowed_distributions() -> set[str] | None:
    raw = os.environ.get("RLVE_LOAD_PLUGINS")
    if raw is None:
        return None
    return {canonical_distribution(name) for name in raw.split(",") if name.strip()}


def strict_mode() -> bool:
    return os.environ.get("RLVE_STRICT_PLUGINS", "").strip().lower() in {"1", "true", "yes", "on"}


class LoadedPlugins:
    """The outcome of loading: the pluggy manager, the registries, and what went wrong where."""

    def __init__(self, strict: bool):
        self.strict = strict
        self.manager = pluggy.PluginManager(hookspecs.PROJECT)
        self.manager.add_hookspecs(hookspecs)
        self.registry = Registry()
        self.curricula: dict[str, CurriculumEntry] = {}
        self.plugins: dict[str, PluginInfo] = {}
        self.problems: list[str] = []
        self._distribution_of: dict[str, str] = {}  # pluggy plugin name -> distribution

    def problem(self, distribution: str, what: str, error: BaseException | str) -> None:
        detail = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        message = f"plugin {distribution!r}: {what}: {detail}"
        if self.strict:
            raise PluginLoadError(message + " (RLVE_STRICT_PLUGINS is set)")
        self.problems.append(message)
        warnings.warn(message, RlvePluginWarning, stacklevel=4)

    def add_module(self, module: object, distribution: str, version: str, plugin_name: str) -> None:
        try:
            self.manager.register(module, name=plugin_name)
            # check_pending catches hooks that match no spec, i.e. misspelled names (pytest's lesson).
            self.manager.check_pending()
        except (pluggy.PluginValidationError, ValueError) as error:
            if self.manager.is_registered(module):
                self.manager.unregister(module)
            self.problem(distribution, "has invalid hook implementations", error)
            return
        info = self.plugins.setdefault(distribution, PluginInfo(distribution, version))
        info.modules.append(getattr(module, "__name__", repr(module)))
        for caller in self.manager.get_hookcallers(module) or []:
            if caller.name not in info.hooks:
                info.hooks.append(caller.name)
        self._distribution_of[plugin_name] = distribution

    def load_builtins(self) -> None:
        version = _version_of(BUILTIN)
        for module_name in _BUILTIN_MODULES:
            self.add_module(importlib.import_module(module_name), BUILTIN, version, module_name)

    def load_entry_points(self, allowed: set[str] | None) -> None:
        seen: set[tuple[str, str]] = set()
        for entry_point in importlib.metadata.entry_points(group=hookspecs.PROJECT):
            distribution = entry_point.dist.name if entry_point.dist is not None else entry_point.value
            key = (canonical_distribution(distribution), entry_point.name)
            if key in seen:  # the same distribution visible twice on sys.path
                continue
            seen.add(key)
            if allowed is not None and key[0] not in allowed:
                continue
            try:
                module = entry_point.load()
            except Exception as error:  # noqa: BLE001 - any import failure is the pack's, not ours
                self.problem(distribution, f"failed to import entry point {entry_point.name!r}", error)
                continue
            version = entry_point.dist.version if entry_point.dist is not None else "unknown"
            self.add_module(module, distribution, version, f"{distribution}:{entry_point.name}")

    def call_each(self, hook_name: str, make_kwargs: Callable[[str], dict[str, Any]]) -> None:
        """Call every implementation of a hook separately, so one that raises cannot stop the others."""
        hook = getattr(self.manager.hook, hook_name)
        for impl in hook.get_hookimpls():
            distribution = self._distribution_of.get(impl.plugin_name, impl.plugin_name)
            kwargs = make_kwargs(distribution)
            try:
                impl.function(**{name: kwargs[name] for name in impl.argnames})
            except RlveError as error:
                self.problem(distribution, f"{hook_name} failed", error)
            except Exception as error:  # noqa: BLE001
                self.problem(distribution, f"{hook_name} raised", error)

    def register_environments(self) -> None:
        def make_kwargs(distribution: str) -> dict[str, Any]:
            def register(cls: object) -> None:
                try:
                    self.registry.add(cls, distribution)
                except (InvalidEnvironment, ConflictingEnvironment) as error:
                    self.problem(distribution, "registered an unusable environment", error)
                    return
                self.plugins[distribution].environments.append(cls.id)  # type: ignore[attr-defined]

            return {"register": register}

        self.call_each("register_environments", make_kwargs)

    def register_curricula(self) -> None:
        def make_kwargs(distribution: str) -> dict[str, Any]:
            def register(name: str, factory: Callable[..., Any]) -> None:
                if name in self.curricula:
                    other = self.curricula[name].distribution
                    self.problem(distribution, f"curriculum {name!r} is already registered by {other!r}", "skipped")
                    return
                self.curricula[name] = CurriculumEntry(name, factory, distribution)
                self.plugins[distribution].curricula.append(name)

            return {"register": register}

        self.call_each("register_curricula", make_kwargs)


def _version_of(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


_loaded: LoadedPlugins | None = None


def load(*, refresh: bool = False) -> LoadedPlugins:
    """Load rlve's built-ins and every allowed pack once per process (``refresh`` reloads)."""
    global _loaded
    if _loaded is not None and not refresh:
        return _loaded
    loaded = LoadedPlugins(strict=strict_mode())
    loaded.load_builtins()
    loaded.load_entry_points(allowed_distributions())
    loaded.register_environments()
    loaded.register_curricula()
    _loaded = loaded
    return loaded


def registry() -> Registry:
    """Every installed environment."""
    return load().registry


def get_environment(env_id: str) -> Environment:
    """The environment with id ``env_id`` (``pack/name``); UnknownEnvironment suggests close ids."""
    return registry().get(env_id)


def register_commands(cli: object) -> None:
    """Let every pack add its commands to ``cli``; a pack whose hook raises is warned about and skipped."""
    load().call_each("register_commands", lambda distribution: {"cli": cli})
