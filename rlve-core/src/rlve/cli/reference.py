"""The command-line reference, ``docs/cli.md``, generated from the click commands (llm's habit).

    python -m rlve.cli.reference > docs/cli.md

Every command and subcommand of ``rlve``, with its usage line, help text and options, exactly as ``--help``
prints them at a fixed width. Run it with every first-party distribution installed (``FIRST_PARTY``), since the
trainer adds ``train``, ``history`` and ``ablate`` through the ``register_commands`` hook; a test compares the
output with the committed file. Nothing imports this module on the way to ``rlve --help``.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Iterator

import click

#: The distributions of the rlve repository whose commands docs/cli.md lists.
FIRST_PARTY = (
    "rlve-core",
    "rlve-plugin-code",
    "rlve-plugin-graph",
    "rlve-plugin-logic",
    "rlve-plugin-math",
    "rlve-trainer",
)
#: Help is rendered at this width whatever the terminal, so the file is the same on every machine.
WIDTH = 100
COMMAND = "python -m rlve.cli.reference > docs/cli.md"


def walk(command: click.Command, ctx: click.Context) -> Iterator[tuple[click.Command, click.Context]]:
    """``command`` and every visible subcommand below it, depth first, in click's (alphabetical) order."""
    yield command, ctx
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is None or sub.hidden:
                continue
            yield from walk(sub, click.Context(sub, info_name=name, parent=ctx, **sub.context_settings))


def _anchor(path: str) -> str:
    return path.replace(" ", "-")


def render(cli: click.Group, name: str = "rlve") -> str:
    """The Markdown reference of ``cli`` and all its subcommands."""
    settings = {**cli.context_settings, "terminal_width": WIDTH, "max_content_width": WIDTH}
    root = click.Context(cli, info_name=name, **settings)
    entries = list(walk(cli, root))
    lines = [
        f"# `{name}` command reference",
        "",
        f"Generated from the click commands by `{COMMAND}`, with every first-party",
        "package installed (the trainer adds `train`, `history` and `ablate`): do not edit it by hand. A test in",
        "`rlve-core/tests` fails when this file and the commands disagree.",
        "",
    ]
    for command, ctx in entries:
        depth = len(ctx.command_path.split()) - 1
        summary = command.get_short_help_str(limit=WIDTH)
        indent = "  " * max(depth - 1, 0)
        if depth:
            lines.append(f"{indent}- [`{ctx.command_path}`](#{_anchor(ctx.command_path)}): {summary}")
    for command, ctx in entries:
        lines += ["", f"## {ctx.command_path}", "", "```text", command.get_help(ctx).rstrip(), "```"]
    return "\n".join(lines) + "\n"


def not_loaded_first_party() -> list[str]:
    """First-party distributions that are not installed or not loaded here (their commands would be missing)."""
    from rlve import plugins

    loaded = {plugins.canonical_distribution(distribution) for distribution in plugins.load().plugins}
    return [distribution for distribution in FIRST_PARTY if distribution not in loaded]


def main() -> None:
    from rlve import plugins
    from rlve.cli import _show_warning, cli

    warnings.showwarning = _show_warning
    plugins.load()
    plugins.register_commands(cli)
    missing = not_loaded_first_party()
    if missing:
        click.echo(
            f"rlve: warning: {', '.join(missing)} not loaded, so their commands are missing; docs/cli.md lists "
            "the commands of every first-party package: install them all (and unset RLVE_LOAD_PLUGINS and "
            "RLVE_BLOCK_PLUGINS)",
            err=True,
        )
    sys.stdout.write(render(cli))


if __name__ == "__main__":
    main()
