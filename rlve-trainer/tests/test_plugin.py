"""Installing rlve-trainer adds `rlve train` and `rlve history`, without making `rlve --help` heavy."""

import subprocess
import sys

HEAVY = ("torch", "transformers", "trl", "datasets", "accelerate", "sqlalchemy")


def run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_plugin_module_imports_nothing_heavy():
    result = run_python(
        "import sys, rlve_trainer.plugin\n"
        f"heavy = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "print(heavy)\nassert not heavy, heavy"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_rlve_help_lists_commands_without_importing_torch():
    result = run_python(
        "import sys\n"
        "from rlve.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        f"heavy = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "assert not heavy, heavy"
    )
    assert result.returncode == 0, result.stderr
    assert "train" in result.stdout and "history" in result.stdout


def test_history_help_is_light():
    result = run_python(
        "import sys\nfrom rlve.cli import main\n"
        "try:\n    main(['history', '--help'])\nexcept SystemExit:\n    pass\n"
        "assert 'torch' not in sys.modules"
    )
    assert result.returncode == 0, result.stderr
    for command in ("path", "runs", "show", "sql", "plot"):
        assert command in result.stdout
