"""Finding and loading packs: pluggy, the ``rlve`` entry-point group, isolation and the allow-list.

Every failure is contained to the pack that caused it (llm #1280: one broken plugin broke every
command, even uninstall). A pack that raises on import, implements a misspelled hook, or registers
a broken environment produces one warning naming its distribution and the error, and everything
else still works. ``RLVE_STRICT_PLUGINS=1`` turns those warnings into errors, for CI.

Environment variables:
    RLVE_LOAD_PLUGINS    comma-separated distributions to load; empty loads none; unset loads all.
    RLVE_BLOCK_PLUGINS   comma-separated distributions never to load, even if RLVE_LOAD_PLUGINS names them
                         (pytest's ``-p no:NAME``); a name that matches no installed pack is warned about.
    RLVE_STRICT_PLUGINS  ``1`` raises PluginLoadError instead of warning.
    RLVE_TRACE_PLUGINS   ``1`` prints every hook call (distribution, hook, arguments, duration) and every
                         pack import to stderr, as datasette's DATASETTE_TRACE_PLUGINS does.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.metadata
import os
import re
import reprlib
import sys
import time
import types
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
    status: str = "loaded"  # "blocked" (RLVE_BLOCK_PLUGINS): found, never imported; "failed": see errors
    hooks: list[str] = field(default_factory=list)
    environments: list[str] = field(default_factory=list)
    curricula: list[str] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # what went wrong loading it (import, hooks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "status": self.status,
            "hooks": sorted(self.hooks),
            "environments": sorted(self.environments),
            "curricula": sorted(self.curricula),
            "modules": self.modules,
            "errors": self.errors,
        }


@dataclass
class CurriculumEntry:
    name: str
    factory: Callable[..., Any]
    distribution: str


def canonical_distribution(name: str) -> str:
    """PEP 503 normalisation, so ``RLVE_LOAD_PLUGINS=rlve_plugin_graph`` means ``rlve-plugin-graph``."""
    return re.sub(r"[-_.]+", "-", name.strip()).lower()


def _distribution_list(variable: str) -> set[str] | None:
    raw = os.environ.get(variable)
    if raw is None:
        return None
    return {canonical_distribution(name) for name in raw.split(",") if name.strip()}


def allowed_distributions() -> set[str] | None:
    """RLVE_LOAD_PLUGINS, normalised: None when unset (load every pack), else only these."""
    return _distribution_list("RLVE_LOAD_PLUGINS")


def blocked_distributions() -> set[str]:
    """RLVE_BLOCK_PLUGINS, normalised: distributions never loaded, whatever RLVE_LOAD_PLUGINS says."""
    return _distribution_list("RLVE_BLOCK_PLUGINS") or set()


def not_loaded_because(distribution: str) -> str | None:
    """Why an installed ``distribution`` is not loaded on purpose (blocked or not allowed), or None."""
    name = canonical_distribution(distribution)
    if name in blocked_distributions():
        return f"RLVE_BLOCK_PLUGINS names it (remove {distribution} from it, or unset it)"
    allowed = allowed_distributions()
    if allowed is not None and name not in allowed:
        return f"RLVE_LOAD_PLUGINS does not name it (add {distribution} to it, or unset it)"
    return None


_ON = {"1", "true", "yes", "on"}
_OFF = {"", "0", "false", "no", "off"}


def _flag(variable: str) -> bool:
    raw = os.environ.get(variable, "").strip().lower()
    if raw not in _ON | _OFF:
        warnings.warn(
            f"{variable}={raw!r} is not understood, so it is off: use 1 to turn it on, 0 or unset to leave it off",
            RlvePluginWarning,
            stacklevel=3,
        )
    return raw in _ON


def strict_mode() -> bool:
    return _flag("RLVE_STRICT_PLUGINS")


def trace_mode() -> bool:
    return _flag("RLVE_TRACE_PLUGINS")


_short = reprlib.Repr()
_short.maxstring = _short.maxother = 60
_short.maxlist = _short.maxtuple = _short.maxset = _short.maxdict = 5
_CALLABLES = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.BuiltinMethodType)


def short_repr(value: object) -> str:
    """A one-line repr for traces: ``<function register>`` rather than a closure's full qualified name."""
    if isinstance(value, _CALLABLES):
        return f"<function {getattr(value, '__name__', '?')}>"
    if isinstance(value, type):
        return f"<class {value.__module__}.{value.__qualname__}>"
    return _short.repr(value)


