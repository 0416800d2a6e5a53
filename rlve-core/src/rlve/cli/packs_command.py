"""``rlve packs``: the pack directory, with what is installed here; ``rlve packs search WORD`` filters it."""

from __future__ import annotations

import json

import click


def _show(packs, as_json: bool) -> None:
    rows = [(pack, pack.installed_version()) for pack in packs]
    if as_json:
        click.echo(json.dumps([pack.as_dict(installed) for pack, installed in rows], indent=2))
        return
    width = max((len(pack.name) for pack, _ in rows), default=4)
    click.echo(f"{'PACK':<{width}}  {'ENVS':>4}  {'INSTALLED':<9}  SUMMARY")
    for pack, installed in rows:
        click.echo(f"{pack.name:<{width}}  {pack.environments:>4}  {installed or '-':<9}  {pack.summary}")
    missing = [pack.name for pack, installed in rows if installed is None]
    if missing:
        click.echo(f"\nInstall one with: pip install {missing[0]}", err=True)


@click.group("packs", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (name, summary, environments, tags, installed).")
@click.pass_context
def packs(ctx: click.Context, as_json: bool) -> None:
    """The environment packs rlve knows of, and which are installed here.

    \b
    rlve packs
    rlve packs search sql
    """
    if ctx.invoked_subcommand is not None:
        return
    from rlve.directory import listed_packs

    _show(listed_packs(), as_json)


@packs.command("search")
@click.argument("words", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def search(words: tuple[str, ...], as_json: bool) -> None:
    """The listed packs whose name, summary or tags contain every WORD (any case)."""
    from rlve.directory import listed_packs
    from rlve.directory import search as matching

    found = matching(listed_packs(), words)
    if not found and not as_json:
        click.echo(f"No listed pack matches {' '.join(words)!r}; `rlve packs` shows them all.", err=True)
        return
    _show(found, as_json)
