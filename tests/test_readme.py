"""The README's example environment is real code: it must work exactly as printed."""

from __future__ import annotations

import re
from pathlib import Path

from rlve import Environment
from rlve.registry import validate_environment_class

README = Path(__file__).resolve().parents[1] / "README.md"


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
