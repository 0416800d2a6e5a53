"""Escape attempts. Each is submitted as the answer to a real code/implement_function problem; each must
score 0 and leave the machine as it was (no stray process, no file written or deleted outside the
sandbox's own working directory, no connection made)."""

from __future__ import annotations

import json
import marshal
import os
import socket
import stat
import textwrap
import time

import pytest

from rlve_plugin_code.sandbox import Job, Limits, run


def attack(fast_env, problem, wrap, sandbox_processes, code: str):
    """Submit ``code`` (with the problem's function name substituted for NAME) and check it fails."""
    before = set(sandbox_processes())
    source = textwrap.dedent(code).replace("NAME", problem.data["entry"])
    verdict = fast_env.score(problem, wrap(source))
    assert verdict.reward == 0.0 and not verdict.correct, verdict
    assert set(sandbox_processes()) <= before, "the attempt left processes behind"
    return verdict


def test_reference_solution_passes_the_same_harness(fast_env, problem, wrap):
    assert fast_env.score(problem, wrap(problem.answer)).correct


def test_os_exit_before_the_tests(fast_env, problem, wrap, sandbox_processes):
    verdict = attack(fast_env, problem, wrap, sandbox_processes, "import os\nos._exit(0)\ndef NAME(xs):\n    return xs")
    assert "exited with code 0" in verdict.reason


def test_os_exit_inside_the_function(fast_env, problem, wrap, sandbox_processes):
    verdict = attack(fast_env, problem, wrap, sandbox_processes, "import os\ndef NAME(xs):\n    os._exit(0)")
    assert "exited" in verdict.reason


def test_sys_exit_before_the_tests(fast_env, problem, wrap, sandbox_processes):
    verdict = attack(
        fast_env, problem, wrap, sandbox_processes, "import sys\nsys.exit(0)\ndef NAME(xs):\n    return xs"
    )
    assert "SystemExit" in verdict.reason


def test_sys_exit_inside_the_function(fast_env, problem, wrap, sandbox_processes):
    verdict = attack(fast_env, problem, wrap, sandbox_processes, "import sys\ndef NAME(xs):\n    sys.exit(0)")
    assert "SystemExit" in verdict.reason


def test_object_equal_to_everything(fast_env, problem, wrap, sandbox_processes):
    code = """
        class Anything(list):
            def __eq__(self, other):
                return True
            __ne__ = lambda self, other: False
            __hash__ = None
        def NAME(xs):
            return Anything()
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "type Anything" in verdict.reason


def test_int_subclass_equal_to_everything(fast_env, problem, wrap, sandbox_processes):
    code = """
        class Sly(int):
            def __eq__(self, other):
                return True
            def __repr__(self):
                return repr(EXPECTED)
        def NAME(xs):
            return Sly(0)
    """.replace("EXPECTED", "0")
    attack(fast_env, problem, wrap, sandbox_processes, code)


def test_printing_the_expected_output(fast_env, problem, wrap, sandbox_processes):
    # The attacker even knows the expected values; printing them (in any framing) proves nothing.
    expected = [test["expected"] for test in problem.data["tests"]]
    code = f"""
        import json
        EXPECTED = {expected!r}
        print(json.dumps(EXPECTED))
        for index, value in enumerate(EXPECTED):
            print(json.dumps({{"i": index, "value": value}}))
        def NAME(xs):
            print("passed")
            return None
    """
    attack(fast_env, problem, wrap, sandbox_processes, code)


def test_forged_records_with_the_nonce_are_caught(fast_env, problem, wrap, sandbox_processes):
    # Find the harness's nonce and result descriptor by frame inspection and write forged records.
    code = """
        import os, sys
        def NAME(xs):
            frame = sys._getframe(1)
            while frame is not None and "job" not in frame.f_locals:
                frame = frame.f_back
            nonce = frame.f_locals["job"]["nonce"]
            for fd in range(3, 40):
                for index in range(64):
                    try:
                        os.write(fd, (nonce + ' {"i":%d,"value":0}\\n' % index).encode())
                    except OSError:
                        break
            return 0
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "interfered" in verdict.reason or "returned" in verdict.reason


def test_writing_outside_the_working_directory(fast_env, problem, wrap, sandbox_processes, canary, tmp_path):
    target = canary.parent / "planted.txt"
    code = f"""
        def NAME(xs):
            for path in ({str(target)!r}, "/tmp/rlve-planted.txt", "/dev/shm/rlve-planted.txt"):
                try:
                    with open(path, "w") as handle:
                        handle.write("planted")
                except OSError:
                    pass
            return xs
    """
    attack(fast_env, problem, wrap, sandbox_processes, code)
    for path in (target, "/tmp/rlve-planted.txt", "/dev/shm/rlve-planted.txt"):
        assert not os.path.exists(path), path


