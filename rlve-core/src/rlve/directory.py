"""The pack directory: the packs known to rlve, whether installed or not, so a pack can be found without
already knowing its name (llm's plugin directory, datasette's plugins page).

One data file, ``rlve/data/packs.json``, lists each pack's distribution name, a one-line summary, its number
of environments, tags and where its source lives. ``rlve packs`` shows it with what is installed here,
``rlve packs search WORD`` filters it, and ``docs/packs.md`` is rendered from it::

    python -m rlve.directory > docs/packs.md

A test compares that file with the data, and the first-party packs' environment counts with their installed
registries. How to get a pack listed: docs/publishing.md.
"""

from __future__ import annotations

import importlib.metadata
import json
from dataclasses import dataclass
from importlib import resources

COMMAND = "python -m rlve.directory > docs/packs.md"


@dataclass(frozen=True)
class ListedPack:
    name: str  # the distribution, as `pip install` takes it
    summary: str
    environments: int
    tags: tuple[str, ...] = ()
    source: str = ""

    def installed_version(self) -> str | None:
        try:
            return importlib.metadata.version(self.name)
        except importlib.metadata.PackageNotFoundError:
            return None

    def matches(self, word: str) -> bool:
        """Whether ``word`` (any case) is in the name, the summary or a tag."""
        needle = word.lower()
        return any(needle in text.lower() for text in (self.name, self.summary, *self.tags))

    def as_dict(self, installed: str | None = None) -> dict[str, object]:
        return {
            "name": self.name,
            "summary": self.summary,
            "environments": self.environments,
            "tags": list(self.tags),
            "source": self.source,
            "installed": installed,
        }


def listed_packs() -> list[ListedPack]:
    """Every pack in the directory, by name."""
    text = resources.files("rlve").joinpath("data", "packs.json").read_text(encoding="utf-8")
    packs = [
        ListedPack(
            name=entry["name"],
            summary=entry["summary"],
            environments=int(entry["environments"]),
            tags=tuple(entry.get("tags", ())),
            source=entry.get("source", ""),
        )
        for entry in json.loads(text)
    ]
    return sorted(packs, key=lambda pack: pack.name)


def search(packs: list[ListedPack], words: tuple[str, ...]) -> list[ListedPack]:
    """The packs matching every one of ``words``."""
    return [pack for pack in packs if all(pack.matches(word) for word in words)]


def markdown(packs: list[ListedPack]) -> str:
    """``docs/packs.md``: the directory as a table, with how to install and how to get listed."""
    lines = [
        "# Packs",
        "",
        f"The environment packs rlve knows of, generated from `rlve-core/src/rlve/data/packs.json` by `{COMMAND}`:",
        "do not edit it by hand. `rlve packs` shows the same list with what is installed, `rlve packs search WORD`",
        "filters it, and `rlve install NAME` installs a pack with pip into the Python that runs rlve, then says",
        "how many environments it added (`rlve uninstall NAME` takes it away).",
        "To get a pack listed, see [publishing.md](publishing.md#getting-a-pack-listed).",
        "",
        f"{len(packs)} packs, {sum(pack.environments for pack in packs)} environments.",
        "",
        "| pack | environments | what it holds | tags | source |",
        "| --- | --- | --- | --- | --- |",
    ]
    for pack in packs:
        cells = [f"`{pack.name}`", str(pack.environments), pack.summary, ", ".join(pack.tags), pack.source]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(listed_packs()), end="")
