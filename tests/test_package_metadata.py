"""Every package of the repository builds a wheel ready for PyPI: the licence file, a description with no
relative links (they break on PyPI), classifiers, keywords, authors, a core range packs can rely on, and
the entry points that make it a pack. Slow (it builds six wheels for real), so it runs once per CI."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGES = {
    "rlve-core": REPO / "rlve-core",
    "rlve-trainer": REPO / "rlve-trainer",
    **{path.name: path for path in sorted((REPO / "rlve-plugins").glob("rlve-plugin-*"))},
}
#: A Markdown link or image whose target is neither a web address nor an anchor on the page.
RELATIVE_LINK = re.compile(r"\]\((?!https?://|#|mailto:)([^)\s]+)\)")


@pytest.fixture(scope="module")
def wheels(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("wheels")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(folder), *map(str, PACKAGES.values())],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    found = {}
    for name in PACKAGES:
        (wheel,) = folder.glob(name.replace("-", "_") + "-*.whl")
        found[name] = wheel
    return found


def metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as archive:
        info = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        entry_points = next((n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")), None)
        licences = [n for n in archive.namelist() if ".dist-info/licenses/" in n]
        return (
            Parser().parsestr(archive.read(info).decode()),
            archive.read(entry_points).decode() if entry_points else "",
            licences,
        )


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PACKAGES))
def test_the_wheel_is_ready_for_pypi(wheels, name):
    meta, entry_points, licences = metadata(wheels[name])
    assert meta["Name"] == name
    assert meta["License-Expression"] == "Apache-2.0" and licences, "the licence file is in the wheel"
    assert meta["Author"] and meta["Keywords"] and len(meta.get_all("Classifier") or []) >= 3
    description = meta.get_payload()
    assert meta["Description-Content-Type"] == "text/markdown" and len(description) > 500
    assert not RELATIVE_LINK.findall(description), "relative links break on PyPI"
    if name != "rlve-core":
        core = [r for r in meta.get_all("Requires-Dist") if r.startswith("rlve-core")]
        assert core and "<" in core[0], f"{name} pins a compatible rlve-core range: {core}"
    if name.startswith("rlve-plugin-"):
        pack = name.removeprefix("rlve-plugin-")
        assert re.search(rf"^\[rlve\]\n{pack} = rlve_plugin_{pack}$", entry_points, re.M), entry_points
