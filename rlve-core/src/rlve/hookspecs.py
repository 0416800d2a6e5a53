"""The hooks a pack can implement. Each receives a callback and calls it once per thing it adds.

A pack's module (named by its ``rlve`` entry point) implements any of these with ``@rlve.hookimpl``::

    @hookimpl
    def register_environments(register):
        register(ShortestPath, MaxFlow)  # or register(*ENVIRONMENTS)

rlve's own curricula and commands register through these same hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

if TYPE_CHECKING:
    import click

    from rlve.environment import Environment

#: The pluggy project name, also the entry-point group packs declare.
PROJECT = "rlve"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class RegisterEnvironments(Protocol):
    """The callback ``register_environments`` receives: one or more environment classes per call."""

    def __call__(self, *environments: type[Environment]) -> None: ...


@hookspec
def register_environments(register: RegisterEnvironments) -> None:
    """Add environments: call ``register(*classes)`` with every environment class the pack provides."""


@hookspec
def register_curricula(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Add curriculum strategies: call ``register(name, factory)`` once for each one the pack provides.

    ``factory(env_ids, **params)`` takes its parameters as keyword-only arguments and returns an object with
    ``sample``, ``record``, ``state_dict`` and ``load_state_dict`` (a ``rlve.curriculum.Curriculum``). A name
    another distribution registered first is warned about and skipped.
    """


@hookspec
def register_commands(cli: click.Group) -> None:
    """Add commands to the ``rlve`` command line: ``cli.add_command(...)`` or ``@cli.command()``.

    Keep imports of heavy libraries inside the command bodies so ``rlve --help`` stays fast.
    """


@hookspec
def check_header(env_ids: list[str], write: Callable[[str], None]) -> None:
    """Before ``rlve check`` runs, say what this machine offers the pack's environments among ``env_ids``.

    Call ``write(line)`` once per line: ``rlve check`` prints the lines to stderr before its progress, or puts
    them under ``headers`` with ``--json``. Do nothing when none of your environments is checked. The code
    pack says which sandbox protections hold here.
    """
