"""docs/cli.md is generated from the click commands (``python -m rlve.cli.reference``) and kept up to date."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from rlve.cli import RlveGroup, builtin, reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def not_installed(distributions) -> list[str]:
    missing = []
    for distribution in distributions:
        try:
            importlib.metadata.version(distribution)
        except importlib.metadata.PackageNotFoundError:
            missing.append(distribution)
    return missing


def test_reference_shows_every_command_with_its_usage_help_and_options():
    group = RlveGroup(name="rlve", help="The root.", context_settings={"help_option_names": ["-h", "--help"]})
    builtin.register_commands(group)  # rlve's own commands, as the hook adds them
    hidden = click.Command("secret", hidden=True, help="Not for users.")
    group.add_command(hidden)
    text = reference.render(group)

    paths = [ctx.command_path for _, ctx in reference.walk(group, click.Context(group, info_name="rlve"))]
    assert {"rlve", "rlve envs", "rlve envs list", "rlve envs show", "rlve pack new", "rlve check"} <= set(paths)
    assert "rlve secret" not in paths and "secret" not in text
    for path in paths:
        assert f"\n## {path}\n\n```text\nUsage: {path} " in text, path
        if path != "rlve":
            assert f"- [`{path}`](#{path.replace(' ', '-')}): " in text, path
    assert "Usage: rlve envs list [OPTIONS] [PATTERN]..." in text
    assert "One line per environment: id, version, tags, description." in text  # help text
    assert "--tag TEXT" in text and "Only environments carrying this tag (repeatable)." in text  # options
    assert "-h, --help" in text  # the group's context settings hold in every section


def test_docs_cli_md_is_up_to_date():
    missing = not_installed(reference.FIRST_PARTY)
    if missing:
        pytest.skip(f"docs/cli.md lists the commands of every first-party package; not installed: {', '.join(missing)}")
    if not DOC.exists():
        pytest.skip(f"{DOC} is not here (rlve-core's tests run outside the repository)")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("RLVE_")}
    environment["COLUMNS"] = "37"  # the reference must not depend on the terminal
    result = subprocess.run(
        [sys.executable, "-m", "rlve.cli.reference"], capture_output=True, text=True, env=environment, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr, result.stderr
    assert result.stdout == DOC.read_text(encoding="utf-8"), (
        f"docs/cli.md is out of date: run `{reference.COMMAND}` from the repository root, "
        "with every first-party package installed"
    )
