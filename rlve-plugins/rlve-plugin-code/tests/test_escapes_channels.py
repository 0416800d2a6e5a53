"""Channels out of a run. Each is a way to steal reward: a run that solved hands its answers to a run
that did not, or a run claims that the sandbox failed so that a wrong answer costs nothing. Each attack
here worked against the sandbox before it had IPC and mount namespaces and a first-record-only rule."""

from __future__ import annotations

import ctypes
import os
import shutil
import socket
import tempfile
import textwrap

import pytest

from rlve_plugin_code.sandbox import Job, Limits, run

IPC_CREAT, IPC_RMID = 0o1000, 0
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p

# The attacker's side: a table {repr(args): value} kept in a System V shared-memory segment with a
# fixed key, which outlives the process that wrote it unless the run has its own IPC namespace.
SHM_TABLE = """
import ctypes, json
_libc = ctypes.CDLL(None, use_errno=True)
_libc.shmat.restype = ctypes.c_void_p
_KEY = 0x524C5645

def _segment():
    ident = _libc.shmget(_KEY, 1 << 16, 0o1666)
    if ident < 0:
        return None
    address = _libc.shmat(ident, None, 0)
    return None if address in (None, ctypes.c_void_p(-1).value) else address

def _load():
    address = _segment()
    if address is None:
        return {}
    text = ctypes.string_at(address).decode()
    return json.loads(text) if text else {}

def _save(table):
    address = _segment()
    if address is not None:
        ctypes.memmove(address, json.dumps(table).encode() + b"\\0", len(json.dumps(table)) + 1)
"""


def _remove_segment(key: int) -> None:
    ident = libc.shmget(key, 0, 0)
    if ident >= 0:
        libc.shmctl(ident, IPC_RMID, None)


def _host_segment_keys() -> set[int]:
    with open("/proc/sysvipc/shm") as handle:
        return {int(line.split()[0]) for line in handle.readlines()[1:] if line.split()}


def test_answers_relayed_through_shared_memory_do_not_pass(fast_env, problem, wrap, sandbox_processes):
    entry = problem.data["entry"]
    keys_before = _host_segment_keys()
    solver = problem.answer + SHM_TABLE + textwrap.dedent(
        f"""
        _solve = {entry}
        def {entry}(*args):
            value = _solve(*args)
            table = _load()
            table[repr(args)] = value
            _save(table)
            return value
        """
    )
    relay = SHM_TABLE + textwrap.dedent(
        f"""
        def {entry}(*args):
            return _load().get(repr(args))
        """
    )
    try:
        assert fast_env.score(problem, wrap(solver)).correct  # the run that solved stored its answers
        verdict = fast_env.score(problem, wrap(relay))
        assert not verdict.correct and verdict.reward == 0.0, verdict
        assert _host_segment_keys() <= keys_before, "a run's segment outlived it on the host"
    finally:
        _remove_segment(0x524C5645)


def test_a_slow_computation_cannot_be_finished_across_resubmissions():
    # Each run saves its progress (the loop counter) and resumes from it: with a shared segment the
    # same answer submitted a few times finishes what no single run can within the CPU limit.
    code = SHM_TABLE + textwrap.dedent(
        """
        def f(n):
            table = _load()
            i, total = table.get("state", [0, 0])
            while i < n:
                total = (total * 31 + i) % 1000003
                i += 1
                if i % 200000 == 0:
                    _save({"state": [i, total]})
            return total
        """
    )
    # About 3 s of CPU in all: shared state would finish it on the 3rd to 5th of 6 submissions.
    job = Job("call", code, {"entry": "f", "arity": 1, "calls": [[3 * 10**7]]}, Limits(wall_seconds=60, cpu_seconds=1))
    try:
        for _ in range(6):
            result = run(job)
            assert result.status == "timeout", result
    finally:
        _remove_segment(0x524C5645)


def test_host_ipc_objects_are_out_of_reach(fast_env, problem, wrap, sandbox_processes):
    key = 0x524C5646
    shm = libc.shmget(key, 4096, IPC_CREAT | 0o666)
    sem = libc.semget(key, 1, IPC_CREAT | 0o666)
    msg = libc.msgget(key, IPC_CREAT | 0o666)
    assert min(shm, sem, msg) >= 0, "could not make the host's IPC objects for the test"
    code = f"""
        import ctypes
        def NAME(xs):
            libc = ctypes.CDLL(None, use_errno=True)
            found = [name for name, ident in (("shm", libc.shmget({key}, 0, 0)), ("sem", libc.semget({key}, 0, 0)),
                                              ("msg", libc.msgget({key}, 0))) if ident >= 0]
            raise RuntimeError("reached host ipc: " + ",".join(found))
    """
    try:
        verdict = fast_env.score(problem, wrap(textwrap.dedent(code).replace("NAME", problem.data["entry"])))
    finally:
        libc.shmctl(shm, IPC_RMID, None)
        libc.semctl(sem, 0, IPC_RMID)
        libc.msgctl(msg, IPC_RMID, None)
    assert "reached host ipc: " in verdict.reason, verdict.reason
    assert "reached host ipc: shm" not in verdict.reason and "sem" not in verdict.reason.split(":")[-1]
    assert "msg" not in verdict.reason.split(":")[-1], verdict.reason


