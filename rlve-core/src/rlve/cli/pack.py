"""``rlve pack new NAME``: write a ready environment pack from the templates in ``rlve/templates/pack``.

The pack installs, registers its example environment through the ``rlve`` entry point, and passes
``rlve check <pack>`` and its own ``pytest`` with no edits. Template files end in ``.tmpl`` (so no tool
mistakes them for code) and use ``{{placeholders}}``; a folder named ``__package__`` becomes the
import package, and ``gitignore`` becomes ``.gitignore``.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import click

from rlve.errors import RlveError

PREFIX = "rlve-plugin-"
_NAME = re.compile(r"^rlve-plugin-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_PLACEHOLDER = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")
_RENAMES = {"gitignore": ".gitignore"}


@dataclass(frozen=True)
class PackNames:
    distribution: str  # rlve-plugin-board-games
    pack: str  # board_games: the part before the slash of every environment id
    package: str  # rlve_plugin_board_games

    @property
    def title(self) -> str:
        return self.pack.replace("_", " ").capitalize()

    def placeholders(self) -> dict[str, str]:
        return {
            "distribution": self.distribution,
            "pack": self.pack,
            "package": self.package,
            "title": self.title,
            "core_requirement": "rlve-core>=0.1,<0.2",
        }


def pack_names(name: str) -> PackNames:
    """Validate a distribution name such as ``rlve-plugin-chess`` and derive the pack and package names."""
    raw = name.strip()
    suggestion = re.sub(r"[^a-z0-9]+", "-", raw.lower()).strip("-")
    if not suggestion.startswith(PREFIX):
        suggestion = PREFIX + suggestion.removeprefix("rlve-").removeprefix("plugin-")
    if not _NAME.match(raw):
        why = (
            f"pack distributions are named {PREFIX}<name>"
            if not raw.lower().replace("_", "-").startswith(PREFIX)
            else "use lower-case letters, digits and single hyphens, starting with a letter after the prefix"
        )
        hint = f"; did you mean {suggestion}?" if _NAME.match(suggestion) else ""
        raise RlveError(f"{name!r} is not a valid pack name: {why}{hint}")
    pack = raw.removeprefix(PREFIX).replace("-", "_")
    return PackNames(distribution=raw, pack=pack, package=f"rlve_plugin_{pack}")


def render(text: str, values: dict[str, str], source: str) -> str:
    def substitute(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise RlveError(f"template {source} uses an unknown placeholder {{{{{key}}}}}")
        return values[key]

    return _PLACEHOLDER.sub(substitute, text)


def _walk(folder: Traversable, relative: Path = Path()) -> list[tuple[Path, Traversable]]:
    files = []
    for child in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if child.name == "__pycache__":
            continue
        if child.is_dir():
            files.extend(_walk(child, relative / child.name))
        elif child.name.endswith(".tmpl"):
            files.append((relative / child.name, child))
    return files


def template_files() -> list[tuple[Path, Traversable]]:
    """(path inside the pack template, file) for every template file shipped with rlve-core."""
    return _walk(resources.files("rlve").joinpath("templates", "pack"))


def write_pack(names: PackNames, destination: Path) -> list[Path]:
    """Write the pack into ``destination`` (which must not exist) and return the files written."""
    if destination.exists():
        raise RlveError(f"{destination} already exists; choose another name or --path, or remove it first")
    values = names.placeholders()
    templates = template_files()
    if not templates:
        raise RlveError("rlve-core's pack templates are missing: reinstall rlve-core")
    destination.parent.mkdir(parents=True, exist_ok=True)
    # Build next to the destination and move it into place at the end, so a failure leaves nothing behind.
    staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}-", dir=destination.parent))
    written = []
    try:
        for relative, template in templates:
            parts = [names.package if part == "__package__" else part for part in relative.parts]
            parts[-1] = _RENAMES.get(parts[-1].removesuffix(".tmpl"), parts[-1].removesuffix(".tmpl"))
            target = staging.joinpath(*parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(render(template.read_text(encoding="utf-8"), values, str(relative)), encoding="utf-8")
            written.append(destination.joinpath(*parts))
        staging.rename(destination)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return written


@click.group("pack")
def pack() -> None:
    """Create environment packs (rlve-plugin-* distributions)."""


@pack.command("new")
@click.argument("name")
@click.option(
    "--path",
    "parent",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="Folder to create the pack in; the pack itself goes to PATH/NAME.",
)
def new(name: str, parent: Path) -> None:
    """Write a ready pack named NAME (e.g. rlve-plugin-chess): pyproject with the rlve entry point,
    one example environment, tests wired to the conformance suite, and a README."""
    names = pack_names(name)
    from rlve.plugins import load

    if names.pack in load().registry.packs():
        click.echo(
            f"rlve: warning: an installed pack already uses the name {names.pack!r}; environment ids of the "
            "two packs will clash if they share a name",
            err=True,
        )
    destination = parent / names.distribution
    written = write_pack(names, destination)
    click.echo(f"Created {destination}/ ({len(written)} files): the {names.pack}/pair_sum example and its tests.")
    click.echo("Next:")
    click.echo(f"  cd {destination}")
    click.echo('  pip install -e ".[test]"')
    click.echo(f"  rlve check {names.pack}      # the conformance suite")
    click.echo("  pytest                 # the same suite, plus the pack's own tests")
