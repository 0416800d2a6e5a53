"""Which protections hold here: said once per process, and by `rlve check` for code environments."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

from rlve_plugin_code.sandbox.first_run import FirstRun
from rlve_plugin_code.sandbox.probe import describe, isolation_here
from rlve_plugin_code.sandbox.runner import WORKDIR_PREFIX


def test_every_layer_reports_a_status():
    isolation = isolation_here()
    for layer in ("network", "ipc", "mount", "root", "user", "lifetime", "syscalls", "filesystem"):
        assert isolation.get(layer), (layer, isolation)


def test_missing_protections_are_named_with_their_reason():
    lines = describe({"network": "namespace", "ipc": "unavailable: no user namespace: Operation not permitted"})
    assert lines[0].startswith("code sandbox, protections in force here")
    assert "  network: namespace" in lines
    assert any("does not offer" in line for line in lines)
    assert lines[-1] == "  ipc: unavailable: no user namespace: Operation not permitted"


def test_the_verifier_warns_once_about_what_is_missing():
    first = FirstRun(WORKDIR_PREFIX)
    missing = {"ipc": "unavailable: no user namespace", "network": "namespace"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first.warn_about(missing)
        first.warn_about(missing)
    assert len(caught) == 1 and "ipc: unavailable: no user namespace" in str(caught[0].message)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        FirstRun(WORKDIR_PREFIX).warn_about({"network": "namespace"})
    assert caught == []


def test_rlve_check_says_which_layers_hold_for_code_environments_only():
    def check(env_id: str) -> dict:
        command = [sys.executable, "-m", "rlve", "check", env_id, "--only", "metadata", "--json"]
        completed = subprocess.run(command, capture_output=True, text=True, check=True)
        return json.loads(completed.stdout)

    headers = check("code/implement_function")["headers"]
    assert headers[0].startswith("code sandbox, protections in force here")
    assert any(line.strip().startswith("ipc: ") for line in headers)
    assert check("code/predict_output")["headers"] == []  # a value environment runs no code
