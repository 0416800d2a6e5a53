"""Limits that must hold to their stated number, and a verifier the code cannot outlive or disturb.

No test here times the machine: CPU limits are checked on the CPU time the kernel charged to the run,
and waits for an event (a process to start or to die) are bounded generously, never asserted on.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from rlve_plugin_code.sandbox import Job, Limits, run
from rlve_plugin_code.sandbox.cleanup import remove_stale_workdirs, remove_tree
from rlve_plugin_code.sandbox.runner import WORKDIR_PREFIX

#: Python starting up and confining itself, plus the kernel's accounting granularity: what a run may
#: use beyond its CPU limit. The loophole closed here was a whole second.
CPU_SLACK_SECONDS = 0.4
#: How long to wait for a process to appear or go away: generous, a loaded machine is slow to schedule.
EVENT_WAIT_SECONDS = 60


def call(code: str, limits: Limits, *args) -> Job:
    return Job("call", textwrap.dedent(code), {"entry": "f", "arity": len(args), "calls": [list(args)]}, limits)


@pytest.mark.parametrize(
    "evasion",
    [
        "signal.signal(signal.SIGXCPU, signal.SIG_IGN)",
        "resource.setrlimit(resource.RLIMIT_CPU, (resource.getrlimit(resource.RLIMIT_CPU)[1],) * 2)",
        "resource.setrlimit(resource.RLIMIT_CPU, (5, 5))",
    ],
)
def test_the_cpu_limit_holds_to_its_number(evasion, sandbox_processes):
    code = f"""
        import resource, signal
        def f(x):
            try:
                {evasion}
            except (OSError, ValueError):
                pass
            while True:
                x += 1
    """
    result = run(call(code, Limits(wall_seconds=60, cpu_seconds=1), 0))
    assert result.status == "timeout", result
    assert result.cpu_seconds <= 1 + CPU_SLACK_SECONDS, f"ran {result.cpu_seconds:.2f} s of CPU under a 1 s limit"


def _wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + EVENT_WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.05)


def _confined(pid: int) -> bool:
    """Whether ``pid`` has confined itself (no_new_privs is set just before the code runs)."""
    try:
        with open(f"/proc/{pid}/status") as handle:
            return "NoNewPrivs:\t1" in handle.read()
    except OSError:
        return False


VERIFIER = """
import sys
from rlve_plugin_code.sandbox import Job, Limits, run
code = '''
import os, time
def f(children):
    for _ in range(children):
        if os.fork() == 0:
            break
    while True:
        time.sleep(0.01)
'''
children = int(sys.argv[1])
run(Job("call", code, {"entry": "f", "arity": 1, "calls": [[children]]},
        Limits(wall_seconds=600, cpu_seconds=600, max_processes=children + 1)))
"""


@pytest.mark.parametrize("children", [0, 3])
def test_a_run_dies_with_its_verifier(children, sandbox_processes):
    # A verifier killed with SIGKILL has no chance to clean up: the run must end by itself, whatever
    # it forked, and its working folder must be removable by the next verifier.
    before = set(sandbox_processes())
    verifier = subprocess.Popen([sys.executable, "-c", VERIFIER, str(children)])
    try:
        _wait_for(
            lambda: sum(map(_confined, set(sandbox_processes()) - before)) >= children + 1,
            "the sandboxed code to start",
        )
    finally:
        verifier.kill()
        verifier.wait()
    _wait_for(lambda: set(sandbox_processes()) <= before, "the run to end with its verifier")
    temporary = Path(tempfile.gettempdir())
    left = list(temporary.glob(f"{WORKDIR_PREFIX}{verifier.pid}-*"))
    assert remove_stale_workdirs(str(temporary), WORKDIR_PREFIX) >= len(left)
    assert not any(path.exists() for path in left)


NOT_ROOT_VERIFIER = """
import json, os, resource
from rlve_plugin_code.sandbox import Job, Limits, run
code = '''
import os, resource
def f(x):
    parent, done = os.getppid(), []
    for name, action in (
        ("prlimit", lambda: resource.prlimit(parent, resource.RLIMIT_NOFILE, (4, 4))),
        ("prlimit cpu", lambda: resource.prlimit(parent, resource.RLIMIT_CPU, (1, 1))),
        ("setpriority", lambda: os.setpriority(os.PRIO_PROCESS, parent, 19)),
        ("setpriority user", lambda: os.setpriority(os.PRIO_USER, 0, 19)),
        ("affinity", lambda: os.sched_setaffinity(parent, {0})),
    ):
        try:
            action()
            done.append(name)
        except OSError:
            pass
    return done
'''
def state():
    return [resource.getrlimit(resource.RLIMIT_NOFILE), resource.getrlimit(resource.RLIMIT_CPU),
            os.getpriority(os.PRIO_PROCESS, 0), sorted(os.sched_getaffinity(0))]
before = state()
result = run(Job("call", code, {"entry": "f", "arity": 1, "calls": [[0]]}, Limits(wall_seconds=60)))
outcome = result.outcomes[0].value if result.outcomes and result.outcomes[0] else result.describe()
print(json.dumps({"uid": os.getuid(), "done": outcome, "before": before, "after": state()}))
"""


def _as_another_user() -> list[str]:
    """A command prefix that runs the verifier as an unprivileged user sharing its uid with its sandbox."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("needs setpriv (util-linux) to run a verifier as another user")
    # CAP_DAC_READ_SEARCH only lets the verifier reach an interpreter under /root (pyenv); it gives no
    # power over other processes, which is what this test is about.
    return [
        "setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
        "--inh-caps=+dac_read_search",
        "--ambient-caps=+dac_read_search",
    ]


