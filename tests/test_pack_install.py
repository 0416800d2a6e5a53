"""End to end, as a user meets it: a pack's wheel installed into a fresh venv adds its environments,
and uninstalling it takes them away. Slow (it builds and installs for real), so it runs once per CI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def run(*args: str | Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=900, **kwargs)


@pytest.mark.slow
def test_graph_pack_wheel_installs_lists_and_uninstalls(tmp_path):
    wheels = tmp_path / "wheels"
    built = run(
        sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", wheels, REPO / "rlve-plugins" / "rlve-plugin-graph"
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("rlve_plugin_graph-*.whl")

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    pip, rlve = bin_dir / "pip", bin_dir / "rlve"
    installed = run(pip, "install", "--quiet", REPO / "rlve-core")
    assert installed.returncode == 0, installed.stderr

    def listed() -> list[str]:
        result = run(rlve, "envs", "list", "--json")
        assert result.returncode == 0, result.stderr
        return [row["id"] for row in json.loads(result.stdout)]

    assert listed() == []
    assert run(pip, "install", "--quiet", "--no-deps", wheel).returncode == 0
    graph_ids = listed()
    assert "graph/shortest_path" in graph_ids and all(env.startswith("graph/") for env in graph_ids)
    plugins = json.loads(run(rlve, "plugins").stdout)
    assert "rlve-plugin-graph" in [p["name"] for p in plugins]

    assert run(pip, "uninstall", "--yes", "rlve-plugin-graph").returncode == 0
    assert listed() == []
