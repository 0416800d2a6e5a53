"""Running one job: spawn a fresh interpreter, feed it the job, read its pipes with limits, clean up.

The parent never trusts the child's exit code or printed text. It reads three pipes (stdout and stderr,
kept up to a byte limit, and the result channel) without ever blocking on one of them, enforces the
wall-clock limit, kills the child's whole process group (and, when it switched the child to a
throw-away uid, every process of that uid), removes the working directory, and decides the status
from the nonce-framed records alone.

Cleaning up does not depend on this process living: the child dies with it (parent-death signal, and
a PID namespace whose processes the kernel kills with its first), and writes only to a tmpfs that
vanishes with its mount namespace. Where the kernel allows neither, a later run of any verifier
removes the working folders of verifiers that died (their pid is in the folder's name).
"""

from __future__ import annotations

import marshal
import os
import secrets
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rlve_plugin_code.sandbox.cleanup import kill_user_processes, remove_tree, remove_user_files
from rlve_plugin_code.sandbox.first_run import FirstRun
from rlve_plugin_code.sandbox.records import Records, parse_records
from rlve_plugin_code.sandbox.results import Job, RunResult

HARNESS = str(Path(__file__).with_name("harness.py"))

#: Throw-away uids (and gids) for children of a root parent: one drawn at random per run, so that
#: RLIMIT_NPROC counts that run's processes only and its leftovers can be found and killed by uid.
UID_RANGE = (1_000_000_000, 2_000_000_000)

#: Working folders are named after the verifier's pid, so that one left by a verifier that was killed
#: can be told from one in use.
WORKDIR_PREFIX = "rlve-sandbox-"

_CHUNK = 1 << 16
_READ_EVENT_NAMES = ("stdout", "stderr", "result")


def _child_environment(workdir: str) -> dict[str, str]:
    # An explicit, minimal environment: nothing of the parent's (tokens, paths) reaches the child.
    # PYTHONHASHSEED=0 makes str hashing, hence set order, the same on every run: one answer, one verdict.
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": workdir,
        "TMPDIR": workdir,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONUTF8": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONSAFEPATH": "1",
    }


def _command() -> list[str]:
    # -s -S: no user or system site-packages, so neither rlve nor its packs can be imported.
    # Not -E/-I: the environment is ours (above), and PYTHONHASHSEED must be honoured.
    return [sys.executable, "-s", "-S", "-B", HARNESS]


class _Pipes:
    """Non-blocking I/O on the child's pipes, each read with its own byte limit.

    Owns every descriptor it is given and closes each exactly once (``close_all``), so a descriptor
    number can never be closed twice while another thread reuses it.
    """

    def __init__(self, process: subprocess.Popen, result_fd: int, job_fd: int, message: bytes, job: Job):
        assert process.stdout is not None and process.stderr is not None
        self.selector = selectors.DefaultSelector()
        self.buffers = {name: bytearray() for name in _READ_EVENT_NAMES}
        self.limits = {
            "stdout": job.limits.max_output_bytes,
            "stderr": job.limits.max_output_bytes,
            "result": job.limits.max_result_bytes,
        }
        self.output_truncated = False
        self.result_overflow = False
        self.pending = memoryview(message)
        self._closers = {
            process.stdout.fileno(): process.stdout.close,
            process.stderr.fileno(): process.stderr.close,
            result_fd: lambda: os.close(result_fd),
            job_fd: lambda: os.close(job_fd),
        }
        for name, fd in (
            ("stdout", process.stdout.fileno()),
            ("stderr", process.stderr.fileno()),
            ("result", result_fd),
        ):
            os.set_blocking(fd, False)
            self.selector.register(fd, selectors.EVENT_READ, name)
        os.set_blocking(job_fd, False)
        self.selector.register(job_fd, selectors.EVENT_WRITE, "job")
        self.exit_fd = _pidfd(process.pid)
        if self.exit_fd is not None:
            exit_fd = self.exit_fd
            self._closers[exit_fd] = lambda: os.close(exit_fd)
            self.selector.register(exit_fd, selectors.EVENT_READ, "exit")

    def reading(self) -> bool:
        return any(key.data in _READ_EVENT_NAMES for key in self.selector.get_map().values())

    def finish(self, fd: int) -> None:
        """Stop watching ``fd`` and close it: a writer on the other end now gets EPIPE, never blocks."""
        if fd in self.selector.get_map():
            self.selector.unregister(fd)
        closer = self._closers.pop(fd, None)
        if closer is not None:
            closer()

    def close_all(self) -> None:
        for fd in list(self._closers):
            self.finish(fd)
        self.selector.close()

    def handle(self, fd: int, name: str) -> None:
        if name == "job":
            try:
                written = os.write(fd, self.pending[:_CHUNK])
            except BlockingIOError:
                return
            except BrokenPipeError:
                written = len(self.pending)
            self.pending = self.pending[written:]
            if not self.pending:
                self.finish(fd)  # EOF tells the harness the job is complete
            return
        self.read(fd, name)

    def read(self, fd: int, name: str) -> None:
        """Read what is there now; finish the pipe at EOF or once it is over its limit."""
        while True:
            try:
                chunk = os.read(fd, _CHUNK)
            except BlockingIOError:
                return
            if not chunk:
                self.finish(fd)
                return
            buffer, limit = self.buffers[name], self.limits[name]
            room = limit - len(buffer)
            buffer += chunk[: max(room, 0)]
            if len(chunk) > room:
                if name == "result":
                    self.result_overflow = True
                else:
                    self.output_truncated = True
                self.finish(fd)
                return

    def drain(self) -> None:
        """After the child exited: take what it left in the pipes without waiting for EOF."""
        for key in list(self.selector.get_map().values()):
            if key.data in _READ_EVENT_NAMES:
                self.read(key.fd, key.data)


