"""The README is real code: its example environment and its shell examples must work exactly as printed."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rlve import Environment
from rlve.registry import validate_environment_class

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


def test_readme_example_environment_works():
    block = next(b for b in python_blocks() if "class SortNumbers" in b)
    namespace: dict = {}
    exec(compile(block, str(README), "exec"), namespace)  # our own documentation, not model output
    env_cls = validate_environment_class(namespace["SortNumbers"])
    assert issubclass(env_cls, Environment)
    env = env_cls()
    for difficulty in (0, 5, 30):
        problem = env.sample(difficulty, seed=1)
        assert env.score(problem, f"<answer>{problem.answer}</answer>").correct
        assert not env.score(problem, f"<answer>{problem.answer} 0</answer>").correct
    assert env.sample(30, 1).size > env.sample(0, 1).size


def test_every_hook_is_documented_in_the_readme():
    import inspect

    from rlve import hookspecs

    hooks = [name for name, fn in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("register_")]
    assert hooks, "no hooks found"
    readme = README.read_text()
    for name in hooks:
        assert f"`{name}(" in readme, f"hook {name} is missing from the README's hook table"
        assert (getattr(hookspecs, name).__doc__ or "").strip(), f"hook {name} has no docstring"


# -- the shell examples (issue #15: a fresh clone's user copies these lines) --------------------------------


def cli_example_lines() -> list[str]:
    """The lines of the "install the pieces yourself" block: the examples that need no trainer."""
    text = README.read_text()
    start = text.index("Or install the pieces yourself")
    block = re.search(r"```bash\n(.*?)```", text[start:], flags=re.S)
    assert block, "the README lost its 'install the pieces yourself' block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def runnable(line: str) -> bool:
    """Lines that install or uninstall packages (pip, rlve install, rlve uninstall) are not run: they would
    change the environment under test (tests/test_pack_install.py runs rlve install in a fresh venv)."""
    words = shlex.split(line, comments=True)
    return words[0] != "pip" and words[:2] not in (["rlve", "install"], ["rlve", "uninstall"])


EXAMPLES = [line for line in cli_example_lines() if runnable(line)]


def test_the_examples_cover_every_command_a_new_user_meets():
    commands = {" ".join(shlex.split(line.split("|")[-1], comments=True)[1:3]) for line in EXAMPLES}
    wanted = {"plugins", "envs list", "envs show", "sample graph/shortest_path", "verify graph/shortest_path"}
    wanted |= {"tour", "check graph/shortest_path", "pack new"}
    assert wanted <= commands, sorted(commands)
    skipped = [line for line in cli_example_lines() if not runnable(line)]
    assert skipped and all(line.startswith(("pip ", "rlve install ", "rlve uninstall ")) for line in skipped)


def test_pip_uninstall_lines_need_no_confirmation():
    """A copy-pasted `pip uninstall` must not stop at "Proceed (Y/n)?"."""
    lines = [line for line in README.read_text().splitlines() if re.match(r"\s*pip uninstall", line)]
    assert lines and all(" -y" in line for line in lines), lines


def test_the_readme_test_command_is_what_ci_runs():
    ci = re.search(r"^python -m nox (.+)$", (ROOT / ".ci" / "run").read_text(), flags=re.M)
    assert ci, ".ci/run no longer runs nox"
    readme = re.search(r"^pip install nox && nox (.+?)\s+#.*what CI runs", README.read_text(), flags=re.M)
    assert readme, "the quick start lost its test command"
    assert readme.group(1).split() == ci.group(1).split()


@pytest.mark.skipif(
    not any(d.metadata["Name"] == "rlve-plugin-graph" for d in importlib.metadata.distributions()),
    reason="the README's examples use graph/shortest_path: install ./rlve-plugins/rlve-plugin-graph",
)
@pytest.mark.parametrize("line", EXAMPLES, ids=[" ".join(shlex.split(line, comments=True)[:3]) for line in EXAMPLES])
def test_readme_shell_example_runs(line, tmp_path):
    """Each line runs as printed, through bash and the installed `rlve` console script, in an empty folder.

    Skipped: the block's `pip install` and `pip uninstall` lines (see runnable); the packages are installed here.
    """
    bin_dir = Path(sys.executable).parent
    prefix = "" if (bin_dir / "rlve").exists() else f'rlve() {{ {shlex.quote(sys.executable)} -m rlve "$@"; }}\n'
    env = {k: v for k, v in os.environ.items() if k != "RLVE_LOAD_PLUGINS"}  # every installed pack, as for a user
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    result = subprocess.run(
        ["bash", "-c", prefix + line], cwd=tmp_path, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 0, f"{line}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    if "rlve verify" in line:
        verdict = json.loads(result.stdout)
        assert verdict["correct"] is True and verdict["reward"] == 1.0, (line, verdict)
    if "rlve pack new" in line:
        assert (tmp_path / shlex.split(line, comments=True)[3] / "pyproject.toml").exists()
