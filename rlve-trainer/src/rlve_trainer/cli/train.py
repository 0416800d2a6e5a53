"""``rlve train``: a run from a TOML config (or the offline demo), or ``--resume`` of a stopped one.

The command builds the run's plan (``open_run``: input checked before torch is imported, the run recorded),
says where it is, and lets the plan train; Ctrl-C and SIGTERM end it with how to continue.
"""

from __future__ import annotations

import os
import sys

import click

from rlve_trainer.cli.options import location_options


@click.command()
@click.argument("config_file", required=False, metavar="[CONFIG.toml]")
@click.option(
    "--demo",
    is_flag=True,
    help="CPU, offline, ~1.5 min: a tiny model warm-started on easy problems, then GRPO whose bands climb",
)
@click.option(
    "--set",
    "overrides",
    multiple=True,
    metavar="FIELD=VALUE",
    help="override one config field, e.g. --set grpo.learning_rate=1e-6 (repeatable)",
)
@click.option("--resume", metavar="RUN", help="continue a stopped run (id, id prefix or name) from its checkpoint")
@click.option(
    "--allow-version-change",
    is_flag=True,
    help="with --resume: continue although an environment's version changed since the run started "
    "(recorded in the history's environment_changes); without it such a resume is refused",
)
@click.option("--quiet", is_flag=True, help="no progress output")
@location_options
def train(config_file, demo, overrides, resume, allow_version_change, quiet, db, output):
    """Train with GRPO (TRL) on problems drawn live from the curriculum; history goes to a SQL database.

    \b
    rlve train --demo
    rlve train run.toml --set grpo.learning_rate=1e-6
    rlve train --resume RUN
    """
    from rlve_trainer import config_files

    if resume and (config_file or demo):
        raise click.UsageError("--resume takes the run's own config; give no CONFIG or --demo with it")
    if not resume and not demo and not config_file:
        raise click.UsageError("give a CONFIG.toml, --demo, or --resume RUN")
    if allow_version_change and not resume:
        raise click.UsageError("--allow-version-change goes with --resume RUN (a new run uses the installed versions)")
    location = config_files.location_overrides(output, db)
    if resume:
        config = config_files.load_train(None, location)
        overrides_for_run = list(overrides)
    else:
        from rlve_trainer import demo as demo_module

        base = demo_module.demo_config() if demo else None
        config = config_files.load_train(config_file, [*location, *overrides], base=base)
        overrides_for_run = []
    warm_start = False
    if demo:
        from rlve_trainer import packs
        from rlve_trainer.config import ModelSection
        from rlve_trainer.preflight import preflight

        packs.select(config.envs, purpose="`rlve train --demo`")  # names the package if a pack is missing
        warm_start = not config.model.path and not config.model.tiny
        # Everything is checked before a minute goes into the warm start (the model it makes is checked later).
        preflight(config.model_copy(update={"model": ModelSection(tiny=True)}) if warm_start else config)
        demo_module.use_threads()  # before the warm start and GRPO: the same staircase on every run here
        if warm_start:
            if not quiet:
                click.echo(demo_module.banner(config), err=True)
            say = (lambda text: None) if quiet else (lambda text: click.echo(text, err=True))
            folder = demo_module.build_warm_start(demo_module.WarmStart(), config.envs, say)
            config = config.model_copy(update={"model": config.model.model_copy(update={"path": str(folder)})})
    from rlve_trainer.paths import rlve_command
    from rlve_trainer.ranks import exit_without_teardown
    from rlve_trainer.stopping import Terminated
    from rlve_trainer.train import open_run, start_line

    main_rank = os.environ.get("LOCAL_RANK", "0") == "0"
    try:
        with open_run(
            config, resume=resume, overrides=overrides_for_run, allow_version_change=allow_version_change
        ) as plan:
            if plan.ranks.is_main and not quiet:
                if demo and not warm_start:  # with a model of the user's: its checks have passed by now
                    click.echo(demo_module.banner(config), err=True)
                click.echo(start_line(plan))
            result = plan.train(quiet=quiet)
    except KeyboardInterrupt as stop:
        run_id = getattr(stop, "run_id", None)
        if run_id is None:
            raise
        how = "SIGTERM" if isinstance(stop, Terminated) else "Ctrl-C"
        if main_rank:
            step = getattr(stop, "step", None)
            at = f" at step {step}" if step is not None else ""
            click.echo(
                f"run {run_id} stopped{at} ({how}); every step reported done is in the history. "
                f"Continue it with: {rlve_command(config.db_url(), run_id, 'train --resume')}",
                err=True,
            )
        sys.exit(143 if how == "SIGTERM" else 130)
    if demo and not quiet and main_rank:
        click.echo("\n".join(demo_module.summary(result.db_url, result.run_id)))
    elif not quiet and main_rank:
        click.echo(f"run {result.run_id} finished at step {result.final_step}; history: {result.db_url}")
        click.echo(f"  {rlve_command(result.db_url, result.run_id)}")
        import importlib.util

        if importlib.util.find_spec("matplotlib") is not None:  # the plot extra: `pip install rlve-trainer[plot]`
            click.echo(f"  {rlve_command(result.db_url, result.run_id, 'history plot')} -o frontier.png")
    if plan.ranks.count > 1:
        exit_without_teardown(0)  # every rank's work is recorded; see why there
