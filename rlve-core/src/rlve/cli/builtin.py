"""rlve's own commands, registered through the same hook a pack's commands use."""

from rlve.hookspecs import hookimpl


@hookimpl
def register_commands(cli):
    from rlve.cli import check, envs, export, install, pack, packs_command, plugins_command, sample, tour

    cli.add_command(plugins_command.plugins)
    cli.add_command(packs_command.packs)
    cli.add_command(install.install)
    cli.add_command(install.uninstall)
    cli.add_command(envs.envs)
    cli.add_command(sample.sample)
    cli.add_command(sample.verify)
    cli.add_command(tour.tour)
    cli.add_command(check.check)
    cli.add_command(pack.pack)
    cli.add_command(export.export)
    cli.add_command(export.verify_file)