def test_a_forged_setup_error_is_not_a_verifier_error(fast_env, problem, wrap, sandbox_processes):
    # The nonce is findable from model code and the result descriptor guessable. A "setup_error" record
    # must not turn a wrong answer into an unjudged one (no format penalty, not counted by the curriculum).
    code = """
        import os, sys
        def NAME(xs):
            frame = sys._getframe(1)
            while frame is not None and "job" not in frame.f_locals:
                frame = frame.f_back
            nonce = frame.f_locals["job"]["nonce"]
            record = (nonce + ' {"event":"setup_error","message":"could not confine"}\\n').encode()
            for fd in range(3, 64):
                try:
                    os.write(fd, record)
                except OSError:
                    pass
            os._exit(0)
    """
    source = textwrap.dedent(code).replace("NAME", problem.data["entry"])
    verdict = fast_env.score(problem, wrap(source))
    assert not verdict.correct and verdict.reward == 0.0
    assert not verdict.is_verifier_error, verdict
    assert "interfered" in verdict.reason, verdict.reason
    assert run(Job("call", source, {"entry": problem.data["entry"], "arity": 1, "calls": [[[1]]]})).status == "tampered"


@pytest.fixture
def open_folder():
    """A folder anybody may enter, directly in the temporary folder (pytest's own is closed to others)."""
    folder = tempfile.mkdtemp(prefix="rlve-test-open-")
    os.chmod(folder, 0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_unix_socket_elsewhere_on_the_host_cannot_be_reached(open_folder, fast_env, problem, wrap, sandbox_processes):
    path = os.path.join(open_folder, "listener.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o777)
    listener.listen()
    listener.setblocking(False)
    abstract = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    abstract.bind(b"\0rlve-test-abstract-listener")
    abstract.listen()
    abstract.setblocking(False)
    code = f"""
        import socket
        def NAME(xs):
            reached = []
            for address in ({path!r}, b"\\0rlve-test-abstract-listener"):
                try:
                    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    connection.connect(address)
                    connection.sendall(b"exfiltrated")
                    reached.append(repr(address))
                except OSError:
                    pass
            raise RuntimeError("reached: " + ",".join(reached))
    """
    try:
        verdict = fast_env.score(problem, wrap(textwrap.dedent(code).replace("NAME", problem.data["entry"])))
        for server in (listener, abstract):
            with pytest.raises(BlockingIOError):
                server.accept()  # nobody connected
    finally:
        listener.close()
        abstract.close()
    assert "reached: " in verdict.reason and "listener" not in verdict.reason, verdict.reason


def test_nothing_outside_the_run_can_be_seen_or_watched(canary, fast_env, problem, wrap, sandbox_processes):
    folder = str(canary.parent)
    code = f"""
        import ctypes, os
        def NAME(xs):
            seen = []
            for path in ({str(canary)!r}, {folder!r}, "/tmp", "/etc/passwd", "/home", "/proc/1"):
                try:
                    os.stat(path)
                    seen.append(path)
                except OSError:
                    pass
            try:
                seen += ["listed:" + name for name in os.listdir({folder!r})]
            except OSError:
                pass
            libc = ctypes.CDLL(None, use_errno=True)
            watcher = libc.inotify_init1(0)
            if watcher >= 0:
                seen.append("inotify")
                if libc.inotify_add_watch(watcher, {folder!r}.encode(), 0xFFF) >= 0:
                    seen.append("watched")
            raise RuntimeError("seen: " + ",".join(seen))
    """
    verdict = fast_env.score(problem, wrap(textwrap.dedent(code).replace("NAME", problem.data["entry"])))
    assert "seen: " in verdict.reason, verdict.reason
    seen = verdict.reason.split("seen: ", 1)[1]
    assert seen == "" or set(seen.split(",")) <= {"/tmp"}, verdict.reason  # its own scratch folder may be in /tmp
    assert "expected_outputs" not in verdict.reason and "inotify" not in verdict.reason
