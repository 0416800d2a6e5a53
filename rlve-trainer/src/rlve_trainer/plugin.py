"""The hook that adds ``rlve train``, ``rlve history``, ``rlve ablate``, ``rlve eval`` and ``rlve engines`` to the
``rlve`` command line.

Only click is imported here; the commands import torch, TRL and SQLAlchemy inside their bodies.
"""

from rlve import hookimpl


@hookimpl
def register_commands(cli):
    from rlve_trainer.cli.ablate import ablate
    from rlve_trainer.cli.engines import engines
    from rlve_trainer.cli.eval import eval_group
    from rlve_trainer.cli.history import history
    from rlve_trainer.cli.train import train

    cli.add_command(train)
    cli.add_command(history)
    cli.add_command(ablate)
    cli.add_command(eval_group)
    cli.add_command(engines)
