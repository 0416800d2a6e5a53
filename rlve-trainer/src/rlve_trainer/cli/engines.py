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
def verl(config, gpus, nodes, val_files, max_prompt_length):
    """Print the Hydra overrides that run verl 0.7.1 on CONFIG, the TOML `rlve train` reads.

    One override per line, for verl's main_ppo:

    \b
    python -m verl.trainer.main_ppo $(rlve engines verl run.toml) trainer.default_local_dir=ckpt
    rlve history show RUN           # the verl run's curriculum, as for `rlve train`

    Settings verl has no equivalent for are named on stderr. Add or override any verl setting after them.
    """
    from pathlib import Path

    from rlve.errors import RlveError
    from rlve_trainer import packs
    from rlve_trainer.config_files import load_train
    from rlve_trainer.engines.verl_overrides import verl_overrides
    from rlve_trainer.preflight import make_curriculum

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
    for override in overrides:
        click.echo(override)
