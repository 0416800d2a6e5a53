"""``rlve engines``: plug rlve's live curriculum into another RL engine, from the TOML ``rlve train`` reads."""

from __future__ import annotations

import click


@click.group()
def engines() -> None:
    """Train with another RL engine on rlve's curriculum, problems, rewards and history (docs/engines.md)."""


@engines.command()
@click.argument("config", type=click.Path(dir_okay=False))
@click.option("--gpus", type=int, default=1, show_default=True, help="GPUs per node (trainer.n_gpus_per_node)")
@click.option("--nodes", type=int, default=1, show_default=True, help="nodes (trainer.nnodes)")
@click.option(
    "--val-files",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="a fixed validation set (rlve export ... --split eval --format verl); without it validation is off",
)
@click.option("--max-prompt-length", type=int, default=1024, show_default=True, help="data.max_prompt_length")
@click.option(
    "--run",
    "launch",
    is_flag=True,
    help="run verl's main_ppo with them here and record in the history how it ended (a crash: failed)",
)
@click.argument("verl_settings", nargs=-1, metavar="[VERL_SETTING=VALUE]...")
def verl(config, gpus, nodes, val_files, max_prompt_length, launch, verl_settings):
    """Print the Hydra overrides that run verl 0.7.1 on CONFIG, the TOML `rlve train` reads, or run verl.

    One override per line, for verl's main_ppo:

    \b
    python -m verl.trainer.main_ppo $(rlve engines verl run.toml) trainer.default_local_dir=ckpt
    rlve engines verl run.toml --run trainer.default_local_dir=ckpt   # the same, and a crash is recorded
    rlve history show RUN           # the verl run's curriculum, as for `rlve train`

    Settings verl has no equivalent for are named on stderr. Add or override any verl setting after them.
    With --run, a run verl leaves unfinished (a crash, Ctrl-C) is marked failed or stopped in the history;
    run by hand, verl's driver ends without recording that, and the run stays `running`.
    """
    from pathlib import Path

    from rlve.errors import RlveError
    from rlve_trainer import packs
    from rlve_trainer.config_files import load_train
    from rlve_trainer.engines.verl_overrides import verl_overrides
    from rlve_trainer.preflight import make_curriculum

    if verl_settings and not launch:
        raise click.UsageError(
            f"{verl_settings[0]!r}: verl settings after CONFIG go with --run; without it, add them after "
            "$(rlve engines verl CONFIG) on verl's own command line"
        )
    if not Path(config).is_file():
        raise RlveError(f"config file {config!r} does not exist; pass the TOML `rlve train` reads")
    run = load_train(config)
    environments = packs.select(run.envs)  # an unknown environment fails here, not inside verl's driver
    make_curriculum(run, environments)  # so do a bad strategy or parameter
    overrides, warnings = verl_overrides(
        run, config, gpus=gpus, nodes=nodes, val_files=val_files, max_prompt_length=max_prompt_length
    )
    for warning in warnings:
        click.echo(f"rlve engines verl: {warning}", err=True)
    if launch:
        _run_verl([*overrides, *verl_settings])
        return
    for override in overrides:
        click.echo(override)


def _run_verl(overrides: list[str]) -> None:
    """verl's main_ppo in a child process; then say how it ended and exit with its code."""
    import importlib.util
    import sys

    from rlve.errors import RlveError
    from rlve_trainer.engines.verl_launch import run_verl
    from rlve_trainer.paths import rlve_command

    if importlib.util.find_spec("verl") is None:
        raise RlveError("verl is not installed in this Python: pip install 'rlve-trainer[verl]' (verl 0.7.1)")
    ended = run_verl(overrides)
    if ended.run_id is None:
        if ended.code != 0:
            click.echo(f"verl exited with code {ended.code} before rlve recorded a run", err=True)
    elif ended.marked is not None:
        click.echo(
            f"run {ended.run_id} recorded as {ended.marked} (verl exited with code {ended.code}); every step it "
            f"reported is in the history: {rlve_command(ended.db_url, ended.run_id)}",
            err=True,
        )
    sys.exit(ended.code if ended.code >= 0 else 128 - ended.code)
