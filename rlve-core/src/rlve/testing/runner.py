"""Running the checks over many environments: one child process per environment, several in parallel.

A child (``rlve.testing.worker``) runs all in-process checks of one environment and reports a progress
line before every step. A child that reports no progress for ``CheckConfig.step_timeout`` is killed with
its whole process group and the step it was on is reported as hung, with its difficulty, seed and input:
a hang inside C code (``int`` of a million digits, ``9**9**9``) cannot be interrupted in-process, so
the process boundary is what keeps ``rlve check`` from blocking forever. This watchdog is the one place
the kit reads the wall clock (a step that blocks uses no CPU time, so nothing else would end it); the
time budgets themselves are CPU time, measured in the child. The timeout is generous on purpose: a
healthy step on a machine busy with other work must never reach it, while a real hang reaches any
timeout.

The child runs with a PYTHONHASHSEED different from this process's; the parent regenerates a few of
its problems and compares fingerprints, which is the ``fresh_process`` check.

Classes that cannot be imported by another process (defined in ``__main__``, inside a function, or in a
test module the child cannot find) are checked in this process instead, without hang protection and
without ``fresh_process``, and the report says so. So is everything when ``isolate`` is off, except that
``fresh_process`` then runs once for the whole batch, in one extra child.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rlve.environment import Environment
from rlve.testing.checks import EnvironmentChecker, describe_exception, fingerprint, fingerprint_points, target_of
from rlve.testing.config import CheckConfig
from rlve.testing.report import NOT_RUN, EnvReport
from rlve.testing.worker import STEP_PREFIX


def child_hash_seed() -> str:
    """A PYTHONHASHSEED that differs from this process's (when ours is random, any fixed one does)."""
    ours = os.environ.get("PYTHONHASHSEED", "")
    return str((int(ours) + 1) % 4_294_967_296) if ours.isdigit() else "12345"


def child_environ() -> dict[str, str]:
    environ = dict(os.environ)
    environ["PYTHONHASHSEED"] = child_hash_seed()
    # The child must find whatever this process can import: test helpers, packs on PYTHONPATH.
    environ["PYTHONPATH"] = os.pathsep.join(entry for entry in sys.path if entry)
    environ.pop("PYTHONSTARTUP", None)
    return environ


def obviously_not_importable(cls: type) -> str | None:
    if cls.__module__ == "__main__":
        return "it is defined in __main__"
    if "<locals>" in cls.__qualname__:
        return "it is defined inside a function"
    return None


@dataclass
class _Watch:
    """What a child said on stderr: its last step, when it said it, and its other output."""

    last_step: list[Any] = field(default_factory=lambda: ["metadata", None, None, "starting"])
    last_time: float = field(default_factory=time.monotonic)
    other: deque[str] = field(default_factory=lambda: deque(maxlen=30))

    def read(self, stream: Any) -> None:
        for line in stream:
            if line.startswith(STEP_PREFIX):
                try:
                    self.last_step = json.loads(line[len(STEP_PREFIX) :])
                except ValueError:
                    pass
                self.last_time = time.monotonic()
            else:
                self.other.append(line.rstrip("\n"))


def _kill_group(process: subprocess.Popen) -> None:
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass


@dataclass
class ChildOutcome:
    report: EnvReport | None = None
    fingerprints: dict[str, str] = field(default_factory=dict)
    import_error: str | None = None