def _pidfd(pid: int) -> int | None:
    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is None:
        return None
    try:
        return pidfd_open(pid)
    except OSError:
        return None


def _exited_without_reaping(pid: int) -> bool:
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return info is not None and info.si_pid == pid


def _pump(process: subprocess.Popen, pipes: _Pipes, deadline: float) -> bool:
    """Move data until the child is done or the deadline passes; True when it timed out."""
    while pipes.reading():
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return True
        wait = remaining if pipes.exit_fd is not None else min(remaining, 0.01)
        exited = False
        for key, _ in pipes.selector.select(wait):
            if key.data == "exit":
                exited = True
            else:
                pipes.handle(key.fd, key.data)
            if pipes.result_overflow:
                return False
        if pipes.exit_fd is None:
            exited = _exited_without_reaping(process.pid)
        if exited:
            pipes.drain()
            return False
    return False


def _kill_group(pid: int) -> None:
    # The leader is not reaped yet (we have not waited), so its process group id cannot have been
    # reused by an unrelated process: killpg reaches only the child and what it forked.
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


_first_run = FirstRun(WORKDIR_PREFIX)


def run(job: Job) -> RunResult:
    """Run ``job`` in a fresh, confined child process and return what it reported."""
    started = time.monotonic()
    _first_run.sweep()
    uid = gid = None
    if os.geteuid() == 0:
        uid = gid = UID_RANGE[0] + secrets.randbelow(UID_RANGE[1] - UID_RANGE[0])
    workdir = tempfile.mkdtemp(prefix=f"{WORKDIR_PREFIX}{os.getpid()}-")
    result: RunResult | None = None
    try:
        if uid is not None:
            os.chown(workdir, uid, gid)
        result = _run_in(job, workdir, uid, gid, started)
        _first_run.warn_about(result.isolation)
        return result
    finally:
        isolation = result.isolation if result is not None else {}
        if uid is not None:
            if job.limits.max_processes > 1 and isolation.get("pid") != "namespace":
                kill_user_processes(uid)  # without a PID namespace, strays are found by their uid
            confined_files = isolation.get("root", "").startswith("private root") or isolation.get(
                "filesystem", ""
            ).startswith("landlock")
            if not confined_files:
                remove_user_files(uid)
        remove_tree(workdir)


