"""``rlve pack new``: names are validated, nothing is overwritten, and the pack it writes works with no
edits. The slow test does what a pack author does, in a fresh venv with rlve-core built as a wheel."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from fake_packs import run_rlve

from rlve.cli.pack import pack_names, template_files, write_pack
from rlve.errors import RlveError
from rlve.testing import check_environments

CORE = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("name", "pack", "package"),
    [
        ("rlve-plugin-chess", "chess", "rlve_plugin_chess"),
        ("rlve-plugin-board-games", "board_games", "rlve_plugin_board_games"),
        ("rlve-plugin-go9", "go9", "rlve_plugin_go9"),
    ],
)
def test_names_are_derived_from_the_distribution_name(name, pack, package):
    names = pack_names(name)
    assert (names.distribution, names.pack, names.package) == (name, pack, package)


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("chess", "did you mean rlve-plugin-chess?"),
        ("rlve_plugin_chess", "did you mean rlve-plugin-chess?"),
        ("rlve-plugin-Chess", "did you mean rlve-plugin-chess?"),
        ("rlve-plugin-", "lower-case letters"),
        ("rlve-plugin-9lives", "starting with a letter"),
        ("rlve-plugin-a--b", "single hyphens"),
    ],
)
def test_bad_names_are_refused_with_a_hint(name, hint):
    with pytest.raises(RlveError, match="not a valid pack name") as caught:
        pack_names(name)
    assert hint in str(caught.value)


def test_the_written_pack_is_complete_and_fully_rendered(tmp_path):
    written = write_pack(pack_names("rlve-plugin-chess"), tmp_path / "rlve-plugin-chess")
    root = tmp_path / "rlve-plugin-chess"
    relative = {str(path.relative_to(root)) for path in written}
    assert relative == {
        ".gitignore",
        "README.md",
        "pyproject.toml",
        "src/rlve_plugin_chess/__init__.py",
        "src/rlve_plugin_chess/pair_sum.py",
        "tests/test_conformance.py",
        "tests/test_pair_sum.py",
    }
    for path in written:
        text = path.read_text()
        assert "{{" not in text and "}}" not in text.replace("}}}", ""), path
    pyproject = (root / "pyproject.toml").read_text()
    assert '[project.entry-points.rlve]\nchess = "rlve_plugin_chess"' in pyproject
    assert 'dependencies = ["rlve-core>=0.1,<0.2"]' in pyproject
    assert 'pack = "chess"' in (root / "tests" / "test_conformance.py").read_text()
    assert 'id = "chess/pair_sum"' in (root / "src" / "rlve_plugin_chess" / "pair_sum.py").read_text()
    assert len(template_files()) == len(written)


def test_the_example_environment_passes_the_suite_without_being_installed(tmp_path, monkeypatch):
    write_pack(pack_names("rlve-plugin-kitdemo"), tmp_path / "rlve-plugin-kitdemo")
    monkeypatch.syspath_prepend(str(tmp_path / "rlve-plugin-kitdemo" / "src"))
    from rlve_plugin_kitdemo import ENVIRONMENTS

    (report,) = check_environments(ENVIRONMENTS)
    assert report.passed and report.isolated
    assert report.checks["fresh_process"].status == "passed"


def test_the_command_refuses_to_overwrite_and_leaves_nothing_behind(tmp_path):
    created = run_rlve(tmp_path, "pack", "new", "rlve-plugin-chess", "--path", str(tmp_path / "packs"))
    assert created.returncode == 0, created.stderr
    assert "rlve check chess" in created.stdout
    (tmp_path / "packs" / "rlve-plugin-other").mkdir()
    again = run_rlve(tmp_path, "pack", "new", "rlve-plugin-other", "--path", str(tmp_path / "packs"))
    assert again.returncode == 2 and "already exists" in again.stderr
    assert sorted(p.name for p in (tmp_path / "packs").iterdir()) == ["rlve-plugin-chess", "rlve-plugin-other"]
    bad = run_rlve(tmp_path, "pack", "new", "Chess")
    assert bad.returncode == 2 and "did you mean rlve-plugin-chess" in bad.stderr


def run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("RLVE_", "PYTHONPATH", "PYTEST_"))}
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=900, cwd=cwd, env=environ)


@pytest.mark.slow
def test_a_new_pack_installs_registers_and_passes_check_and_pytest_in_a_fresh_venv(tmp_path):
    # rlve-core as a wheel: the templates must be inside it, or `rlve pack new` cannot work once installed.
    wheels = tmp_path / "wheels"
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels, CORE)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("rlve_core-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    for relative, _ in template_files():
        assert f"rlve/templates/pack/{relative.as_posix()}" in shipped, relative

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    pip, rlve, python = bin_dir / "pip", bin_dir / "rlve", bin_dir / "python"
    installed = run(pip, "install", "--quiet", wheel, "pytest>=8")
    assert installed.returncode == 0, installed.stdout + installed.stderr

    created = run(rlve, "pack", "new", "rlve-plugin-chess", "--path", tmp_path)
    assert created.returncode == 0, created.stderr
    pack = tmp_path / "rlve-plugin-chess"
    installed = run(pip, "install", "--quiet", "-e", pack)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    listed = run(rlve, "envs", "list", "--json")
    assert [row["id"] for row in json.loads(listed.stdout)] == ["chess/pair_sum"]
    checked = run(rlve, "check", "chess")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "chess/pair_sum" in checked.stdout and "ok: 1 of 1 environments passed" in checked.stdout
    tested = run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=pack)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "test_conformance.py" in run(python, "-m", "pytest", "--collect-only", "-q", cwd=pack).stdout
    assert " passed" in tested.stdout and "failed" not in tested.stdout
