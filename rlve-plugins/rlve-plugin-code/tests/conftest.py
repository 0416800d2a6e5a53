"""Fixtures for the code pack's tests; plain helpers are in ``helpers.py``.

``helpers.py`` is registered here as the module ``code_test_helpers`` (tests write
``from code_test_helpers import tag``): every pack keeps its own ``tests/helpers.py``, and a plain
``import helpers`` would find whichever pack's copy came first when all packs' tests run in one session.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path

import pytest

HELPERS_MODULE = "code_test_helpers"


def _register_helpers():
    if HELPERS_MODULE not in sys.modules:
        spec = importlib.util.spec_from_file_location(HELPERS_MODULE, Path(__file__).with_name("helpers.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[HELPERS_MODULE] = module
        spec.loader.exec_module(module)
    return sys.modules[HELPERS_MODULE]


helpers = _register_helpers()


@pytest.fixture
def canary():
    """A world-readable file in a folder anybody may enter, directly in the temporary folder (pytest's own
    folder is closed to other users): only the sandbox keeps the child out."""
    top = tempfile.mkdtemp(prefix="rlve-test-canary-")
    os.chmod(top, 0o755)
    folder = Path(top) / "parent-files"
    folder.mkdir()
    secret = folder / "expected_outputs.json"
    secret.write_text("SECRET-EXPECTED-OUTPUTS")
    os.chmod(folder, 0o777)
    os.chmod(secret, 0o666)
    yield secret
    shutil.rmtree(top, ignore_errors=True)


@pytest.fixture
def problem():
    """A real code/implement_function problem with a list-returning or int-returning function."""
    return helpers.FastImplementFunction().sample(4, 11)


@pytest.fixture
def fast_env():
    return helpers.FastImplementFunction()


@pytest.fixture
def sandbox_processes():
    """A function listing the live processes this test started (to check nothing is left behind)."""
    helpers.become_subreaper()
    return helpers.sandbox_processes


@pytest.fixture
def wrap():
    return helpers.tag


@pytest.fixture(autouse=True)
def shared_folders_keep_their_permissions():
    """No test, and no sandbox cleanup, may change the mode of /tmp or the other shared folders."""
    folders = sorted({tempfile.gettempdir(), "/tmp", "/var/tmp", "/dev/shm"})
    before = {folder: stat.S_IMODE(os.stat(folder).st_mode) for folder in folders if os.path.isdir(folder)}
    yield
    after = {folder: stat.S_IMODE(os.stat(folder).st_mode) for folder in before}
    assert after == before
