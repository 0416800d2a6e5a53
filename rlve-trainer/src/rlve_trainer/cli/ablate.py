"""``rlve ablate``: one starting model, several curriculum strategies, several seeds, one results table.

``rlve ablate CONFIG.toml`` and ``rlve ablate --demo`` run an ablation; ``report``, ``list`` read one
back from the history database.
"""

from __future__ import annotations

import click

from rlve_trainer.cli.options import location_options
from rlve_trainer.paths import db_url


class AblateGroup(click.Group):
    """``rlve ablate X.toml`` runs X; a first word that names a subcommand (report, list) runs that."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not any(arg in ("--help", "-h") for arg in args[:1]) and (not args or args[0] not in self.commands):
            args = ["run", *args]
        return super().parse_args(ctx, args)


@click.group(cls=AblateGroup)
def ablate() -> None:
    """Does the adaptive curriculum beat fixed and uniform difficulty? Train the same start under each.

    \b
    rlve ablate --demo                      # CPU, offline, <30 min: tiny model, 3 envs + 1 held out, 4 arms
    rlve ablate ablate.toml                 # your model, environments, arms, seeds and step budget
    rlve ablate report ABLATION -o ablation.png
    rlve ablate resume ABLATION             # train the arm-seeds a stopped ablation has no results for
    rlve history sql "SELECT * FROM ablation_results"

    A run takes --demo, --set FIELD=VALUE, --quiet, --db and --output (see `rlve ablate run --help`).
    """


@ablate.command()
@click.argument("config_file", required=False, metavar="[ABLATE.toml]")
@click.option("--demo", is_flag=True, help="tiny offline model, 3 envs + 1 held out: warm start, 4 arms x 3 seeds")
@click.option("--set", "overrides", multiple=True, metavar="FIELD=VALUE", help="override a field (repeatable)")
@click.option("--quiet", is_flag=True, help="only the final table")
@location_options
def run(config_file, demo, overrides, quiet, db, output):
    """Run an ablation from ABLATE.toml (or --demo) and print its table."""
    from rlve_trainer.ablate import config as config_module

    if not demo and not config_file:
        raise click.UsageError("give an ABLATE.toml or --demo (rlve ablate --help shows the format)")
    if demo and config_file:
        raise click.UsageError("give an ABLATE.toml or --demo, not both")
    from rlve_trainer.config_files import location_overrides

    location = location_overrides(output, db)
    base = config_module.demo_config() if demo else None
    config = config_module.load(config_file, [*location, *overrides], base=base)
    from rlve_trainer.ablate.runner import check, run_ablation

    if demo:
        check(config, purpose="`rlve ablate --demo`")  # before the banner: a missing math pack is one line
    if demo and not quiet:
        click.echo(
            f"demo: a tiny model is first fitted to easy problems of {', '.join(config.train.envs)} (no pretrained "
            f"weights here), then trained with GRPO under each curriculum; {', '.join(config.eval.held_out_envs)} "
            f"is only evaluated. {config_module.DEMO_DURATION}",
            err=True,
        )
    result = run_ablation(config, quiet=quiet)
    _print_report(config.db_url(), result.ablation_id)
    if not quiet:
        click.echo(f"\n  rlve ablate report {result.ablation_id} -o ablation.png")


@ablate.command()
@click.argument("ablation")
@click.option("--quiet", is_flag=True, help="only the final table")
@location_options
def resume(ablation, quiet, db, output):
    """Go on with a stopped, failed or killed ablation: train only the arm-seeds it has no results for.

    The same starting model, the same start scores, and the frontier search the ablation already ran
    (for arms that start at from-eval:start).
    """
    from rlve_trainer.ablate.runner import resume_ablation

    url = db_url(db, output)
    result = resume_ablation(url, ablation, output=output, quiet=quiet)
    _print_report(url, result.ablation_id)
    if not quiet:
        click.echo(f"\n  rlve ablate report {result.ablation_id} -o ablation.png")


@ablate.command()
@click.argument("ablation")
@click.option("-o", "--out", "out", default=None, help="also write a plot (PNG, PDF or SVG) to this file")
@click.option("--json", "as_json", is_flag=True, help="the summary as JSON (mean, interval, n per cell)")
@location_options
def report(ablation, out, as_json, db, output):
    """Print an ablation's table (mean ± 95% interval over seeds); -o also plots accuracy by difficulty."""
    if as_json:
        _print_json(db_url(db, output), ablation)
    else:
        _print_report(db_url(db, output), ablation)
    if out:
        from rlve_trainer.ablate.report import plot

        row, summary = _load_report(db_url(db, output), ablation)
        click.echo(f"wrote {plot(row, summary, out)}")


@ablate.command(name="list")
@click.option("--limit", type=int, default=None, help="only the newest N")
@location_options
def list_ablations(limit, db, output):
    """The ablations in the history database, newest first."""
    from rlve_trainer.ablate import records
    from rlve_trainer.cli.history import emit
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(db_url(db, output), create=False)
    try:
        rows = records.listing(engine, limit)
    finally:
        engine.dispose()
    columns = ["id", "name", "status", "created_at", "finished_at"]
    emit(columns, [tuple(row[c] for c in columns) for row in rows], False, False)


def _load_report(url: str, ref: str):
    """(the ablation row, its summary) from the history at ``url``; the engine is closed again."""
    from rlve_trainer.ablate.report import load
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(url, create=False)
    try:
        return load(engine, ref)
    finally:
        engine.dispose()


def _print_report(url: str, ref: str) -> None:
    from rlve_trainer.ablate.report import header, sections
    from rlve_trainer.cli.history import emit

    ablation, summary = _load_report(url, ref)
    for line in header(ablation, summary):
        click.echo(line)
    for title, (columns, rows) in sections(ablation, summary):
        click.echo(f"\n{title}")
        emit(columns, rows, False, False)


def _print_json(url: str, ref: str) -> None:
    import json

    from rlve_trainer.ablate.report import as_json

    click.echo(json.dumps(as_json(*_load_report(url, ref))))
