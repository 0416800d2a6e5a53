"""``rlve envs list`` and ``rlve envs show``: what is installed and what each environment asks."""

from __future__ import annotations

import json

import click

from rlve.cli.options import env_argument

SHOW_LEVELS = (0, 5, 20)


@click.group("envs")
def envs() -> None:
    """Browse installed environments."""


@envs.command("list")
@click.argument("patterns", nargs=-1, metavar="[PATTERN]...")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--pack", "packs", multiple=True, help="Only environments of this pack (repeatable).")
@click.option("--tag", "tags", multiple=True, help="Only environments carrying this tag (repeatable).")
def list_envs(patterns: tuple[str, ...], as_json: bool, packs: tuple[str, ...], tags: tuple[str, ...]) -> None:
    """One line per environment: id, version, tags, description.

    PATTERN narrows the list: an id, a glob such as 'graph/*path*', or a pack name such as graph.
    """
    from rlve.plugins import load

    loaded = load()
    chosen = set(loaded.registry.select(list(patterns))) if patterns else None
    rows = []
    for entry in loaded.registry.entries():
        cls = entry.cls
        if chosen is not None and entry.id not in chosen:
            continue
        if packs and entry.pack not in packs:
            continue
        if tags and not set(tags) & set(cls.tags):
            continue
        rows.append(
            {
                "id": cls.id,
                "version": cls.version,
                "tags": list(cls.tags),
                "description": cls.description,
                "distribution": entry.distribution,
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        click.echo("No environments installed. Install a pack, e.g. `pip install rlve-plugin-graph`.", err=True)
        return
    width_id = max(len("ID"), *(len(row["id"]) for row in rows))
    width_tags = max(len("TAGS"), *(len(",".join(row["tags"])) for row in rows))
    click.echo(f"{'ID':<{width_id}}  VER  {'TAGS':<{width_tags}}  DESCRIPTION")
    for row in rows:
        click.echo(
            f"{row['id']:<{width_id}}  {row['version']:>3}  {','.join(row['tags']):<{width_tags}}  {row['description']}"
        )
    for env_id, distributions in sorted(loaded.registry.conflicts.items()):
        click.echo(f"(unusable: {env_id} is registered by {' and '.join(distributions)})", err=True)


@envs.command("show")
@env_argument()
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Seed of the samples.")
def show(env_id: str, seed: int) -> None:
    """Describe one environment and show samples at difficulty 0, 5 and 20."""
    from rlve.plugins import load

    entry = load().registry.entry(env_id)
    env = entry.instance()
    cls = entry.cls
    click.echo(f"{cls.id}  (version {cls.version}, from {entry.distribution})")
    click.echo(cls.description)
    click.echo(f"Difficulty scales: {cls.difficulty_scales}")
    click.echo(f"Size measure: {cls.size_name}")
    click.echo(f"Answer format: {cls.answer_format}")
    if cls.tags:
        click.echo(f"Tags: {', '.join(cls.tags)}")
    for level in SHOW_LEVELS:
        problem = env.sample(level, seed)
        click.echo(f"\n--- difficulty {level}, seed {seed} ({cls.size_name}: {problem.size}) ---")
        click.echo(problem.prompt)
        click.echo(f"[reference answer] {problem.answer}")