def test_code_run_by_a_verifier_that_is_not_root_cannot_touch_the_verifier():
    completed = subprocess.run(
        [*_as_another_user(), sys.executable, "-c", NOT_ROOT_VERIFIER],
        capture_output=True,
        text=True,
        timeout=EVENT_WAIT_SECONDS * 5,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    assert report["uid"] != 0
    assert report["done"] == [], f"the code changed its verifier: {report['done']}"
    assert report["after"] == report["before"]


def test_disk_use_is_bounded_and_leaves_nothing(sandbox_processes):
    # Far more than the run's tmpfs holds, written as files no larger than the per-file limit.
    code = """
        import os
        def f(x):
            written = 0
            try:
                for index in range(400):
                    with open(f"fill{index}", "wb") as handle:
                        handle.write(b"x" * (1 << 20))
                    written += 1
            except OSError:
                pass
            return written
    """
    limits = Limits(wall_seconds=60, cpu_seconds=10, max_disk_bytes=8 << 20)
    result = run(call(code, limits, 0))
    assert result.completed, result
    if result.isolation.get("root", "").startswith("private root"):
        assert result.outcomes[0].value <= 8
    else:
        pytest.skip(f"no private root here ({result.isolation.get('root')}): disk use is bounded per file only")


def test_deep_and_wide_trees_are_bounded_and_cleaned(sandbox_processes):
    code = """
        import os
        def f(x):
            made = 0
            try:
                for _ in range(1500):
                    os.mkdir("d")
                    os.chdir("d")
                    made += 1
                os.chdir(os.environ["HOME"])
                for index in range(20000):
                    os.mkdir(f"s{index}")
                    made += 1
            except OSError:
                pass
            return made
    """
    limits = Limits(wall_seconds=60, cpu_seconds=10, max_disk_files=3000)
    result = run(call(code, limits, 0))
    assert result.completed, result
    if result.isolation.get("root", "").startswith("private root"):
        assert result.outcomes[0].value <= 3000  # the tmpfs's file count, not 21,500


def test_removal_of_a_deep_tree_needs_no_recursion(tmp_path):
    # 1,500 nested folders: shutil.rmtree raised RecursionError here and left the tree behind.
    root = tmp_path / "run"
    root.mkdir()
    descriptor = os.open(root, os.O_RDONLY)
    try:
        for _ in range(1500):
            os.mkdir("d", dir_fd=descriptor)
            inner = os.open("d", os.O_RDONLY, dir_fd=descriptor)
            with open(os.open("f", os.O_CREAT | os.O_WRONLY, dir_fd=inner), "w") as handle:
                handle.write("x")
            os.close(descriptor)
            descriptor = inner
        os.fchmod(descriptor, 0)  # an unreadable folder at the bottom
    finally:
        os.close(descriptor)
    assert remove_tree(str(root), seconds=600)  # a bound for the test, not a speed goal
    assert not root.exists()


def test_removal_stops_at_its_time_bound(tmp_path):
    root = tmp_path / "wide"
    root.mkdir()
    for index in range(3000):
        (root / f"s{index}").mkdir()
    assert remove_tree(str(root), seconds=0.0) is False  # gave up at once, without raising
    assert remove_tree(str(root), seconds=600)  # a bound for the test, not a speed goal
    assert not root.exists()


def test_a_folder_of_a_live_verifier_is_never_swept(tmp_path):
    live = tmp_path / f"{WORKDIR_PREFIX}{os.getppid()}-abc"
    dead_pid = _a_dead_pid()
    dead = tmp_path / f"{WORKDIR_PREFIX}{dead_pid}-abc"
    live.mkdir()
    dead.mkdir()
    (dead / "left.txt").write_text("x")
    assert remove_stale_workdirs(str(tmp_path), WORKDIR_PREFIX) == 1
    assert live.exists() and not dead.exists()


def _a_dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    try:
        os.kill(process.pid, 0)
    except ProcessLookupError:
        return process.pid
    pytest.skip("the pid of a finished process was reused at once")
    raise AssertionError  # unreachable


def test_an_unreadable_folder_does_not_stop_the_sweep(tmp_path):
    dead = tmp_path / f"{WORKDIR_PREFIX}{_a_dead_pid()}-x"
    (dead / "locked").mkdir(parents=True)
    os.chmod(dead / "locked", 0)
    assert remove_stale_workdirs(str(tmp_path), WORKDIR_PREFIX) == 1
    assert not dead.exists()


def test_signals_to_the_verifier_are_refused(sandbox_processes):
    code = """
        import os, signal
        def f(x):
            sent = []
            for target in (os.getppid(), 1, -1):
                try:
                    os.kill(target, signal.SIGTERM)
                    sent.append(target)
                except OSError:
                    pass
            return sent
    """
    result = run(call(code, Limits(wall_seconds=60), 0))
    assert result.completed and result.outcomes[0].value == [], result
