"""``rlve install`` / ``rlve uninstall``: pip for packs, into the Python that runs rlve, then what changed.

The interpreter is ``sys.executable``, so it works wherever rlve was installed (a venv, pipx, ``uv tool``):
``pip install`` run by hand may target another Python than the one the ``rlve`` command uses (llm install's
reason to exist). Where that Python has no pip (``uv tool`` environments), ``uv pip --python`` is used. What
each pack added or took away is read from ``rlve plugins`` before and after, in fresh processes:

    + 100 environments from rlve-plugin-graph 0.1.0
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys

import click

from rlve.errors import RlveError

Inventory = dict[str, tuple[str, list[str], str]]  # distribution -> (version, environment ids, status)


def inventory() -> Inventory:
    """Every rlve plugin distribution this Python sees now (a fresh process: new installs included)."""
    result = subprocess.run(
        [sys.executable, "-m", "rlve", "plugins"], capture_output=True, text=True, timeout=600, check=False
    )
    if result.returncode != 0:
        return {}
    return {
        row["name"]: (row["version"], list(row.get("environments", [])), row.get("status", "loaded"))
        for row in json.loads(result.stdout or "[]")
    }


def _count(ids: list[str]) -> str:
    return f"{len(ids)} environment{'s' if len(ids) != 1 else ''}"


def describe_changes(before: Inventory, after: Inventory) -> list[str]:
    """One line per distribution that appeared, went or changed version or environments."""
    lines = []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if old is None:
            version, ids, status = new
            if status == "failed":
                lines.append(f"! {name} {version} is installed but failed to load: see `rlve plugins`")
            else:
                lines.append(f"+ {_count(ids)} from {name} {version}")
        elif new is None:
            version, ids, _ = old
            lines.append(f"- {_count(ids)} with {name} {version}")
        else:
            added = sorted(set(new[1]) - set(old[1]))
            removed = sorted(set(old[1]) - set(new[1]))
            change = [f"+{len(added)}"] if added else []
            change += [f"-{len(removed)}"] if removed else []
            counts = f": {' '.join(change)} environments" if change else ""
            lines.append(f"~ {name} {old[0]} -> {new[0]}{counts}")
    return lines


def pip_command(*args: str) -> list[str]:
    """pip of the Python running rlve, or ``uv pip --python`` for one without pip."""
    if importlib.util.find_spec("pip") is not None:
        return [sys.executable, "-m", "pip", *args]
    uv = shutil.which("uv")
    if uv is not None:
        return [uv, "pip", *args, "--python", sys.executable]
    raise RlveError(f"the Python running rlve ({sys.executable}) has no pip, and uv is not on PATH: install pip there")


def _run_pip(args: list[str], what: str) -> None:
    command = pip_command(*args)
    result = subprocess.run(command, check=False)  # pip's own output goes straight to the terminal
    if result.returncode != 0:
        raise RlveError(f"{what} failed (pip exited with {result.returncode}; its message is above)")


@click.command("install")
@click.argument("packages", nargs=-1, required=True, metavar="PACKAGE...")
@click.option("-U", "--upgrade", is_flag=True, help="Upgrade the packages if they are already installed.")
@click.option("-e", "--editable", is_flag=True, help="Install a local folder in editable mode (pip install -e).")
def install(packages: tuple[str, ...], upgrade: bool, editable: bool) -> None:
    """Install packs with pip into the Python that runs rlve, then show what they added.

    \b
    rlve install rlve-plugin-graph
    rlve install ./my-pack -e
    """
    before = inventory()
    args = ["install", *(["--upgrade"] if upgrade else [])]
    for package in packages:
        args += ["-e", package] if editable else [package]
    _run_pip(args, f"installing {' '.join(packages)}")
    lines = describe_changes(before, inventory())
    click.echo("\n".join(lines) if lines else "no pack was added or changed (already installed? try --upgrade)")


@click.command("uninstall")
@click.argument("packages", nargs=-1, required=True, metavar="PACKAGE...")
def uninstall(packages: tuple[str, ...]) -> None:
    """Uninstall packs from the Python that runs rlve (no confirmation), then show what went."""
    before = inventory()
    unknown = [name for name in packages if not _installed(name)]
    if unknown:
        installed = ", ".join(sorted(n for n in before if n != "rlve-core")) or "none"
        raise RlveError(f"not installed: {', '.join(unknown)} (installed rlve packs: {installed})")
    _run_pip(["uninstall", "--yes", *packages], f"uninstalling {' '.join(packages)}")
    lines = describe_changes(before, inventory())
    click.echo("\n".join(lines) if lines else "no pack was removed")


def _installed(name: str) -> bool:
    import importlib.metadata

    try:
        importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True