def _run_in(job: Job, workdir: str, uid: int | None, gid: int | None, started: float) -> RunResult:
    nonce = secrets.token_hex(16)
    message = marshal.dumps(
        {
            "nonce": nonce,
            "mode": job.mode,
            "source": job.source,
            "payload": job.payload,
            "limits": job.limits.for_child(),
            "uid": uid,
            "gid": gid,
            "isolate_network": job.limits.isolate_network,
            "parent_pid": os.getpid(),
            "restrict_filesystem": job.limits.restrict_filesystem,
        }
    )
    job_r, job_w = os.pipe()
    result_r, result_w = os.pipe()
    try:
        process = subprocess.Popen(
            [*_command(), str(job_r), str(result_w)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=workdir,
            env=_child_environment(workdir),
            pass_fds=(job_r, result_w),
            start_new_session=True,
        )
    except OSError as error:
        for fd in (job_w, result_r):
            os.close(fd)
        return RunResult(status="setup_error", message=f"could not start the sandbox: {error}")
    finally:
        os.close(job_r)
        os.close(result_w)

    pipes = _Pipes(process, result_r, job_w, message, job)
    cpu = 0.0
    try:
        timed_out = _pump(process, pipes, started + job.limits.wall_seconds)
    finally:
        _kill_group(process.pid)
        cpu = _reap(process)
        pipes.close_all()

    records = parse_records(bytes(pipes.buffers["result"]), nonce.encode("ascii"), job.input_count)
    return _decide(job, records, process.returncode, timed_out, pipes, uid, time.monotonic() - started, cpu)


def _reap(process: subprocess.Popen) -> float:
    """Wait for the child; return the CPU seconds it and its waited-for descendants used."""
    while True:
        try:
            _, status, usage = os.wait4(process.pid, 0)
        except InterruptedError:
            continue
        except ChildProcessError:  # reaped elsewhere: no usage to read
            process.wait()
            return 0.0
        process.returncode = os.waitstatus_to_exitcode(status)
        return usage.ru_utime + usage.ru_stime


def _tail(data: bytearray, limit: int = 2000) -> str:
    return bytes(data[-limit:]).decode("utf-8", "replace")


def _decide(
    job: Job,
    records: Records,
    exit_code: int,
    timed_out: bool,
    pipes: _Pipes,
    uid: int | None,
    wall: float,
    cpu: float,
) -> RunResult:
    outcomes = tuple(records.outcomes.get(index) for index in range(job.input_count))
    common = {
        "outcomes": outcomes,
        "isolation": dict(records.events.get("ready", {}).get("isolation", {}) or {}),
        "exit_code": exit_code,
        "stdout": _tail(pipes.buffers["stdout"]),
        "stderr": _tail(pipes.buffers["stderr"]),
        "output_truncated": pipes.output_truncated,
        "wall_seconds": wall,
        "cpu_seconds": cpu,
        "uid": uid,
    }
    if records.tampered:
        return RunResult(status="tampered", message=records.tampered, **common)
    events = records.events
    if "setup_error" in events:
        return RunResult(status="setup_error", message=str(events["setup_error"].get("message", "")), **common)
    if "ready" not in events:
        detail = _tail(pipes.buffers["stderr"], 300).strip().splitlines()
        return RunResult(
            status="timeout" if timed_out else "setup_error",
            message=f"the sandbox did not start (exit code {exit_code}){': ' + detail[-1] if detail else ''}",
            **common,
        )
    for event, status, key in (
        ("syntax_error", "syntax_error", "message"),
        ("load_error", "load_error", "error"),
        ("signature", "bad_signature", "message"),
    ):
        if event in events:
            return RunResult(status=status, message=str(events[event].get(key, "")), **common)
    if "missing" in events:
        defined = events["missing"].get("defined") or []
        found = f"; it defines {', '.join(map(str, defined))}" if defined else ""
        return RunResult(status="missing_entry", message=f"nothing named as required is defined{found}", **common)
    if "not_callable" in events:
        kind = events["not_callable"].get("type", "object")
        return RunResult(status="not_callable", message=f"the required name is a {kind}, not a function", **common)
    reported = sum(outcome is not None for outcome in outcomes)
    if records.done and reported == job.input_count:
        return RunResult(status="completed", **common)
    progress = f"after {reported} of {job.input_count} inputs"
    if pipes.result_overflow:
        return RunResult(
            status="output_limit", message=f"more than {job.limits.max_result_bytes} bytes of results", **common
        )
    if timed_out:
        return RunResult(
            status="timeout", message=f"over the {job.limits.wall_seconds:g} s time limit {progress}", **common
        )
    if exit_code in (-signal.SIGXCPU, -signal.SIGKILL):
        return RunResult(
            status="timeout", message=f"over the {job.limits.cpu_seconds} s CPU limit {progress}", **common
        )
    how = f"was killed by signal {-exit_code}" if exit_code < 0 else f"exited with code {exit_code}"
    stderr = _tail(pipes.buffers["stderr"], 300).strip().splitlines()
    hint = f" ({stderr[-1][:120]})" if stderr and exit_code != 0 else ""
    return RunResult(status="crashed", message=f"the process {how} {progress}{hint}", **common)
