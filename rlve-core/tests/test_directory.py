"""The pack directory: the data file is valid, docs/packs.md is generated from it, the first-party counts
are true, and `rlve packs` / `rlve packs search` show and filter it with what is installed."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest

import rlve
from rlve.directory import COMMAND, ListedPack, listed_packs, markdown, search

DOC = Path(__file__).resolve().parents[2] / "docs" / "packs.md"


def rlve_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rlve", *args], capture_output=True, text=True, timeout=120)


def test_every_listed_pack_is_complete_and_listed_once():
    packs = listed_packs()
    assert packs, "the directory lists no pack"
    names = [pack.name for pack in packs]
    assert len(names) == len(set(names)) and names == sorted(names)
    for pack in packs:
        assert pack.summary.strip() and pack.environments > 0 and pack.tags and pack.source, pack


def test_docs_packs_md_is_generated_from_the_data():
    if not DOC.exists():
        pytest.skip(f"{DOC} is not here (rlve-core's tests run outside the repository)")
    assert DOC.read_text(encoding="utf-8") == markdown(listed_packs()), f"docs/packs.md is out of date: run `{COMMAND}`"


def test_first_party_counts_are_the_installed_counts():
    registry = rlve.registry()
    checked = 0
    for pack in listed_packs():
        try:
            importlib.metadata.version(pack.name)
        except importlib.metadata.PackageNotFoundError:
            continue
        prefix = pack.name.removeprefix("rlve-plugin-") + "/"
        installed = sum(1 for entry in registry.entries() if entry.id.startswith(prefix))
        says = f"{pack.name}: the directory says {pack.environments}, {installed} are installed"
        assert installed == pack.environments, says
        checked += 1
    if not checked:
        pytest.skip("no listed pack is installed here")


def test_search_needs_every_word_in_any_case():
    packs = [
        ListedPack("rlve-plugin-a", "Shortest paths and flows", 3, ("graph",)),
        ListedPack("rlve-plugin-b", "SQL queries", 2, ("code", "sql")),
    ]
    assert [p.name for p in search(packs, ("GRAPH",))] == ["rlve-plugin-a"]
    assert [p.name for p in search(packs, ("sql", "queries"))] == ["rlve-plugin-b"]
    assert search(packs, ("sql", "flows")) == []


def test_rlve_packs_shows_what_is_installed_and_search_filters():
    listed = json.loads(rlve_cli("packs", "--json").stdout)
    assert [row["name"] for row in listed] == [pack.name for pack in listed_packs()]
    for row in listed:
        try:
            version = importlib.metadata.version(row["name"])
        except importlib.metadata.PackageNotFoundError:
            version = None
        assert row["installed"] == version
    found = json.loads(rlve_cli("packs", "search", "sql", "--json").stdout)
    assert [row["name"] for row in found] == ["rlve-plugin-code"]
    none = rlve_cli("packs", "search", "no-such-topic-anywhere")
    assert none.returncode == 0 and "No listed pack matches" in none.stderr
