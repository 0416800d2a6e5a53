"""Every package of the repository builds a wheel and an sdist ready for PyPI: the licence file, a description
with no relative links (they break on PyPI), classifiers, keywords, authors, a core range packs can rely on,
the entry points that make it a pack, `twine check` passing on both, and an sdist complete enough to build
the same wheel again. Slow (it builds every package three times for real), so it runs once per CI."""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
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


@pytest.fixture(scope="module")
def sdists(tmp_path_factory) -> dict[str, Path]:
    pytest.importorskip("build", reason="the sdist checks need `build` (nox -s tests installs it)")
    folder = tmp_path_factory.mktemp("sdists")
    for path in PACKAGES.values():
        built = subprocess.run(
            [sys.executable, "-m", "build", "--sdist", "--outdir", str(folder), str(path)],
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    return {name: next(folder.glob(name.replace("-", "_") + "-*.tar.gz")) for name in PACKAGES}


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


@pytest.mark.slow
def test_twine_check_passes_on_every_wheel_and_sdist(wheels, sdists):
    """What PyPI's upload would refuse (a description that does not render, missing metadata) fails here."""
    pytest.importorskip("twine", reason="twine is not installed (nox -s tests installs it)")
    files = [str(p) for p in [*wheels.values(), *sdists.values()]]
    command = [sys.executable, "-m", "twine", "check", "--strict", *files]
    checked = subprocess.run(command, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PACKAGES))
def test_the_sdist_holds_the_licence_and_builds_the_same_wheel(sdists, wheels, tmp_path, name):
    with tarfile.open(sdists[name]) as archive:
        names = [member.split("/", 1)[1] for member in archive.getnames() if "/" in member]
    assert "LICENSE" in names and "pyproject.toml" in names and "README.md" in names, names
    rebuilt = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(sdists[name])],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
    (wheel,) = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as again, zipfile.ZipFile(wheels[name]) as first:
        assert sorted(again.namelist()) == sorted(first.namelist()), "the sdist lacks files the wheel has"
