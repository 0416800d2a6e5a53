"""``rlve plugins``: which packs are loaded, their versions, hooks and environments, as JSON."""

from __future__ import annotations

import json

import click


@click.command("plugins")
def plugins() -> None:
    """List plugin distributions as JSON: name, version, status, hooks, environments.

    Status is "loaded"; "blocked" for an installed pack that RLVE_BLOCK_PLUGINS names (never imported);
    "failed" for one that could not be imported or registered, with its "errors".
    """
    from rlve.plugins import load

    loaded = load()
    everything = {**loaded.failed, **loaded.blocked, **loaded.plugins}
    report = [info.as_dict() for _, info in sorted(everything.items())]
    click.echo(json.dumps(report, indent=2))