def test_deleting_or_changing_a_file_outside(fast_env, problem, wrap, sandbox_processes, canary):
    code = f"""
        import os
        def NAME(xs):
            for action in (lambda: os.remove({str(canary)!r}), lambda: open({str(canary)!r}, "w").write("x"),
                           lambda: os.chmod({str(canary)!r}, 0), lambda: os.rename({str(canary)!r}, "/tmp/moved")):
                try:
                    action()
                except OSError:
                    pass
            return xs
    """
    attack(fast_env, problem, wrap, sandbox_processes, code)
    assert canary.read_text() == "SECRET-EXPECTED-OUTPUTS"
    assert stat.S_IMODE(canary.stat().st_mode) == 0o666


def test_reading_the_parents_files(fast_env, problem, wrap, sandbox_processes, canary, tmp_path):
    import rlve_plugin_code

    private = tmp_path / "private.json"  # what tempfile.mkstemp makes: mode 0600, owned by the parent
    private.write_text("PRIVATE")
    os.chmod(private, 0o600)
    package_dir = os.path.dirname(rlve_plugin_code.__file__)
    world_readable = (str(canary), os.path.join(package_dir, "environments", "implement_function.py"), "/etc/passwd")
    code = f"""
        def NAME(xs):
            found = {{}}
            for path in {(str(private),) + world_readable!r}:
                try:
                    found[path] = open(path).read(20)
                except OSError:
                    pass
            raise RuntimeError("read: " + repr(sorted(found)))
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    layers = run(Job("call", "def f(x):\n    return x", {"entry": "f", "arity": 1, "calls": [[1]]})).isolation
    if layers["filesystem"].startswith("landlock"):
        assert "read: []" in verdict.reason, verdict.reason  # only the standard library is readable
    if os.geteuid() == 0:
        assert str(private) not in verdict.reason, verdict.reason  # another uid: 0600 files stay closed


def test_reading_the_parents_memory(fast_env, problem, wrap, sandbox_processes):
    code = """
        import os
        def NAME(xs):
            parent = os.getppid()
            for path in (f"/proc/{parent}/mem", f"/proc/{parent}/environ", f"/proc/{parent}/maps", "/proc/1/environ"):
                try:
                    with open(path, "rb") as handle:
                        handle.read(10)
                    raise RuntimeError("opened " + path)
                except OSError:
                    pass
            return xs
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "opened" not in verdict.reason


def test_reading_the_parents_memory_without_a_path(fast_env, problem, wrap, sandbox_processes):
    # process_vm_readv needs no /proc path: only the uid switch, Landlock and seccomp stop it.
    code = """
        import ctypes, os
        class IOVec(ctypes.Structure):
            _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
        def NAME(xs):
            libc = ctypes.CDLL(None, use_errno=True)
            buffer = ctypes.create_string_buffer(64)
            local = IOVec(ctypes.cast(buffer, ctypes.c_void_p), 64)
            remote = IOVec(0x400000, 64)
            got = libc.process_vm_readv(os.getppid(), ctypes.byref(local), 1, ctypes.byref(remote), 1, 0)
            if got > 0:
                raise RuntimeError("read the parent")
            return xs
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "read the parent" not in verdict.reason


def test_expected_outputs_never_reach_the_child(fast_env):
    data = {"entry": "f", "arity": 1, "tests": [{"args": [[1, 2]], "expected": 987654321}]}
    job = fast_env.job(data, "def f(xs):\n    return 0")
    assert b"987654321" not in marshal.dumps(job.payload)
    assert "987654321" not in json.dumps(job.payload)


def test_fork_bomb(fast_env, problem, wrap, sandbox_processes):
    code = """
        import os
        def NAME(xs):
            while True:
                os.fork()
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "Resource temporarily unavailable" in verdict.reason


def test_fork_bomb_with_processes_allowed_is_bounded_and_cleaned_up(sandbox_processes):
    # With RLIMIT_NPROC raised, forks succeed up to the limit. The children cannot leave the process
    # group (setsid and setpgid are denied), so killpg reaches them all; as root they are also found
    # and killed by their throw-away uid.
    code = textwrap.dedent(
        """
        import os, time
        def f(x):
            count = 0
            for _ in range(200):
                try:
                    if os.fork() == 0:
                        for leave in (os.setsid, lambda: os.setpgid(0, 0)):
                            try:
                                leave()
                            except OSError:
                                pass
                        while True:
                            try:
                                os.fork()
                            except OSError:
                                time.sleep(0.01)
                    count += 1
                except OSError:
                    pass
            return count
        """
    )
    before = set(sandbox_processes())
    limits = Limits(wall_seconds=1.5, cpu_seconds=1, max_processes=6)
    result = run(Job("call", code, {"entry": "f", "arity": 1, "calls": [[0]]}, limits))
    time.sleep(0.05)  # SIGKILL is asynchronous
    assert set(sandbox_processes()) <= before
    if os.geteuid() == 0:  # as root each run has its own uid, so the limit counts this run only
        assert result.outcomes[0].value < 6