def run_child(cls: type[Environment], config: CheckConfig) -> ChildOutcome:
    """Check one environment in a child process; never raises, never blocks past the step timeout."""
    untrusted = getattr(cls, "runs_untrusted_code", False) is True
    timeout = config.step_timeout(untrusted)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rlve-check-") as folder:
        result_path = str(Path(folder) / "result.json")
        job = {"mode": "check", "target": target_of(cls), "config": config.to_dict(), "result_path": result_path}
        process = subprocess.Popen(
            [sys.executable, "-m", "rlve.testing.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            env=child_environ(),
            start_new_session=True,
        )
        watch = _Watch()
        reader = threading.Thread(target=watch.read, args=(process.stderr,), daemon=True)
        reader.start()
        try:
            process.stdin.write(json.dumps(job))
            process.stdin.close()
        except BrokenPipeError:  # the child died at start; its stderr says why
            pass
        hung = False
        # A bounded wait for an event (progress, or the child's exit), not a time limit on the code under
        # test: `timeout` is at least LOAD_ALLOWANCE times the largest CPU budget (see CheckConfig), so a
        # healthy step on a loaded machine never reaches it, and a hung one never reports progress again.
        while True:
            try:
                process.wait(timeout=0.2)
                break
            except subprocess.TimeoutExpired:
                if time.monotonic() - watch.last_time > timeout:
                    hung = True
                    _kill_group(process)
                    process.wait()
                    break
        _kill_group(process)  # whatever the environment started and left behind
        reader.join(timeout=5)
        raw = json.loads(Path(result_path).read_text()) if Path(result_path).exists() else {}
    if "import_error" in raw:
        return ChildOutcome(import_error=raw["import_error"])
    if "report" in raw:
        report = EnvReport.from_dict(raw["report"])
    else:  # the child died before its first checkpoint
        report = EnvReport(env=str(getattr(cls, "id", cls.__qualname__)), target=target_of(cls))
    report.isolated = True
    if not raw.get("done"):
        report.elapsed_s = time.perf_counter() - started  # wall, for information
        check, difficulty, seed, what = (watch.last_step + [None] * 4)[:4]
        if hung:
            message = f"no progress for {timeout:g} s while doing: {what} (hung, or far too slow)"
        else:
            tail = " | ".join(line for line in watch.other if line.strip())[-600:]
            message = f"the check process ended early (exit code {process.returncode}) while doing: {what}"
            message += f"; its last output: {tail}" if tail else "; did the environment call os._exit or exit()?"
        report.fail(check if check in report.checks else "metadata", message, difficulty=difficulty, seed=seed)
        for result in report.checks.values():
            if result.status == NOT_RUN and (result.cases or result.failed_cases):
                report.finish(result.name)
    return ChildOutcome(report, raw.get("fingerprints", {}))


def compare_fingerprints(cls: type[Environment], report: EnvReport, theirs: dict[str, str]) -> None:
    """The ``fresh_process`` check: our problems against the ones a child made with another hash seed."""
    if not theirs:
        report.skip("fresh_process", "the other process generated no problem to compare")
        return
    try:
        env = cls()
    except Exception as error:  # noqa: BLE001 - the metadata check reports it in full
        report.fail("fresh_process", f"{cls.__qualname__}() raised {describe_exception(error)}")
        report.finish("fresh_process")
        return
    for key, their_print in sorted(theirs.items()):
        difficulty, seed = (int(part) for part in key.split("/"))
        try:
            ours = fingerprint(env.sample(difficulty, seed))
        except Exception as error:  # noqa: BLE001
            report.fail(
                "fresh_process", f"sample() raised here: {describe_exception(error)}", difficulty=difficulty, seed=seed
            )
            continue
        if ours != their_print:
            report.fail(
                "fresh_process",
                f"a process with PYTHONHASHSEED={child_hash_seed()} generated a different problem: does generation "
                "depend on set or dict order of strings, hash(), id() or the time?",
                difficulty=difficulty,
                seed=seed,
            )
        else:
            report.passed_case("fresh_process")
    report.finish("fresh_process")


def fingerprints_in_child(classes: Sequence[type[Environment]], config: CheckConfig) -> dict[str, dict[str, Any]]:
    """Fingerprints of several classes' problems made by one child process (the non-isolated path)."""
    points = fingerprint_points(config)
    with tempfile.TemporaryDirectory(prefix="rlve-check-") as folder:
        result_path = str(Path(folder) / "result.json")
        job = {
            "mode": "fingerprints",
            "targets": [target_of(c) for c in classes],
            "points": points,
            "result_path": result_path,
        }
        try:
            subprocess.run(
                [sys.executable, "-m", "rlve.testing.worker"],
                input=json.dumps(job),
                text=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env=child_environ(),
                timeout=config.step_timeout(False) * len(points) * max(1, len(classes)),
            )
        except subprocess.TimeoutExpired:
            return {target_of(c): {"error": "the fingerprint process timed out"} for c in classes}
        if not Path(result_path).exists():
            return {target_of(c): {"error": "the fingerprint process failed"} for c in classes}
        return json.loads(Path(result_path).read_text())["results"]


def check_in_process(cls: type[Environment], config: CheckConfig, why: str) -> EnvReport:
    report = EnvironmentChecker(cls, config).run()
    report.warnings.append(f"checked in this process ({why}): a hang would block instead of being reported")
    return report


def check_environments(
    classes: Sequence[type[Environment]],
    config: CheckConfig | None = None,
    *,
    on_report: Callable[[EnvReport], None] | None = None,
) -> list[EnvReport]:
    """Check every class; reports come back in the order of ``classes``."""
    config = config or CheckConfig()
    notify = on_report or (lambda report: None)
    reports: dict[int, EnvReport] = {}
    in_process: list[tuple[int, str]] = []
    isolated: list[int] = []
    for index, cls in enumerate(classes):
        reason = "isolation is off" if not config.isolate else obviously_not_importable(cls)
        (in_process.append((index, reason)) if reason else isolated.append(index))

    def isolated_job(index: int) -> tuple[int, ChildOutcome]:
        return index, run_child(classes[index], config)

    if isolated:
        with ThreadPoolExecutor(config.worker_count(len(isolated))) as pool:
            for index, outcome in pool.map(isolated_job, isolated):
                if outcome.import_error is not None:
                    in_process.append((index, f"another process could not import it: {outcome.import_error}"))
                    continue
                assert outcome.report is not None
                if config.wants("fresh_process"):
                    compare_fingerprints(classes[index], outcome.report, outcome.fingerprints)
                reports[index] = outcome.report
                notify(outcome.report)

    batch = []
    for index, why in sorted(in_process):
        reports[index] = check_in_process(classes[index], config, why)
        if config.wants("fresh_process") and not config.isolate:
            batch.append(index)  # reported once the batch's other process has run
            continue
        if config.wants("fresh_process"):
            reports[index].skip("fresh_process", f"cannot check in another process: {why}")
        notify(reports[index])
    if batch:
        results = fingerprints_in_child([classes[i] for i in batch], config)
        for index in batch:
            result = results.get(target_of(classes[index]), {"error": "missing from the fingerprint run"})
            if "error" in result:
                reports[index].fail("fresh_process", f"the other process could not generate: {result['error']}")
                reports[index].finish("fresh_process")
            else:
                compare_fingerprints(classes[index], reports[index], result["fingerprints"])
            notify(reports[index])
    return [reports[index] for index in range(len(classes))]
