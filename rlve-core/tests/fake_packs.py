"""Installable-looking packs made on the fly: a module plus a ``.dist-info`` with an ``rlve`` entry point.

Putting the folder on PYTHONPATH makes importlib.metadata see a real distribution, so plugin loading is
exercised exactly as it is for a pip-installed pack, without building wheels.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

GOOD_ENV = """
import random
from rlve import Environment, Instance, Verdict, hookimpl
from rlve.parse import parse_int


class Double(Environment):
    id = "{pack}/double"
    description = "Double a number."
    difficulty_scales = "digits: 1 + d"
    size_name = "digits"
    answer_format = "an integer"

    def generate(self, difficulty, rng):
        x = rng.randrange(10 ** (1 + difficulty))
        return Instance(prompt=f"What is 2 * {{x}}?", answer=str(2 * x), data={{"x": x}}, size=1 + difficulty)

    def check(self, data, answer):
        return Verdict.right() if parse_int(answer) == 2 * data["x"] else Verdict.wrong("not double")
"""


def make_pack(root: Path, distribution: str, module: str, body: str, entry_name: str | None = None) -> None:
    """Write module ``module`` with ``body`` and a dist-info declaring it under the ``rlve`` group."""
    (root / f"{module}.py").write_text(textwrap.dedent(body))
    info = root / f"{distribution.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[rlve]\n{entry_name or module} = {module}\n")


def good_pack_body(pack: str) -> str:
    return GOOD_ENV.format(pack=pack) + "\n\n@hookimpl\ndef register_environments(register):\n    register(Double)\n"


def _environment(root: Path, env: dict[str, str] | None) -> dict[str, str]:
    """This process's environment without any RLVE_ setting, with the packs in ``root`` importable."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("RLVE_")}
    environment["PYTHONPATH"] = str(root)
    environment.update(env or {})
    return environment


def run_rlve(root: Path, *args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rlve", *args],
        capture_output=True,
        text=True,
        env=_environment(root, env),
        input=stdin,
        timeout=120,
    )


def run_python(root: Path, code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python -c code`` in a fresh interpreter that sees the packs in ``root``, as run_rlve does."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_environment(root, env), timeout=120
    )