def trace(line: str) -> None:
    """One RLVE_TRACE_PLUGINS line on stderr."""
    sys.stderr.write(f"rlve: trace: {line}\n")
    sys.stderr.flush()


def _call_text(hook_name: str, kwargs: dict[str, Any]) -> str:
    return f"{hook_name}({', '.join(f'{name}={short_repr(value)}' for name, value in kwargs.items())})"


def _milliseconds(started: float) -> str:
    return f"{(time.perf_counter() - started) * 1000:.2f} ms"


class LoadedPlugins:
    """The outcome of loading: the pluggy manager, the registries, and what went wrong where."""

    def __init__(self, strict: bool, tracing: bool = False):
        self.strict = strict
        self.tracing = tracing
        self.manager = pluggy.PluginManager(hookspecs.PROJECT)
        self.manager.add_hookspecs(hookspecs)
        self.registry = Registry()
        self.curricula: dict[str, CurriculumEntry] = {}
        self.plugins: dict[str, PluginInfo] = {}
        self.blocked: dict[str, PluginInfo] = {}  # installed, named by RLVE_BLOCK_PLUGINS, never imported
        self.problems: list[str] = []
        self.failed: dict[str, PluginInfo] = {}  # distributions that could not be imported or registered
        self._distribution_of: dict[str, str] = {}  # pluggy plugin name -> distribution
        if tracing:
            self._trace_direct_calls()

    def problem(self, distribution: str, what: str, error: BaseException | str) -> None:
        detail = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        message = f"plugin {distribution!r}: {what}: {detail}"
        if distribution not in self.plugins:  # nothing of it loaded: report it as failed, with why
            info = self.failed.setdefault(distribution, PluginInfo(distribution, _version_of(distribution), "failed"))
            info.errors.append(f"{what}: {detail}")
        else:
            self.plugins[distribution].errors.append(f"{what}: {detail}")
        if self.strict:
            raise PluginLoadError(message + " (RLVE_STRICT_PLUGINS is set)")
        self.problems.append(message)
        warnings.warn(message, RlvePluginWarning, stacklevel=4)

    def _trace_direct_calls(self) -> None:
        """Trace calls made straight through ``manager.hook.NAME(...)``; ``call_each`` traces its own."""
        started: list[float] = []

        def before(hook_name: str, hook_impls: list[Any], kwargs: dict[str, Any]) -> None:
            started.append(time.perf_counter())

        def after(outcome: Any, hook_name: str, hook_impls: list[Any], kwargs: dict[str, Any]) -> None:
            elapsed = _milliseconds(started.pop())
            names = [self._distribution_of.get(impl.plugin_name, impl.plugin_name) for impl in hook_impls]
            who = ", ".join(dict.fromkeys(names)) or "no plugin"
            error = outcome.exception
            result = f"raised {type(error).__name__} after {elapsed}" if error is not None else elapsed
            trace(f"{who}: {_call_text(hook_name, kwargs)}: {result}")

        self.manager.add_hookcall_monitoring(before, after)

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
        self._warn_unmarked_hooks(module, distribution)

    def _warn_unmarked_hooks(self, module: object, distribution: str) -> None:
        """A function named like a hook but without ``@hookimpl`` is never called (pluggy looks for the
        marker): say so, instead of letting the pack's environments silently not exist."""
        marker = f"{hookspecs.PROJECT}_impl"
        for name in sorted(n for n in dir(hookspecs) if n.startswith(("register_", "check_"))):
            function = getattr(module, name, None)
            defined_here = getattr(function, "__module__", None) == getattr(module, "__name__", None)
            if callable(function) and defined_here and not hasattr(function, marker):
                self.problem(
                    distribution,
                    f"{getattr(module, '__name__', module)}.{name} has no @hookimpl, so rlve never calls it",
                    "decorate it with @hookimpl (from rlve import hookimpl)",
                )

    def load_builtins(self) -> None:
        version = _version_of(BUILTIN)
        for module_name in _BUILTIN_MODULES:
            self.add_module(importlib.import_module(module_name), BUILTIN, version, module_name)

    def load_entry_points(self, allowed: set[str] | None, blocked: set[str] | None = None) -> None:
        """Import every pack's entry point; ``blocked`` ones are skipped even if ``allowed`` names them."""
        blocked = blocked or set()
        installed: dict[str, str] = {}  # canonical name -> the distribution's own spelling
        seen: set[tuple[str, str]] = set()
        for entry_point in importlib.metadata.entry_points(group=hookspecs.PROJECT):
            distribution = entry_point.dist.name if entry_point.dist is not None else entry_point.value
            version = entry_point.dist.version if entry_point.dist is not None else "unknown"
            key = (canonical_distribution(distribution), entry_point.name)
            installed.setdefault(key[0], distribution)
            if key in seen:  # the same distribution visible twice on sys.path
                continue
            seen.add(key)
            if key[0] in blocked:
                self.blocked.setdefault(distribution, PluginInfo(distribution, version, status="blocked"))
                continue
            if allowed is not None and key[0] not in allowed:
                continue
            started = time.perf_counter()
            try:
                module = entry_point.load()
            except Exception as error:  # noqa: BLE001 - any import failure is the pack's, not ours
                if self.tracing:
                    trace(f"{distribution}: import {entry_point.value}: raised {type(error).__name__}")
                self.problem(distribution, f"failed to import entry point {entry_point.name!r}", error)
                continue
            if self.tracing:
                trace(f"{distribution}: import {entry_point.value}: {_milliseconds(started)}")
            self.add_module(module, distribution, version, f"{distribution}:{entry_point.name}")
        self._check_blocklist(blocked, installed)

    def _check_blocklist(self, blocked: set[str], installed: dict[str, str]) -> None:
        """Warn about RLVE_BLOCK_PLUGINS names that block nothing: most likely misspelt."""
        for name in sorted(blocked - set(installed)):
            if name == canonical_distribution(BUILTIN):
                message = f"RLVE_BLOCK_PLUGINS names {BUILTIN}, whose built-in commands and curricula cannot be blocked"
            else:
                # Compared without the shared prefix, so 'graph' and 'rlve-plugin-grpah' both find rlve-plugin-graph
                # and the prefix alone makes no two packs look alike.
                bare = {other.removeprefix("rlve-plugin-"): other for other in sorted(installed)}
                close = difflib.get_close_matches(name.removeprefix("rlve-plugin-"), list(bare), n=3, cutoff=0.7)
                hint = (
                    f"did you mean {', '.join(installed[bare[other]] for other in close)}?"
                    if close
                    else f"installed rlve plugins: {', '.join(sorted(installed.values())) or 'none'}"
                )
                message = f"RLVE_BLOCK_PLUGINS names {name!r}, which is not an installed rlve plugin; {hint}"
            if self.strict:
                raise PluginLoadError(message + " (RLVE_STRICT_PLUGINS is set)")
            warnings.warn(message, RlvePluginWarning, stacklevel=4)

    def call_each(self, hook_name: str, make_kwargs: Callable[[str], dict[str, Any]]) -> None:
        """Call every implementation of a hook separately, so one that raises cannot stop the others."""
        hook = getattr(self.manager.hook, hook_name)
        for impl in hook.get_hookimpls():
            distribution = self._distribution_of.get(impl.plugin_name, impl.plugin_name)
            kwargs = make_kwargs(distribution)
            arguments = {name: kwargs[name] for name in impl.argnames}
            started = time.perf_counter()
            try:
                impl.function(**arguments)
            except Exception as error:  # noqa: BLE001 - a pack's hook may raise anything; it is reported
                if self.tracing:
                    trace(
                        f"{distribution}: {_call_text(hook_name, arguments)}: raised {type(error).__name__} "
                        f"after {_milliseconds(started)}"
                    )
                if isinstance(error, PluginLoadError):  # strict mode, already reported in full by problem()
                    raise
                if isinstance(error, RlveError):
                    self.problem(distribution, f"{hook_name} failed", error)
                else:
                    self.problem(distribution, f"{hook_name} raised", error)
                continue
            if self.tracing:
                trace(f"{distribution}: {_call_text(hook_name, arguments)}: {_milliseconds(started)}")

    def register_environments(self) -> None:
        def make_kwargs(distribution: str) -> dict[str, Any]:
            def register(*classes: object) -> None:
                for cls in classes:  # each class on its own: one unusable class does not cost the others
                    try:
                        self.registry.add(cls, distribution)
                    except (InvalidEnvironment, ConflictingEnvironment) as error:
                        self.problem(distribution, "registered an unusable environment", error)
                        continue
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
    loaded = LoadedPlugins(strict=strict_mode(), tracing=trace_mode())
    loaded.load_builtins()
    loaded.load_entry_points(allowed_distributions(), blocked_distributions())
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
