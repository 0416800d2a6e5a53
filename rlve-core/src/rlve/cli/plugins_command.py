"""``rlve plugins``: which packs are loaded, their versions, hooks and environments, as JSON."""

from __future__ import annotations

import json

import click


@click.command("plugins")
def plugins() -> None:
    """List loaded plugin distributions as JSON: name, version, hooks, environments."""
    from rlve.plugins import load

    loaded = load()
    report = [info.as_dict() for _, info in sorted(loaded.plugins.items())]
    click.echo(json.dumps(report, indent=2))
