"""`rlve install` / `rlve uninstall` say what changed; pip failures are one line, nothing installed by hand.
(The end-to-end install of a real wheel into a fresh venv is tests/test_pack_install.py.)"""

from __future__ import annotations

import subprocess
import sys

from rlve.cli.install import describe_changes, pip_command


def test_what_changed_is_one_line_per_distribution():
    before = {
        "rlve-core": ("0.1.0", [], "loaded"),
        "rlve-plugin-math": ("0.1.0", ["math/a", "math/b"], "loaded"),
        "rlve-plugin-old": ("2.0", ["old/x"], "loaded"),
    }
    after = {
        "rlve-core": ("0.1.0", [], "loaded"),
        "rlve-plugin-math": ("0.2.0", ["math/a", "math/c", "math/d"], "loaded"),
        "rlve-plugin-graph": ("0.1.0", ["graph/x", "graph/y"], "loaded"),
        "rlve-plugin-broken": ("1.0", [], "failed"),
    }
    assert describe_changes(before, after) == [
        "! rlve-plugin-broken 1.0 is installed but failed to load: see `rlve plugins`",
        "+ 2 environments from rlve-plugin-graph 0.1.0",
        "~ rlve-plugin-math 0.1.0 -> 0.2.0: +2 -1 environments",
        "- 1 environment with rlve-plugin-old 2.0",
    ]
    assert describe_changes(before, before) == []


def test_pip_is_the_one_of_the_python_running_rlve():
    assert pip_command("install", "x")[:3] == [sys.executable, "-m", "pip"]


def rlve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rlve", *args], capture_output=True, text=True, timeout=600)


def test_a_failed_pip_install_is_one_error_line_and_exit_2(tmp_path):
    result = rlve("install", str(tmp_path / "no-such-pack"))
    assert result.returncode == 2
    assert "failed (pip exited with 1; its message is above)" in result.stderr and "Traceback" not in result.stderr


def test_uninstalling_what_is_not_installed_names_it_and_the_installed_packs():
    result = rlve("uninstall", "rlve-plugin-no-such-pack")
    assert result.returncode == 2
    assert "not installed: rlve-plugin-no-such-pack" in result.stderr and "installed rlve packs:" in result.stderr
