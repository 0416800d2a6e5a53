"""The ``rlve`` command line. Every command, rlve's own included, is added through ``register_commands``.

Command modules live beside this one, one per command group (``envs.py``, ``sample.py``...). Nothing
here imports torch or any other heavy library: ``rlve --help`` must stay instant.
"""

from __future__ import annotations

import sys
import warnings

import click

from rlve.errors import RlveError


class MissingCommand(click.ClickException):
    """A command another rlve distribution adds (``rlve train`` without the trainer): one line, exit 2."""

    exit_code = 2


class RlveGroup(click.Group):
    """A click group that prints rlve's own errors as one line and exits 2, like a usage error.

    A command that a known rlve distribution adds, asked for while that distribution is not installed or not
    loaded, is answered with what to install instead of click's ``No such command``.
    """

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = args[0] if args else None
        if isinstance(name, str) and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            from rlve.cli.missing import missing_command_message

            message = missing_command_message(name)
            if message is not None:
                raise MissingCommand(message)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except RlveError as error:
            click.echo(f"Error: {error}", err=True)
            ctx.exit(2)


@click.group(cls=RlveGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rlve-core", prog_name="rlve")
def cli() -> None:
    """rlve: adaptive verifiable environments for RL on language models."""


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    click.echo(f"rlve: warning: {message}", err=True)


def main(argv: list[str] | None = None) -> None:
    from rlve import plugins

    warnings.showwarning = _show_warning
    try:
        plugins.load()
        plugins.register_commands(cli)
    except RlveError as error:  # RLVE_STRICT_PLUGINS=1 and a pack failed
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)
    cli.main(args=argv, prog_name="rlve")
