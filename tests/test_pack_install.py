"""End to end, as a user meets it: a pack's wheel installed into a fresh venv with `rlve install` adds its
environments (and says how many), and `rlve uninstall` takes them away. Slow (it builds and installs for
real), so it runs once per CI."""

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
    added = run(rlve, "install", wheel)  # pip into the Python running rlve, then what the pack added
    assert added.returncode == 0, added.stdout + added.stderr
    graph_ids = listed()
    assert f"+ {len(graph_ids)} environments from rlve-plugin-graph 0.1.0" in added.stdout
    assert "graph/shortest_path" in graph_ids and all(env.startswith("graph/") for env in graph_ids)
    plugins = json.loads(run(rlve, "plugins").stdout)
    assert "rlve-plugin-graph" in [p["name"] for p in plugins]

    removed = run(rlve, "uninstall", "rlve-plugin-graph")
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert f"- {len(graph_ids)} environments with rlve-plugin-graph 0.1.0" in removed.stdout
    assert listed() == []
    again = run(rlve, "uninstall", "rlve-plugin-graph")
    assert again.returncode == 2 and "not installed: rlve-plugin-graph" in again.stderr
