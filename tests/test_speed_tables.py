"""Each first-party pack's README has a Speed table with a row for every environment the pack registers.

The figures are measurements (``python benchmarks/run.py speed --write-readmes``), which a test cannot repeat, so
only the ids are checked: a new environment without a row, or a row for one that is gone, fails here with the
command that rewrites the table. The helpers that write and read the table are tested on made-up figures.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rlve.plugins import canonical_distribution, load

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import speed_tables  # noqa: E402
from speed_tables import SpeedRow  # noqa: E402

PACK_FOLDERS = sorted(path.parent for path in ROOT.glob("rlve-plugins/*/pyproject.toml"))


def environments_of(distribution: str) -> list[str]:
    """The ids ``distribution`` registers; skips the test if it is not installed here."""
    loaded = load()
    info = next((info for name, info in loaded.plugins.items() if canonical_distribution(name) == distribution), None)
    if info is None or info.status != "loaded":
        pytest.skip(f"{distribution} is not installed here (or not loaded): no README to compare")
    return sorted(info.environments)


def row(env_id: str, **figures) -> SpeedRow:
    values = dict(median_at_top=1.0, largest_median=1.0, largest_median_level=30, worst=2.0, worst_level=30)
    values |= dict(verify=0.1, sandboxed=False) | figures
    return SpeedRow(env_id=env_id, **values)


@pytest.mark.parametrize("folder", PACK_FOLDERS, ids=[folder.name for folder in PACK_FOLDERS])
def test_pack_readme_has_a_speed_row_for_every_environment(folder):
    expected = environments_of(folder.name)
    relative = (folder / "README.md").relative_to(ROOT)
    packs = " ".join(f"--pack {pack}" for pack in sorted({env_id.split("/", 1)[0] for env_id in expected}))
    how = f"run `{speed_tables.COMMAND} {packs}` (a few minutes) to rewrite it"
    ids = speed_tables.ids_in((folder / "README.md").read_text())
    assert ids is not None, f"{relative} has no Speed table (`{speed_tables.START}`); {how}"
    missing = sorted(set(expected) - set(ids))
    extra = sorted(set(ids) - set(expected))
    assert not missing, f"{relative}: the Speed table has no row for {missing}; {how}"
    assert not extra, f"{relative}: the Speed table has rows for environments not registered: {extra}; {how}"
    assert len(ids) == len(set(ids)), f"{relative}: the Speed table lists an environment twice; {how}"


def test_writing_the_table_adds_one_section_then_replaces_it():
    readme = "# pack\n\nintro\n"
    first = speed_tables.with_section(readme, [row("x/b"), row("x/a")], "a machine, 2026-01-01", "12 seeds")
    assert first.startswith(readme.rstrip())
    assert first.count(speed_tables.HEADING) == 1
    assert speed_tables.ids_in(first) == ["x/a", "x/b"]  # sorted, whatever order they were measured in
    second = speed_tables.with_section(first + "\nlater text\n", [row("x/c")], "another machine", "12 seeds")
    assert second.count(speed_tables.HEADING) == 1 and second.count(speed_tables.START) == 1
    assert speed_tables.ids_in(second) == ["x/c"]
    assert "another machine" in second and "a machine, 2026" not in second
    assert second.rstrip().endswith("later text"), "text after the table must survive a rewrite"


def test_a_readme_without_the_table_reads_as_none_and_a_broken_one_says_what_is_wrong():
    assert speed_tables.ids_in("# pack\n") is None
    with pytest.raises(ValueError, match="end marker"):
        speed_tables.ids_in(f"# pack\n{speed_tables.START}\n| `x/a` | 1 |\n")


def test_the_bar_flags_each_way_of_missing_it():
    assert row("x/a").over_bar() == []
    assert row("x/a", largest_median=7.5, largest_median_level=26).over_bar() == ["median 7.5 ms at d=26"]
    assert row("x/a", worst=240.0, worst_level=21).over_bar() == ["worst 240 ms at d=21"]
    assert row("x/a", verify=1.5).over_bar() == ["verification 1.50 ms"]
    # Verification in the sandbox (model code run in a child) is measured but not held to the 1 ms bar.
    assert row("x/a", verify=25.0, sandboxed=True).over_bar() == []
    assert row("x/a", reference_rejected=True).over_bar() == ["its own reference answer was not accepted"]
    rendered = speed_tables.render([row("x/a", worst=240.0, worst_level=21)], "m", "s")
    assert "| `x/a` |" in rendered and "no: worst 240 ms at d=21" in rendered