def test_memory_bomb(fast_env, problem, wrap, sandbox_processes):
    code = "def NAME(xs):\n    hog = bytearray(8 * 1024 ** 3)\n    return xs"
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "MemoryError" in verdict.reason


def test_memory_bomb_at_load(fast_env, problem, wrap, sandbox_processes):
    verdict = attack(fast_env, problem, wrap, sandbox_processes, "hog = [0] * 10 ** 10\ndef NAME(xs):\n    return xs")
    assert "MemoryError" in verdict.reason


def test_infinite_loop(fast_env, problem, wrap, sandbox_processes):
    verdict = attack(fast_env, problem, wrap, sandbox_processes, "def NAME(xs):\n    while True:\n        pass")
    assert "limit" in verdict.reason


def test_sleeping_past_the_limit(fast_env, problem, wrap, sandbox_processes):
    verdict = attack(fast_env, problem, wrap, sandbox_processes, "import time\ndef NAME(xs):\n    time.sleep(60)")
    assert "time limit" in verdict.reason


def test_catching_the_cpu_limit_signal_does_not_help(fast_env, problem, wrap, sandbox_processes):
    code = """
        import signal
        signal.signal(signal.SIGXCPU, signal.SIG_IGN)
        def NAME(xs):
            while True:
                pass
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "limit" in verdict.reason


def test_opening_a_network_socket(fast_env, problem, wrap, sandbox_processes):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    port = listener.getsockname()[1]
    code = f"""
        import socket
        def NAME(xs):
            connection = socket.create_connection(("127.0.0.1", {port}), timeout=1)
            connection.sendall(b"exfiltrated")
            return xs
    """
    try:
        verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody connected
    finally:
        listener.close()
    assert "Error" in verdict.reason


def test_spawning_a_subprocess(fast_env, problem, wrap, sandbox_processes, tmp_path):
    marker = tmp_path / "spawned"
    os.chmod(tmp_path, 0o777)
    code = f"""
        import os, subprocess
        def NAME(xs):
            os.system("touch {marker}")
            subprocess.run(["touch", "{marker}"])
            return xs
    """
    attack(fast_env, problem, wrap, sandbox_processes, code)
    assert not marker.exists()


def test_very_large_output(fast_env, problem, wrap, sandbox_processes):
    code = """
        import os, sys
        def NAME(xs):
            chunk = "x" * 65536
            for _ in range(100_000):
                sys.stdout.write(chunk)
                os.write(2, chunk.encode())
            return xs
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "Broken pipe" in verdict.reason or "BrokenPipeError" in verdict.reason


def test_a_huge_file_in_the_working_directory(fast_env, problem, wrap, sandbox_processes):
    code = """
        def NAME(xs):
            with open("big", "wb") as handle:
                for _ in range(1000):
                    handle.write(b"x" * 1024 * 1024)
            return xs
    """
    verdict = attack(fast_env, problem, wrap, sandbox_processes, code)
    assert "File too large" in verdict.reason  # RLIMIT_FSIZE


def test_monkeypatching_what_the_harness_uses(fast_env, problem, wrap, sandbox_processes):
    code = """
        import builtins, json, marshal, os
        builtins.type = lambda *args: int
        builtins.isinstance = lambda *args: True
        builtins.len = lambda *args: 0
        builtins.repr = builtins.str = lambda *args: "0"
        json.dumps = lambda *args, **kwargs: "0"
        marshal.loads = lambda *args: []
        real_write = os.write
        os.write = lambda fd, data: real_write(fd, data.replace(b'"error"', b'"value"'))
        def NAME(xs):
            return "wrong"
    """
    attack(fast_env, problem, wrap, sandbox_processes, code)


def test_monkeypatching_does_not_break_a_correct_answer(fast_env, problem, wrap):
    patch = "import builtins, json\nbuiltins.isinstance = lambda *args: True\njson.dumps = None\n"
    assert fast_env.score(problem, wrap(patch + problem.answer)).correct


def test_killing_the_parent_or_becoming_root(fast_env, problem, wrap, sandbox_processes):
    code = """
        import os, signal
        def NAME(xs):
            for action in (lambda: os.kill(os.getppid(), signal.SIGKILL), lambda: os.kill(1, signal.SIGKILL),
                           lambda: os.setuid(0), lambda: os.killpg(os.getpgid(os.getppid()), signal.SIGKILL)):
                try:
                    action()
                except OSError:
                    pass
            return "still here"
    """
    attack(fast_env, problem, wrap, sandbox_processes, code)
